/* Error messages of the device API's sources: the host target logs through src/common;
 * GPU code prints from the device (the CUDA/HIP printf buffer reaches stderr at the next
 * synchronisation). Same prefix either way, so one grep finds both. */
#ifndef RO_GPU_LOG_H
#define RO_GPU_LOG_H

#include "gpu/ro_gpu.h"

#if defined(__CUDACC__) || defined(__HIPCC__)
#include <stdio.h>
#ifndef RO_LIKELY
#define RO_LIKELY(x) __builtin_expect(!!(x), 1)
#define RO_UNLIKELY(x) __builtin_expect(!!(x), 0)
#endif
#define RO_GPU_ERR(fmt, ...)                                                               \
    printf("[rocshmem_ro pe %d] error %s:%d: " fmt "\n", ro_gpu_state.my_pe, __FILE__,     \
           __LINE__, ##__VA_ARGS__)
#else
#include "common/ro_log.h"
#define RO_GPU_ERR RO_ERR
#endif

#endif
