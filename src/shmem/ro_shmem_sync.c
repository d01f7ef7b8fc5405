/* OpenSHMEM 1.5 chapters 9.10-9.12: point-to-point synchronization, memory ordering and
 * distributed locks. The waits are rocshmem's; the tests over arrays (test_all, _any, _some
 * and their _vector forms) test each element rocshmem's way. */
#include "config.h"
#include "shmem/ro_shmem.h"

#include <sched.h>
#include <time.h>

/* TEST: one element's test; VALUE(i): its comparison value (one for all, or a vector). */
#define RO_SHMEM_TESTS(NAME, TYPE, SUFFIX, VPARAM, VALUE)                                  \
    int pshmem_##NAME##_test_all##SUFFIX(TYPE *ivars, size_t nelems, const int *status,    \
                                         int cmp, VPARAM)                                  \
    {                                                                                      \
        for (size_t i = 0; i < nelems; i++)                                                \
            if (!(status && status[i]) && !rocshmem_##NAME##_test(&ivars[i], cmp, VALUE(i))) \
                return 0;                                                                  \
        return 1;                                                                          \
    }                                                                                      \
    RO_SHMEM_ALIAS(NAME##_test_all##SUFFIX)                                                \
    size_t pshmem_##NAME##_test_any##SUFFIX(TYPE *ivars, size_t nelems, const int *status, \
                                            int cmp, VPARAM)                               \
    {                                                                                      \
        for (size_t i = 0; i < nelems; i++)                                                \
            if (!(status && status[i]) && rocshmem_##NAME##_test(&ivars[i], cmp, VALUE(i))) \
                return i;                                                                  \
        return SIZE_MAX;                                                                   \
    }                                                                                      \
    RO_SHMEM_ALIAS(NAME##_test_any##SUFFIX)                                                \
    size_t pshmem_##NAME##_test_some##SUFFIX(TYPE *ivars, size_t nelems, size_t *indices,  \
                                             const int *status, int cmp, VPARAM)           \
    {                                                                                      \
        size_t n = 0;                                                                      \
        for (size_t i = 0; i < nelems; i++)                                                \
            if (!(status && status[i]) && rocshmem_##NAME##_test(&ivars[i], cmp, VALUE(i))) \
                indices[n++] = i;                                                          \
        return n;                                                                          \
    }                                                                                      \
    RO_SHMEM_ALIAS(NAME##_test_some##SUFFIX)
#define RO_SHMEM_ONE_VALUE(i) cmp_value
#define RO_SHMEM_VECTOR_VALUE(i) cmp_values[i]

#define RO_SHMEM_P2P(NAME, TYPE)                                                           \
    void pshmem_##NAME##_wait_until(TYPE *ivar, int cmp, TYPE cmp_value)                   \
    { rocshmem_##NAME##_wait_until(ivar, cmp, cmp_value); }                                \
    RO_SHMEM_ALIAS(NAME##_wait_until)                                                      \
    void pshmem_##NAME##_wait_until_all(TYPE *ivars, size_t nelems, const int *status,     \
                                        int cmp, TYPE cmp_value)                           \
    { rocshmem_##NAME##_wait_until_all(ivars, nelems, status, cmp, cmp_value); }           \
    RO_SHMEM_ALIAS(NAME##_wait_until_all)                                                  \
    size_t pshmem_##NAME##_wait_until_any(TYPE *ivars, size_t nelems, const int *status,   \
                                          int cmp, TYPE cmp_value)                         \
    { return rocshmem_##NAME##_wait_until_any(ivars, nelems, status, cmp, cmp_value); }    \
    RO_SHMEM_ALIAS(NAME##_wait_until_any)                                                  \
    size_t pshmem_##NAME##_wait_until_some(TYPE *ivars, size_t nelems, size_t *indices,    \
                                           const int *status, int cmp, TYPE cmp_value)     \
    {                                                                                      \
        return rocshmem_##NAME##_wait_until_some(ivars, nelems, indices, status, cmp,      \
                                                 cmp_value);                               \
    }                                                                                      \
    RO_SHMEM_ALIAS(NAME##_wait_until_some)                                                 \
    void pshmem_##NAME##_wait_until_all_vector(TYPE *ivars, size_t nelems,                 \
                                               const int *status, int cmp, TYPE *cmp_values) \
    { rocshmem_##NAME##_wait_until_all_vector(ivars, nelems, status, cmp, cmp_values); }   \
    RO_SHMEM_ALIAS(NAME##_wait_until_all_vector)                                           \
    size_t pshmem_##NAME##_wait_until_any_vector(TYPE *ivars, size_t nelems,               \
                                                 const int *status, int cmp,               \
                                                 TYPE *cmp_values)                         \
    {                                                                                      \
        return rocshmem_##NAME##_wait_until_any_vector(ivars, nelems, status, cmp,         \
                                                       cmp_values);                        \
    }                                                                                      \
    RO_SHMEM_ALIAS(NAME##_wait_until_any_vector)                                           \
    size_t pshmem_##NAME##_wait_until_some_vector(TYPE *ivars, size_t nelems,              \
                                                  size_t *indices, const int *status,      \
                                                  int cmp, TYPE *cmp_values)               \
    {                                                                                      \
        return rocshmem_##NAME##_wait_until_some_vector(ivars, nelems, indices, status, cmp, \
                                                        cmp_values);                       \
    }                                                                                      \
    RO_SHMEM_ALIAS(NAME##_wait_until_some_vector)                                          \
    int pshmem_##NAME##_test(TYPE *ivar, int cmp, TYPE cmp_value)                          \
    { return rocshmem_##NAME##_test(ivar, cmp, cmp_value); }                               \
    RO_SHMEM_ALIAS(NAME##_test)                                                            \
    RO_SHMEM_TESTS(NAME, TYPE, , TYPE cmp_value, RO_SHMEM_ONE_VALUE)                       \
    RO_SHMEM_TESTS(NAME, TYPE, _vector, TYPE *cmp_values, RO_SHMEM_VECTOR_VALUE)
_SHMEM_RO_FOR_P2P_TYPES(RO_SHMEM_P2P)

uint64_t pshmem_signal_wait_until(uint64_t *sig_addr, int cmp, uint64_t cmp_value)
{
    return rocshmem_signal_wait_until(sig_addr, cmp, cmp_value);
}
RO_SHMEM_ALIAS(signal_wait_until)

void pshmem_fence(void) { rocshmem_fence(); }
RO_SHMEM_ALIAS(fence)
void pshmem_ctx_fence(shmem_ctx_t ctx) { rocshmem_ctx_fence(ro_shmem_ctx(ctx)); }
RO_SHMEM_ALIAS(ctx_fence)
void pshmem_quiet(void) { rocshmem_quiet(); }
RO_SHMEM_ALIAS(quiet)
void pshmem_ctx_quiet(shmem_ctx_t ctx) { rocshmem_ctx_quiet(ro_shmem_ctx(ctx)); }
RO_SHMEM_ALIAS(ctx_quiet)

/* Locks: the symmetric long on PE 0 holds 0 when free, else its holder's PE + 1. A waiter
 * retries its compare-and-swap with backoff, since a lock may be held for as long as the
 * program likes (and a PE that dies holding one ends the job through its launcher). */
static long ro_shmem_lock_try(long *lock)
{
    return rocshmem_long_atomic_compare_swap(lock, 0, (long)rocshmem_my_pe() + 1, 0);
}

void pshmem_set_lock(long *lock)
{
    for (unsigned tries = 0; ro_shmem_lock_try(lock) != 0; tries++) {
        if (tries < 64) {
            sched_yield();
        } else {
            struct timespec ts = { 0, 50000 };
            nanosleep(&ts, NULL);
        }
    }
}
RO_SHMEM_ALIAS(set_lock)

int pshmem_test_lock(long *lock) { return ro_shmem_lock_try(lock) != 0; }
RO_SHMEM_ALIAS(test_lock)

/* Writes made while holding the lock are complete before the next holder may take it. */
void pshmem_clear_lock(long *lock)
{
    long mine = (long)rocshmem_my_pe() + 1, seen;

    rocshmem_quiet();
    seen = rocshmem_long_atomic_compare_swap(lock, mine, 0, 0);
    if (seen != mine)
        RO_ERR("shmem_clear_lock(%p): this PE does not hold the lock (it holds %ld: %s); the "
               "call is ignored", (void *)lock, seen, seen ? "PE number + 1" : "free");
}
RO_SHMEM_ALIAS(clear_lock)
