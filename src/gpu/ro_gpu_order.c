/* fence, quiet and barriers. fence costs the caller a system-scope fence for the on-node
 * path and, where some PE is reached through the proxy, one descriptor and no wait: the
 * proxy keeps later writes behind earlier ones to the same target (ro_proxy_order.c).
 * quiet adds a wait on the rings' completion words. The barrier is a dissemination barrier of
 * remote increments on counters in the heap's reserved words. */
#include "config.h"
#include "gpu/ro_gpu_amo.h"

#include <stdio.h>

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
    if (pe < 0 || pe >= ro_gpu_state.n_pes) {
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
        if (pes[i] < 0 || pes[i] >= ro_gpu_state.n_pes)
            RO_GPU_ERR("rocshmem_pe_quiet: invalid PE %d in entry %zu; ignored", pes[i], i);
    rocshmem_ctx_quiet(ctx);
}

RO_FN void rocshmem_fence(void) { rocshmem_ctx_fence(ROCSHMEM_CTX_DEFAULT); }
RO_FN void rocshmem_fence_pe(int pe) { rocshmem_ctx_fence_pe(ROCSHMEM_CTX_DEFAULT, pe); }
RO_FN void rocshmem_quiet(void) { rocshmem_ctx_quiet(ROCSHMEM_CTX_DEFAULT); }
RO_FN void rocshmem_pe_quiet(const int *pes, size_t npes)
{
    rocshmem_ctx_pe_quiet(ROCSHMEM_CTX_DEFAULT, pes, npes);
}

/* Note: counters only grow. In barrier number e, round k, each PE adds 1 to round k's
 * counter on PE (me + 2^k) mod n and waits until its own reaches e. Exactly one PE bumps
 * a given counter per barrier, so reaching e means that PE has finished rounds < k of
 * barrier e; a fast peer already in barrier e + 1 only makes the count larger. api is the
 * call the user made (sync_all, or the barrier_all built on it): a timeout names it. */
static RO_FN void ro_gpu_sync_all(const char *api)
{
    struct ro_gpu_reserved *res = ro_gpu_state.reserved;
    int me = ro_gpu_state.my_pe, n = ro_gpu_state.n_pes;
    uint64_t epoch, one = 1;

#if !defined(__CUDACC__) && !defined(__HIPCC__)
    /* The host cannot touch a device heap's counters, and the null transport does not
     * carry AMOs: meet the peers through the bootstrap instead (GPU barriers keep the
     * counters to themselves). */
    if (ro_gpu_state.host_boot_barrier) {
        if (ro_gpu_state.host_sync()) {
            char why[128];
            snprintf(why, sizeof(why), "%s: the bootstrap barrier failed", api);
            ro_gpu_state.fatal(why);
        }
        return;
    }
#endif
    epoch = ro_load_volatile64(&res->barrier_epoch) + 1;
    ro_store_relaxed64(&res->barrier_epoch, epoch);

    for (int k = 0, dist = 1; dist < n; k++, dist <<= 1) {
        ro_gpu_amo(ROCSHMEM_CTX_DEFAULT, &res->barrier[k], RO_DT_UINT64, RO_AMO_SUM, &one,
                   (me + dist) % n, api);
        ro_gpu_wait_ge(&res->barrier[k], epoch, api, "peers to arrive");
    }
}

RO_FN void rocshmem_sync_all(void) { ro_gpu_sync_all("rocshmem_sync_all"); }

RO_FN void rocshmem_barrier_all(void)
{
    /* Every context's puts must be complete before any PE leaves the barrier (from the host:
     * those of kernels that have ended too). */
    for (unsigned i = 0; i < ro_gpu_state.nctxs; i++)
        if (ro_gpu_state.ctxs[i].in_use)
#if defined(__CUDACC__) || defined(__HIPCC__)
            ro_gpu_ctx_quiet(&ro_gpu_state.ctxs[i], "rocshmem_barrier_all");
#else
            ro_gpu_ctx_quiet_all(&ro_gpu_state.ctxs[i], "rocshmem_barrier_all");
#endif
    ro_gpu_sync_all("rocshmem_barrier_all");
}

/* Group forms: one member takes part in the PE-wide barrier for the whole group. */
RO_FN void rocshmem_barrier_all_wave(void) { RO_IN_SCOPE(_wave, rocshmem_barrier_all()); }
RO_FN void rocshmem_barrier_all_wg(void) { RO_IN_SCOPE(_wg, rocshmem_barrier_all()); }
RO_FN void rocshmem_sync_all_wave(void) { RO_IN_SCOPE(_wave, rocshmem_sync_all()); }
RO_FN void rocshmem_sync_all_wg(void) { RO_IN_SCOPE(_wg, rocshmem_sync_all()); }
