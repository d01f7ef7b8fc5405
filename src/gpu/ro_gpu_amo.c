/* Atomics. On a mapped same-node PE, a system-scope atomic on the mapped word; otherwise
 * one descriptor each, operand carried in the descriptor, and fetching forms block until
 * the old value has come back in the ring's return word. The three lists of API.md
 * (standard, extended, bitwise) expand into the typed names. */
#include "config.h"
#include "gpu/ro_gpu_amo.h"
#include "gpu/ro_gpu_ipc.h"

/* The natural alignment every provider's atomics need (and a GPU's). */
static RO_FN int ro_gpu_amo_aligned(const char *api, const void *dest, size_t size)
{
    if (RO_UNLIKELY((uintptr_t)dest % size)) {
        RO_GPU_ERR("%s: %p is not aligned to its %zu-byte type; operation dropped", api, dest, size);
        return 0;
    }
    return 1;
}

/* The mapped word of an aligned AMO on the on-node path, or NULL: the proxy path then checks
 * the arguments in full (ro_gpu_ipc_addr gives NULL for bad ones too). */
RO_DEVICE uint8_t *ro_gpu_amo_mapped(void *dest, size_t size, int pe)
{
    int aligned = !((uintptr_t)dest % size);
    uint8_t *peer = ro_gpu_ipc_addr(dest, size, pe);

    return aligned && peer ? peer : NULL;
}

/* An AMO the on-node path did not take: refused, or a descriptor to the proxy, operands
 * carried in it (their bytes, in registers) and, with RO_OP_AMO_FETCH, the old value back
 * (zeros when refused). Out of line: see RO_SLOW_FN. */
RO_SLOW_FN uint64_t ro_gpu_amo_post(rocshmem_ctx_t ctx, int op, void *dest, enum ro_dt dt,
                                    enum ro_amo_op amo, uint64_t operand, uint64_t compare,
                                    int pe, const char *api)
{
    size_t size = ro_dt_size(dt);
    struct ro_desc d = { 0 };
    uint64_t old = 0;

    if (!ro_gpu_amo_aligned(api, dest, size) || ro_gpu_check(api, dest, size, pe))
        return 0;
    d.op = (uint8_t)op;
    d.pe = (uint32_t)pe;
    d.raddr = ro_gpu_sym_off(dest);
    d.dtype = (uint8_t)dt;
    d.amo = (uint8_t)amo;
    memcpy(&d.arg[0], &operand, size);
    memcpy(&d.arg[1], &compare, size);
    if (op == RO_OP_AMO_FETCH)
        ro_gpu_post_fetch(ro_gpu_ctx_prod(ctx), &d, &old, size, api);
    else
        ro_gpu_post(ro_gpu_ctx_prod(ctx), &d, api);
    return old;
}

RO_FN void ro_gpu_amo(rocshmem_ctx_t ctx, void *dest, enum ro_dt dt, enum ro_amo_op op,
                const void *operand, int pe, const char *api)
{
    size_t size = ro_dt_size(dt);
    uint64_t arg = 0;
    uint8_t *peer;

    pe = ro_gpu_ctx_pe(ctx, pe);
    peer = ro_gpu_amo_mapped(dest, size, pe);
    if (RO_LIKELY(peer)) {
        ro_gpu_ipc_amo(peer, dt, op, operand, NULL, NULL, api);
        return;
    }
    memcpy(&arg, operand, size);
    ro_gpu_amo_post(ctx, RO_OP_AMO, dest, dt, op, arg, 0, pe, api);
}

RO_FN void ro_gpu_amo_fetch(rocshmem_ctx_t ctx, void *dest, enum ro_dt dt, enum ro_amo_op op,
                      const void *operand, const void *compare, void *result, int pe,
                      const char *api)
{
    size_t size = ro_dt_size(dt);
    uint64_t arg = 0, cmp = 0, old;
    uint8_t *peer;

    pe = ro_gpu_ctx_pe(ctx, pe);
    peer = ro_gpu_amo_mapped(dest, size, pe);
    if (RO_LIKELY(peer)) {
        ro_gpu_ipc_amo(peer, dt, op, operand, compare, result, api);
        return;
    }
    if (operand)
        memcpy(&arg, operand, size);
    if (compare)
        memcpy(&cmp, compare, size);
    old = ro_gpu_amo_post(ctx, RO_OP_AMO_FETCH, dest, dt, op, arg, cmp, pe, api);
    memcpy(result, &old, size);
}

/* Each typed AMO: a ctx_ form doing the work and a default-context form calling it. */
#define RO_AMO_API(NAME, RET, OPNAME, PARAMS, ARGS)                                        \
    RO_FN RET rocshmem_##NAME##_atomic_##OPNAME PARAMS                                     \
    { return rocshmem_ctx_##NAME##_atomic_##OPNAME ARGS; }

#define RO_DEF_AMO_EXTENDED(NAME, TYPE, KIND)                                              \
    RO_FN TYPE rocshmem_ctx_##NAME##_atomic_fetch(rocshmem_ctx_t ctx, TYPE *source, int pe)      \
    { TYPE r; ro_gpu_amo_fetch(ctx, source, RO_DT_OF(TYPE, KIND), RO_AMO_READ, NULL, NULL, \
                               &r, pe, "rocshmem_" #NAME "_atomic_fetch"); return r; }     \
    RO_AMO_API(NAME, TYPE, fetch, (TYPE *source, int pe), (ROCSHMEM_CTX_DEFAULT, source, pe)) \
    RO_FN void rocshmem_ctx_##NAME##_atomic_set(rocshmem_ctx_t ctx, TYPE *dest, TYPE value, int pe) \
    { ro_gpu_amo(ctx, dest, RO_DT_OF(TYPE, KIND), RO_AMO_WRITE, &value, pe,                \
                 "rocshmem_" #NAME "_atomic_set"); }                                       \
    RO_AMO_API(NAME, void, set, (TYPE *dest, TYPE value, int pe),                          \
               (ROCSHMEM_CTX_DEFAULT, dest, value, pe))                                    \
    RO_FN TYPE rocshmem_ctx_##NAME##_atomic_swap(rocshmem_ctx_t ctx, TYPE *dest, TYPE value, int pe) \
    { TYPE r; ro_gpu_amo_fetch(ctx, dest, RO_DT_OF(TYPE, KIND), RO_AMO_WRITE, &value, NULL, \
                               &r, pe, "rocshmem_" #NAME "_atomic_swap"); return r; }      \
    RO_AMO_API(NAME, TYPE, swap, (TYPE *dest, TYPE value, int pe),                         \
               (ROCSHMEM_CTX_DEFAULT, dest, value, pe))
ROCSHMEM_FOR_AMO_EXTENDED_TYPES(RO_DEF_AMO_EXTENDED)
#undef RO_DEF_AMO_EXTENDED

#define RO_DEF_AMO_STANDARD(NAME, TYPE, KIND)                                              \
    RO_FN TYPE rocshmem_ctx_##NAME##_atomic_compare_swap(rocshmem_ctx_t ctx, TYPE *dest, TYPE cond, \
                                                   TYPE value, int pe)                     \
    { TYPE r; ro_gpu_amo_fetch(ctx, dest, RO_DT_OF(TYPE, KIND), RO_AMO_CSWAP, &value, &cond, \
                               &r, pe, "rocshmem_" #NAME "_atomic_compare_swap"); return r; } \
    RO_AMO_API(NAME, TYPE, compare_swap, (TYPE *dest, TYPE cond, TYPE value, int pe),      \
               (ROCSHMEM_CTX_DEFAULT, dest, cond, value, pe))                              \
    RO_FN TYPE rocshmem_ctx_##NAME##_atomic_fetch_add(rocshmem_ctx_t ctx, TYPE *dest, TYPE value, int pe) \
    { TYPE r; ro_gpu_amo_fetch(ctx, dest, RO_DT_OF(TYPE, KIND), RO_AMO_SUM, &value, NULL,  \
                               &r, pe, "rocshmem_" #NAME "_atomic_fetch_add"); return r; } \
    RO_AMO_API(NAME, TYPE, fetch_add, (TYPE *dest, TYPE value, int pe),                    \
               (ROCSHMEM_CTX_DEFAULT, dest, value, pe))                                    \
    RO_FN TYPE rocshmem_ctx_##NAME##_atomic_fetch_inc(rocshmem_ctx_t ctx, TYPE *dest, int pe)    \
    { TYPE r, one = 1; ro_gpu_amo_fetch(ctx, dest, RO_DT_OF(TYPE, KIND), RO_AMO_SUM, &one, NULL, \
                                        &r, pe, "rocshmem_" #NAME "_atomic_fetch_inc"); return r; } \
    RO_AMO_API(NAME, TYPE, fetch_inc, (TYPE *dest, int pe), (ROCSHMEM_CTX_DEFAULT, dest, pe)) \
    RO_FN void rocshmem_ctx_##NAME##_atomic_add(rocshmem_ctx_t ctx, TYPE *dest, TYPE value, int pe) \
    { ro_gpu_amo(ctx, dest, RO_DT_OF(TYPE, KIND), RO_AMO_SUM, &value, pe,                  \
                 "rocshmem_" #NAME "_atomic_add"); }                                       \
    RO_AMO_API(NAME, void, add, (TYPE *dest, TYPE value, int pe),                          \
               (ROCSHMEM_CTX_DEFAULT, dest, value, pe))                                    \
    RO_FN void rocshmem_ctx_##NAME##_atomic_inc(rocshmem_ctx_t ctx, TYPE *dest, int pe)          \
    { TYPE one = 1; ro_gpu_amo(ctx, dest, RO_DT_OF(TYPE, KIND), RO_AMO_SUM, &one, pe,       \
                               "rocshmem_" #NAME "_atomic_inc"); }                         \
    RO_AMO_API(NAME, void, inc, (TYPE *dest, int pe), (ROCSHMEM_CTX_DEFAULT, dest, pe))
ROCSHMEM_FOR_AMO_STANDARD_TYPES(RO_DEF_AMO_STANDARD)
#undef RO_DEF_AMO_STANDARD

#define RO_DEF_AMO_BITWISE_OP(NAME, TYPE, KIND, OPNAME, OP)                                \
    RO_FN TYPE rocshmem_ctx_##NAME##_atomic_fetch_##OPNAME(rocshmem_ctx_t ctx, TYPE *dest,       \
                                                     TYPE value, int pe)                   \
    { TYPE r; ro_gpu_amo_fetch(ctx, dest, RO_DT_OF(TYPE, KIND), OP, &value, NULL, &r, pe,  \
                               "rocshmem_" #NAME "_atomic_fetch_" #OPNAME); return r; }    \
    RO_AMO_API(NAME, TYPE, fetch_##OPNAME, (TYPE *dest, TYPE value, int pe),               \
               (ROCSHMEM_CTX_DEFAULT, dest, value, pe))                                    \
    RO_FN void rocshmem_ctx_##NAME##_atomic_##OPNAME(rocshmem_ctx_t ctx, TYPE *dest, TYPE value, int pe) \
    { ro_gpu_amo(ctx, dest, RO_DT_OF(TYPE, KIND), OP, &value, pe,                          \
                 "rocshmem_" #NAME "_atomic_" #OPNAME); }                                  \
    RO_AMO_API(NAME, void, OPNAME, (TYPE *dest, TYPE value, int pe),                       \
               (ROCSHMEM_CTX_DEFAULT, dest, value, pe))
#define RO_DEF_AMO_BITWISE(NAME, TYPE, KIND)                                               \
    RO_DEF_AMO_BITWISE_OP(NAME, TYPE, KIND, and, RO_AMO_BAND)                              \
    RO_DEF_AMO_BITWISE_OP(NAME, TYPE, KIND, or, RO_AMO_BOR)                                \
    RO_DEF_AMO_BITWISE_OP(NAME, TYPE, KIND, xor, RO_AMO_BXOR)
ROCSHMEM_FOR_AMO_BITWISE_TYPES(RO_DEF_AMO_BITWISE)
#undef RO_DEF_AMO_BITWISE
#undef RO_DEF_AMO_BITWISE_OP
#undef RO_AMO_API
