/* wait_until / test on local symmetric variables, updated by remote PEs through this
 * PE's proxy. Loads are acquire so that data put before a flag is seen after it.
 * These waits have no timeout: how long a flag takes is the application's business. */
#include "config.h"
#include "gpu/ro_gpu_ipc.h"

/* Every wait and test starts here: a comparison that exists. */
static RO_FN int ro_gpu_cmp_valid(int cmp, const char *api)
{
    if (RO_LIKELY(cmp >= ROCSHMEM_CMP_EQ && cmp <= ROCSHMEM_CMP_LE))
        return 1;
    RO_GPU_ERR("%s: comparison %d is not one of ROCSHMEM_CMP_EQ..ROCSHMEM_CMP_LE; not waiting", api, cmp);
    return 0;
}

/* Whether `status` leaves any of the n entries to wait for. */
static RO_FN int ro_gpu_any_eligible(size_t n, const int *status)
{
    for (size_t i = 0; i < n; i++)
        if (!(status && status[i]))
            return 1;
    return 0;
}

#define RO_DEF_WAIT(NAME, TYPE, KIND)                                                      \
    static RO_FN int ro_gpu_test_##NAME(TYPE *ivar, int cmp, TYPE value)                         \
    {                                                                                      \
        TYPE v;                                                                            \
        RO_HEAP_LOAD(ivar, v);                                                          \
        switch (cmp) {                                                                     \
        case ROCSHMEM_CMP_EQ: return v == value;                                           \
        case ROCSHMEM_CMP_NE: return v != value;                                           \
        case ROCSHMEM_CMP_GT: return v > value;                                            \
        case ROCSHMEM_CMP_GE: return v >= value;                                           \
        case ROCSHMEM_CMP_LT: return v < value;                                            \
        default:              return v <= value;                                           \
        }                                                                                  \
    }                                                                                      \
    RO_FN int rocshmem_##NAME##_test(TYPE *ivar, int cmp, TYPE value)                            \
    {                                                                                      \
        return ro_gpu_cmp_valid(cmp, "rocshmem_" #NAME "_test") &&                         \
               ro_gpu_test_##NAME(ivar, cmp, value);                                       \
    }                                                                                      \
    RO_FN void rocshmem_##NAME##_wait_until(TYPE *ivar, int cmp, TYPE value)                     \
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
    /* Entries that now satisfy their comparison (values == NULL: compare each with     \
     * `value`), skipping those `status` excludes: their count, and with `indices` their \
     * positions (at most `max`). */                                                     \
    static RO_FN size_t ro_gpu_scan_##NAME(TYPE *ivars, size_t n, const int *status,     \
                                           int cmp, TYPE value, const TYPE *values,      \
                                           size_t *indices, size_t max)                  \
    {                                                                                      \
        size_t found = 0;                                                                  \
        for (size_t i = 0; i < n && found < max; i++) {                                    \
            if ((status && status[i]) ||                                                   \
                !ro_gpu_test_##NAME(&ivars[i], cmp, values ? values[i] : value))          \
                continue;                                                                  \
            if (indices)                                                                   \
                indices[found] = i;                                                        \
            found++;                                                                       \
        }                                                                                  \
        return found;                                                                      \
    }                                                                                      \
    /* mode 0: all (each entry in turn: each satisfies at some point, which is the        \
     * contract); 1: any (the first index found); 2: some (every index satisfied in the  \
     * first scan that finds one). Needs no memory: GPU code has no calloc. */           \
    static RO_FN size_t ro_gpu_wait_many_##NAME(TYPE *ivars, size_t n, size_t *indices,   \
                                                const int *status, int cmp, TYPE value,    \
                                                const TYPE *values, int mode,              \
                                                const char *api)                           \
    {                                                                                      \
        size_t found = 0, first = SIZE_MAX;                                                \
        unsigned iter = 0;                                                                 \
        if (!ro_gpu_cmp_valid(cmp, api) || !ro_gpu_any_eligible(n, status))               \
            return mode == 1 ? SIZE_MAX : 0;                                               \
        ro_gpu_wait_begin();                                                               \
        if (mode == 0) {                                                                   \
            for (size_t i = 0; i < n; i++)                                                 \
                while (!(status && status[i]) &&                                           \
                       !ro_gpu_test_##NAME(&ivars[i], cmp, values ? values[i] : value))   \
                    ro_gpu_backoff(&iter);                                                 \
        } else {                                                                           \
            while (!(found = ro_gpu_scan_##NAME(ivars, n, status, cmp, value, values,      \
                                                mode == 1 ? &first : indices,              \
                                                mode == 1 ? 1 : n)))                       \
                ro_gpu_backoff(&iter);                                                     \
        }                                                                                  \
        ro_gpu_wait_end();                                                                 \
        return mode == 1 ? first : found;                                                  \
    }                                                                                      \
    RO_FN void rocshmem_##NAME##_wait_until_all(TYPE *ivars, size_t n, const int *status, int cmp, \
                                          TYPE value)                                      \
    { ro_gpu_wait_many_##NAME(ivars, n, NULL, status, cmp, value, NULL, 0,                 \
                              "rocshmem_" #NAME "_wait_until_all"); }                       \
    RO_FN size_t rocshmem_##NAME##_wait_until_any(TYPE *ivars, size_t n, const int *status, int cmp, \
                                            TYPE value)                                    \
    { return ro_gpu_wait_many_##NAME(ivars, n, NULL, status, cmp, value, NULL, 1,          \
                                     "rocshmem_" #NAME "_wait_until_any"); }               \
    RO_FN size_t rocshmem_##NAME##_wait_until_some(TYPE *ivars, size_t n, size_t *indices,       \
                                             const int *status, int cmp, TYPE value)       \
    { return ro_gpu_wait_many_##NAME(ivars, n, indices, status, cmp, value, NULL, 2,       \
                                     "rocshmem_" #NAME "_wait_until_some"); }              \
    RO_FN void rocshmem_##NAME##_wait_until_all_vector(TYPE *ivars, size_t n, const int *status, \
                                                 int cmp, const TYPE *values)              \
    { ro_gpu_wait_many_##NAME(ivars, n, NULL, status, cmp, (TYPE)0, values, 0,             \
                              "rocshmem_" #NAME "_wait_until_all_vector"); }                \
    RO_FN size_t rocshmem_##NAME##_wait_until_any_vector(TYPE *ivars, size_t n, const int *status, \
                                                   int cmp, const TYPE *values)            \
    { return ro_gpu_wait_many_##NAME(ivars, n, NULL, status, cmp, (TYPE)0, values, 1,      \
                                     "rocshmem_" #NAME "_wait_until_any_vector"); }        \
    RO_FN size_t rocshmem_##NAME##_wait_until_some_vector(TYPE *ivars, size_t n, size_t *indices, \
                                                    const int *status, int cmp,            \
                                                    const TYPE *values)                    \
    { return ro_gpu_wait_many_##NAME(ivars, n, indices, status, cmp, (TYPE)0, values, 2,   \
                                     "rocshmem_" #NAME "_wait_until_some_vector"); }
ROCSHMEM_FOR_RMA_TYPES(RO_DEF_WAIT)
#undef RO_DEF_WAIT
