/* The CUDA runtime under a PE, host side, in C against cuda_runtime_api.h: picks the PE's
 * device, allocates host-pinned memory mapped into it for rings and runtime words, and
 * registers the host heap. Device code reaches all of it at the host address (unified
 * addressing), which open checks instead of carrying a second pointer everywhere. */
#include "config.h"
#include "cuda/ro_cuda.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <cuda_runtime_api.h>

#include "common/ro_log.h"

#define RO_CUDA_CHECK(call, label)                                                         \
    do {                                                                                   \
        cudaError_t e_ = (call);                                                           \
        if (e_ != cudaSuccess) {                                                           \
            RO_ERR("%s: %s (%s)", #call, cudaGetErrorString(e_), cudaGetErrorName(e_));    \
            goto label;                                                                    \
        }                                                                                  \
    } while (0)

static int ro_cuda_device = -1;
static char ro_cuda_desc[320];

static int ro_cuda_open(int local_rank)
{
    struct cudaDeviceProp prop;
    int n = 0, host_ptr = 0, uva = 0;
    cudaError_t e = cudaGetDeviceCount(&n);

    if (e == cudaErrorNoDevice || e == cudaErrorInsufficientDriver || (e == cudaSuccess && !n))
        return -ENODEV;
    RO_CUDA_CHECK(e, err);
    /* Several PEs on one node share the devices round robin (MPS lets them run at once). */
    ro_cuda_device = local_rank % n;
    RO_CUDA_CHECK(cudaSetDevice(ro_cuda_device), err);
    RO_CUDA_CHECK(cudaGetDeviceProperties(&prop, ro_cuda_device), err);
    RO_CUDA_CHECK(cudaDeviceGetAttribute(&uva, cudaDevAttrUnifiedAddressing, ro_cuda_device), err);
    RO_CUDA_CHECK(cudaDeviceGetAttribute(&host_ptr, cudaDevAttrCanUseHostPointerForRegisteredMem,
                                         ro_cuda_device), err);
    if (!uva || !host_ptr) {
        RO_ERR("CUDA device %d (%s): needs unified addressing and host pointers usable for "
               "registered memory (unified %d, host pointers %d)", ro_cuda_device, prop.name,
               uva, host_ptr);
        return -ENOTSUP;
    }
    snprintf(ro_cuda_desc, sizeof(ro_cuda_desc), "CUDA device %d of %d: %s (sm_%d%d)",
             ro_cuda_device, n, prop.name, prop.major, prop.minor);
    RO_INFO("%s", ro_cuda_desc);
    return 0;
err:
    return -EIO;
}

static void *ro_cuda_pinned_alloc(size_t len, const char *what)
{
    void *p = NULL;

    RO_CUDA_CHECK(cudaHostAlloc(&p, len ? len : 64, cudaHostAllocMapped | cudaHostAllocPortable),
                  err);
    memset(p, 0, len);
    return p;
err:
    RO_ERR("no pinned host memory for %s (%zu bytes)", what, len);
    return NULL;
}

static void ro_cuda_pinned_free(void *p)
{
    if (p)
        RO_CUDA_CHECK(cudaFreeHost(p), out);
out:
    return;
}

static const struct ro_mem_ops ro_cuda_mem = {
    .name = "cuda-pinned",
    .alloc = ro_cuda_pinned_alloc,
    .free = ro_cuda_pinned_free,
};

static int ro_cuda_heap_register(void *base, size_t len)
{
    RO_CUDA_CHECK(cudaHostRegister(base, len, cudaHostRegisterMapped | cudaHostRegisterPortable),
                  err);
    return 0;
err:
    RO_ERR("the host heap (%zu bytes at %p) cannot be mapped into the GPU", len, base);
    return -EIO;
}

static void ro_cuda_heap_unregister(void *base)
{
    RO_CUDA_CHECK(cudaHostUnregister(base), out);
out:
    return;
}

/* For the device library's attach step (ro_cuda_attach.cu): the device init picked, or -1
 * when this PE runs CPU-only. */
int rocshmem_ro_cuda_device(void);
int rocshmem_ro_cuda_device(void)
{
    return ro_cuda_device;
}

static const char *ro_cuda_describe(void)
{
    return ro_cuda_desc;
}

const struct ro_gpu_rt_ops ro_gpu_rt_cuda = {
    .name = "cuda",
    .open = ro_cuda_open,
    .mem = &ro_cuda_mem,
    .heap_register = ro_cuda_heap_register,
    .heap_unregister = ro_cuda_heap_unregister,
    .describe = ro_cuda_describe,
};
