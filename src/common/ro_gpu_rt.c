/* The "none" GPU runtime: CPU-only PEs. They have no device memory: init refuses a device
 * heap for them before any of the device-memory operations below could be reached, so
 * those only report the misuse. Copies and zeroing are of host memory (their own heap, or
 * a same-node peer's shared heap), done by the CPU. */
#include "config.h"
#include "common/ro_gpu_rt.h"

#include <errno.h>
#include <string.h>

#include "common/ro_log.h"

static int ro_gpu_rt_none_open(int local_rank)
{
    (void)local_rank;
    return 0;
}

static int ro_gpu_rt_none_heap_register(void *base, size_t len)
{
    (void)base;
    (void)len;
    return 0;
}

static void ro_gpu_rt_none_heap_unregister(void *base)
{
    (void)base;
}

static int ro_gpu_rt_none_heap_alloc(size_t len, void **base)
{
    (void)len;
    *base = NULL;
    RO_ERR("a device heap needs a GPU, and this PE runs CPU-only");
    return -ENODEV;
}

static void ro_gpu_rt_none_heap_free(void *base)
{
    (void)base;
}

static int ro_gpu_rt_none_ipc_export(void *base, struct ro_ipc_handle *h)
{
    (void)base;
    (void)h;
    RO_ERR("GPU IPC needs a GPU, and this PE runs CPU-only");
    return -ENODEV;
}

static int ro_gpu_rt_none_ipc_open(const struct ro_ipc_handle *h, void **base)
{
    (void)h;
    *base = NULL;
    RO_ERR("GPU IPC needs a GPU, and this PE runs CPU-only");
    return -ENODEV;
}

static void ro_gpu_rt_none_ipc_close(void *base)
{
    (void)base;
}

static int ro_gpu_rt_none_copy(void *dst, const void *src, size_t len)
{
    memcpy(dst, src, len);
    return 0;
}

static int ro_gpu_rt_none_zero(void *dst, size_t len)
{
    memset(dst, 0, len);
    return 0;
}

static int ro_gpu_rt_none_device(void)
{
    return -1;
}

static void ro_gpu_rt_none_bus_id(char *buf, int len)
{
    if (len > 0)
        buf[0] = '\0';
}

static const char *ro_gpu_rt_none_describe(void)
{
    return "none (CPU-only PE)";
}

const struct ro_gpu_rt_ops ro_gpu_rt_none = {
    .name = "none",
    .heap_mem = RO_HEAP_MEM_HOST,
    .open = ro_gpu_rt_none_open,
    .mem = &ro_mem_host,
    .dev_mem = &ro_mem_host,
    .heap_register = ro_gpu_rt_none_heap_register,
    .heap_unregister = ro_gpu_rt_none_heap_unregister,
    .heap_alloc = ro_gpu_rt_none_heap_alloc,
    .heap_free = ro_gpu_rt_none_heap_free,
    .ipc_export = ro_gpu_rt_none_ipc_export,
    .ipc_open = ro_gpu_rt_none_ipc_open,
    .ipc_close = ro_gpu_rt_none_ipc_close,
    .copy = ro_gpu_rt_none_copy,
    .zero = ro_gpu_rt_none_zero,
    .device = ro_gpu_rt_none_device,
    .bus_id = ro_gpu_rt_none_bus_id,
    .describe = ro_gpu_rt_none_describe,
};
