/* Copies the runtime state and the public handles into one GPU module's copies of them: the
 * application's (src/gpu/ro_gpu_attach.cu, in the device library) and the host library's
 * own kernels (src/kernels/ro_kernels.cu) each have a module of their own. Included by
 * those two translation units only, after gpu/ro_gpu.h. */
#ifndef RO_GPU_PUBLISH_H
#define RO_GPU_PUBLISH_H

#include <stdio.h>

#include "core/ro_device_lib.h"
#include "gpu/ro_gpu_runtime.h"

#define RO_PUBLISH_COPY(sym, src, who)                                                     \
    do {                                                                                   \
        RO_RT(Error_t) e_ = RO_RT(MemcpyToSymbol)(sym, (src), sizeof(sym));                \
        if (e_ != RO_RT(Success)) {                                                        \
            fprintf(stderr, "[rocshmem_ro pe %d] error: " RO_RT_NAME "MemcpyToSymbol(%s) for %s: %s (%s)\n", \
                    rocshmem_ro_device_view()->my_pe, #sym, (who), RO_RT(GetErrorString)(e_), \
                    RO_RT(GetErrorName)(e_));                                              \
            return -1;                                                                     \
        }                                                                                  \
    } while (0)

/* 0, or -1 after a message naming `who`. The caller has made this PE's device current. */
static int ro_gpu_publish(const char *who)
{
    RO_PUBLISH_COPY(ro_gpu_state_d, rocshmem_ro_device_view(), who);
    RO_PUBLISH_COPY(rocshmem_ro_ctx_default_d, &ROCSHMEM_CTX_DEFAULT, who);
    RO_PUBLISH_COPY(rocshmem_ro_ctx_invalid_d, &ROCSHMEM_CTX_INVALID, who);
    RO_PUBLISH_COPY(rocshmem_ro_team_world_d, &ROCSHMEM_TEAM_WORLD, who);
    RO_PUBLISH_COPY(rocshmem_ro_team_shared_d, &ROCSHMEM_TEAM_SHARED, who);
    return 0;
}

#endif
