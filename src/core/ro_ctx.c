/* Host context creation: a context of the pool made at init (each owns a ring, so its
 * quiet waits only for its own work). */
#include "config.h"
#include "core/ro_core.h"

#include "common/ro_log.h"

int rocshmem_ctx_create(long options, rocshmem_ctx_t *ctx)
{
    if (!ro_core.initialized) {
        RO_ERR("called before rocshmem_init");
        return ROCSHMEM_ERROR;
    }
    if (ro_gpu_ctx_claim(options, ctx)) {
        RO_ERR("all %u contexts are in use (raise ROCSHMEM_MAX_NUM_CONTEXTS)",
               ro_core.env.MAX_NUM_CONTEXTS);
        return ROCSHMEM_ERROR;
    }
    return ROCSHMEM_SUCCESS;
}

void rocshmem_ctx_destroy(rocshmem_ctx_t ctx)
{
    struct ro_ctx *c = ctx.ctx_opaque;

    if (!ro_gpu_ctx_valid(c)) {
        RO_ERR("not a context made by rocshmem_ctx_create; ignored");
        return;
    }
    ro_gpu_ctx_release(c);
}
