/* Host code of the device library (librocshmem_ro_device.a), compiled into the application
 * by nvcc (CUDA) or hipcc -x hip (HIP): after the host library's init, copy the runtime state
 * and the public handles into the device library's variables, which only code linked with
 * them can name. In a GPU translation unit rocshmem.h routes rocshmem_init/_init_thread/
 * _init_attr here. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "core/ro_device_lib.h"
#include "gpu/ro_gpu.h"
#include "gpu/ro_gpu_publish.h"

/* ro_gpu.h names the device copy in GPU code; the host library's copy is wanted here. */
#undef ro_gpu_state
extern "C" struct ro_dev_state ro_gpu_state;

/* 0, or -1 after a message. A PE that runs CPU-only (no device) has nothing to publish. */
static int ro_gpu_attach(void)
{
    int dev = rocshmem_ro_gpu_device();
    RO_RT(Error_t) e;

    if (dev < 0)
        return 0;
    e = RO_RT(SetDevice)(dev);
    if (e != RO_RT(Success)) {
        fprintf(stderr, "[rocshmem_ro pe %d] error: " RO_RT_NAME "SetDevice(%d): %s\n",
                ro_gpu_state.my_pe, dev, RO_RT(GetErrorString)(e));
        return -1;
    }
    return ro_gpu_publish("the application's kernels");
}

extern "C" int rocshmem_ro_init_thread_gpu(int requested, int *provided)
{
    int rc = rocshmem_ro_init_thread_kernels(requested, provided);

    if (rc == ROCSHMEM_SUCCESS && ro_gpu_attach()) {
        rocshmem_global_exit(1);
    }
    return rc;
}

extern "C" int rocshmem_ro_init_attr_gpu(unsigned int flags, rocshmem_init_attr_t *attr)
{
    int rc = rocshmem_ro_init_attr_kernels(flags, attr);

    if (rc == ROCSHMEM_SUCCESS && ro_gpu_attach()) {
        rocshmem_global_exit(1);
    }
    return rc;
}

extern "C" void rocshmem_ro_init_gpu(void)
{
    if (rocshmem_ro_init_thread_kernels(ROCSHMEM_THREAD_SINGLE, NULL) != ROCSHMEM_SUCCESS) {
        fprintf(stderr, "[rocshmem_ro] error: rocshmem_init failed; exiting\n");
        exit(1);
    }
    if (ro_gpu_attach())
        rocshmem_global_exit(1);
}
