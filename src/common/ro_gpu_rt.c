/* The "none" GPU runtime: CPU-only PEs. */
#include "config.h"
#include "common/ro_gpu_rt.h"

#include <errno.h>

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

static const char *ro_gpu_rt_none_describe(void)
{
    return "none (CPU-only PE)";
}

const struct ro_gpu_rt_ops ro_gpu_rt_none = {
    .name = "none",
    .open = ro_gpu_rt_none_open,
    .mem = &ro_mem_host,
    .heap_register = ro_gpu_rt_none_heap_register,
    .heap_unregister = ro_gpu_rt_none_heap_unregister,
    .describe = ro_gpu_rt_none_describe,
};
