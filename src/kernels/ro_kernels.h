/* The host library's own kernels (src/kernels/ro_kernels.cu), as the GPU runtime parts
 * (src/cuda/ro_cuda_rt.c, src/hip/ro_hip_rt.c) reach them: their ro_gpu_rt_ops publish and
 * amo. */
#ifndef RO_KERNELS_H
#define RO_KERNELS_H

#include "common/ro_dtype.h"

#ifdef __cplusplus
extern "C" {
#endif

int ro_k_publish(void);
int ro_k_amo(void *dest, enum ro_dt dt, enum ro_amo_op op, const void *operand,
             const void *compare, void *result);

#ifdef __cplusplus
}
#endif

#endif
