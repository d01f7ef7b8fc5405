/* The CUDA runtime names the GPU programs built for HIP (tests/gpu/gpu_func.cu, gpu_stream.cu,
 * the NVSHMEM programs of tests/perf/nvshmem)
 * use, as HIP's, so that one CUDA source also builds the HIP test program (hipcc -x hip
 * -include this). Only what those files need: a name missing here fails to compile, which is
 * the signal to add it. */
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
#define cudaMemcpyHostToDevice hipMemcpyHostToDevice
#define cudaGetDeviceCount hipGetDeviceCount
#define cudaSetDevice hipSetDevice
#define cudaGetLastError hipGetLastError
#define cudaEvent_t hipEvent_t
#define cudaEventCreate hipEventCreate
#define cudaEventDestroy hipEventDestroy
#define cudaEventElapsedTime hipEventElapsedTime
#define cudaEventRecord hipEventRecord
#define cudaEventSynchronize hipEventSynchronize
#define cudaMemcpyDefault hipMemcpyDefault
#define cudaMemset hipMemset
#define cudaDeviceSynchronize hipDeviceSynchronize
#define cudaStream_t hipStream_t
#define cudaStreamCreateWithFlags hipStreamCreateWithFlags
#define cudaStreamNonBlocking hipStreamNonBlocking
#define cudaStreamSynchronize hipStreamSynchronize
#define cudaStreamDestroy hipStreamDestroy
#define cudaStreamBeginCapture hipStreamBeginCapture
#define cudaStreamCaptureModeGlobal hipStreamCaptureModeGlobal
#define cudaStreamEndCapture hipStreamEndCapture
#define cudaGraph_t hipGraph_t
#define cudaGraphExec_t hipGraphExec_t
#define cudaGraphLaunch hipGraphLaunch
#define cudaGraphExecDestroy hipGraphExecDestroy
#define cudaGraphDestroy hipGraphDestroy
/* CUDA 12's three-argument form; HIP's takes an error node and log buffer instead of flags. */
#define cudaGraphInstantiate(exec, graph, flags) hipGraphInstantiate((exec), (graph), NULL, NULL, 0)
/* CUDA's symbol copies take the variable itself; HIP's take its address. */
#define cudaMemcpyToSymbol(sym, src, n) hipMemcpyToSymbol(HIP_SYMBOL(sym), (src), (n))
#define cudaMemcpyFromSymbol(dst, sym, n) hipMemcpyFromSymbol((dst), HIP_SYMBOL(sym), (n))

#endif
