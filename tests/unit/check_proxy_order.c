/* What the proxy itself keeps in order, on a transport that keeps none: the null transport
 * holds up to 64 operations and carries them out in a random order, like a network with
 * many paths. Producer threads stream rounds to 4 targets in turn: data, then a flag, with
 * either a fence between them or both in one put-with-signal. A checker thread watches the
 * flags while they move; whenever one shows round r, the data of every round up to r to that
 * target must already be there. Every 200 rounds a producer quiets its ring and checks that
 * all it has posted is in place: completion must be exact although completions arrive out
 * of order. */
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

#define PRODUCERS 4
#define TARGETS 4
#define ROUNDS 4000                /* per producer; round r goes to target r % TARGETS */
#define SLOT 256                   /* data bytes of one round, at most */
#define QUIET_EVERY 200
#define DATA_OFF(p, r) (((size_t)(p) * ROUNDS + (size_t)(r)) * SLOT)
#define FLAG_OFF(p, t) ((size_t)PRODUCERS * ROUNDS * SLOT + 8u * ((size_t)(p) * TARGETS + (t)))
#define REGION_LEN FLAG_OFF(PRODUCERS, 0)

static struct ro_pe_activity activity;
static struct ro_xport_null xnull;
static struct ro_proxy *proxy;
static uint8_t *region;
static uint8_t *sources;           /* what each round puts, same layout as the data */
static int producers_left;
static unsigned long flag_checks, late_data;
static char first_late[160];

static void ro_test_fatal(const char *why)
{
    fprintf(stderr, "check_proxy_order: fatal: %s\n", why);
    exit(1);
}

static size_t round_len(int p, int r)
{
    return 8 + ((size_t)p * 7919u + (size_t)r * 104729u) % (SLOT - 8);
}

static uint8_t round_byte(int p, int r, size_t k)
{
    return (uint8_t)(p * 31 + r * 7 + (int)k * 13 + 1);
}

/* Whether round r of producer p is wholly in the target region. */
static int round_landed(int p, int r)
{
    return memcmp(region + DATA_OFF(p, r), sources + DATA_OFF(p, r), round_len(p, r)) == 0;
}

static void post_round(struct ro_ring *ring, int p, int r)
{
    const unsigned t = (unsigned)(r % TARGETS);
    struct ro_desc d = { .pe = t, .raddr = DATA_OFF(p, r),
                         .laddr = (uint64_t)(uintptr_t)(sources + DATA_OFF(p, r)),
                         .len = round_len(p, r), .dtype = RO_DT_UINT64, .amo = RO_AMO_WRITE };
    struct ro_desc flag = { .op = RO_OP_AMO, .pe = t, .raddr = FLAG_OFF(p, t), .len = 8,
                            .dtype = RO_DT_UINT64, .amo = RO_AMO_WRITE };
    struct ro_desc fence = { .op = RO_OP_FENCE, .pe = t };

    if (r % 3 == 0) {
        d.op = RO_OP_PUT_SIGNAL;
        d.arg[0] = (uint64_t)r + 1;
        d.arg[1] = FLAG_OFF(p, t);
        ro_gpu_post(ring->prod, &d, "check_proxy_order");
        return;
    }
    d.op = RO_OP_PUT;
    ro_gpu_post(ring->prod, &d, "check_proxy_order");
    ro_gpu_post(ring->prod, &fence, "check_proxy_order");
    flag.arg[0] = (uint64_t)r + 1;
    ro_gpu_post(ring->prod, &flag, "check_proxy_order");
}

static void *producer_main(void *arg)
{
    const int p = (int)(intptr_t)arg;
    struct ro_ring *ring;

    if (ro_proxy_ring_add(proxy, &ro_mem_host, &ring))
        return (void *)"ro_proxy_ring_add failed";
    for (int r = 0; r < ROUNDS; r++) {
        post_round(ring, p, r);
        if ((r + 1) % QUIET_EVERY == 0) {
            ro_gpu_prods_quiet(&ring->prod, 1, "check_proxy_order");
            for (int k = r + 1 - QUIET_EVERY; k <= r; k++)
                if (!round_landed(p, k))
                    return (void *)"data missing right after quiet";
        }
    }
    ro_gpu_prods_quiet(&ring->prod, 1, "check_proxy_order");
    __atomic_sub_fetch(&producers_left, 1, __ATOMIC_RELEASE);
    return NULL;
}

/* Looks at every flag once; `seen` holds the round each one showed last time. */
static void check_flags(uint64_t seen[PRODUCERS][TARGETS])
{
    for (int p = 0; p < PRODUCERS; p++)
        for (int t = 0; t < TARGETS; t++) {
            uint64_t f = __atomic_load_n((uint64_t *)(void *)(region + FLAG_OFF(p, t)),
                                         __ATOMIC_ACQUIRE);
            if (f <= seen[p][t])
                continue;
            for (int r = t; r < (int)f; r += TARGETS) {
                if (round_landed(p, r))
                    continue;
                if (!late_data++)
                    snprintf(first_late, sizeof(first_late), "producer %d target %d: flag "
                             "showed round %llu before round %d's data", p, t,
                             (unsigned long long)f - 1, r);
            }
            flag_checks++;
            seen[p][t] = f;
        }
}

START_TEST(test_fence_and_signal_on_reordering_transport)
{
    struct ro_proxy_params params = {
        .xport = &ro_xport_null_ops, .xport_obj = &xnull, .mem = &ro_mem_host, .ring_size = 64,
        .max_rings = PRODUCERS, .npes = TARGETS, .local_rank = 0, .local_size = 1,
        .activity = &activity, .fatal = ro_test_fatal,
    };
    uint64_t seen[PRODUCERS][TARGETS] = { { 0 } };
    pthread_t th[PRODUCERS];

    ro_gpu_state.activity = &activity;
    ro_gpu_state.timeout_ns = 60ull * 1000000000u;
    ro_gpu_state.fatal = ro_test_fatal;
    region = calloc(1, REGION_LEN);
    sources = malloc(DATA_OFF(PRODUCERS, 0));
    ck_assert_ptr_nonnull(region);
    ck_assert_ptr_nonnull(sources);
    for (int p = 0; p < PRODUCERS; p++)
        for (int r = 0; r < ROUNDS; r++)
            for (size_t k = 0; k < SLOT; k++)
                sources[DATA_OFF(p, r) + k] = round_byte(p, r, k);
    ro_xport_null_init(&xnull, region, REGION_LEN);
    ro_xport_null_reorder(&xnull, RO_XPORT_NULL_HOLD, 0x0dd0c0de2026u);
    ck_assert(!ro_xport_null_ops.ordered(&xnull));
    ck_assert_int_eq(ro_proxy_open(&params, &proxy), 0);

    producers_left = PRODUCERS;
    for (int p = 0; p < PRODUCERS; p++)
        ck_assert_int_eq(pthread_create(&th[p], NULL, producer_main, (void *)(intptr_t)p), 0);
    while (__atomic_load_n(&producers_left, __ATOMIC_ACQUIRE) > 0)
        check_flags(seen);
    for (int p = 0; p < PRODUCERS; p++) {
        void *ret = NULL;
        ck_assert_int_eq(pthread_join(th[p], &ret), 0);
        ck_assert_msg(ret == NULL, "producer %d: %s", p, (const char *)ret);
    }
    check_flags(seen);
    ck_assert_int_eq(ro_proxy_close(proxy), 0);

    ck_assert_msg(late_data == 0, "%lu flags came before their data; first: %s", late_data,
                  first_late);
    for (int p = 0; p < PRODUCERS; p++)
        for (int t = 0; t < TARGETS; t++)
            ck_assert_uint_eq(seen[p][t], (uint64_t)(ROUNDS - TARGETS + t) + 1);
    /* The checker saw flags move while data was in flight, not only at the end. */
    ck_assert_uint_gt(flag_checks, PRODUCERS * TARGETS * 10);
    free(sources);
    free(region);
}
END_TEST

static Suite *proxy_order_suite(void)
{
    Suite *s = suite_create("proxy_order");
    TCase *tc = tcase_create("reordering transport");

    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_fence_and_signal_on_reordering_transport);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return ro_check_run(proxy_order_suite());
}
