/* The transport under the proxy, chosen at run time through an ops table: "ofi" wraps
 * src/ofi (libfabric); "null" completes every operation at once without any network, so
 * the ring and the proxy can be measured and checked alone (ro_xport_null.h). Every call
 * is made by the proxy thread only. Remote addresses are byte offsets into the target
 * PE's heap. */
#ifndef RO_XPORT_H
#define RO_XPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "common/ro_dtype.h"

/* Called by the transport once for every completed operation, with its token. */
typedef void (*ro_xport_done_fn)(void *token, void *arg);

/* Same shapes as the ro_ofi_* data-path calls, on an opaque transport object `x`. Data
 * calls are non-blocking and return how many completions `token` will receive through the
 * done callback (0: already complete), or a negative errno after logging the cause; the
 * proxy then ends the job. Completions may come in any order, across targets and within
 * one. Every slot is filled: callers never test for NULL. */
struct ro_xport_ops {
    const char *name;                                   /* "ofi", "null" */
    /* Set once, before the first data call. */
    void (*on_done)(void *x, ro_xport_done_fn fn, void *arg);
    int (*put)(void *x, int pe, uint64_t roff, const void *src, size_t len, void *token);
    int (*get)(void *x, int pe, uint64_t roff, void *dst, size_t len, void *token);
    int (*amo)(void *x, int pe, uint64_t roff, enum ro_dt dt, enum ro_amo_op op,
               const void *operand, void *token);
    /* SUM/BAND/BOR/BXOR/WRITE/READ/CSWAP; compare is used by CSWAP only. */
    int (*amo_fetch)(void *x, int pe, uint64_t roff, enum ro_dt dt, enum ro_amo_op op,
                     const void *operand, const void *compare, void *result, void *token);
    /* Drives the transport and delivers completions; a negative errno after a failed
     * operation (logged). */
    int (*progress)(void *x);
    /* Whether operations to one target take effect there in posting order (ro_ofi_ordered). */
    bool (*ordered)(const void *x);
    /* The largest put whose source the call has copied by the time it returns (the caller
     * may reuse it at once): what the proxy may stage when it merges small puts. */
    size_t (*inject_max)(const void *x);
    /* Operations posted and not yet completed, for the proxy's report (ro_proxy_report.c). */
    uint64_t (*in_flight)(const void *x);
};

extern const struct ro_xport_ops ro_xport_ofi_ops;    /* object: struct ro_ofi *        */
extern const struct ro_xport_ops ro_xport_null_ops;   /* object: struct ro_xport_null * */

/* A table and its object, as the proxy holds them; the calls below are one indirect
 * call each. */
struct ro_xport {
    const struct ro_xport_ops *ops;
    void *obj;
};

static inline void ro_xport_on_done(const struct ro_xport *x, ro_xport_done_fn fn, void *arg)
{
    x->ops->on_done(x->obj, fn, arg);
}

static inline bool ro_xport_ordered(const struct ro_xport *x)
{
    return x->ops->ordered(x->obj);
}

static inline size_t ro_xport_inject_max(const struct ro_xport *x)
{
    return x->ops->inject_max(x->obj);
}

static inline uint64_t ro_xport_in_flight(const struct ro_xport *x)
{
    return x->ops->in_flight(x->obj);
}

static inline int ro_xport_put(const struct ro_xport *x, int pe, uint64_t roff, const void *src,
                               size_t len, void *token)
{
    return x->ops->put(x->obj, pe, roff, src, len, token);
}

static inline int ro_xport_get(const struct ro_xport *x, int pe, uint64_t roff, void *dst,
                               size_t len, void *token)
{
    return x->ops->get(x->obj, pe, roff, dst, len, token);
}

static inline int ro_xport_amo(const struct ro_xport *x, int pe, uint64_t roff, enum ro_dt dt,
                               enum ro_amo_op op, const void *operand, void *token)
{
    return x->ops->amo(x->obj, pe, roff, dt, op, operand, token);
}

static inline int ro_xport_amo_fetch(const struct ro_xport *x, int pe, uint64_t roff,
                                     enum ro_dt dt, enum ro_amo_op op, const void *operand,
                                     const void *compare, void *result, void *token)
{
    return x->ops->amo_fetch(x->obj, pe, roff, dt, op, operand, compare, result, token);
}

static inline int ro_xport_progress(const struct ro_xport *x)
{
    return x->ops->progress(x->obj);
}

#endif
