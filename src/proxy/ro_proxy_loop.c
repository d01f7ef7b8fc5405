/* The proxy thread. Each pass is a short list of named steps in a fixed order: drain
 * every ring (a bounded batch each), drive the transport, write completions back, and
 * back off when there was nothing to do. */
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

static int ro_count_reached(struct ro_xport_count have, struct ro_xport_count want)
{
    return have.w >= want.w && have.r >= want.r;
}

static void ro_proxy_mark_push(struct ro_proxy_ring *pr, uint64_t seq, struct ro_xport_count cnt)
{
    /* With every mark in use, the newest one absorbs this batch: its descriptors then
     * complete a little later, never early. */
    if (pr->mark_count == RO_PROXY_MARKS) {
        struct ro_proxy_mark *m = &pr->marks[(pr->mark_head + RO_PROXY_MARKS - 1) % RO_PROXY_MARKS];
        m->seq = seq;
        m->cnt = cnt;
        return;
    }
    pr->marks[(pr->mark_head + pr->mark_count) % RO_PROXY_MARKS] =
        (struct ro_proxy_mark){ .seq = seq, .cnt = cnt };
    pr->mark_count++;
}

/* Takes up to one batch of descriptors from one ring. Returns how many were taken. */
static unsigned ro_proxy_drain(struct ro_proxy *p, struct ro_proxy_ring *pr, struct ro_ring *r)
{
    unsigned n = 0;

    if (pr->stalled) {
        if (!ro_count_reached(ro_xport_completed(&p->xport), pr->stall))
            return 0;
        pr->stalled = 0;
    }
    while (n < RO_PROXY_BATCH && !pr->stalled) {
        const struct ro_desc *d = ro_ring_peek(r, pr->next);
        if (!d || !ro_proxy_exec(p, pr, d))
            break;
        pr->next++;
        n++;
    }
    if (n)
        ro_proxy_mark_push(pr, pr->next, ro_xport_posted(&p->xport));
    return n;
}

/* Publishes `done` (and frees the slots) for every batch the transport has completed. */
static unsigned ro_proxy_complete(struct ro_proxy *p, struct ro_proxy_ring *pr, struct ro_ring *r,
                                  struct ro_xport_count have)
{
    uint64_t done = pr->done;
    while (pr->mark_count && ro_count_reached(have, pr->marks[pr->mark_head].cnt)) {
        done = pr->marks[pr->mark_head].seq;
        pr->mark_head = (pr->mark_head + 1) % RO_PROXY_MARKS;
        pr->mark_count--;
    }
    if (done == pr->done)
        return 0;
    pr->done = done;
    ro_ring_complete(r, done);
    return 1;
}

/* Yield, then sleep in growing steps up to 50 us: on 2 cores, 4 PEs each with a proxy
 * must leave room for the PEs themselves, yet an idle proxy is also what serves peers'
 * atomics and acks on this PE (target-side progress), so it never sleeps long. */
static void ro_proxy_idle(unsigned *idle)
{
    unsigned i = (*idle)++;
    if (i < 2000) {
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

    ro_proxy_pin_self(p);
    /* Sleeps of a few microseconds would otherwise last the default 50 us slack. */
    if (prctl(PR_SET_TIMERSLACK, 1UL, 0UL, 0UL, 0UL))
        RO_WARN("prctl(PR_SET_TIMERSLACK): %s; idle proxy sleeps will be coarse", ro_strerror(errno));
    for (;;) {
        unsigned work = 0;
        int stop = __atomic_load_n(&p->stop, __ATOMIC_ACQUIRE);
        struct ro_xport_count have;

        for (unsigned i = 0; i < p->max_rings; i++) {
            struct ro_ring *r = __atomic_load_n(&p->rings[i].ring, __ATOMIC_ACQUIRE);
            if (r)
                work += ro_proxy_drain(p, &p->rings[i], r);
        }
        if (ro_xport_progress(&p->xport) < 0)
            ro_proxy_fatal(p, "transport reported a failed operation (logged above)");
        have = ro_xport_completed(&p->xport);
        for (unsigned i = 0; i < p->max_rings; i++) {
            struct ro_ring *r = __atomic_load_n(&p->rings[i].ring, __ATOMIC_ACQUIRE);
            if (r)
                work += ro_proxy_complete(p, &p->rings[i], r, have);
        }
        __atomic_store_n(&p->loops, p->loops + 1, __ATOMIC_RELEASE);
        if (stop)
            break;
        if (work)
            idle = 0;
        else if (!ro_count_reached(have, ro_xport_posted(&p->xport)) ||
                 __atomic_load_n(&p->activity->waiters, __ATOMIC_RELAXED))
            sched_yield();   /* a completion is due, or the PE waits on one: never sleep */
        else
            ro_proxy_idle(&idle);
    }
    return NULL;
}
