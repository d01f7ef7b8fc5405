/* NVSHMEM reference for perf_coll: the same collectives on NVSHMEM_TEAM_WORLD, called by
 * one block of -t threads (default 1024) on every PE, back to back -n times after -w
 * warm-up calls in one kernel (launched with nvshmemx_collective_launch), timed with
 * %globaltimer; PE 0's time is reported.
 *   -o barrier             nvshmemx_barrier_block(NVSHMEM_TEAM_WORLD)
 *   -o barrier_all         nvshmemx_barrier_all_block()
 *   -o barrier_all_thread  nvshmem_barrier_all() from one thread (a kernel of one thread)
 *   -o broadcast           nvshmemx_broadcastmem_block, root 0
 *   -o fcollect            nvshmemx_fcollectmem_block
 *   -o alltoall            nvshmemx_alltoallmem_block
 *   -o reduce_int          nvshmemx_int_sum_reduce_block
 *   -o reduce_float        nvshmemx_float_sum_reduce_block
 *   -o reduce_scatter      nvshmemx_int_sum_reducescatter_block
 *   -o all                 each of them in turn
 * Sizes (-b/-e/-f, default 8 B to 64 MiB by 2) are bytes per PE as NVSHMEM's perftest
 * counts them (calculate_collective_size): the message for broadcast and reduce; npes x
 * the per-PE count for fcollect, alltoall and reduce_scatter. Rounded down to whole
 * elements per PE (at least one); a size that rounds to the one before it is skipped.
 * Barriers have no size (size=0). algbw = size / time; busbw (table only) as NVSHMEM's
 * perftest: x 2(n-1)/n reduce, x (n-1)/n fcollect, alltoall, reduce_scatter, x 1 broadcast.
 * Large sizes take at most 256 MiB / size timed calls (at least 5) and at most 2 warm-up
 * calls above 1 MiB, as perf_coll. NVSHMEM's reducescatter takes inputs up to half of
 * NVSHMEM_REDUCE_SCRATCH_SIZE (default 512 KiB, reserved for every team in the symmetric
 * heap): larger sizes are skipped (run_suite.sh raises it, and NVSHMEM_SYMMETRIC_SIZE). Each PE checks a few bytes of its result after every
 * size; a wrong one is reported and the program exits 1 at the end.
 * The table and RESULT lines are perf_coll's with impl=nvshmem (no path key):
 *   RESULT name=<op> scope=<wg|thread> size=<bytes> metric=<latency|bandwidth> value=<v>
 *          unit=<us|GB/s> impl=nvshmem pes=<n> threads=<t> chart=coll-<family>[ layout=..]
 *   NVSHMEM_BOOTSTRAP=MPI mpirun -n 2 nv_coll -o reduce_int -b 8 -e 64M -n 1000 -w 50 */
#include "nv_common.h"

/* coll_driver.h's view of this program: its name and PE, CUDA check and device clock. */
#define COLL_PROG nv_prog
#define COLL_ME nv_me
#define COLL_NPES nv_npes
#define COLL_CUDA NV_CUDA
#define COLL_CLOCK_NS nv_globaltimer
#include "../gpu/coll_driver.h"

static nv_opts_t opts;
static unsigned long long *out;     /* k_coll's time and status */

/* The API each collective calls, in coll_ops' order, for the table header and messages. */
static const char *const coll_api[OP_COUNT] = {
    "nvshmemx_barrier_block(WORLD)",
    "nvshmemx_barrier_all_block",
    "nvshmem_barrier_all, one thread",
    "nvshmemx_broadcastmem_block, root 0",
    "nvshmemx_fcollectmem_block",
    "nvshmemx_alltoallmem_block",
    "nvshmemx_int_sum_reduce_block",
    "nvshmemx_float_sum_reduce_block",
    "nvshmemx_int_sum_reducescatter_block",
};

/* One call by the whole block; count: bytes (mem forms) or elements. */
template <int OP>
static __device__ __forceinline__ int coll_call(void *dst, const void *src, size_t count)
{
    switch (OP) {
    case OP_BARRIER:
        return nvshmemx_barrier_block(NVSHMEM_TEAM_WORLD);
    case OP_BARRIER_ALL:
        nvshmemx_barrier_all_block();
        return 0;
    case OP_BARRIER_ALL_THREAD:
        nvshmem_barrier_all();
        return 0;
    case OP_BROADCAST:
        /* NVSHMEM 3.4's host-side declaration of nvshmemx_broadcastmem_block (what the host
         * pass of nvcc sees) lacks PE_root; the device definition has it, as documented. */
#ifdef __CUDA_ARCH__
        return nvshmemx_broadcastmem_block(NVSHMEM_TEAM_WORLD, dst, src, count, 0);
#else
        return 0;
#endif
    case OP_FCOLLECT:
        return nvshmemx_fcollectmem_block(NVSHMEM_TEAM_WORLD, dst, src, count);
    case OP_ALLTOALL:
        return nvshmemx_alltoallmem_block(NVSHMEM_TEAM_WORLD, dst, src, count);
    case OP_REDUCE_INT:
        return nvshmemx_int_sum_reduce_block(NVSHMEM_TEAM_WORLD, (int *)dst, (const int *)src,
                                             count);
    case OP_REDUCE_FLOAT:
        return nvshmemx_float_sum_reduce_block(NVSHMEM_TEAM_WORLD, (float *)dst,
                                               (const float *)src, count);
    default:
        return nvshmemx_int_sum_reducescatter_block(NVSHMEM_TEAM_WORLD, (int *)dst,
                                                    (const int *)src, count);
    }
}

/* Kernels that call NVSHMEM collectives are launched with nvshmemx_collective_launch. */
static void launch(int op, int threads, void *dst, const void *src, size_t count, int iters,
                   int warmup)
{
    void *args[] = { &dst, (void *)&src, &count, &iters, &warmup, &out };
    const void *fn;

    switch (op) {
    case OP_BARRIER: fn = (const void *)k_coll<OP_BARRIER>; break;
    case OP_BARRIER_ALL: fn = (const void *)k_coll<OP_BARRIER_ALL>; break;
    case OP_BARRIER_ALL_THREAD: fn = (const void *)k_coll<OP_BARRIER_ALL_THREAD>; break;
    case OP_BROADCAST: fn = (const void *)k_coll<OP_BROADCAST>; break;
    case OP_FCOLLECT: fn = (const void *)k_coll<OP_FCOLLECT>; break;
    case OP_ALLTOALL: fn = (const void *)k_coll<OP_ALLTOALL>; break;
    case OP_REDUCE_INT: fn = (const void *)k_coll<OP_REDUCE_INT>; break;
    case OP_REDUCE_FLOAT: fn = (const void *)k_coll<OP_REDUCE_FLOAT>; break;
    default: fn = (const void *)k_coll<OP_REDUCE_SCATTER>; break;
    }
    int rc = nvshmemx_collective_launch(fn, dim3(1), dim3(threads), args, 0, 0);
    if (rc != 0) {
        fprintf(stderr, "%s pe %d: nvshmemx_collective_launch: %d\n", nv_prog, nv_me, rc);
        exit(1);
    }
}

/* NVSHMEM_REDUCE_SCRATCH_SIZE as NVSHMEM reads it (bytes, K/M/G suffixes; 512 KiB default). */
static size_t nv_reduce_scratch(void)
{
    const char *v = getenv("NVSHMEM_REDUCE_SCRATCH_SIZE");
    size_t n;

    return v && !nv_parse_size(v, &n) ? n : 524288;
}

static size_t coll_next_size(size_t size)
{
    return nv_next_size(&opts, size);
}

static void coll_describe(int op, int threads)
{
    printf("# %s: %s, NVSHMEM, %d PEs, one block of %d threads per PE\n", coll_ops[op].opt,
           coll_api[op], nv_npes, threads);
}

static int coll_time(int op, int threads, unsigned char *dst, unsigned char *src, size_t count,
                     size_t bytes, int iters, int warmup, double *us)
{
    int failed;

    /* NVSHMEM asserts when reducescatter's input is over half the per-team scratch
     * (NVSHMEM_REDUCE_SCRATCH_SIZE, default 512 KiB): such sizes are skipped, said so. */
    if (op == OP_REDUCE_SCATTER && bytes > nv_reduce_scratch() / 2) {
        if (nv_me == 0)
            printf("# %zu bytes and up skipped: NVSHMEM's reducescatter takes at most half "
                   "of NVSHMEM_REDUCE_SCRATCH_SIZE (%zu)\n", bytes, nv_reduce_scratch());
        return -1;
    }
    coll_fill(op, dst, src, bytes, count);
    NV_CUDA(cudaDeviceSynchronize());
    nvshmem_barrier_all();
    launch(op, threads, dst, src, count, iters, warmup);
    NV_KERNEL_DONE();
    failed = coll_timed(out, iters, us);
    nvshmem_barrier_all();
    if (failed)
        fprintf(stderr, "%s pe %d: %s returned an error (count %zu)\n", nv_prog, nv_me,
                coll_api[op], count);
    return failed;
}

int main(int argc, char **argv)
{
    struct coll_run run;
    unsigned char *dst, *src;
    size_t bufsize;
    int ops[OP_COUNT], nops, rc, errors = 0;

    nv_parse(argc, argv, &opts, "o:", " [-o " COLL_OP_LIST "]");
    /* perf_coll's defaults where -b, -e or -t is not given: 8 B to 64 MiB, 1024 threads. */
    {
        int i, set_b = 0, set_e = 0, set_t = 0;
        for (i = 1; i < argc; i++) {
            set_b |= !strncmp(argv[i], "-b", 2);
            set_e |= !strncmp(argv[i], "-e", 2);
            set_t |= !strncmp(argv[i], "-t", 2);
        }
        if (!set_e)
            opts.max_size = (size_t)64 << 20;
        if (!set_b)
            opts.min_size = 8;
        if (!set_t)
            opts.threads = 1024;
    }
    if (opts.threads % 32) {
        fprintf(stderr, "%s: -t %d: a block of whole warps (a multiple of 32)\n", nv_prog,
                opts.threads);
        return 2;
    }
    nops = coll_pick(COLL_OP_LIST, opts.op, ops);
    /* coll_pick takes a name it does not know for all of them; here that is a mistake. */
    if (opts.op && strcmp(opts.op, "all") && nops != 1) {
        fprintf(stderr, "%s: -o %s: not a collective of this program\n", nv_prog, opts.op);
        return 2;
    }

    rc = nv_start();
    if (rc)
        return rc;
    bufsize = coll_bufsize(opts.max_size);
    dst = (unsigned char *)nvshmem_malloc(bufsize);
    src = (unsigned char *)nvshmem_malloc(bufsize);
    if (!dst || !src) {
        fprintf(stderr, "%s pe %d: nvshmem_malloc(%zu) failed (raise NVSHMEM_SYMMETRIC_SIZE)\n",
                nv_prog, nv_me, bufsize);
        nvshmem_global_exit(1);
    }
    NV_CUDA(cudaMalloc((void **)&out, 2 * sizeof(*out)));
    run = (struct coll_run){ opts.min_size, opts.max_size, opts.iters, opts.warmup, opts.threads,
                             "nvshmem", NULL, NULL };
    for (int i = 0; i < nops; i++)
        errors += coll_sweep(ops[i], &run, dst, src);
    NV_CUDA(cudaFree(out));
    nvshmem_free(src);
    nvshmem_free(dst);
    nv_finish();
    if (errors)
        fprintf(stderr, "%s pe %d: %d wrong results\n", nv_prog, nv_me, errors);
    return errors ? 1 : 0;
}
