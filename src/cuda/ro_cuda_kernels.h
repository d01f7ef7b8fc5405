/* The host library's own kernels (src/cuda/ro_cuda_kernels.cu), as the CUDA runtime part
 * (ro_cuda_rt.c) reaches them: its ro_gpu_rt_ops publish and amo. */
#ifndef RO_CUDA_KERNELS_H
#define RO_CUDA_KERNELS_H

#include "common/ro_dtype.h"

#ifdef __cplusplus
extern "C" {
#endif

int ro_cuda_k_publish(void);
int ro_cuda_k_amo(void *dest, enum ro_dt dt, enum ro_amo_op op, const void *operand,
                  const void *compare, void *result);

#ifdef __cplusplus
}
#endif

#endif
