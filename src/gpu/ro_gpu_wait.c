/* wait_until / test on local symmetric variables, updated by remote PEs through this
 * PE's proxy. Loads are acquire so that data put before a flag is seen after it.
 * These waits have no timeout: how long a flag takes is the application's business. */
#include "config.h"
#include "gpu/ro_gpu_post.h"

#include <stdlib.h>

#include "common/ro_log.h"

static int ro_gpu_cmp_valid(int cmp, const char *api)
{
    if (RO_LIKELY(cmp >= ROCSHMEM_CMP_EQ && cmp <= ROCSHMEM_CMP_LE))
        return 1;
    RO_ERR("%s: comparison %d is not one of ROCSHMEM_CMP_EQ..ROCSHMEM_CMP_LE; not waiting", api, cmp);
    return 0;
}

#define RO_DEF_WAIT(NAME, TYPE, KIND)                                                      \
    static int ro_gpu_test_##NAME(TYPE *ivar, int cmp, TYPE value)                         \
    {                                                                                      \
        TYPE v;                                                                            \
        __atomic_load(ivar, &v, __ATOMIC_ACQUIRE);                                         \
        switch (cmp) {                                                                     \
        case ROCSHMEM_CMP_EQ: return v == value;                                           \
        case ROCSHMEM_CMP_NE: return v != value;                                           \
        case ROCSHMEM_CMP_GT: return v > value;                                            \
        case ROCSHMEM_CMP_GE: return v >= value;                                           \
        case ROCSHMEM_CMP_LT: return v < value;                                            \
        default:              return v <= value;                                           \
        }                                                                                  \
    }                                                                                      \
    int rocshmem_##NAME##_test(TYPE *ivar, int cmp, TYPE value)                            \
    {                                                                                      \
        return ro_gpu_cmp_valid(cmp, "rocshmem_" #NAME "_test") &&                         \
               ro_gpu_test_##NAME(ivar, cmp, value);                                       \
    }                                                                                      \
    void rocshmem_##NAME##_wait_until(TYPE *ivar, int cmp, TYPE value)                     \
    {                                                                                      \
        unsigned iter = 0;                                                                 \
        if (!ro_gpu_cmp_valid(cmp, "rocshmem_" #NAME "_wait_until") ||                     \
            ro_gpu_test_##NAME(ivar, cmp, value))                                          \
            return;                                                                        \
        ro_gpu_wait_begin();                                                               \
        while (!ro_gpu_test_##NAME(ivar, cmp, value))                                      \
            ro_gpu_backoff(&iter);                                                         \
        ro_gpu_wait_end();                                                                 \
    }                                                                                      \
    /* Marks in `done` the entries that now satisfy their comparison; returns how many  \
     * were newly found. values == NULL: compare every entry with `value`. */            \
    static size_t ro_gpu_scan_##NAME(TYPE *ivars, size_t n, const int *status, int cmp,   \
                                     TYPE value, const TYPE *values, unsigned char *done) \
    {                                                                                      \
        size_t found = 0;                                                                  \
        for (size_t i = 0; i < n; i++) {                                                   \
            if (done[i] || (status && status[i]))                                          \
                continue;                                                                  \
            if (ro_gpu_test_##NAME(&ivars[i], cmp, values ? values[i] : value)) {          \
                done[i] = 1;                                                               \
                found++;                                                                   \
            }                                                                              \
        }                                                                                  \
        return found;                                                                      \
    }                                                                                      \
    static size_t ro_gpu_eligible_##NAME(size_t n, const int *status)                      \
    {                                                                                      \
        size_t k = 0;                                                                      \
        for (size_t i = 0; i < n; i++)                                                     \
            k += !(status && status[i]);                                                   \
        return k;                                                                          \
    }                                                                                      \
    /* mode 0: all, 1: any (first index found), 2: some (indices of all found). */        \
    static size_t ro_gpu_wait_many_##NAME(TYPE *ivars, size_t n, size_t *indices,         \
                                          const int *status, int cmp, TYPE value,          \
                                          const TYPE *values, int mode, const char *api)   \
    {                                                                                      \
        size_t eligible = ro_gpu_eligible_##NAME(n, status), found = 0, out = 0;           \
        unsigned iter = 0;                                                                 \
        unsigned char *done;                                                               \
        if (!ro_gpu_cmp_valid(cmp, api) || !eligible)                                      \
            return mode == 1 ? SIZE_MAX : 0;                                               \
        done = calloc(n, 1);                                                               \
        if (!done) {                                                                       \
            RO_ERR("%s: out of memory for %zu entries", api, n);                           \
            return mode == 1 ? SIZE_MAX : 0;                                               \
        }                                                                                  \
        ro_gpu_wait_begin();                                                               \
        for (;;) {                                                                         \
            found += ro_gpu_scan_##NAME(ivars, n, status, cmp, value, values, done);       \
            if (found == eligible || (mode != 0 && found))                                 \
                break;                                                                     \
            ro_gpu_backoff(&iter);                                                         \
        }                                                                                  \
        ro_gpu_wait_end();                                                                 \
        for (size_t i = 0; i < n && mode != 0; i++) {                                      \
            if (!done[i])                                                                  \
                continue;                                                                  \
            if (mode == 1) {                                                               \
                out = i;                                                                   \
                break;                                                                     \
            }                                                                              \
            indices[out++] = i;                                                            \
        }                                                                                  \
        free(done);                                                                        \
        return out;                                                                        \
    }                                                                                      \
    void rocshmem_##NAME##_wait_until_all(TYPE *ivars, size_t n, const int *status, int cmp, \
                                          TYPE value)                                      \
    { ro_gpu_wait_many_##NAME(ivars, n, NULL, status, cmp, value, NULL, 0,                 \
                              "rocshmem_" #NAME "_wait_until_all"); }                       \
    size_t rocshmem_##NAME##_wait_until_any(TYPE *ivars, size_t n, const int *status, int cmp, \
                                            TYPE value)                                    \
    { return ro_gpu_wait_many_##NAME(ivars, n, NULL, status, cmp, value, NULL, 1,          \
                                     "rocshmem_" #NAME "_wait_until_any"); }               \
    size_t rocshmem_##NAME##_wait_until_some(TYPE *ivars, size_t n, size_t *indices,       \
                                             const int *status, int cmp, TYPE value)       \
    { return ro_gpu_wait_many_##NAME(ivars, n, indices, status, cmp, value, NULL, 2,       \
                                     "rocshmem_" #NAME "_wait_until_some"); }              \
    void rocshmem_##NAME##_wait_until_all_vector(TYPE *ivars, size_t n, const int *status, \
                                                 int cmp, const TYPE *values)              \
    { ro_gpu_wait_many_##NAME(ivars, n, NULL, status, cmp, (TYPE)0, values, 0,             \
                              "rocshmem_" #NAME "_wait_until_all_vector"); }                \
    size_t rocshmem_##NAME##_wait_until_any_vector(TYPE *ivars, size_t n, const int *status, \
                                                   int cmp, const TYPE *values)            \
    { return ro_gpu_wait_many_##NAME(ivars, n, NULL, status, cmp, (TYPE)0, values, 1,      \
                                     "rocshmem_" #NAME "_wait_until_any_vector"); }        \
    size_t rocshmem_##NAME##_wait_until_some_vector(TYPE *ivars, size_t n, size_t *indices, \
                                                    const int *status, int cmp,            \
                                                    const TYPE *values)                    \
    { return ro_gpu_wait_many_##NAME(ivars, n, indices, status, cmp, (TYPE)0, values, 2,   \
                                     "rocshmem_" #NAME "_wait_until_some_vector"); }
ROCSHMEM_FOR_RMA_TYPES(RO_DEF_WAIT)
#undef RO_DEF_WAIT
