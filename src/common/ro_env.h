/* Parsed environment: one field per row of ro_env_defs.h. Parsing is strict: an unknown
 * value is an error naming the variable, the value and what is accepted. */
#ifndef RO_ENV_H
#define RO_ENV_H

#include <stddef.h>
#include <stdio.h>

enum ro_heap_loc { RO_HEAP_HOST = 0, RO_HEAP_DEVICE = 1, RO_HEAP_AUTO = 2 };
enum ro_bootstrap_kind { RO_BOOT_AUTO = 0, RO_BOOT_PMIX, RO_BOOT_PMI1, RO_BOOT_PMI2, RO_BOOT_SINGLE };
enum ro_transport_kind { RO_TRANSPORT_OFI = 0, RO_TRANSPORT_NULL };

typedef size_t ro_env_size_t;
typedef unsigned ro_env_uint_t;
typedef int ro_env_bool_t;
typedef const char *ro_env_string_t;
typedef const char *ro_env_cpulist_t;   /* a core list, checked by ro_env_parse_cpulist */
typedef enum ro_heap_loc ro_env_heap_loc_t;
typedef enum ro_bootstrap_kind ro_env_bootstrap_t;
typedef enum ro_transport_kind ro_env_transport_t;

struct ro_env {
#define RO_ENV(NAME, KIND, DEF, HELP) ro_env_##KIND##_t NAME;
#include "common/ro_env_defs.h"
#undef RO_ENV
};

/* Fills `env` from getenv(). Returns 0, or -EINVAL after logging every bad variable. */
int ro_env_parse(struct ro_env *env);
/* One line per variable: name, effective value, default and meaning. */
void ro_env_print(const struct ro_env *env, FILE *out);
/* Parses "1G", "512M", "4096", "64k" into bytes; -EINVAL on junk (also after a number
 * too large), -ERANGE on overflow. */
int ro_env_parse_size(const char *s, size_t *out);
/* Checks a core list as ROCSHMEM_RO_PROXY_CPU takes it: "" (none), or items N or N-M
 * (N <= M) joined by commas, e.g. "3", "2-3", "0-3,8"; decimal digits without leading zeros,
 * every core below RO_ENV_CPU_MAX. 0, -EINVAL on junk, -ERANGE for a core number too large.
 * (hwloc's own list parser, which the proxy's pinning then runs, takes "-5" or "4294967296"
 * and wraps them, allocating up to 512 MB on the way, and reads "010" as octal.) */
#define RO_ENV_CPU_MAX 65536
int ro_env_parse_cpulist(const char *s);

#endif
