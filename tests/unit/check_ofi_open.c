/* Opening the transport (ofi layer) for a large job. shm holds at most domain_attr->ep_cnt
 * peers in its address vector: named, it is refused with a message that names the way
 * out; unnamed, the next provider that fits is taken. A provider over IP may need a socket
 * per peer: the open-files soft limit is raised to fit, and a hard limit too low is named.
 * Opening shm removes the regions that killed processes of this user left in /dev/shm.
 * Each test runs in a forked child with stderr captured. Traffic, if any, stays on lo. */
#include "config.h"

#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check_log.h"
#include "check_run.h"
#include "ofi/ro_ofi.h"

static void open_setup(void)
{
    ck_assert_int_eq(unsetenv("FI_PROVIDER"), 0);
    ck_assert_int_eq(setenv("FI_TCP_IFACE", "lo", 1), 0);
    ck_assert_int_eq(setenv("FI_SOCKETS_IFACE", "lo", 1), 0);
    check_log_capture();
}

static struct ro_ofi_params params(const char *prov, int npes)
{
    struct ro_ofi_params p = { .provider = prov, .iface = "lo", .pe = 0, .npes = npes,
                               .timeout_s = 10, .hmem = RO_HEAP_MEM_HOST };
    return p;
}

/* The largest job shm takes, so that the tests below sit on either side of it. */
#define SHM_PEERS 256

START_TEST(test_shm_at_cap_opens)
{
    struct ro_ofi_params p = params("shm", SHM_PEERS);
    struct ro_ofi *o = NULL;

    ck_assert_int_eq(ro_ofi_open(&p, &o), 0);
    ck_assert_str_eq(ro_ofi_provider_name(o), "shm");
    ck_assert_int_eq(ro_ofi_close(o), 0);
}
END_TEST

START_TEST(test_shm_over_cap_refused)
{
    struct ro_ofi_params p = params("shm", 2 * SHM_PEERS);
    struct ro_ofi *o = NULL;
    const char *log;

    ck_assert_int_eq(ro_ofi_open(&p, &o), -ENOTSUP);
    ck_assert_ptr_null(o);
    log = check_log_take();
    ck_assert_msg(strstr(log, "at most 256 peers") && strstr(log, "has 512 PEs") &&
                  strstr(log, "ROCSHMEM_RO_PROVIDER=tcp") && strstr(log, "udp;ofi_rxd"),
                  "log: %s", log);
}
END_TEST

START_TEST(test_unnamed_over_cap_takes_another)
{
    struct ro_ofi_params p = params(NULL, 4 * SHM_PEERS);
    struct ro_ofi *o = NULL;

    ck_assert_int_eq(ro_ofi_open(&p, &o), 0);
    ck_assert_str_ne(ro_ofi_provider_name(o), "shm");
    ck_assert_int_eq(ro_ofi_close(o), 0);
}
END_TEST

static void nofile_set(rlim_t cur, rlim_t max)
{
    struct rlimit lim = { .rlim_cur = cur, .rlim_max = max };

    ck_assert_int_eq(setrlimit(RLIMIT_NOFILE, &lim), 0);
}

static rlim_t nofile_cur(void)
{
    struct rlimit lim;

    ck_assert_int_eq(getrlimit(RLIMIT_NOFILE, &lim), 0);
    return lim.rlim_cur;
}

/* The need the library computes: 3 sockets per peer, and 256 for the rest. */
#define FD_NEED(npes) (3 * (rlim_t)(npes) + 256)

START_TEST(test_tcp_raises_fd_limit)
{
    struct ro_ofi_params p = params("tcp", 1000);
    struct ro_ofi *o = NULL;
    struct rlimit lim;

    ck_assert_int_eq(getrlimit(RLIMIT_NOFILE, &lim), 0);
    if (lim.rlim_max != RLIM_INFINITY && lim.rlim_max < FD_NEED(1000))
        return;   /* this machine's hard limit leaves nothing to raise toward */
    nofile_set(128, lim.rlim_max);
    ck_assert_int_eq(ro_ofi_open(&p, &o), 0);
    ck_assert_uint_ge(nofile_cur(), FD_NEED(1000));
    ck_assert_int_eq(ro_ofi_close(o), 0);
}
END_TEST

START_TEST(test_tcp_short_hard_limit_named)
{
    struct ro_ofi_params p = params("tcp", 1000);
    struct ro_ofi *o = NULL;
    const char *log;

    nofile_set(200, 300);
    ck_assert_int_eq(ro_ofi_open(&p, &o), 0);
    ck_assert_uint_eq(nofile_cur(), 300);
    log = check_log_take();
    ck_assert_msg(strstr(log, "open-files hard limit (300)") && strstr(log, "3256") &&
                  strstr(log, "1000 peers"),
                  "log: %s", log);
    ck_assert_int_eq(ro_ofi_close(o), 0);
}
END_TEST

START_TEST(test_shm_leaves_fd_limit)
{
    struct ro_ofi_params p = params("shm", 200);
    struct ro_ofi *o = NULL;
    struct rlimit lim;

    ck_assert_int_eq(getrlimit(RLIMIT_NOFILE, &lim), 0);
    nofile_set(128, lim.rlim_max);
    ck_assert_int_eq(ro_ofi_open(&p, &o), 0);
    ck_assert_uint_eq(nofile_cur(), 128);
    ck_assert_int_eq(ro_ofi_close(o), 0);
}
END_TEST

/* An shm region named as the library names them, for process `pid`. */
static void region_name(char *name, size_t len, pid_t pid)
{
    snprintf(name, len, "rocshmem_ro-%d-%d-1", (int)getuid(), (int)pid);
}

static void region_create(const char *name)
{
    int fd = shm_open(name, O_CREAT | O_RDWR, 0600);

    ck_assert_msg(fd >= 0, "shm_open(%s): %s", name, strerror(errno));
    close(fd);
}

START_TEST(test_shm_sweeps_dead_regions)
{
    struct ro_ofi_params p = params("shm", 2);
    char dead_name[64], live_name[64];
    struct ro_ofi *o = NULL;
    pid_t dead = fork();
    int fd;

    if (dead == 0)
        _exit(0);
    ck_assert_int_gt(dead, 0);
    ck_assert_int_eq(waitpid(dead, NULL, 0), dead);
    region_name(dead_name, sizeof(dead_name), dead);
    region_name(live_name, sizeof(live_name), getppid());
    region_create(dead_name);
    region_create(live_name);
    ck_assert_int_eq(ro_ofi_open(&p, &o), 0);
    ck_assert_int_eq(ro_ofi_close(o), 0);
    fd = shm_open(dead_name, O_RDONLY, 0);
    ck_assert_msg(fd < 0 && errno == ENOENT, "%s is still there", dead_name);
    fd = shm_open(live_name, O_RDONLY, 0);
    ck_assert_msg(fd >= 0, "%s was removed though its process lives", live_name);
    close(fd);
    ck_assert_int_eq(shm_unlink(live_name), 0);
}
END_TEST

static Suite *open_suite(void)
{
    Suite *s = suite_create("ofi_open");
    TCase *tc = tcase_create("peers");

    tcase_add_checked_fixture(tc, open_setup, NULL);
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_shm_at_cap_opens);
    tcase_add_test(tc, test_shm_over_cap_refused);
    tcase_add_test(tc, test_unnamed_over_cap_takes_another);
    suite_add_tcase(s, tc);
    tc = tcase_create("open_files");
    tcase_add_checked_fixture(tc, open_setup, NULL);
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_tcp_raises_fd_limit);
    tcase_add_test(tc, test_tcp_short_hard_limit_named);
    tcase_add_test(tc, test_shm_leaves_fd_limit);
    suite_add_tcase(s, tc);
    tc = tcase_create("shm_regions");
    tcase_add_checked_fixture(tc, open_setup, NULL);
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_shm_sweeps_dead_regions);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return ro_check_run(open_suite());
}
