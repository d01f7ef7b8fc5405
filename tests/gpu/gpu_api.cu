/* The device API across its type tables, from real CUDA kernels, PE to PE (each PE to the
 * next), element by element:
 * - every RMA type: put, put_nbi, get at thread scope; put_wave, get_nbi_wave (warps of 32);
 *   put_wg, get_wg (a block of 256);
 * - every standard AMO type: fetch_add, add, inc, fetch_inc from 512 threads of every PE
 *   onto PE 0 (totals exact, fetched values distinct), compare_swap claims;
 * - every extended AMO type: swap chains (what was swapped out, plus what is left, is
 *   exactly what was swapped in), set, fetch;
 * - every bitwise type: fetch_or of one bit per thread, and, xor;
 * - fence: a sender block streams rounds of data + fence + flag while a receiver block on
 *   the peer waits for each flag and checks its data;
 * - contexts from rocshmem_wg_ctx_create in every block, used with ctx_ puts and destroyed;
 * - putmem_signal_nbi with SET and ADD, signal_fetch, wait_until_any on a vector.
 * The host never dereferences symmetric memory (the heap may be GPU memory): it fills and
 * checks host shadows and copies them in and out with sym_write / sym_read / sym_zero.
 * Prints a line per part and "gpu_api: PASS" or "gpu_api: FAIL" (exit status 0 or 1). */
#define GPU_TEST_NAME "gpu_api"
#include "gpu_test.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SEG 256                 /* elements per scope segment */
#define RMA_N (4 * SEG)         /* thread (2 segments: put, put_nbi), wave, wg */
#define AMO_THREADS 512
#define FENCE_ROUNDS 64
#define FENCE_WORDS 64

static void expect(int ok, const char *part, const char *name, long i, double got, double want)
{
    if (!ok && fails++ < 20)
        printf("gpu_api pe %d: %s %s: [%ld] = %g, expected %g\n", me, part, name, i, got, want);
}

/* The value PE `pe` keeps at index i: small and positive, exact in every type. */
static __host__ __device__ int val(int pe, int i) { return (pe * 37 + i) % 101 + 1; }

/* ---- RMA, every type, three scopes ------------------------------------------------ */
#define DEF_RMA_KERNEL(NAME, TYPE, KIND)                                                   \
    __global__ void k_rma_##NAME(TYPE *dst, const TYPE *src, TYPE *got, int pe)            \
    {                                                                                      \
        int t = threadIdx.x, w = t / 32;                                                   \
        if (blockIdx.x == 0) {                                                             \
            rocshmem_##NAME##_put(&dst[t], &src[t], 1, pe);                                \
            rocshmem_##NAME##_put_nbi(&dst[SEG + t], &src[SEG + t], 1, pe);                \
            rocshmem_##NAME##_get(&got[t], &src[t], 1, pe);                                \
            rocshmem_quiet();                                                              \
        } else if (blockIdx.x == 1) {                                                      \
            rocshmem_##NAME##_put_wave(&dst[2 * SEG + w * 32], &src[2 * SEG + w * 32], 32, pe); \
            rocshmem_##NAME##_get_nbi_wave(&got[2 * SEG + w * 32], &src[2 * SEG + w * 32],  \
                                           32, pe);                                        \
            rocshmem_quiet();                                                              \
        } else {                                                                           \
            rocshmem_##NAME##_put_wg(&dst[3 * SEG], &src[3 * SEG], SEG, pe);               \
            rocshmem_##NAME##_get_wg(&got[3 * SEG], &src[3 * SEG], SEG, pe);               \
        }                                                                                  \
    }
ROCSHMEM_FOR_RMA_TYPES(DEF_RMA_KERNEL)

#define RUN_RMA(NAME, TYPE, KIND)                                                          \
    {                                                                                      \
        TYPE *dst = (TYPE *)rocshmem_malloc(RMA_N * sizeof(TYPE));                         \
        TYPE *src = (TYPE *)rocshmem_malloc(RMA_N * sizeof(TYPE));                         \
        TYPE *got = (TYPE *)rocshmem_malloc(RMA_N * sizeof(TYPE));                         \
        TYPE hdst[RMA_N], hgot[RMA_N];          /* host shadows: src then dst, and got */  \
        for (int i = 0; i < RMA_N; i++)                                                    \
            hdst[i] = (TYPE)val(me, i);                                                    \
        sym_write(src, hdst, sizeof(hdst));                                                \
        sym_zero(dst, RMA_N * sizeof(TYPE));                                               \
        sym_zero(got, RMA_N * sizeof(TYPE));                                               \
        sync_all();                                                                        \
        k_rma_##NAME<<<3, SEG>>>(dst, src, got, peer);                                     \
        sync_all();                                                                        \
        sym_read(hdst, dst, sizeof(hdst));                                                 \
        sym_read(hgot, got, sizeof(hgot));                                                 \
        for (int i = 0; i < RMA_N; i++) {                                                  \
            expect(hdst[i] == (TYPE)val(from, i), "put", #NAME, i, (double)hdst[i],        \
                   val(from, i));                                                          \
            if (i < SEG || i >= 2 * SEG)                                                   \
                expect(hgot[i] == (TYPE)val(peer, i), "get", #NAME, i, (double)hgot[i],    \
                       val(peer, i));                                                      \
        }                                                                                  \
        sync_all();                                                                        \
        rocshmem_free(got);                                                                \
        rocshmem_free(src);                                                                \
        rocshmem_free(dst);                                                                \
        types++;                                                                           \
    }

/* ---- AMOs ---------------------------------------------------------------------------- */
#define DEF_AMO_STD_KERNEL(NAME, TYPE, KIND)                                               \
    __global__ void k_amo_std_##NAME(TYPE *ctr, TYPE *old, TYPE *claim, int *won)          \
    {                                                                                      \
        int i = blockIdx.x * blockDim.x + threadIdx.x;                                     \
        old[i] = rocshmem_##NAME##_atomic_fetch_add(&ctr[0], (TYPE)1, 0);                  \
        rocshmem_##NAME##_atomic_add(&ctr[1], (TYPE)2, 0);                                 \
        rocshmem_##NAME##_atomic_inc(&ctr[2], 0);                                          \
        (void)rocshmem_##NAME##_atomic_fetch_inc(&ctr[3], 0);                              \
        /* One thread of the whole job claims each of 8 slots on PE 0. */                  \
        won[i] = rocshmem_##NAME##_atomic_compare_swap(&claim[i % 8], (TYPE)0,             \
                                                       (TYPE)(i + 1), 0) == (TYPE)0;       \
        rocshmem_quiet();                                                                  \
    }
ROCSHMEM_FOR_AMO_STANDARD_TYPES(DEF_AMO_STD_KERNEL)

#define RUN_AMO_STD(NAME, TYPE, KIND)                                                      \
    {                                                                                      \
        TYPE *ctr = (TYPE *)rocshmem_calloc(4, sizeof(TYPE));                              \
        TYPE *claim = (TYPE *)rocshmem_calloc(8, sizeof(TYPE));                            \
        TYPE *dold, *old = (TYPE *)malloc(AMO_THREADS * sizeof(TYPE));                     \
        int *dwon, *won = (int *)malloc(AMO_THREADS * sizeof(int)), wins = 0, *all;        \
        TYPE hctr[4];                           /* host shadow of ctr (PE 0) */            \
        unsigned char *seen = (unsigned char *)calloc((size_t)npes * AMO_THREADS, 1);      \
        CUDA_OK(cudaMalloc((void **)&dold, AMO_THREADS * sizeof(TYPE)));                   \
        CUDA_OK(cudaMalloc((void **)&dwon, AMO_THREADS * sizeof(int)));                    \
        sync_all();                                                                        \
        k_amo_std_##NAME<<<AMO_THREADS / 128, 128>>>(ctr, dold, claim, dwon);              \
        sync_all();                                                                        \
        CUDA_OK(cudaMemcpy(old, dold, AMO_THREADS * sizeof(TYPE), cudaMemcpyDeviceToHost)); \
        CUDA_OK(cudaMemcpy(won, dwon, AMO_THREADS * sizeof(int), cudaMemcpyDeviceToHost)); \
        for (int i = 0; i < AMO_THREADS; i++) {                                            \
            long v = (long)old[i];                                                         \
            int ok = v >= 0 && v < (long)npes * AMO_THREADS && !seen[v];                   \
            expect(ok, "fetch_add distinct", #NAME, i, (double)v, -1);                     \
            if (ok)                                                                        \
                seen[v] = 1;                                                               \
            wins += won[i];                                                                \
        }                                                                                  \
        /* Wins of every PE, one slot each in PE 0's heap (a host p: host code does no     \
         * atomics on a device heap), summed there. */                                     \
        all = (int *)rocshmem_calloc((size_t)npes, sizeof(int));                           \
        sync_all();                                                                        \
        rocshmem_int_p(&all[me], wins, 0);                                                 \
        sync_all();                                                                        \
        if (me == 0) {                                                                     \
            long n = (long)npes * AMO_THREADS;                                             \
            int *hall = (int *)malloc((size_t)npes * sizeof(int)), total = 0;              \
            sym_read(hctr, ctr, sizeof(hctr));                                             \
            sym_read(hall, all, (size_t)npes * sizeof(int));                               \
            for (int pe = 0; pe < npes; pe++)                                              \
                total += hall[pe];                                                         \
            free(hall);                                                                    \
            expect((long)hctr[0] == n, "fetch_add total", #NAME, 0, (double)hctr[0], n);   \
            expect((long)hctr[1] == 2 * n, "add total", #NAME, 1, (double)hctr[1], 2 * n); \
            expect((long)hctr[2] == n, "inc total", #NAME, 2, (double)hctr[2], n);         \
            expect((long)hctr[3] == n, "fetch_inc total", #NAME, 3, (double)hctr[3], n);   \
            expect(total == 8, "compare_swap winners", #NAME, 0, total, 8);                \
        }                                                                                  \
        sync_all();                                                                        \
        rocshmem_free(all);                                                                \
        cudaFree(dold);                                                                    \
        cudaFree(dwon);                                                                    \
        free(old);                                                                         \
        free(won);                                                                         \
        free(seen);                                                                        \
        rocshmem_free(claim);                                                              \
        rocshmem_free(ctr);                                                                \
        types++;                                                                           \
    }

#define DEF_AMO_EXT_KERNEL(NAME, TYPE, KIND)                                               \
    __global__ void k_amo_ext_##NAME(TYPE *slot, TYPE *setw, TYPE *old, TYPE *fetched, int me_) \
    {                                                                                      \
        int i = blockIdx.x * blockDim.x + threadIdx.x;                                     \
        /* Values me_*AMO_THREADS + i + 1: distinct across the job, exact in float. */     \
        old[i] = rocshmem_##NAME##_atomic_swap(slot, (TYPE)(me_ * AMO_THREADS + i + 1), 0); \
        if (i == 0)                                                                        \
            rocshmem_##NAME##_atomic_set(setw, (TYPE)(me_ + 5), me_);                      \
        rocshmem_quiet();                                                                  \
        if (i == 0)                                                                        \
            fetched[0] = rocshmem_##NAME##_atomic_fetch(setw, me_);                        \
    }
ROCSHMEM_FOR_AMO_EXTENDED_TYPES(DEF_AMO_EXT_KERNEL)

#define RUN_AMO_EXT(NAME, TYPE, KIND)                                                      \
    {                                                                                      \
        TYPE *slot = (TYPE *)rocshmem_calloc(1, sizeof(TYPE));                             \
        TYPE *setw = (TYPE *)rocshmem_calloc(1, sizeof(TYPE));                             \
        long n = (long)npes * AMO_THREADS;                                                 \
        TYPE *dold, *old = (TYPE *)malloc(AMO_THREADS * sizeof(TYPE)), *dfetched, fetched;  \
        unsigned char *seen;                                                               \
        TYPE *allold = (TYPE *)rocshmem_calloc((size_t)n, sizeof(TYPE));                   \
        CUDA_OK(cudaMalloc((void **)&dold, AMO_THREADS * sizeof(TYPE)));                   \
        CUDA_OK(cudaMalloc((void **)&dfetched, sizeof(TYPE)));                             \
        sync_all();                                                                        \
        k_amo_ext_##NAME<<<AMO_THREADS / 128, 128>>>(slot, setw, dold, dfetched, me);      \
        sync_all();                                                                        \
        CUDA_OK(cudaMemcpy(old, dold, AMO_THREADS * sizeof(TYPE), cudaMemcpyDeviceToHost)); \
        CUDA_OK(cudaMemcpy(&fetched, dfetched, sizeof(TYPE), cudaMemcpyDeviceToHost));     \
        expect(fetched == (TYPE)(me + 5), "set then fetch", #NAME, 0, (double)fetched, me + 5); \
        for (int i = 0; i < AMO_THREADS; i++)                                              \
            rocshmem_##NAME##_p(allold + (size_t)me * AMO_THREADS + i, old[i], 0);         \
        sync_all();                                                                        \
        if (me == 0) {                                                                     \
            /* Swapped out (n values) plus what is left: 0 and 1..n, each once. */         \
            TYPE *hallold = (TYPE *)malloc((size_t)n * sizeof(TYPE)), hslot;               \
            sym_read(hallold, allold, (size_t)n * sizeof(TYPE));                           \
            sym_read(&hslot, slot, sizeof(TYPE));                                          \
            seen = (unsigned char *)calloc((size_t)n + 1, 1);                              \
            for (long i = 0; i <= n; i++) {                                                \
                long v = i < n ? (long)hallold[i] : (long)hslot;                           \
                int ok = v >= 0 && v <= n && !seen[v];                                     \
                expect(ok, "swap chain", #NAME, i, (double)v, -1);                         \
                if (ok)                                                                    \
                    seen[v] = 1;                                                           \
            }                                                                              \
            free(seen);                                                                    \
            free(hallold);                                                                 \
        }                                                                                  \
        sync_all();                                                                        \
        cudaFree(dold);                                                                    \
        cudaFree(dfetched);                                                                \
        free(old);                                                                         \
        rocshmem_free(allold);                                                             \
        rocshmem_free(setw);                                                               \
        rocshmem_free(slot);                                                               \
        types++;                                                                           \
    }

#define DEF_AMO_BIT_KERNEL(NAME, TYPE, KIND)                                               \
    __global__ void k_amo_bit_##NAME(TYPE *w)                                              \
    {                                                                                      \
        int i = blockIdx.x * blockDim.x + threadIdx.x;                                     \
        TYPE bit = (TYPE)(1u << (i % 32));                                                 \
        (void)rocshmem_##NAME##_atomic_fetch_or(&w[0], bit, 0);                            \
        rocshmem_##NAME##_atomic_and(&w[1], (TYPE)~(1u << (i % 32)), 0);                   \
        rocshmem_##NAME##_atomic_xor(&w[2], bit, 0);                                       \
        rocshmem_quiet();                                                                  \
    }
ROCSHMEM_FOR_AMO_BITWISE_TYPES(DEF_AMO_BIT_KERNEL)

#define RUN_AMO_BIT(NAME, TYPE, KIND)                                                      \
    {                                                                                      \
        TYPE *w = (TYPE *)rocshmem_calloc(3, sizeof(TYPE));                                \
        TYPE hw[3] = { (TYPE)0, (TYPE)0xffffffffu, (TYPE)0 };  /* host shadow of w */      \
        sym_write(w, hw, sizeof(hw));                                                      \
        sync_all();                                                                        \
        k_amo_bit_##NAME<<<AMO_THREADS / 128, 128>>>(w);                                   \
        sync_all();                                                                        \
        if (me == 0) {                                                                     \
            /* 512 threads per PE: each bit is xor'ed 16 x npes times, an even count. */   \
            sym_read(hw, w, sizeof(hw));                                                   \
            expect(hw[0] == (TYPE)0xffffffffu, "fetch_or", #NAME, 0, (double)hw[0],        \
                   4294967295.0);                                                          \
            expect(hw[1] == (TYPE)0, "and", #NAME, 1, (double)hw[1], 0);                   \
            expect(hw[2] == (TYPE)0, "xor", #NAME, 2, (double)hw[2], 0);                   \
        }                                                                                  \
        sync_all();                                                                        \
        rocshmem_free(w);                                                                  \
        types++;                                                                           \
    }

/* ---- fence, contexts, signals ------------------------------------------------------- */
__global__ void k_fence(int *data, int *flag, int me_, int pe, int *bad)
{
    if (blockIdx.x == 0 && threadIdx.x == 0) {
        for (int r = 0; r < FENCE_ROUNDS; r++) {
            int *src = data + (FENCE_ROUNDS + r) * FENCE_WORDS;   /* local staging */
            for (int k = 0; k < FENCE_WORDS; k++)
                src[k] = me_ * 100000 + r * 1000 + k;
            rocshmem_int_put_nbi(data + r * FENCE_WORDS, src, FENCE_WORDS, pe);
            rocshmem_fence();
            rocshmem_int_p(flag, r + 1, pe);
        }
        rocshmem_quiet();
    } else if (blockIdx.x == 1 && threadIdx.x == 0) {
        for (int r = 0; r < FENCE_ROUNDS; r++) {
            rocshmem_int_wait_until(flag, ROCSHMEM_CMP_GE, r + 1);
            for (int k = 0; k < FENCE_WORDS; k++) {
                int v = ((volatile int *)data)[r * FENCE_WORDS + k];
                if (v % 100000 != r * 1000 + k)
                    atomicAdd(bad, 1);
            }
        }
    }
}

__global__ void k_ctx(int *dst, const int *src, int pe, int *errs)
{
    rocshmem_ctx_t ctx;
    if (rocshmem_wg_ctx_create(0, &ctx) != ROCSHMEM_SUCCESS) {
        if (threadIdx.x == 0)
            atomicAdd(errs, 1);
        return;
    }
    rocshmem_ctx_int_put_wg(ctx, dst + blockIdx.x * 128, src + blockIdx.x * 128, 128, pe);
    rocshmem_ctx_quiet(ctx);
    rocshmem_wg_ctx_destroy(&ctx);
}

__global__ void k_signal(char *dst, const char *src, uint64_t *sigs, int pe, uint64_t *fetched)
{
    if (threadIdx.x == 0) {
        rocshmem_putmem_signal_nbi(dst, src, 1024, &sigs[0], 7, ROCSHMEM_SIGNAL_SET, pe);
        rocshmem_putmem_signal_nbi(dst + 1024, src + 1024, 1024, &sigs[1], 3, ROCSHMEM_SIGNAL_ADD, pe);
        rocshmem_putmem_signal_nbi(dst + 2048, src + 2048, 1024, &sigs[1], 4, ROCSHMEM_SIGNAL_ADD, pe);
        rocshmem_quiet();
        /* Mine, from the peer behind me: wait for both, then read them. */
        rocshmem_uint64_wait_until(&sigs[0], ROCSHMEM_CMP_EQ, 7);
        rocshmem_uint64_wait_until(&sigs[1], ROCSHMEM_CMP_EQ, 7);
        fetched[0] = rocshmem_signal_fetch(&sigs[0]);
        fetched[1] = rocshmem_signal_fetch(&sigs[1]);
    }
}

__global__ void k_wait_any(int *flags, int pe, size_t *which)
{
    if (threadIdx.x == 0) {
        rocshmem_int_p(&flags[2], 1, pe);
        rocshmem_quiet();
        *which = rocshmem_int_wait_until_any(flags, 4, NULL, ROCSHMEM_CMP_EQ, 1);
    }
}

/* report() for a part that counts the types it covered. */
static void report_types(const char *fmt, int types, long before)
{
    char part[64];
    snprintf(part, sizeof(part), fmt, types);
    report(part, before);
}

int main(void)
{
    long before;
    int types;

    gpu_test_start();

    before = fails, types = 0;
    ROCSHMEM_FOR_RMA_TYPES(RUN_RMA)
    report_types("RMA, %d types x thread/wave/wg", types, before);

    before = fails, types = 0;
    ROCSHMEM_FOR_AMO_STANDARD_TYPES(RUN_AMO_STD)
    report_types("standard AMOs, %d types", types, before);

    before = fails, types = 0;
    ROCSHMEM_FOR_AMO_EXTENDED_TYPES(RUN_AMO_EXT)
    report_types("extended AMOs, %d types", types, before);

    before = fails, types = 0;
    ROCSHMEM_FOR_AMO_BITWISE_TYPES(RUN_AMO_BIT)
    report_types("bitwise AMOs, %d types", types, before);

    before = fails;
    {
        int *data = (int *)rocshmem_calloc(2 * FENCE_ROUNDS * FENCE_WORDS, sizeof(int));
        int *flag = (int *)rocshmem_calloc(1, sizeof(int)), *dbad, bad = 0;
        int *hdata = (int *)malloc(FENCE_ROUNDS * FENCE_WORDS * sizeof(int));
        CUDA_OK(cudaMalloc((void **)&dbad, sizeof(int)));
        CUDA_OK(cudaMemset(dbad, 0, sizeof(int)));
        sync_all();
        k_fence<<<2, 32>>>(data, flag, me, peer, dbad);
        sync_all();
        CUDA_OK(cudaMemcpy(&bad, dbad, sizeof(int), cudaMemcpyDeviceToHost));
        expect(bad == 0, "fence", "int", 0, bad, 0);
        sym_read(hdata, data, FENCE_ROUNDS * FENCE_WORDS * sizeof(int));
        for (int r = 0; r < FENCE_ROUNDS; r++)
            for (int k = 0; k < FENCE_WORDS; k++) {
                int want = from * 100000 + r * 1000 + k;
                expect(hdata[r * FENCE_WORDS + k] == want, "fence data", "int",
                       r * FENCE_WORDS + k, hdata[r * FENCE_WORDS + k], want);
            }
        sync_all();
        free(hdata);
        cudaFree(dbad);
        rocshmem_free(flag);
        rocshmem_free(data);
    }
    report("fence: 64 rounds of put_nbi + fence + p", before);

    before = fails;
    {
        int *dst = (int *)rocshmem_calloc(16 * 128, sizeof(int));
        int *src = (int *)rocshmem_malloc(16 * 128 * sizeof(int)), *derrs, errs = 0;
        int *h = (int *)malloc(16 * 128 * sizeof(int));   /* host shadow of src, then dst */
        for (int i = 0; i < 16 * 128; i++)
            h[i] = val(me, i);
        sym_write(src, h, 16 * 128 * sizeof(int));
        CUDA_OK(cudaMalloc((void **)&derrs, sizeof(int)));
        CUDA_OK(cudaMemset(derrs, 0, sizeof(int)));
        sync_all();
        k_ctx<<<16, 128>>>(dst, src, peer, derrs);
        sync_all();
        CUDA_OK(cudaMemcpy(&errs, derrs, sizeof(int), cudaMemcpyDeviceToHost));
        expect(errs == 0, "wg_ctx_create errors", "int", 0, errs, 0);
        sym_read(h, dst, 16 * 128 * sizeof(int));
        for (int i = 0; i < 16 * 128; i++)
            expect(h[i] == val(from, i), "ctx put_wg", "int", i, h[i], val(from, i));
        sync_all();
        free(h);
        cudaFree(derrs);
        rocshmem_free(src);
        rocshmem_free(dst);
    }
    report("wg_ctx_create + ctx_int_put_wg, 16 blocks", before);

    before = fails;
    {
        char *dst = (char *)rocshmem_calloc(3072, 1), *src = (char *)rocshmem_malloc(3072);
        uint64_t *sigs = (uint64_t *)rocshmem_calloc(2, sizeof(uint64_t)), *dfetched, f[2];
        char h[3072];                           /* host shadow of src, then dst */
        for (int i = 0; i < 3072; i++)
            h[i] = (char)val(me, i);
        sym_write(src, h, sizeof(h));
        CUDA_OK(cudaMalloc((void **)&dfetched, 2 * sizeof(uint64_t)));
        sync_all();
        k_signal<<<1, 32>>>(dst, src, sigs, peer, dfetched);
        sync_all();
        CUDA_OK(cudaMemcpy(f, dfetched, sizeof(f), cudaMemcpyDeviceToHost));
        expect(f[0] == 7, "signal SET", "uint64", 0, (double)f[0], 7);
        expect(f[1] == 7, "signal ADD 3 + 4", "uint64", 1, (double)f[1], 7);
        sym_read(h, dst, sizeof(h));
        for (int i = 0; i < 3072; i++)
            expect(h[i] == (char)val(from, i), "putmem_signal data", "char", i, h[i],
                   (char)val(from, i));
        sync_all();
        cudaFree(dfetched);
        rocshmem_free(sigs);
        rocshmem_free(src);
        rocshmem_free(dst);
    }
    report("putmem_signal_nbi SET/ADD, signal_fetch", before);

    before = fails;
    {
        int *flags = (int *)rocshmem_calloc(4, sizeof(int));
        size_t *dwhich, which = 99;
        CUDA_OK(cudaMalloc((void **)&dwhich, sizeof(size_t)));
        sync_all();
        k_wait_any<<<1, 32>>>(flags, peer, dwhich);
        sync_all();
        CUDA_OK(cudaMemcpy(&which, dwhich, sizeof(size_t), cudaMemcpyDeviceToHost));
        expect(which == 2, "wait_until_any index", "int", 0, (double)which, 2);
        sync_all();
        cudaFree(dwhich);
        rocshmem_free(flags);
    }
    report("int_wait_until_any", before);

    return gpu_test_finish();
}
