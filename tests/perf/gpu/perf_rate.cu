/* Message rate: -c blocks of -t threads, each thread posting -n operations to PE 1 (with
 * -B, both PEs at once) on words of its own, then one quiet per thread: nbi p of a long,
 * add (non-fetching), fetch_add or compare_swap (each waits for its result). Timed with
 * CUDA events after a warm-up launch; Mops/s = operations per microsecond from this PE.
 * With ROCSHMEM_RO_TRANSPORT=null and a host heap this is the ring and the proxy alone.
 *   mpirun -n 2 perf_rate -o p -c 64 -t 256 -n 64 */
#define PERF_NAME "perf_rate"
#include "perf_common.h"

enum { OP_P, OP_ADD, OP_FADD, OP_CSWAP };

__global__ void __launch_bounds__(1024) k_rate(int op, long *words, size_t nwords, int pe, int iters, long *sink)
{
    size_t t = (size_t)blockIdx.x * blockDim.x + threadIdx.x, n = (size_t)gridDim.x * blockDim.x;
    long s = 0;

    for (int i = 0; i < iters; i++) {
        long *w = &words[(t + (size_t)i * n) % nwords];
        if (op == OP_P)
            rocshmem_long_p(w, i, pe);
        else if (op == OP_ADD)
            rocshmem_long_atomic_add(w, 1, pe);
        else if (op == OP_FADD)
            s += rocshmem_long_atomic_fetch_add(w, 1, pe);
        else
            s += rocshmem_long_atomic_compare_swap(w, i, i + 1, pe);
    }
    rocshmem_quiet();
    if (s == 42)
        *sink = s;
}

int main(int argc, char **argv)
{
    static const char *const ops[] = { "p", "add", "fetch_add", "cswap" };
    struct perf_opts o;
    int op = 0, sender;
    size_t nwords;
    long *words, *sink;
    cudaEvent_t a, b;
    float ms;

    perf_parse(argc, argv, &o, "p|add|fetch_add|cswap", 8, 8);
    while (strcmp(ops[op], o.op))
        op++;
    if (o.threads == 1 && o.blocks == 1) {
        o.blocks = 64;
        o.threads = 256;
    }
    perf_start();
    nwords = (size_t)o.blocks * o.threads * (o.iters < 16 ? o.iters : 16);
    words = (long *)rocshmem_calloc(nwords, sizeof(long));
    if (!words) {
        fprintf(stderr, PERF_NAME ": symmetric allocation failed\n");
        return 1;
    }
    PERF_CUDA(cudaMalloc((void **)&sink, sizeof(*sink)));
    PERF_CUDA(cudaEventCreate(&a));
    PERF_CUDA(cudaEventCreate(&b));
    perf_path_detect(words, (perf_me + 1) % perf_npes);
    perf_header();
    sender = perf_me == 0 || o.bidir;
    perf_sync();
    if (sender) {
        int peer = (perf_me + 1) % perf_npes;
        k_rate<<<o.blocks, o.threads>>>(op, words, nwords, peer, o.warmup < o.iters ? o.warmup + 1 : o.iters, sink);
        PERF_CUDA(cudaGetLastError());
        PERF_CUDA(cudaDeviceSynchronize());
    }
    perf_sync();
    if (sender) {
        PERF_CUDA(cudaEventRecord(a));
        k_rate<<<o.blocks, o.threads>>>(op, words, nwords, (perf_me + 1) % perf_npes, o.iters,
                                        sink);
        PERF_CUDA(cudaEventRecord(b));
        PERF_CUDA(cudaEventSynchronize(b));
        PERF_CUDA(cudaEventElapsedTime(&ms, a, b));
    }
    perf_sync();
    if (sender) {
        char extra[80];
        double total = (double)o.blocks * o.threads * o.iters;
        snprintf(extra, sizeof(extra), " blocks=%d threads=%d bidir=%d pe=%d", o.blocks,
                 o.threads, o.bidir, perf_me);
        perf_result(o.op, PERF_THREAD, 8, "rate", total / (ms * 1e3), "Mops/s", extra);
    }
    perf_sync();
    rocshmem_finalize();
    return 0;
}
