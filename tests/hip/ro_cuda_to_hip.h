/* The CUDA runtime names tests/gpu/gpu_func.cu uses, as HIP's, so that the one CUDA source
 * also builds the HIP test program (hipcc -x hip -include this). Only what that file needs:
 * a name missing here fails to compile, which is the signal to add it. */
#ifndef RO_CUDA_TO_HIP_H
#define RO_CUDA_TO_HIP_H

#include <hip/hip_runtime.h>

#define cudaError_t hipError_t
#define cudaSuccess hipSuccess
#define cudaGetErrorString hipGetErrorString
#define cudaMalloc hipMalloc
#define cudaFree hipFree
#define cudaMemcpy hipMemcpy
#define cudaMemcpyDeviceToHost hipMemcpyDeviceToHost
#define cudaMemcpyDefault hipMemcpyDefault
#define cudaMemset hipMemset
#define cudaDeviceSynchronize hipDeviceSynchronize

#endif
