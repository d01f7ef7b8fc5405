/* A ring of descriptors: many producers (API callers) of one kind, one consumer (the proxy).
 * Producers reserve a ticket with one atomic on `tail`, wait until `ticket - head < size`
 * (using `head_cache` to avoid reading the proxy's line each time), write the descriptor
 * with seq = ticket + 1 last. The producers' line is memory near them: device memory for
 * a GPU's rings, so reservations never cross PCIe; host memory for rings of host callers.
 * The proxy never reads it. The proxy consumes slot `head` when its seq equals head + 1,
 * so a slot needs no clearing: a stale slot holds an older lap's seq.
 * Completion is lazy: `done` = every descriptor with ticket < done has completed.
 * Needs only C standard headers: GPU code includes it. */
#ifndef RO_RING_H
#define RO_RING_H

#include <stdint.h>

#include "proxy/ro_desc.h"

struct ro_mem_ops;

#define RO_CACHE_LINE 64

/* GPU code is compiled as C++, which spells C11's _Alignas differently. */
#ifdef __cplusplus
#define RO_ALIGNED(n) alignas(n)
#else
#define RO_ALIGNED(n) _Alignas(n)
#endif

/* The producers' line, in memory near them: what they write, and read-only copies of the
 * ring's fields, so that a GPU's post reads nothing across PCIe but head when the ring
 * looks full and done when it waits. */
struct ro_ring_prod {
    RO_ALIGNED(RO_CACHE_LINE) uint64_t tail;       /* next ticket to hand out              */
    uint64_t head_cache;                         /* a recent value of head               */
    uint64_t done_cache;                         /* a recent value of done               */
    uint64_t head_lock;                          /* held by the one waiter that reads head */
    RO_ALIGNED(RO_CACHE_LINE) uint64_t size;       /* as in struct ro_ring                  */
    uint64_t mask;
    struct ro_desc *slots;
    uint64_t *ret;
    /* The consumer's side, where completion is read (a producer holds this line only). */
    struct ro_ring *ring;
};

struct ro_ring {
    struct ro_ring_prod *prod;
    /* Written by the proxy, on lines of their own. */
    RO_ALIGNED(RO_CACHE_LINE) uint64_t head;       /* slots with ticket < head are free    */
    RO_ALIGNED(RO_CACHE_LINE) uint64_t done;       /* tickets < done have completed        */
    /* Read-only after creation. */
    RO_ALIGNED(RO_CACHE_LINE) uint64_t size;       /* power of two                          */
    uint64_t mask;
    struct ro_desc *slots;
    /* One word per slot for results of RO_DESC_F_RET descriptors. A result is read right
     * after its completion; the word is written again only by a descriptor `size` tickets
     * later, which cannot even be reserved before this one has completed. */
    uint64_t *ret;
    const struct ro_mem_ops *prod_mem;   /* where prod came from (host code only) */
};

/* Written by the PE's threads, read by its proxy: how many threads are waiting inside
 * the library right now. While one is, the proxy does not sleep when idle, because the
 * wait usually depends on traffic the proxy must serve or complete quickly. */
struct ro_pe_activity {
    RO_ALIGNED(RO_CACHE_LINE) uint64_t waiters;
    uint64_t fatal;   /* set by a GPU thread that gave up (its message is printed) */
};

#endif
