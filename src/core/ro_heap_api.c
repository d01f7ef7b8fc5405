/* rocshmem_malloc and friends: collective, so each ends (or, for free, starts) with a
 * barrier, and a refused request still takes part in it and returns NULL everywhere. */
#include "config.h"
#include "core/ro_heap_api.h"

#include "core/ro_core.h"

#include <string.h>

#include "common/ro_log.h"

static int ro_heap_ready(const char *api)
{
    if (RO_LIKELY(ro_core.initialized))
        return 1;
    RO_ERR("%s: called before rocshmem_init", api);
    return 0;
}

/* Zeroing happens before the barrier: a peer may write into the block as soon as it
 * leaves the barrier. */
static void *ro_heap_take(size_t alignment, size_t size, int zero, const char *api)
{
    void *p = NULL;

    if (!ro_heap_ready(api))
        return NULL;
    if (!size)
        RO_WARN("%s: size 0 returns NULL", api);
    else
        p = ro_sheap_take(&ro_core.heap, size, alignment, api);
    if (p && zero) {
        if (!ro_core.heap_on_device)
            memset(p, 0, size);
        else if (ro_core.gpu->zero(p, size))
            ro_core_fatal("rocshmem_calloc: zeroing device memory failed (logged above)");
    }
    rocshmem_barrier_all();
    return p;
}

void *rocshmem_align(size_t alignment, size_t size)
{
    return ro_heap_take(alignment, size, 0, "rocshmem_align");
}

void *rocshmem_malloc(size_t size)
{
    return ro_heap_take(RO_SHEAP_ALIGN, size, 0, "rocshmem_malloc");
}

void *rocshmem_calloc(size_t count, size_t size)
{
    if (size && count > SIZE_MAX / size) {
        RO_ERR("rocshmem_calloc(%zu, %zu): the product overflows size_t; returns NULL", count, size);
        if (ro_heap_ready("rocshmem_calloc"))
            rocshmem_barrier_all();
        return NULL;
    }
    return ro_heap_take(RO_SHEAP_ALIGN, count * size, 1, "rocshmem_calloc");
}

void rocshmem_free(void *ptr)
{
    if (!ro_heap_ready("rocshmem_free"))
        return;
    /* No PE may still be writing into the block when it is handed out again. */
    rocshmem_barrier_all();
    if (ptr)
        ro_sheap_give(&ro_core.heap, ptr);
}

/* Every PE reallocates alike, so the new block is symmetric; this PE's bytes move into it
 * before the closing barrier, after which peers may write there. On failure the old block
 * stays, NULL everywhere. */
void *ro_heap_realloc(void *ptr, size_t size, const char *api)
{
    size_t old_len;
    void *p;
    int rc;

    if (!ptr)
        return ro_heap_take(RO_SHEAP_ALIGN, size, 0, api);
    if (!size) {
        rocshmem_free(ptr);
        return NULL;
    }
    if (!ro_heap_ready(api))
        return NULL;
    /* No PE may still be writing into the old block once its bytes are copied. */
    rocshmem_barrier_all();
    p = ro_sheap_len(&ro_core.heap, ptr, &old_len, api) ? NULL
                                                        : ro_sheap_take(&ro_core.heap, size,
                                                                        RO_SHEAP_ALIGN, api);
    if (p) {
        size_t n = old_len < size ? old_len : size;
        rc = 0;
        if (!ro_core.heap_on_device)
            memcpy(p, ptr, n);
        else
            rc = ro_core.gpu->copy(p, ptr, n);
        if (rc)
            ro_core_fatal("realloc: copying device memory failed (logged above)");
        ro_sheap_give(&ro_core.heap, ptr);
    }
    rocshmem_barrier_all();
    return p;
}
