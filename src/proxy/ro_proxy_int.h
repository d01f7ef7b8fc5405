/* Proxy internals shared by its files: per-ring consumer state (private to the proxy
 * thread, never seen by producers) and the proxy object. */
#ifndef RO_PROXY_INT_H
#define RO_PROXY_INT_H

#include <hwloc.h>
#include <pthread.h>

#include "proxy/ro_proxy.h"

#define RO_PROXY_MARKS 64   /* completion marks kept per ring */
#define RO_PROXY_BATCH 64   /* descriptors taken from one ring before looking at the next */

/* "Every descriptor with ticket < seq has been posted, and it is complete once the
 * transport's completed counts reach `cnt`." */
struct ro_proxy_mark {
    uint64_t seq;
    struct ro_xport_count cnt;
};

struct ro_proxy_ring {
    struct ro_ring *ring;        /* NULL: slot unused; written by producers' threads */
    uint64_t next;               /* next ticket to read */
    uint64_t done;               /* our copy of ring->done */
    /* Note: a fence or the data half of a put-with-signal stops this ring until the
     * transport's completed counts reach `stall`; `signal_due` says the descriptor at
     * `next` still owes its signal. */
    int stalled;
    int signal_due;
    struct ro_xport_count stall;
    struct ro_proxy_mark marks[RO_PROXY_MARKS];
    unsigned mark_head, mark_count;
};

struct ro_proxy {
    struct ro_xport xport;
    unsigned ring_size, max_rings;
    struct ro_proxy_ring *rings;
    pthread_mutex_t rings_lock;   /* ring_add/remove only; the loop never takes it */
    uint64_t loops;               /* loop iterations, for ring_remove's grace period */
    int stop;                     /* set by close: drain and exit */
    int cpu;
    const struct ro_pe_activity *activity;
    hwloc_topology_t topo;
    pthread_t thread;
    void (*fatal)(const char *why);
};

/* ro_proxy_exec.c: the one place that decodes descriptors. 1 when the descriptor is
 * finished with (the consumer moves on), 0 when it must be looked at again. */
int  ro_proxy_exec(struct ro_proxy *p, struct ro_proxy_ring *pr, const struct ro_desc *d);
/* ro_proxy_pin.c */
int  ro_proxy_pin_open(struct ro_proxy *p, const struct ro_proxy_params *params);
void ro_proxy_pin_close(struct ro_proxy *p);
int  ro_proxy_pin_self(struct ro_proxy *p);
/* ro_proxy_loop.c */
void *ro_proxy_main(void *arg);
void ro_proxy_fatal(struct ro_proxy *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
