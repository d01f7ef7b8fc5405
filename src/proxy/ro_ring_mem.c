/* Ring memory: the ring, its slots and return words from the allocator init chose (host
 * memory, or host-pinned memory mapped into the GPU), and the producers' line from the
 * producers' side (device memory for a GPU's rings). */
#include "config.h"
#include "proxy/ro_ring_mem.h"

#include <errno.h>

#include "common/ro_log.h"

/* The producers' copies of the ring's fields, written where the producers' line lives. */
static int ro_ring_prod_init(struct ro_ring *r)
{
    struct ro_ring_prod init = { .size = r->size, .mask = r->mask, .slots = r->slots,
                                 .ret = r->ret, .ring = r };

    return r->prod_mem->write(r->prod, &init, sizeof(init));
}

int ro_ring_create(const struct ro_mem_ops *mem, const struct ro_mem_ops *prod_mem, uint64_t size,
                   struct ro_ring **out)
{
    struct ro_ring *r;

    if (size < 2 || (size & (size - 1))) {
        RO_ERR("ring size %llu is not a power of two >= 2 (ROCSHMEM_RO_RING_SIZE)",
               (unsigned long long)size);
        return -EINVAL;
    }
    r = mem->alloc(sizeof(*r), "a ring");
    if (!r)
        return -ENOMEM;
    /* Zeroed slots hold seq 0, which no ticket expects (ticket t expects t + 1). */
    r->slots = mem->alloc(size * sizeof(struct ro_desc), "a ring's descriptors");
    r->ret = mem->alloc(size * sizeof(uint64_t), "a ring's return words");
    r->prod = prod_mem->alloc(sizeof(*r->prod), "a ring's producer line");
    r->prod_mem = prod_mem;
    if (!r->slots || !r->ret || !r->prod) {
        if (r->prod)
            prod_mem->free(r->prod);
        mem->free(r->slots);
        mem->free(r->ret);
        mem->free(r);
        return -ENOMEM;
    }
    r->size = size;
    r->mask = size - 1;
    if (ro_ring_prod_init(r)) {
        ro_ring_destroy(mem, r);
        return -EIO;
    }
    *out = r;
    return 0;
}

void ro_ring_destroy(const struct ro_mem_ops *mem, struct ro_ring *r)
{
    if (r) {
        r->prod_mem->free(r->prod);
        mem->free(r->ret);
        mem->free(r->slots);
        mem->free(r);
    }
}
