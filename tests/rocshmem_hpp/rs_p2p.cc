/* rocSHMEM dialect: RMA, atomics, signals, point-to-point waits and ordering from kernels, as
 * rocSHMEM programs call them: every PE writes to the next one (peer) and checks, from the
 * host after the phase, what the previous one (from) wrote. Thread-scope calls on the
 * default context and on a WG_PRIVATE one, the _wave and _wg forms, fence(pe) and
 * ctx_fence(ctx, pe) (rocSHMEM's overloads), quiet, threadfence_system, signal_fetch_wg and
 * _wave, signal_wait_until, wait_until and test. Sources and destinations are symmetric. */
#define RS_NAME "rs_p2p"
#include "rs_test.h"

#define N 256   /* elements per RMA part */

struct sym {
    int src[N];                                   /* this PE's data: me * 1000 + i */
    int put[N], put_nbi[N], wave[N], wg[N], back[N];
    long p, g;
    int flag;
    uint64_t amo_u64;
    int amo_int;
    long amo_long;
    float amo_float;
    unsigned long sig_data[4];
    char data[N];
    uint64_t sig, sig_add, fetched[2];
};

static int expect_src(int pe, int i) { return pe * 1000 + i; }

/* One workgroup of 64 threads: thread 0 does the thread-scope calls. */
__global__ void rma_kernel(struct sym *s, int peer)
{
    __shared__ rocshmem_ctx_t ctx;
    const int t = threadIdx.x;
    const int wave = t / warpSize, waves = blockDim.x / warpSize, share = N / waves;

    rocshmem_wg_ctx_create(ROCSHMEM_CTX_WG_PRIVATE, &ctx);
    if (t == 0) {
        rocshmem_int_put(s->put, s->src, N, peer);
        rocshmem_ctx_int_put_nbi(ctx, s->put_nbi, s->src, N, peer);
        rocshmem_ctx_quiet(ctx);
        rocshmem_long_p(&s->p, 7000L + rocshmem_my_pe(), peer);
        /* rocSHMEM's overloads: what came before ahead of the flag, to this target. */
        rocshmem_fence(peer);
        rocshmem_ctx_fence(ctx, peer);
        rocshmem_int_p(&s->flag, 1, peer);
        rocshmem_quiet();
        rocshmem_threadfence_system();
    }
    rocshmem_int_put_wave(s->wave + wave * share, s->src + wave * share, share, peer);
    rocshmem_ctx_putmem_wg(ctx, s->wg, s->src, N * sizeof(int), peer);
    rocshmem_ctx_quiet(ctx);
    rocshmem_barrier_all_wg();
    if (t == 0) {
        rocshmem_int_wait_until(&s->flag, ROCSHMEM_CMP_EQ, 1);
        s->flag = rocshmem_int_test(&s->flag, ROCSHMEM_CMP_GE, 1) ? 2 : -1;
        /* Gets bring the peer's own data back. */
        rocshmem_ctx_getmem_nbi(ctx, s->back, s->src, 8 * sizeof(int), peer);
        rocshmem_ctx_quiet(ctx);
        s->g = rocshmem_ctx_long_g(ctx, &s->p, peer);
    }
    rocshmem_int_get_wg(s->back + 8, s->put + 8, N - 8, peer);
    __syncthreads();
    rocshmem_wg_ctx_destroy(&ctx);
}

/* Atomics to peer: each PE is the target of exactly one PE (from). */
__global__ void amo_kernel(struct sym *s, int peer, int *errs)
{
    const int me = rocshmem_my_pe();

    rocshmem_uint64_atomic_add(&s->amo_u64, 5, peer);
    DEXPECT(errs, rocshmem_uint64_atomic_fetch_add(&s->amo_u64, 10, peer) == 5);
    rocshmem_int_atomic_inc(&s->amo_int, peer);
    DEXPECT(errs, rocshmem_int_atomic_fetch_inc(&s->amo_int, peer) == 1);
    DEXPECT(errs, rocshmem_long_atomic_compare_swap(&s->amo_long, 0, 100 + me, peer) == 0);
    DEXPECT(errs, rocshmem_long_atomic_swap(&s->amo_long, 200 + me, peer) == 100 + me);
    DEXPECT(errs, rocshmem_long_atomic_fetch(&s->amo_long, peer) == 200 + me);
    rocshmem_float_atomic_set(&s->amo_float, 1.5f, peer);
    DEXPECT(errs, rocshmem_float_atomic_fetch(&s->amo_float, peer) == 1.5f);
    rocshmem_uint64_atomic_or(&s->amo_u64, 1ull << 40, peer);
    DEXPECT(errs, rocshmem_uint64_atomic_fetch_and(&s->amo_u64, ~0ull, peer) == (15 | 1ull << 40));
    rocshmem_uint64_atomic_xor(&s->amo_u64, 1ull << 40, peer);
    rocshmem_quiet();
}

/* Data and a signal in one call, a signal added by the whole group, and the group's and a
 * wave's single reads of the signals. */
__global__ void signal_kernel(struct sym *s, int peer, int *errs)
{
    const int t = threadIdx.x;

    if (t == 0)
        rocshmem_putmem_signal(s->data, (const char *)s->src, N, &s->sig, 42,
                               ROCSHMEM_SIGNAL_SET, peer);
    rocshmem_ulong_put_signal_nbi_wg(s->sig_data, (const unsigned long *)s->src, 4,
                                     &s->sig_add, 3, ROCSHMEM_SIGNAL_ADD, peer);
    if (t == 0) {
        rocshmem_quiet();
        DEXPECT(errs, rocshmem_signal_wait_until(&s->sig, ROCSHMEM_CMP_EQ, 42) == 42);
        rocshmem_uint64_wait_until(&s->sig_add, ROCSHMEM_CMP_GE, 3);
    }
    __syncthreads();
    const uint64_t wg = rocshmem_signal_fetch_wg(&s->sig);
    const uint64_t wv = rocshmem_signal_fetch_wave(&s->sig_add);
    DEXPECT(errs, wg == 42);
    DEXPECT(errs, wv == 3);
    if (t == 0) {
        s->fetched[0] = wg;
        s->fetched[1] = wv;
    }
}

int main()
{
    rs_start();
    struct sym *s = (struct sym *)rocshmem_calloc(1, sizeof(struct sym));
    static struct sym host;
    long before = fails;

    for (int i = 0; i < N; i++)
        host.src[i] = expect_src(me, i);
    sym_write(s->src, host.src, N);
    rocshmem_barrier_all();
    hipLaunchKernelGGL(rma_kernel, dim3(1), dim3(64), 0, 0, s, peer);
    CHECK_HIP(hipGetLastError());
    phase_end();
    sym_read(&host, s, 1);
    for (int i = 0; i < N; i++) {
        EXPECT(host.put[i] == expect_src(from, i) && host.put_nbi[i] == expect_src(from, i) &&
               host.wave[i] == expect_src(from, i) && host.wg[i] == expect_src(from, i),
               "element %d: put %d nbi %d wave %d wg %d", i, host.put[i], host.put_nbi[i],
               host.wave[i], host.wg[i]);
        EXPECT(host.back[i] == (i < 8 ? expect_src(peer, i) : expect_src(me, i)),
               "get element %d: %d", i, host.back[i]);
    }
    EXPECT(host.p == 7000L + from && host.g == 7000L + me, "p %ld g %ld", host.p, host.g);
    EXPECT(host.flag == 2, "flag %d (wait_until, test)", host.flag);
    report("put/get/p/g, nbi, _wave, _wg, fence(pe), WG_PRIVATE", before);

    before = fails;
    hipLaunchKernelGGL(amo_kernel, dim3(1), dim3(1), 0, 0, s, peer, dev_fails);
    CHECK_HIP(hipGetLastError());
    phase_end();
    sym_read(&host, s, 1);
    EXPECT(host.amo_u64 == 15, "amo_u64 %llu", (unsigned long long)host.amo_u64);
    EXPECT(host.amo_int == 2, "amo_int %d", host.amo_int);
    EXPECT(host.amo_long == 200 + from, "amo_long %ld", host.amo_long);
    EXPECT(host.amo_float == 1.5f, "amo_float %g", (double)host.amo_float);
    report("atomics: add, fetch_add, inc, cswap, swap, bitwise", before);

    before = fails;
    hipLaunchKernelGGL(signal_kernel, dim3(1), dim3(64), 0, 0, s, peer, dev_fails);
    CHECK_HIP(hipGetLastError());
    phase_end();
    sym_read(&host, s, 1);
    int from_src[N];
    for (int i = 0; i < N; i++)
        from_src[i] = expect_src(from, i);
    EXPECT(memcmp(host.data, from_src, N) == 0, "putmem_signal's data");
    EXPECT(memcmp(host.sig_data, from_src, sizeof(host.sig_data)) == 0,
           "put_signal_nbi_wg's data");
    EXPECT(host.fetched[0] == 42 && host.fetched[1] == 3, "fetched %llu %llu",
           (unsigned long long)host.fetched[0], (unsigned long long)host.fetched[1]);
    report("putmem_signal, put_signal_nbi_wg, signal_fetch_wg/_wave", before);

    rocshmem_free(s);
    return rs_finish();
}
