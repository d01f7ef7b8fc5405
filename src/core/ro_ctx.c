/* Contexts: each owns a ring of its own, so its quiet waits only for its own work. */
#include "config.h"
#include "core/ro_core.h"

#include <errno.h>
#include <pthread.h>

#include "common/ro_log.h"

/* Guards the in_use flags of ro_gpu_state.ctxs against concurrent create/destroy. */
static pthread_mutex_t ro_ctx_lock = PTHREAD_MUTEX_INITIALIZER;

int rocshmem_ctx_create(long options, rocshmem_ctx_t *ctx)
{
    struct ro_ring *ring;
    unsigned i;
    int rc;

    if (!ro_core.initialized) {
        RO_ERR("called before rocshmem_init");
        return ROCSHMEM_ERROR;
    }
    rc = ro_proxy_ring_add(ro_core.proxy, &ring);
    if (rc == -EBUSY) {
        RO_ERR("all %u contexts are in use (raise ROCSHMEM_MAX_NUM_CONTEXTS)",
               ro_core.env.MAX_NUM_CONTEXTS);
        return ROCSHMEM_ERROR;
    }
    if (rc)
        return ROCSHMEM_ERROR;
    /* The proxy has as many ring slots as there are contexts, so one is free here. */
    pthread_mutex_lock(&ro_ctx_lock);
    for (i = 1; i < ro_gpu_state.nctxs && ro_gpu_state.ctxs[i].in_use; i++)
        ;
    ro_gpu_state.ctxs[i] = (struct ro_ctx){ .ring = ring, .options = options, .in_use = 1 };
    pthread_mutex_unlock(&ro_ctx_lock);
    ctx->ctx_opaque = &ro_gpu_state.ctxs[i];
    ctx->team_opaque = ROCSHMEM_TEAM_WORLD;
    return ROCSHMEM_SUCCESS;
}

void rocshmem_ctx_destroy(rocshmem_ctx_t ctx)
{
    struct ro_ctx *c = ctx.ctx_opaque;

    if (!c || c == &ro_gpu_state.ctxs[0] || c < ro_gpu_state.ctxs ||
        c >= ro_gpu_state.ctxs + ro_gpu_state.nctxs || !c->in_use) {
        RO_ERR("not a context made by rocshmem_ctx_create; ignored");
        return;
    }
    rocshmem_ctx_quiet(ctx);
    ro_proxy_ring_remove(ro_core.proxy, c->ring);
    pthread_mutex_lock(&ro_ctx_lock);
    c->in_use = 0;
    c->ring = NULL;
    pthread_mutex_unlock(&ro_ctx_lock);
}
