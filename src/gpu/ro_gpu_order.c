/* fence, quiet and barriers. fence costs the caller a system-scope fence for the on-node
 * path and, where some PE is reached through the proxy, one descriptor and no wait: the
 * proxy keeps later writes behind earlier ones to the same target (ro_proxy_order.c).
 * quiet adds a wait on the rings' completion words. Barriers are collectives (src/coll). */
#include "config.h"
#include "gpu/ro_gpu_amo.h"

#include "gpu/ro_gpu_log.h"

RO_FN void rocshmem_ctx_fence(rocshmem_ctx_t ctx)
{
    struct ro_desc d = { 0 };

    ro_gpu_ipc_fence();
    if (!ro_gpu_state.proxy_peers)
        return;
    d.op = RO_OP_FENCE;
    ro_gpu_post(ro_gpu_ctx_prod(ctx), &d, "rocshmem_fence");
}

/* A full fence: it orders the writes to every target written so far, not only to pe. */
RO_FN void rocshmem_ctx_fence_pe(rocshmem_ctx_t ctx, int pe)
{
    if (ro_gpu_ctx_pe(ctx, pe) < 0 || pe >= ro_gpu_state.n_pes) {
        RO_GPU_ERR("rocshmem_fence_pe: invalid PE %d (this job has PEs 0..%d); ignored", pe,
               ro_gpu_state.n_pes - 1);
        return;
    }
    rocshmem_ctx_fence(ctx);
}

RO_FN void rocshmem_ctx_quiet(rocshmem_ctx_t ctx)
{
    ro_gpu_ctx_quiet(ro_gpu_ctx(ctx), "rocshmem_quiet");
}

RO_FN void rocshmem_ctx_pe_quiet(rocshmem_ctx_t ctx, const int *pes, size_t npes)
{
    for (size_t i = 0; i < npes; i++)
        if (ro_gpu_ctx_pe(ctx, pes[i]) < 0 || pes[i] >= ro_gpu_state.n_pes)
            RO_GPU_ERR("rocshmem_pe_quiet: invalid PE %d in entry %zu; ignored", pes[i], i);
    rocshmem_ctx_quiet(ctx);
}

RO_FN void rocshmem_ctx_threadfence_system(rocshmem_ctx_t ctx)
{
    (void)ctx;
    ro_fence_system();
}

RO_FN void rocshmem_threadfence_system(void) { ro_fence_system(); }
RO_FN void rocshmem_fence(void) { rocshmem_ctx_fence(ROCSHMEM_CTX_DEFAULT); }
RO_FN void rocshmem_fence_pe(int pe) { rocshmem_ctx_fence_pe(ROCSHMEM_CTX_DEFAULT, pe); }
RO_FN void rocshmem_quiet(void) { rocshmem_ctx_quiet(ROCSHMEM_CTX_DEFAULT); }
RO_FN void rocshmem_pe_quiet(const int *pes, size_t npes)
{
    rocshmem_ctx_pe_quiet(ROCSHMEM_CTX_DEFAULT, pes, npes);
}

/* What a barrier completes before it synchronizes (OpenSHMEM 1.5: a quiet of the context,
 * the default one for barrier and barrier_all); from the host, also what kernels that have
 * ended left on the context's GPU rings. */
RO_FN void ro_gpu_barrier_quiet(rocshmem_ctx_t ctx, const char *api)
{
#if defined(__CUDACC__) || defined(__HIPCC__)
    ro_gpu_ctx_quiet(ro_gpu_ctx(ctx), api);
#else
    ro_gpu_ctx_quiet_all(ro_gpu_ctx(ctx), api);
#endif
}
