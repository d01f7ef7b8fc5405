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
#include "core/ro_team.h"

#define RO_HOSTNAME_MAX 64

int ro_allgather(const void *mine, size_t len, void **all, const char *what)
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
    ro_core.on_node = calloc((size_t)ro_core.boot->size, 1);
    if (!ro_core.on_node) {
        free(all);
        return -ENOMEM;
    }
    for (int pe = 0; pe < ro_core.boot->size; pe++) {
        if (strcmp(all + (size_t)pe * RO_HOSTNAME_MAX, mine))
            continue;
        ro_core.on_node[pe] = 1;
        if (pe < ro_core.boot->rank)
            ro_core.local_rank++;
        ro_core.local_size++;
    }
    free(all);
    return 0;
}

int ro_init_boot(const struct ro_boot_ops *ops, const void *args)
{
    int rc;

    if (ops && ro_core.env.BOOTSTRAP != RO_BOOT_AUTO)
        RO_WARN("ROCSHMEM_BOOTSTRAP is ignored: the program chose bootstrap %s "
                "(rocshmem_init_attr)", ops->name);
    rc = ops ? ro_boot_open_ops(ops, args, ro_core.env.RO_TIMEOUT, &ro_core.boot)
             : ro_boot_open(ro_core.env.BOOTSTRAP, ro_core.env.RO_TIMEOUT, &ro_core.boot);
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
    const char *why = NULL;
    int far = ro_heap_needs_hmem(&why);
    void *names;
    int rc;

    if (far >= 0) {
        params.hmem = ro_core.gpu->heap_mem;
        params.hmem_device = ro_core.gpu->device();
    }
    rc = ro_ofi_open(&params, &ro_core.ofi);
    if (rc == -ENODATA && far >= 0)
        RO_ERR("the heap is in GPU memory (ROCSHMEM_HEAP_LOCATION=%s) and PE %d %s. No "
               "libfabric provider here can register GPU memory (FI_HMEM). Either set "
               "ROCSHMEM_HEAP_LOCATION=host (a pinned host heap works with every provider), "
               "or use a libfabric built with CUDA/ROCm support whose provider offers FI_HMEM "
               "(e.g. verbs, cxi, efa, or shm built with GPU support)",
               ro_core.env.HEAP_LOCATION == RO_HEAP_AUTO ? "auto, the default for GPU programs"
                                                          : "device", far, why);
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

int ro_init_proxy(void)
{
    int null = ro_core.env.RO_TRANSPORT == RO_TRANSPORT_NULL;
    struct ro_proxy_params params = {
        .xport = null ? &ro_xport_null_ops : &ro_xport_ofi_ops,
        .xport_obj = null ? (void *)&ro_core.null_xport : (void *)ro_core.ofi,
        .mem = ro_core.gpu->mem,
        .ring_size = (unsigned)ro_core.env.RO_RING_SIZE,
        /* Each kind of producer (GPU, host) has its own rings in every context. */
        .max_rings = 2 * (ro_core.env.MAX_NUM_CONTEXTS + 1 + ro_core.env.RO_DEFAULT_CTX_RINGS),
        .npes = (unsigned)ro_core.boot->size,
        .heap_size = ro_core.heap.size,
        .data_size = ro_core.data.len,
        .cpu_list = ro_core.env.RO_PROXY_CPU,
        .local_rank = ro_core.local_rank,
        .local_size = ro_core.local_size,
        .fatal = ro_core_fatal,
        .activity = ro_core.activity,
    };
    int rc;

    if (null) {
        RO_WARN("ROCSHMEM_RO_TRANSPORT=null: operations through the proxy complete without "
                "moving data (benchmarks of the ring and the proxy only)");
        ro_xport_null_init(&ro_core.null_xport, NULL, 0);
    }
    /* The pool, then one context of the collectives' own (ro_dev_state.coll_ctx). */
    ro_gpu_state.nctxs = ro_core.env.MAX_NUM_CONTEXTS + 1;
    ro_gpu_state.activity = ro_core.activity;
    ro_gpu_state.ctxs = ro_core.gpu->mem->alloc((ro_gpu_state.nctxs + 1) *
                                                sizeof(*ro_gpu_state.ctxs), "the context pool");
    if (!ro_gpu_state.ctxs)
        return -ENOMEM;
    rc = ro_proxy_open(&params, &ro_core.proxy);
    /* The whole pool now: device code claims contexts without calling the host. */
    for (unsigned i = 0; i <= ro_gpu_state.nctxs && !rc; i++) {
        struct ro_ctx *c = &ro_gpu_state.ctxs[i];
        c->n_host_rings = i ? 1 : ro_core.env.RO_DEFAULT_CTX_RINGS;
        c->n_gpu_rings = ro_core.gpu == &ro_gpu_rt_none ? 0 : c->n_host_rings;
        for (unsigned k = 0; k < c->n_host_rings && !rc; k++)
            rc = ro_proxy_ring_add(ro_core.proxy, &ro_mem_host, &c->host_rings[k]);
        for (unsigned k = 0; k < c->n_gpu_rings && !rc; k++) {
            rc = ro_proxy_ring_add(ro_core.proxy, ro_core.gpu->dev_mem, &c->gpu_rings[k]);
            if (!rc)
                c->gpu_prods[k] = c->gpu_rings[k]->prod;
        }
    }
    if (rc)
        return rc;
    ro_gpu_state.ctxs[0].in_use = 1;
    ro_gpu_state.coll_ctx = &ro_gpu_state.ctxs[ro_gpu_state.nctxs];
    ro_gpu_state.coll_ctx->in_use = 1;
    ro_gpu_state.n_default_rings = ro_gpu_state.ctxs[0].n_gpu_rings;
    memcpy(ro_gpu_state.default_prods, ro_gpu_state.ctxs[0].gpu_prods,
           sizeof(ro_gpu_state.default_prods));
    ROCSHMEM_CTX_DEFAULT.ctx_opaque = &ro_gpu_state.ctxs[0];
    return 0;
}

static int ro_boot_sync(void)
{
    return ro_core.boot->ops->barrier(ro_core.boot);
}

int ro_init_device_state(int thread_level)
{
    struct ro_dev_state *s = &ro_gpu_state;
    int proxy_peers = 0, rc = ro_team_init();

    if (rc)
        return rc;
    /* The program's globals, where they are symmetric, are reached through the proxy even
     * on a PE whose heap every peer maps. */
    proxy_peers = ro_core.data.len != 0;
    for (int pe = 0; pe < ro_core.boot->size; pe++)
        proxy_peers |= !ro_core.ipc_base || !ro_core.ipc_base[pe];

    s->my_pe = ro_core.boot->rank;
    s->n_pes = ro_core.boot->size;
    s->thread_level = thread_level;
    s->heap_base = ro_core.heap.base;
    s->heap_size = ro_core.heap.size;
    s->data_base = ro_core.data.base;
    s->data_size = ro_core.data.len;
    s->teams = ro_core.teams;
    s->team_handles = ro_core.teams;
    s->max_teams = ro_core.env.MAX_TEAMS;
    s->timeout_ns = (uint64_t)ro_core.env.RO_TIMEOUT * 1000000000u;
    s->ipc_base = ro_core.ipc_base;
    s->proxy_peers = proxy_peers;
    s->ipc_one_gpu = ro_core.ipc_one_gpu;
    s->proxy_sleeps = ro_proxy_sleeps(ro_core.proxy);
    s->heap_on_device = ro_core.heap_on_device;
    s->host_boot_barrier = ro_core.heap_on_device || ro_core.env.RO_TRANSPORT == RO_TRANSPORT_NULL;
    s->fatal = ro_core_fatal;
    s->host_copy = ro_core.gpu->copy;
    s->host_sync = ro_boot_sync;
    s->host_amo = ro_core.gpu->amo;
    ro_core.dev_view = *s;
    ro_core.dev_view.ipc_base = ro_core.ipc_base_dev;
    ro_core.dev_view.teams = ro_core.teams_dev;
    ro_core.dev_view.fatal = NULL;
    ro_core.dev_view.host_copy = NULL;
    ro_core.dev_view.host_sync = NULL;
    ro_core.dev_view.host_amo = NULL;
    /* The host's data, not the device's globals. */
    ro_core.dev_view.data_base = NULL;
    ro_core.dev_view.data_size = 0;
    return ro_core.gpu->publish && ro_core.gpu->device() >= 0 ? ro_core.gpu->publish() : 0;
}

void ro_fini_all(void)
{
    ro_proxy_close(ro_core.proxy);
    ro_core.proxy = NULL;
    ro_core.gpu->mem->free(ro_gpu_state.ctxs);
    ro_gpu_state.ctxs = NULL;
    ROCSHMEM_CTX_DEFAULT.ctx_opaque = NULL;
    ROCSHMEM_TEAM_WORLD = ROCSHMEM_TEAM_SHARED = NULL;
    ro_team_fini();
    ro_ofi_close(ro_core.ofi);
    ro_core.ofi = NULL;
    ro_fini_heap();
    memset(&ro_gpu_state, 0, sizeof(ro_gpu_state));
    ro_core.gpu->mem->free(ro_core.activity);
    ro_core.activity = NULL;
    free(ro_core.on_node);
    ro_core.on_node = NULL;
    ro_boot_close(ro_core.boot);
    ro_core.boot = NULL;
    /* A unique id made but never used for init (rocshmem_get_uniqueid) ends here. */
    ro_boot_uid_id_release();
}
