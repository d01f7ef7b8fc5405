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

/* Yield, then (where cores are shared, p->may_sleep) sleep in growing steps up to 50 us:
 * on 2 cores, 4 PEs each with a proxy must leave room for the PEs themselves, yet an idle
 * proxy is also what serves peers' atomics and acks on this PE (target-side progress), so
 * it never sleeps long. */
static void ro_proxy_idle(const struct ro_proxy *p, unsigned *idle)
{
    unsigned i = (*idle)++;
    if (i < 2000 || !p->may_sleep) {
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

        for (unsigned i = 0; i < p->max_rings; i++) {
            struct ro_ring *r = __atomic_load_n(&p->rings[i].ring, __ATOMIC_ACQUIRE);
            if (r)
                work += ro_proxy_drain(p, &p->rings[i], r);
        }
        if (ro_xport_progress(&p->xport) < 0)
            ro_proxy_fatal(p, "transport reported a failed operation (logged above)");
        for (unsigned i = 0; i < p->max_rings; i++) {
            struct ro_proxy_ring *pr = &p->rings[i];
            if (__atomic_load_n(&pr->ring, __ATOMIC_ACQUIRE)) {
                work += (unsigned)ro_proxy_mark_resolve(pr);
                outstanding += pr->mark_count;
            }
        }
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
