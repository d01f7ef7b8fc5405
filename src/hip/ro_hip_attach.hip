/* Host code of the device library (librocshmem_ro_device.a), compiled by hipcc into the
 * application: after the host library's init, copy the runtime state and the public
 * handles into the device library's variables, which only code linked with them can name.
 * In a GPU translation unit rocshmem.h routes rocshmem_init/_init_thread/_init_attr here. */
#include "config.h"

#include <hip/hip_runtime.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/ro_device_lib.h"
#include "gpu/ro_gpu.h"

/* ro_gpu.h names the device copy in GPU code; the host library's copy is wanted here. */
#undef ro_gpu_state
extern "C" struct ro_dev_state ro_gpu_state;
extern "C" int rocshmem_ro_hip_device(void);

#define RO_ATTACH_COPY(sym, src)                                                           \
    do {                                                                                   \
        hipError_t e_ = hipMemcpyToSymbol(HIP_SYMBOL(sym), (src), sizeof(sym));            \
        if (e_ != hipSuccess) {                                                            \
            fprintf(stderr, "[rocshmem_ro pe %d] error: hipMemcpyToSymbol(%s): %s (%s)\n",   \
                    ro_gpu_state.my_pe, #sym, hipGetErrorString(e_), hipGetErrorName(e_));   \
            return -1;                                                                     \
        }                                                                                  \
    } while (0)

/* 0, or -1 after a message. A PE that runs CPU-only (no device) has nothing to publish. */
static int ro_hip_attach(void)
{
    int dev = rocshmem_ro_hip_device();
    hipError_t e;

    if (dev < 0)
        return 0;
    e = hipSetDevice(dev);
    if (e != hipSuccess) {
        fprintf(stderr, "[rocshmem_ro pe %d] error: hipSetDevice(%d): %s\n", ro_gpu_state.my_pe,
                dev, hipGetErrorString(e));
        return -1;
    }
    RO_ATTACH_COPY(ro_gpu_state_d, rocshmem_ro_device_view());
    RO_ATTACH_COPY(rocshmem_ro_ctx_default_d, &ROCSHMEM_CTX_DEFAULT);
    RO_ATTACH_COPY(rocshmem_ro_ctx_invalid_d, &ROCSHMEM_CTX_INVALID);
    RO_ATTACH_COPY(rocshmem_ro_team_world_d, &ROCSHMEM_TEAM_WORLD);
    RO_ATTACH_COPY(rocshmem_ro_team_shared_d, &ROCSHMEM_TEAM_SHARED);
    return 0;
}

extern "C" int rocshmem_ro_init_thread_gpu(int requested, int *provided)
{
    int rc = rocshmem_ro_init_thread_kernels(requested, provided);

    if (rc == ROCSHMEM_SUCCESS && ro_hip_attach()) {
        rocshmem_global_exit(1);
    }
    return rc;
}

extern "C" int rocshmem_ro_init_attr_gpu(unsigned int flags, rocshmem_init_attr_t *attr)
{
    int rc = rocshmem_ro_init_attr_kernels(flags, attr);

    if (rc == ROCSHMEM_SUCCESS && ro_hip_attach()) {
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
    if (ro_hip_attach())
        rocshmem_global_exit(1);
}
