/* The device-visible runtime objects: the state init fills in, the public default
 * context and world team, and the pool of contexts that host and device code claim. */
#include "config.h"
#include "gpu/ro_gpu_post.h"

#include "gpu/ro_gpu_log.h"

#if defined(__CUDACC__) || defined(__HIPCC__)
/* The device library's copies: rocshmem_init publishes the host's values into them. */
__constant__ struct ro_dev_state ro_gpu_state_d;
__constant__ rocshmem_ctx_t rocshmem_ro_ctx_default_d;
__constant__ rocshmem_ctx_t rocshmem_ro_ctx_invalid_d;
__constant__ rocshmem_team_t rocshmem_ro_team_world_d;
__constant__ rocshmem_team_t rocshmem_ro_team_shared_d;
#else
struct ro_dev_state ro_gpu_state;
rocshmem_ctx_t ROCSHMEM_CTX_DEFAULT;
const rocshmem_ctx_t ROCSHMEM_CTX_INVALID = { NULL, NULL };
/* Point into memory device code reaches too; init sets them. */
rocshmem_team_t ROCSHMEM_TEAM_WORLD;
rocshmem_team_t ROCSHMEM_TEAM_SHARED;
#endif

RO_FN int ro_gpu_ctx_claim(long options, rocshmem_ctx_t *ctx)
{
    for (unsigned i = 1; i < ro_gpu_state.nctxs; i++) {
        struct ro_ctx *c = &ro_gpu_state.ctxs[i];
        /* Acquire: pairs with ro_gpu_ctx_release, so the last owner's use of the context
         * happens before ours. */
        if (ro_load_volatile64(&c->in_use) || ro_atomic_cas64_acquire_sys(&c->in_use, 0, 1) != 0)
            continue;
        c->options = options;
        ctx->ctx_opaque = c;
        ctx->team_opaque = ROCSHMEM_TEAM_WORLD;
        return 0;
    }
    return -1;
}

RO_FN int ro_gpu_ctx_valid(const struct ro_ctx *c)
{
    return c && c > ro_gpu_state.ctxs && c < ro_gpu_state.ctxs + ro_gpu_state.nctxs &&
           ro_load_volatile64(&c->in_use);
}

RO_FN void ro_gpu_ctx_release(struct ro_ctx *c)
{
    ro_gpu_ctx_quiet(c, "rocshmem_ctx_destroy");
    /* Release: the quiet above happens before another thread may claim the context. */
    ro_store_release64_sys(&c->in_use, 0);
}

/* _wg: the leader claims, every thread gets the same context (or the same error). */
RO_FN int rocshmem_wg_ctx_create(long options, rocshmem_ctx_t *ctx)
{
    uint64_t idx = 0;
    rocshmem_ctx_t mine;

    ro_wg_barrier();
    if (ro_thread_id() == 0 && ro_gpu_ctx_claim(options, &mine) == 0)
        idx = (uint64_t)((struct ro_ctx *)mine.ctx_opaque - ro_gpu_state.ctxs);
    idx = ro_wg_bcast64(idx, 0);
    if (!idx) {
        if (ro_thread_id() == 0)
            RO_GPU_ERR("all %u contexts are in use (raise ROCSHMEM_MAX_NUM_CONTEXTS)",
                   ro_gpu_state.nctxs - 1);
        return ROCSHMEM_ERROR;
    }
    ctx->ctx_opaque = &ro_gpu_state.ctxs[idx];
    ctx->team_opaque = ROCSHMEM_TEAM_WORLD;
    return ROCSHMEM_SUCCESS;
}

RO_FN int rocshmem_wg_team_create_ctx(rocshmem_team_t team, long options, rocshmem_ctx_t *ctx)
{
    int rc;

    if (!ro_gpu_team(team)) {
        if (ro_thread_id() == 0)
            RO_GPU_ERR("rocshmem_wg_team_create_ctx: not a valid team");
        return ROCSHMEM_ERROR;
    }
    rc = rocshmem_wg_ctx_create(options, ctx);
    if (rc == ROCSHMEM_SUCCESS)
        ctx->team_opaque = team;
    return rc;
}

RO_FN void rocshmem_wg_ctx_destroy(rocshmem_ctx_t *ctx)
{
    struct ro_ctx *c = (struct ro_ctx *)ctx->ctx_opaque;

    ro_wg_barrier();
    if (ro_thread_id() == 0) {
        if (ro_gpu_ctx_valid(c))
            ro_gpu_ctx_release(c);
        else
            RO_GPU_ERR("not a context made by rocshmem_wg_ctx_create; ignored");
    }
    ro_wg_barrier();
}
