/* The device API from real CUDA kernels, PE to PE on whichever path the run sets up (the
 * on-node IPC path with a device heap, or the proxy with a host heap and any provider): p and put at thread scope, put at warp scope (_wave), putmem at block scope
 * (_wg), g (result through the ring's return word into device memory), fetch-add from
 * every thread onto one PE, putmem_signal + signal_wait_until across kernels, a device
 * barrier, and a flood of nbi p from 16k threads through 4 rings. Each part is checked
 * element by element on the host after a barrier; prints one line per part and
 * "gpu_func: PASS" or "gpu_func: FAIL" last (exit status 0 or 1).
 * Also times one thread's p + quiet and the flood, as a first look (not a benchmark). */
#define GPU_TEST_NAME "gpu_func"
#include "gpu_test.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define N 4096                  /* ints per array */
#define FLOOD_BLOCKS 64
#define FLOOD_THREADS 256
#define FLOOD_PER_THREAD 16
#define FLOOD_N (FLOOD_BLOCKS * FLOOD_THREADS * FLOOD_PER_THREAD)

static void expect(int ok, const char *part, long i, long got, long want)
{
    if (!ok && fails++ < 10)
        printf("gpu_func pe %d: %s: [%ld] = %ld, expected %ld\n", me, part, i, got, want);
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

__global__ void k_p(int *dst, int val0, int pe)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    rocshmem_int_p(&dst[i], val0 + i, pe);
    rocshmem_quiet();
}

__global__ void k_put_thread(int *dst, const int *src, int pe)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    rocshmem_int_put(&dst[i * 4], &src[i * 4], 4, pe);
}

__global__ void k_put_wave(int *dst, const int *src, int pe)
{
    int w = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
    rocshmem_int_put_wave(&dst[w * 64], &src[w * 64], 64, pe);
}

__global__ void k_putmem_wg(char *dst, const char *src, size_t per_block, int pe)
{
    rocshmem_putmem_wg(dst + blockIdx.x * per_block, src + blockIdx.x * per_block, per_block, pe);
}

__global__ void k_g(const int *src, int *out, int pe)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    out[i] = rocshmem_int_g(&src[i], pe);
}

__global__ void k_fetch_add(long *ctr, long *old, int pe)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    old[i] = rocshmem_long_atomic_fetch_add(ctr, 1, pe);
}

__global__ void k_signal_send(char *dst, const char *src, size_t len, uint64_t *sig, int pe)
{
    if (threadIdx.x == 0)
        rocshmem_putmem_signal(dst, src, len, sig, 1, ROCSHMEM_SIGNAL_ADD, pe);
}

__global__ void k_signal_wait(uint64_t *sig, uint64_t want)
{
    if (threadIdx.x == 0)
        rocshmem_signal_wait_until(sig, ROCSHMEM_CMP_GE, want);
}

__global__ void k_barrier(int *flag, int pe, int val)
{
    if (threadIdx.x == 0) {
        rocshmem_int_p(flag, val, pe);
        rocshmem_barrier_all();
    }
}

__global__ void k_flood(int *dst, int pe, int val0)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    for (int k = 0; k < FLOOD_PER_THREAD; k++) {
        int i = k * FLOOD_BLOCKS * FLOOD_THREADS + t;
        rocshmem_int_p(&dst[i], val0 + i, pe);
    }
    rocshmem_quiet();
}

__global__ void k_latency(int *dst, int pe, int iters)
{
    for (int i = 0; i < iters; i++) {
        rocshmem_int_p(dst, i, pe);
        rocshmem_quiet();
    }
}

int main(void)
{
    int *a, *b, *src, *dout, *flag, *flood, *h, hflag;
    long *ctr, *dold, *old, hctr;
    uint64_t *sig, hsig;
    char *bytes_src, *bytes_dst, *hbytes;
    long before;
    double t0;

    gpu_test_start();
    a = (int *)rocshmem_malloc(N * sizeof(int));
    b = (int *)rocshmem_malloc(N * sizeof(int));
    src = (int *)rocshmem_malloc(N * sizeof(int));
    flag = (int *)rocshmem_malloc(sizeof(int));
    ctr = (long *)rocshmem_calloc(1, sizeof(long));
    sig = (uint64_t *)rocshmem_calloc(1, sizeof(uint64_t));
    bytes_src = (char *)rocshmem_malloc(64 * 1024);
    bytes_dst = (char *)rocshmem_malloc(64 * 1024);
    flood = (int *)rocshmem_malloc(FLOOD_N * sizeof(int));
    old = (long *)malloc(N * sizeof(long));
    h = (int *)malloc(FLOOD_N * sizeof(int));
    hbytes = (char *)malloc(64 * 1024);
    if (!a || !b || !src || !flag || !ctr || !sig || !bytes_src || !bytes_dst || !flood || !old ||
        !h || !hbytes) {
        printf("gpu_func pe %d: allocation failed\ngpu_func: FAIL\n", me);
        return 1;
    }
    CUDA_OK(cudaMalloc((void **)&dout, N * sizeof(int)));
    CUDA_OK(cudaMalloc((void **)&dold, N * sizeof(long)));
    for (int i = 0; i < N; i++)
        h[i] = me * 1000000 + i;
    sym_write(src, h, N * sizeof(int));
    for (int i = 0; i < 64 * 1024; i++)
        hbytes[i] = (char)(me * 31 + i * 7);
    sym_write(bytes_src, hbytes, 64 * 1024);
    sym_zero(a, N * sizeof(int));
    sym_zero(b, N * sizeof(int));
    sync_all();

    before = fails;
    k_p<<<N / 256, 256>>>(a, me * 100000, peer);
    sync_all();
    sym_read(h, a, N * sizeof(int));
    for (int i = 0; i < N; i++)
        expect(h[i] == from * 100000 + i, "p", i, h[i], from * 100000 + i);
    report("int_p, 4096 threads", before);

    before = fails;
    k_put_thread<<<N / 4 / 128, 128>>>(b, src, peer);
    sync_all();
    sym_read(h, b, N * sizeof(int));
    for (int i = 0; i < N; i++)
        expect(h[i] == from * 1000000 + i, "put (thread)", i, h[i], from * 1000000 + i);
    report("int_put, 1024 threads x 4", before);

    before = fails;
    sym_zero(a, N * sizeof(int));
    sync_all();
    k_put_wave<<<N / 64 / 2, 64>>>(a, src, peer);
    sync_all();
    sym_read(h, a, N * sizeof(int));
    for (int i = 0; i < N; i++)
        expect(h[i] == from * 1000000 + i, "put_wave", i, h[i], from * 1000000 + i);
    report("int_put_wave, 64 warps x 64", before);

    before = fails;
    k_putmem_wg<<<16, 256>>>(bytes_dst, bytes_src, 4096, peer);
    sync_all();
    sym_read(hbytes, bytes_dst, 64 * 1024);
    for (int i = 0; i < 64 * 1024; i++)
        expect(hbytes[i] == (char)(from * 31 + i * 7), "putmem_wg", i, hbytes[i],
               (char)(from * 31 + i * 7));
    report("putmem_wg, 16 blocks x 4 KiB", before);

    before = fails;
    k_g<<<N / 256, 256>>>(src, dout, peer);
    CUDA_OK(cudaDeviceSynchronize());
    CUDA_OK(cudaMemcpy(h, dout, N * sizeof(int), cudaMemcpyDeviceToHost));
    for (int i = 0; i < N; i++)
        expect(h[i] == peer * 1000000 + i, "g", i, h[i], peer * 1000000 + i);
    report("int_g into device memory", before);
    sync_all();

    before = fails;
    k_fetch_add<<<N / 256, 256>>>(ctr, dold, 0);
    sync_all();
    CUDA_OK(cudaMemcpy(old, dold, N * sizeof(long), cudaMemcpyDeviceToHost));
    {
        /* Every value a fetch returned is distinct: sort by counting. */
        long total = (long)npes * N;
        unsigned char *seen = (unsigned char *)calloc((size_t)total, 1);
        for (int i = 0; i < N; i++) {
            int ok = old[i] >= 0 && old[i] < total && !seen[old[i]];
            expect(ok, "fetch_add old value distinct", i, old[i], -1);
            if (ok)
                seen[old[i]] = 1;
        }
        free(seen);
        sym_read(&hctr, ctr, sizeof(hctr));
        if (me == 0)
            expect(hctr == total, "fetch_add total", 0, hctr, total);
    }
    report("long_atomic_fetch_add, 4096 threads", before);

    before = fails;
    sym_zero(bytes_dst, 64 * 1024);
    sync_all();
    k_signal_send<<<1, 32>>>(bytes_dst, bytes_src, 64 * 1024, sig, peer);
    k_signal_wait<<<1, 32>>>(sig, 1);
    CUDA_OK(cudaDeviceSynchronize());
    sym_read(hbytes, bytes_dst, 64 * 1024);
    for (int i = 0; i < 64 * 1024; i++)
        expect(hbytes[i] == (char)(from * 31 + i * 7), "putmem_signal data", i,
               hbytes[i], (char)(from * 31 + i * 7));
    sym_read(&hsig, sig, sizeof(hsig));
    expect(hsig == 1, "signal value", 0, (long)hsig, 1);
    report("putmem_signal + signal_wait_until", before);
    sync_all();

    before = fails;
    hflag = -1;
    sym_write(flag, &hflag, sizeof(hflag));
    sync_all();
    k_barrier<<<1, 32>>>(flag, peer, 7 + me);
    CUDA_OK(cudaDeviceSynchronize());
    /* The device barrier completed the p before it: the value is here. */
    sym_read(&hflag, flag, sizeof(hflag));
    expect(hflag == 7 + from, "flag before device barrier", 0, hflag, 7 + from);
    report("barrier_all from a kernel", before);
    sync_all();

    before = fails;
    sym_zero(flood, FLOOD_N * sizeof(int));
    sync_all();
    t0 = now_s();
    k_flood<<<FLOOD_BLOCKS, FLOOD_THREADS>>>(flood, peer, me * 10000000);
    CUDA_OK(cudaDeviceSynchronize());
    t0 = now_s() - t0;
    sync_all();
    sym_read(h, flood, FLOOD_N * sizeof(int));
    for (int i = 0; i < FLOOD_N; i++)
        expect(h[i] == from * 10000000 + i, "flood", i, h[i], from * 10000000 + i);
    report("nbi p flood, 16384 threads x 16", before);
    if (fails != before) {
        /* Late or lost: count what is missing now, wait, and count again. */
        for (int pass = 0; pass < 2; pass++) {
            long missing = 0, first = -1, last = -1;
            sym_read(h, flood, FLOOD_N * sizeof(int));
            for (int i = 0; i < FLOOD_N; i++)
                if (h[i] != from * 10000000 + i) {
                    missing++;
                    last = i;
                    if (first < 0)
                        first = i;
                }
            printf("gpu_func pe %d: flood pass %d: %ld missing, first %ld (round %ld, block %ld, "
                   "thread %ld), last %ld\n", me, pass, missing, first,
                   first / (FLOOD_BLOCKS * FLOOD_THREADS),
                   (first % (FLOOD_BLOCKS * FLOOD_THREADS)) / FLOOD_THREADS, first % FLOOD_THREADS,
                   last);
            struct timespec ts = { 1, 0 };
            nanosleep(&ts, NULL);
        }
    }
    printf("gpu_func pe %d: flood of %d p + quiet: %.3f s, %.2f M ops/s\n", me, FLOOD_N, t0,
           FLOOD_N / t0 / 1e6);

    sync_all();
    t0 = now_s();
    k_latency<<<1, 1>>>(flag, peer, 1000);
    CUDA_OK(cudaDeviceSynchronize());
    t0 = now_s() - t0;
    printf("gpu_func pe %d: one thread, int_p + quiet: %.2f us each (1000, with launch)\n", me,
           t0 / 1000 * 1e6);
    sync_all();

    cudaFree(dout);
    cudaFree(dold);
    free(old);
    free(h);
    free(hbytes);
    return gpu_test_finish();
}
