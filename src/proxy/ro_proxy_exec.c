/* The one place that decodes descriptors: each op becomes calls through the transport's
 * ops table (one indirect call per descriptor). A descriptor's memory (inline data, AMO
 * operands) stays valid until it completes, because the ring's slots are only released
 * up to `done`. */
#include "config.h"
#include "proxy/ro_proxy_int.h"

/* Later descriptors of this ring wait until what has been posted so far completes. */
static void ro_proxy_ring_stall(struct ro_proxy *p, struct ro_proxy_ring *pr)
{
    pr->stall = ro_xport_posted(&p->xport);
    pr->stalled = 1;
}

/* Note: the signal of a put-with-signal is posted only after the put has completed
 * (transport counters), so no provider ordering guarantee is needed for a target to
 * see the data once it sees the signal. Costs one round trip per put-with-signal. */
static int ro_proxy_exec_put_signal(struct ro_proxy *p, struct ro_proxy_ring *pr,
                                    const struct ro_desc *d, int *rc)
{
    const void *src = (const void *)(uintptr_t)d->laddr;
    if (!pr->signal_due) {
        *rc = d->len ? ro_xport_put(&p->xport, (int)d->pe, d->raddr, src, d->len) : 0;
        ro_proxy_ring_stall(p, pr);
        pr->signal_due = 1;
        return 0;
    }
    pr->signal_due = 0;
    *rc = ro_xport_amo(&p->xport, (int)d->pe, d->arg[1], (enum ro_dt)d->dtype,
                       (enum ro_amo_op)d->amo, &d->arg[0]);
    return 1;
}

int ro_proxy_exec(struct ro_proxy *p, struct ro_proxy_ring *pr, const struct ro_desc *d)
{
    const struct ro_xport *x = &p->xport;
    void *local = (void *)(uintptr_t)d->laddr;
    int pe = (int)d->pe, rc = 0, finished = 1;

    switch (d->op) {
    case RO_OP_PUT:
        rc = ro_xport_put(x, pe, d->raddr, local, d->len);
        break;
    case RO_OP_PUT_INLINE:
        rc = ro_xport_put(x, pe, d->raddr, &d->arg[0], d->len);
        break;
    case RO_OP_GET:
        rc = ro_xport_get(x, pe, d->raddr, local, d->len);
        break;
    case RO_OP_AMO:
        rc = ro_xport_amo(x, pe, d->raddr, (enum ro_dt)d->dtype, (enum ro_amo_op)d->amo,
                          &d->arg[0]);
        break;
    case RO_OP_AMO_FETCH:
        rc = ro_xport_amo_fetch(x, pe, d->raddr, (enum ro_dt)d->dtype, (enum ro_amo_op)d->amo,
                                &d->arg[0], &d->arg[1], local);
        break;
    case RO_OP_PUT_SIGNAL:
        finished = ro_proxy_exec_put_signal(p, pr, d, &rc);
        break;
    case RO_OP_FENCE:
        ro_proxy_ring_stall(p, pr);
        break;
    default:
        ro_proxy_fatal(p, "descriptor with unknown op %u at ticket %llu: ring memory corrupted?",
                       d->op, (unsigned long long)(d->seq - 1));
    }
    if (rc)
        ro_proxy_fatal(p, "transport failed on op %u to PE %d (offset %llu, %llu bytes); "
                       "the error is logged above", d->op, pe, (unsigned long long)d->raddr,
                       (unsigned long long)d->len);
    return finished;
}
