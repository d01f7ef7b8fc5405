/* The transport under the proxy, chosen at run time through an ops table: "ofi" wraps
 * src/ofi (libfabric); "null" completes every operation at once without any network, so
 * the ring and the proxy can be measured and checked alone (ro_xport_null.h). Every call
 * is made by the proxy thread only. Remote addresses are byte offsets into the target
 * PE's heap. */
#ifndef RO_XPORT_H
#define RO_XPORT_H

#include <stddef.h>
#include <stdint.h>

#include "common/ro_dtype.h"

/* Operations posted to and completed by the transport so far, as struct ro_ofi_count:
 * writes and non-fetching AMOs usually on `w`, reads and fetching AMOs on `r`. The proxy
 * only compares a posted snapshot with a later completed one, both fields at once. */
struct ro_xport_count {
    uint64_t w, r;
};

/* Same shapes as the ro_ofi_* data-path calls, on an opaque transport object `x`.
 * Data calls are non-blocking (completion shows in completed()) and return 0 or a
 * negative errno after logging the cause; the proxy then ends the job. Every slot is
 * filled: callers never test for NULL. */
struct ro_xport_ops {
    const char *name;                                   /* "ofi", "null" */
    int (*put)(void *x, int pe, uint64_t roff, const void *src, size_t len);
    int (*get)(void *x, int pe, uint64_t roff, void *dst, size_t len);
    int (*amo)(void *x, int pe, uint64_t roff, enum ro_dt dt, enum ro_amo_op op,
               const void *operand);
    /* SUM/BAND/BOR/BXOR/WRITE/READ/CSWAP; compare is used by CSWAP only. */
    int (*amo_fetch)(void *x, int pe, uint64_t roff, enum ro_dt dt, enum ro_amo_op op,
                     const void *operand, const void *compare, void *result);
    /* Drives the transport; a negative errno after a failed operation (logged). */
    int (*progress)(void *x);
    struct ro_xport_count (*posted)(void *x);
    struct ro_xport_count (*completed)(void *x);
};

extern const struct ro_xport_ops ro_xport_ofi_ops;    /* object: struct ro_ofi *        */
extern const struct ro_xport_ops ro_xport_null_ops;   /* object: struct ro_xport_null * */

/* A table and its object, as the proxy holds them; the calls below are one indirect
 * call each. */
struct ro_xport {
    const struct ro_xport_ops *ops;
    void *obj;
};

static inline int ro_xport_put(const struct ro_xport *x, int pe, uint64_t roff, const void *src,
                               size_t len)
{
    return x->ops->put(x->obj, pe, roff, src, len);
}

static inline int ro_xport_get(const struct ro_xport *x, int pe, uint64_t roff, void *dst,
                               size_t len)
{
    return x->ops->get(x->obj, pe, roff, dst, len);
}

static inline int ro_xport_amo(const struct ro_xport *x, int pe, uint64_t roff, enum ro_dt dt,
                               enum ro_amo_op op, const void *operand)
{
    return x->ops->amo(x->obj, pe, roff, dt, op, operand);
}

static inline int ro_xport_amo_fetch(const struct ro_xport *x, int pe, uint64_t roff,
                                     enum ro_dt dt, enum ro_amo_op op, const void *operand,
                                     const void *compare, void *result)
{
    return x->ops->amo_fetch(x->obj, pe, roff, dt, op, operand, compare, result);
}

static inline int ro_xport_progress(const struct ro_xport *x)
{
    return x->ops->progress(x->obj);
}

static inline struct ro_xport_count ro_xport_posted(const struct ro_xport *x)
{
    return x->ops->posted(x->obj);
}

static inline struct ro_xport_count ro_xport_completed(const struct ro_xport *x)
{
    return x->ops->completed(x->obj);
}

#endif
