/* Environment parsing driven by ro_env_defs.h: each KIND has one parser and one printer. */
#include "config.h"
#include "common/ro_env.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "common/ro_log.h"

extern char **environ;

int ro_env_parse_size(const char *s, size_t *out)
{
    char *end;
    unsigned long long v, mul = 1;
    int overflow;

    if (!s || !isdigit((unsigned char)*s))
        return -EINVAL;
    errno = 0;
    v = strtoull(s, &end, 10);
    /* Junk is reported as junk even after a number too large ("99999999999999999999X"). */
    overflow = errno == ERANGE;
    switch (toupper((unsigned char)*end)) {
    case 'K': mul = 1ULL << 10; end++; break;
    case 'M': mul = 1ULL << 20; end++; break;
    case 'G': mul = 1ULL << 30; end++; break;
    case 'T': mul = 1ULL << 40; end++; break;
    default: break;
    }
    /* Accept "1G", "1GB", "1GiB" alike; anything else after the number is junk. */
    if (mul != 1 && (*end == 'i' || *end == 'I'))
        end++;
    if (mul != 1 && (*end == 'b' || *end == 'B'))
        end++;
    if (*end != '\0')
        return -EINVAL;
    if (overflow || v > SIZE_MAX / mul)
        return -ERANGE;
    *out = (size_t)(v * mul);
    return 0;
}

static int ro_env_parse_one_size(const char *name, const char *s, size_t *out)
{
    int rc = ro_env_parse_size(s, out);
    if (rc == -ERANGE)
        RO_ERR("%s=%s: too large for this machine's size_t", name, s);
    else if (rc)
        RO_ERR("%s=%s: not a size (use bytes, or a number with K, M or G, e.g. 512M)", name, s);
    return rc;
}

static int ro_env_parse_one_uint(const char *name, const char *s, unsigned *out)
{
    char *end;
    unsigned long v;

    errno = 0;
    v = strtoul(s, &end, 10);
    if (!isdigit((unsigned char)*s) || *end != '\0' || errno == ERANGE || v > UINT_MAX) {
        RO_ERR("%s=%s: not a non-negative integer", name, s);
        return -EINVAL;
    }
    *out = (unsigned)v;
    return 0;
}

static int ro_env_parse_one_bool(const char *name, const char *s, int *out)
{
    static const char *const yes[] = { "1", "y", "yes", "on", "true" };
    static const char *const no[] = { "0", "n", "no", "off", "false" };
    for (size_t i = 0; i < sizeof(yes) / sizeof(yes[0]); i++) {
        if (!strcasecmp(s, yes[i])) { *out = 1; return 0; }
        if (!strcasecmp(s, no[i])) { *out = 0; return 0; }
    }
    RO_ERR("%s=%s: not a boolean (use 0/1, yes/no, on/off, true/false)", name, s);
    return -EINVAL;
}

static int ro_env_parse_one_string(const char *name, const char *s, const char **out)
{
    *out = s;
    return 0;
}

/* Core number: digits, below RO_ENV_CPU_MAX, no leading zero (hwloc's list parser reads
 * "010" as octal, core 8); *s is past it on return. */
static int ro_env_cpu_number(const char **s, unsigned long *out)
{
    unsigned long v = 0;

    if (!isdigit((unsigned char)**s) || (**s == '0' && isdigit((unsigned char)(*s)[1])))
        return -EINVAL;
    for (; isdigit((unsigned char)**s); (*s)++) {
        v = v * 10 + (unsigned long)(**s - '0');
        if (v >= RO_ENV_CPU_MAX)
            return -ERANGE;
    }
    *out = v;
    return 0;
}

int ro_env_parse_cpulist(const char *s)
{
    if (!s)
        return -EINVAL;
    if (!*s)
        return 0;
    for (;;) {
        unsigned long lo, hi;
        int rc = ro_env_cpu_number(&s, &lo);

        if (rc)
            return rc;
        if (*s == '-') {
            s++;
            rc = ro_env_cpu_number(&s, &hi);
            if (rc)
                return rc;
            if (hi < lo)
                return -EINVAL;
        }
        if (!*s)
            return 0;
        if (*s++ != ',')
            return -EINVAL;
    }
}

static int ro_env_parse_one_cpulist(const char *name, const char *s, const char **out)
{
    int rc = ro_env_parse_cpulist(s);

    if (rc == -ERANGE)
        RO_ERR("%s=%s: not a core list (core numbers must be below %d)", name, s, RO_ENV_CPU_MAX);
    else if (rc)
        RO_ERR("%s=%s: not a core list (e.g. 3, 2-3 or 0-3,8: core numbers and ranges joined "
               "by commas, no spaces)", name, s);
    else
        *out = s;
    return rc;
}

/* Enum choices: index in the array is the enum value. */
static const char *const ro_heap_loc_names[] = { "host", "device", "auto", NULL };
static const char *const ro_bootstrap_names[] = { "auto", "pmix", "pmi1", "pmi2", "single", NULL };
static const char *const ro_transport_names[] = { "ofi", "null", NULL };

static int ro_env_parse_choice(const char *name, const char *s, const char *const *choices, int *out)
{
    char accepted[128] = "";
    for (int i = 0; choices[i]; i++) {
        if (!strcasecmp(s, choices[i])) {
            *out = i;
            return 0;
        }
        strncat(accepted, i ? " | " : "", sizeof(accepted) - strlen(accepted) - 1);
        strncat(accepted, choices[i], sizeof(accepted) - strlen(accepted) - 1);
    }
    RO_ERR("%s=%s: unknown value (accepted: %s)", name, s, accepted);
    return -EINVAL;
}

static int ro_env_parse_one_heap_loc(const char *name, const char *s, enum ro_heap_loc *out)
{
    int v, rc = ro_env_parse_choice(name, s, ro_heap_loc_names, &v);
    if (!rc)
        *out = (enum ro_heap_loc)v;
    return rc;
}

static int ro_env_parse_one_bootstrap(const char *name, const char *s, enum ro_bootstrap_kind *out)
{
    int v, rc = ro_env_parse_choice(name, s, ro_bootstrap_names, &v);
    if (!rc)
        *out = (enum ro_bootstrap_kind)v;
    return rc;
}

static int ro_env_parse_one_transport(const char *name, const char *s, enum ro_transport_kind *out)
{
    int v, rc = ro_env_parse_choice(name, s, ro_transport_names, &v);
    if (!rc)
        *out = (enum ro_transport_kind)v;
    return rc;
}

/* A ROCSHMEM_ variable we do not know is most likely a typo: say so. */
static void ro_env_warn_unknown(void)
{
    static const char *const known[] = {
#define RO_ENV(NAME, KIND, DEF, HELP) "ROCSHMEM_" #NAME,
#include "common/ro_env_defs.h"
#undef RO_ENV
    };
    for (char **e = environ; e && *e; e++) {
        size_t len = strcspn(*e, "=");
        int found = 0;
        if (strncmp(*e, "ROCSHMEM_", 9))
            continue;
        for (size_t i = 0; i < sizeof(known) / sizeof(known[0]) && !found; i++)
            found = strlen(known[i]) == len && !strncmp(*e, known[i], len);
        if (!found)
            RO_WARN("unknown variable %.*s ignored (rocshmem_info lists the known ones)", (int)len, *e);
    }
}

int ro_env_parse(struct ro_env *env)
{
    int bad = 0;
    ro_env_warn_unknown();
#define RO_ENV(NAME, KIND, DEF, HELP)                                                      \
    do {                                                                                   \
        const char *v_ = getenv("ROCSHMEM_" #NAME);                                        \
        if (!v_ || !*v_ || ro_env_parse_one_##KIND("ROCSHMEM_" #NAME, v_, &env->NAME)) {    \
            bad |= v_ && *v_;                                                              \
            if (ro_env_parse_one_##KIND("ROCSHMEM_" #NAME " (default)", DEF, &env->NAME))  \
                abort(); /* a default that does not parse is a bug in ro_env_defs.h */      \
        }                                                                                  \
    } while (0);
#include "common/ro_env_defs.h"
#undef RO_ENV
    return bad ? -EINVAL : 0;
}

static void ro_env_print_size(FILE *out, size_t v) { fprintf(out, "%zu", v); }
static void ro_env_print_uint(FILE *out, unsigned v) { fprintf(out, "%u", v); }
static void ro_env_print_bool(FILE *out, int v) { fprintf(out, "%d", v); }
static void ro_env_print_string(FILE *out, const char *v) { fprintf(out, "\"%s\"", v); }
static void ro_env_print_cpulist(FILE *out, const char *v) { fprintf(out, "\"%s\"", v); }
static void ro_env_print_heap_loc(FILE *out, enum ro_heap_loc v) { fputs(ro_heap_loc_names[v], out); }
static void ro_env_print_bootstrap(FILE *out, enum ro_bootstrap_kind v) { fputs(ro_bootstrap_names[v], out); }
static void ro_env_print_transport(FILE *out, enum ro_transport_kind v) { fputs(ro_transport_names[v], out); }

void ro_env_print(const struct ro_env *env, FILE *out)
{
#define RO_ENV(NAME, KIND, DEF, HELP)                                                      \
    fprintf(out, "  ROCSHMEM_%-20s = ", #NAME);                                            \
    ro_env_print_##KIND(out, env->NAME);                                                   \
    fprintf(out, "  (default %s%s%s)\n      %s\n", *DEF ? "" : "\"", DEF, *DEF ? "" : "\"", HELP);
#include "common/ro_env_defs.h"
#undef RO_ENV
}
