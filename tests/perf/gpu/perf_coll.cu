/* Latency (and, for the collectives that move data, bandwidth) of the collectives on
 * ROCSHMEM_TEAM_WORLD, called by one workgroup (block) of -t threads (default 1024) on every
 * PE, back to back -n times after -w warm-up calls in one kernel, timed with the global
 * timer as perf_latency does (launch costs are not in it). PE 0's time is reported.
 *   -o barrier             rocshmem_barrier_wg(ROCSHMEM_TEAM_WORLD)
 *   -o barrier_all         rocshmem_barrier_all_wg()
 *   -o barrier_all_thread  rocshmem_barrier_all() from one thread (a kernel of one thread)
 *   -o broadcast           rocshmem_ctx_broadcastmem_wg, root 0
 *   -o fcollect            rocshmem_ctx_fcollectmem_wg
 *   -o alltoall            rocshmem_ctx_alltoallmem_wg
 *   -o reduce_int          rocshmem_ctx_int_sum_reduce_wg
 *   -o reduce_float        rocshmem_ctx_float_sum_reduce_wg
 *   -o reduce_scatter      rocshmem_ctx_int_sum_reduce_scatter_wg
 *   -o all                 each of them in turn
 * Sizes (-b/-e/-f, default 8 B to 64 MiB by 2) are bytes per PE as NVSHMEM's perftest
 * counts them: the message for broadcast and reduce; the whole gathered output for fcollect
 * (npes x each PE's contribution); the whole send buffer for alltoall (npes blocks); the
 * whole input for reduce_scatter (npes x what each PE gets). A size is rounded down to a
 * whole number of elements per PE (at least one), and a size that rounds to the one before
 * it is skipped. Barriers have no size (size=0). Bandwidth: algbw = size / time, as
 * NVSHMEM's perftest; busbw (table only) = algbw x 2(n-1)/n for reduce, (n-1)/n for
 * fcollect, alltoall and reduce_scatter, 1 for broadcast.
 * Large sizes take fewer calls so that a run stays short: at most 256 MiB / size timed
 * calls (at least 5) and at most 2 warm-up calls above 1 MiB.
 * After each size every PE checks a few bytes of its result (a benchmark, not a test: a
 * wrong result is reported, and the program exits 1 at the end).
 * RESULT lines as perf_common.h's, with threads=T chart=coll-<family> (plot.py draws one
 * chart per family).
 *   mpirun -n 2 perf_coll -o reduce_int -b 8 -e 64M -n 1000 -w 50 */
#define PERF_NAME "perf_coll"
#include "perf_common.h"

/* coll_driver.h's view of this program: its name and PE, CUDA check and device clock. */
#define COLL_PROG PERF_NAME
#define COLL_ME perf_me
#define COLL_NPES perf_npes
#define COLL_CUDA PERF_CUDA
#define COLL_CLOCK_NS perf_clock_ns
#include "coll_driver.h"

static struct perf_opts opts;
static unsigned long long *out;     /* k_coll's time and status */

/* The API each collective calls, in coll_ops' order, for the table header and messages. */
static const char *const coll_api[OP_COUNT] = {
    "rocshmem_barrier_wg(WORLD)",
    "rocshmem_barrier_all_wg",
    "rocshmem_barrier_all, one thread",
    "rocshmem_ctx_broadcastmem_wg, root 0",
    "rocshmem_ctx_fcollectmem_wg",
    "rocshmem_ctx_alltoallmem_wg",
    "rocshmem_ctx_int_sum_reduce_wg",
    "rocshmem_ctx_float_sum_reduce_wg",
    "rocshmem_ctx_int_sum_reduce_scatter_wg",
};

/* One call of the collective OP by the whole block; count: bytes (mem forms) or elements. */
template <int OP>
static __device__ __forceinline__ int coll_call(void *dst, const void *src, size_t count)
{
    rocshmem_ctx_t ctx = ROCSHMEM_CTX_DEFAULT;
    rocshmem_team_t team = ROCSHMEM_TEAM_WORLD;

    switch (OP) {
    case OP_BARRIER:
        rocshmem_barrier_wg(team);
        return 0;
    case OP_BARRIER_ALL:
        rocshmem_barrier_all_wg();
        return 0;
    case OP_BARRIER_ALL_THREAD:
        rocshmem_barrier_all();
        return 0;
    case OP_BROADCAST:
        rocshmem_ctx_broadcastmem_wg(ctx, team, dst, src, count, 0);
        return 0;
    case OP_FCOLLECT:
        rocshmem_ctx_fcollectmem_wg(ctx, team, dst, src, count);
        return 0;
    case OP_ALLTOALL:
        rocshmem_ctx_alltoallmem_wg(ctx, team, dst, src, count);
        return 0;
    case OP_REDUCE_INT:
        return rocshmem_ctx_int_sum_reduce_wg(ctx, team, (int *)dst, (const int *)src, (int)count);
    case OP_REDUCE_FLOAT:
        return rocshmem_ctx_float_sum_reduce_wg(ctx, team, (float *)dst, (const float *)src,
                                                (int)count);
    default:
        return rocshmem_ctx_int_sum_reduce_scatter_wg(ctx, team, (int *)dst, (const int *)src,
                                                      (int)count);
    }
}

static void launch(int op, int threads, void *dst, const void *src, size_t count, int iters,
                   int warmup)
{
#define COLL_LAUNCH(OP)                                                                    \
    case OP:                                                                               \
        k_coll<OP><<<1, threads>>>(dst, src, count, iters, warmup, out);                   \
        break;
    switch (op) {
    COLL_LAUNCH(OP_BARRIER)
    COLL_LAUNCH(OP_BARRIER_ALL)
    COLL_LAUNCH(OP_BARRIER_ALL_THREAD)
    COLL_LAUNCH(OP_BROADCAST)
    COLL_LAUNCH(OP_FCOLLECT)
    COLL_LAUNCH(OP_ALLTOALL)
    COLL_LAUNCH(OP_REDUCE_INT)
    COLL_LAUNCH(OP_REDUCE_FLOAT)
    COLL_LAUNCH(OP_REDUCE_SCATTER)
    }
#undef COLL_LAUNCH
}

static size_t coll_next_size(size_t size)
{
    return perf_next_size(&opts, size);
}

static void coll_describe(int op, int threads)
{
    printf("# %s: %s, path %s, %d PEs, one block of %d threads per PE\n", coll_ops[op].opt,
           coll_api[op], perf_path, perf_npes, threads);
}

static int coll_time(int op, int threads, unsigned char *dst, unsigned char *src, size_t count,
                     size_t bytes, int iters, int warmup, double *us)
{
    int failed;

    coll_fill(op, dst, src, bytes, count);
    perf_sync();
    launch(op, threads, dst, src, count, iters, warmup);
    PERF_CUDA(cudaGetLastError());
    PERF_CUDA(cudaDeviceSynchronize());
    failed = coll_timed(out, iters, us);
    perf_sync();
    if (failed)
        fprintf(stderr, PERF_NAME " pe %d: %s refused its arguments (count %zu)\n", perf_me,
                coll_api[op], count);
    return failed;
}

int main(int argc, char **argv)
{
    struct coll_run run;
    unsigned char *dst, *src;
    size_t bufsize;
    int ops[OP_COUNT], nops, errors = 0;

    perf_parse(argc, argv, &opts, COLL_OP_LIST, 8, 64 << 20);
    if (opts.threads == 1)
        opts.threads = 1024;
    if (opts.threads % 32) {
        fprintf(stderr, PERF_NAME ": -t %d: a workgroup is whole warps (a multiple of 32)\n",
                opts.threads);
        return 2;
    }
    nops = coll_pick(COLL_OP_LIST, opts.op, ops);
    perf_start();
    bufsize = coll_bufsize(opts.max);
    dst = (unsigned char *)rocshmem_malloc(bufsize);
    src = (unsigned char *)rocshmem_malloc(bufsize);
    if (!dst || !src) {
        fprintf(stderr, PERF_NAME ": symmetric allocation of 2 x %zu bytes failed (raise "
                "ROCSHMEM_HEAP_SIZE)\n", bufsize);
        return 1;
    }
    PERF_CUDA(cudaMalloc((void **)&out, 2 * sizeof(*out)));
    perf_path_detect(dst, (perf_me + 1) % perf_npes);
    run = (struct coll_run){ opts.min, opts.max, opts.iters, opts.warmup, opts.threads,
                             perf_impl, perf_path, NULL };
    for (int i = 0; i < nops; i++)
        errors += coll_sweep(ops[i], &run, dst, src);
    perf_sync();
    rocshmem_free(src);
    rocshmem_free(dst);
    rocshmem_finalize();
    if (errors)
        fprintf(stderr, PERF_NAME " pe %d: %d wrong results\n", perf_me, errors);
    return errors ? 1 : 0;
}
