/* The proxy thread. Each pass is a short list of named steps in a fixed order: drain the
 * rings (a bounded batch each), drive the transport, write completions back, and back off
 * when there was nothing to do. */
#include "config.h"
#include "proxy/ro_proxy_int.h"

#include <errno.h>
#include <sched.h>
#include <sys/prctl.h>
#include <stdarg.h>
#include <stdio.h>
#include <time.h>

#include "common/ro_log.h"
#include "proxy/ro_ring_consume.h"

void ro_proxy_fatal(struct ro_proxy *p, const char *fmt, ...)
{
    char why[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, sizeof(why), fmt, ap);
    va_end(ap);
    p->fatal(why);
}

/* Takes up to one batch of descriptors from one ring. Returns how many were taken. */
static unsigned ro_proxy_drain(struct ro_proxy *p, struct ro_proxy_ring *pr, struct ro_ring *r)
{
    unsigned n = 0;

    if (pr->stalled) {
        if (pr->marks_resolved < pr->stall_until)
            return 0;
        pr->stalled = false;
    }
    while (n < RO_PROXY_BATCH) {
        const struct ro_desc *d = ro_ring_peek(r, pr->next);
        unsigned taken = d ? ro_proxy_exec(p, pr, d, RO_PROXY_BATCH - n) : 0;
        if (!taken)
            break;
        pr->next += taken;
        n += taken;
    }
    /* Every consumed descriptor lies under a closed mark, also those that posted nothing
     * (a fence, an AMO the transport finished at once): else `done` could not pass them. */
    if (n) {
        ro_proxy_mark_current(pr);
        ro_proxy_mark_close(pr, pr->next);
    }
    return n;
}

/* The hot rings and a sweep. A GPU PE has 2 rings per context of the pool, 138 with the
 * default 64 contexts, and most are idle: looking at every one twice a pass had made each
 * pass long enough to cost an 8-byte put + quiet through the proxy 0.8 us on an H100
 * (BENCHMARKS.md, run 3). Rings with traffic are drained every pass; the others are looked
 * at RO_PROXY_SWEEP a pass in turn, so a ring's first descriptor after a quiet spell waits
 * at most max_rings / RO_PROXY_SWEEP passes, and none is ever left unread. Nothing a
 * producer does tells the proxy which rings are in use (no word to keep in step). */

/* Drains slot i's ring, if it has one. A ring that had work, or holds a descriptor the
 * transport could not take yet, becomes (stays) hot. */
static unsigned ro_proxy_visit(struct ro_proxy *p, unsigned i)
{
    struct ro_ring *r = __atomic_load_n(&p->rings[i].ring, __ATOMIC_ACQUIRE);
    unsigned n;

    if (!r)
        return 0;
    n = ro_proxy_drain(p, &p->rings[i], r);
    if (n || ro_ring_peek(r, p->rings[i].next)) {
        p->last_busy[i] = p->loops;
        if (!p->is_hot[i]) {
            p->is_hot[i] = 1;
            p->hot[p->n_hot++] = i;
        }
    }
    return n;
}

/* The drain step: the hot rings, then the sweep's next slots; every slot when `all` (when
 * stopping, which must leave nothing behind, and after an idle sleep, whose length a
 * partial sweep would multiply). */
static unsigned ro_proxy_drain_step(struct ro_proxy *p, int all)
{
    unsigned work = 0, hot = p->n_hot, sweep = all ? p->max_rings : RO_PROXY_SWEEP;

    for (unsigned k = 0; k < hot; k++)
        work += ro_proxy_visit(p, p->hot[k]);
    for (unsigned k = 0; k < sweep && k < p->max_rings; k++) {
        unsigned i = p->sweep;
        p->sweep = i + 1 == p->max_rings ? 0 : i + 1;
        if (!p->is_hot[i])
            work += ro_proxy_visit(p, i);
    }
    return work;
}

/* The completion step: every ring owed completions is hot (it took the descriptors they
 * belong to), so resolving the hot rings' marks resolves them all. A ring leaves the hot
 * set once it owes nothing and has been idle RO_PROXY_HOT_PASSES passes, or is gone. */
static unsigned ro_proxy_complete_step(struct ro_proxy *p, unsigned *outstanding)
{
    unsigned work = 0;

    for (unsigned k = 0; k < p->n_hot;) {
        unsigned i = p->hot[k];
        struct ro_proxy_ring *pr = &p->rings[i];
        int alive = __atomic_load_n(&pr->ring, __ATOMIC_ACQUIRE) != NULL;

        if (alive) {
            work += (unsigned)ro_proxy_mark_resolve(pr);
            *outstanding += pr->mark_count;
            if (pr->mark_count || pr->stalled)
                p->last_busy[i] = p->loops;
        }
        if (!alive || p->loops - p->last_busy[i] > RO_PROXY_HOT_PASSES) {
            p->is_hot[i] = 0;
            p->hot[k] = p->hot[--p->n_hot];
        } else {
            k++;
        }
    }
    return work;
}

/* Yield, then (where cores are shared, p->may_sleep) sleep in growing steps up to 50 us:
 * on 2 cores, 4 PEs each with a proxy must leave room for the PEs themselves, yet an idle
 * proxy is also what serves peers' atomics and acks on this PE (target-side progress), so
 * it never sleeps long. */
#define RO_PROXY_IDLE_YIELDS 2000
static void ro_proxy_idle(const struct ro_proxy *p, unsigned *idle)
{
    unsigned i = (*idle)++;
    if (i < RO_PROXY_IDLE_YIELDS || !p->may_sleep) {
        sched_yield();
    } else {
        long us = i < 4000 ? 2 : i < 8000 ? 10 : 50;
        struct timespec ts = { 0, us * 1000 };
        nanosleep(&ts, NULL);
    }
}

void *ro_proxy_main(void *arg)
{
    struct ro_proxy *p = arg;
    unsigned idle = 0;

    ro_xport_on_done(&p->xport, ro_proxy_mark_done, p);
    ro_proxy_pin_self(p);
    /* Sleeps of a few microseconds would otherwise last the default 50 us slack. */
    if (prctl(PR_SET_TIMERSLACK, 1UL, 0UL, 0UL, 0UL))
        RO_WARN("prctl(PR_SET_TIMERSLACK): %s; idle proxy sleeps will be coarse", ro_strerror(errno));
    for (;;) {
        unsigned work = 0, outstanding = 0;
        int stop = __atomic_load_n(&p->stop, __ATOMIC_ACQUIRE);

        work += ro_proxy_drain_step(p, stop || (p->may_sleep && idle > RO_PROXY_IDLE_YIELDS));
        if (ro_xport_progress(&p->xport) < 0)
            ro_proxy_fatal(p, "transport reported a failed operation (logged above)");
        work += ro_proxy_complete_step(p, &outstanding);
        __atomic_store_n(&p->loops, p->loops + 1, __ATOMIC_RELEASE);
        if (stop)
            break;
        /* A GPU thread that gave up has printed why; ending the job is ours to do. */
        if (RO_UNLIKELY(__atomic_load_n(&p->activity->fatal, __ATOMIC_RELAXED))) {
            ro_proxy_report(p);
            ro_proxy_fatal(p, "a GPU thread of this PE gave up (its message is above)");
        }
        if (work)
            idle = 0;
        else if (outstanding || __atomic_load_n(&p->activity->waiters, __ATOMIC_RELAXED))
            sched_yield();   /* a completion is due, or the PE waits on one: never sleep */
        else
            ro_proxy_idle(p, &idle);
    }
    return NULL;
}
