/* Creating and freeing rings (the memory behind struct ro_ring). */
#ifndef RO_RING_MEM_H
#define RO_RING_MEM_H

#include "common/ro_mem.h"
#include "proxy/ro_ring.h"

/* size: descriptors, a power of two; the producers' line from prod_mem, the rest from mem.
 * 0 or a negative errno. */
int  ro_ring_create(const struct ro_mem_ops *mem, const struct ro_mem_ops *prod_mem, uint64_t size,
                    struct ro_ring **out);
void ro_ring_destroy(const struct ro_mem_ops *mem, struct ro_ring *r);

#endif
