/* What the device library's attach step (src/gpu/ro_gpu_attach.cu,
 * compiled into the application) calls in the host library. */
#ifndef RO_DEVICE_LIB_H
#define RO_DEVICE_LIB_H

#include "gpu/ro_gpu.h"

#ifdef __cplusplus
extern "C" {
#endif

/* rocshmem_init_thread for a program with GPU kernels: a GPU PE then gets a device heap by
 * default (ROCSHMEM_HEAP_LOCATION=auto). */
int rocshmem_ro_init_thread_kernels(int requested, int *provided);
/* rocshmem_init_attr for a program with GPU kernels, likewise. */
int rocshmem_ro_init_attr_kernels(unsigned int flags, rocshmem_init_attr_t *attr);
/* The runtime state as device code must see it, valid after init. */
const struct ro_dev_state *rocshmem_ro_device_view(void);

#ifdef __cplusplus
}
#endif

#endif
