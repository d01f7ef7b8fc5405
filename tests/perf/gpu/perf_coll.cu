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

enum {
    OP_BARRIER, OP_BARRIER_ALL, OP_BARRIER_ALL_THREAD, OP_BROADCAST, OP_FCOLLECT, OP_ALLTOALL,
    OP_REDUCE_INT, OP_REDUCE_FLOAT, OP_REDUCE_SCATTER, OP_COUNT
};
static const char *const op_list = "barrier|barrier_all|barrier_all_thread|broadcast|fcollect|"
                                   "alltoall|reduce_int|reduce_float|reduce_scatter|all";
/* -o name, RESULT name, chart family, element size (0: no data), API called */
static const struct coll_op {
    const char *opt, *name, *family;
    int elem;
    const char *api;
} coll_ops[OP_COUNT] = {
    { "barrier", "barrier", "barrier", 0, "rocshmem_barrier_wg(WORLD)" },
    { "barrier_all", "barrier_all", "barrier", 0, "rocshmem_barrier_all_wg" },
    { "barrier_all_thread", "barrier_all", "barrier", 0, "rocshmem_barrier_all, one thread" },
    { "broadcast", "broadcast", "broadcast", 1, "rocshmem_ctx_broadcastmem_wg, root 0" },
    { "fcollect", "fcollect", "fcollect", 1, "rocshmem_ctx_fcollectmem_wg" },
    { "alltoall", "alltoall", "alltoall", 1, "rocshmem_ctx_alltoallmem_wg" },
    { "reduce_int", "reduce_int_sum", "reduce", 4, "rocshmem_ctx_int_sum_reduce_wg" },
    { "reduce_float", "reduce_float_sum", "reduce", 4, "rocshmem_ctx_float_sum_reduce_wg" },
    { "reduce_scatter", "reduce_scatter_int_sum", "reduce_scatter", 4,
      "rocshmem_ctx_int_sum_reduce_scatter_wg" },
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

/* One kernel per collective, so that each is compiled (and inlined) alone. out[0]: ns of
 * the timed calls; out[1]: nonzero when a reduction refused its arguments. */
template <int OP>
__global__ void __launch_bounds__(1024) k_coll(void *dst, const void *src, size_t count,
                                               int iters, int warmup, uint64_t *out)
{
    uint64_t t0 = 0;
    int rc = 0;

    for (int i = -warmup; i < iters; i++) {
        if (i == 0) {
            __syncthreads();
            t0 = perf_clock_ns();
        }
        rc |= coll_call<OP>(dst, src, count);
    }
    __syncthreads();
    if (threadIdx.x == 0) {
        out[0] = perf_clock_ns() - t0;
        out[1] = (uint64_t)rc;
    }
}

static void launch(int op, int threads, void *dst, const void *src, size_t count, int iters,
                   int warmup, uint64_t *out)
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

/* The count the API takes for a requested SIZE (bytes or elements, at least 1) and the
 * bytes per PE it stands for, as NVSHMEM's perftest counts them. */
static size_t coll_count(int op, size_t size, int npes, size_t *bytes)
{
    size_t count;

    switch (op) {
    case OP_BROADCAST:
        count = size;
        *bytes = count;
        break;
    case OP_FCOLLECT:
    case OP_ALLTOALL:
        count = size / npes ? size / npes : 1;
        *bytes = count * npes;
        break;
    case OP_REDUCE_INT:
    case OP_REDUCE_FLOAT:
        count = size / 4 ? size / 4 : 1;
        *bytes = count * 4;
        break;
    case OP_REDUCE_SCATTER:
        count = size / (4 * (size_t)npes) ? size / (4 * (size_t)npes) : 1;
        *bytes = count * 4 * npes;
        break;
    default:
        count = 0;
        *bytes = 0;
    }
    return count;
}

static double busbw_factor(int op, int npes)
{
    if (op == OP_REDUCE_INT || op == OP_REDUCE_FLOAT)
        return 2.0 * (npes - 1) / npes;
    if (op == OP_BROADCAST)
        return 1.0;
    return (double)(npes - 1) / npes;
}

/* The heap may be host memory (the proxy path): buffers are written by kernels and read
 * back with cudaMemcpyDefault. */
__global__ void k_zero(unsigned char *p, size_t n)
{
    for (size_t k = blockIdx.x * (size_t)blockDim.x + threadIdx.x; k < n;
         k += (size_t)gridDim.x * blockDim.x)
        p[k] = 0;
}

/* Source contents. Words of 4 bytes for the reductions (int 1 or float 1.0 on every PE: the
 * sum is npes everywhere); bytes for the others: alltoall block j of PE i holds
 * i * 16 + j + 1, fcollect and broadcast PE i holds i + 1 (broadcast's root 0: 1). */
__global__ void k_fill(int op, unsigned char *src, size_t count, int me, int npes)
{
    size_t n = op == OP_ALLTOALL ? count * npes : count;

    for (size_t k = blockIdx.x * (size_t)blockDim.x + threadIdx.x; k < n;
         k += (size_t)gridDim.x * blockDim.x) {
        if (op == OP_REDUCE_FLOAT)
            ((float *)src)[k] = 1.0f;
        else if (op == OP_REDUCE_INT)
            ((int *)src)[k] = 1;
        else if (op == OP_REDUCE_SCATTER)
            for (int b = 0; b < npes; b++)
                ((int *)src)[b * count + k] = 1;
        else if (op == OP_ALLTOALL)
            src[k] = (unsigned char)(me * 16 + k / count + 1);
        else
            src[k] = (unsigned char)(me + 1);
    }
}

static unsigned char byte_at(const unsigned char *p)
{
    unsigned char v;
    PERF_CUDA(cudaMemcpy(&v, p, 1, cudaMemcpyDefault));
    return v;
}

static float word_at(const void *p, int as_float)
{
    union { int i; float f; } v;
    PERF_CUDA(cudaMemcpy(&v, p, 4, cudaMemcpyDefault));
    return as_float ? v.f : (float)v.i;
}

/* The first and last element of every block of this PE's result; 0 if they are right (the
 * broadcast root's dest is not looked at). */
static int coll_check(int op, const unsigned char *dst, size_t count)
{
    int bad = 0;

    switch (op) {
    case OP_BROADCAST:
        bad = perf_me != 0 && (byte_at(dst) != 1 || byte_at(dst + count - 1) != 1);
        break;
    case OP_FCOLLECT:
        for (int i = 0; i < perf_npes; i++)
            bad |= byte_at(dst + i * count) != i + 1 || byte_at(dst + (i + 1) * count - 1) != i + 1;
        break;
    case OP_ALLTOALL:
        for (int i = 0; i < perf_npes; i++) {
            unsigned char want = (unsigned char)(i * 16 + perf_me + 1);
            bad |= byte_at(dst + i * count) != want || byte_at(dst + (i + 1) * count - 1) != want;
        }
        break;
    case OP_REDUCE_INT:
    case OP_REDUCE_FLOAT:
    case OP_REDUCE_SCATTER:
        bad = word_at(dst, op == OP_REDUCE_FLOAT) != (float)perf_npes ||
              word_at(dst + (count - 1) * 4, op == OP_REDUCE_FLOAT) != (float)perf_npes;
        break;
    }
    return bad;
}

static void coll_header(int op, int threads)
{
    if (perf_me != 0)
        return;
    printf("# %s: %s, path %s, %d PEs, one block of %d threads per PE\n", coll_ops[op].opt,
           coll_ops[op].api, perf_path, perf_npes, threads);
    if (coll_ops[op].elem)
        printf("# bytes: per PE, as NVSHMEM's perftest counts them (%s)\n",
               op == OP_BROADCAST ? "the message"
               : op == OP_FCOLLECT ? "the gathered output: npes x each PE's contribution"
               : op == OP_ALLTOALL ? "the whole send buffer: npes blocks"
               : op == OP_REDUCE_SCATTER ? "the whole input: npes x what each PE gets"
                                         : "the reduced array");
    printf("%-24s %-7s %-14s %4s %12s %10s %6s %12s %12s %12s\n", "name", "scope", "path", "pes",
           "bytes", "count", "iters", "latency(us)", "algbw(GB/s)", "busbw(GB/s)");
}

/* A table row and the RESULT lines (latency; bandwidth where data moves). */
static void coll_result(int op, enum perf_scope scope, int threads, size_t bytes, size_t count,
                        int iters, double us)
{
    const char *layout = getenv("PERF_LAYOUT");
    const char *name = coll_ops[op].name;
    double gbs = us > 0 ? bytes / (us * 1e3) : 0;

    if (perf_me != 0)
        return;
    if (coll_ops[op].elem)
        printf("%-24s %-7s %-14s %4d %12zu %10zu %6d %12.3f %12.3f %12.3f\n", name,
               perf_scope_names[scope], perf_path, perf_npes, bytes, count, iters, us, gbs,
               gbs * busbw_factor(op, perf_npes));
    else
        printf("%-24s %-7s %-14s %4d %12zu %10s %6d %12.3f %12s %12s\n", name,
               perf_scope_names[scope], perf_path, perf_npes, bytes, "-", iters, us, "-", "-");
    for (int bw = 0; bw <= (coll_ops[op].elem != 0); bw++)
        printf("RESULT name=%s scope=%s size=%zu metric=%s value=%.4f unit=%s impl=%s path=%s "
               "pes=%d threads=%d chart=coll-%s%s%s\n", name, perf_scope_names[scope], bytes,
               bw ? "bandwidth" : "latency", bw ? gbs : us, bw ? "GB/s" : "us", perf_impl,
               perf_path, perf_npes, threads, coll_ops[op].family,
               layout && *layout ? " layout=" : "", layout && *layout ? layout : "");
}

/* Every size of one collective; returns the number of wrong results. */
static int run_op(int op, const struct perf_opts *o, unsigned char *dst, unsigned char *src,
                  uint64_t *out)
{
    enum perf_scope scope = op == OP_BARRIER_ALL_THREAD ? PERF_THREAD : PERF_WG;
    int threads = scope == PERF_THREAD ? 1 : o->threads;
    size_t last = (size_t)-1;
    int errors = 0;

    coll_header(op, threads);
    for (size_t size = coll_ops[op].elem ? o->min : 0; size <= o->max;
         size = coll_ops[op].elem ? perf_next_size(o, size) : o->max + 1) {
        size_t bytes, count = coll_count(op, size, perf_npes, &bytes);
        uint64_t host[2];
        int iters, warmup, bad = 0;

        if (bytes == last)
            continue;
        last = bytes;
        iters = bytes && (256u << 20) / bytes < (size_t)o->iters
                ? (int)((256u << 20) / bytes) : o->iters;
        if (iters < 5)
            iters = o->iters < 5 ? o->iters : 5;
        warmup = bytes > (1u << 20) && o->warmup > 2 ? 2 : o->warmup;
        if (coll_ops[op].elem) {
            k_zero<<<64, 256>>>(dst, bytes);
            k_fill<<<64, 256>>>(op, src, count, perf_me, perf_npes);
            PERF_CUDA(cudaGetLastError());
        }
        perf_sync();
        launch(op, threads, dst, src, count, iters, warmup, out);
        PERF_CUDA(cudaGetLastError());
        PERF_CUDA(cudaDeviceSynchronize());
        PERF_CUDA(cudaMemcpy(host, out, sizeof(host), cudaMemcpyDeviceToHost));
        perf_sync();
        if (host[1]) {
            fprintf(stderr, PERF_NAME " pe %d: %s refused its arguments (count %zu)\n", perf_me,
                    coll_ops[op].api, count);
            bad = 1;
        } else if (coll_ops[op].elem && coll_check(op, dst, count)) {
            fprintf(stderr, PERF_NAME " pe %d: %s: wrong result at %zu bytes\n", perf_me,
                    coll_ops[op].opt, bytes);
            bad = 1;
        }
        errors += bad;
        coll_result(op, scope, threads, bytes, count, iters, host[0] / 1e3 / iters);
    }
    return errors;
}

int main(int argc, char **argv)
{
    struct perf_opts o;
    unsigned char *dst, *src;
    uint64_t *out;
    size_t bufsize;
    int first, end, errors = 0;

    perf_parse(argc, argv, &o, op_list, 8, 64 << 20);
    if (o.threads == 1)
        o.threads = 1024;
    if (o.threads % 32) {
        fprintf(stderr, PERF_NAME ": -t %d: a workgroup is whole warps (a multiple of 32)\n",
                o.threads);
        return 2;
    }
    for (first = 0; first < OP_COUNT && strcmp(coll_ops[first].opt, o.op); first++)
        ;
    end = first == OP_COUNT ? OP_COUNT : first + 1;
    if (first == OP_COUNT)
        first = 0;
    perf_start();
    /* The largest buffer any collective takes at -e, with room for one element per PE. */
    bufsize = o.max + 8 * (size_t)perf_npes;
    dst = (unsigned char *)rocshmem_malloc(bufsize);
    src = (unsigned char *)rocshmem_malloc(bufsize);
    if (!dst || !src) {
        fprintf(stderr, PERF_NAME ": symmetric allocation of 2 x %zu bytes failed (raise "
                "ROCSHMEM_HEAP_SIZE)\n", bufsize);
        return 1;
    }
    PERF_CUDA(cudaMalloc((void **)&out, 2 * sizeof(*out)));
    perf_path_detect(dst, (perf_me + 1) % perf_npes);
    for (int op = first; op < end; op++)
        errors += run_op(op, &o, dst, src, out);
    perf_sync();
    rocshmem_free(src);
    rocshmem_free(dst);
    rocshmem_finalize();
    if (errors)
        fprintf(stderr, PERF_NAME " pe %d: %d wrong results\n", perf_me, errors);
    return errors ? 1 : 0;
}
