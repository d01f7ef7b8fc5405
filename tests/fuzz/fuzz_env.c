/* libFuzzer target: the parsers of ROCSHMEM_* values, which come from users. The first
 * byte picks what the rest is fed to:
 *   0  ro_env_parse_size, checked against a reference computed in 128-bit arithmetic;
 *   1  ro_env_parse_cpulist, and for a list it accepts, hwloc_bitmap_list_sscanf (what the
 *      proxy's pinning then runs on it) must read the very same set of cores;
 *   2+ ro_env_parse on the whole table: the rest, cut at NUL bytes, gives the values of
 *      every variable in table order, then the name of an unknown ROCSHMEM_ variable (the
 *      typo warning). Every field must hold a value of its kind, and sizes and core lists
 *      must be what their own parser says; ro_env_print then prints the result.
 * A bad value must give an error message and the default, never undefined behaviour. */
#include "config.h"

#include <errno.h>
#include <hwloc.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/ro_env.h"
#include "fuzz_util.h"

extern char **environ;

#define VAL_MAX 512   /* longest value tried; longer ones are cut */

/* The table, as the harness sees it. */
struct var {
    const char *name, *kind, *def;
};
static const struct var vars[] = {
#define RO_ENV(NAME, KIND, DEF, HELP) { "ROCSHMEM_" #NAME, #KIND, DEF },
#include "common/ro_env_defs.h"
#undef RO_ENV
};
#define NVARS (sizeof(vars) / sizeof(vars[0]))

/* The environment strings we own (putenv keeps the pointer): rewritten in place for each
 * input, so nothing is allocated per input. The last one is the unknown variable. */
static char env_buf[NVARS + 1][sizeof("ROCSHMEM_") + 2 * VAL_MAX + 2];
static FILE *devnull;
static hwloc_bitmap_t hw_set;

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    fuzz_quiet_log();
    devnull = fopen("/dev/null", "w");
    hw_set = hwloc_bitmap_alloc();
    if (!devnull || !hw_set)
        fuzz_fail("fuzz_env: setup failed");
    /* Ours must be the only ROCSHMEM_ variables. */
    for (char **e = environ; e && *e;) {
        char name[256];
        size_t len = strcspn(*e, "=");

        if (strncmp(*e, "ROCSHMEM_", 9) || len >= sizeof(name)) {
            e++;
            continue;
        }
        memcpy(name, *e, len);
        name[len] = '\0';
        unsetenv(name);
        e = environ;
    }
    for (size_t i = 0; i < NVARS; i++) {
        snprintf(env_buf[i], sizeof(env_buf[i]), "%s=", vars[i].name);
        if (putenv(env_buf[i]))
            fuzz_fail("fuzz_env: putenv failed");
    }
    snprintf(env_buf[NVARS], sizeof(env_buf[NVARS]), "ROCSHMEM_FUZZ_UNKNOWN=1");
    if (putenv(env_buf[NVARS]))
        fuzz_fail("fuzz_env: putenv failed");
    return 0;
}

/* ---- sizes ------------------------------------------------------------------------- */

/* What "digits[K|M|G|T][i][B]" means, independently of ro_env.c: 0 and *out, -EINVAL,
 * -ERANGE. */
static int ref_size(const char *s, size_t *out)
{
    unsigned __int128 v = 0, mul = 1;
    int big = 0;
    const char *p = s;

    if (*p < '0' || *p > '9')
        return -EINVAL;
    for (; *p >= '0' && *p <= '9'; p++) {
        v = v * 10 + (unsigned)(*p - '0');
        if (v > UINT64_MAX)
            big = 1, v = (unsigned __int128)UINT64_MAX + 1;   /* stays "too large" */
    }
    switch (*p) {
    case 'k': case 'K': mul = 1ull << 10; p++; break;
    case 'm': case 'M': mul = 1ull << 20; p++; break;
    case 'g': case 'G': mul = 1ull << 30; p++; break;
    case 't': case 'T': mul = 1ull << 40; p++; break;
    default: break;
    }
    if (mul != 1 && (*p == 'i' || *p == 'I'))
        p++;
    if (mul != 1 && (*p == 'b' || *p == 'B'))
        p++;
    if (*p)
        return -EINVAL;
    if (big || v * mul > SIZE_MAX)
        return -ERANGE;
    *out = (size_t)(v * mul);
    return 0;
}

static void fuzz_size(const char *s)
{
    size_t got = 0xdeadbeef, want = 0;
    int rc = ro_env_parse_size(s, &got), want_rc = ref_size(s, &want);

    FUZZ_CHECK(rc == want_rc, "ro_env_parse_size(\"%s\") = %d, expected %d", s, rc, want_rc);
    if (rc == 0)
        FUZZ_CHECK(got == want, "ro_env_parse_size(\"%s\") gave %zu, expected %zu", s, got, want);
    else
        FUZZ_CHECK(got == 0xdeadbeef, "ro_env_parse_size(\"%s\") wrote its output on error", s);
}

/* ---- core lists -------------------------------------------------------------------- */

static void fuzz_cpulist(const char *s)
{
    static uint8_t want[RO_ENV_CPU_MAX];
    int rc = ro_env_parse_cpulist(s);
    const char *p = s;
    int n = 0;

    FUZZ_CHECK(rc == 0 || rc == -EINVAL || rc == -ERANGE, "ro_env_parse_cpulist(\"%s\") = %d", s, rc);
    if (rc || !*s)
        return;
    /* Accepted: the list is items of digits below RO_ENV_CPU_MAX, so strtoul reads it. */
    memset(want, 0, sizeof(want));
    while (*p) {
        char *end;
        unsigned long lo = strtoul(p, &end, 10), hi = lo;

        FUZZ_CHECK(end != p && lo < RO_ENV_CPU_MAX, "accepted \"%s\" has a bad number", s);
        p = end;
        if (*p == '-') {
            hi = strtoul(p + 1, &end, 10);
            FUZZ_CHECK(end != p + 1 && hi < RO_ENV_CPU_MAX && hi >= lo,
                       "accepted \"%s\" has a bad range", s);
            p = end;
        }
        for (unsigned long c = lo; c <= hi; c++)
            want[c] = 1;
        FUZZ_CHECK(*p == '\0' || *p == ',', "accepted \"%s\" has junk", s);
        if (*p == ',')
            p++;
    }
    FUZZ_CHECK(hwloc_bitmap_list_sscanf(hw_set, s) == 0, "hwloc refuses accepted \"%s\"", s);
    FUZZ_CHECK(hwloc_bitmap_last(hw_set) < RO_ENV_CPU_MAX, "hwloc reads \"%s\" past the bound", s);
    for (int c = 0; c < RO_ENV_CPU_MAX; c++) {
        FUZZ_CHECK(hwloc_bitmap_isset(hw_set, (unsigned)c) == want[c],
                   "core %d of \"%s\": hwloc %d, expected %d", c, s,
                   hwloc_bitmap_isset(hw_set, (unsigned)c), want[c]);
        n += want[c];
    }
    FUZZ_CHECK(hwloc_bitmap_weight(hw_set) == n, "\"%s\": hwloc has extra cores", s);
}

/* ---- the whole table --------------------------------------------------------------- */

/* The field of `env` for row i, by kind, as the table expands it. */
static void check_fields(const struct ro_env *env, char vals[][VAL_MAX + 1])
{
    size_t i = 0;

#define RO_ENV(NAME, KIND, DEF, HELP) check_##KIND(vars[i].name, vals[i], DEF, &env->NAME); i++;
#define check_size(name, val, def, field)                                                   \
    do {                                                                                   \
        size_t v_;                                                                         \
        if (!*(val) || ro_env_parse_size(val, &v_))                                        \
            FUZZ_CHECK(!ro_env_parse_size(def, &v_), "default of %s", name);               \
        FUZZ_CHECK(*(field) == v_, "%s=%s gave %zu, expected %zu", name, val, *(field), v_); \
    } while (0)
#define check_uint(name, val, def, field) (void)(field)
#define check_bool(name, val, def, field)                                                  \
    FUZZ_CHECK(*(field) == 0 || *(field) == 1, "%s=%s gave bool %d", name, val, *(field))
#define check_string(name, val, def, field)                                                \
    FUZZ_CHECK(*(field) && !strcmp(*(field), *(val) ? (val) : (def)), "%s=%s", name, val)
#define check_cpulist(name, val, def, field)                                               \
    FUZZ_CHECK(*(field) && !strcmp(*(field), *(val) && !ro_env_parse_cpulist(val) ? (val) : (def)), \
               "%s=%s gave \"%s\"", name, val, *(field))
#define check_heap_loc(name, val, def, field)                                              \
    FUZZ_CHECK((unsigned)*(field) <= RO_HEAP_AUTO, "%s=%s", name, val)
#define check_bootstrap(name, val, def, field)                                             \
    FUZZ_CHECK((unsigned)*(field) <= RO_BOOT_SINGLE, "%s=%s", name, val)
#define check_transport(name, val, def, field)                                             \
    FUZZ_CHECK((unsigned)*(field) <= RO_TRANSPORT_NULL, "%s=%s", name, val)
#include "common/ro_env_defs.h"
#undef RO_ENV
}

static void fuzz_table(const uint8_t *data, size_t size)
{
    static char vals[NVARS][VAL_MAX + 1];
    char unknown[VAL_MAX + 1] = "";
    struct ro_env env;
    size_t off = 0;
    int rc;

    for (size_t i = 0; i <= NVARS; i++) {
        const uint8_t *nul = off < size ? memchr(data + off, 0, size - off) : NULL;
        size_t end = nul ? (size_t)(nul - data) : size;
        size_t n = end > off ? end - off : 0;
        char *v = i < NVARS ? vals[i] : unknown;

        if (n > VAL_MAX)
            n = VAL_MAX;
        memcpy(v, data + off, n);
        v[n] = '\0';
        off = end + 1;
        if (i < NVARS)
            snprintf(env_buf[i], sizeof(env_buf[i]), "%s=%s", vars[i].name, v);
        else
            snprintf(env_buf[i], sizeof(env_buf[i]), "ROCSHMEM_%s=1", v);
    }
    memset(&env, 0xa5, sizeof(env));
    rc = ro_env_parse(&env);
    FUZZ_CHECK(rc == 0 || rc == -EINVAL, "ro_env_parse = %d", rc);
    check_fields(&env, vals);
    ro_env_print(&env, devnull);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char s[VAL_MAX + 1];
    size_t n;

    if (size < 1)
        return 0;
    if (data[0] >= 2) {
        fuzz_table(data + 1, size - 1);
        return 0;
    }
    /* One value: what a variable holds, so up to the first NUL. */
    n = strnlen((const char *)data + 1, size - 1);
    if (n > VAL_MAX)
        n = VAL_MAX;
    memcpy(s, data + 1, n);
    s[n] = '\0';
    if (data[0] == 0)
        fuzz_size(s);
    else
        fuzz_cpulist(s);
    return 0;
}
