/* The host implementation of ro_arch.h inside test-support launches: positions, wave
 * ballot and broadcast, wave and workgroup barriers, at waves of 1, 32 and 64 lanes and
 * workgroups of 64 and 256 threads. */
#include "config.h"

#include <check.h>
#include <errno.h>
#include <stdlib.h>

#include "check_run.h"
#include "gpu/ro_arch.h"
#include "ro_launch.h"

#define MAX_THREADS (4 * 256)

struct arch_run {
    unsigned nblocks, block_dim, wave_size;
    int seen[MAX_THREADS];          /* written once per thread, checked after the launch */
    uint64_t ballot[MAX_THREADS];
    uint64_t bcast[MAX_THREADS];
    unsigned wg_sum[MAX_THREADS];
    unsigned wg_before[4][256];     /* each thread's slot, read by all after the barrier */
};

static void arch_kernel(void *p)
{
    struct arch_run *r = p;
    int t = ro_thread_id(), b = ro_block_id(), lane = ro_lane_id();
    int g = b * (int)r->block_dim + t;
    unsigned sum = 0;

    r->seen[g] = ro_block_dim() == (int)r->block_dim && ro_wave_size() == (int)r->wave_size &&
                 lane == t % (int)r->wave_size && ro_wave_active_mask() == 1ull << lane;
    r->ballot[g] = ro_wave_ballot(lane % 3 == 0);
    r->bcast[g] = ro_wave_bcast64(1000u * (unsigned)b + (unsigned)t, (int)r->wave_size - 1);
    r->wg_before[b][t] = (unsigned)t + 1;
    ro_wg_barrier();
    for (unsigned i = 0; i < r->block_dim; i++)
        sum += r->wg_before[b][i];
    r->wg_sum[g] = sum;
    ro_wave_sync();
}

static void arch_check(unsigned nblocks, unsigned block_dim, unsigned wave_size)
{
    struct arch_run *r = calloc(1, sizeof(*r));
    uint64_t want_ballot = 0;

    ck_assert_ptr_nonnull(r);
    r->nblocks = nblocks;
    r->block_dim = block_dim;
    r->wave_size = wave_size;
    for (unsigned l = 0; l < wave_size; l += 3)
        want_ballot |= 1ull << l;
    ck_assert_int_eq(ro_launch(nblocks, block_dim, wave_size, arch_kernel, r), 0);
    for (unsigned g = 0; g < nblocks * block_dim; g++) {
        unsigned b = g / block_dim, t = g % block_dim;
        unsigned last = (t / wave_size) * wave_size + wave_size - 1;
        ck_assert_msg(r->seen[g], "thread %u of block %u: wrong position", t, b);
        ck_assert_uint_eq(r->ballot[g], want_ballot);
        ck_assert_uint_eq(r->bcast[g], 1000u * b + last);
        ck_assert_uint_eq(r->wg_sum[g], block_dim * (block_dim + 1) / 2);
    }
    free(r);
}

START_TEST(test_wave1_wg64) { arch_check(2, 64, 1); }
END_TEST
START_TEST(test_wave32_wg64) { arch_check(4, 64, 32); }
END_TEST
START_TEST(test_wave64_wg256) { arch_check(2, 256, 64); }
END_TEST
START_TEST(test_wave32_wg256) { arch_check(1, 256, 32); }
END_TEST

/* Outside a launch a caller is a workgroup and a wave of one. */
START_TEST(test_plain_caller)
{
    ck_assert_int_eq(ro_thread_id(), 0);
    ck_assert_int_eq(ro_block_dim(), 1);
    ck_assert_int_eq(ro_wave_size(), 1);
    ck_assert_uint_eq(ro_wave_ballot(1), 1);
    ck_assert_uint_eq(ro_wave_bcast64(7, 0), 7);
    ro_wave_sync();
    ro_wg_barrier();
}
END_TEST

START_TEST(test_bad_shape)
{
    ck_assert_int_eq(ro_launch(1, 48, 32, NULL, NULL), -EINVAL);
    ck_assert_int_eq(ro_launch(1, 128, 128, NULL, NULL), -EINVAL);
    ck_assert_int_eq(ro_launch(0, 64, 32, NULL, NULL), -EINVAL);
}
END_TEST

static Suite *arch_suite(void)
{
    Suite *s = suite_create("arch_host");
    TCase *tc = tcase_create("groups");

    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_plain_caller);
    tcase_add_test(tc, test_bad_shape);
    tcase_add_test(tc, test_wave1_wg64);
    tcase_add_test(tc, test_wave32_wg64);
    tcase_add_test(tc, test_wave64_wg256);
    tcase_add_test(tc, test_wave32_wg256);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return ro_check_run(arch_suite());
}
