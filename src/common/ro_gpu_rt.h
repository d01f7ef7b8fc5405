/* The GPU runtime under a PE, as init sees it: which device the PE drives, where objects
 * that device code touches are allocated, and how the heap becomes reachable from the
 * device. "none" for CPU-only PEs; "cuda" on a CUDA build with a device present (src/cuda).
 * Chosen at init. */
#ifndef RO_GPU_RT_H
#define RO_GPU_RT_H

#include <stddef.h>

#include "common/ro_mem.h"

struct ro_gpu_rt_ops {
    const char *name;
    /* Picks the device of this PE (local_rank among its node's PEs); 0, -ENODEV when there
     * is none (init then runs the PE CPU-only), or another negative errno (logged). */
    int (*open)(int local_rank);
    const struct ro_mem_ops *mem;
    /* Makes [base, base + len) (the host heap) reachable from device code at the same
     * address; 0 or a negative errno (logged). */
    int (*heap_register)(void *base, size_t len);
    void (*heap_unregister)(void *base);
    /* One line for rocshmem_info and logs: device name and number. */
    const char *(*describe)(void);
};

extern const struct ro_gpu_rt_ops ro_gpu_rt_none;

#endif
