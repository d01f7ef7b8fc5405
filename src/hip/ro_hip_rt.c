/* The HIP runtime under a PE, host side, in C against hip_runtime_api.h: picks the PE's
 * device, allocates host-pinned memory mapped into it for rings and runtime words, and
 * registers the host heap. Device code reaches all of it at the host address, which is
 * checked where the memory is made (ROCm gives no attribute that promises it) instead of
 * carrying a second pointer everywhere. */
#include "config.h"
#include "hip/ro_hip.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <hip/hip_runtime_api.h>

#include "common/ro_log.h"
#include "kernels/ro_kernels.h"

#define RO_HIP_CHECK(call, label)                                                          \
    do {                                                                                   \
        hipError_t e_ = (call);                                                            \
        if (e_ != hipSuccess) {                                                            \
            RO_ERR("%s: %s (%s)", #call, hipGetErrorString(e_), hipGetErrorName(e_));      \
            goto label;                                                                    \
        }                                                                                  \
    } while (0)

static int ro_hip_device = -1;
static char ro_hip_desc[320];

static int ro_hip_open(int local_rank)
{
    hipDeviceProp_t prop;
    int n = 0;
    hipError_t e = hipGetDeviceCount(&n);

    if (e == hipErrorNoDevice || e == hipErrorInsufficientDriver || (e == hipSuccess && !n))
        return -ENODEV;
    RO_HIP_CHECK(e, err);
    /* Several PEs on one node share the devices round robin. */
    ro_hip_device = local_rank % n;
    RO_HIP_CHECK(hipSetDevice(ro_hip_device), err);
    RO_HIP_CHECK(hipGetDeviceProperties(&prop, ro_hip_device), err);
    if (!prop.canMapHostMemory) {
        RO_ERR("HIP device %d (%s): cannot map host memory", ro_hip_device, prop.name);
        return -ENOTSUP;
    }
    snprintf(ro_hip_desc, sizeof(ro_hip_desc), "HIP device %d of %d: %.200s (%.64s)", ro_hip_device,
             n, prop.name, prop.gcnArchName);
    RO_INFO("%s", ro_hip_desc);
    return 0;
err:
    return -EIO;
}

/* 0 when device code reaches [p, ...) at p itself, as every user of this memory assumes. */
static int ro_hip_same_address(void *p, const char *what)
{
    void *dev = NULL;

    RO_HIP_CHECK(hipHostGetDevicePointer(&dev, p, 0), err);
    if (dev == p)
        return 0;
    RO_ERR("%s: the GPU maps host address %p at %p; this runtime needs the same address",
           what, p, dev);
err:
    return -1;
}

static void *ro_hip_pinned_alloc(size_t len, const char *what)
{
    void *p = NULL;

    /* Coherent explicitly: with Mapped alone ROCm may hand out non-coherent memory
     * (HIP_HOST_COHERENT), where the proxy would not see the GPU's system-scope stores and
     * atomics in time. */
    RO_HIP_CHECK(hipHostMalloc(&p, len ? len : 64,
                               hipHostMallocMapped | hipHostMallocPortable |
                                   hipHostMallocCoherent), err);
    if (ro_hip_same_address(p, what)) {
        RO_HIP_CHECK(hipHostFree(p), err);
        goto err;
    }
    memset(p, 0, len);
    return p;
err:
    RO_ERR("no pinned host memory for %s (%zu bytes)", what, len);
    return NULL;
}

static void ro_hip_pinned_free(void *p)
{
    if (p)
        RO_HIP_CHECK(hipHostFree(p), out);
out:
    return;
}

static const struct ro_mem_ops ro_hip_mem = {
    .name = "hip-pinned",
    .alloc = ro_hip_pinned_alloc,
    .free = ro_hip_pinned_free,
    .write = ro_mem_host_write,
};

static int ro_hip_heap_register(void *base, size_t len)
{
    RO_HIP_CHECK(hipHostRegister(base, len, hipHostRegisterMapped | hipHostRegisterPortable),
                 err);
    if (ro_hip_same_address(base, "the host heap")) {
        RO_HIP_CHECK(hipHostUnregister(base), err);
        goto err;
    }
    return 0;
err:
    RO_ERR("the host heap (%zu bytes at %p) cannot be mapped into the GPU", len, base);
    return -EIO;
}

static void ro_hip_heap_unregister(void *base)
{
    RO_HIP_CHECK(hipHostUnregister(base), out);
out:
    return;
}

static void *ro_hip_dev_alloc(size_t len, const char *what)
{
    void *p = NULL;

    RO_HIP_CHECK(hipMalloc(&p, len ? len : 64), err);
    RO_HIP_CHECK(hipMemset(p, 0, len ? len : 64), free_p);
    return p;
free_p:
    (void)hipFree(p);
err:
    RO_ERR("no device memory for %s (%zu bytes)", what, len);
    return NULL;
}

static void ro_hip_dev_free(void *p)
{
    if (p)
        RO_HIP_CHECK(hipFree(p), out);
out:
    return;
}

static int ro_hip_copy(void *dst, const void *src, size_t len);

static const struct ro_mem_ops ro_hip_dev_mem = {
    .name = "hip-device",
    .alloc = ro_hip_dev_alloc,
    .free = ro_hip_dev_free,
    .write = ro_hip_copy,
};

static int ro_hip_heap_alloc(size_t len, void **base)
{
    *base = ro_hip_dev_alloc(len, "the device heap (lower ROCSHMEM_HEAP_SIZE, or "
                             "ROCSHMEM_HEAP_LOCATION=host)");
    return *base ? 0 : -ENOMEM;
}

static int ro_hip_ipc_export(void *base, struct ro_ipc_handle *h)
{
    hipIpcMemHandle_t mh;

    _Static_assert(sizeof(mh) <= sizeof(h->bytes), "HIP IPC handle larger than 64 bytes");
    RO_HIP_CHECK(hipIpcGetMemHandle(&mh, base), err);
    memcpy(h->bytes, &mh, sizeof(mh));
    return 0;
err:
    return -EIO;
}

static int ro_hip_ipc_open(const struct ro_ipc_handle *h, void **base)
{
    hipIpcMemHandle_t mh;

    memcpy(&mh, h->bytes, sizeof(mh));
    RO_HIP_CHECK(hipIpcOpenMemHandle(base, mh, hipIpcMemLazyEnablePeerAccess), err);
    return 0;
err:
    *base = NULL;
    return -EIO;
}

static void ro_hip_ipc_close(void *base)
{
    if (base)
        RO_HIP_CHECK(hipIpcCloseMemHandle(base), out);
out:
    return;
}

static int ro_hip_copy(void *dst, const void *src, size_t len)
{
    RO_HIP_CHECK(hipMemcpy(dst, src, len, hipMemcpyDefault), err);
    return 0;
err:
    return -EIO;
}

static int ro_hip_zero(void *dst, size_t len)
{
    RO_HIP_CHECK(hipMemset(dst, 0, len), err);
    RO_HIP_CHECK(hipDeviceSynchronize(), err);
    return 0;
err:
    return -EIO;
}

/* For the device library's attach step (src/gpu/ro_gpu_attach.cu): the device init picked,
 * or -1 when this PE runs CPU-only. */
int rocshmem_ro_gpu_device(void);
int rocshmem_ro_gpu_device(void)
{
    return ro_hip_device;
}

static void ro_hip_bus_id(char *buf, int len)
{
    buf[0] = '\0';
    if (ro_hip_device >= 0)
        RO_HIP_CHECK(hipDeviceGetPCIBusId(buf, len, ro_hip_device), out);
out:
    return;
}

static const char *ro_hip_describe(void)
{
    return ro_hip_desc;
}

const struct ro_gpu_rt_ops ro_gpu_rt_hip = {
    .name = "hip",
    .heap_mem = RO_HEAP_MEM_ROCR,
    .open = ro_hip_open,
    .mem = &ro_hip_mem,
    .dev_mem = &ro_hip_dev_mem,
    .heap_register = ro_hip_heap_register,
    .heap_unregister = ro_hip_heap_unregister,
    .heap_alloc = ro_hip_heap_alloc,
    .heap_free = ro_hip_dev_free,
    .ipc_export = ro_hip_ipc_export,
    .ipc_open = ro_hip_ipc_open,
    .ipc_close = ro_hip_ipc_close,
    .copy = ro_hip_copy,
    .zero = ro_hip_zero,
    .device = rocshmem_ro_gpu_device,
    .bus_id = ro_hip_bus_id,
    .describe = ro_hip_describe,
    .publish = ro_k_publish,
    .amo = ro_k_amo,
};
