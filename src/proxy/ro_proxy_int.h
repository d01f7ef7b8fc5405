/* Proxy internals shared by its files: per-ring consumer state (private to the proxy
 * thread, never seen by producers) and the proxy object. */
#ifndef RO_PROXY_INT_H
#define RO_PROXY_INT_H

#include <assert.h>
#include <hwloc.h>
#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>

#include "proxy/ro_proxy.h"

#define RO_PROXY_MARKS 64   /* completion marks kept per ring */
#define RO_PROXY_BATCH 64   /* descriptors taken from one ring before looking at the next */

/* A run of a ring's descriptors posted together: the transport owes `pending` more
 * completions to it (each operation carries the mark as its token). Once it is closed and
 * owes nothing, every descriptor with ticket < seq has completed, provided the marks before
 * it have too. */
struct ro_proxy_mark {
    uint64_t seq;
    int64_t pending;   /* may dip below 0 while open: a completion can beat its count */
    bool open;
};

struct ro_proxy_ring {
    struct ro_ring *ring;        /* NULL: slot unused; written by producers' threads */
    uint64_t next;               /* next ticket to read */
    uint64_t done;               /* our copy of ring->done */
    struct ro_proxy_mark marks[RO_PROXY_MARKS];
    unsigned mark_head, mark_count;
    uint64_t marks_resolved;     /* marks completed since the ring was added: mark ids */
    /* Note: the ring stops at `next` until marks_resolved reaches `stall_until`; that is how
     * a fence or the signal of a put-with-signal waits for earlier operations, on
     * transports that do not keep order per target (ro_proxy_order.c). */
    bool stalled;
    bool signal_due;             /* the descriptor at `next` still owes its signal */
    uint64_t stall_until;
    /* Per-target order (ro_proxy_order.c): bitmaps of npes bits. */
    uint64_t *touched;           /* targets written since the last fence */
    uint64_t *fenced;            /* targets whose writes before the fence a later one awaits */
    bool fence_armed;
    uint64_t fence_until;        /* the fence is passed once marks_resolved reaches this */
};
/* ro_proxy_ring_add resets everything after the ring pointer, which the proxy polls. */
static_assert(offsetof(struct ro_proxy_ring, ring) == 0 &&
              offsetof(struct ro_proxy_ring, next) == sizeof(struct ro_ring *),
              "the ring pointer must come first");

struct ro_proxy {
    struct ro_xport xport;
    const struct ro_mem_ops *mem;
    bool ordered;                 /* the transport keeps order per target */
    size_t merge_max;             /* bytes of adjacent inline puts sent as one (0: none) */
    bool may_sleep;               /* idle: sleep (cores shared with PEs) or only yield */
    unsigned ring_size, max_rings;
    unsigned bitmap_words;        /* per bitmap: npes bits */
    unsigned npes;                /* descriptors to other PEs are refused */
    uint64_t heap_bound;          /* remote ranges must end at or below it (UINT64_MAX: none) */
    uint64_t data_bound;          /* and those in RO_SYM_DATA at or below this */
    uint64_t refused;             /* descriptors refused (ro_proxy_exec.c), for the log's sake */
    struct ro_proxy_ring *rings;
    uint64_t *bitmaps;            /* every ring's touched and fenced */
    pthread_mutex_t rings_lock;   /* ring_add/remove only; the loop never takes it */
    uint64_t loops;               /* loop iterations, for ring_remove's grace period */
    int stop;                     /* set by close: drain and exit */
    int cpu;
    const struct ro_pe_activity *activity;
    hwloc_topology_t topo;
    pthread_t thread;
    void (*fatal)(const char *why);
};

/* ro_proxy_exec.c: the one place that decodes descriptors. d is the ring's descriptor at
 * pr->next; the call may take up to `room` descriptors from there (adjacent small puts
 * merged into one). Returns how many it has finished with (the consumer moves on by
 * that many), 0 when d must be looked at again. */
#define RO_PROXY_MERGE_MAX 256   /* bytes: a wave's 8-byte p to 32 consecutive words */
unsigned ro_proxy_exec(struct ro_proxy *p, struct ro_proxy_ring *pr, const struct ro_desc *d,
                       unsigned room);
/* ro_proxy_mark.c: completion tracking. The mark this ring's next operations go under:
 * the open one, else a new one. Inline: it runs once per descriptor. */
struct ro_proxy_mark *ro_proxy_mark_open(struct ro_proxy_ring *pr);
static inline struct ro_proxy_mark *ro_proxy_mark_current(struct ro_proxy_ring *pr)
{
    if (pr->mark_count) {
        struct ro_proxy_mark *m = &pr->marks[(pr->mark_head + pr->mark_count - 1) % RO_PROXY_MARKS];
        if (m->open)
            return m;
    }
    return ro_proxy_mark_open(pr);
}
/* Closes the open mark at `seq`; returns the id of the newest mark, or 0 when none is
 * outstanding (nothing to wait for). Ids start at 1. */
uint64_t ro_proxy_mark_close(struct ro_proxy_ring *pr, uint64_t seq);
/* Publishes `done` for every resolved mark; 1 when it moved. */
int  ro_proxy_mark_resolve(struct ro_proxy_ring *pr);
void ro_proxy_mark_done(void *token, void *arg);   /* the transport's done callback */
/* ro_proxy_order.c: per-target order on transports without it. */
void ro_proxy_order_reset(struct ro_proxy *p, struct ro_proxy_ring *pr, unsigned index);
/* Before a write (put, AMO, signal) to pe: 1 when it must wait (the ring is stalled). The
 * checks that settle the common cases are inline: they run once per descriptor. */
int  ro_proxy_order_wait_fenced(struct ro_proxy *p, struct ro_proxy_ring *pr, unsigned pe);
static inline int ro_proxy_order_wait(struct ro_proxy *p, struct ro_proxy_ring *pr, unsigned pe)
{
    return !p->ordered && pr->fence_armed ? ro_proxy_order_wait_fenced(p, pr, pe) : 0;
}
static inline bool ro_bit_test(const uint64_t *bits, unsigned i)
{
    return (bits[i / 64] >> (i % 64)) & 1;
}
static inline void ro_bit_set(uint64_t *bits, unsigned i)
{
    bits[i / 64] |= 1ull << (i % 64);
}
static inline void ro_proxy_order_touch(struct ro_proxy *p, struct ro_proxy_ring *pr, unsigned pe)
{
    if (!p->ordered)
        ro_bit_set(pr->touched, pe);
}
/* A fence at `next`: later writes to every target written so far wait for those writes. */
void ro_proxy_order_fence(struct ro_proxy *p, struct ro_proxy_ring *pr);
/* Later writes to pe alone wait for everything posted so far (put-with-signal). */
void ro_proxy_order_fence_pe(struct ro_proxy *p, struct ro_proxy_ring *pr, unsigned pe);
/* ro_proxy_pin.c */
int  ro_proxy_pin_open(struct ro_proxy *p, const struct ro_proxy_params *params);
void ro_proxy_pin_close(struct ro_proxy *p);
int  ro_proxy_pin_self(struct ro_proxy *p);
/* ro_proxy_report.c: logs every ring's progress and the transport's debt. */
void ro_proxy_report(const struct ro_proxy *p);
/* ro_proxy_loop.c */
void *ro_proxy_main(void *arg);
void ro_proxy_fatal(struct ro_proxy *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
