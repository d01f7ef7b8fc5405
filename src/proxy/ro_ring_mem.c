/* Ring memory. Host memory for now; with a GPU target this becomes host-pinned memory
 * mapped into the GPU (slots, done, head) and device memory for the producers' line. */
#include "config.h"
#include "proxy/ro_ring_mem.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "common/ro_log.h"

int ro_ring_create(uint64_t size, struct ro_ring **out)
{
    struct ro_ring *r;

    if (size < 2 || (size & (size - 1))) {
        RO_ERR("ring size %llu is not a power of two >= 2 (ROCSHMEM_RO_RING_SIZE)",
               (unsigned long long)size);
        return -EINVAL;
    }
    r = aligned_alloc(RO_CACHE_LINE, sizeof(*r));
    if (!r)
        goto err_nomem;
    memset(r, 0, sizeof(*r));
    /* Zeroed slots hold seq 0, which no ticket expects (ticket t expects t + 1). */
    r->slots = aligned_alloc(RO_CACHE_LINE, size * sizeof(struct ro_desc));
    if (!r->slots) {
        free(r);
        goto err_nomem;
    }
    memset(r->slots, 0, size * sizeof(struct ro_desc));
    r->size = size;
    r->mask = size - 1;
    *out = r;
    return 0;

err_nomem:
    RO_ERR("out of memory for a ring of %llu descriptors", (unsigned long long)size);
    return -ENOMEM;
}

void ro_ring_destroy(struct ro_ring *r)
{
    if (r) {
        free(r->slots);
        free(r);
    }
}
