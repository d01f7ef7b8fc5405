/* The reductions' arithmetic, the one place where a reduction meets its type: a loop per
 * (datatype, operation), chosen once per call of ro_coll_combine. Integers add and multiply
 * as unsigned int or uint64_t (wrapping, as two's complement does, without undefined
 * behaviour: narrower unsigned types would be promoted to int and overflow it). */
#include "config.h"
#include "coll/ro_coll.h"

#define RO_COMBINE_LOOP(T, EXPR)                                                           \
    do {                                                                                   \
        T *d_ = (T *)dst;                                                                  \
        const T *x_ = (const T *)a, *y_ = (const T *)b;                                    \
        for (size_t k = (size_t)rank; k < n; k += (size_t)size) {                          \
            T u = x_[k], v = y_[k];                                                        \
            d_[k] = (EXPR);                                                                \
        }                                                                                  \
    } while (0)

#define RO_COMBINE_INT(T, U)                                                               \
    switch (op) {                                                                          \
    case RO_RED_SUM: RO_COMBINE_LOOP(T, (T)((U)u + (U)v)); break;                          \
    case RO_RED_PROD: RO_COMBINE_LOOP(T, (T)((U)u * (U)v)); break;                         \
    case RO_RED_MIN: RO_COMBINE_LOOP(T, u < v ? u : v); break;                             \
    case RO_RED_MAX: RO_COMBINE_LOOP(T, u > v ? u : v); break;                             \
    case RO_RED_AND: RO_COMBINE_LOOP(T, (T)(u & v)); break;                                \
    case RO_RED_OR: RO_COMBINE_LOOP(T, (T)(u | v)); break;                                 \
    default: RO_COMBINE_LOOP(T, (T)(u ^ v)); break;                                        \
    }

#define RO_COMBINE_FLOAT(T)                                                                \
    switch (op) {                                                                          \
    case RO_RED_SUM: RO_COMBINE_LOOP(T, u + v); break;                                     \
    case RO_RED_PROD: RO_COMBINE_LOOP(T, u * v); break;                                    \
    case RO_RED_MIN: RO_COMBINE_LOOP(T, u < v ? u : v); break;                             \
    default: RO_COMBINE_LOOP(T, u > v ? u : v); break;                                     \
    }

/* This member's share of n elements: loops over k = rank, rank + size, ... */
static RO_FN void ro_coll_combine_share(enum ro_dt dt, enum ro_red_op op, void *dst, const void *a,
                                        const void *b, size_t n, int rank, int size)
{
    switch (dt) {
    case RO_DT_INT8: RO_COMBINE_INT(int8_t, uint32_t) break;
    case RO_DT_UINT8: RO_COMBINE_INT(uint8_t, uint32_t) break;
    case RO_DT_INT16: RO_COMBINE_INT(int16_t, uint32_t) break;
    case RO_DT_UINT16: RO_COMBINE_INT(uint16_t, uint32_t) break;
    case RO_DT_INT32: RO_COMBINE_INT(int32_t, uint32_t) break;
    case RO_DT_UINT32: RO_COMBINE_INT(uint32_t, uint32_t) break;
    case RO_DT_INT64: RO_COMBINE_INT(int64_t, uint64_t) break;
    case RO_DT_UINT64: RO_COMBINE_INT(uint64_t, uint64_t) break;
    case RO_DT_FLOAT: RO_COMBINE_FLOAT(float) break;
    default: RO_COMBINE_FLOAT(double) break;
    }
}

#if defined(__CUDACC__) || defined(__HIPCC__)
RO_FN void ro_coll_combine(const struct ro_grp *g, enum ro_dt dt, enum ro_red_op op, void *dst,
                           const void *a, const void *b, size_t n, int meet)
{
    ro_coll_combine_share(dt, op, dst, a, b, n, g->rank, g->size);
    if (meet)
        ro_grp_sync(g);
}
#else
#include <stdlib.h>

/* Host code on a GPU heap reduces in host memory: tiles of the operands are copied in
 * through the GPU runtime and the result out. */
#define RO_COMBINE_TILE 4096
RO_FN void ro_coll_combine(const struct ro_grp *g, enum ro_dt dt, enum ro_red_op op, void *dst,
                           const void *a, const void *b, size_t n, int meet)
{
    const size_t es = ro_dt_size(dt), per = RO_COMBINE_TILE / es;
    uint64_t ta[RO_COMBINE_TILE / 8], tb[RO_COMBINE_TILE / 8];

    if (!ro_gpu_state.heap_on_device) {
        ro_coll_combine_share(dt, op, dst, a, b, n, g->rank, g->size);
        if (meet)
            ro_grp_sync(g);
        return;
    }
    for (size_t off = 0; g->rank == 0 && off < n; off += per) {
        size_t m = n - off < per ? n - off : per;
        ro_gpu_ipc_copy(ta, (const uint8_t *)a + off * es, m * es, 0, 1);
        ro_gpu_ipc_copy(tb, (const uint8_t *)b + off * es, m * es, 0, 1);
        ro_coll_combine_share(dt, op, ta, ta, tb, m, 0, 1);
        ro_gpu_ipc_copy((uint8_t *)dst + off * es, ta, m * es, 0, 1);
    }
    if (meet)
        ro_grp_sync(g);
}
#endif
