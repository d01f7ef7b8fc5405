/* What the proxy says when a thread of its PE gave up waiting, before it ends the job: for
 * every ring with anything outstanding, how far it got and what holds it, and what the
 * transport still owes. Beside the waiter's message (which ring, which ticket), it tells a
 * stuck proxy from a transport that never completed an operation. Proxy thread only. */
#include "config.h"
#include "proxy/ro_proxy_int.h"

#include <stdio.h>

#include "common/ro_log.h"
#include "proxy/ro_ring_consume.h"

static void ro_proxy_report_ring(const struct ro_proxy_ring *pr, unsigned index)
{
    const struct ro_proxy_mark *m = &pr->marks[pr->mark_head];
    const bool waiting = ro_ring_peek(pr->ring, pr->next) != NULL;
    /* Tickets producers have taken: past `next` with nothing posted there, a producer has
     * reserved a slot and not yet written it. */
    const uint64_t tail = __atomic_load_n(&pr->ring->prod->tail, __ATOMIC_ACQUIRE);
    char stall[160] = "", runs[64] = "";

    if (pr->done == pr->next && !pr->mark_count && !waiting && tail == pr->next)
        return;
    if (pr->stalled)
        snprintf(stall, sizeof(stall), "; %s (until %llu runs have completed: %llu have)",
                 pr->signal_due ? "a put-with-signal's signal waits for its data"
                                : "stopped by a fence until earlier writes complete",
                 (unsigned long long)pr->stall_until, (unsigned long long)pr->marks_resolved);
    if (pr->mark_count)
        snprintf(runs, sizeof(runs), ", the oldest owing %lld completions", (long long)m->pending);
    RO_ERR("proxy, ring %u: tickets below %llu complete, below %llu taken%s, below %llu "
           "reserved; %u runs of operations outstanding%s%s", index,
           (unsigned long long)pr->done, (unsigned long long)pr->next,
           waiting ? ", the next one posted" : "", (unsigned long long)tail, pr->mark_count,
           runs, stall);
}

void ro_proxy_report(const struct ro_proxy *p)
{
    for (unsigned i = 0; i < p->max_rings; i++)
        if (__atomic_load_n(&p->rings[i].ring, __ATOMIC_ACQUIRE))
            ro_proxy_report_ring(&p->rings[i], i);
    RO_ERR("proxy: the %s transport has %llu operations posted and not completed",
           p->xport.ops->name, (unsigned long long)ro_xport_in_flight(&p->xport));
}
