/* The one place that decodes descriptors: each op becomes calls through the transport's
 * ops table (one indirect call per descriptor), posted under the ring's current mark. A
 * descriptor's memory (inline data, AMO operands) stays valid until it completes, because
 * the ring's slots are only released up to `done`. */
#include "config.h"
#include "proxy/ro_proxy_int.h"

#include <string.h>

#include "common/ro_log.h"
#include "proxy/ro_ring_consume.h"

/* Transport calls return the completions their token will get, or a negative errno. */
static void ro_proxy_posted(struct ro_proxy *p, struct ro_proxy_mark *m, int posts,
                            const struct ro_desc *d)
{
    if (RO_UNLIKELY(posts < 0))
        ro_proxy_fatal(p, "transport failed on op %u to PE %u (offset %llu, %llu bytes); "
                       "the error is logged above", d->op, d->pe,
                       (unsigned long long)d->raddr, (unsigned long long)d->len);
    m->pending += posts;
}

/* Note: the signal must not land before the data. A transport that keeps order per target
 * gets both at once; otherwise the signal waits until the data has completed (one round
 * trip), while operations to other targets go on. */
static int ro_proxy_exec_put_signal(struct ro_proxy *p, struct ro_proxy_ring *pr,
                                    const struct ro_desc *d)
{
    const void *src = (const void *)(uintptr_t)d->laddr;
    const unsigned pe = d->pe;

    if (!pr->signal_due) {
        if (ro_proxy_order_wait(p, pr, pe))
            return 0;
        if (d->len) {
            struct ro_proxy_mark *m = ro_proxy_mark_current(pr);
            ro_proxy_posted(p, m, ro_xport_put(&p->xport, (int)pe, d->raddr, src, d->len, m), d);
            ro_proxy_order_touch(p, pr, pe);
            ro_proxy_order_fence_pe(p, pr, pe);
        }
        pr->signal_due = true;
    }
    if (ro_proxy_order_wait(p, pr, pe))
        return 0;
    pr->signal_due = false;
    struct ro_proxy_mark *m = ro_proxy_mark_current(pr);
    ro_proxy_posted(p, m, ro_xport_amo(&p->xport, (int)pe, d->arg[1], (enum ro_dt)d->dtype,
                                       (enum ro_amo_op)d->amo, &d->arg[0], m), d);
    ro_proxy_order_touch(p, pr, pe);
    return 1;
}

/* An inline put (the data in the descriptor), and the inline puts after it in the ring
 * that continue it: same target, each starting where the last ended, at most
 * p->merge_max bytes in all (a wave's p to consecutive words arrives so). They go out as
 * one put from a copy here, which the transport has taken by the time it returns
 * (merge_max is at most its inject size); one alone goes from the descriptor. One
 * operation in place of n: what bounds a small-put rate is the provider's cost per call.
 * Returns the descriptors taken, 0 when the ring must wait (fence). */
static unsigned ro_proxy_exec_inline(struct ro_proxy *p, struct ro_proxy_ring *pr,
                                     const struct ro_desc *d, unsigned room)
{
    uint8_t merged[RO_PROXY_MERGE_MAX];
    const void *src = &d->arg[0];
    size_t len = d->len;
    unsigned n = 1;
    struct ro_proxy_mark *m;

    if (ro_proxy_order_wait(p, pr, d->pe))
        return 0;
    for (const struct ro_desc *e; n < room; n++) {
        e = ro_ring_peek(pr->ring, pr->next + n);
        if (!e || e->op != RO_OP_PUT_INLINE || e->pe != d->pe || e->raddr != d->raddr + len ||
            len + e->len > p->merge_max)
            break;
        if (n == 1)
            memcpy(merged, &d->arg[0], d->len);
        memcpy(merged + len, &e->arg[0], e->len);
        len += e->len;
        src = merged;
    }
    m = ro_proxy_mark_current(pr);
    ro_proxy_posted(p, m, ro_xport_put(&p->xport, (int)d->pe, d->raddr, src, len, m), d);
    ro_proxy_order_touch(p, pr, d->pe);
    return n;
}

unsigned ro_proxy_exec(struct ro_proxy *p, struct ro_proxy_ring *pr, const struct ro_desc *d,
                       unsigned room)
{
    const struct ro_xport *x = &p->xport;
    void *local = d->flags & RO_DESC_F_RET ? (void *)&pr->ring->ret[pr->next & pr->ring->mask]
                                           : (void *)(uintptr_t)d->laddr;
    const int pe = (int)d->pe;
    struct ro_proxy_mark *m;

    switch (d->op) {
    case RO_OP_GET:
        /* Gets are not ordered by fence: they neither wait nor count as writes. */
        m = ro_proxy_mark_current(pr);
        ro_proxy_posted(p, m, ro_xport_get(x, pe, d->raddr, local, d->len, m), d);
        return 1;
    case RO_OP_PUT_SIGNAL:
        return ro_proxy_exec_put_signal(p, pr, d);
    case RO_OP_FENCE:
        ro_proxy_order_fence(p, pr);
        return 1;
    case RO_OP_PUT_INLINE:
        return ro_proxy_exec_inline(p, pr, d, room);
    case RO_OP_PUT:
    case RO_OP_AMO:
    case RO_OP_AMO_FETCH:
        break;
    default:
        ro_proxy_fatal(p, "descriptor with unknown op %u at ticket %llu: ring memory corrupted?",
                       d->op, (unsigned long long)(d->seq - 1));
        return 1;
    }
    if (ro_proxy_order_wait(p, pr, d->pe))
        return 0;
    m = ro_proxy_mark_current(pr);
    switch (d->op) {
    case RO_OP_PUT:
        ro_proxy_posted(p, m, ro_xport_put(x, pe, d->raddr, local, d->len, m), d);
        break;
    case RO_OP_AMO:
        ro_proxy_posted(p, m, ro_xport_amo(x, pe, d->raddr, (enum ro_dt)d->dtype,
                                           (enum ro_amo_op)d->amo, &d->arg[0], m), d);
        break;
    default:   /* RO_OP_AMO_FETCH */
        ro_proxy_posted(p, m, ro_xport_amo_fetch(x, pe, d->raddr, (enum ro_dt)d->dtype,
                                                 (enum ro_amo_op)d->amo, &d->arg[0],
                                                 &d->arg[1], local, m), d);
        break;
    }
    ro_proxy_order_touch(p, pr, d->pe);
    return 1;
}
