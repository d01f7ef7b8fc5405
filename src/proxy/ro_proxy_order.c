/* Order per target for transports that do not keep it (ro_xport ordered() false, e.g. tcp):
 * a fence stops later writes only to targets written before it, and only until those
 * writes complete; writes to other targets go on. Each ring keeps two bitmaps of targets:
 * `touched` since the last fence, and `fenced`, the ones a pending fence covers. On ordered
 * transports every call here returns at once. Proxy thread only. */
#include "config.h"
#include "proxy/ro_proxy_int.h"

#include <string.h>

void ro_proxy_order_reset(struct ro_proxy *p, struct ro_proxy_ring *pr, unsigned index)
{
    pr->touched = p->bitmaps + (size_t)index * 2 * p->bitmap_words;
    pr->fenced = pr->touched + p->bitmap_words;
    memset(pr->touched, 0, 2 * p->bitmap_words * sizeof(uint64_t));
}

int ro_proxy_order_wait_fenced(struct ro_proxy *p, struct ro_proxy_ring *pr, unsigned pe)
{
    if (pr->marks_resolved >= pr->fence_until) {
        pr->fence_armed = false;
        memset(pr->fenced, 0, p->bitmap_words * sizeof(uint64_t));
        return 0;
    }
    if (!ro_bit_test(pr->fenced, pe))
        return 0;
    pr->stalled = true;
    pr->stall_until = pr->fence_until;
    return 1;
}

/* Closes the open mark at `seq` and makes later writes to the targets the caller adds to
 * `fenced` wait until everything posted so far completes. False when nothing is
 * outstanding: earlier writes are complete already.
 * Note: an earlier fence still pending is merged into this one, which waits at least as
 * long; so a target stays fenced until the newest fence passes, never less. */
static bool ro_proxy_order_arm(struct ro_proxy_ring *pr, uint64_t seq)
{
    uint64_t until = ro_proxy_mark_close(pr, seq);

    if (!until)
        return false;
    pr->fence_until = until;
    pr->fence_armed = true;
    return true;
}

void ro_proxy_order_fence(struct ro_proxy *p, struct ro_proxy_ring *pr)
{
    if (p->ordered)
        return;
    /* The fence descriptor itself is finished once the writes before it are. */
    if (ro_proxy_order_arm(pr, pr->next + 1))
        for (unsigned i = 0; i < p->bitmap_words; i++)
            pr->fenced[i] |= pr->touched[i];
    memset(pr->touched, 0, p->bitmap_words * sizeof(uint64_t));
}

void ro_proxy_order_fence_pe(struct ro_proxy *p, struct ro_proxy_ring *pr, unsigned pe)
{
    if (p->ordered)
        return;
    /* The descriptor at `next` is not finished: its signal is still to go. */
    if (ro_proxy_order_arm(pr, pr->next))
        ro_bit_set(pr->fenced, pe);
}
