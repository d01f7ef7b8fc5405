/* Type-erased AMO calls: the typed APIs and the signal/barrier code end here. */
#ifndef RO_GPU_AMO_H
#define RO_GPU_AMO_H

#include "common/ro_dtype.h"
#include "gpu/ro_gpu_post.h"

/* Non-fetching: posted, completes at the next quiet. */
RO_FN void ro_gpu_amo(rocshmem_ctx_t ctx, void *dest, enum ro_dt dt, enum ro_amo_op op,
                const void *operand, int pe, const char *api);
/* Fetching: returns with the old value in *result (zeros if the call was refused). */
RO_FN void ro_gpu_amo_fetch(rocshmem_ctx_t ctx, void *dest, enum ro_dt dt, enum ro_amo_op op,
                      const void *operand, const void *compare, void *result, int pe,
                      const char *api);

#endif
