/* HIP's runtime names as CUDA's, so that nvcc builds the rocSHMEM-dialect programs (written
 * for hipcc) unchanged: `nvcc -I tests/rocshmem_hpp/cuda` finds this for <hip/hip_runtime.h>.
 * Only what those programs use: a name missing here fails to compile, the signal to add it. */
#ifndef RS_HIP_RUNTIME_ON_CUDA_H
#define RS_HIP_RUNTIME_ON_CUDA_H

#include <cuda_runtime.h>

#define hipError_t cudaError_t
#define hipSuccess cudaSuccess
#define hipGetErrorString cudaGetErrorString
#define hipGetDeviceCount cudaGetDeviceCount
#define hipMalloc cudaMalloc
#define hipFree cudaFree
#define hipMemcpy cudaMemcpy
#define hipMemcpyDefault cudaMemcpyDefault
#define hipMemcpyDeviceToHost cudaMemcpyDeviceToHost
#define hipMemcpyHostToDevice cudaMemcpyHostToDevice
#define hipMemset cudaMemset
#define hipDeviceSynchronize cudaDeviceSynchronize
#define hipGetLastError cudaGetLastError
#define hipStream_t cudaStream_t
#define hipStreamCreate cudaStreamCreate
#define hipStreamSynchronize cudaStreamSynchronize
#define hipStreamDestroy cudaStreamDestroy
#define hipLaunchKernelGGL(kernel, grid, block, shmem, stream, ...)                          \
    kernel<<<(grid), (block), (shmem), (stream)>>>(__VA_ARGS__)

#endif
