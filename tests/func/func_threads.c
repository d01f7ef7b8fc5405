/* ROCSHMEM_THREAD_MULTIPLE: several threads per PE issue puts and atomics at the same
 * time, on the shared default context and on contexts each thread creates and destroys
 * itself. Every thread writes its own blocks, so the results are fixed; the atomics'
 * totals and each thread's fetched values (increasing, since a thread's fetch_adds on
 * one word are ordered) are checked after the threads join. */
#include "ro_test.h"

#include <pthread.h>
#include <stdint.h>

#define NTHREADS 4
#define BLOCK 64                     /* bytes per put */

static int me, npes, left, right;
static long rounds;
static uint8_t *dst_default, *dst_own;   /* symmetric: [src PE][thread][round][BLOCK] */
static uint64_t *counters;               /* symmetric: add, fetch_add, ctx inc */

static uint8_t pattern(int pe, int thread, long round, int k, int salt)
{
    return (uint8_t)(pe * 61 + thread * 17 + round * 5 + k + salt * 101);
}

static size_t block_off(int pe, int thread, long round)
{
    return (((size_t)pe * NTHREADS + (size_t)thread) * (size_t)rounds + (size_t)round) * BLOCK;
}

static void *worker(void *arg)
{
    int t = (int)(intptr_t)arg;
    uint8_t *src = malloc((size_t)rounds * BLOCK);   /* _nbi sources live until quiet */
    uint64_t prev = 0;
    rocshmem_ctx_t ctx;

    RT_CHECK("malloc", "-", src != NULL, "thread %d: out of memory", t);
    for (long r = 0; r < rounds; r++) {
        uint8_t *s = src + r * BLOCK;
        uint64_t old;
        for (int k = 0; k < BLOCK; k++)
            s[k] = pattern(me, t, r, k, 0);
        if (r % 2)
            rocshmem_putmem_nbi(dst_default + block_off(me, t, r), s, BLOCK, right);
        else
            rocshmem_putmem(dst_default + block_off(me, t, r), s, BLOCK, right);
        rocshmem_uint64_atomic_add(&counters[0], (uint64_t)me + 1, right);
        old = rocshmem_uint64_atomic_fetch_add(&counters[1], 1, right);
        RT_CHECK("uint64_atomic_fetch_add (per-thread order)", "uint64", r == 0 || old > prev,
                 "thread %d round %ld fetched %llu after %llu", t, r, (unsigned long long)old,
                 (unsigned long long)prev);
        prev = old;
    }
    rocshmem_quiet();

    RT_CHECK("ctx_create (from a thread)", "-", rocshmem_ctx_create(0, &ctx) == ROCSHMEM_SUCCESS,
             "thread %d: returned an error", t);
    for (long r = 0; r < rounds; r++) {
        uint8_t *s = src + r * BLOCK;
        for (int k = 0; k < BLOCK; k++)
            s[k] = pattern(me, t, r, k, 1);
        rocshmem_ctx_putmem_nbi(ctx, dst_own + block_off(me, t, r), s, BLOCK, right);
        rocshmem_ctx_uint64_atomic_inc(ctx, &counters[2], right);
    }
    rocshmem_ctx_quiet(ctx);
    rocshmem_ctx_destroy(ctx);
    free(src);
    return NULL;
}

static void check_blocks(const char *op, const uint8_t *base, int salt)
{
    for (int t = 0; t < NTHREADS; t++)
        for (long r = 0; r < rounds; r++) {
            const uint8_t *b = base + block_off(left, t, r);
            for (int k = 0; k < BLOCK; k++)
                if (b[k] != pattern(left, t, r, k, salt))
                    RT_FAIL(op, "uint8", "from PE %d thread %d round %ld byte %d: %u, expected %u",
                            left, t, r, k, b[k], pattern(left, t, r, k, salt));
            RT_COUNT(1);
        }
}

int main(void)
{
    pthread_t th[NTHREADS];
    int provided = -1;
    uint64_t per_pe;

    RT_CHECK("init_thread", "-",
             rocshmem_init_thread(ROCSHMEM_THREAD_MULTIPLE, &provided) == ROCSHMEM_SUCCESS &&
             provided == ROCSHMEM_THREAD_MULTIPLE, "provided %d", provided);
    rt_begin("func_threads", 2);
    me = rocshmem_my_pe();
    npes = rocshmem_n_pes();
    right = (me + 1) % npes;
    left = (me + npes - 1) % npes;
    rounds = rt_iters(200, 5);
    per_pe = (uint64_t)NTHREADS * (uint64_t)rounds;

    dst_default = rocshmem_calloc((size_t)npes * NTHREADS * (size_t)rounds, BLOCK);
    dst_own = rocshmem_calloc((size_t)npes * NTHREADS * (size_t)rounds, BLOCK);
    counters = rocshmem_calloc(3, sizeof(uint64_t));
    RT_CHECK("rocshmem_calloc", "-", dst_default && dst_own && counters, "returned NULL");

    rt_step("%d threads issuing puts and atomics", NTHREADS);
    for (int t = 0; t < NTHREADS; t++)
        RT_CHECK("pthread_create", "-", !pthread_create(&th[t], NULL, worker, (void *)(intptr_t)t),
                 "thread %d", t);
    for (int t = 0; t < NTHREADS; t++)
        pthread_join(th[t], NULL);
    rt_step("checks after the threads joined");
    rocshmem_barrier_all();

    check_blocks("putmem/putmem_nbi from threads (default context)", dst_default, 0);
    check_blocks("ctx_putmem_nbi from threads (own contexts)", dst_own, 1);
    RT_CHECK_EQ("uint64_atomic_add from threads", "uint64", counters[0],
                per_pe * (uint64_t)(left + 1));
    RT_CHECK_EQ("uint64_atomic_fetch_add from threads", "uint64", counters[1], per_pe);
    RT_CHECK_EQ("ctx_uint64_atomic_inc from threads", "uint64", counters[2], per_pe);

    rocshmem_free(counters);
    rocshmem_free(dst_own);
    rocshmem_free(dst_default);
    return rt_end();
}
