/* What the GPU test programs share: the PE numbers, the failure count, the CUDA error
 * check, the per-part report, the barrier between phases, and the start and end of a
 * program. The including file defines GPU_TEST_NAME (its name, as printed) first. */
#ifndef GPU_TEST_H
#define GPU_TEST_H

#include <rocshmem/rocshmem.h>

#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

static int me, npes, peer, from;   /* each PE sends to peer and receives from `from` */
static long fails;

#define CUDA_OK(call)                                                                      \
    do {                                                                                   \
        cudaError_t e_ = (call);                                                           \
        if (e_ != cudaSuccess) {                                                           \
            printf(GPU_TEST_NAME " pe %d: %s: %s\n", me, #call, cudaGetErrorString(e_));   \
            printf(GPU_TEST_NAME ": FAIL\n");                                              \
            exit(1);                                                                       \
        }                                                                                  \
    } while (0)

/* The heap may be GPU memory (device heap) or host memory (host heap): the host reaches
 * symmetric objects only through these copies, which work for both. */
static void sym_write(void *sym, const void *host, size_t n)
{
    CUDA_OK(cudaMemcpy(sym, host, n, cudaMemcpyDefault));
}

static void sym_read(void *host, const void *sym, size_t n)
{
    CUDA_OK(cudaMemcpy(host, sym, n, cudaMemcpyDefault));
}

static void sym_zero(void *sym, size_t n)
{
    CUDA_OK(cudaMemset(sym, 0, n));
    CUDA_OK(cudaDeviceSynchronize());
}

static void report(const char *part, long before)
{
    printf(GPU_TEST_NAME " pe %d: %-40s %s\n", me, part, fails == before ? "ok" : "FAILED");
}

static void sync_all(void)
{
    CUDA_OK(cudaDeviceSynchronize());
    rocshmem_barrier_all();
}

static void gpu_test_start(void)
{
    /* Unbuffered: a PE that dies still leaves every line it printed. */
    setvbuf(stdout, NULL, _IONBF, 0);
    rocshmem_init();
    me = rocshmem_my_pe();
    npes = rocshmem_n_pes();
    peer = (me + 1) % npes;
    from = (me + npes - 1) % npes;
}

/* Returns the exit status. */
static int gpu_test_finish(void)
{
    rocshmem_finalize();
    printf(GPU_TEST_NAME " pe %d: %s\n", me, fails ? "FAIL" : "PASS");
    if (me == 0)
        printf(GPU_TEST_NAME ": %s\n", fails ? "FAIL" : "PASS");
    return fails ? 1 : 0;
}

#endif
