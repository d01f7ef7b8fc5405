/* Put-with-signal and signal operations. To a mapped same-node PE the group copies the
 * data, a system-scope fence follows, then the leader updates the signal. Otherwise
 * putmem_signal is one descriptor: the proxy updates the signal only after the data has
 * completed. Either way a target that sees the signal sees the data. */
#include "config.h"
#include "gpu/ro_gpu_amo.h"
#include "gpu/ro_gpu_ipc.h"

static RO_FN int ro_gpu_sig_amo(int sig_op, enum ro_amo_op *op, const char *api)
{
    if (sig_op == ROCSHMEM_SIGNAL_SET)
        *op = RO_AMO_WRITE;
    else if (sig_op == ROCSHMEM_SIGNAL_ADD)
        *op = RO_AMO_SUM;
    else {
        RO_GPU_ERR("%s: sig_op %d is neither ROCSHMEM_SIGNAL_SET nor ROCSHMEM_SIGNAL_ADD; "
               "operation dropped", api, sig_op);
        return -1;
    }
    return 0;
}

RO_SLOW_FN void ro_gpu_put_signal(rocshmem_ctx_t ctx, void *dest, const void *source, size_t nelems,
                              size_t elem_size, uint64_t *sig_addr, uint64_t signal, int sig_op,
                              int pe, int blocking, const char *api)
{
    struct ro_ring_prod *p = ro_gpu_ctx_prod(ctx);
    struct ro_desc d = { 0 };
    enum ro_amo_op op;

    pe = ro_gpu_ctx_pe(ctx, pe);
    if (RO_UNLIKELY(elem_size > 1 && nelems > SIZE_MAX / elem_size)) {
        RO_GPU_ERR("%s: %zu elements of %zu bytes overflow size_t; operation dropped", api, nelems,
               elem_size);
        return;
    }
    if (ro_gpu_sig_amo(sig_op, &op, api) || ro_gpu_check(api, dest, nelems * elem_size, pe) ||
        ro_gpu_check(api, sig_addr, sizeof(*sig_addr), pe))
        return;
    d.op = RO_OP_PUT_SIGNAL;
    d.pe = (uint32_t)pe;
    d.raddr = nelems ? ro_gpu_sym_off(dest) : 0;   /* no data: the proxy only signals */
    d.laddr = (uint64_t)(uintptr_t)source;
    d.len = nelems * elem_size;
    d.dtype = RO_DT_UINT64;
    d.amo = (uint8_t)op;
    d.arg[0] = signal;
    d.arg[1] = ro_gpu_sym_off(sig_addr);
    if (blocking)
        ro_gpu_post_wait(p, &d, api);
    else
        ro_gpu_post(p, &d, api);
}

/* The on-node path's share of a put-with-signal's data for this member (1 when it took the
 * operation: both the data and the signal word are mapped), and its signal, which the
 * leader sets once the whole group has copied. */
static RO_FN int ro_gpu_put_signal_ipc(void *dest, const void *source, size_t nelems,
                                       size_t elem_size, uint64_t *sig_addr, int sig_op, int pe,
                                       int rank, int nthreads)
{
    size_t nbytes = nelems * elem_size;
    uint8_t *peer;

    if ((sig_op != ROCSHMEM_SIGNAL_SET && sig_op != ROCSHMEM_SIGNAL_ADD) ||
        (elem_size > 1 && nelems > SIZE_MAX / elem_size) ||
        !ro_gpu_ipc_addr(sig_addr, sizeof(*sig_addr), pe))
        return 0;
    /* No data: only the signal, and dest (which may be NULL) is not used. */
    if (!nbytes)
        return 1;
    peer = ro_gpu_ipc_addr(dest, nbytes, pe);
    if (!peer)
        return 0;
    ro_gpu_ipc_copy(peer, source, nbytes, rank, nthreads);
    return 1;
}

static RO_FN void ro_gpu_signal_ipc(uint64_t *sig_addr, uint64_t signal, int sig_op, int pe,
                                    const char *api)
{
    enum ro_amo_op op;

    if (ro_gpu_sig_amo(sig_op, &op, api))
        return;
    ro_gpu_ipc_fence();
    ro_gpu_ipc_amo(ro_gpu_ipc_addr(sig_addr, sizeof(*sig_addr), pe), RO_DT_UINT64, op, &signal,
                   NULL, NULL, api);
}

#define RO_DEF_PUT_SIGNAL(SUFFIX, BLOCKING, SCOPE)                                         \
    RO_FN void rocshmem_ctx_putmem_signal##SUFFIX##SCOPE(rocshmem_ctx_t ctx, void *dest,         \
                                                   const void *source, size_t nbytes,      \
                                                   uint64_t *sig_addr, uint64_t signal,    \
                                                   int sig_op, int pe)                     \
    { RO_SCOPE_SPREAD(SCOPE, ro_gpu_put_signal_ipc(dest, source, nbytes, 1, sig_addr,      \
                                                   sig_op, ro_gpu_ctx_pe(ctx, pe), ro_rank_, ro_size_),        \
                      ro_gpu_signal_ipc(sig_addr, signal, sig_op, ro_gpu_ctx_pe(ctx, pe),                      \
                                        "rocshmem_putmem_signal" #SUFFIX #SCOPE),          \
                      ro_gpu_put_signal(ctx, dest, source, nbytes, 1, sig_addr, signal,    \
                                        sig_op, pe, BLOCKING,                              \
                                        "rocshmem_putmem_signal" #SUFFIX #SCOPE)); }       \
    RO_FN void rocshmem_putmem_signal##SUFFIX##SCOPE(void *dest, const void *source, size_t nbytes, \
                                               uint64_t *sig_addr, uint64_t signal,        \
                                               int sig_op, int pe)                         \
    { rocshmem_ctx_putmem_signal##SUFFIX##SCOPE(ROCSHMEM_CTX_DEFAULT, dest, source, nbytes, \
                                                sig_addr, signal, sig_op, pe); }
#define RO_DEF_PUT_SIGNAL_SCOPES(SUFFIX, BLOCKING)                                         \
    RO_DEF_PUT_SIGNAL(SUFFIX, BLOCKING, )                                                  \
    RO_DEF_PUT_SIGNAL(SUFFIX, BLOCKING, _wave)                                             \
    RO_DEF_PUT_SIGNAL(SUFFIX, BLOCKING, _wg)
RO_DEF_PUT_SIGNAL_SCOPES(, 1)
RO_DEF_PUT_SIGNAL_SCOPES(_nbi, 0)
#undef RO_DEF_PUT_SIGNAL_SCOPES
#undef RO_DEF_PUT_SIGNAL

#define RO_DEF_TYPED_PUT_SIGNAL_FORM(NAME, TYPE, SUFFIX, BLOCKING, SCOPE)                  \
    RO_FN void rocshmem_ctx_##NAME##_put_signal##SUFFIX##SCOPE(rocshmem_ctx_t ctx, TYPE *dest,   \
                                                         const TYPE *source, size_t nelems, \
                                                         uint64_t *sig_addr, uint64_t signal, \
                                                         int sig_op, int pe)               \
    { RO_SCOPE_SPREAD(SCOPE, ro_gpu_put_signal_ipc(dest, source, nelems, sizeof(TYPE),      \
                                                   sig_addr, sig_op, ro_gpu_ctx_pe(ctx, pe), ro_rank_,         \
                                                   ro_size_),                              \
                      ro_gpu_signal_ipc(sig_addr, signal, sig_op, ro_gpu_ctx_pe(ctx, pe),                      \
                                        "rocshmem_" #NAME "_put_signal" #SUFFIX #SCOPE),   \
                      ro_gpu_put_signal(ctx, dest, source, nelems, sizeof(TYPE), sig_addr, \
                                        signal, sig_op, pe, BLOCKING,                      \
                                        "rocshmem_" #NAME "_put_signal" #SUFFIX #SCOPE)); } \
    RO_FN void rocshmem_##NAME##_put_signal##SUFFIX##SCOPE(TYPE *dest, const TYPE *source,       \
                                                     size_t nelems, uint64_t *sig_addr,    \
                                                     uint64_t signal, int sig_op, int pe)  \
    { rocshmem_ctx_##NAME##_put_signal##SUFFIX##SCOPE(ROCSHMEM_CTX_DEFAULT, dest, source,  \
                                                      nelems, sig_addr, signal, sig_op, pe); }
#define RO_DEF_TYPED_PUT_SIGNAL(NAME, TYPE, KIND)                                          \
    RO_DEF_TYPED_PUT_SIGNAL_FORM(NAME, TYPE, , 1, )                                        \
    RO_DEF_TYPED_PUT_SIGNAL_FORM(NAME, TYPE, , 1, _wave)                                   \
    RO_DEF_TYPED_PUT_SIGNAL_FORM(NAME, TYPE, , 1, _wg)                                     \
    RO_DEF_TYPED_PUT_SIGNAL_FORM(NAME, TYPE, _nbi, 0, )                                    \
    RO_DEF_TYPED_PUT_SIGNAL_FORM(NAME, TYPE, _nbi, 0, _wave)                               \
    RO_DEF_TYPED_PUT_SIGNAL_FORM(NAME, TYPE, _nbi, 0, _wg)
ROCSHMEM_FOR_RMA_TYPES(RO_DEF_TYPED_PUT_SIGNAL)
#undef RO_DEF_TYPED_PUT_SIGNAL
#undef RO_DEF_TYPED_PUT_SIGNAL_FORM

RO_FN void rocshmem_ctx_signal_add(rocshmem_ctx_t ctx, uint64_t *sig_addr, uint64_t signal, int pe)
{
    ro_gpu_amo(ctx, sig_addr, RO_DT_UINT64, RO_AMO_SUM, &signal, pe, "rocshmem_signal_add");
}

RO_FN void rocshmem_ctx_signal_set(rocshmem_ctx_t ctx, uint64_t *sig_addr, uint64_t signal, int pe)
{
    ro_gpu_amo(ctx, sig_addr, RO_DT_UINT64, RO_AMO_WRITE, &signal, pe, "rocshmem_signal_set");
}

RO_FN void rocshmem_signal_add(uint64_t *sig_addr, uint64_t signal, int pe)
{
    rocshmem_ctx_signal_add(ROCSHMEM_CTX_DEFAULT, sig_addr, signal, pe);
}

RO_FN void rocshmem_signal_set(uint64_t *sig_addr, uint64_t signal, int pe)
{
    rocshmem_ctx_signal_set(ROCSHMEM_CTX_DEFAULT, sig_addr, signal, pe);
}

RO_FN uint64_t rocshmem_signal_fetch(const uint64_t *sig_addr)
{
    uint64_t v;
    RO_HEAP_LOAD(sig_addr, v);
    return v;
}

/* One member reads: a signal that changes meanwhile still gives every member one value. */
RO_FN uint64_t rocshmem_signal_fetch_wave(const uint64_t *sig_addr)
{
    uint64_t v = 0;

    if (ro_lane_id() == 0)
        v = rocshmem_signal_fetch(sig_addr);
    return ro_wave_bcast64(v, 0);
}

RO_FN uint64_t rocshmem_signal_fetch_wg(const uint64_t *sig_addr)
{
    uint64_t v = 0;

    if (ro_thread_id() == 0)
        v = rocshmem_signal_fetch(sig_addr);
    return ro_wg_bcast64(v, 0);
}

RO_FN uint64_t rocshmem_signal_wait_until(uint64_t *sig_addr, int cmp, uint64_t cmp_value)
{
    rocshmem_uint64_wait_until(sig_addr, cmp, cmp_value);
    return rocshmem_signal_fetch(sig_addr);
}
