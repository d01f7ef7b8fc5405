/* Consumer side of a ring (the proxy; the ring unit test). */
#ifndef RO_RING_CONSUME_H
#define RO_RING_CONSUME_H

#include <stddef.h>

#include "proxy/ro_ring.h"

/* The descriptor with ticket `next`, or NULL while its producer has not finished it. */
static inline const struct ro_desc *ro_ring_peek(const struct ro_ring *r, uint64_t next)
{
    const struct ro_desc *d = &r->slots[next & r->mask];
    /* Acquire: pairs with the producer's release of seq; the fields the caller reads
     * next must not be read before seq says they are written. */
    return __atomic_load_n(&d->seq, __ATOMIC_ACQUIRE) == next + 1 ? d : NULL;
}

/* Every ticket below `done` has completed: waiters may return and producers may reuse
 * those slots. Release: results written for those descriptors (get data, fetched
 * values) must be visible to a waiter that sees done move. */
static inline void ro_ring_complete(struct ro_ring *r, uint64_t done)
{
    __atomic_store_n(&r->done, done, __ATOMIC_RELEASE);
    __atomic_store_n(&r->head, done, __ATOMIC_RELEASE);
}

#endif
