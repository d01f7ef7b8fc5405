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

enum {
    OP_BARRIER, OP_BARRIER_ALL, OP_BARRIER_ALL_THREAD, OP_BROADCAST, OP_FCOLLECT, OP_ALLTOALL,
    OP_REDUCE_INT, OP_REDUCE_FLOAT, OP_REDUCE_SCATTER, OP_COUNT
};
/* -o name, RESULT name, chart family, element size (0: no data), API called: as perf_coll. */
static const struct coll_op {
    const char *opt, *name, *family;
    int elem;
    const char *api;
} coll_ops[OP_COUNT] = {
    { "barrier", "barrier", "barrier", 0, "nvshmemx_barrier_block(WORLD)" },
    { "barrier_all", "barrier_all", "barrier", 0, "nvshmemx_barrier_all_block" },
    { "barrier_all_thread", "barrier_all", "barrier", 0, "nvshmem_barrier_all, one thread" },
    { "broadcast", "broadcast", "broadcast", 1, "nvshmemx_broadcastmem_block, root 0" },
    { "fcollect", "fcollect", "fcollect", 1, "nvshmemx_fcollectmem_block" },
    { "alltoall", "alltoall", "alltoall", 1, "nvshmemx_alltoallmem_block" },
    { "reduce_int", "reduce_int_sum", "reduce", 4, "nvshmemx_int_sum_reduce_block" },
    { "reduce_float", "reduce_float_sum", "reduce", 4, "nvshmemx_float_sum_reduce_block" },
    { "reduce_scatter", "reduce_scatter_int_sum", "reduce_scatter", 4,
      "nvshmemx_int_sum_reducescatter_block" },
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

/* out[0]: ns of the timed calls; out[1]: nonzero when a call returned an error. */
template <int OP>
__global__ void __launch_bounds__(1024) k_coll(void *dst, const void *src, size_t count,
                                               int iters, int warmup,
                                               unsigned long long *out)
{
    unsigned long long t0 = 0;
    int rc = 0;

    for (int i = -warmup; i < iters; i++) {
        if (i == 0) {
            __syncthreads();
            t0 = nv_globaltimer();
        }
        rc |= coll_call<OP>(dst, src, count);
    }
    __syncthreads();
    if (threadIdx.x == 0) {
        out[0] = nv_globaltimer() - t0;
        out[1] = (unsigned long long)rc;
    }
}

/* Kernels that call NVSHMEM collectives are launched with nvshmemx_collective_launch. */
static void launch(int op, int threads, void *dst, const void *src, size_t count, int iters,
                   int warmup, unsigned long long *out)
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

/* The count the API takes for a requested SIZE and the bytes per PE it stands for. */
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

static __global__ void k_zero(unsigned char *p, size_t n)
{
    for (size_t k = blockIdx.x * (size_t)blockDim.x + threadIdx.x; k < n;
         k += (size_t)gridDim.x * blockDim.x)
        p[k] = 0;
}

/* Source contents, as perf_coll: reductions int 1 / float 1.0 (the sum is npes);
 * alltoall block j of PE i holds i * 16 + j + 1; fcollect and broadcast PE i holds i + 1. */
static __global__ void k_fill(int op, unsigned char *src, size_t count, int me, int npes)
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
    NV_CUDA(cudaMemcpy(&v, p, 1, cudaMemcpyDeviceToHost));
    return v;
}

static float word_at(const void *p, int as_float)
{
    union { int i; float f; } v;
    NV_CUDA(cudaMemcpy(&v, p, 4, cudaMemcpyDeviceToHost));
    return as_float ? v.f : (float)v.i;
}

/* The first and last element of every block of this PE's result; 0 if right (the broadcast
 * root's dest is not looked at). */
static int coll_check(int op, const unsigned char *dst, size_t count)
{
    int bad = 0;

    switch (op) {
    case OP_BROADCAST:
        bad = nv_me != 0 && (byte_at(dst) != 1 || byte_at(dst + count - 1) != 1);
        break;
    case OP_FCOLLECT:
        for (int i = 0; i < nv_npes; i++)
            bad |= byte_at(dst + i * count) != i + 1 || byte_at(dst + (i + 1) * count - 1) != i + 1;
        break;
    case OP_ALLTOALL:
        for (int i = 0; i < nv_npes; i++) {
            unsigned char want = (unsigned char)(i * 16 + nv_me + 1);
            bad |= byte_at(dst + i * count) != want || byte_at(dst + (i + 1) * count - 1) != want;
        }
        break;
    case OP_REDUCE_INT:
    case OP_REDUCE_FLOAT:
    case OP_REDUCE_SCATTER:
        bad = word_at(dst, op == OP_REDUCE_FLOAT) != (float)nv_npes ||
              word_at(dst + (count - 1) * 4, op == OP_REDUCE_FLOAT) != (float)nv_npes;
        break;
    }
    return bad;
}

static void coll_header(int op, int threads)
{
    if (nv_me != 0)
        return;
    printf("# %s: %s, NVSHMEM, %d PEs, one block of %d threads per PE\n", coll_ops[op].opt,
           coll_ops[op].api, nv_npes, threads);
    if (coll_ops[op].elem)
        printf("# bytes: per PE, as NVSHMEM's perftest counts them (%s)\n",
               op == OP_BROADCAST ? "the message"
               : op == OP_FCOLLECT ? "the gathered output: npes x each PE's contribution"
               : op == OP_ALLTOALL ? "the whole send buffer: npes blocks"
               : op == OP_REDUCE_SCATTER ? "the whole input: npes x what each PE gets"
                                         : "the reduced array");
    printf("%-24s %-7s %-14s %4s %12s %10s %6s %12s %12s %12s\n", "name", "scope", "path", "pes",
           "bytes", "count", "iters", "latency(us)", "algbw(GB/s)", "busbw(GB/s)");
    fflush(stdout);
}

static void coll_result(int op, const char *scope, int threads, size_t bytes, size_t count,
                        int iters, double us)
{
    const char *layout = getenv("PERF_LAYOUT");   /* as in perf_common.h */
    const char *name = coll_ops[op].name;
    double gbs = us > 0 ? bytes / (us * 1e3) : 0;

    if (nv_me != 0)
        return;
    if (coll_ops[op].elem)
        printf("%-24s %-7s %-14s %4d %12zu %10zu %6d %12.3f %12.3f %12.3f\n", name, scope,
               "nvshmem", nv_npes, bytes, count, iters, us, gbs, gbs * busbw_factor(op, nv_npes));
    else
        printf("%-24s %-7s %-14s %4d %12zu %10s %6d %12.3f %12s %12s\n", name, scope, "nvshmem",
               nv_npes, bytes, "-", iters, us, "-", "-");
    for (int bw = 0; bw <= (coll_ops[op].elem != 0); bw++)
        printf("RESULT name=%s scope=%s size=%zu metric=%s value=%.4f unit=%s impl=nvshmem "
               "pes=%d threads=%d chart=coll-%s%s%s\n", name, scope, bytes,
               bw ? "bandwidth" : "latency", bw ? gbs : us, bw ? "GB/s" : "us", nv_npes, threads,
               coll_ops[op].family, layout && *layout ? " layout=" : "",
               layout && *layout ? layout : "");
    fflush(stdout);
}

/* NVSHMEM_REDUCE_SCRATCH_SIZE as NVSHMEM reads it (bytes, K/M/G suffixes; 512 KiB default). */
static size_t nv_reduce_scratch(void)
{
    const char *v = getenv("NVSHMEM_REDUCE_SCRATCH_SIZE");
    size_t n;

    return v && !nv_parse_size(v, &n) ? n : 524288;
}

static int run_op(int op, const nv_opts_t *o, unsigned char *dst, unsigned char *src,
                  unsigned long long *out)
{
    int thread = op == OP_BARRIER_ALL_THREAD;
    int threads = thread ? 1 : o->threads;
    const char *scope = thread ? "thread" : "wg";
    size_t last = (size_t)-1;
    int errors = 0;

    coll_header(op, threads);
    for (size_t size = coll_ops[op].elem ? o->min_size : 0; size <= o->max_size;
         size = coll_ops[op].elem ? nv_next_size(o, size) : o->max_size + 1) {
        size_t bytes, count = coll_count(op, size, nv_npes, &bytes);
        unsigned long long host[2];
        int iters, warmup, bad = 0;

        if (size == 0 && coll_ops[op].elem)
            break;                      /* nv_next_size: past the end */
        if (bytes == last)
            continue;
        last = bytes;
        /* NVSHMEM asserts when reducescatter's input is over half the per-team scratch
         * (NVSHMEM_REDUCE_SCRATCH_SIZE, default 512 KiB): such sizes are skipped, said so. */
        if (op == OP_REDUCE_SCATTER && bytes > nv_reduce_scratch() / 2) {
            if (nv_me == 0)
                printf("# %zu bytes and up skipped: NVSHMEM's reducescatter takes at most half "
                       "of NVSHMEM_REDUCE_SCRATCH_SIZE (%zu)\n", bytes, nv_reduce_scratch());
            break;
        }
        iters = bytes && (256u << 20) / bytes < (size_t)o->iters
                ? (int)((256u << 20) / bytes) : o->iters;
        if (iters < 5)
            iters = o->iters < 5 ? o->iters : 5;
        warmup = bytes > (1u << 20) && o->warmup > 2 ? 2 : o->warmup;
        if (coll_ops[op].elem) {
            k_zero<<<64, 256>>>(dst, bytes);
            k_fill<<<64, 256>>>(op, src, count, nv_me, nv_npes);
            NV_KERNEL_DONE();
        }
        NV_CUDA(cudaDeviceSynchronize());
        nvshmem_barrier_all();
        launch(op, threads, dst, src, count, iters, warmup, out);
        NV_KERNEL_DONE();
        NV_CUDA(cudaMemcpy(host, out, sizeof(host), cudaMemcpyDeviceToHost));
        nvshmem_barrier_all();
        if (host[1]) {
            fprintf(stderr, "%s pe %d: %s returned an error (count %zu)\n", nv_prog, nv_me,
                    coll_ops[op].api, count);
            bad = 1;
        } else if (coll_ops[op].elem && coll_check(op, dst, count)) {
            fprintf(stderr, "%s pe %d: %s: wrong result at %zu bytes\n", nv_prog, nv_me,
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
    nv_opts_t o;
    unsigned char *dst, *src;
    unsigned long long *out;
    size_t bufsize;
    int first, end, rc, errors = 0;

    nv_parse(argc, argv, &o, "o:",
             " [-o barrier|barrier_all|barrier_all_thread|broadcast|fcollect|alltoall|"
             "reduce_int|reduce_float|reduce_scatter|all]");
    /* perf_coll's defaults where -b, -e or -t is not given: 8 B to 64 MiB, 1024 threads. */
    {
        int i, set_b = 0, set_e = 0, set_t = 0;
        for (i = 1; i < argc; i++) {
            set_b |= !strncmp(argv[i], "-b", 2);
            set_e |= !strncmp(argv[i], "-e", 2);
            set_t |= !strncmp(argv[i], "-t", 2);
        }
        if (!set_e)
            o.max_size = (size_t)64 << 20;
        if (!set_b)
            o.min_size = 8;
        if (!set_t)
            o.threads = 1024;
    }
    if (o.threads % 32) {
        fprintf(stderr, "%s: -t %d: a block of whole warps (a multiple of 32)\n", nv_prog,
                o.threads);
        return 2;
    }
    if (!o.op || !strcmp(o.op, "all")) {
        first = 0;
        end = OP_COUNT;
    } else {
        for (first = 0; first < OP_COUNT && strcmp(coll_ops[first].opt, o.op); first++)
            ;
        if (first == OP_COUNT) {
            fprintf(stderr, "%s: -o %s: not a collective of this program\n", nv_prog, o.op);
            return 2;
        }
        end = first + 1;
    }

    rc = nv_start();
    if (rc)
        return rc;
    bufsize = o.max_size + 8 * (size_t)nv_npes;
    dst = (unsigned char *)nvshmem_malloc(bufsize);
    src = (unsigned char *)nvshmem_malloc(bufsize);
    if (!dst || !src) {
        fprintf(stderr, "%s pe %d: nvshmem_malloc(%zu) failed (raise NVSHMEM_SYMMETRIC_SIZE)\n",
                nv_prog, nv_me, bufsize);
        nvshmem_global_exit(1);
    }
    NV_CUDA(cudaMalloc((void **)&out, 2 * sizeof(*out)));
    for (int op = first; op < end; op++)
        errors += run_op(op, &o, dst, src, out);
    NV_CUDA(cudaFree(out));
    nvshmem_free(src);
    nvshmem_free(dst);
    nv_finish();
    if (errors)
        fprintf(stderr, "%s pe %d: %d wrong results\n", nv_prog, nv_me, errors);
    return errors ? 1 : 0;
}
