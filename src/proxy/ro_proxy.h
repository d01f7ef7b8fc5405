/* The proxy: one thread per PE that drains every ring into the transport and writes
 * completion back. It is the only thread that touches libfabric. */
#ifndef RO_PROXY_H
#define RO_PROXY_H

#include <stddef.h>

#include "ofi/ro_ofi.h"
#include "proxy/ro_ring.h"

struct ro_proxy;

struct ro_proxy_params {
    struct ro_ofi *ofi;
    unsigned ring_size;       /* descriptors per ring, a power of two */
    unsigned max_rings;       /* contexts that may exist at once */
    const char *cpu_list;     /* ROCSHMEM_RO_PROXY_CPU, or NULL/"" for the default */
    int local_rank, local_size;  /* this PE among the PEs of its node */
    const struct ro_pe_activity *activity;  /* waiters > 0: do not sleep when idle */
    /* Ends the job with a message (the bootstrap's abort); does not return. */
    void (*fatal)(const char *why);
};

/* Creates the proxy and starts its thread. 0 or a negative errno. */
int  ro_proxy_open(const struct ro_proxy_params *params, struct ro_proxy **out);
/* Stops the thread (after draining every ring) and frees everything. */
int  ro_proxy_close(struct ro_proxy *p);
/* A new ring the proxy drains from now on; -EBUSY when max_rings exist. Any thread. */
int  ro_proxy_ring_add(struct ro_proxy *p, struct ro_ring **out);
/* Waits until the proxy no longer looks at `r`, then frees it. The caller quiets it first. */
void ro_proxy_ring_remove(struct ro_proxy *p, struct ro_ring *r);
/* The core the proxy thread runs on, or -1 when it is not pinned. */
int  ro_proxy_cpu(const struct ro_proxy *p);

#endif
