/* The heap step of init: where the heap lives (GPU memory or host memory), which PEs reach
 * it by load and store (same-node PEs: through GPU IPC when the heap is GPU memory, through
 * a shared-memory object between CPU-only PEs) and which through the proxy and libfabric,
 * the exchange of what each needs, and the undoing of it all at finalize. With a host heap
 * the program's data becomes symmetric too (sheap/ro_sdata.h). */
#include "config.h"
#include "core/ro_init_steps.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "common/ro_log.h"
#include "common/ro_sym.h"
#include "core/ro_core.h"
#include "core/ro_team.h"
#include "sheap/ro_sheap_share.h"

/* What a peer needs to reach our heap, and what catches mismatched settings. */
struct ro_heap_card {
    struct ro_ofi_mr_info mr[RO_SYM_REGIONS];
    uint64_t size;
    uint64_t data_len;            /* of the program's data, 0 where it is not registered */
    uint64_t on_device;
    struct ro_ipc_handle ipc;     /* of heap_region, when on_device */
    uint64_t shared;              /* a host heap same-node peers may map, named shm_name */
    char shm_name[64];
    uint64_t offset;              /* heap base - heap_region */
    char gpu_bus[32];             /* PCI bus id of the PE's GPU ("" for none) */
};

/* Whether PE pe may map this PE's heap (and this PE its): same node, IPC allowed, and the
 * heap is GPU memory or shared host memory. */
static int ro_heap_ipc_peer(int pe)
{
    return (ro_core.heap_on_device || ro_core.heap_shared) && ro_core.on_node[pe] &&
           (pe == ro_core.boot->rank || !ro_core.env.DISABLE_MIXED_IPC);
}

int ro_init_heap_plan(void)
{
    enum ro_heap_loc loc = ro_core.env.HEAP_LOCATION;
    int has_gpu = ro_core.gpu != &ro_gpu_rt_none;

    if (loc == RO_HEAP_AUTO)
        loc = has_gpu && ro_core.kernels ? RO_HEAP_DEVICE : RO_HEAP_HOST;
    if (loc == RO_HEAP_DEVICE && !has_gpu) {
        RO_ERR("ROCSHMEM_HEAP_LOCATION=device: this PE has no GPU (it runs CPU-only); set "
               "ROCSHMEM_HEAP_LOCATION=host");
        return -ENODEV;
    }
    ro_core.heap_on_device = loc == RO_HEAP_DEVICE;
    /* CPU-only PEs share their heaps on the node: a GPU PE's kernels could reach a peer's
     * host heap only once it is registered with the GPU runtime, which is not done. */
    ro_core.heap_shared = !ro_core.heap_on_device && !has_gpu && ro_core.local_size > 1 &&
                          !ro_core.env.DISABLE_MIXED_IPC;
    return 0;
}

int ro_heap_needs_hmem(const char **why_pe)
{
    for (int pe = 0; pe < ro_core.boot->size; pe++) {
        if (ro_core.heap_on_device && !ro_heap_ipc_peer(pe)) {
            *why_pe = ro_core.on_node[pe] ? "is on this node, but ROCSHMEM_DISABLE_MIXED_IPC=1 "
                                            "sends it through libfabric"
                                          : "is on another node";
            return pe;
        }
    }
    return -1;
}

/* The region and the heap in it, registered for the proxy's peers. */
static int ro_heap_make(struct ro_heap_card *mine, int need_mr)
{
    size_t reserved, size = ro_core.env.HEAP_SIZE;
    int rc = ro_team_arena_size(&reserved);

    if (rc)
        return rc;
    /* The team arena is the heap's reserved bytes, at its start. */
    ro_core.team_arena_off = 0;
    reserved = (reserved + RO_SHEAP_ALIGN - 1) & ~(size_t)(RO_SHEAP_ALIGN - 1);

    if (ro_core.heap_on_device) {
        if (size > SIZE_MAX - RO_SHEAP_BASE_ALIGN) {
            RO_ERR("ROCSHMEM_HEAP_SIZE=%zu: too large", size);
            return -EINVAL;
        }
        ro_core.heap_region_len = size + RO_SHEAP_BASE_ALIGN;
        rc = ro_core.gpu->heap_alloc(ro_core.heap_region_len, &ro_core.heap_region);
        if (!rc)
            rc = ro_sheap_place(&ro_core.heap, ro_core.heap_region, ro_core.heap_region_len,
                                size, reserved);
        if (!rc)
            rc = ro_core.gpu->ipc_export(ro_core.heap_region, &mine->ipc);
        mine->offset = (uint64_t)(ro_core.heap.base - (uint8_t *)ro_core.heap_region);
    } else {
        rc = -ENOSPC;
        if (ro_core.heap_shared)
            rc = ro_sheap_share_open(&ro_core.heap, size, reserved, ro_core.local_size,
                                     mine->shm_name, sizeof(mine->shm_name));
        ro_core.heap_shared = !rc;
        if (rc == -ENOSPC)
            rc = ro_sheap_open(&ro_core.heap, size, reserved);
        if (!rc)
            rc = ro_core.gpu->heap_register(ro_core.heap.base, ro_core.heap.size);
    }
    if (!rc && need_mr)
        rc = ro_ofi_mr_reg(ro_core.ofi, RO_SYM_HEAP, ro_core.heap.base, ro_core.heap.size,
                           &mine->mr[RO_SYM_HEAP]);
    mine->size = size;
    mine->on_device = (uint64_t)ro_core.heap_on_device;
    mine->shared = (uint64_t)ro_core.heap_shared;
    ro_core.gpu->bus_id(mine->gpu_bus, (int)sizeof(mine->gpu_bus));
    return rc;
}

/* The program's data as a target, where every peer reaches this PE through libfabric (a
 * host heap: GPU threads never use it, their globals being device memory). Without it the
 * job still runs, with globals that are not symmetric. */
static void ro_data_make(struct ro_heap_card *mine)
{
    if (ro_core.heap_on_device || ro_sdata_find(&ro_core.data))
        return;
    if (ro_ofi_mr_reg(ro_core.ofi, RO_SYM_DATA, ro_core.data.base, ro_core.data.len,
                      &mine->mr[RO_SYM_DATA])) {
        RO_WARN("the program's data (%zu bytes at %p) cannot be registered (logged above): "
                "its globals are not symmetric (use rocshmem_malloc)", ro_core.data.len,
                (void *)ro_core.data.base);
        ro_core.data.len = 0;
    }
    mine->data_len = ro_core.data.len;
}

/* Globals are symmetric when every PE registered data of the same size (the same program);
 * else on none. Every PE decides alike from the same cards. */
static void ro_data_agree(const struct ro_heap_card *all)
{
    for (int pe = 0; pe < ro_core.boot->size && ro_core.data.len; pe++) {
        if (all[pe].data_len == ro_core.data.len)
            continue;
        if (ro_core.boot->rank == 0 && all[pe].data_len)
            RO_WARN("PE %d's program has %llu bytes of data and PE 0's %zu (different "
                    "programs?): globals are not symmetric in this job", pe,
                    (unsigned long long)all[pe].data_len, ro_core.data.len);
        ro_core.data.len = 0;
    }
    if (ro_core.data.len && ro_core.boot->rank == 0)
        RO_INFO("globals are symmetric: %zu bytes of the program's data", ro_core.data.len);
}

/* Every peer's settings must match ours: the heap is symmetric. */
static int ro_heap_check_peers(const struct ro_heap_card *all, const struct ro_heap_card *mine)
{
    for (int pe = 0; pe < ro_core.boot->size; pe++) {
        if (all[pe].size != mine->size) {
            RO_ERR("PE %d has a %llu-byte heap and this PE %llu: set ROCSHMEM_HEAP_SIZE alike "
                   "on every PE", pe, (unsigned long long)all[pe].size,
                   (unsigned long long)mine->size);
            return -EINVAL;
        }
        if (all[pe].on_device != mine->on_device) {
            RO_ERR("PE %d has its heap in %s memory and this PE in %s memory (one of them has "
                   "no GPU, or ROCSHMEM_HEAP_LOCATION differs): set ROCSHMEM_HEAP_LOCATION=host "
                   "on every PE", pe, all[pe].on_device ? "GPU" : "host",
                   mine->on_device ? "GPU" : "host");
            return -EINVAL;
        }
    }
    return 0;
}

/* Maps the heap of every IPC peer: ipc_base (host table) and its device copy; notes
 * whether they all share this PE's GPU. A shared host heap's name is removed once every
 * peer has mapped it. */
static int ro_heap_map_peers(const struct ro_heap_card *all)
{
    int n = ro_core.boot->size, me = ro_core.boot->rank, rc = 0;

    ro_core.ipc_one_gpu = 1;
    ro_core.ipc_base = calloc((size_t)n, sizeof(*ro_core.ipc_base));
    ro_core.ipc_mapped = calloc((size_t)n, sizeof(*ro_core.ipc_mapped));
    if (!ro_core.ipc_base || !ro_core.ipc_mapped)
        return -ENOMEM;
    for (int pe = 0; pe < n && !rc; pe++) {
        if (!ro_heap_ipc_peer(pe) || (ro_core.heap_shared && !all[pe].shared))
            continue;
        if (pe == me) {
            ro_core.ipc_base[pe] = ro_core.heap.base;
            continue;
        }
        if (strncmp(all[pe].gpu_bus, all[me].gpu_bus, sizeof(all[pe].gpu_bus)))
            ro_core.ipc_one_gpu = 0;
        if (ro_core.heap_shared)
            rc = ro_sheap_share_map(all[pe].shm_name, all[pe].size, &ro_core.ipc_mapped[pe]);
        else
            rc = ro_core.gpu->ipc_open(&all[pe].ipc, &ro_core.ipc_mapped[pe]);
        if (rc)
            RO_ERR("cannot map the %s heap of PE %d, on this node (set "
                   "ROCSHMEM_DISABLE_MIXED_IPC=1%s to reach it through libfabric instead)",
                   ro_core.heap_shared ? "shared host" : "device", pe,
                   ro_core.heap_shared ? "" : " with ROCSHMEM_HEAP_LOCATION=host");
        else
            ro_core.ipc_base[pe] = (uint8_t *)ro_core.ipc_mapped[pe] + all[pe].offset;
        /* Device code takes a symmetric address's alignment for its peer's (how many of a
         * group's threads a copy needs: ro_gpu_ipc_copy_lanes). */
        if (!rc && ((uintptr_t)ro_core.ipc_base[pe] ^ (uintptr_t)ro_core.heap.base) & 15) {
            RO_ERR("the heap of PE %d is mapped at %p, not 16-byte aligned as this PE's heap "
                   "(%p) is", pe, (void *)ro_core.ipc_base[pe], (void *)ro_core.heap.base);
            rc = -EINVAL;
        }
    }
    if (rc)
        return rc;
    ro_core.ipc_base_dev = ro_core.gpu->dev_mem->alloc((size_t)n * sizeof(uint8_t *),
                                                       "the IPC address table");
    if (!ro_core.ipc_base_dev)
        return -ENOMEM;
    return ro_core.gpu->copy(ro_core.ipc_base_dev, ro_core.ipc_base,
                             (size_t)n * sizeof(uint8_t *));
}

int ro_init_heap(void)
{
    const char *why;
    int need_mr = ro_heap_needs_hmem(&why) >= 0 || !ro_core.heap_on_device;
    struct ro_heap_card mine, *all;
    struct ro_ofi_mr_info *mrs;
    int rc;

    memset(&mine, 0, sizeof(mine));
    rc = ro_heap_make(&mine, need_mr);
    if (rc)
        return rc;
    ro_data_make(&mine);
    rc = ro_allgather(&mine, sizeof(mine), (void **)&all, "heap cards");
    if (rc)
        return rc;
    rc = ro_heap_check_peers(all, &mine);
    ro_data_agree(all);
    mrs = calloc((size_t)ro_core.boot->size * RO_SYM_REGIONS, sizeof(*mrs));
    if (!rc && !mrs)
        rc = -ENOMEM;
    for (int pe = 0; pe < ro_core.boot->size && !rc; pe++)
        memcpy(&mrs[(size_t)pe * RO_SYM_REGIONS], all[pe].mr, sizeof(all[pe].mr));
    if (!rc)
        rc = ro_ofi_mr_peers(ro_core.ofi, mrs);
    if (!rc && (ro_core.heap_on_device || ro_core.heap_shared))
        rc = ro_heap_map_peers(all);
    if (ro_core.heap_shared) {
        if (!rc)
            rc = ro_core.boot->ops->barrier(ro_core.boot);
        ro_sheap_share_unlink(mine.shm_name);
    }
    free(mrs);
    free(all);
    return rc;
}

void ro_fini_heap(void)
{
    for (int pe = 0; ro_core.ipc_mapped && pe < ro_core.boot->size; pe++)
        if (ro_core.ipc_mapped[pe] && ro_core.heap_shared)
            ro_sheap_share_unmap(ro_core.ipc_mapped[pe], ro_core.heap.size);
        else if (ro_core.ipc_mapped[pe])
            ro_core.gpu->ipc_close(ro_core.ipc_mapped[pe]);
    free(ro_core.ipc_mapped);
    free(ro_core.ipc_base);
    if (ro_core.ipc_base_dev)
        ro_core.gpu->dev_mem->free(ro_core.ipc_base_dev);
    ro_core.ipc_mapped = NULL;
    ro_core.ipc_base = ro_core.ipc_base_dev = NULL;
    if (ro_core.heap.base && !ro_core.heap_on_device)
        ro_core.gpu->heap_unregister(ro_core.heap.base);
    ro_sheap_close(&ro_core.heap);
    ro_core.data.base = NULL;
    ro_core.data.len = 0;
    if (ro_core.heap_region)
        ro_core.gpu->heap_free(ro_core.heap_region);
    ro_core.heap_region = NULL;
}
