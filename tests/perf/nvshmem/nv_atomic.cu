/* NVSHMEM reference: atomics from PE 0 to PE 1.
 *   fetch_add_latency: one thread, ITERS nvshmem_long_atomic_fetch_add after WARMUP
 *                      untimed ones, timed in the kernel with %globaltimer; us each, size 8.
 *   fetch_add8:        the same, iteration i on word i % 8 of 8 words 4160 bytes apart: an
 *                      atomic's latency depends on the L2 slice its address maps to (a
 *                      probe on an H100 found two levels), so one word measures one slice.
 *   add_rate:          BLOCKS x THREADS threads, each ITERS nvshmem_long_atomic_add, then
 *                      a quiet per block (after __syncthreads, thread 0); timed with
 *                      cudaEvents around the launch (a WARMUP-iteration launch first);
 *                      Mops/s = BLOCKS * THREADS * ITERS / time, size 8.
 * PE 1 checks its counters afterwards; a wrong count is reported on stderr and the
 * program exits 1. */
#include "nv_common.h"

#define SPREAD_WORDS 8
#define SPREAD_STRIDE 520   /* longs: 4160 bytes */
/* Iteration i on word i & mask (0: one word; SPREAD_WORDS - 1: fetch_add8's words). */
__global__ void fadd_lat_kernel(long *ctr, int mask, int peer, int warmup, int iters,
                                unsigned long long *out)
{
    unsigned long long t0 = 0;
    long acc = 0;
    int total = warmup + iters, i;

    for (i = 0; i < total; i++) {
        if (i == warmup)
            t0 = nv_globaltimer();
        acc += nvshmem_long_atomic_fetch_add(ctr + (i & mask) * SPREAD_STRIDE, 1, peer);
    }
    out[0] = nv_globaltimer() - t0;
    out[1] = (unsigned long long)acc;
}

__global__ void add_rate_kernel(long *ctr, int peer, int iters)
{
    int i;

    for (i = 0; i < iters; i++)
        nvshmem_long_atomic_add(ctr, 1, peer);
    __syncthreads();
    if (threadIdx.x == 0)
        nvshmem_quiet();
}

/* PE 1 compares its counter with what it should hold; returns 1 on a mismatch. */
static int check_counter(const long *ctr, long want, const char *what)
{
    long got = 0;

    if (nv_me != 1)
        return 0;
    NV_CUDA(cudaMemcpy(&got, ctr, sizeof got, cudaMemcpyDeviceToHost));
    if (got != want) {
        fprintf(stderr, "%s pe 1: %s counter is %ld, expected %ld\n", nv_prog, what, got,
                want);
        return 1;
    }
    return 0;
}

/* fetch_add latency on words[(i & mask) * SPREAD_STRIDE], reported as `name`; PE 1 then
 * checks each word's count. Returns 1 on a wrong count. */
static int fadd_latency(const nv_opts_t *o, long *words, int mask, unsigned long long *d_out,
                        const char *name)
{
    unsigned long long h_out[2];
    long total = (long)o->warmup + o->iters, nwords = mask + 1;
    int bad = 0;

    if (nv_me == 0) {
        fadd_lat_kernel<<<1, 1>>>(words, mask, 1, o->warmup, o->iters, d_out);
        NV_KERNEL_DONE();
        NV_CUDA(cudaMemcpy(h_out, d_out, sizeof h_out, cudaMemcpyDeviceToHost));
        nv_result(name, "thread", sizeof(long), "latency", (double)h_out[0] / 1e3 / o->iters,
                  "us", NULL);
    }
    nvshmem_barrier_all();
    for (long k = 0; k < nwords; k++)
        bad |= check_counter(&words[k * SPREAD_STRIDE], total / nwords + (k < total % nwords),
                             name);
    return bad;
}

int main(int argc, char **argv)
{
    nv_opts_t o;
    int rc, bad = 0;
    long *ctr;
    unsigned long long *d_out;
    cudaEvent_t start, stop;
    double total_ops;

    nv_parse(argc, argv, &o, "", "");
    rc = nv_start();
    if (rc)
        return rc;

    /* ctr[0]: fetch_add, ctr[1]: add, then fetch_add8's words. */
    ctr = (long *)nvshmem_malloc((2 + SPREAD_WORDS * SPREAD_STRIDE) * sizeof *ctr);
    if (!ctr) {
        fprintf(stderr, "%s pe %d: nvshmem_malloc failed\n", nv_prog, nv_me);
        nvshmem_global_exit(1);
    }
    NV_CUDA(cudaMemset(ctr, 0, (2 + SPREAD_WORDS * SPREAD_STRIDE) * sizeof *ctr));
    NV_CUDA(cudaMalloc((void **)&d_out, 2 * sizeof *d_out));
    NV_CUDA(cudaEventCreate(&start));
    NV_CUDA(cudaEventCreate(&stop));
    NV_CUDA(cudaDeviceSynchronize());
    nvshmem_barrier_all();
    nv_print_header();

    bad |= fadd_latency(&o, &ctr[0], 0, d_out, "fetch_add");
    bad |= fadd_latency(&o, &ctr[2], SPREAD_WORDS - 1, d_out, "fetch_add8");

    /* add rate, on ctr[1] */
    if (nv_me == 0) {
        float ms = 0;

        if (o.warmup > 0) {
            add_rate_kernel<<<o.blocks, o.threads>>>(&ctr[1], 1, o.warmup);
            NV_KERNEL_DONE();
        }
        NV_CUDA(cudaEventRecord(start, 0));
        add_rate_kernel<<<o.blocks, o.threads>>>(&ctr[1], 1, o.iters);
        NV_CUDA(cudaGetLastError());
        NV_CUDA(cudaEventRecord(stop, 0));
        NV_CUDA(cudaEventSynchronize(stop));
        NV_KERNEL_DONE();
        NV_CUDA(cudaEventElapsedTime(&ms, start, stop));
        total_ops = (double)o.blocks * o.threads * o.iters;
        nv_result("add", "thread", sizeof(long), "rate",
                  ms > 0 ? total_ops / (ms * 1e3) : 0, "Mops/s", NULL);
    }
    nvshmem_barrier_all();
    bad |= check_counter(&ctr[1], (long)o.blocks * o.threads * ((long)o.warmup + o.iters),
                         "add");

    NV_CUDA(cudaEventDestroy(stop));
    NV_CUDA(cudaEventDestroy(start));
    NV_CUDA(cudaFree(d_out));
    nvshmem_free(ctr);
    nv_finish();
    return bad;
}
