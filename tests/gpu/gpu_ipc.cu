/* The heap's location and the on-node path, as a program sees them, on whichever path the
 * run sets up. What to expect comes from the environment: the heap is GPU memory unless
 * ROCSHMEM_HEAP_LOCATION=host, and same-node peers are mapped ("IPC") when the heap is GPU
 * memory and ROCSHMEM_DISABLE_MIXED_IPC is not set (every PE of these runs is on one node).
 * a. rocshmem_ptr on the host and from a kernel: own PE always, peers exactly when IPC,
 *    NULL for an address outside the heap;
 * b. team queries (WORLD, SHARED, INVALID) on the host and from a kernel;
 * c. a kernel storing straight into the peer's heap through rocshmem_ptr (IPC only);
 * d. host putmem / int_p / getmem / int_g, on either heap;
 * e. a host fetch-add from every PE to PE 0, counted, with a host heap and a device heap;
 * f. a first look at on-node bandwidth (IPC only): putmem_nbi_wg of 64 MiB from 1, 4 and
 *    16 blocks, and cudaMemcpy device to device for comparison (printed, not checked; the
 *    data of the last run is checked).
 * Prints a line per part and "gpu_ipc: PASS" or "gpu_ipc: FAIL" last (exit status 0 or 1). */
#define GPU_TEST_NAME "gpu_ipc"
#include "gpu_test.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define MAX_PES 64              /* the kernels' result arrays */
#define STORE_N 4096            /* ints, part c */
#define HOST_BYTES (64 * 1024)  /* part d */
#define BW_BYTES ((size_t)64 << 20)
#define BW_REPS 5
#define BW_CHECK 4096           /* bytes checked at each end, part f */

static int heap_on_device, ipc;

static void expect(int ok, const char *part, long i, long got, long want)
{
    if (!ok && fails++ < 20)
        printf("gpu_ipc pe %d: %s: [%ld] = %ld, expected %ld\n", me, part, i, got, want);
}

/* A non-NULL test reported as 1 or 0. */
static void expect_ptr(int nonnull, const char *part, long i, const void *p)
{
    expect(nonnull == (p != NULL), part, i, p != NULL, nonnull);
}

/* The library's reading of a boolean variable (0/1, yes/no, on/off, true/false). */
static int env_true(const char *name)
{
    static const char *const yes[] = { "1", "y", "yes", "on", "true" };
    const char *s = getenv(name);

    for (size_t i = 0; s && i < sizeof(yes) / sizeof(yes[0]); i++)
        if (!strcasecmp(s, yes[i]))
            return 1;
    return 0;
}

static __host__ __device__ uint32_t pattern(int pe, size_t i)
{
    return (uint32_t)pe * 0x9e3779b9u + (uint32_t)i * 2654435761u + 1u;
}

/* ---- kernels ------------------------------------------------------------------------- */
/* out[pe] = rocshmem_ptr(sym, pe) for every PE, out[npes_] = rocshmem_ptr(outside, me_). */
__global__ void k_ptr(const void *sym, const void *outside, int me_, int npes_, void **out)
{
    if (threadIdx.x == 0) {
        for (int pe = 0; pe < npes_; pe++)
            out[pe] = rocshmem_ptr(sym, pe);
        out[npes_] = rocshmem_ptr(outside, me_);
    }
}

/* n_pes(WORLD), my_pe(WORLD), n_pes(SHARED), my_pe(SHARED), my_pe(INVALID), then
 * translate(SHARED, i, WORLD) for i < npes_. */
__global__ void k_teams(int npes_, int *out)
{
    if (threadIdx.x == 0) {
        out[0] = rocshmem_team_n_pes(ROCSHMEM_TEAM_WORLD);
        out[1] = rocshmem_team_my_pe(ROCSHMEM_TEAM_WORLD);
        out[2] = rocshmem_team_n_pes(ROCSHMEM_TEAM_SHARED);
        out[3] = rocshmem_team_my_pe(ROCSHMEM_TEAM_SHARED);
        out[4] = rocshmem_team_my_pe(ROCSHMEM_TEAM_INVALID);
        for (int i = 0; i < npes_; i++)
            out[5 + i] = rocshmem_team_translate_pe(ROCSHMEM_TEAM_SHARED, i, ROCSHMEM_TEAM_WORLD);
    }
}

/* Plain stores into the peer's heap, through the address rocshmem_ptr gives. */
__global__ void k_store(int *buf, int pe, int val0)
{
    int *remote = (int *)rocshmem_ptr(buf, pe);
    int i = blockIdx.x * blockDim.x + threadIdx.x;

    if (remote)
        remote[i] = val0 + i;
    __threadfence_system();
}

__global__ void k_fill(uint32_t *p, size_t n, int pe)
{
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
         i += (size_t)gridDim.x * blockDim.x)
        p[i] = pattern(pe, i);
}

/* Each block sends its slice; one thread of the block then completes what the block sent. */
__global__ void k_bw(char *dst, const char *src, size_t per_block, int pe)
{
    size_t off = blockIdx.x * per_block;

    rocshmem_putmem_nbi_wg(dst + off, src + off, per_block, pe);
    __syncthreads();
    if (threadIdx.x == 0)
        rocshmem_quiet();
}

/* ---- parts --------------------------------------------------------------------------- */
static void part_ptr(void)
{
    long before = fails;
    int *sym = (int *)rocshmem_malloc(STORE_N * sizeof(int)), outside_host = 0;
    void *outside_dev, **dout, *hout[MAX_PES + 1];

    CUDA_OK(cudaMalloc(&outside_dev, 256));
    CUDA_OK(cudaMalloc((void **)&dout, (MAX_PES + 1) * sizeof(void *)));
    expect(sym != NULL, "rocshmem_malloc", 0, sym != NULL, 1);
    if (sym) {
        /* Host. */
        expect(rocshmem_ptr(sym, me) == sym, "host ptr(sym, me) == sym", me,
               rocshmem_ptr(sym, me) == sym, 1);
        for (int pe = 0; pe < npes; pe++)
            expect_ptr(pe == me || ipc, "host ptr(sym, pe) non-NULL", pe, rocshmem_ptr(sym, pe));
        expect_ptr(0, "host ptr(sym, npes)", npes, rocshmem_ptr(sym, npes));
        expect_ptr(0, "host ptr(host stack, me)", me, rocshmem_ptr(&outside_host, me));
        expect_ptr(0, "host ptr(cudaMalloc, me)", me, rocshmem_ptr(outside_dev, me));
        /* Kernel. */
        CUDA_OK(cudaMemset(dout, 0xff, (MAX_PES + 1) * sizeof(void *)));
        k_ptr<<<1, 32>>>(sym, outside_dev, me, npes, dout);
        CUDA_OK(cudaGetLastError());
        CUDA_OK(cudaDeviceSynchronize());
        CUDA_OK(cudaMemcpy(hout, dout, (npes + 1) * sizeof(void *), cudaMemcpyDeviceToHost));
        expect(hout[me] == sym, "device ptr(sym, me) == sym", me, hout[me] == sym, 1);
        for (int pe = 0; pe < npes; pe++)
            expect_ptr(pe == me || ipc, "device ptr(sym, pe) non-NULL", pe, hout[pe]);
        expect_ptr(0, "device ptr(cudaMalloc, me)", me, hout[npes]);
    }
    sync_all();
    cudaFree(dout);
    cudaFree(outside_dev);
    rocshmem_free(sym);
    report(ipc ? "rocshmem_ptr: every PE mapped" : "rocshmem_ptr: own PE only", before);
}

static void check_teams(const char *where, const int *q)
{
    char part[64];

    snprintf(part, sizeof(part), "%s n_pes(WORLD)", where);
    expect(q[0] == npes, part, 0, q[0], npes);
    snprintf(part, sizeof(part), "%s my_pe(WORLD)", where);
    expect(q[1] == me, part, 0, q[1], me);
    snprintf(part, sizeof(part), "%s n_pes(SHARED)", where);
    expect(q[2] == (ipc ? npes : 1), part, 0, q[2], ipc ? npes : 1);
    snprintf(part, sizeof(part), "%s my_pe(SHARED)", where);
    expect(q[3] == (ipc ? me : 0), part, 0, q[3], ipc ? me : 0);
    snprintf(part, sizeof(part), "%s my_pe(INVALID)", where);
    expect(q[4] == -1, part, 0, q[4], -1);
    snprintf(part, sizeof(part), "%s translate(SHARED, i, WORLD)", where);
    if (ipc)
        for (int i = 0; i < npes; i++)
            expect(q[5 + i] == i, part, i, q[5 + i], i);
    else
        expect(q[5] == me, part, 0, q[5], me);
}

static void part_teams(void)
{
    long before = fails;
    int q[5 + MAX_PES], *dq;

    q[0] = rocshmem_team_n_pes(ROCSHMEM_TEAM_WORLD);
    q[1] = rocshmem_team_my_pe(ROCSHMEM_TEAM_WORLD);
    q[2] = rocshmem_team_n_pes(ROCSHMEM_TEAM_SHARED);
    q[3] = rocshmem_team_my_pe(ROCSHMEM_TEAM_SHARED);
    q[4] = rocshmem_team_my_pe(ROCSHMEM_TEAM_INVALID);
    for (int i = 0; i < npes; i++)
        q[5 + i] = rocshmem_team_translate_pe(ROCSHMEM_TEAM_SHARED, i, ROCSHMEM_TEAM_WORLD);
    check_teams("host", q);

    CUDA_OK(cudaMalloc((void **)&dq, sizeof(q)));
    CUDA_OK(cudaMemset(dq, 0x7f, sizeof(q)));
    k_teams<<<1, 32>>>(npes, dq);
    CUDA_OK(cudaGetLastError());
    CUDA_OK(cudaDeviceSynchronize());
    CUDA_OK(cudaMemcpy(q, dq, (5 + npes) * sizeof(int), cudaMemcpyDeviceToHost));
    check_teams("device", q);
    cudaFree(dq);
    report(ipc ? "teams: SHARED is every PE" : "teams: SHARED is this PE", before);
}

static void part_store(void)
{
    long before = fails;
    int *buf, *h;

    if (!ipc) {
        printf("gpu_ipc pe %d: %-40s %s\n", me, "direct stores through rocshmem_ptr",
               "skipped (no IPC)");
        return;
    }
    buf = (int *)rocshmem_malloc(STORE_N * sizeof(int));
    h = (int *)malloc(STORE_N * sizeof(int));
    if (!buf || !h) {
        expect(0, "allocation", 0, 0, 1);
    } else {
        sym_zero(buf, STORE_N * sizeof(int));
        sync_all();
        k_store<<<STORE_N / 256, 256>>>(buf, peer, me * 100000);
        CUDA_OK(cudaGetLastError());
        sync_all();
        sym_read(h, buf, STORE_N * sizeof(int));
        for (int i = 0; i < STORE_N; i++)
            expect(h[i] == from * 100000 + i, "stores through rocshmem_ptr", i, h[i],
                   from * 100000 + i);
    }
    sync_all();
    free(h);
    rocshmem_free(buf);
    report("direct stores through rocshmem_ptr", before);
}

static void part_host_rma(void)
{
    long before = fails;
    char *dst = (char *)rocshmem_malloc(HOST_BYTES), *src = (char *)rocshmem_malloc(HOST_BYTES);
    int *x = (int *)rocshmem_malloc(sizeof(int)), *y = (int *)rocshmem_malloc(sizeof(int));
    char *hsrc = (char *)malloc(HOST_BYTES), *hbuf = (char *)malloc(HOST_BYTES);
    int hx, hy;

    if (!dst || !src || !x || !y || !hsrc || !hbuf) {
        expect(0, "allocation", 0, 0, 1);
        goto out;
    }
    /* Mine, for the peer behind me to get: src and y. */
    for (int i = 0; i < HOST_BYTES; i++)
        hsrc[i] = (char)(me * 13 + i * 5);
    sym_write(src, hsrc, HOST_BYTES);
    hy = me * 7 + 3;
    sym_write(y, &hy, sizeof(hy));
    sym_zero(dst, HOST_BYTES);
    sym_zero(x, sizeof(int));
    sync_all();

    /* Put from a malloc'd host buffer, and p. */
    for (int i = 0; i < HOST_BYTES; i++)
        hsrc[i] = (char)(me * 31 + i * 7);
    rocshmem_putmem(dst, hsrc, HOST_BYTES, peer);
    rocshmem_int_p(x, 1000 + me, peer);
    rocshmem_barrier_all();
    sym_read(hbuf, dst, HOST_BYTES);
    for (int i = 0; i < HOST_BYTES; i++)
        expect(hbuf[i] == (char)(from * 31 + i * 7), "host putmem", i, hbuf[i],
               (char)(from * 31 + i * 7));
    sym_read(&hx, x, sizeof(hx));
    expect(hx == 1000 + from, "host int_p", 0, hx, 1000 + from);

    /* Get into host memory, and g. */
    memset(hbuf, 0, HOST_BYTES);
    rocshmem_getmem(hbuf, src, HOST_BYTES, peer);
    for (int i = 0; i < HOST_BYTES; i++)
        expect(hbuf[i] == (char)(peer * 13 + i * 5), "host getmem", i, hbuf[i],
               (char)(peer * 13 + i * 5));
    hy = rocshmem_int_g(y, peer);
    expect(hy == peer * 7 + 3, "host int_g", 0, hy, peer * 7 + 3);
out:
    sync_all();
    free(hbuf);
    free(hsrc);
    rocshmem_free(y);
    rocshmem_free(x);
    rocshmem_free(src);
    rocshmem_free(dst);
    report(heap_on_device ? "host putmem/p/getmem/g, device heap"
                          : "host putmem/p/getmem/g, host heap", before);
}

static void part_host_amo(void)
{
    long before = fails;
    long *ctr = (long *)rocshmem_calloc(1, sizeof(long)), old, total;

    /* On a device heap PE 0's counter is mapped here (always so for PE 0 itself): the
     * library's own kernel does the atomic; on a host heap, the proxy or the CPU. */
    if (!ctr) {
        expect(0, "allocation", 0, 0, 1);
    } else {
        old = rocshmem_long_atomic_fetch_add(ctr, 1, 0);
        expect(old >= 0 && old < npes, "host fetch_add old value", 0, old, -1);
        rocshmem_barrier_all();
        if (me == 0) {
            sym_read(&total, ctr, sizeof(total));
            expect(total == npes, "host fetch_add total", 0, total, npes);
        }
    }
    sync_all();
    rocshmem_free(ctr);
    report(heap_on_device ? "host fetch_add, device heap" : "host fetch_add, host heap",
           before);
}

static void part_bandwidth(void)
{
    static const int blocks[] = { 1, 4, 16 };
    long before = fails;
    char *src, *dst, *scratch = NULL;
    uint32_t *h = NULL;
    cudaEvent_t start, stop;
    float ms;

    if (!ipc) {
        printf("gpu_ipc pe %d: %-40s %s\n", me, "on-node bandwidth", "skipped (no IPC)");
        return;
    }
    src = (char *)rocshmem_malloc(BW_BYTES);
    dst = (char *)rocshmem_malloc(BW_BYTES);
    if (!src || !dst) {
        /* Collective: NULL on every PE alike. */
        printf("gpu_ipc pe %d: %-40s %s\n", me, "on-node bandwidth",
               "skipped (heap too small for 2 x 64 MiB)");
        rocshmem_free(dst);
        rocshmem_free(src);
        return;
    }
    CUDA_OK(cudaEventCreate(&start));
    CUDA_OK(cudaEventCreate(&stop));
    k_fill<<<256, 256>>>((uint32_t *)src, BW_BYTES / 4, me);
    CUDA_OK(cudaGetLastError());

    for (size_t b = 0; b < sizeof(blocks) / sizeof(blocks[0]); b++) {
        int nb = blocks[b];
        size_t per_block = BW_BYTES / (size_t)nb;

        sym_zero(dst, BW_BYTES);
        sync_all();
        k_bw<<<nb, 1024>>>(dst, src, per_block, peer);   /* warm-up */
        CUDA_OK(cudaGetLastError());
        CUDA_OK(cudaDeviceSynchronize());
        CUDA_OK(cudaEventRecord(start));
        for (int r = 0; r < BW_REPS; r++)
            k_bw<<<nb, 1024>>>(dst, src, per_block, peer);
        CUDA_OK(cudaGetLastError());
        CUDA_OK(cudaEventRecord(stop));
        CUDA_OK(cudaEventSynchronize(stop));
        CUDA_OK(cudaEventElapsedTime(&ms, start, stop));
        printf("gpu_ipc pe %d: putmem_nbi_wg 64 MiB, %d blocks: %.1f GB/s\n", me, nb,
               (double)BW_BYTES * BW_REPS / (ms * 1e-3) / 1e9);
        sync_all();
    }

    /* What the peer behind me sent last (16 blocks): both ends of the 64 MiB. */
    h = (uint32_t *)malloc(BW_CHECK);
    if (!h) {
        expect(0, "allocation", 0, 0, 1);
    } else {
        size_t tail = (BW_BYTES - BW_CHECK) / 4;
        sym_read(h, dst, BW_CHECK);
        for (size_t i = 0; i < BW_CHECK / 4; i++)
            expect(h[i] == pattern(from, i), "putmem_nbi_wg data (head)", (long)i, h[i],
                   pattern(from, i));
        sym_read(h, dst + BW_BYTES - BW_CHECK, BW_CHECK);
        for (size_t i = 0; i < BW_CHECK / 4; i++)
            expect(h[i] == pattern(from, tail + i), "putmem_nbi_wg data (tail)",
                   (long)(tail + i), h[i], pattern(from, tail + i));
    }

    /* For comparison: a copy inside this GPU. */
    CUDA_OK(cudaMalloc((void **)&scratch, BW_BYTES));
    CUDA_OK(cudaMemcpy(scratch, src, BW_BYTES, cudaMemcpyDeviceToDevice));   /* warm-up */
    CUDA_OK(cudaDeviceSynchronize());
    CUDA_OK(cudaEventRecord(start));
    for (int r = 0; r < BW_REPS; r++)
        CUDA_OK(cudaMemcpy(scratch, src, BW_BYTES, cudaMemcpyDeviceToDevice));
    CUDA_OK(cudaEventRecord(stop));
    CUDA_OK(cudaEventSynchronize(stop));
    CUDA_OK(cudaEventElapsedTime(&ms, start, stop));
    printf("gpu_ipc pe %d: cudaMemcpy D2D 64 MiB: %.1f GB/s\n", me,
           (double)BW_BYTES * BW_REPS / (ms * 1e-3) / 1e9);

    sync_all();
    cudaFree(scratch);
    cudaEventDestroy(start);
    cudaEventDestroy(stop);
    free(h);
    rocshmem_free(dst);
    rocshmem_free(src);
    report("putmem_nbi_wg 64 MiB, 1/4/16 blocks", before);
}

int main(void)
{
    const char *loc;

    gpu_test_start();
    loc = getenv("ROCSHMEM_HEAP_LOCATION");
    heap_on_device = !(loc && !strcasecmp(loc, "host"));
    ipc = heap_on_device && !env_true("ROCSHMEM_DISABLE_MIXED_IPC");
    if (npes > MAX_PES) {
        printf("gpu_ipc pe %d: at most %d PEs\ngpu_ipc: FAIL\n", me, MAX_PES);
        return 1;
    }
    printf("gpu_ipc pe %d: %d PEs, heap in %s memory, peers %s\n", me, npes,
           heap_on_device ? "GPU" : "host", ipc ? "mapped (IPC)" : "through the proxy");

    part_ptr();
    part_teams();
    part_store();
    part_host_rma();
    part_host_amo();
    part_bandwidth();
    return gpu_test_finish();
}
