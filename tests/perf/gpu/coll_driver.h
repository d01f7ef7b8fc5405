/* The driver the collective benchmarks share (perf_coll, nv_coll and perf_coll_hostdriven),
 * so that their figures are counted, checked and printed alike and can stand side by side:
 * the collectives and their -o names, the sweep (sizes in bytes per PE as NVSHMEM's perftest
 * counts them, and how many calls each size takes), the source contents and the check of the
 * result, and the table and RESULT lines. What differs, the calls and how they are timed, is
 * the program's. Before including this it defines COLL_PROG, COLL_ME and COLL_NPES (its name
 * and PE, for messages), COLL_CUDA(call) (its CUDA error check) and, where the kernel times
 * the calls, COLL_CLOCK_NS() (its device clock); after it, the hooks declared below. */
#ifndef COLL_DRIVER_H
#define COLL_DRIVER_H

#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
    OP_BARRIER, OP_BARRIER_ALL, OP_BARRIER_ALL_THREAD, OP_BROADCAST, OP_FCOLLECT, OP_ALLTOALL,
    OP_REDUCE_INT, OP_REDUCE_FLOAT, OP_REDUCE_SCATTER, OP_COUNT
};
/* -o of the programs that have every collective; -o all runs them in this order. */
#define COLL_OP_LIST "barrier|barrier_all|barrier_all_thread|broadcast|fcollect|alltoall|" \
                     "reduce_int|reduce_float|reduce_scatter|all"
/* -o name, RESULT name, chart family, element size (0: no data). */
static const struct coll_op {
    const char *opt, *name, *family;
    int elem;
} coll_ops[OP_COUNT] = {
    { "barrier", "barrier", "barrier", 0 },
    { "barrier_all", "barrier_all", "barrier", 0 },
    { "barrier_all_thread", "barrier_all", "barrier", 0 },
    { "broadcast", "broadcast", "broadcast", 1 },
    { "fcollect", "fcollect", "fcollect", 1 },
    { "alltoall", "alltoall", "alltoall", 1 },
    { "reduce_int", "reduce_int_sum", "reduce", 4 },
    { "reduce_float", "reduce_float_sum", "reduce", 4 },
    { "reduce_scatter", "reduce_scatter_int_sum", "reduce_scatter", 4 },
};

/* A sweep's settings, from the program's options, and the labels of its results: RESULT's
 * impl= and path= (path NULL: no path key, and the table's path column shows the impl), and
 * the table's scope column where it is not RESULT's scope= (NULL: the same). */
struct coll_run {
    size_t min, max;
    int iters, warmup, threads;
    const char *impl, *path, *row_scope;
};

/* The program's hooks, defined after this header: */
/* the size after SIZE in its -b/-e/-f sweep, 0 past the end; */
static size_t coll_next_size(size_t size);
/* the first line of OP's table header: what is called, and how; */
static void coll_describe(int op, int threads);
/* OP on COUNT (what the call takes for BYTES per PE): coll_fill, then ITERS timed calls
 * after WARMUP others, the time per call in *US. Returns 1 when a call failed, -1 when this
 * size and the larger ones cannot be run (either said so), else 0. */
static int coll_time(int op, int threads, unsigned char *dst, unsigned char *src, size_t count,
                     size_t bytes, int iters, int warmup, double *us);

/* The collectives -o OP runs, in OPS: OP's alone where LIST (the program's -o values,
 * "a|b|...|all") names it, else every one LIST names, in its order (for all, NULL, or a name
 * LIST lacks). Returns how many. */
static int coll_pick(const char *list, const char *op, int *ops)
{
    int n = 0;

    while (*list) {
        size_t len = strcspn(list, "|");
        for (int i = 0; i < OP_COUNT; i++)
            if (!strncmp(list, coll_ops[i].opt, len) && !coll_ops[i].opt[len])
                ops[n++] = i;
        list += len + (list[len] == '|');
    }
    for (int i = 0; op && i < n; i++)
        if (!strcmp(op, coll_ops[ops[i]].opt)) {
            ops[0] = ops[i];
            return 1;
        }
    return n;
}

/* The largest buffer any collective takes at -e MAX, with room for one element per PE. */
static size_t coll_bufsize(size_t max)
{
    return max + 8 * (size_t)COLL_NPES;
}

/* The count the call takes for a requested SIZE (bytes or elements, at least 1; per block for
 * fcollect, alltoall and reduce_scatter) and the bytes per PE it stands for. */
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

/* rocshmem_ro's heap may be host memory (the proxy path): buffers are written by kernels and
 * read back with cudaMemcpyDefault. */
static __global__ void k_zero(unsigned char *p, size_t n)
{
    for (size_t k = blockIdx.x * (size_t)blockDim.x + threadIdx.x; k < n;
         k += (size_t)gridDim.x * blockDim.x)
        p[k] = 0;
}

/* Source contents. Words of 4 bytes for the reductions (int 1 or float 1.0 on every PE: the
 * sum is npes everywhere); bytes for the others: alltoall block j of PE i holds
 * i * 16 + j + 1, fcollect and broadcast PE i holds i + 1 (broadcast's root 0: 1). */
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

/* A zeroed result and a filled source on this PE (barriers have neither). */
static void coll_fill(int op, unsigned char *dst, unsigned char *src, size_t bytes,
                      size_t count)
{
    if (!coll_ops[op].elem)
        return;
    k_zero<<<64, 256>>>(dst, bytes);
    k_fill<<<64, 256>>>(op, src, count, COLL_ME, COLL_NPES);
    COLL_CUDA(cudaGetLastError());
}

static unsigned char byte_at(const unsigned char *p)
{
    unsigned char v;
    COLL_CUDA(cudaMemcpy(&v, p, 1, cudaMemcpyDefault));
    return v;
}

static float word_at(const void *p, int as_float)
{
    union { int i; float f; } v;
    COLL_CUDA(cudaMemcpy(&v, p, 4, cudaMemcpyDefault));
    return as_float ? v.f : (float)v.i;
}

/* The first and last element of every block of this PE's result; 0 if they are right (the
 * broadcast root's dest is not looked at). */
static int coll_check(int op, const unsigned char *dst, size_t count)
{
    int bad = 0;

    switch (op) {
    case OP_BROADCAST:
        bad = COLL_ME != 0 && (byte_at(dst) != 1 || byte_at(dst + count - 1) != 1);
        break;
    case OP_FCOLLECT:
        for (int i = 0; i < COLL_NPES; i++)
            bad |= byte_at(dst + i * count) != i + 1 || byte_at(dst + (i + 1) * count - 1) != i + 1;
        break;
    case OP_ALLTOALL:
        for (int i = 0; i < COLL_NPES; i++) {
            unsigned char want = (unsigned char)(i * 16 + COLL_ME + 1);
            bad |= byte_at(dst + i * count) != want || byte_at(dst + (i + 1) * count - 1) != want;
        }
        break;
    case OP_REDUCE_INT:
    case OP_REDUCE_FLOAT:
    case OP_REDUCE_SCATTER:
        bad = word_at(dst, op == OP_REDUCE_FLOAT) != (float)COLL_NPES ||
              word_at(dst + (count - 1) * 4, op == OP_REDUCE_FLOAT) != (float)COLL_NPES;
        break;
    }
    return bad;
}

static void coll_header(int op, int threads)
{
    if (COLL_ME != 0)
        return;
    coll_describe(op, threads);
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

/* A table row and the RESULT lines (latency; bandwidth where data moves). */
static void coll_result(int op, const struct coll_run *r, const char *scope, int threads,
                        size_t bytes, size_t count, int iters, double us)
{
    const char *layout = getenv("PERF_LAYOUT");   /* as in perf_common.h */
    const char *name = coll_ops[op].name;
    const char *row_scope = r->row_scope ? r->row_scope : scope;
    const char *row_path = r->path ? r->path : r->impl;
    double gbs = us > 0 ? bytes / (us * 1e3) : 0;

    if (COLL_ME != 0)
        return;
    if (coll_ops[op].elem)
        printf("%-24s %-7s %-14s %4d %12zu %10zu %6d %12.3f %12.3f %12.3f\n", name, row_scope,
               row_path, COLL_NPES, bytes, count, iters, us, gbs,
               gbs * busbw_factor(op, COLL_NPES));
    else
        printf("%-24s %-7s %-14s %4d %12zu %10s %6d %12.3f %12s %12s\n", name, row_scope,
               row_path, COLL_NPES, bytes, "-", iters, us, "-", "-");
    for (int bw = 0; bw <= (coll_ops[op].elem != 0); bw++)
        printf("RESULT name=%s scope=%s size=%zu metric=%s value=%.4f unit=%s impl=%s%s%s "
               "pes=%d threads=%d chart=coll-%s%s%s\n", name, scope, bytes,
               bw ? "bandwidth" : "latency", bw ? gbs : us, bw ? "GB/s" : "us", r->impl,
               r->path ? " path=" : "", r->path ? r->path : "", COLL_NPES, threads,
               coll_ops[op].family, layout && *layout ? " layout=" : "",
               layout && *layout ? layout : "");
    fflush(stdout);
}

/* Every size of collective OP; returns the number of wrong results. */
static int coll_sweep(int op, const struct coll_run *r, unsigned char *dst, unsigned char *src)
{
    int thread = op == OP_BARRIER_ALL_THREAD;
    int threads = thread ? 1 : r->threads;
    size_t last = (size_t)-1;
    int errors = 0;

    coll_header(op, threads);
    for (size_t size = coll_ops[op].elem ? r->min : 0; size <= r->max;
         size = coll_ops[op].elem ? coll_next_size(size) : r->max + 1) {
        size_t bytes, count = coll_count(op, size, COLL_NPES, &bytes);
        int iters, warmup, bad;
        double us;

        if (size == 0 && coll_ops[op].elem)
            break;                      /* coll_next_size: past the end */
        if (bytes == last)
            continue;
        last = bytes;
        /* Large sizes take fewer calls, so that a run stays short. */
        iters = bytes && (256u << 20) / bytes < (size_t)r->iters
                ? (int)((256u << 20) / bytes) : r->iters;
        if (iters < 5)
            iters = r->iters < 5 ? r->iters : 5;
        warmup = bytes > (1u << 20) && r->warmup > 2 ? 2 : r->warmup;
        bad = coll_time(op, threads, dst, src, count, bytes, iters, warmup, &us);
        if (bad < 0)
            break;
        if (!bad && coll_ops[op].elem && coll_check(op, dst, count)) {
            fprintf(stderr, "%s pe %d: %s: wrong result at %zu bytes\n", COLL_PROG, COLL_ME,
                    coll_ops[op].opt, bytes);
            bad = 1;
        }
        errors += bad;
        coll_result(op, r, thread ? "thread" : "wg", threads, bytes, count, iters, us);
    }
    return errors;
}

#ifdef COLL_CLOCK_NS
/* The program's one call of OP by the whole block (count: bytes for the mem forms, else
 * elements); nonzero when the call failed. */
template <int OP>
static __device__ __forceinline__ int coll_call(void *dst, const void *src, size_t count);

/* One kernel per collective, so that each is compiled (and inlined) alone; the calls are
 * timed in it, so that launch costs are not. out[0]: ns of the timed calls; out[1]: nonzero
 * when a call failed. */
template <int OP>
__global__ void __launch_bounds__(1024) k_coll(void *dst, const void *src, size_t count,
                                               int iters, int warmup, unsigned long long *out)
{
    unsigned long long t0 = 0;
    int rc = 0;

    for (int i = -warmup; i < iters; i++) {
        if (i == 0) {
            __syncthreads();
            t0 = COLL_CLOCK_NS();
        }
        rc |= coll_call<OP>(dst, src, count);
    }
    __syncthreads();
    if (threadIdx.x == 0) {
        out[0] = COLL_CLOCK_NS() - t0;
        out[1] = (unsigned long long)rc;
    }
}

/* k_coll's OUT read back: the time per call in *US; 1 when a call failed. */
static int coll_timed(const unsigned long long *out, int iters, double *us)
{
    unsigned long long host[2];

    COLL_CUDA(cudaMemcpy(host, out, sizeof(host), cudaMemcpyDeviceToHost));
    *us = host[0] / 1e3 / iters;
    return host[1] != 0;
}
#endif

#endif
