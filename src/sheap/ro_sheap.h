/* Symmetric heap: one region per PE, the same size everywhere. Allocation is
 * deterministic, so every PE that makes the same sequence of calls gets the same
 * offsets, and a remote address is the target's base plus the local offset. */
#ifndef RO_SHEAP_H
#define RO_SHEAP_H

#include <stddef.h>
#include <stdint.h>

#define RO_SHEAP_ALIGN 128   /* default alignment and size granule of every block */
/* The least alignment of every PE's heap base. A heap that ro_sheap_open maps has its base
 * aligned further (struct ro_sheap's base_align); an offset aligned to A <= base_align gives
 * an A-aligned address on every PE, and larger alignments are refused. */
#define RO_SHEAP_BASE_ALIGN ((size_t)2 << 20)

struct ro_sheap_block;

/* Offset allocator over [0, size): first fit, free list with coalescing. Knows nothing
 * of memory, so it is tested alone. */
struct ro_sheap_alloc {
    size_t size;
    struct ro_sheap_block *first;   /* every block, used or free, in offset order */
};

int    ro_sheap_alloc_init(struct ro_sheap_alloc *a, size_t size);
void   ro_sheap_alloc_fini(struct ro_sheap_alloc *a);
/* 0 and *off, -EINVAL (zero size, alignment not a power of two, size overflow) or -ENOMEM
 * (no free block holds the size at an offset that is a multiple of the alignment). */
int    ro_sheap_alloc_take(struct ro_sheap_alloc *a, size_t size, size_t align, size_t *off);
/* 0, or -EINVAL when off is not the start of a block in use (nothing changes then). */
int    ro_sheap_alloc_give(struct ro_sheap_alloc *a, size_t off);
/* 0 and the bytes of the block in use at off (its size rounded up), or -EINVAL. */
int    ro_sheap_alloc_len(const struct ro_sheap_alloc *a, size_t off, size_t *len);
size_t ro_sheap_alloc_free_bytes(const struct ro_sheap_alloc *a);
size_t ro_sheap_alloc_largest_free(const struct ro_sheap_alloc *a);
size_t ro_sheap_alloc_blocks(const struct ro_sheap_alloc *a);

/* The region. The first `reserved` bytes are the runtime's own (barrier and collective
 * words): the allocator covers the whole region and holds them as its first block. */
struct ro_sheap {
    uint8_t *base;
    size_t base_align;          /* base is a multiple of it on every PE: a power of two */
    size_t size;
    size_t reserved;
    void *map;                  /* the whole region, and its length */
    size_t map_len;
    int mapped;                 /* 1: ro_sheap_open mapped the region and unmaps it */
    struct ro_sheap_alloc alloc;
};

/* A heap in host memory that ro_sheap_open maps (and ro_sheap_close unmaps), its base
 * aligned to the heap size rounded up to a power of two (at least RO_SHEAP_BASE_ALIGN):
 * every PE has the same size, hence the same base_align, and every alignment that fits
 * in the heap at all can be honoured. */
int  ro_sheap_open(struct ro_sheap *h, size_t size, size_t reserved);
/* The same over the shared file fd, at least ro_sheap_map_len(size) bytes long and zero
 * (ro_sheap_share.h): other processes that map the file see the heap. */
int  ro_sheap_open_fd(struct ro_sheap *h, size_t size, size_t reserved, int fd);
/* The bytes ro_sheap_open maps for a heap of `size`: whole pages. */
size_t ro_sheap_map_len(size_t size);
/* A heap in a zeroed region of at least size + RO_SHEAP_BASE_ALIGN bytes that the caller
 * made and frees after ro_sheap_close (a device heap); base_align is RO_SHEAP_BASE_ALIGN. */
int  ro_sheap_place(struct ro_sheap *h, void *region, size_t region_len, size_t size,
                    size_t reserved);
void ro_sheap_close(struct ro_sheap *h);
/* User allocation for `api`: NULL with a logged reason (named after api) on failure. */
void *ro_sheap_take(struct ro_sheap *h, size_t size, size_t align, const char *api);
/* -EINVAL (logged) for a pointer that is not a live allocation of this heap. */
int  ro_sheap_give(struct ro_sheap *h, void *ptr);
/* The bytes of live allocation ptr; -EINVAL (logged, naming api) for any other pointer. */
int  ro_sheap_len(const struct ro_sheap *h, const void *ptr, size_t *len, const char *api);

static inline int ro_sheap_contains(const struct ro_sheap *h, const void *p, size_t len)
{
    uintptr_t a = (uintptr_t)p, b = (uintptr_t)h->base;
    return a >= b && a - b <= h->size && len <= h->size - (a - b);
}

#endif
