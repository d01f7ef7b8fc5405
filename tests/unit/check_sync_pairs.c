/* The release/acquire pairs by which one thread's view of the proxy's work reaches another
 * thread. Each test signals between its threads with relaxed atomics only, so the one
 * ordering they have is the library's own: on x86 the data checks pass either way, but
 * under ThreadSanitizer (tests/unit/sanitize.sh thread) a missing pair is a report.
 * - quiet on a ring that another thread already saw complete: thread B posts a get, thread A
 *   posts after it and waits for its own completion (recording done in done_cache), then B's
 *   quiet returns on done_cache without waiting and B reads the get's data.
 * - a context claimed after another thread released it: the first owner's writes to the
 *   context happen before the second owner's. */
#include "config.h"

#include <check.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_run.h"
#include "gpu/ro_gpu_post.h"
#include "proxy/ro_proxy.h"
#include "proxy/ro_xport_null.h"

#define ROUNDS 300
#define GET_LEN 512
#define REGION_LEN (2 * GET_LEN)
#define PUT_OFF GET_LEN            /* where A's blocking puts go, apart from the get's bytes */

static struct ro_pe_activity activity;
static struct ro_xport_null xnull;
static struct ro_proxy *proxy;
static struct ro_ring *ring;
static uint8_t region[REGION_LEN];
static uint8_t got[GET_LEN];
/* Round numbers, relaxed: B has posted its get; A has seen its own put complete. */
static uint64_t b_posted, a_done;

static void ro_test_fatal(const char *why)
{
    fprintf(stderr, "check_sync_pairs: fatal: %s\n", why);
    exit(1);
}

static void spin_until(const uint64_t *word, uint64_t want)
{
    while (__atomic_load_n(word, __ATOMIC_RELAXED) < want)
        sched_yield();
}

static void *thread_a(void *arg)
{
    (void)arg;
    for (uint64_t r = 1; r <= ROUNDS; r++) {
        struct ro_desc d = { .op = RO_OP_PUT_INLINE, .pe = 0, .raddr = PUT_OFF, .len = 8 };
        spin_until(&b_posted, r);
        d.arg[0] = r;
        ro_gpu_post_wait(ring->prod, &d, "check_sync_pairs");
        __atomic_store_n(&a_done, r, __ATOMIC_RELAXED);
    }
    return NULL;
}

static void *thread_b(void *arg)
{
    (void)arg;
    for (uint64_t r = 1; r <= ROUNDS; r++) {
        /* Not yet read by anyone: the proxy's last get of it has completed (round r-1). */
        for (size_t k = 0; k < GET_LEN; k++)
            region[k] = (uint8_t)(r * 131 + k);
        struct ro_desc d = { .op = RO_OP_GET, .pe = 0, .raddr = 0, .len = GET_LEN,
                             .laddr = (uint64_t)(uintptr_t)got };
        ro_gpu_post(ring->prod, &d, "check_sync_pairs");
        __atomic_store_n(&b_posted, r, __ATOMIC_RELAXED);
        spin_until(&a_done, r);
        ro_gpu_prods_quiet(&ring->prod, 1, "check_sync_pairs");
        if (memcmp(got, region, GET_LEN) != 0)
            return (void *)"get data missing after quiet";
    }
    return NULL;
}

START_TEST(test_quiet_after_another_thread_saw_done)
{
    struct ro_proxy_params params = {
        .xport = &ro_xport_null_ops, .xport_obj = &xnull, .mem = &ro_mem_host, .ring_size = 64,
        .max_rings = 1, .npes = 1, .local_rank = 0, .local_size = 1,
        .activity = &activity, .fatal = ro_test_fatal,
    };
    pthread_t a, b;
    void *ret_a = NULL, *ret_b = NULL;

    ro_gpu_state.activity = &activity;
    ro_gpu_state.timeout_ns = 60ull * 1000000000u;
    ro_gpu_state.fatal = ro_test_fatal;
    ro_xport_null_init(&xnull, region, REGION_LEN);
    ck_assert_int_eq(ro_proxy_open(&params, &proxy), 0);
    ck_assert_int_eq(ro_proxy_ring_add(proxy, &ro_mem_host, &ring), 0);
    ck_assert_int_eq(pthread_create(&a, NULL, thread_a, NULL), 0);
    ck_assert_int_eq(pthread_create(&b, NULL, thread_b, NULL), 0);
    ck_assert_int_eq(pthread_join(a, &ret_a), 0);
    ck_assert_int_eq(pthread_join(b, &ret_b), 0);
    ck_assert_msg(ret_b == NULL, "thread B: %s", (const char *)ret_b);
    ck_assert_int_eq(ro_proxy_close(proxy), 0);
    ck_assert_uint_eq(xnull.gets, ROUNDS);
}
END_TEST

static struct ro_ctx ctxs[2];
static uint64_t first_released;

static void *first_owner(void *arg)
{
    rocshmem_ctx_t ctx;
    (void)arg;
    if (ro_gpu_ctx_claim(1, &ctx))
        return (void *)"first claim failed";
    ro_gpu_ctx_release(ro_gpu_ctx(ctx));
    __atomic_store_n(&first_released, 1, __ATOMIC_RELAXED);
    return NULL;
}

START_TEST(test_ctx_claim_after_release)
{
    pthread_t t;
    void *ret = NULL;
    rocshmem_ctx_t ctx;

    memset(ctxs, 0, sizeof(ctxs));
    ro_gpu_state.ctxs = ctxs;
    ro_gpu_state.nctxs = 2;
    ck_assert_int_eq(pthread_create(&t, NULL, first_owner, NULL), 0);
    spin_until(&first_released, 1);
    /* The same context (the pool's only one), its options written by both owners. */
    ck_assert_int_eq(ro_gpu_ctx_claim(2, &ctx), 0);
    ck_assert_ptr_eq(ro_gpu_ctx(ctx), &ctxs[1]);
    ck_assert_int_eq(ctxs[1].options, 2);
    ck_assert_int_eq(pthread_join(t, &ret), 0);
    ck_assert_msg(ret == NULL, "%s", (const char *)ret);
}
END_TEST

static Suite *sync_pairs_suite(void)
{
    Suite *s = suite_create("sync_pairs");
    TCase *quiet = tcase_create("quiet"), *ctx = tcase_create("ctx");

    tcase_set_timeout(quiet, 60);
    tcase_add_test(quiet, test_quiet_after_another_thread_saw_done);
    tcase_add_test(ctx, test_ctx_claim_after_release);
    suite_add_tcase(s, quiet);
    suite_add_tcase(s, ctx);
    return s;
}

int main(void)
{
    return ro_check_run(sync_pairs_suite());
}
