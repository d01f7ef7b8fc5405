/* src/shmem: OpenSHMEM 1.5's C API (include/shmem.h) over the rocshmem API. Each routine is
 * defined once as pshmem_X; shmem_X is a weak alias of it, which is the profiling interface
 * (a tool's own shmem_X wins and calls pshmem_X). Above the public API only: errors the
 * library finds are reported by the rocshmem_ call that finds them, under its name. */
#ifndef RO_SHMEM_H
#define RO_SHMEM_H

#include <rocshmem/rocshmem.h>
#include <pshmem.h>

#include <limits.h>

#include "common/ro_log.h"

/* Symmetric space shmem_init makes (ro_shmem_setup.c): collect's counts (PE count + 1
 * words), and the active-set reductions' scratch (RO_SHMEM_SCRATCH bytes). */
#define RO_SHMEM_SCRATCH (64u << 10)
extern uint64_t *ro_shmem_counts;
extern unsigned char *ro_shmem_scratch;

/* For rocshmem.hpp, which declares it (ro_shmem_aset.c). */
void rocshmem_ro_broadcast_aset(void *dest, const void *source, int nelems, size_t esize,
                                int root, int start, int log_stride, int size, long *pSync);

/* shmem_X, a weak alias of pshmem_X (defined just before). */
#define RO_SHMEM_ALIAS(NAME)                                                               \
    extern __typeof__(pshmem_##NAME) shmem_##NAME __attribute__((weak, alias("pshmem_" #NAME)));

/* The library's context a handle points at; an invalid handle gives ROCSHMEM_CTX_INVALID,
 * which every call refuses with a message. */
static inline rocshmem_ctx_t ro_shmem_ctx(shmem_ctx_t ctx)
{
    return ctx ? *ctx : ROCSHMEM_CTX_INVALID;
}

/* nelems * size in bytes, or 0 after a message when it overflows (nothing then moves). */
static inline size_t ro_shmem_bytes(size_t nelems, size_t size, const char *api)
{
    if (RO_UNLIKELY(nelems > SIZE_MAX / size)) {
        RO_ERR("%s: %zu elements of %zu bytes overflow size_t; operation dropped", api, nelems,
               size);
        return 0;
    }
    return nelems * size;
}

/* The collectives of rocshmem.h count elements in an int. */
static inline int ro_shmem_count(size_t nelems, const char *api)
{
    if (RO_UNLIKELY(nelems > INT_MAX)) {
        RO_ERR("%s: %zu elements: more than INT_MAX in one collective; the call is refused",
               api, nelems);
        return -1;
    }
    return (int)nelems;
}

#endif
