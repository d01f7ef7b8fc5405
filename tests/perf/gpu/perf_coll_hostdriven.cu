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

/* coll_driver.h's view of this program: its name and PE and CUDA check. */
#define COLL_PROG PERF_NAME
#define COLL_ME perf_me
#define COLL_NPES perf_npes
#define COLL_CUDA PERF_CUDA
#include "coll_driver.h"

static const char *const op_list = "barrier|reduce_int|reduce_float|broadcast|fcollect|alltoall|"
                                   "reduce_scatter|all";
/* The MPI call each collective is done with, in coll_ops' order (MPI has one barrier). */
static const char *const coll_api[OP_COUNT] = {
    "MPI_Barrier",
    NULL,
    NULL,
    "MPI_Bcast, root 0",
    "MPI_Allgather",
    "MPI_Alltoall",
    "MPI_Allreduce(MPI_INT, MPI_SUM)",
    "MPI_Allreduce(MPI_FLOAT, MPI_SUM)",
    "MPI_Reduce_scatter_block(MPI_INT, MPI_SUM)",
};

static struct perf_opts opts;
static unsigned char *h_src, *h_dst;    /* pinned host copies, MPI's buffers */

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

/* One iteration: kernel, copy out, MPI, copy back. The kernel writes the word the fill
 * put there (the host copy still holds it), so that the data stay checkable. */
static void iteration(int op, int threads, unsigned char *d_src, unsigned char *d_dst,
                      size_t count)
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

static size_t coll_next_size(size_t size)
{
    return perf_next_size(&opts, size);
}

static void coll_describe(int op, int threads)
{
    printf("# %s: kernel (%d threads), cudaMemcpy D2H, %s, cudaMemcpy H2D; %d PEs\n",
           coll_ops[op].opt, threads, coll_api[op], perf_npes);
}

static int coll_time(int op, int threads, unsigned char *d_dst, unsigned char *d_src,
                     size_t count, size_t bytes, int iters, int warmup, double *us)
{
    size_t src_bytes, dst_bytes;
    double t0 = 0;

    coll_extent(op, count, &src_bytes, &dst_bytes);
    coll_fill(op, d_dst, d_src, bytes, count);
    /* iteration's kernel writes the host copy's first word back: it must be the fill's. */
    if (src_bytes)
        PERF_CUDA(cudaMemcpy(h_src, d_src, src_bytes, cudaMemcpyDeviceToHost));
    PERF_CUDA(cudaDeviceSynchronize());
    PERF_MPI(MPI_Barrier(MPI_COMM_WORLD));
    for (int i = 0; i < warmup + iters; i++) {
        if (i == warmup)
            t0 = now_us();
        iteration(op, threads, d_src, d_dst, count);
    }
    *us = (now_us() - t0) / iters;
    PERF_MPI(MPI_Barrier(MPI_COMM_WORLD));
    return 0;
}

int main(int argc, char **argv)
{
    struct coll_run run;
    unsigned char *d_src, *d_dst;
    size_t bufsize;
    int ops[OP_COUNT], nops, ndev = 0, local = 0, errors = 0, all_errors = 0;
    const char *lr;

    setvbuf(stdout, NULL, _IONBF, 0);
    perf_parse(argc, argv, &opts, op_list, 8, 64 << 20);
    if (opts.threads == 1)
        opts.threads = 1024;
    nops = coll_pick(op_list, opts.op, ops);
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
    bufsize = coll_bufsize(opts.max);
    PERF_CUDA(cudaMalloc((void **)&d_src, bufsize));
    PERF_CUDA(cudaMalloc((void **)&d_dst, bufsize));
    PERF_CUDA(cudaMallocHost((void **)&h_src, bufsize));
    PERF_CUDA(cudaMallocHost((void **)&h_dst, bufsize));
    memset(h_src, 0, bufsize);
    /* RESULT's scope=wg as the in-kernel series it stands beside (the kernel is a block). */
    run = (struct coll_run){ opts.min, opts.max, opts.iters, opts.warmup, opts.threads,
                             perf_impl, perf_path, "host" };
    for (int i = 0; i < nops; i++)
        errors += coll_sweep(ops[i], &run, d_dst, d_src);
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
