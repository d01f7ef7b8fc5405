/* Each step of init brings one layer up and exchanges what peers need of it through
 * the bootstrap: hostnames (to find same-node PEs), endpoint names, heap keys. */
#include "config.h"
#include "core/ro_init_steps.h"

#ifdef RO_HAVE_CUDA
#include "cuda/ro_cuda.h"
#endif
#ifdef RO_HAVE_HIP
#include "hip/ro_hip.h"
#endif

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/ro_log.h"
#include "core/ro_core.h"

#define RO_HOSTNAME_MAX 64

/* Allgather of `len` bytes per PE into a fresh buffer the caller frees. */
static int ro_allgather(const void *mine, size_t len, void **all, const char *what)
{
    struct ro_boot *b = ro_core.boot;
    void *out = calloc((size_t)b->size, len);
    int rc;

    if (!out)
        return -ENOMEM;
    rc = b->ops->allgather(b, mine, out, len);
    if (rc) {
        RO_ERR("bootstrap %s: allgather of %s failed: %s", b->ops->name, what, ro_strerror(-rc));
        free(out);
        return rc;
    }
    *all = out;
    return 0;
}

static int ro_init_locality(void)
{
    char mine[RO_HOSTNAME_MAX] = "";
    char *all;
    int rc;

    if (gethostname(mine, sizeof(mine) - 1))
        RO_SYS_ERR("gethostname", errno);
    rc = ro_allgather(mine, sizeof(mine), (void **)&all, "hostnames");
    if (rc)
        return rc;
    ro_core.local_rank = ro_core.local_size = 0;
    for (int pe = 0; pe < ro_core.boot->size; pe++) {
        if (strcmp(all + (size_t)pe * RO_HOSTNAME_MAX, mine))
            continue;
        if (pe < ro_core.boot->rank)
            ro_core.local_rank++;
        ro_core.local_size++;
    }
    free(all);
    return 0;
}

int ro_init_boot(void)
{
    int rc = ro_boot_open(ro_core.env.BOOTSTRAP, ro_core.env.RO_TIMEOUT, &ro_core.boot);
    if (rc)
        return rc;
    ro_log_pe = ro_core.boot->rank;
    rc = ro_init_locality();
    if (rc) {
        ro_boot_close(ro_core.boot);
        ro_core.boot = NULL;
    }
    return rc;
}

int ro_init_fabric(void)
{
    struct ro_ofi_params params = {
        .provider = ro_core.env.RO_PROVIDER,
        .iface = ro_core.env.RO_IFACE,
        .pe = ro_core.boot->rank,
        .npes = ro_core.boot->size,
        .amo_emulate = ro_core.env.RO_AMO_EMULATE,
        .max_msg = ro_core.env.RO_OFI_MAX_MSG,
        .timeout_s = ro_core.env.RO_TIMEOUT,
    };
    char name[RO_OFI_NAME_MAX] = { 0 };
    size_t len = sizeof(name);
    void *names;
    int rc;

    rc = ro_ofi_open(&params, &ro_core.ofi);
    if (rc)
        return rc;
    rc = ro_ofi_ep_name(ro_core.ofi, name, &len);
    if (!rc)
        rc = ro_allgather(name, sizeof(name), &names, "endpoint names");
    if (!rc) {
        rc = ro_ofi_av_insert(ro_core.ofi, names);
        free(names);
    }
    return rc;
}

/* What a peer needs to reach our heap, plus its size to catch mismatched settings. */
struct ro_heap_card {
    struct ro_ofi_mr_info mr;
    uint64_t size;
};

/* The GPU runtime this build has (configure builds one target at most). */
#if defined(RO_HAVE_CUDA)
static const struct ro_gpu_rt_ops *const ro_gpu_rt_built = &ro_gpu_rt_cuda;
#elif defined(RO_HAVE_HIP)
static const struct ro_gpu_rt_ops *const ro_gpu_rt_built = &ro_gpu_rt_hip;
#else
static const struct ro_gpu_rt_ops *const ro_gpu_rt_built = NULL;
#endif

/* A GPU build drives the device of its local rank, or runs CPU-only where there is none. */
int ro_init_gpu(void)
{
    int rc = ro_gpu_rt_built ? ro_gpu_rt_built->open(ro_core.local_rank) : -ENODEV;

    if (!rc)
        ro_core.gpu = ro_gpu_rt_built;
    else if (rc == -ENODEV)
        ro_core.gpu = &ro_gpu_rt_none;
    else
        return rc;
    if (ro_gpu_rt_built && rc == -ENODEV)
        RO_INFO("no %s device here: this PE runs CPU-only", ro_gpu_rt_built->name);
    ro_core.activity = ro_core.gpu->mem->alloc(sizeof(*ro_core.activity), "the activity words");
    return ro_core.activity ? 0 : -ENOMEM;
}

int ro_init_heap(void)
{
    size_t reserved = (sizeof(struct ro_gpu_reserved) + RO_SHEAP_ALIGN - 1) & ~(size_t)(RO_SHEAP_ALIGN - 1);
    struct ro_heap_card mine = { .size = ro_core.env.HEAP_SIZE }, *all;
    struct ro_ofi_mr_info *mrs;
    int rc;

    rc = ro_sheap_open(&ro_core.heap, ro_core.env.HEAP_SIZE, reserved);
    if (rc)
        return rc;
    rc = ro_core.gpu->heap_register(ro_core.heap.base, ro_core.heap.size);
    if (rc)
        return rc;
    rc = ro_ofi_mr_reg(ro_core.ofi, ro_core.heap.base, ro_core.heap.size, &mine.mr);
    if (rc)
        return rc;
    rc = ro_allgather(&mine, sizeof(mine), (void **)&all, "heap keys");
    if (rc)
        return rc;
    mrs = calloc((size_t)ro_core.boot->size, sizeof(*mrs));
    rc = mrs ? 0 : -ENOMEM;
    for (int pe = 0; pe < ro_core.boot->size && !rc; pe++) {
        if (all[pe].size != mine.size) {
            RO_ERR("PE %d has a %llu-byte heap and this PE %llu: set ROCSHMEM_HEAP_SIZE alike "
                   "on every PE", pe, (unsigned long long)all[pe].size,
                   (unsigned long long)mine.size);
            rc = -EINVAL;
        }
        mrs[pe] = all[pe].mr;
    }
    if (!rc)
        rc = ro_ofi_mr_peers(ro_core.ofi, mrs);
    free(mrs);
    free(all);
    return rc;
}

int ro_init_proxy(void)
{
    struct ro_proxy_params params = {
        .xport = &ro_xport_ofi_ops,
        .xport_obj = ro_core.ofi,
        .mem = ro_core.gpu->mem,
        .ring_size = (unsigned)ro_core.env.RO_RING_SIZE,
        .max_rings = ro_core.env.MAX_NUM_CONTEXTS + ro_core.env.RO_DEFAULT_CTX_RINGS,
        .npes = (unsigned)ro_core.boot->size,
        .cpu_list = ro_core.env.RO_PROXY_CPU,
        .local_rank = ro_core.local_rank,
        .local_size = ro_core.local_size,
        .fatal = ro_core_fatal,
        .activity = ro_core.activity,
    };
    int rc;

    ro_gpu_state.nctxs = ro_core.env.MAX_NUM_CONTEXTS + 1;
    ro_gpu_state.activity = ro_core.activity;
    ro_gpu_state.ctxs = ro_core.gpu->mem->alloc(ro_gpu_state.nctxs * sizeof(*ro_gpu_state.ctxs),
                                                "the context pool");
    if (!ro_gpu_state.ctxs)
        return -ENOMEM;
    rc = ro_proxy_open(&params, &ro_core.proxy);
    /* The whole pool now: device code claims contexts without calling the host. */
    for (unsigned i = 0; i < ro_gpu_state.nctxs && !rc; i++) {
        struct ro_ctx *c = &ro_gpu_state.ctxs[i];
        c->nrings = i ? 1 : ro_core.env.RO_DEFAULT_CTX_RINGS;
        for (unsigned k = 0; k < c->nrings && !rc; k++)
            rc = ro_proxy_ring_add(ro_core.proxy, &c->rings[k]);
    }
    if (rc)
        return rc;
    ro_gpu_state.ctxs[0].in_use = 1;
    ROCSHMEM_CTX_DEFAULT.ctx_opaque = &ro_gpu_state.ctxs[0];
    return 0;
}

void ro_init_device_state(int thread_level)
{
    struct ro_dev_state *s = &ro_gpu_state;
    s->my_pe = ro_core.boot->rank;
    s->n_pes = ro_core.boot->size;
    s->thread_level = thread_level;
    s->heap_base = ro_core.heap.base;
    s->heap_size = ro_core.heap.size;
    s->reserved = (struct ro_gpu_reserved *)(void *)ro_core.heap.base;
    s->timeout_ns = (uint64_t)ro_core.env.RO_TIMEOUT * 1000000000u;
    s->fatal = ro_core_fatal;
}

void ro_fini_all(void)
{
    ro_proxy_close(ro_core.proxy);
    ro_core.proxy = NULL;
    ro_core.gpu->mem->free(ro_gpu_state.ctxs);
    ro_gpu_state.ctxs = NULL;
    ROCSHMEM_CTX_DEFAULT.ctx_opaque = NULL;
    ro_ofi_close(ro_core.ofi);
    ro_core.ofi = NULL;
    if (ro_core.heap.base)
        ro_core.gpu->heap_unregister(ro_core.heap.base);
    ro_sheap_close(&ro_core.heap);
    ro_gpu_state.heap_base = NULL;
    ro_core.gpu->mem->free(ro_core.activity);
    ro_core.activity = NULL;
    ro_boot_close(ro_core.boot);
    ro_core.boot = NULL;
}
