/* The proxy: one thread per PE that drains every ring into the transport and writes
 * completion back. It is the only thread that calls the transport (libfabric, through
 * the ofi ops table). */
#ifndef RO_PROXY_H
#define RO_PROXY_H

#include <stddef.h>
#include <stdint.h>

#include "common/ro_mem.h"
#include "proxy/ro_ring.h"
#include "proxy/ro_xport.h"

struct ro_proxy;

struct ro_proxy_params {
    const struct ro_xport_ops *xport;   /* &ro_xport_ofi_ops, or &ro_xport_null_ops */
    void *xport_obj;                    /* struct ro_ofi *, or struct ro_xport_null * */
    const struct ro_mem_ops *mem;       /* where rings live (ro_mem_host, or GPU-mapped) */
    unsigned ring_size;       /* descriptors per ring, a power of two */
    unsigned max_rings;       /* contexts that may exist at once */
    unsigned npes;            /* target PEs are 0 .. npes - 1 */
    /* Bytes of every PE's symmetric heap: descriptors whose remote range lies outside
     * [0, heap_size) are refused. 0: no bound here (unit tests whose null transport
     * bounds offsets itself). */
    uint64_t heap_size;
    /* Bytes of every PE's symmetric data (common/ro_sym.h), 0 where globals are not
     * symmetric: a range in RO_SYM_DATA must lie in [0, data_size) of it. */
    uint64_t data_size;
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
/* A new ring the proxy drains from now on, its producers' line from prod_mem (see
 * ro_ring.h); -EBUSY when max_rings exist. Any thread. */
int  ro_proxy_ring_add(struct ro_proxy *p, const struct ro_mem_ops *prod_mem, struct ro_ring **out);
/* Waits until the proxy no longer looks at `r`, then frees it. The caller quiets it first. */
void ro_proxy_ring_remove(struct ro_proxy *p, struct ro_ring *r);
/* 1 when the idle proxy may sleep (cores shared): waiters must then raise activity->waiters. */
int  ro_proxy_sleeps(const struct ro_proxy *p);
/* The core the proxy thread runs on, or -1 when it is not pinned. */
int  ro_proxy_cpu(const struct ro_proxy *p);

#endif
