/* The shared host heap of CPU-only PEs (src/sheap/ro_sheap_share.c): what one process writes
 * into its heap, a second mapping of the object by name sees (a peer's view), a mapping of
 * the wrong size is refused, the name leaves /dev/shm on unlink while the mappings live on,
 * and a node without room for its PEs' heaps gets -ENOSPC (the caller keeps a private heap). */
#include "config.h"

#include <check.h>
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "check_log.h"
#include "check_run.h"
#include "sheap/ro_sheap_share.h"

#define SIZE ((size_t)8 << 20)
#define RESERVED (2 * RO_SHEAP_ALIGN)

static struct ro_sheap h;
static char name[64];

static void share_setup(void)
{
    check_log_capture();
    ck_assert_int_eq(ro_sheap_share_open(&h, SIZE, RESERVED, 2, name, sizeof(name)), 0);
}

static void share_teardown(void)
{
    ro_sheap_share_unlink(name);
    ro_sheap_close(&h);
}

START_TEST(test_share_name)
{
    char want[96];

    snprintf(want, sizeof(want), "rocshmem_ro-%d-%d-heap", (int)getuid(), (int)getpid());
    ck_assert_str_eq(name, want);
    ck_assert_int_eq(access("/dev/shm/", F_OK), 0);
    snprintf(want, sizeof(want), "/dev/shm/%s", name);
    ck_assert_int_eq(access(want, F_OK), 0);
}
END_TEST

START_TEST(test_share_peer_view)
{
    uint64_t *mine, *seen;
    void *peer;

    ck_assert_int_eq(ro_sheap_share_map(name, SIZE, &peer), 0);
    ck_assert_ptr_ne(peer, h.base);
    mine = ro_sheap_take(&h, 4 * sizeof(uint64_t), RO_SHEAP_ALIGN, "test");
    ck_assert_ptr_nonnull(mine);
    seen = (uint64_t *)((uint8_t *)peer + ((uint8_t *)mine - h.base));
    ck_assert_uint_eq(seen[0], 0);          /* a new heap is zero */
    mine[0] = 0x1122334455667788ull;
    ck_assert_uint_eq(seen[0], 0x1122334455667788ull);
    __atomic_fetch_add(&seen[1], 5, __ATOMIC_SEQ_CST);
    ck_assert_uint_eq(mine[1], 5);
    ro_sheap_share_unmap(peer, SIZE);
    ck_assert_str_eq(check_log_take(), "");
}
END_TEST

START_TEST(test_share_wrong_size)
{
    void *peer = (void *)1;

    ck_assert_int_eq(ro_sheap_share_map(name, 2 * SIZE, &peer), -EINVAL);
    ck_assert_ptr_null(peer);
    ck_assert_ptr_nonnull(strstr(check_log_take(), "not the"));
}
END_TEST

START_TEST(test_share_unlink_keeps_mappings)
{
    void *peer;

    ck_assert_int_eq(ro_sheap_share_map(name, SIZE, &peer), 0);
    ro_sheap_share_unlink(name);
    ck_assert_int_eq(ro_sheap_share_map(name, SIZE, &peer), -ENOENT);
    ck_assert_ptr_nonnull(strstr(check_log_take(), "shm_open"));
    h.base[RESERVED] = 7;                   /* this mapping and the heap still work */
    ck_assert_int_eq(h.base[RESERVED], 7);
}
END_TEST

START_TEST(test_share_no_room)
{
    struct ro_sheap other;
    char other_name[64] = "";

    check_log_capture();
    ck_assert_int_eq(ro_sheap_share_open(&other, SIZE, RESERVED, INT_MAX, other_name,
                                         sizeof(other_name)), -ENOSPC);
    ck_assert_ptr_nonnull(strstr(check_log_take(), "through libfabric"));
    ck_assert_str_eq(other_name, "");
}
END_TEST

static Suite *share_suite(void)
{
    Suite *s = suite_create("sheap_share");
    TCase *tc = tcase_create("shared");

    tcase_add_checked_fixture(tc, share_setup, share_teardown);
    tcase_add_test(tc, test_share_name);
    tcase_add_test(tc, test_share_peer_view);
    tcase_add_test(tc, test_share_wrong_size);
    tcase_add_test(tc, test_share_unlink_keeps_mappings);
    suite_add_tcase(s, tc);
    tc = tcase_create("no_room");
    tcase_add_test(tc, test_share_no_room);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return ro_check_run(share_suite());
}
