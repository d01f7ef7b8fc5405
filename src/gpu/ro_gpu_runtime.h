/* The GPU runtime as the library's own CUDA/HIP sources call it (src/gpu/ro_gpu_attach.cu,
 * src/kernels/ro_kernels.cu): the CUDA runtime's and HIP's calls differ in their prefix only,
 * so one source serves both targets, compiled by nvcc or by hipcc -x hip. RO_RT(Name) is
 * cudaName or hipName; the few calls whose names differ otherwise are spelled out here. */
#ifndef RO_GPU_RUNTIME_H
#define RO_GPU_RUNTIME_H

#if defined(__HIP__)
#include <hip/hip_runtime.h>
#define RO_RT(name) hip##name
#define RO_RT_NAME "hip"
/* Host memory mapped into the device, for results a kernel writes and the host reads. */
#define ro_rt_host_alloc_mapped(pp, len) hipHostMalloc((pp), (len), hipHostMallocMapped)
#else
#include <cuda_runtime.h>
#define RO_RT(name) cuda##name
#define RO_RT_NAME "cuda"
#define ro_rt_host_alloc_mapped(pp, len) cudaHostAlloc((pp), (len), cudaHostAllocMapped)
#endif

/* The device the host library picked for this PE (src/cuda/ro_cuda_rt.c or
 * src/hip/ro_hip_rt.c), -1 when the PE runs CPU-only. */
extern "C" int rocshmem_ro_gpu_device(void);

#endif
