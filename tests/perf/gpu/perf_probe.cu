/* Where the time of a small operation goes, on the GPU machine: one GPU thread of PE 0
 * times, in the kernel, the primitives the device API is made of, on PE 1's heap word as PE
 * 0 maps it (-o ipc: device heap) or on PE 0's own host-heap word (-o proxy), next to the
 * library's calls made of them. Each line: nanoseconds per iteration, -n iterations.
 *   mpirun -n 2 perf_probe -o ipc -n 2000 */
#define PERF_NAME "perf_probe"
#include "perf_common.h"

enum { P_LD_PLAIN, P_LD_VOLATILE, P_LD_CG, P_LD_RELAXED_GPU, P_LD_RELAXED_SYS, P_LD_ACQUIRE_SYS,
       P_ST_FENCE_SYS, P_ST_FENCE_GPU, P_ATOM_ADD_SYS, P_ATOM_ADD_GPU, P_FENCE_SYS, P_FENCE_GPU,
       P_ST_FENCE_AR_SYS, P_ST_FENCE_AR_GPU, P_FENCE_AR_SYS, P_FENCE_AR_GPU,
       P_LIB_G, P_LIB_P, P_LIB_QUIET, P_LIB_P_QUIET, P_LIB_FADD, P_LIB_FENCE, P_COUNT };
static const char *const probe_names[P_COUNT] = {
    "ld", "ld.volatile", "ld.global.cg", "ld.relaxed.gpu", "ld.relaxed.sys", "ld.acquire.sys",
    "st+fence.sc.sys", "st+fence.sc.gpu", "atom.add.sys", "atom.add.gpu", "fence.sc.sys",
    "fence.sc.gpu", "st+fence.acq_rel.sys", "st+fence.acq_rel.gpu", "fence.acq_rel.sys",
    "fence.acq_rel.gpu", "rocshmem_long_g", "rocshmem_long_p", "rocshmem_quiet (idle)",
    "rocshmem_long_p+quiet", "rocshmem_long_atomic_fetch_add", "rocshmem_fence" };

static __device__ long probe_one(int which, long *w, long *sym, int pe, long i)
{
    long v = 0;
    switch (which) {
    case P_LD_PLAIN: v = *w; break;
    case P_LD_VOLATILE: v = *(volatile long *)w; break;
    case P_LD_CG: asm volatile("ld.global.cg.u64 %0, [%1];" : "=l"(v) : "l"(w)); break;
    case P_LD_RELAXED_GPU: asm volatile("ld.relaxed.gpu.global.u64 %0, [%1];" : "=l"(v) : "l"(w)); break;
    case P_LD_RELAXED_SYS: asm volatile("ld.relaxed.sys.global.u64 %0, [%1];" : "=l"(v) : "l"(w)); break;
    case P_LD_ACQUIRE_SYS: asm volatile("ld.acquire.sys.global.u64 %0, [%1];" : "=l"(v) : "l"(w)); break;
    case P_ST_FENCE_SYS: *(volatile long *)w = i; asm volatile("fence.sc.sys;" ::: "memory"); break;
    case P_ST_FENCE_GPU: *(volatile long *)w = i; asm volatile("fence.sc.gpu;" ::: "memory"); break;
    case P_ATOM_ADD_SYS: v = (long)atomicAdd_system((unsigned long long *)w, 1ull); break;
    case P_ATOM_ADD_GPU: v = (long)atomicAdd((unsigned long long *)w, 1ull); break;
    case P_FENCE_SYS: asm volatile("fence.sc.sys;" ::: "memory"); break;
    case P_FENCE_GPU: asm volatile("fence.sc.gpu;" ::: "memory"); break;
    case P_ST_FENCE_AR_SYS: *(volatile long *)w = i; asm volatile("fence.acq_rel.sys;" ::: "memory"); break;
    case P_ST_FENCE_AR_GPU: *(volatile long *)w = i; asm volatile("fence.acq_rel.gpu;" ::: "memory"); break;
    case P_FENCE_AR_SYS: asm volatile("fence.acq_rel.sys;" ::: "memory"); break;
    case P_FENCE_AR_GPU: asm volatile("fence.acq_rel.gpu;" ::: "memory"); break;
    case P_LIB_G: v = rocshmem_long_g(sym, pe); break;
    case P_LIB_P: rocshmem_long_p(sym, i, pe); break;
    case P_LIB_QUIET: rocshmem_quiet(); break;
    case P_LIB_P_QUIET: rocshmem_long_p(sym, i, pe); rocshmem_quiet(); break;
    case P_LIB_FADD: v = rocshmem_long_atomic_fetch_add(sym, 1, pe); break;
    default: rocshmem_fence(); break;
    }
    return v;
}

__global__ void k_probe(long *w, long *sym, int pe, int iters, uint64_t *ns, long *sink)
{
    long s = 0;
    for (int which = 0; which < P_COUNT; which++) {
        for (int i = 0; i < 20; i++)
            s += probe_one(which, w, sym, pe, i);
        uint64_t t0 = perf_clock_ns();
        for (int i = 0; i < iters; i++)
            s += probe_one(which, w, sym, pe, i);
        rocshmem_quiet();
        ns[which] = perf_clock_ns() - t0;
    }
    *sink = s;
}

/* A workgroup of 1024 moving 4 KiB to PE 1 per iteration: the meetings alone, a bare copy
 * between them (as NVSHMEM's putmem_nbi_block does it), and the library's _wg calls. */
enum { W_SYNC2, W_COPY, W_PUT_NBI_WG, W_PUT_WG, W_COUNT };
static const char *const wg_names[W_COUNT] = {
    "2x__syncthreads", "sync+copy4K+sync", "rocshmem_putmem_nbi_wg_4K", "rocshmem_putmem_wg_4K" };
#define WG_BYTES 4096

__global__ void __launch_bounds__(1024) k_probe_wg(char *peer_buf, char *sym_buf, const char *src,
                                                   int iters, uint64_t *ns)
{
    for (int which = 0; which < W_COUNT; which++) {
        uint64_t t0 = 0;
        for (int i = -20; i < iters; i++) {
            if (i == 0) {
                __syncthreads();
                t0 = perf_clock_ns();
            }
            switch (which) {
            case W_SYNC2: __syncthreads(); __syncthreads(); break;
            case W_COPY:
                __syncthreads();
                if (threadIdx.x < WG_BYTES / 16)
                    ((uint4 *)peer_buf)[threadIdx.x] = ((const uint4 *)src)[threadIdx.x];
                __syncthreads();
                break;
            case W_PUT_NBI_WG: rocshmem_putmem_nbi_wg(sym_buf, src, WG_BYTES, 1); break;
            default: rocshmem_putmem_wg(sym_buf, src, WG_BYTES, 1); break;
            }
        }
        __syncthreads();
        if (threadIdx.x == 0) {
            rocshmem_quiet();
            ns[which] = perf_clock_ns() - t0;
        }
    }
}

int main(int argc, char **argv)
{
    struct perf_opts o;
    long *sym, *w, *sink;
    uint64_t *ns, host_ns[P_COUNT];

    perf_parse(argc, argv, &o, "ipc|proxy", 8, 8);
    perf_start();
    sym = (long *)rocshmem_calloc(1, sizeof(long));
    if (!sym)
        return 1;
    perf_path_detect(sym, 1);
    /* The word the primitives touch: PE 1's through the mapping, or PE 0's own (a host heap
     * maps no peer). */
    w = (long *)rocshmem_ptr(sym, strcmp(o.op, "ipc") ? perf_me : 1);
    if (!w) {
        fprintf(stderr, PERF_NAME ": no mapping for -o %s\n", o.op);
        return 1;
    }
    PERF_CUDA(cudaMalloc((void **)&ns, sizeof(host_ns)));
    PERF_CUDA(cudaMalloc((void **)&sink, sizeof(*sink)));
    perf_header();
    perf_sync();
    if (perf_me == 0) {
        k_probe<<<1, 1>>>(w, sym, 1, o.iters, ns, sink);
        PERF_CUDA(cudaGetLastError());
        PERF_CUDA(cudaDeviceSynchronize());
        PERF_CUDA(cudaMemcpy(host_ns, ns, sizeof(host_ns), cudaMemcpyDeviceToHost));
        for (int p = 0; p < P_COUNT; p++) {
            char name[48];
            snprintf(name, sizeof(name), "probe:%s", probe_names[p]);
            for (char *c = name; *c; c++)
                if (*c == ' ')
                    *c = '_';
            perf_result(name, PERF_THREAD, 8, "latency", host_ns[p] / 1e3 / o.iters, "us", "");
        }
    }
    perf_sync();
    if (!strcmp(o.op, "ipc")) {
        char *buf = (char *)rocshmem_malloc(WG_BYTES), *src, *peer = (char *)rocshmem_ptr(buf, 1);
        PERF_CUDA(cudaMalloc((void **)&src, WG_BYTES));
        PERF_CUDA(cudaMemset(src, 1, WG_BYTES));
        perf_sync();
        if (perf_me == 0 && buf && peer) {
            k_probe_wg<<<1, 1024>>>(peer, buf, src, o.iters, ns);
            PERF_CUDA(cudaGetLastError());
            PERF_CUDA(cudaDeviceSynchronize());
            PERF_CUDA(cudaMemcpy(host_ns, ns, W_COUNT * sizeof(uint64_t), cudaMemcpyDeviceToHost));
            for (int p = 0; p < W_COUNT; p++) {
                char name[48];
                snprintf(name, sizeof(name), "probe:%s", wg_names[p]);
                perf_result(name, PERF_WG, WG_BYTES, "latency", host_ns[p] / 1e3 / o.iters, "us",
                            "");
            }
        }
        perf_sync();
    }
    rocshmem_finalize();
    return 0;
}
