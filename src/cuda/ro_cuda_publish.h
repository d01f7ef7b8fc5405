/* Copies the runtime state and the public handles into one CUDA module's constant copies:
 * the application's (src/cuda/ro_cuda_attach.cu, the device library) and the host
 * library's own kernels (src/cuda/ro_cuda_kernels.cu) each have a module of their own.
 * Included by those two nvcc translation units only, after gpu/ro_gpu.h. */
#ifndef RO_CUDA_PUBLISH_H
#define RO_CUDA_PUBLISH_H

#include <cuda_runtime.h>
#include <stdio.h>

#include "core/ro_device_lib.h"

#define RO_PUBLISH_COPY(sym, src, who)                                                     \
    do {                                                                                   \
        cudaError_t e_ = cudaMemcpyToSymbol(sym, (src), sizeof(sym));                      \
        if (e_ != cudaSuccess) {                                                           \
            fprintf(stderr, "[rocshmem_ro pe %d] error: cudaMemcpyToSymbol(%s) for %s: %s (%s)\n", \
                    rocshmem_ro_device_view()->my_pe, #sym, (who), cudaGetErrorString(e_), \
                    cudaGetErrorName(e_));                                                 \
            return -1;                                                                     \
        }                                                                                  \
    } while (0)

/* 0, or -1 after a message naming `who`. */
static int ro_cuda_publish(const char *who)
{
    RO_PUBLISH_COPY(ro_gpu_state_d, rocshmem_ro_device_view(), who);
    RO_PUBLISH_COPY(rocshmem_ro_ctx_default_d, &ROCSHMEM_CTX_DEFAULT, who);
    RO_PUBLISH_COPY(rocshmem_ro_ctx_invalid_d, &ROCSHMEM_CTX_INVALID, who);
    RO_PUBLISH_COPY(rocshmem_ro_team_world_d, &ROCSHMEM_TEAM_WORLD, who);
    RO_PUBLISH_COPY(rocshmem_ro_team_shared_d, &ROCSHMEM_TEAM_SHARED, who);
    return 0;
}

#endif
