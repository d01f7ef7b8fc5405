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
#include "kernels/ro_kernels.h"

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
    .write = ro_mem_host_write,
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

static void *ro_cuda_dev_alloc(size_t len, const char *what)
{
    void *p = NULL;

    RO_CUDA_CHECK(cudaMalloc(&p, len ? len : 64), err);
    RO_CUDA_CHECK(cudaMemset(p, 0, len ? len : 64), free_p);
    return p;
free_p:
    cudaFree(p);
err:
    RO_ERR("no device memory for %s (%zu bytes)", what, len);
    return NULL;
}

static void ro_cuda_dev_free(void *p)
{
    if (p)
        RO_CUDA_CHECK(cudaFree(p), out);
out:
    return;
}

static int ro_cuda_copy(void *dst, const void *src, size_t len);

static const struct ro_mem_ops ro_cuda_dev_mem = {
    .name = "cuda-device",
    .alloc = ro_cuda_dev_alloc,
    .free = ro_cuda_dev_free,
    .write = ro_cuda_copy,
};

static int ro_cuda_heap_alloc(size_t len, void **base)
{
    *base = ro_cuda_dev_alloc(len, "the device heap (lower ROCSHMEM_HEAP_SIZE, or "
                              "ROCSHMEM_HEAP_LOCATION=host)");
    return *base ? 0 : -ENOMEM;
}

static int ro_cuda_ipc_export(void *base, struct ro_ipc_handle *h)
{
    cudaIpcMemHandle_t mh;

    _Static_assert(sizeof(mh) <= sizeof(h->bytes), "CUDA IPC handle larger than 64 bytes");
    RO_CUDA_CHECK(cudaIpcGetMemHandle(&mh, base), err);
    memcpy(h->bytes, &mh, sizeof(mh));
    return 0;
err:
    return -EIO;
}

static int ro_cuda_ipc_open(const struct ro_ipc_handle *h, void **base)
{
    cudaIpcMemHandle_t mh;

    memcpy(&mh, h->bytes, sizeof(mh));
    /* Lazy peer access: a peer's heap on another GPU of the node is reached over NVLink or
     * PCIe; on the same GPU it is the same memory. */
    RO_CUDA_CHECK(cudaIpcOpenMemHandle(base, mh, cudaIpcMemLazyEnablePeerAccess), err);
    return 0;
err:
    *base = NULL;
    return -EIO;
}

static void ro_cuda_ipc_close(void *base)
{
    if (base)
        RO_CUDA_CHECK(cudaIpcCloseMemHandle(base), out);
out:
    return;
}

static int ro_cuda_copy(void *dst, const void *src, size_t len)
{
    RO_CUDA_CHECK(cudaMemcpy(dst, src, len, cudaMemcpyDefault), err);
    return 0;
err:
    return -EIO;
}

static int ro_cuda_zero(void *dst, size_t len)
{
    RO_CUDA_CHECK(cudaMemset(dst, 0, len), err);
    RO_CUDA_CHECK(cudaDeviceSynchronize(), err);
    return 0;
err:
    return -EIO;
}

/* For the device library's attach step (src/gpu/ro_gpu_attach.cu): the device init picked,
 * or -1 when this PE runs CPU-only. */
int rocshmem_ro_gpu_device(void);
int rocshmem_ro_gpu_device(void)
{
    return ro_cuda_device;
}

static void ro_cuda_bus_id(char *buf, int len)
{
    buf[0] = '\0';
    if (ro_cuda_device >= 0)
        RO_CUDA_CHECK(cudaDeviceGetPCIBusId(buf, len, ro_cuda_device), out);
out:
    return;
}

static const char *ro_cuda_describe(void)
{
    return ro_cuda_desc;
}

const struct ro_gpu_rt_ops ro_gpu_rt_cuda = {
    .name = "cuda",
    .heap_mem = RO_HEAP_MEM_CUDA,
    .open = ro_cuda_open,
    .mem = &ro_cuda_mem,
    .dev_mem = &ro_cuda_dev_mem,
    .heap_register = ro_cuda_heap_register,
    .heap_unregister = ro_cuda_heap_unregister,
    .heap_alloc = ro_cuda_heap_alloc,
    .heap_free = ro_cuda_dev_free,
    .ipc_export = ro_cuda_ipc_export,
    .ipc_open = ro_cuda_ipc_open,
    .ipc_close = ro_cuda_ipc_close,
    .copy = ro_cuda_copy,
    .zero = ro_cuda_zero,
    .device = rocshmem_ro_gpu_device,
    .bus_id = ro_cuda_bus_id,
    .describe = ro_cuda_describe,
    .publish = ro_k_publish,
    .amo = ro_k_amo,
};
