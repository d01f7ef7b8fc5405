/* The GPU runtime under a PE, as init sees it: which device the PE drives, where objects
 * that device code touches are allocated, how the heap becomes reachable from the device
 * (host heap registered, or a device heap), and how same-node PEs map each other's device
 * heap (IPC). "none" for CPU-only PEs; "cuda" (src/cuda) or "hip" (src/hip) on a GPU build
 * with a device present. Chosen at init. */
#ifndef RO_GPU_RT_H
#define RO_GPU_RT_H

#include <stddef.h>

#include "common/ro_dtype.h"
#include "common/ro_mem.h"

/* An exported device allocation, as a peer process opens it (CUDA and HIP handles are
 * 64 bytes). */
struct ro_ipc_handle {
    unsigned char bytes[64];
};

/* The kind of memory a device heap is, as a transport registering it must name it. */
enum ro_heap_mem { RO_HEAP_MEM_HOST, RO_HEAP_MEM_CUDA, RO_HEAP_MEM_ROCR };

struct ro_gpu_rt_ops {
    const char *name;
    enum ro_heap_mem heap_mem;
    /* Picks the device of this PE (local_rank among its node's PEs); 0, -ENODEV when there
     * is none (init then runs the PE CPU-only), or another negative errno (logged). */
    int (*open)(int local_rank);
    /* Host memory the GPU reaches at the same address (rings, runtime words). */
    const struct ro_mem_ops *mem;
    /* Device memory, for what only device code reads often (tables of the device view). */
    const struct ro_mem_ops *dev_mem;
    /* Makes [base, base + len) (the host heap) reachable from device code at the same
     * address; 0 or a negative errno (logged). */
    int (*heap_register)(void *base, size_t len);
    void (*heap_unregister)(void *base);
    /* A device heap: len bytes of zeroed device memory that ipc_export can hand out; 0 or a
     * negative errno (logged). */
    int (*heap_alloc)(size_t len, void **base);
    void (*heap_free)(void *base);
    /* The handle of an allocation made by heap_alloc (base as returned), and, in a peer
     * process of the same node, the mapping of one; 0 or a negative errno (logged). */
    int (*ipc_export)(void *base, struct ro_ipc_handle *h);
    int (*ipc_open)(const struct ro_ipc_handle *h, void **base);
    void (*ipc_close)(void *base);
    /* Host-side copy between any two addresses (host, device or IPC-mapped) and zeroing of
     * device memory, complete on return: host API calls on a device heap. 0 or -EIO (logged). */
    int (*copy)(void *dst, const void *src, size_t len);
    int (*zero)(void *dst, size_t len);
    /* The device index this PE drives (FI_HMEM registration names it), -1 for none. */
    int (*device)(void);
    /* The PCI bus id of that device ("" for none): PEs compare them to know which of their
     * peers share their GPU. */
    void (*bus_id)(char *buf, int len);
    /* One line for rocshmem_info and logs: device name and number. */
    const char *(*describe)(void);
    /* The host library's own kernels (src/kernels), NULL for CPU-only PEs (none).
     * publish: hands them the device view (rocshmem_ro_device_view) once init has made it;
     * 0 or a negative errno (logged). amo: an atomic on GPU memory this process maps (this
     * PE's device heap or a mapped peer's), done by one GPU thread, complete on return;
     * result (may be NULL) gets the old value. 0 or -EIO (logged). */
    int (*publish)(void);
    int (*amo)(void *dest, enum ro_dt dt, enum ro_amo_op op, const void *operand,
               const void *compare, void *result);
};

extern const struct ro_gpu_rt_ops ro_gpu_rt_none;

#endif
