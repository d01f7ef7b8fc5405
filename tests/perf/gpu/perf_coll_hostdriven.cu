/* The host-driven baseline of perf_coll (issue "Teams and collectives", proxy-path target):
 * the collective done the traditional way, with Open MPI on host copies. One iteration: a
 * kernel writes this PE's source (one word of it), the kernel ends (cudaDeviceSynchronize),
 * the host copies the source to pinned host memory (cudaMemcpy device to host), runs the
 * MPI collective on the host copies, copies the result back (host to device), and the next
 * iteration's kernel starts. Timed on the host over -n iterations after -w warm-up ones;
 * PE 0's time per iteration is reported. The library is not used (no rocshmem_init): run
 * it under mpirun like the others, e.g.
 *   mpirun -n 2 perf_coll_hostdriven -o all -b 8 -e 64M -n 200 -w 10
 *   -o barrier         MPI_Barrier (after the kernel; no copies)
 *   -o reduce_int      MPI_Allreduce, MPI_INT, MPI_SUM     (name reduce_int_sum)
 *   -o reduce_float    MPI_Allreduce, MPI_FLOAT, MPI_SUM   (name reduce_float_sum)
 *   -o broadcast       MPI_Bcast from rank 0
 *   -o fcollect        MPI_Allgather
 *   -o alltoall        MPI_Alltoall
 *   -o reduce_scatter  MPI_Reduce_scatter_block, MPI_INT, MPI_SUM (name reduce_scatter_int_sum)
 *   -o all             each of them in turn
 * Sizes are perf_coll's (bytes per PE as NVSHMEM's perftest counts them, rounded to whole
 * elements per PE, large sizes capped at 256 MiB / size iterations, at least 5); the names,
 * charts and RESULT lines are perf_coll's with impl=host-mpi path=host, so that
 * plot.py puts them beside the in-kernel figures. -t sets the producing kernel's threads.
 * Built only where an MPI C++ wrapper compiles (tests/perf/gpu/Makefile.include). */
#define PERF_NAME "perf_coll_hostdriven"
#include "perf_common.h"

#include <mpi.h>
#include <time.h>

enum {
    OP_BARRIER, OP_REDUCE_INT, OP_REDUCE_FLOAT, OP_BROADCAST, OP_FCOLLECT, OP_ALLTOALL,
    OP_REDUCE_SCATTER, OP_COUNT
};
static const char *const op_list = "barrier|reduce_int|reduce_float|broadcast|fcollect|alltoall|"
                                   "reduce_scatter|all";
/* -o name, RESULT name (perf_coll's), chart family, element size (0: no data), MPI call */
static const struct coll_op {
    const char *opt, *name, *family;
    int elem;
    const char *api;
} coll_ops[OP_COUNT] = {
    { "barrier", "barrier", "barrier", 0, "MPI_Barrier" },
    { "reduce_int", "reduce_int_sum", "reduce", 4, "MPI_Allreduce(MPI_INT, MPI_SUM)" },
    { "reduce_float", "reduce_float_sum", "reduce", 4, "MPI_Allreduce(MPI_FLOAT, MPI_SUM)" },
    { "broadcast", "broadcast", "broadcast", 1, "MPI_Bcast, root 0" },
    { "fcollect", "fcollect", "fcollect", 1, "MPI_Allgather" },
    { "alltoall", "alltoall", "alltoall", 1, "MPI_Alltoall" },
    { "reduce_scatter", "reduce_scatter_int_sum", "reduce_scatter", 4,
      "MPI_Reduce_scatter_block(MPI_INT, MPI_SUM)" },
};

#define PERF_MPI(call)                                                                     \
    do {                                                                                   \
        int rc_ = (call);                                                                  \
        if (rc_ != MPI_SUCCESS) {                                                          \
            fprintf(stderr, PERF_NAME " pe %d: %s: error %d\n", perf_me, #call, rc_);      \
            MPI_Abort(MPI_COMM_WORLD, 1);                                                  \
        }                                                                                  \
    } while (0)

/* The "producing" kernel: a block of -t threads that writes one word of the source. */
__global__ void k_produce(int *src, int v)
{
    __syncthreads();
    if (threadIdx.x == 0)
        src[0] = v;
}

static double now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

/* As perf_coll: the count the call takes (bytes for the byte collectives, elements for the
 * reductions; per block for fcollect, alltoall and reduce_scatter) and the bytes per PE. */
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

/* Bytes of the source and of the result on each PE. */
static void coll_extent(int op, size_t count, size_t *src_bytes, size_t *dst_bytes)
{
    size_t n = (size_t)perf_npes;

    switch (op) {
    case OP_REDUCE_INT:
    case OP_REDUCE_FLOAT: *src_bytes = *dst_bytes = count * 4; break;
    case OP_BROADCAST: *src_bytes = *dst_bytes = count; break;
    case OP_FCOLLECT: *src_bytes = count; *dst_bytes = count * n; break;
    case OP_ALLTOALL: *src_bytes = *dst_bytes = count * n; break;
    case OP_REDUCE_SCATTER: *src_bytes = count * 4 * n; *dst_bytes = count * 4; break;
    default: *src_bytes = *dst_bytes = 0;
    }
}

/* Source contents, as perf_coll (reductions: 1 everywhere, so the sum is npes; alltoall
 * block j of PE i: i * 16 + j + 1; fcollect and broadcast PE i: i + 1). */
static void fill(int op, unsigned char *h, size_t count)
{
    size_t src_bytes, dst_bytes;

    coll_extent(op, count, &src_bytes, &dst_bytes);
    if (op == OP_REDUCE_INT || op == OP_REDUCE_SCATTER)
        for (size_t k = 0; k < src_bytes / 4; k++)
            ((int *)h)[k] = 1;
    else if (op == OP_REDUCE_FLOAT)
        for (size_t k = 0; k < src_bytes / 4; k++)
            ((float *)h)[k] = 1.0f;
    else if (op == OP_ALLTOALL)
        for (size_t k = 0; k < src_bytes; k++)
            h[k] = (unsigned char)(perf_me * 16 + k / count + 1);
    else
        memset(h, perf_me + 1, src_bytes);
}

/* The first and last element of every block of the result (in device memory, copied back);
 * 0 if right. The broadcast root's result is not looked at. */
static int check(int op, const unsigned char *d_dst, unsigned char *h, size_t count)
{
    size_t src_bytes, dst_bytes;
    int bad = 0;

    coll_extent(op, count, &src_bytes, &dst_bytes);
    PERF_CUDA(cudaMemcpy(h, d_dst, dst_bytes, cudaMemcpyDeviceToHost));
    switch (op) {
    case OP_BROADCAST:
        bad = perf_me != 0 && (h[0] != 1 || h[count - 1] != 1);
        break;
    case OP_FCOLLECT:
        for (int i = 0; i < perf_npes; i++)
            bad |= h[i * count] != i + 1 || h[(i + 1) * count - 1] != i + 1;
        break;
    case OP_ALLTOALL:
        for (int i = 0; i < perf_npes; i++) {
            unsigned char want = (unsigned char)(i * 16 + perf_me + 1);
            bad |= h[i * count] != want || h[(i + 1) * count - 1] != want;
        }
        break;
    case OP_REDUCE_FLOAT:
        bad = ((float *)h)[0] != (float)perf_npes || ((float *)h)[count - 1] != (float)perf_npes;
        break;
    default:
        bad = ((int *)h)[0] != perf_npes || ((int *)h)[count - 1] != perf_npes;
        break;
    }
    return bad;
}

/* One iteration: kernel, copy out, MPI, copy back. The kernel writes the word the fill
 * put there (the host copy still holds it), so that the data stay checkable. */
static void iteration(int op, int threads, unsigned char *d_src, unsigned char *d_dst,
                      unsigned char *h_src, unsigned char *h_dst, size_t count)
{
    size_t src_bytes, dst_bytes;
    const unsigned char *result = h_dst;

    coll_extent(op, count, &src_bytes, &dst_bytes);
    k_produce<<<1, threads>>>((int *)d_src, ((int *)h_src)[0]);
    PERF_CUDA(cudaGetLastError());
    PERF_CUDA(cudaDeviceSynchronize());
    if (op == OP_BARRIER) {
        PERF_MPI(MPI_Barrier(MPI_COMM_WORLD));
        return;
    }
    PERF_CUDA(cudaMemcpy(h_src, d_src, src_bytes, cudaMemcpyDeviceToHost));
    switch (op) {
    case OP_REDUCE_INT:
        PERF_MPI(MPI_Allreduce(h_src, h_dst, (int)count, MPI_INT, MPI_SUM, MPI_COMM_WORLD));
        break;
    case OP_REDUCE_FLOAT:
        PERF_MPI(MPI_Allreduce(h_src, h_dst, (int)count, MPI_FLOAT, MPI_SUM, MPI_COMM_WORLD));
        break;
    case OP_BROADCAST:
        /* MPI_Bcast is in place: the root's copy goes out, the others' is replaced. */
        PERF_MPI(MPI_Bcast(h_src, (int)count, MPI_BYTE, 0, MPI_COMM_WORLD));
        result = h_src;
        break;
    case OP_FCOLLECT:
        PERF_MPI(MPI_Allgather(h_src, (int)count, MPI_BYTE, h_dst, (int)count, MPI_BYTE,
                               MPI_COMM_WORLD));
        break;
    case OP_ALLTOALL:
        PERF_MPI(MPI_Alltoall(h_src, (int)count, MPI_BYTE, h_dst, (int)count, MPI_BYTE,
                              MPI_COMM_WORLD));
        break;
    default:
        PERF_MPI(MPI_Reduce_scatter_block(h_src, h_dst, (int)count, MPI_INT, MPI_SUM,
                                          MPI_COMM_WORLD));
        break;
    }
    PERF_CUDA(cudaMemcpy(d_dst, result, dst_bytes, cudaMemcpyHostToDevice));
}

static void coll_header(int op, int threads)
{
    if (perf_me != 0)
        return;
    printf("# %s: kernel (%d threads), cudaMemcpy D2H, %s, cudaMemcpy H2D; %d PEs\n",
           coll_ops[op].opt, threads, coll_ops[op].api, perf_npes);
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

static void coll_result(int op, int threads, size_t bytes, size_t count, int iters, double us)
{
    const char *layout = getenv("PERF_LAYOUT");
    const char *name = coll_ops[op].name;
    double gbs = us > 0 ? bytes / (us * 1e3) : 0;

    if (perf_me != 0)
        return;
    if (coll_ops[op].elem)
        printf("%-24s %-7s %-14s %4d %12zu %10zu %6d %12.3f %12.3f %12.3f\n", name, "host",
               perf_path, perf_npes, bytes, count, iters, us, gbs,
               gbs * busbw_factor(op, perf_npes));
    else
        printf("%-24s %-7s %-14s %4d %12zu %10s %6d %12.3f %12s %12s\n", name, "host", perf_path,
               perf_npes, bytes, "-", iters, us, "-", "-");
    /* scope=wg as the in-kernel series it stands beside (the kernel is a block). */
    for (int bw = 0; bw <= (coll_ops[op].elem != 0); bw++)
        printf("RESULT name=%s scope=wg size=%zu metric=%s value=%.4f unit=%s impl=%s path=%s "
               "pes=%d threads=%d chart=coll-%s%s%s\n", name, bytes, bw ? "bandwidth" : "latency",
               bw ? gbs : us, bw ? "GB/s" : "us", perf_impl, perf_path, perf_npes, threads,
               coll_ops[op].family, layout && *layout ? " layout=" : "",
               layout && *layout ? layout : "");
}

static int run_op(int op, const struct perf_opts *o, unsigned char *d_src, unsigned char *d_dst,
                  unsigned char *h_src, unsigned char *h_dst)
{
    size_t last = (size_t)-1;
    int errors = 0;

    coll_header(op, o->threads);
    for (size_t size = coll_ops[op].elem ? o->min : 0; size <= o->max;
         size = coll_ops[op].elem ? perf_next_size(o, size) : o->max + 1) {
        size_t bytes, count = coll_count(op, size, perf_npes, &bytes), src_bytes, dst_bytes;
        int iters, warmup;
        double t0 = 0, us;

        if (bytes == last)
            continue;
        last = bytes;
        iters = bytes && (256u << 20) / bytes < (size_t)o->iters
                ? (int)((256u << 20) / bytes) : o->iters;
        if (iters < 5)
            iters = o->iters < 5 ? o->iters : 5;
        warmup = bytes > (1u << 20) && o->warmup > 2 ? 2 : o->warmup;
        coll_extent(op, count, &src_bytes, &dst_bytes);
        if (src_bytes) {
            fill(op, h_src, count);
            PERF_CUDA(cudaMemcpy(d_src, h_src, src_bytes, cudaMemcpyHostToDevice));
            PERF_CUDA(cudaMemset(d_dst, 0, dst_bytes));
        }
        PERF_CUDA(cudaDeviceSynchronize());
        PERF_MPI(MPI_Barrier(MPI_COMM_WORLD));
        for (int i = 0; i < warmup + iters; i++) {
            if (i == warmup)
                t0 = now_us();
            iteration(op, o->threads, d_src, d_dst, h_src, h_dst, count);
        }
        us = (now_us() - t0) / iters;
        PERF_MPI(MPI_Barrier(MPI_COMM_WORLD));
        if (src_bytes && check(op, d_dst, h_dst, count)) {
            fprintf(stderr, PERF_NAME " pe %d: %s: wrong result at %zu bytes\n", perf_me,
                    coll_ops[op].opt, bytes);
            errors++;
        }
        coll_result(op, o->threads, bytes, count, iters, us);
    }
    return errors;
}

int main(int argc, char **argv)
{
    struct perf_opts o;
    unsigned char *d_src, *d_dst, *h_src, *h_dst;
    size_t bufsize;
    int first, end, ndev = 0, local = 0, errors = 0, all_errors = 0;
    const char *lr;

    setvbuf(stdout, NULL, _IONBF, 0);
    perf_parse(argc, argv, &o, op_list, 8, 64 << 20);
    if (o.threads == 1)
        o.threads = 1024;
    for (first = 0; first < OP_COUNT && strcmp(coll_ops[first].opt, o.op); first++)
        ;
    end = first == OP_COUNT ? OP_COUNT : first + 1;
    if (first == OP_COUNT)
        first = 0;
    PERF_MPI(MPI_Init(&argc, &argv));
    MPI_Comm_rank(MPI_COMM_WORLD, &perf_me);
    MPI_Comm_size(MPI_COMM_WORLD, &perf_npes);
    if (perf_npes < 2) {
        fprintf(stderr, PERF_NAME ": needs 2 PEs\n");
        MPI_Finalize();
        return 2;
    }
    /* One GPU per local rank, modulo the GPUs there are, as the library picks them. */
    lr = getenv("OMPI_COMM_WORLD_LOCAL_RANK");
    if (lr && *lr)
        local = atoi(lr);
    PERF_CUDA(cudaGetDeviceCount(&ndev));
    PERF_CUDA(cudaSetDevice(ndev > 0 ? local % ndev : 0));
    perf_impl = "host-mpi";
    snprintf(perf_path, sizeof(perf_path), "host");
    bufsize = o.max + 8 * (size_t)perf_npes;
    PERF_CUDA(cudaMalloc((void **)&d_src, bufsize));
    PERF_CUDA(cudaMalloc((void **)&d_dst, bufsize));
    PERF_CUDA(cudaMallocHost((void **)&h_src, bufsize));
    PERF_CUDA(cudaMallocHost((void **)&h_dst, bufsize));
    memset(h_src, 0, bufsize);
    for (int op = first; op < end; op++)
        errors += run_op(op, &o, d_src, d_dst, h_src, h_dst);
    MPI_Allreduce(&errors, &all_errors, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (errors)
        fprintf(stderr, PERF_NAME " pe %d: %d wrong results\n", perf_me, errors);
    PERF_CUDA(cudaFreeHost(h_dst));
    PERF_CUDA(cudaFreeHost(h_src));
    PERF_CUDA(cudaFree(d_dst));
    PERF_CUDA(cudaFree(d_src));
    MPI_Finalize();
    return all_errors ? 1 : 0;
}
