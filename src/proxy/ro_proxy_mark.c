/* Completion tracking per ring: descriptors are posted under marks, the transport hands each
 * completion back with its mark as the token, and `done` moves past a mark once it and every
 * earlier one owe nothing. Exact whatever order the transport completes in. Proxy thread
 * only. */
#include "config.h"
#include "proxy/ro_proxy_int.h"

#include "proxy/ro_ring_consume.h"

static struct ro_proxy_mark *ro_proxy_mark_at(struct ro_proxy_ring *pr, unsigned i)
{
    return &pr->marks[(pr->mark_head + i) % RO_PROXY_MARKS];
}

struct ro_proxy_mark *ro_proxy_mark_open(struct ro_proxy_ring *pr)
{
    struct ro_proxy_mark *m;

    /* With every mark in use, the newest one takes these operations too: its descriptors
     * then complete a little later, never early. */
    if (pr->mark_count == RO_PROXY_MARKS) {
        m = ro_proxy_mark_at(pr, pr->mark_count - 1);
        m->open = true;
        return m;
    }
    m = ro_proxy_mark_at(pr, pr->mark_count++);
    *m = (struct ro_proxy_mark){ .seq = pr->next, .pending = 0, .open = true };
    return m;
}

uint64_t ro_proxy_mark_close(struct ro_proxy_ring *pr, uint64_t seq)
{
    struct ro_proxy_mark *m;

    if (!pr->mark_count)
        return 0;
    m = ro_proxy_mark_at(pr, pr->mark_count - 1);
    if (m->open) {
        m->open = false;
        m->seq = seq;
    }
    return pr->marks_resolved + pr->mark_count;
}

int ro_proxy_mark_resolve(struct ro_proxy_ring *pr)
{
    uint64_t done = pr->done;

    while (pr->mark_count) {
        struct ro_proxy_mark *m = ro_proxy_mark_at(pr, 0);
        if (m->open || m->pending)
            break;
        done = m->seq;
        pr->mark_head = (pr->mark_head + 1) % RO_PROXY_MARKS;
        pr->mark_count--;
        pr->marks_resolved++;
    }
    if (done == pr->done)
        return 0;
    pr->done = done;
    ro_ring_complete(pr->ring, done);
    return 1;
}

void ro_proxy_mark_done(void *token, void *arg)
{
    struct ro_proxy_mark *m = token;
    (void)arg;
    m->pending--;
}
