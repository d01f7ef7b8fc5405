/* First-fit offset allocator with coalescing, behind rocshmem_malloc/align/free.
 * Determinism matters more than speed: every PE must pick the same offset. */
#include "config.h"
#include "sheap/ro_sheap.h"

#include <errno.h>
#include <stdlib.h>

struct ro_sheap_block {
    size_t off, len;
    int used;
    struct ro_sheap_block *prev, *next;
};

static struct ro_sheap_block *ro_sheap_block_new(size_t off, size_t len, int used)
{
    struct ro_sheap_block *b = calloc(1, sizeof(*b));
    if (b) {
        b->off = off;
        b->len = len;
        b->used = used;
    }
    return b;
}

/* Inserts `nb` after `b`. */
static void ro_sheap_block_link(struct ro_sheap_block *b, struct ro_sheap_block *nb)
{
    nb->prev = b;
    nb->next = b->next;
    if (b->next)
        b->next->prev = nb;
    b->next = nb;
}

/* Folds b->next into b. */
static void ro_sheap_block_merge_next(struct ro_sheap_block *b)
{
    struct ro_sheap_block *n = b->next;
    b->len += n->len;
    b->next = n->next;
    if (n->next)
        n->next->prev = b;
    free(n);
}

int ro_sheap_alloc_init(struct ro_sheap_alloc *a, size_t size)
{
    a->size = size;
    a->first = size ? ro_sheap_block_new(0, size, 0) : NULL;
    return size && !a->first ? -ENOMEM : 0;
}

void ro_sheap_alloc_fini(struct ro_sheap_alloc *a)
{
    struct ro_sheap_block *b = a->first, *n;
    for (; b; b = n) {
        n = b->next;
        free(b);
    }
    a->first = NULL;
}

/* v rounded up to a multiple of align (a power of two); SIZE_MAX when that multiple is not
 * representable, an offset no block can start at. Any power of two may be asked for. */
static size_t ro_round_up(size_t v, size_t align)
{
    return v > SIZE_MAX - (align - 1) ? SIZE_MAX : (v + align - 1) & ~(align - 1);
}

int ro_sheap_alloc_take(struct ro_sheap_alloc *a, size_t size, size_t align, size_t *off)
{
    struct ro_sheap_block *b;

    if (!size || !align || (align & (align - 1)))
        return -EINVAL;
    if (align < RO_SHEAP_ALIGN)
        align = RO_SHEAP_ALIGN;
    if (size > SIZE_MAX - RO_SHEAP_ALIGN)
        return -EINVAL;
    size = ro_round_up(size, RO_SHEAP_ALIGN);
    for (b = a->first; b; b = b->next) {
        size_t start, pad;
        if (b->used)
            continue;
        start = ro_round_up(b->off, align);
        pad = start - b->off;
        if (pad > b->len || b->len - pad < size)
            continue;
        /* Split off the alignment pad and the tail as free blocks of their own; both
         * stay multiples of RO_SHEAP_ALIGN since every offset and size is. Both blocks
         * are allocated before anything changes, so a failure leaves the heap as it was. */
        struct ro_sheap_block *nb = NULL, *tail = NULL;
        if (pad && !(nb = ro_sheap_block_new(start, b->len - pad, 0)))
            return -ENOMEM;
        if (b->len - pad > size && !(tail = ro_sheap_block_new(start + size, b->len - pad - size, 0))) {
            free(nb);
            return -ENOMEM;
        }
        if (nb) {
            b->len = pad;
            ro_sheap_block_link(b, nb);
            b = nb;
        }
        if (tail) {
            b->len = size;
            ro_sheap_block_link(b, tail);
        }
        b->used = 1;
        *off = b->off;
        return 0;
    }
    return -ENOMEM;
}

int ro_sheap_alloc_give(struct ro_sheap_alloc *a, size_t off)
{
    struct ro_sheap_block *b;
    for (b = a->first; b && b->off < off; b = b->next)
        ;
    if (!b || b->off != off || !b->used)
        return -EINVAL;
    b->used = 0;
    if (b->next && !b->next->used)
        ro_sheap_block_merge_next(b);
    if (b->prev && !b->prev->used)
        ro_sheap_block_merge_next(b->prev);
    return 0;
}

int ro_sheap_alloc_len(const struct ro_sheap_alloc *a, size_t off, size_t *len)
{
    const struct ro_sheap_block *b;
    for (b = a->first; b && b->off < off; b = b->next)
        ;
    if (!b || b->off != off || !b->used)
        return -EINVAL;
    *len = b->len;
    return 0;
}

size_t ro_sheap_alloc_free_bytes(const struct ro_sheap_alloc *a)
{
    size_t n = 0;
    for (const struct ro_sheap_block *b = a->first; b; b = b->next)
        n += b->used ? 0 : b->len;
    return n;
}

size_t ro_sheap_alloc_largest_free(const struct ro_sheap_alloc *a)
{
    size_t n = 0;
    for (const struct ro_sheap_block *b = a->first; b; b = b->next)
        if (!b->used && b->len > n)
            n = b->len;
    return n;
}

size_t ro_sheap_alloc_blocks(const struct ro_sheap_alloc *a)
{
    size_t n = 0;
    for (const struct ro_sheap_block *b = a->first; b; b = b->next)
        n++;
    return n;
}
