/* put/get/p/g and their _nbi and ctx_ forms. To a mapped same-node PE they are loads and
 * stores (_wave and _wg forms spread the copy over the group); to any other PE one
 * descriptor on the context's ring. Typed forms are expanded from the RMA type table and
 * only scale the element count. */
#include "config.h"
#include "gpu/ro_gpu_ipc.h"

/* The on-node path of a put or get, in two halves. First, before the group meets, the
 * mapped address of the remote side for this member, or NULL when the proxy path must take
 * the operation (which also reports bad arguments) or when this member has no share of the
 * copy: only the leader's answer decides (RO_SCOPE_SPREAD_ONLY). Looking the peer up before
 * the meeting hides the lookup's dependent loads behind it: they had put 0.4 us on every
 * 4 KiB _wg call over a bare copy (perf_probe, H100), whatever the share. */
static RO_FN uint8_t *ro_gpu_rma_peer(int op, const void *dest, const void *source, size_t nelems,
                                      size_t elem_size, int pe, int rank)
{
    const void *remote = op == RO_OP_GET ? source : dest;
    size_t nbytes = nelems * elem_size;

    if ((elem_size > 1 && nelems > SIZE_MAX / elem_size) ||
        (rank && (size_t)rank >= ro_gpu_ipc_copy_lanes(dest, source, nbytes)))
        return NULL;
    return ro_gpu_ipc_addr(remote, nbytes, pe);
}

/* Then this member's share of the copy; 1 when the on-node path took the operation. */
static RO_FN int ro_gpu_rma_ipc(int op, uint8_t *peer, void *dest, const void *source,
                                size_t nelems, size_t elem_size, int rank, int nthreads)
{
    size_t nbytes = nelems * elem_size;

    if (!peer)
        return 0;
    if (op == RO_OP_GET)
        ro_gpu_ipc_copy(dest, peer, nbytes, rank, nthreads);
    else
        ro_gpu_ipc_copy(peer, source, nbytes, rank, nthreads);
    return 1;
}

RO_SLOW_FN void ro_gpu_rma(rocshmem_ctx_t ctx, int op, void *dest, const void *source,
                           size_t nelems, size_t elem_size, int pe, int blocking, const char *api)
{
    struct ro_ring_prod *p = ro_gpu_ctx_prod(ctx);
    const void *remote = op == RO_OP_GET ? source : dest;
    size_t nbytes = nelems * elem_size;
    struct ro_desc d = { 0 };

    pe = ro_gpu_ctx_pe(ctx, pe);
    if (RO_UNLIKELY(elem_size > 1 && nelems > SIZE_MAX / elem_size)) {
        RO_GPU_ERR("%s: %zu elements of %zu bytes overflow size_t; operation dropped", api, nelems,
               elem_size);
        return;
    }
    if (ro_gpu_check(api, remote, nbytes, pe) || !nbytes)
        return;
    d.op = (uint8_t)op;
    d.pe = (uint32_t)pe;
    d.raddr = ro_gpu_sym_off(remote);
    d.laddr = (uint64_t)(uintptr_t)(op == RO_OP_GET ? dest : source);
    d.len = nbytes;
    if (blocking)
        ro_gpu_post_wait(p, &d, api);
    else
        ro_gpu_post(p, &d, api);
}

/* The descriptor of a one-element p or g on `remote`; -1 when the arguments are refused. */
static RO_FN int ro_gpu_word_desc(struct ro_desc *d, uint8_t op, const void *remote, size_t size,
                                  int pe, const char *api)
{
    if (ro_gpu_check(api, remote, size, pe))
        return -1;
    d->op = op;
    d->pe = (uint32_t)pe;
    d->raddr = ro_gpu_sym_off(remote);
    d->len = size;
    return 0;
}

/* p through the proxy: the value (its bytes, in a register) travels inside the descriptor,
 * so the caller's copy may die at once. */
RO_SLOW_FN void ro_gpu_p_post(rocshmem_ctx_t ctx, void *dest, uint64_t bits, size_t size, int pe,
                              const char *api)
{
    struct ro_desc d = { 0 };

    if (ro_gpu_word_desc(&d, RO_OP_PUT_INLINE, dest, size, pe, api))
        return;
    memcpy(&d.arg[0], &bits, size);
    ro_gpu_post(ro_gpu_ctx_prod(ctx), &d, api);
}

static RO_FN void ro_gpu_p(rocshmem_ctx_t ctx, void *dest, const void *value, size_t size, int pe,
                     const char *api)
{
    uint64_t bits = 0;
    uint8_t *peer;

    pe = ro_gpu_ctx_pe(ctx, pe);
    peer = ro_gpu_ipc_addr(dest, size, pe);
    if (RO_LIKELY(peer)) {
        ro_gpu_ipc_word_put(peer, value, size);
        return;
    }
    memcpy(&bits, value, size);
    ro_gpu_p_post(ctx, dest, bits, size, pe, api);
}

/* g through the proxy: the value comes back in the ring's return word (zeros when refused). */
RO_SLOW_FN uint64_t ro_gpu_g_post(rocshmem_ctx_t ctx, const void *source, size_t size, int pe,
                                  const char *api)
{
    struct ro_desc d = { 0 };
    uint64_t bits = 0;

    if (!ro_gpu_word_desc(&d, RO_OP_GET, source, size, pe, api))
        ro_gpu_post_fetch(ro_gpu_ctx_prod(ctx), &d, &bits, size, api);
    return bits;
}

static RO_FN void ro_gpu_g(rocshmem_ctx_t ctx, void *result, const void *source, size_t size, int pe,
                     const char *api)
{
    uint8_t *peer;
    uint64_t bits;

    pe = ro_gpu_ctx_pe(ctx, pe);
    peer = ro_gpu_ipc_addr(source, size, pe);
    if (RO_LIKELY(peer)) {
        ro_gpu_ipc_word_get(result, peer, size);
        return;
    }
    bits = ro_gpu_g_post(ctx, source, size, pe, api);
    memcpy(result, &bits, size);
}

/* The body of every put and get (of the function's ctx, dest, source and pe): the peer
 * looked up before the group meets, then the on-node copy or the leader's descriptor. */
#define RO_RMA_SPREAD(SCOPE, OP, BLOCKING, NELEMS, ELEM_SIZE, API)                         \
    do {                                                                                   \
        uint8_t *peer_ = ro_gpu_rma_peer(OP, dest, source, NELEMS, ELEM_SIZE,              \
                                         ro_gpu_ctx_pe(ctx, pe), RO_SCOPE_RANK##SCOPE);    \
        RO_SCOPE_SPREAD_ONLY(SCOPE, ro_gpu_rma_ipc(OP, peer_, dest, source, NELEMS,        \
                                                   ELEM_SIZE, ro_rank_, ro_size_),         \
                             ro_gpu_rma(ctx, OP, dest, source, NELEMS, ELEM_SIZE, pe,      \
                                        BLOCKING, API));                                   \
    } while (0)
#define RO_DEF_MEM_RMA_SCOPE(NAME, OP, BLOCKING, SCOPE)                                    \
    RO_FN void rocshmem_ctx_##NAME##SCOPE(rocshmem_ctx_t ctx, void *dest, const void *source,    \
                                    size_t nbytes, int pe)                                 \
    { RO_RMA_SPREAD(SCOPE, OP, BLOCKING, nbytes, 1, "rocshmem_" #NAME #SCOPE); }           \
    RO_FN void rocshmem_##NAME##SCOPE(void *dest, const void *source, size_t nbytes, int pe)     \
    { rocshmem_ctx_##NAME##SCOPE(ROCSHMEM_CTX_DEFAULT, dest, source, nbytes, pe); }
#define RO_DEF_MEM_RMA(NAME, OP, BLOCKING)                                                 \
    RO_DEF_MEM_RMA_SCOPE(NAME, OP, BLOCKING, )                                             \
    RO_DEF_MEM_RMA_SCOPE(NAME, OP, BLOCKING, _wave)                                        \
    RO_DEF_MEM_RMA_SCOPE(NAME, OP, BLOCKING, _wg)
RO_DEF_MEM_RMA(putmem, RO_OP_PUT, 1)
RO_DEF_MEM_RMA(getmem, RO_OP_GET, 1)
RO_DEF_MEM_RMA(putmem_nbi, RO_OP_PUT, 0)
RO_DEF_MEM_RMA(getmem_nbi, RO_OP_GET, 0)
#undef RO_DEF_MEM_RMA
#undef RO_DEF_MEM_RMA_SCOPE

#define RO_DEF_TYPED_RMA_SCOPE(NAME, TYPE, OPNAME, OP, BLOCKING, SCOPE)                    \
    RO_FN void rocshmem_ctx_##NAME##_##OPNAME##SCOPE(rocshmem_ctx_t ctx, TYPE *dest,             \
                                               const TYPE *source, size_t nelems, int pe)  \
    { RO_RMA_SPREAD(SCOPE, OP, BLOCKING, nelems, sizeof(TYPE),                            \
                    "rocshmem_" #NAME "_" #OPNAME #SCOPE); }                               \
    RO_FN void rocshmem_##NAME##_##OPNAME##SCOPE(TYPE *dest, const TYPE *source, size_t nelems,  \
                                           int pe)                                         \
    { rocshmem_ctx_##NAME##_##OPNAME##SCOPE(ROCSHMEM_CTX_DEFAULT, dest, source, nelems, pe); }
#define RO_DEF_TYPED_RMA_OP(NAME, TYPE, OPNAME, OP, BLOCKING)                              \
    RO_DEF_TYPED_RMA_SCOPE(NAME, TYPE, OPNAME, OP, BLOCKING, )                             \
    RO_DEF_TYPED_RMA_SCOPE(NAME, TYPE, OPNAME, OP, BLOCKING, _wave)                        \
    RO_DEF_TYPED_RMA_SCOPE(NAME, TYPE, OPNAME, OP, BLOCKING, _wg)

#define RO_DEF_TYPED_RMA(NAME, TYPE, KIND)                                                 \
    RO_DEF_TYPED_RMA_OP(NAME, TYPE, put, RO_OP_PUT, 1)                                     \
    RO_DEF_TYPED_RMA_OP(NAME, TYPE, put_nbi, RO_OP_PUT, 0)                                 \
    RO_DEF_TYPED_RMA_OP(NAME, TYPE, get, RO_OP_GET, 1)                                     \
    RO_DEF_TYPED_RMA_OP(NAME, TYPE, get_nbi, RO_OP_GET, 0)                                 \
    RO_FN void rocshmem_ctx_##NAME##_p(rocshmem_ctx_t ctx, TYPE *dest, TYPE value, int pe)       \
    { ro_gpu_p(ctx, dest, &value, sizeof(TYPE), pe, "rocshmem_" #NAME "_p"); }             \
    RO_FN void rocshmem_##NAME##_p(TYPE *dest, TYPE value, int pe)                               \
    { rocshmem_ctx_##NAME##_p(ROCSHMEM_CTX_DEFAULT, dest, value, pe); }                    \
    RO_FN TYPE rocshmem_ctx_##NAME##_g(rocshmem_ctx_t ctx, const TYPE *source, int pe)           \
    { TYPE v; ro_gpu_g(ctx, &v, source, sizeof(TYPE), pe, "rocshmem_" #NAME "_g"); return v; } \
    RO_FN TYPE rocshmem_##NAME##_g(const TYPE *source, int pe)                                   \
    { return rocshmem_ctx_##NAME##_g(ROCSHMEM_CTX_DEFAULT, source, pe); }
ROCSHMEM_FOR_RMA_TYPES(RO_DEF_TYPED_RMA)
#undef RO_DEF_TYPED_RMA
#undef RO_DEF_TYPED_RMA_OP
#undef RO_DEF_TYPED_RMA_SCOPE
#undef RO_RMA_SPREAD
