/* Latency of one operation and its completion, from one GPU thread, warp or block of PE 0
 * to PE 1: put + quiet, get, p + quiet, g, fetch_add, add + quiet, compare_swap, and
 * fetch_add8: fetch_add with iteration i on word i % 8 of 8 words 4160 bytes apart (an
 * atomic's latency depends on the L2 slice of its address; nv_atomic has the same). Timed
 * inside the kernel with the global timer, warm-up excluded, so launch costs are not in it.
 * put and get take -b/-e/-f sizes and every scope; the others are 8 bytes, one thread.
 *   mpirun -n 2 perf_latency -o put -s wg -t 256 -b 8 -e 1M */
#define PERF_NAME "perf_latency"
#include "perf_common.h"

enum { OP_PUT, OP_GET, OP_P, OP_G, OP_FADD, OP_ADD, OP_CSWAP, OP_FADD8 };
static const char *const op_list = "put|get|p|g|fetch_add|add|cswap|fetch_add8";
static const char *const op_names[] = { "put", "get", "p", "g", "fetch_add", "add", "cswap",
                                        "fetch_add8" };
#define SPREAD_WORDS 8
#define SPREAD_STRIDE 520   /* longs: 4160 bytes */

static __device__ void one_op(int op, enum perf_scope scope, char *remote, char *local,
                              size_t size, long *word, int pe, long i, long *sink)
{
    int tid = threadIdx.x;

    switch (op) {
    case OP_PUT:
        if (scope == PERF_THREAD)
            rocshmem_putmem(remote, local, size, pe);
        else if (scope == PERF_WAVE)
            rocshmem_putmem_wave(remote, local, size, pe);
        else
            rocshmem_putmem_wg(remote, local, size, pe);
        if (tid == 0)
            rocshmem_quiet();
        break;
    case OP_GET:
        if (scope == PERF_THREAD)
            rocshmem_getmem(local, remote, size, pe);
        else if (scope == PERF_WAVE)
            rocshmem_getmem_wave(local, remote, size, pe);
        else
            rocshmem_getmem_wg(local, remote, size, pe);
        break;
    case OP_P:
        rocshmem_long_p(word, i, pe);
        rocshmem_quiet();
        break;
    case OP_G:
        *sink += rocshmem_long_g(word, pe);
        break;
    case OP_FADD:
        *sink += rocshmem_long_atomic_fetch_add(word, 1, pe);
        break;
    case OP_FADD8:
        *sink += rocshmem_long_atomic_fetch_add(word + (i & (SPREAD_WORDS - 1)) * SPREAD_STRIDE,
                                                1, pe);
        break;
    case OP_ADD:
        rocshmem_long_atomic_add(word, 1, pe);
        rocshmem_quiet();
        break;
    default:
        *sink += rocshmem_long_atomic_compare_swap(word, i, i + 1, pe);
        break;
    }
    if (scope == PERF_WG)
        __syncthreads();
}

/* One kernel per operation, so that each holds only its own code: with the whole switch in
 * one kernel, the registers of the largest case (under the device API's cap of 64) made the
 * small ones spill their loop variables to local memory. */
#define PERF_K_LATENCY(OP)                                                                 \
    __global__ void __launch_bounds__(1024) k_latency_##OP(                                \
        enum perf_scope scope, char *remote, char *local, size_t size, long *word, int pe, \
        int iters, int warmup, uint64_t *ns, long *sink)                                   \
    {                                                                                      \
        uint64_t t0 = 0;                                                                   \
        long s = 0;                                                                        \
                                                                                           \
        for (long i = -warmup; i < iters; i++) {                                           \
            if (i == 0) {                                                                  \
                __syncthreads();                                                           \
                t0 = perf_clock_ns();                                                      \
            }                                                                              \
            one_op(OP, scope, remote, local, size, word, pe, i, &s);                       \
        }                                                                                  \
        __syncthreads();                                                                   \
        if (threadIdx.x == 0) {                                                            \
            *ns = perf_clock_ns() - t0;                                                    \
            *sink = s;                                                                     \
        }                                                                                  \
    }
PERF_K_LATENCY(OP_PUT)
PERF_K_LATENCY(OP_GET)
PERF_K_LATENCY(OP_P)
PERF_K_LATENCY(OP_G)
PERF_K_LATENCY(OP_FADD)
PERF_K_LATENCY(OP_ADD)
PERF_K_LATENCY(OP_CSWAP)
PERF_K_LATENCY(OP_FADD8)
#undef PERF_K_LATENCY
typedef void (*perf_k_latency)(enum perf_scope, char *, char *, size_t, long *, int, int, int,
                               uint64_t *, long *);
static const perf_k_latency k_latency[] = { k_latency_OP_PUT, k_latency_OP_GET, k_latency_OP_P,
                                            k_latency_OP_G, k_latency_OP_FADD, k_latency_OP_ADD,
                                            k_latency_OP_CSWAP, k_latency_OP_FADD8 };

int main(int argc, char **argv)
{
    struct perf_opts o;
    int op, sized;
    char *remote, *local;
    long *word, *sink;
    uint64_t *ns, host_ns;

    perf_parse(argc, argv, &o, op_list, 8, 8);
    for (op = 0; strcmp(op_names[op], o.op); op++)
        ;
    sized = op == OP_PUT || op == OP_GET;
    if (!sized) {
        o.scope = PERF_THREAD;
        o.min = o.max = 8;
    }
    perf_start();
    remote = (char *)rocshmem_malloc(o.max);
    local = (char *)rocshmem_malloc(o.max);
    word = (long *)rocshmem_calloc(SPREAD_WORDS * SPREAD_STRIDE, sizeof(long));
    if (!remote || !local || !word) {
        fprintf(stderr, PERF_NAME ": symmetric allocation of %zu bytes failed\n", o.max);
        return 1;
    }
    PERF_CUDA(cudaMalloc((void **)&ns, sizeof(*ns)));
    PERF_CUDA(cudaMalloc((void **)&sink, sizeof(*sink)));
    perf_path_detect(remote, 1);
    perf_header();
    for (size_t size = o.min; size <= o.max; size = perf_next_size(&o, size)) {
        int threads = o.scope == PERF_THREAD ? 1 : o.scope == PERF_WAVE ? 32 : o.threads;
        perf_sync();
        if (perf_me == 0) {
            k_latency[op]<<<1, threads>>>(o.scope, remote, local, size, word, 1, o.iters,
                                      o.warmup, ns, sink);
            PERF_CUDA(cudaGetLastError());
            PERF_CUDA(cudaDeviceSynchronize());
            PERF_CUDA(cudaMemcpy(&host_ns, ns, sizeof(host_ns), cudaMemcpyDeviceToHost));
            char extra[48];
            snprintf(extra, sizeof(extra), " threads=%d", threads);
            perf_result(op_names[op], o.scope, size, "latency", host_ns / 1e3 / o.iters, "us",
                        extra);
        }
    }
    perf_sync();
    rocshmem_finalize();
    return 0;
}
