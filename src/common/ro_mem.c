#include "config.h"
#include "common/ro_mem.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/ro_log.h"

/* calloc, not aligned_alloc and memset: calloc leaves fresh pages (mmap, or a grown heap)
 * untouched, so a ring nobody posts to costs no memory. Each PE preallocates the rings of
 * every context (ROCSHMEM_MAX_NUM_CONTEXTS); touched, they were 17 of a CPU-only PE's
 * 27.5 MB. The block's own start is kept in the word before the aligned address. */
static void *ro_mem_host_alloc(size_t len, const char *what)
{
    char *raw = len <= SIZE_MAX - 64 - sizeof(void *)
        ? calloc(1, len + 64 + sizeof(void *)) : NULL;
    uintptr_t p;

    if (!raw) {
        RO_ERR("out of memory for %s (%zu bytes)", what, len);
        return NULL;
    }
    p = ((uintptr_t)raw + sizeof(void *) + 63) & ~(uintptr_t)63;
    ((void **)p)[-1] = raw;
    return (void *)p;
}

static void ro_mem_host_free(void *p)
{
    if (p)
        free(((void **)p)[-1]);
}

int ro_mem_host_write(void *dst, const void *src, size_t len)
{
    memcpy(dst, src, len);
    return 0;
}

const struct ro_mem_ops ro_mem_host = {
    .name = "host",
    .alloc = ro_mem_host_alloc,
    .free = ro_mem_host_free,
    .write = ro_mem_host_write,
};
