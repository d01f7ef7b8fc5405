/* The environment table (common layer): size parsing, defaults, each kind of variable,
 * bad values and typos reported on stderr, and the rocshmem_info printout. Each test runs
 * in a forked child, so it may clear and set ROCSHMEM_ variables freely. */
#include "config.h"

#include <check.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check_log.h"
#include "check_run.h"
#include "common/ro_env.h"

/* ---- fixture: no ROCSHMEM_ variables, stderr captured in a file --------------------- */

extern char **environ;

static void env_clear(void)
{
    /* unsetenv reshuffles environ: rescan from the start after each removal. */
    for (char **e = environ; e && *e;) {
        char name[256];
        size_t len = strcspn(*e, "=");
        if (strncmp(*e, "ROCSHMEM_", 9) || len >= sizeof(name)) {
            e++;
            continue;
        }
        memcpy(name, *e, len);
        name[len] = '\0';
        ck_assert_int_eq(unsetenv(name), 0);
        e = environ;
    }
}

static void env_setup(void)
{
    env_clear();
    check_log_capture();
}

static void set(const char *name, const char *value)
{
    ck_assert_int_eq(setenv(name, value, 1), 0);
}

/* ---- ro_env_parse_size -------------------------------------------------------------- */

static const struct {
    const char *s;
    size_t v;
} size_ok[] = {
    { "0", 0 },
    { "4096", 4096 },
    { "1K", 1024 },
    { "64k", 64 << 10 },
    { "512M", (size_t)512 << 20 },
    { "1G", (size_t)1 << 30 },
    { "1g", (size_t)1 << 30 },
    { "2GiB", (size_t)2 << 30 },
    { "1GB", (size_t)1 << 30 },
    { "16383G", (size_t)16383 << 30 },
};

START_TEST(test_size_valid)
{
    size_t v = 12345;
    ck_assert_int_eq(ro_env_parse_size(size_ok[_i].s, &v), 0);
    ck_assert_msg(v == size_ok[_i].v, "\"%s\" parsed as %zu, expected %zu", size_ok[_i].s, v,
                  size_ok[_i].v);
}
END_TEST

static const char *const size_junk[] = {
    "", "abc", "1X", "-1", "+1", "1.5G", " 1G", "1G ", "1 G", "G", "1GiBB", "1Bi", "1i",
    "0x10", "1KK",
    /* Junk after a number too large for strtoull is junk, not "too large" (fuzz_env). */
    "18446744073718446744073709A551615", "99999999999999999999X", "99999999999999999999GG",
};

START_TEST(test_size_junk)
{
    size_t v = 12345;
    int rc = ro_env_parse_size(size_junk[_i], &v);
    ck_assert_msg(rc == -EINVAL, "\"%s\": rc %d, expected -EINVAL (%d)", size_junk[_i], rc,
                  -EINVAL);
    ck_assert_msg(v == 12345, "\"%s\": output written (%zu) on error", size_junk[_i], v);
}
END_TEST

static const char *const size_overflow[] = {
    "99999999999999999999", "18446744073709551616", "17179869184G", "16777216T",
    "18014398509481984K",
};

START_TEST(test_size_overflow)
{
    size_t v = 12345;
    int rc = ro_env_parse_size(size_overflow[_i], &v);
    ck_assert_msg(rc == -ERANGE, "\"%s\": rc %d, expected -ERANGE (%d)", size_overflow[_i], rc,
                  -ERANGE);
    ck_assert_msg(v == 12345, "\"%s\": output written (%zu) on error", size_overflow[_i], v);
}
END_TEST

/* ---- ro_env_parse_cpulist ----------------------------------------------------------- */

static const char *const cpulist_ok[] = { "", "0", "3", "2-3", "0-3,8", "7,5", "0-0", "65535",
                                          "10", "0-10", "1,1,1" };

START_TEST(test_cpulist_valid)
{
    ck_assert_msg(ro_env_parse_cpulist(cpulist_ok[_i]) == 0, "\"%s\" refused", cpulist_ok[_i]);
}
END_TEST

/* hwloc_bitmap_list_sscanf, which pinning runs on the list, takes most of these: "-5" as
 * core 4294967291 after a 512 MB bitmap, "4294967296" as core 0, "3-" as every core from 3
 * (seen while writing fuzz_env), and "010" as core 8, octal (found by fuzz_env: "08"). */
static const struct {
    const char *s;
    int rc;
} cpulist_bad[] = {
    { "-5", -EINVAL }, { "3-", -EINVAL }, { "-", -EINVAL }, { ",", -EINVAL }, { "1,", -EINVAL },
    { ",1", -EINVAL }, { "1,,2", -EINVAL }, { "3-2", -EINVAL }, { " 1", -EINVAL },
    { "1 ", -EINVAL }, { "1-2-3", -EINVAL }, { "0x3", -EINVAL }, { "+1", -EINVAL },
    { "a", -EINVAL }, { "65536", -ERANGE }, { "4294967296", -ERANGE }, { "0-2000000000", -ERANGE },
    { "99999999999999999999999", -ERANGE }, { "010", -EINVAL }, { "08", -EINVAL },
    { "00", -EINVAL }, { "1-010", -EINVAL }, { "3,007", -EINVAL },
};

START_TEST(test_cpulist_bad)
{
    int rc = ro_env_parse_cpulist(cpulist_bad[_i].s);
    ck_assert_msg(rc == cpulist_bad[_i].rc, "\"%s\": rc %d, expected %d", cpulist_bad[_i].s, rc,
                  cpulist_bad[_i].rc);
}
END_TEST

/* ---- ro_env_parse ------------------------------------------------------------------- */

/* Field comparison per KIND, so the table can be walked generically. */
static int same_size(size_t a, size_t b) { return a == b; }
static int same_uint(unsigned a, unsigned b) { return a == b; }
static int same_bool(int a, int b) { return a == b; }
static int same_string(const char *a, const char *b) { return !strcmp(a, b); }
static int same_cpulist(const char *a, const char *b) { return !strcmp(a, b); }
static int same_heap_loc(enum ro_heap_loc a, enum ro_heap_loc b) { return a == b; }
static int same_bootstrap(enum ro_bootstrap_kind a, enum ro_bootstrap_kind b) { return a == b; }
static int same_transport(enum ro_transport_kind a, enum ro_transport_kind b) { return a == b; }

/* Every field of `got` equals `want` except the one named `except` (may be NULL). */
static void assert_same_except(const struct ro_env *got, const struct ro_env *want,
                               const char *except)
{
#define RO_ENV(NAME, KIND, DEF, HELP)                                                      \
    if ((!except || strcmp(except, "ROCSHMEM_" #NAME)) && !same_##KIND(got->NAME, want->NAME)) \
        ck_abort_msg("ROCSHMEM_" #NAME " differs from its expected value (default " DEF ")");
#include "common/ro_env_defs.h"
#undef RO_ENV
}

static void parse_defaults(struct ro_env *env)
{
    ck_assert_int_eq(ro_env_parse(env), 0);
    ck_assert_str_eq(check_log_take(), "");
}

START_TEST(test_defaults)
{
    struct ro_env env;

    parse_defaults(&env);
    ck_assert_uint_eq(env.HEAP_SIZE, (size_t)256 << 20);
    ck_assert_int_eq(env.HEAP_LOCATION, RO_HEAP_AUTO);
    ck_assert_uint_eq(env.MAX_NUM_CONTEXTS, 64);
    ck_assert_int_eq(env.DISABLE_MIXED_IPC, 0);
    ck_assert_int_eq(env.BOOTSTRAP, RO_BOOT_AUTO);
    ck_assert_str_eq(env.RO_PROVIDER, "");
    ck_assert_str_eq(env.RO_IFACE, "");
    ck_assert_str_eq(env.RO_PROXY_CPU, "");
    ck_assert_uint_eq(env.RO_RING_SIZE, 4096);
    ck_assert_uint_eq(env.RO_TIMEOUT, 120);
    ck_assert_int_eq(env.RO_AMO_EMULATE, 0);
    ck_assert_uint_eq(env.DEBUG_LEVEL, 1);
}
END_TEST

START_TEST(test_valid_values)
{
    struct ro_env env;

    set("ROCSHMEM_HEAP_SIZE", "1G");
    set("ROCSHMEM_BOOTSTRAP", "pmi1");
    set("ROCSHMEM_HEAP_LOCATION", "host");
    set("ROCSHMEM_DISABLE_MIXED_IPC", "yes");
    set("ROCSHMEM_RO_PROVIDER", "shm");
    set("ROCSHMEM_MAX_NUM_CONTEXTS", "8");
    set("ROCSHMEM_RO_AMO_EMULATE", "ON");
    set("ROCSHMEM_RO_PROXY_CPU", "0-3,8");
    ck_assert_int_eq(ro_env_parse(&env), 0);
    ck_assert_str_eq(check_log_take(), "");
    ck_assert_uint_eq(env.HEAP_SIZE, (size_t)1 << 30);
    ck_assert_int_eq(env.BOOTSTRAP, RO_BOOT_PMI1);
    ck_assert_int_eq(env.HEAP_LOCATION, RO_HEAP_HOST);
    ck_assert_int_eq(env.DISABLE_MIXED_IPC, 1);
    ck_assert_str_eq(env.RO_PROVIDER, "shm");
    ck_assert_uint_eq(env.MAX_NUM_CONTEXTS, 8);
    ck_assert_int_eq(env.RO_AMO_EMULATE, 1);
    ck_assert_str_eq(env.RO_PROXY_CPU, "0-3,8");
}
END_TEST

START_TEST(test_empty_means_default)
{
    struct ro_env def, env;

    parse_defaults(&def);
    set("ROCSHMEM_HEAP_SIZE", "");
    set("ROCSHMEM_BOOTSTRAP", "");
    ck_assert_int_eq(ro_env_parse(&env), 0);
    ck_assert_str_eq(check_log_take(), "");
    assert_same_except(&env, &def, NULL);
}
END_TEST

/* A bad value fails the parse, leaves its field at the default, and the error names the
 * variable and the value. */
static const struct {
    const char *name, *value;
} bad_values[] = {
    { "ROCSHMEM_BOOTSTRAP", "mpi" },
    { "ROCSHMEM_HEAP_LOCATION", "gpu" },
    { "ROCSHMEM_DISABLE_MIXED_IPC", "maybe" },
    { "ROCSHMEM_HEAP_SIZE", "1X" },
    { "ROCSHMEM_RO_RING_SIZE", "99999999999999999999" },
    { "ROCSHMEM_MAX_NUM_CONTEXTS", "-1" },
    { "ROCSHMEM_MAX_NUM_CONTEXTS", "4294967296" },
    { "ROCSHMEM_RO_TIMEOUT", "12s" },
    { "ROCSHMEM_RO_PROXY_CPU", "-5" },
    { "ROCSHMEM_RO_PROXY_CPU", "4294967296" },
    { "ROCSHMEM_RO_PROXY_CPU", "2-" },
};

START_TEST(test_bad_value)
{
    const char *name = bad_values[_i].name, *value = bad_values[_i].value;
    char expect[128];
    struct ro_env def, env;
    const char *log;
    int rc;

    parse_defaults(&def);
    set(name, value);
    rc = ro_env_parse(&env);
    ck_assert_msg(rc == -EINVAL, "%s=%s: rc %d, expected -EINVAL (%d)", name, value, rc, -EINVAL);
    assert_same_except(&env, &def, NULL);
    log = check_log_take();
    snprintf(expect, sizeof(expect), "%s=%s", name, value);
    ck_assert_msg(strstr(log, expect) && strstr(log, "error"),
                  "%s=%s: the error does not name the variable and value: \"%s\"", name, value,
                  log);
}
END_TEST

START_TEST(test_bad_values_all_reported)
{
    /* One parse reports every bad variable, and the good ones still take effect. */
    struct ro_env def, env;
    const char *log;

    parse_defaults(&def);
    set("ROCSHMEM_BOOTSTRAP", "mpi");
    set("ROCSHMEM_HEAP_SIZE", "1X");
    set("ROCSHMEM_MAX_NUM_CONTEXTS", "8");
    ck_assert_int_eq(ro_env_parse(&env), -EINVAL);
    ck_assert_uint_eq(env.MAX_NUM_CONTEXTS, 8);
    assert_same_except(&env, &def, "ROCSHMEM_MAX_NUM_CONTEXTS");
    log = check_log_take();
    ck_assert_msg(strstr(log, "ROCSHMEM_BOOTSTRAP=mpi") && strstr(log, "ROCSHMEM_HEAP_SIZE=1X"),
                  "not every bad variable reported: \"%s\"", log);
}
END_TEST

START_TEST(test_unknown_variable)
{
    struct ro_env def, env;
    const char *log;

    parse_defaults(&def);
    set("ROCSHMEM_HEAP_SIZ", "1G");
    set("ROCSHMEM_HEAP_SIZE_MAX", "1G");
    set("ROCSHMEMX_HEAP_SIZE", "1G");   /* not our prefix */
    ck_assert_int_eq(ro_env_parse(&env), 0);
    assert_same_except(&env, &def, NULL);
    log = check_log_take();
    ck_assert_msg(strstr(log, "warning") && strstr(log, "ROCSHMEM_HEAP_SIZ "),
                  "no warning naming ROCSHMEM_HEAP_SIZ: \"%s\"", log);
    ck_assert_msg(strstr(log, "ROCSHMEM_HEAP_SIZE_MAX"),
                  "no warning naming ROCSHMEM_HEAP_SIZE_MAX: \"%s\"", log);
    ck_assert_msg(!strstr(log, "ROCSHMEMX"), "warned about another prefix: \"%s\"", log);
}
END_TEST

/* ---- ro_env_print ------------------------------------------------------------------- */

static char *print_env(const struct ro_env *env)
{
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);

    ck_assert_ptr_nonnull(out);
    ro_env_print(env, out);
    ck_assert_int_eq(fclose(out), 0);
    return text;
}

START_TEST(test_print_lists_table)
{
    /* Every row appears with its name and its default as typed, one line plus help each. */
    struct ro_env env;
    char *text;
    size_t lines = 0, rows = 0;

    parse_defaults(&env);
    text = print_env(&env);
#define RO_ENV(NAME, KIND, DEF, HELP)                                                      \
    rows++;                                                                                \
    ck_assert_msg(strstr(text, "ROCSHMEM_" #NAME " "), "printout lacks ROCSHMEM_" #NAME);  \
    ck_assert_msg(strstr(text, *DEF ? "(default " DEF ")" : "(default \"\")"),             \
                  "printout lacks the default of ROCSHMEM_" #NAME);                        \
    ck_assert_msg(strstr(text, HELP), "printout lacks the help of ROCSHMEM_" #NAME);
#include "common/ro_env_defs.h"
#undef RO_ENV
    for (const char *c = text; *c; c++)
        lines += *c == '\n';
    ck_assert_uint_eq(lines, 2 * rows);
    free(text);
}
END_TEST

START_TEST(test_print_values)
{
    struct ro_env env;
    char *text;

    set("ROCSHMEM_HEAP_SIZE", "1G");
    set("ROCSHMEM_BOOTSTRAP", "PMI1");
    set("ROCSHMEM_RO_PROVIDER", "shm");
    ck_assert_int_eq(ro_env_parse(&env), 0);
    text = print_env(&env);
    ck_assert_msg(strstr(text, "= 1073741824 "), "HEAP_SIZE=1G not printed in bytes: %s", text);
    ck_assert_msg(strstr(text, "= pmi1 "), "BOOTSTRAP=PMI1 not printed as pmi1: %s", text);
    ck_assert_msg(strstr(text, "= \"shm\" "), "RO_PROVIDER=shm not printed quoted: %s", text);
    free(text);
}
END_TEST

/* ---- suite -------------------------------------------------------------------------- */

#define N_OF(a) ((int)(sizeof(a) / sizeof((a)[0])))

static TCase *env_case(Suite *s, const char *name)
{
    TCase *tc = tcase_create(name);
    tcase_add_checked_fixture(tc, env_setup, NULL);
    suite_add_tcase(s, tc);
    return tc;
}

static Suite *env_suite(void)
{
    Suite *s = suite_create("env");

    tcase_add_loop_test(env_case(s, "size_valid"), test_size_valid, 0, N_OF(size_ok));
    tcase_add_loop_test(env_case(s, "size_junk"), test_size_junk, 0, N_OF(size_junk));
    tcase_add_loop_test(env_case(s, "size_overflow"), test_size_overflow, 0, N_OF(size_overflow));
    tcase_add_loop_test(env_case(s, "cpulist_valid"), test_cpulist_valid, 0, N_OF(cpulist_ok));
    tcase_add_loop_test(env_case(s, "cpulist_bad"), test_cpulist_bad, 0, N_OF(cpulist_bad));
    tcase_add_test(env_case(s, "defaults"), test_defaults);
    tcase_add_test(env_case(s, "valid_values"), test_valid_values);
    tcase_add_test(env_case(s, "empty_means_default"), test_empty_means_default);
    tcase_add_loop_test(env_case(s, "bad_value"), test_bad_value, 0, N_OF(bad_values));
    tcase_add_test(env_case(s, "bad_values_all_reported"), test_bad_values_all_reported);
    tcase_add_test(env_case(s, "unknown_variable"), test_unknown_variable);
    tcase_add_test(env_case(s, "print_lists_table"), test_print_lists_table);
    tcase_add_test(env_case(s, "print_values"), test_print_values);
    return s;
}

int main(void)
{
    return ro_check_run(env_suite());
}
