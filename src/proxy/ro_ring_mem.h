/* Creating and freeing rings (the memory behind struct ro_ring). */
#ifndef RO_RING_MEM_H
#define RO_RING_MEM_H

#include "proxy/ro_ring.h"

/* size: descriptors, a power of two. 0 or a negative errno. */
int  ro_ring_create(uint64_t size, struct ro_ring **out);
void ro_ring_destroy(struct ro_ring *r);

#endif
