#include "config.h"
#include "common/ro_mem.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "common/ro_log.h"

static void *ro_mem_host_alloc(size_t len, const char *what)
{
    /* aligned_alloc wants a multiple of the alignment. */
    size_t rounded = (len + 63) & ~(size_t)63;
    void *p = aligned_alloc(64, rounded ? rounded : 64);

    if (!p) {
        RO_ERR("out of memory for %s (%zu bytes)", what, len);
        return NULL;
    }
    memset(p, 0, rounded);
    return p;
}

int ro_mem_host_write(void *dst, const void *src, size_t len)
{
    memcpy(dst, src, len);
    return 0;
}

const struct ro_mem_ops ro_mem_host = {
    .name = "host",
    .alloc = ro_mem_host_alloc,
    .free = free,
    .write = ro_mem_host_write,
};
