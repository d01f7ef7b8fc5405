/* The floor under the proxy path, with no library code: one GPU thread writes a 64-byte
 * descriptor (sequence word last) into host-pinned memory and spins until a host thread,
 * which polls for it, writes a flag back. Reports the round trip (one process, no PEs) for
 * ways of publishing the sequence word: a release store; a release store and a
 * system-scope fence after it, as ro_gpu_post does (does a fence make the store leave
 * sooner?); a release exchange (an atomic is performed at the memory, here the host's);
 * a fence and an MMIO store (uncached, performed once).
 *   perf_floor [-n ITERS] [-w WARMUP] */
#define PERF_NAME "perf_floor"
#include "perf_common.h"

struct floor_desc {
    uint64_t words[7];
    uint64_t seq;
};

enum { PUB_RELEASE, PUB_RELEASE_FENCE, PUB_XCHG_RELEASE, PUB_FENCE_MMIO, PUB_COUNT };
static const char *const pub_names[PUB_COUNT] = { "floor_roundtrip", "floor_roundtrip+fence",
                                                  "floor_roundtrip_xchg",
                                                  "floor_roundtrip_mmio" };

__global__ void k_floor(struct floor_desc *d, volatile uint64_t *flag, int iters, int warmup,
                        int pub, uint64_t *ns)
{
    uint64_t t0 = 0;

    for (uint64_t i = 1; i <= (uint64_t)(warmup + iters); i++) {
        if (i == (uint64_t)warmup + 1)
            t0 = perf_clock_ns();
        for (int w = 0; w < 7; w++)
            ((volatile uint64_t *)d->words)[w] = i + w;
        if (pub == PUB_XCHG_RELEASE) {
            uint64_t old;
            asm volatile("atom.release.sys.global.exch.b64 %0, [%1], %2;"
                         : "=l"(old) : "l"(&d->seq), "l"(i) : "memory");
            (void)old;
        } else if (pub == PUB_FENCE_MMIO) {
            asm volatile("fence.sc.sys;\n\tst.mmio.relaxed.sys.global.u64 [%0], %1;"
                         : : "l"(&d->seq), "l"(i) : "memory");
        } else {
            asm volatile("st.release.sys.u64 [%0], %1;" : : "l"(&d->seq), "l"(i) : "memory");
            if (pub == PUB_RELEASE_FENCE)
                __threadfence_system();
        }
        while (*flag != i)
            ;
    }
    *ns = perf_clock_ns() - t0;
}

int main(int argc, char **argv)
{
    struct perf_opts o;
    struct floor_desc *d;
    uint64_t *flag, *ns, host_ns;

    perf_parse(argc, argv, &o, "roundtrip", 64, 64);
    o.iters = o.iters < 10 ? 10 : o.iters;
    perf_npes = 1;
    perf_impl = "floor";
    snprintf(perf_path, sizeof(perf_path), "pcie");
    PERF_CUDA(cudaHostAlloc((void **)&d, sizeof(*d), cudaHostAllocMapped));
    PERF_CUDA(cudaHostAlloc((void **)&flag, sizeof(*flag), cudaHostAllocMapped));
    PERF_CUDA(cudaMalloc((void **)&ns, sizeof(*ns)));
    perf_header();
    for (int pub = 0; pub < PUB_COUNT; pub++) {
        memset(d, 0, sizeof(*d));
        *flag = 0;
        k_floor<<<1, 1>>>(d, flag, o.iters, o.warmup, pub, ns);
        PERF_CUDA(cudaGetLastError());
        for (uint64_t i = 1; i <= (uint64_t)(o.warmup + o.iters); i++) {
            while (__atomic_load_n(&d->seq, __ATOMIC_ACQUIRE) != i)
                ;
            __atomic_store_n(flag, i, __ATOMIC_RELEASE);
        }
        PERF_CUDA(cudaDeviceSynchronize());
        PERF_CUDA(cudaMemcpy(&host_ns, ns, sizeof(host_ns), cudaMemcpyDeviceToHost));
        perf_result(pub_names[pub], PERF_THREAD, 64, "latency", host_ns / 1e3 / o.iters, "us",
                    "");
    }
    return 0;
}
