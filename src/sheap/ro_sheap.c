/* The heap region (host memory mapped here, or a device region the caller allocated: it is
 * zeroed and never moved) and the checks that turn a bad malloc/free into a clear message. */
#include "config.h"
#include "sheap/ro_sheap.h"

#include <errno.h>
#include <sys/mman.h>
#include <unistd.h>

#include "common/ro_log.h"

/* The allocator over [0, size), the runtime's reserved bytes its first block. */
static int ro_sheap_setup(struct ro_sheap *h, uint8_t *base, size_t base_align, size_t size,
                          size_t reserved)
{
    size_t off;
    int rc = ro_sheap_alloc_init(&h->alloc, size);

    if (!rc && reserved)
        rc = ro_sheap_alloc_take(&h->alloc, reserved, RO_SHEAP_ALIGN, &off);
    if (rc) {
        ro_sheap_alloc_fini(&h->alloc);
        return rc;
    }
    h->base = base;
    h->base_align = base_align;
    h->size = size;
    h->reserved = reserved;
    return 0;
}

static int ro_sheap_reserved_ok(size_t size, size_t reserved)
{
    return reserved % RO_SHEAP_ALIGN == 0 && reserved < size;
}

int ro_sheap_place(struct ro_sheap *h, void *region, size_t region_len, size_t size,
                   size_t reserved)
{
    uint8_t *base;
    int rc;

    if (!ro_sheap_reserved_ok(size, reserved) || size > SIZE_MAX - RO_SHEAP_BASE_ALIGN ||
        region_len < size + RO_SHEAP_BASE_ALIGN) {
        RO_ERR("heap of %zu bytes (in a region of %zu) cannot hold the runtime's %zu reserved "
               "bytes", size, region_len, reserved);
        return -EINVAL;
    }
    /* The caller's allocator promises nothing beyond what the extra RO_SHEAP_BASE_ALIGN
     * bytes buy, and what a region happens to have may differ between PEs. */
    base = (uint8_t *)region +
           (RO_SHEAP_BASE_ALIGN - (uintptr_t)region % RO_SHEAP_BASE_ALIGN) % RO_SHEAP_BASE_ALIGN;
    rc = ro_sheap_setup(h, base, RO_SHEAP_BASE_ALIGN, size, reserved);
    if (rc)
        return rc;
    h->map = region;
    h->map_len = region_len;
    h->mapped = 0;
    return 0;
}

/* The least power of two >= size, and at least RO_SHEAP_BASE_ALIGN: an alignment above it
 * could only be met at offset 0, which holds the reserved bytes. */
static size_t ro_sheap_open_align(size_t size)
{
    size_t a = RO_SHEAP_BASE_ALIGN;
    while (a < size)
        a *= 2;
    return a;
}

/* mmap only aligns to a page. Reserves len + align bytes of address space without access
 * (that commits no memory, so a heap near the memory size still maps), maps the heap over
 * the first align-aligned len bytes of it and gives the rest back: the process holds only
 * len bytes, as a plain mmap would. The heap is private anonymous memory, or the file fd
 * shared (fd >= 0). */
static uint8_t *ro_sheap_map_aligned(size_t len, size_t align, int fd)
{
    const int flags = MAP_FIXED | (fd < 0 ? MAP_PRIVATE | MAP_ANONYMOUS : MAP_SHARED);
    size_t span = len + align, head;
    uint8_t *res, *base;
    int err;

    res = mmap(NULL, span, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (res == MAP_FAILED)
        return NULL;
    base = res + (align - (uintptr_t)res % align) % align;
    head = (size_t)(base - res);
    if (mmap(base, len, PROT_READ | PROT_WRITE, flags, fd, 0) == MAP_FAILED) {
        err = errno;
        munmap(res, span);
        errno = err;
        return NULL;
    }
    if (head)
        munmap(res, head);
    if (span - head > len)
        munmap(base + len, span - head - len);
    return base;
}

size_t ro_sheap_map_len(size_t size)
{
    size_t page = (size_t)sysconf(_SC_PAGESIZE);

    return (size + page - 1) / page * page;
}

int ro_sheap_open_fd(struct ro_sheap *h, size_t size, size_t reserved, int fd)
{
    size_t align, map_len;
    uint8_t *base;
    int rc;

    if (size > SIZE_MAX / 4) {
        RO_ERR("heap of %zu bytes: too large", size);
        return -EINVAL;
    }
    if (!ro_sheap_reserved_ok(size, reserved)) {
        RO_ERR("heap of %zu bytes cannot hold the runtime's %zu reserved bytes", size, reserved);
        return -EINVAL;
    }
    align = ro_sheap_open_align(size);
    map_len = ro_sheap_map_len(size);
    base = ro_sheap_map_aligned(map_len, align, fd);
    if (!base) {
        rc = -errno;
        RO_ERR("mmap(%zu bytes) for the symmetric heap: %s (set ROCSHMEM_HEAP_SIZE lower)", size,
               ro_strerror(errno));
        return rc;
    }
    rc = ro_sheap_setup(h, base, align, size, reserved);
    if (rc) {
        munmap(base, map_len);
        return rc;
    }
    h->map = base;
    h->map_len = map_len;
    h->mapped = 1;
    return 0;
}

int ro_sheap_open(struct ro_sheap *h, size_t size, size_t reserved)
{
    return ro_sheap_open_fd(h, size, reserved, -1);
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

/* Every PE makes the same calls and gets the same offset: the address is aligned on every
 * PE only if every base is, so an alignment above base_align is refused, not met by luck
 * on some PEs. */
void *ro_sheap_take(struct ro_sheap *h, size_t size, size_t align, const char *api)
{
    size_t off;
    int rc;

    if (align && !(align & (align - 1)) && align > h->base_align) {
        RO_ERR("%s: alignment %zu is above the heap base's alignment %zu (the heap is %zu "
               "bytes): no address so aligned lies at the same offset on every PE; returns NULL",
               api, align, h->base_align, h->size);
        return NULL;
    }
    rc = ro_sheap_alloc_take(&h->alloc, size, align, &off);
    if (rc == -ENOMEM && align > RO_SHEAP_ALIGN) {
        RO_ERR("%s: no room for %zu bytes at a multiple of %zu in the symmetric heap (largest "
               "free block %zu of %zu free, heap %zu bytes: raise ROCSHMEM_HEAP_SIZE); returns "
               "NULL", api, size, align, ro_sheap_alloc_largest_free(&h->alloc),
               ro_sheap_alloc_free_bytes(&h->alloc), h->size);
        return NULL;
    }
    if (rc == -ENOMEM) {
        RO_ERR("%s: symmetric heap exhausted: %zu bytes requested, largest free block %zu of %zu "
               "(raise ROCSHMEM_HEAP_SIZE, now %zu); returns NULL", api, size,
               ro_sheap_alloc_largest_free(&h->alloc), ro_sheap_alloc_free_bytes(&h->alloc),
               h->size);
        return NULL;
    }
    if (rc) {
        RO_ERR("%s: invalid allocation: size %zu, alignment %zu (alignment must be a power of "
               "two, size non-zero and representable); returns NULL", api, size, align);
        return NULL;
    }
    return h->base + off;
}

int ro_sheap_len(const struct ro_sheap *h, const void *ptr, size_t *len, const char *api)
{
    const uint8_t *p = ptr;
    if (!ro_sheap_contains(h, p, 0) || p < h->base + h->reserved ||
        ro_sheap_alloc_len(&h->alloc, (size_t)(p - h->base), len)) {
        RO_ERR("%s(%p): not a block returned by rocshmem_malloc on this PE (heap %p..%p)", api,
               ptr, (void *)h->base, (void *)(h->base + h->size));
        return -EINVAL;
    }
    return 0;
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
