/* The ring as the device API (producers) and the proxy (consumer) use it: the real
 * ro_gpu_post and ro_ring_peek/complete, with plain threads as producers. */
#include "config.h"

#include <check.h>
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>

#include "check_run.h"
#include "gpu/ro_gpu_post.h"
#include "ro_launch.h"
#include "proxy/ro_ring_consume.h"
#include "proxy/ro_ring_mem.h"

#define RO_TEST_FATAL_EXIT 42

static void ro_test_fatal(const char *why)
{
    (void)why;
    _exit(RO_TEST_FATAL_EXIT);
}

static struct ro_ring *ring;
static struct ro_pe_activity activity;

static void ring_setup(uint64_t size)
{
    ro_gpu_state.activity = &activity;
    ro_gpu_state.timeout_ns = 20ull * 1000000000u;
    ro_gpu_state.fatal = ro_test_fatal;
    ck_assert_int_eq(ro_ring_create(&ro_mem_host, &ro_mem_host, size, &ring), 0);
}

static struct ro_desc desc_of(uint32_t producer, uint64_t n)
{
    struct ro_desc d = { 0 };
    d.op = RO_OP_PUT;
    d.pe = producer;
    d.raddr = n;
    d.laddr = ~n;
    d.arg[0] = n * 3 + producer;
    return d;
}

START_TEST(test_empty_and_one)
{
    struct ro_desc d = desc_of(7, 5);
    const struct ro_desc *got;

    ring_setup(8);
    ck_assert_ptr_null(ro_ring_peek(ring, 0));
    ck_assert_uint_eq(ro_gpu_post(ring->prod, &d, "test"), 0);
    got = ro_ring_peek(ring, 0);
    ck_assert_ptr_nonnull(got);
    ck_assert_uint_eq(got->pe, 7);
    ck_assert_uint_eq(got->raddr, 5);
    ck_assert_uint_eq(got->laddr, ~5ull);
    ck_assert_uint_eq(got->arg[0], 15 + 7);
    ck_assert_uint_eq(got->seq, 1);
    ck_assert_ptr_null(ro_ring_peek(ring, 1));
    ro_ring_complete(ring, 1);
    ck_assert_uint_eq(ring->done, 1);
    ck_assert_uint_eq(ring->head, 1);
    ro_ring_destroy(&ro_mem_host, ring);
}
END_TEST

/* Many laps through a small ring: each slot is reused and never mistaken for the lap
 * before (its seq is then exactly `size` lower than expected). */
START_TEST(test_wrap_and_lap)
{
    ring_setup(4);
    for (uint64_t t = 0; t < 1000; t++) {
        struct ro_desc d = desc_of(1, t);
        const struct ro_desc *got;
        ck_assert_uint_eq(ro_gpu_post(ring->prod, &d, "test"), t);
        got = ro_ring_peek(ring, t);
        ck_assert_ptr_nonnull(got);
        ck_assert_uint_eq(got->raddr, t);
        ck_assert_ptr_null(ro_ring_peek(ring, t + 1));
        if (t >= 4)   /* the slot of ticket t + 4 holds ticket t: not ready for t + 4 */
            ck_assert_ptr_null(ro_ring_peek(ring, t + 4));
        ro_ring_complete(ring, t + 1);
    }
    ro_ring_destroy(&ro_mem_host, ring);
}
END_TEST

START_TEST(test_bad_size)
{
    struct ro_ring *r = NULL;
    ck_assert_int_eq(ro_ring_create(&ro_mem_host, &ro_mem_host, 6, &r), -EINVAL);
    ck_assert_int_eq(ro_ring_create(&ro_mem_host, &ro_mem_host, 1, &r), -EINVAL);
    ck_assert_ptr_null(r);
}
END_TEST

/* A full ring with nobody consuming: the producer's wait is bounded and ends the job
 * through the fatal hook, instead of hanging. */
START_TEST(test_full_ring_times_out)
{
    struct ro_desc d = desc_of(0, 0);
    ring_setup(2);
    ro_gpu_state.timeout_ns = 200ull * 1000000u;
    ro_gpu_post(ring->prod, &d, "test");
    ro_gpu_post(ring->prod, &d, "test");
    ro_gpu_post(ring->prod, &d, "test");   /* no slot: must call fatal within ~0.2 s */
}
END_TEST

#define PRODUCERS 8
#define TOTAL 1000000u
#define PER_PRODUCER (TOTAL / PRODUCERS)

static void *producer_main(void *arg)
{
    uint32_t id = (uint32_t)(uintptr_t)arg;
    for (uint64_t n = 0; n < PER_PRODUCER; n++) {
        struct ro_desc d = desc_of(id, n);
        ro_gpu_post(ring->prod, &d, "test");
    }
    {   /* sentinel */
        struct ro_desc d = desc_of(id, PER_PRODUCER);
        d.op = RO_OP_FENCE;
        ro_gpu_post(ring->prod, &d, "test");
    }
    return NULL;
}

/* 8 producers x 125000 descriptors through a 64-slot ring: every descriptor arrives
 * exactly once, each producer's in its own order, intact. */
START_TEST(test_multi_producer_backpressure)
{
    pthread_t th[PRODUCERS];
    uint64_t expect[PRODUCERS] = { 0 }, next = 0, full_seen = 0;
    unsigned sentinels = 0;

    ring_setup(64);
    for (uintptr_t i = 0; i < PRODUCERS; i++)
        ck_assert_int_eq(pthread_create(&th[i], NULL, producer_main, (void *)i), 0);
    while (sentinels < PRODUCERS) {
        const struct ro_desc *d = ro_ring_peek(ring, next);
        if (!d) {
            sched_yield();
            continue;
        }
        full_seen += __atomic_load_n(&ring->prod->tail, __ATOMIC_RELAXED) - next >= ring->size;
        ck_assert_uint_lt(d->pe, PRODUCERS);
        ck_assert_uint_eq(d->raddr, expect[d->pe]);
        ck_assert_uint_eq(d->laddr, ~d->raddr);
        ck_assert_uint_eq(d->arg[0], d->raddr * 3 + d->pe);
        if (d->op == RO_OP_FENCE) {
            ck_assert_uint_eq(d->raddr, PER_PRODUCER);
            sentinels++;
        }
        expect[d->pe]++;
        next++;
        if ((next & 15) == 0 || sentinels == PRODUCERS)
            ro_ring_complete(ring, next);
    }
    for (int i = 0; i < PRODUCERS; i++) {
        ck_assert_int_eq(pthread_join(th[i], NULL), 0);
        ck_assert_uint_eq(expect[i], PER_PRODUCER + 1);
    }
    ck_assert_uint_eq(next, TOTAL + PRODUCERS);
    ck_assert_uint_eq(ring->prod->tail, next);
    ck_assert_ptr_null(ro_ring_peek(ring, next));
    ck_assert_uint_gt(full_seen, 0);   /* backpressure really happened */
    ro_ring_destroy(&ro_mem_host, ring);
}
END_TEST

/* Waves of 32 and 64 lanes posting together: one reservation per wave, so a wave's
 * descriptors hold consecutive tickets in lane order, and none is lost through a ring
 * smaller than the descriptors in flight. */
#define WAVE_BLOCKS 4
#define WAVE_BLOCK_DIM 64
#define WAVE_ROUNDS 200

static void wave_kernel(void *arg)
{
    unsigned g = (unsigned)(ro_launch_block_id() * WAVE_BLOCK_DIM + ro_launch_thread_id());
    for (uint64_t round = 0; round < WAVE_ROUNDS; round++) {
        struct ro_desc d = desc_of(g, round);
        d.arg[1] = (uint64_t)ro_launch_lane_id();
        ro_gpu_post_lanes(ring->prod, &d, ro_wave_ballot(1), "test");
    }
}

static void *wave_launch_main(void *arg)
{
    unsigned wave = (unsigned)(uintptr_t)arg;
    ck_assert_int_eq(ro_launch(WAVE_BLOCKS, WAVE_BLOCK_DIM, wave, wave_kernel, NULL), 0);
    return NULL;
}

static void wave_check(unsigned wave)
{
    enum { THREADS = WAVE_BLOCKS * WAVE_BLOCK_DIM };
    uint64_t expect[THREADS] = { 0 }, next = 0;
    const uint64_t total = (uint64_t)THREADS * WAVE_ROUNDS;
    struct ro_desc prev = { 0 };
    pthread_t th;

    ring_setup(128);
    ck_assert_int_eq(pthread_create(&th, NULL, wave_launch_main, (void *)(uintptr_t)wave), 0);
    while (next < total) {
        const struct ro_desc *d = ro_ring_peek(ring, next);
        if (!d) {
            sched_yield();
            continue;
        }
        ck_assert_uint_lt(d->pe, THREADS);
        ck_assert_uint_eq(d->raddr, expect[d->pe]);
        ck_assert_uint_eq(d->arg[1], d->pe % wave);
        /* Inside a wave, lane L + 1 follows lane L at the next ticket, same round. */
        if (next && prev.arg[1] + 1 < wave) {
            ck_assert_uint_eq(d->pe, prev.pe + 1);
            ck_assert_uint_eq(d->raddr, prev.raddr);
        }
        prev = *d;
        expect[d->pe]++;
        next++;
        ro_ring_complete(ring, next);
    }
    ck_assert_int_eq(pthread_join(th, NULL), 0);
    for (unsigned i = 0; i < THREADS; i++)
        ck_assert_uint_eq(expect[i], WAVE_ROUNDS);
    ck_assert_uint_eq(ring->prod->tail, total);
    ro_ring_destroy(&ro_mem_host, ring);
}

START_TEST(test_wave32_reservation) { wave_check(32); }
END_TEST
START_TEST(test_wave64_reservation) { wave_check(64); }
END_TEST

static Suite *ring_suite(void)
{
    Suite *s = suite_create("ring");
    TCase *tc;

    tc = tcase_create("single producer");
    tcase_add_test(tc, test_empty_and_one);
    tcase_add_test(tc, test_wrap_and_lap);
    tcase_add_test(tc, test_bad_size);
    suite_add_tcase(s, tc);

    tc = tcase_create("full ring");
    tcase_add_exit_test(tc, test_full_ring_times_out, RO_TEST_FATAL_EXIT);
    suite_add_tcase(s, tc);

    tc = tcase_create("wave reservation");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_wave32_reservation);
    tcase_add_test(tc, test_wave64_reservation);
    suite_add_tcase(s, tc);

    tc = tcase_create("multi producer");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_multi_producer_backpressure);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return ro_check_run(ring_suite());
}
