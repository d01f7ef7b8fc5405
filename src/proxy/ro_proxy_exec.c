/* The one place that decodes descriptors: each op becomes calls through the transport's
 * ops table (one indirect call per descriptor), posted under the ring's current mark. A
 * descriptor's memory (inline data, AMO operands) stays valid until it completes, because
 * the ring's slots are only released up to `done`. */
#include "config.h"
#include "proxy/ro_proxy_int.h"

#include <string.h>

#include "common/ro_log.h"
#include "common/ro_sym.h"
#include "proxy/ro_ring_consume.h"

/* Descriptors are checked before anything acts on them: a producer's bug, or ring memory
 * written over, must not make the proxy reach outside the heap, index past its tables or
 * end the job. A bad descriptor is refused: logged (the first RO_PROXY_REFUSED_LOGGED of
 * them) and consumed without effect, so it completes like any other and its producer's
 * quiet returns. laddr is not checked: it is the producer's own address in this process.
 * The fuzz target tests/fuzz/fuzz_proxy_desc.c feeds random descriptors through here. */
#define RO_PROXY_REFUSED_LOGGED 32

/* [fetching][dtype]: bit op set for the AMOs the API has. READ and CSWAP only fetch; the
 * bitwise ops are for integers only (as ro_ofi_amo_exists). */
#define RO_AMO_BIT(op) (1u << (op))
#define RO_AMO_PLAIN_INT (RO_AMO_BIT(RO_AMO_SUM) | RO_AMO_BIT(RO_AMO_BAND) | RO_AMO_BIT(RO_AMO_BOR) | \
                          RO_AMO_BIT(RO_AMO_BXOR) | RO_AMO_BIT(RO_AMO_WRITE))
#define RO_AMO_PLAIN_FP  (RO_AMO_BIT(RO_AMO_SUM) | RO_AMO_BIT(RO_AMO_WRITE))
#define RO_AMO_FETCH_ONLY (RO_AMO_BIT(RO_AMO_READ) | RO_AMO_BIT(RO_AMO_CSWAP))
#define RO_AMO_ROW(INT, FP)                                                                \
    { [RO_DT_INT8] = INT, [RO_DT_UINT8] = INT, [RO_DT_INT16] = INT, [RO_DT_UINT16] = INT,     \
      [RO_DT_INT32] = INT, [RO_DT_UINT32] = INT, [RO_DT_INT64] = INT, [RO_DT_UINT64] = INT,   \
      [RO_DT_FLOAT] = FP, [RO_DT_DOUBLE] = FP }
static const uint8_t ro_proxy_amo_ops[2][RO_DT_COUNT] = {
    RO_AMO_ROW(RO_AMO_PLAIN_INT, RO_AMO_PLAIN_FP),
    RO_AMO_ROW(RO_AMO_PLAIN_INT | RO_AMO_FETCH_ONLY, RO_AMO_PLAIN_FP | RO_AMO_FETCH_ONLY),
};
_Static_assert(RO_DT_COUNT == 10 && RO_AMO_COUNT <= 8, "ro_proxy_amo_ops covers every datatype");

/* [off, off + len) lies in one symmetric region (common/ro_sym.h): the heap, or the data
 * where it is symmetric (none: every data offset is refused, an empty range too, since the
 * transport has no such region to aim it at); no overflow whatever the values. */
static inline bool ro_proxy_in_sym(const struct ro_proxy *p, uint64_t off, uint64_t len)
{
    if (off & RO_SYM_DATA_BIT) {
        off = RO_SYM_REGION_OFF(off);
        return p->data_bound && off <= p->data_bound && len <= p->data_bound - off;
    }
    return off <= p->heap_bound && len <= p->heap_bound - off;
}

/* NULL when an AMO (or a signal) of dtype/amo on the word at off may go out, else why not. */
static const char *ro_proxy_amo_fault(const struct ro_proxy *p, uint8_t dtype, uint8_t amo,
                                      uint64_t off, int fetching)
{
    size_t size;

    if (RO_UNLIKELY(dtype >= RO_DT_COUNT || amo >= RO_AMO_COUNT ||
                    !(ro_proxy_amo_ops[fetching][dtype] & RO_AMO_BIT(amo))))
        return "no such atomic operation on this datatype";
    size = ro_dt_size((enum ro_dt)dtype);
    if (RO_UNLIKELY(off % size))
        return "atomic target not aligned to its datatype";
    if (RO_UNLIKELY(!ro_proxy_in_sym(p, off, size)))
        return "atomic target outside the symmetric heap and data";
    return NULL;
}

/* NULL when d may be carried out, else why it is refused. */
static const char *ro_proxy_fault(const struct ro_proxy *p, const struct ro_desc *d)
{
    const uint8_t flags = d->flags;

    if (RO_UNLIKELY(d->pe >= p->npes))
        return "no such PE";
    switch (d->op) {
    case RO_OP_PUT:
        if (RO_UNLIKELY(flags))
            return "flags a put does not take";
        break;
    case RO_OP_GET:
        /* The return word holds 8 bytes. */
        if (RO_UNLIKELY(flags & ~RO_DESC_F_RET || (flags && d->len > sizeof(uint64_t))))
            return "flags a get of this length does not take";
        break;
    case RO_OP_PUT_INLINE:
        if (RO_UNLIKELY(flags || d->len > sizeof(d->arg[0])))
            return "inline put of more than 8 bytes, or with flags";
        break;
    case RO_OP_AMO:
        return RO_UNLIKELY(flags) ? "flags an atomic does not take"
                                  : ro_proxy_amo_fault(p, d->dtype, d->amo, d->raddr, 0);
    case RO_OP_AMO_FETCH:
        return RO_UNLIKELY(flags & ~RO_DESC_F_RET)
                   ? "unknown flags" : ro_proxy_amo_fault(p, d->dtype, d->amo, d->raddr, 1);
    case RO_OP_PUT_SIGNAL:
        if (RO_UNLIKELY(flags))
            return "flags a put-with-signal does not take";
        if (RO_UNLIKELY(!ro_proxy_in_sym(p, d->raddr, d->len)))
            return "remote range outside the symmetric heap and data";
        return ro_proxy_amo_fault(p, d->dtype, d->amo, d->arg[1], 0);
    case RO_OP_FENCE:
        return RO_UNLIKELY(flags) ? "flags a fence does not take" : NULL;
    default:
        return "unknown operation";
    }
    /* PUT, GET, PUT_INLINE */
    if (RO_UNLIKELY(!ro_proxy_in_sym(p, d->raddr, d->len)))
        return "remote range outside the symmetric heap and data";
    return NULL;
}

static void ro_proxy_refuse(struct ro_proxy *p, const struct ro_desc *d, const char *why)
{
    uint64_t n = ++p->refused;

    if (n > RO_PROXY_REFUSED_LOGGED)
        return;
    RO_ERR("descriptor at ticket %llu refused (%s): op %u, pe %u of %u, offset %llu, %llu "
           "bytes, dtype %u, amo %u, flags 0x%x, signal offset %llu; heap %llu bytes, data %llu. It "
           "completes without effect: a producer's bug, or ring memory written over%s",
           (unsigned long long)(d->seq - 1), why, d->op, d->pe, p->npes,
           (unsigned long long)d->raddr, (unsigned long long)d->len, d->dtype, d->amo,
           d->flags, (unsigned long long)d->arg[1], (unsigned long long)p->heap_bound,
           (unsigned long long)p->data_bound,
           n == RO_PROXY_REFUSED_LOGGED ? " (further refusals are not logged)" : "");
}

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
        /* A bad one is left for ro_proxy_exec to refuse. d is in the heap, so the sum
         * d->raddr + len does not wrap. */
        if (!e || e->op != RO_OP_PUT_INLINE || e->pe != d->pe || e->flags ||
            e->len > sizeof(e->arg[0]) || e->raddr != d->raddr + len ||
            len + e->len > p->merge_max || !ro_proxy_in_sym(p, d->raddr, len + e->len))
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
    const char *fault = ro_proxy_fault(p, d);
    struct ro_proxy_mark *m;

    if (RO_UNLIKELY(fault)) {
        ro_proxy_refuse(p, d, fault);
        return 1;
    }
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
    default:   /* refused above */
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
