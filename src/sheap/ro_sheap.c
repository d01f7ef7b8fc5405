/* The heap region (host memory mapped here, or a device region the caller allocated: it is
 * zeroed and never moved) and the checks that turn a bad malloc/free into a clear message. */
#include "config.h"
#include "sheap/ro_sheap.h"

#include <errno.h>
#include <sys/mman.h>

#include "common/ro_log.h"

int ro_sheap_place(struct ro_sheap *h, void *region, size_t region_len, size_t size,
                   size_t reserved)
{
    size_t off;
    int rc;

    if (reserved % RO_SHEAP_ALIGN || reserved >= size || size > SIZE_MAX - RO_SHEAP_BASE_ALIGN ||
        region_len < size + RO_SHEAP_BASE_ALIGN) {
        RO_ERR("heap of %zu bytes (in a region of %zu) cannot hold the runtime's %zu reserved "
               "bytes", size, region_len, reserved);
        return -EINVAL;
    }
    rc = ro_sheap_alloc_init(&h->alloc, size);
    if (!rc && reserved)
        rc = ro_sheap_alloc_take(&h->alloc, reserved, RO_SHEAP_ALIGN, &off);
    if (rc) {
        ro_sheap_alloc_fini(&h->alloc);
        return rc;
    }
    h->map = region;
    h->map_len = region_len;
    h->mapped = 0;
    h->base = (uint8_t *)region +
              (RO_SHEAP_BASE_ALIGN - (uintptr_t)region % RO_SHEAP_BASE_ALIGN) % RO_SHEAP_BASE_ALIGN;
    h->size = size;
    h->reserved = reserved;
    return 0;
}

int ro_sheap_open(struct ro_sheap *h, size_t size, size_t reserved)
{
    size_t map_len;
    void *map;
    int rc;

    if (size > SIZE_MAX - RO_SHEAP_BASE_ALIGN) {
        RO_ERR("heap of %zu bytes: too large", size);
        return -EINVAL;
    }
    /* mmap only aligns to a page: map one alignment unit more and start at the first
     * aligned address inside. */
    map_len = size + RO_SHEAP_BASE_ALIGN;
    map = mmap(NULL, map_len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (map == MAP_FAILED) {
        rc = -errno;
        RO_ERR("mmap(%zu bytes) for the symmetric heap: %s (set ROCSHMEM_HEAP_SIZE lower)", size,
               ro_strerror(errno));
        return rc;
    }
    rc = ro_sheap_place(h, map, map_len, size, reserved);
    if (rc)
        munmap(map, map_len);
    else
        h->mapped = 1;
    return rc;
}

void ro_sheap_close(struct ro_sheap *h)
{
    ro_sheap_alloc_fini(&h->alloc);
    if (h->mapped && munmap(h->map, h->map_len))
        RO_SYS_ERR("munmap(heap)", errno);
    h->map = NULL;
    h->mapped = 0;
    h->base = NULL;
}

void *ro_sheap_take(struct ro_sheap *h, size_t size, size_t align)
{
    size_t off;
    int rc = align > RO_SHEAP_BASE_ALIGN ? -EINVAL : ro_sheap_alloc_take(&h->alloc, size, align, &off);

    if (rc == -ENOMEM) {
        RO_ERR("symmetric heap exhausted: %zu bytes requested, largest free block %zu of %zu "
               "(raise ROCSHMEM_HEAP_SIZE, now %zu)", size, ro_sheap_alloc_largest_free(&h->alloc),
               ro_sheap_alloc_free_bytes(&h->alloc), h->size);
        return NULL;
    }
    if (rc) {
        RO_ERR("invalid allocation: size %zu, alignment %zu (alignment must be a power of two "
               "up to %zu, size non-zero and representable)", size, align, RO_SHEAP_BASE_ALIGN);
        return NULL;
    }
    return h->base + off;
}

int ro_sheap_give(struct ro_sheap *h, void *ptr)
{
    uint8_t *p = ptr;
    if (!ro_sheap_contains(h, p, 0) || p < h->base + h->reserved ||
        ro_sheap_alloc_give(&h->alloc, (size_t)(p - h->base))) {
        RO_ERR("rocshmem_free(%p): not a block returned by rocshmem_malloc on this PE "
               "(heap %p..%p); nothing freed", ptr, (void *)h->base, (void *)(h->base + h->size));
        return -EINVAL;
    }
    return 0;
}
