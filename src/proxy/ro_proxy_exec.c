/* The one place that decodes descriptors: each op becomes calls through the transport's
 * ops table (one indirect call per descriptor), posted under the ring's current mark. A
 * descriptor's memory (inline data, AMO operands) stays valid until it completes, because
 * the ring's slots are only released up to `done`. */
#include "config.h"
#include "proxy/ro_proxy_int.h"

#include "common/ro_log.h"

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

int ro_proxy_exec(struct ro_proxy *p, struct ro_proxy_ring *pr, const struct ro_desc *d)
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
    case RO_OP_PUT:
    case RO_OP_PUT_INLINE:
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
    case RO_OP_PUT_INLINE:
        ro_proxy_posted(p, m, ro_xport_put(x, pe, d->raddr, &d->arg[0], d->len, m), d);
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
