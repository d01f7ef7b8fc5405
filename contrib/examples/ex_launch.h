/* What the examples share: one source compiles as C for CPU-only PEs (cc; "kernels" run on
 * host threads through tests/support's launcher, ro_launch) and as CUDA (nvcc -x cu
 * -rdc=true; kernels run on the GPU). This header hides the difference: the qualifiers,
 * launching a kernel of B blocks x T threads, thread and block ids, the block barrier, local
 * atomics, a clock, copies between the host and the symmetric heap, and the start and end of
 * a program (init, the job-wide verdict). Device code sees the symmetric heap only: every
 * buffer a kernel touches comes from rocshmem_malloc, on both targets. */
#ifndef EX_LAUNCH_H
#define EX_LAUNCH_H

#if !defined(__cplusplus) && !defined(_POSIX_C_SOURCE)
#define _POSIX_C_SOURCE 200809L   /* clock_gettime, pthread barriers, getopt under -std=c11 */
#endif

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <rocshmem/rocshmem.h>

static int ex_me, ex_npes;

/* Host: seconds on a monotonic clock. */
static inline double ex_wtime(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

#if defined(__CUDACC__)
/* ---- CUDA: kernels on the GPU --------------------------------------------------------- */
#include <cuda_runtime.h>

#define EX_GPU 1
#define EX_DEVICE static __device__ inline
#define EX_HOST_DEVICE static __host__ __device__ inline
/* EX_KERNEL(name, struct args, a) { ... }: a kernel taking one argument struct by value. */
#define EX_KERNEL(name, type, arg) __global__ void name(type arg)

static inline void ex_cuda_check(cudaError_t e, const char *what)
{
    if (e != cudaSuccess) {
        printf("pe %d: %s: %s\n", ex_me, what, cudaGetErrorString(e));
        rocshmem_global_exit(1);
    }
}

/* Runs the kernel to completion: a launch error or a fault inside ends the whole job. */
#define EX_LAUNCH(name, nblocks, nthreads, arg)                                           \
    do {                                                                                  \
        name<<<(nblocks), (nthreads)>>>(arg);                                             \
        ex_cuda_check(cudaGetLastError(), "launch of " #name);                            \
        ex_cuda_check(cudaDeviceSynchronize(), #name);                                    \
    } while (0)

EX_DEVICE unsigned ex_tid(void) { return threadIdx.x; }
EX_DEVICE unsigned ex_bid(void) { return blockIdx.x; }
EX_DEVICE unsigned ex_bdim(void) { return blockDim.x; }
EX_DEVICE unsigned ex_nblocks(void) { return gridDim.x; }
EX_DEVICE void ex_sync_block(void) { __syncthreads(); }
EX_DEVICE int ex_atomic_add_int(int *p, int v) { return atomicAdd(p, v); }
EX_DEVICE unsigned long long ex_atomic_add_ull(unsigned long long *p, unsigned long long v)
{
    return atomicAdd(p, v);
}
/* Nanoseconds on the GPU's global timer (the same clock in every block). */
EX_DEVICE uint64_t ex_clock_ns(void)
{
    uint64_t t;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
    return t;
}

/* The host reaches the symmetric heap (GPU or pinned host memory) only by copies. */
static inline void ex_to_sym(void *sym, const void *host, size_t n)
{
    ex_cuda_check(cudaMemcpy(sym, host, n, cudaMemcpyDefault), "cudaMemcpy to the heap");
}
static inline void ex_from_sym(void *host, const void *sym, size_t n)
{
    ex_cuda_check(cudaMemcpy(host, sym, n, cudaMemcpyDefault), "cudaMemcpy from the heap");
}

#else
/* ---- CPU-only PEs: a kernel is a group of host threads -------------------------------- */
#include <pthread.h>

#include "ro_launch.h"

#define EX_GPU 0
#define EX_DEVICE static inline
#define EX_HOST_DEVICE static inline
/* The kernel, and the entry point ro_launch calls in each thread: it copies the argument
 * struct, as a CUDA launch does. */
#define EX_KERNEL(name, type, arg)                                                        \
    static void name(type arg);                                                           \
    static void name##_entry(void *p_) { name(*(type *)p_); }                             \
    static void name(type arg)

/* One barrier per block of the running launch (one launch at a time per PE). */
static pthread_barrier_t *ex_block_bar;
static unsigned ex_launch_blocks = 1, ex_launch_threads = 1;

static inline void ex_launch_host(const char *name, unsigned nblocks, unsigned nthreads,
                                  void (*entry)(void *), void *arg)
{
    /* Waves of 32 where the block allows, as on an NVIDIA GPU; else the block is one wave
     * (up to 64 lanes) or each thread its own. */
    unsigned wave = nthreads % 32 == 0 ? 32 : nthreads <= 64 ? nthreads : 1;
    int rc;

    ex_block_bar = (pthread_barrier_t *)calloc(nblocks, sizeof(*ex_block_bar));
    if (!ex_block_bar) {
        printf("pe %d: %s: out of memory\n", ex_me, name);
        rocshmem_global_exit(1);
    }
    for (unsigned b = 0; b < nblocks; b++)
        pthread_barrier_init(&ex_block_bar[b], NULL, nthreads);
    ex_launch_blocks = nblocks;
    ex_launch_threads = nthreads;
    rc = ro_launch(nblocks, nthreads, wave, entry, arg);
    for (unsigned b = 0; b < nblocks; b++)
        pthread_barrier_destroy(&ex_block_bar[b]);
    free(ex_block_bar);
    ex_block_bar = NULL;
    ex_launch_blocks = ex_launch_threads = 1;
    if (rc) {
        printf("pe %d: %s: ro_launch(%u blocks, %u threads) returned %d\n", ex_me, name,
               nblocks, nthreads, rc);
        rocshmem_global_exit(1);
    }
}

#define EX_LAUNCH(name, nblocks, nthreads, arg)                                           \
    ex_launch_host(#name, (nblocks), (nthreads), name##_entry, &(arg))

EX_DEVICE unsigned ex_tid(void) { return (unsigned)ro_launch_thread_id(); }
EX_DEVICE unsigned ex_bid(void) { return (unsigned)ro_launch_block_id(); }
EX_DEVICE unsigned ex_bdim(void) { return ex_launch_threads; }
EX_DEVICE unsigned ex_nblocks(void) { return ex_launch_blocks; }
/* The barrier also orders memory: what a thread wrote before it, the others read after. */
EX_DEVICE void ex_sync_block(void)
{
    if (ex_block_bar)
        pthread_barrier_wait(&ex_block_bar[ex_bid()]);
}
EX_DEVICE int ex_atomic_add_int(int *p, int v)
{
    return __atomic_fetch_add(p, v, __ATOMIC_RELAXED);
}
EX_DEVICE unsigned long long ex_atomic_add_ull(unsigned long long *p, unsigned long long v)
{
    return __atomic_fetch_add(p, v, __ATOMIC_RELAXED);
}
EX_DEVICE uint64_t ex_clock_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static inline void ex_to_sym(void *sym, const void *host, size_t n) { memcpy(sym, host, n); }
static inline void ex_from_sym(void *host, const void *sym, size_t n) { memcpy(host, sym, n); }
#endif

/* ---- common ------------------------------------------------------------------------- */

/* Threads (and blocks) per kernel when the command line names none: a GPU block, or a few
 * host threads per PE (the CI machines have 2 cores for 4 PEs and their proxies). */
#define EX_THREADS (EX_GPU ? 256u : 4u)

/* rocshmem_malloc that ends the job when the heap is too small (every PE gets NULL). */
static inline void *ex_malloc(size_t n)
{
    void *p = rocshmem_malloc(n);
    if (!p) {
        if (ex_me == 0)
            printf("rocshmem_malloc(%zu) failed: set ROCSHMEM_HEAP_SIZE larger\n", n);
        rocshmem_finalize();
        exit(1);
    }
    return p;
}

static inline void *ex_host_alloc(size_t n)
{
    void *p = calloc(1, n ? n : 1);
    if (!p) {
        printf("pe %d: out of host memory (%zu bytes)\n", ex_me, n);
        rocshmem_global_exit(1);
    }
    return p;
}

/* Zeroes a symmetric buffer from the host. */
static inline void ex_sym_zero(void *sym, size_t n)
{
    void *z = ex_host_alloc(n);
    ex_to_sym(sym, z, n);
    free(z);
}

/* The sum over every PE of two longs, by a device-side reduction (one workgroup). */
struct ex_sum_args {
    long *dst, *src;
};
EX_KERNEL(ex_k_sum2, struct ex_sum_args, a)
{
    rocshmem_ctx_long_sum_reduce_wg(ROCSHMEM_CTX_DEFAULT, ROCSHMEM_TEAM_WORLD, a.dst, a.src, 2);
}

static inline void ex_sum2(long v[2])
{
    struct ex_sum_args a;
    a.dst = (long *)ex_malloc(2 * sizeof(long));
    a.src = (long *)ex_malloc(2 * sizeof(long));
    ex_to_sym(a.src, v, 2 * sizeof(long));
    EX_LAUNCH(ex_k_sum2, 1, 1, a);
    ex_from_sym(v, a.dst, 2 * sizeof(long));
    rocshmem_free(a.src);
    rocshmem_free(a.dst);
}

static inline void ex_start(void)
{
    /* Unbuffered: a PE that dies still leaves every line it printed. */
    setvbuf(stdout, NULL, _IONBF, 0);
    rocshmem_init();
    ex_me = rocshmem_my_pe();
    ex_npes = rocshmem_n_pes();
}

/* The job's verdict: `errors` is this PE's count. PE 0 prints "<name>: check ok" or
 * "<name>: check FAILED ...". Returns the exit status (1 wherever any PE failed). */
static inline int ex_finish(const char *name, long errors)
{
    long v[2];
    v[0] = errors;
    v[1] = errors != 0;
    ex_sum2(v);
    if (ex_me == 0) {
        if (v[0] == 0)
            printf("%s: check ok\n", name);
        else
            printf("%s: check FAILED (%ld errors on %ld of %d PEs)\n", name, v[0], v[1], ex_npes);
    }
    rocshmem_finalize();
    return v[0] ? 1 : 0;
}

/* A positive integer option's value, or the end of the program with the usage line. */
static inline long ex_opt_long(const char *arg, const char *usage)
{
    char *end;
    long v = strtol(arg, &end, 10);
    if (*end || v <= 0) {
        if (ex_me == 0)
            printf("%s\n", usage);
        rocshmem_finalize();
        exit(2);
    }
    return v;
}

#endif
