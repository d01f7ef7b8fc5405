/* OpenSHMEM 1.5 chapter 9.6 (RMA) and the put-with-signal routines: every typed, SIZE and
 * mem form moves bytes through rocshmem's mem calls (a typed put is that already); p and g
 * keep rocshmem's typed calls, whose value travels in the descriptor. Strided forms move
 * element by element, non-blocking, then quiet the context once: complete on return, as
 * the blocking forms must be. */
#include "config.h"
#include "shmem/ro_shmem.h"

/* Strided copy of nelems elements of `size` bytes (dst and sst in elements). */
static void ro_shmem_strided(shmem_ctx_t handle, int get, void *dest, const void *source,
                             ptrdiff_t dst, ptrdiff_t sst, size_t nelems, size_t size, int pe,
                             const char *api)
{
    rocshmem_ctx_t ctx = ro_shmem_ctx(handle);
    char *d = dest;
    const char *s = source;

    if (!ro_shmem_bytes(nelems, size, api))
        return;
    if (dst == 1 && sst == 1) {
        (get ? rocshmem_ctx_getmem : rocshmem_ctx_putmem)(ctx, dest, source, nelems * size, pe);
        return;
    }
    for (size_t i = 0; i < nelems; i++, d += dst * (ptrdiff_t)size, s += sst * (ptrdiff_t)size)
        (get ? rocshmem_ctx_getmem_nbi : rocshmem_ctx_putmem_nbi)(ctx, d, s, size, pe);
    rocshmem_ctx_quiet(ctx);
}

/* The untyped forms of one element size: NAME is the SIZE (bits) or mem, SIZE its bytes. */
#define RO_SHMEM_UNTYPED(NAME, SIZE)                                                       \
    void pshmem_ctx_put##NAME(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems, \
                              int pe)                                                      \
    {                                                                                      \
        rocshmem_ctx_putmem(ro_shmem_ctx(ctx), dest, source,                               \
                            ro_shmem_bytes(nelems, SIZE, "shmem_put" #NAME), pe);          \
    }                                                                                      \
    RO_SHMEM_ALIAS(ctx_put##NAME)                                                          \
    void pshmem_put##NAME(void *dest, const void *source, size_t nelems, int pe)           \
    { pshmem_ctx_put##NAME(SHMEM_CTX_DEFAULT, dest, source, nelems, pe); }                 \
    RO_SHMEM_ALIAS(put##NAME)                                                              \
    void pshmem_ctx_get##NAME(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems, \
                              int pe)                                                      \
    {                                                                                      \
        rocshmem_ctx_getmem(ro_shmem_ctx(ctx), dest, source,                               \
                            ro_shmem_bytes(nelems, SIZE, "shmem_get" #NAME), pe);          \
    }                                                                                      \
    RO_SHMEM_ALIAS(ctx_get##NAME)                                                          \
    void pshmem_get##NAME(void *dest, const void *source, size_t nelems, int pe)           \
    { pshmem_ctx_get##NAME(SHMEM_CTX_DEFAULT, dest, source, nelems, pe); }                 \
    RO_SHMEM_ALIAS(get##NAME)                                                              \
    void pshmem_ctx_put##NAME##_nbi(shmem_ctx_t ctx, void *dest, const void *source,       \
                                    size_t nelems, int pe)                                 \
    {                                                                                      \
        rocshmem_ctx_putmem_nbi(ro_shmem_ctx(ctx), dest, source,                           \
                                ro_shmem_bytes(nelems, SIZE, "shmem_put" #NAME "_nbi"), pe); \
    }                                                                                      \
    RO_SHMEM_ALIAS(ctx_put##NAME##_nbi)                                                    \
    void pshmem_put##NAME##_nbi(void *dest, const void *source, size_t nelems, int pe)     \
    { pshmem_ctx_put##NAME##_nbi(SHMEM_CTX_DEFAULT, dest, source, nelems, pe); }           \
    RO_SHMEM_ALIAS(put##NAME##_nbi)                                                        \
    void pshmem_ctx_get##NAME##_nbi(shmem_ctx_t ctx, void *dest, const void *source,       \
                                    size_t nelems, int pe)                                 \
    {                                                                                      \
        rocshmem_ctx_getmem_nbi(ro_shmem_ctx(ctx), dest, source,                           \
                                ro_shmem_bytes(nelems, SIZE, "shmem_get" #NAME "_nbi"), pe); \
    }                                                                                      \
    RO_SHMEM_ALIAS(ctx_get##NAME##_nbi)                                                    \
    void pshmem_get##NAME##_nbi(void *dest, const void *source, size_t nelems, int pe)     \
    { pshmem_ctx_get##NAME##_nbi(SHMEM_CTX_DEFAULT, dest, source, nelems, pe); }           \
    RO_SHMEM_ALIAS(get##NAME##_nbi)                                                        \
    void pshmem_ctx_put##NAME##_signal(shmem_ctx_t ctx, void *dest, const void *source,    \
                                       size_t nelems, uint64_t *sig_addr, uint64_t signal, \
                                       int sig_op, int pe)                                 \
    {                                                                                      \
        rocshmem_ctx_putmem_signal(ro_shmem_ctx(ctx), dest, source,                        \
                                   ro_shmem_bytes(nelems, SIZE, "shmem_put" #NAME "_signal"), \
                                   sig_addr, signal, sig_op, pe);                          \
    }                                                                                      \
    RO_SHMEM_ALIAS(ctx_put##NAME##_signal)                                                 \
    void pshmem_put##NAME##_signal(void *dest, const void *source, size_t nelems,          \
                                   uint64_t *sig_addr, uint64_t signal, int sig_op, int pe) \
    {                                                                                      \
        pshmem_ctx_put##NAME##_signal(SHMEM_CTX_DEFAULT, dest, source, nelems, sig_addr,   \
                                      signal, sig_op, pe);                                 \
    }                                                                                      \
    RO_SHMEM_ALIAS(put##NAME##_signal)                                                     \
    void pshmem_ctx_put##NAME##_signal_nbi(shmem_ctx_t ctx, void *dest, const void *source, \
                                           size_t nelems, uint64_t *sig_addr,              \
                                           uint64_t signal, int sig_op, int pe)            \
    {                                                                                      \
        rocshmem_ctx_putmem_signal_nbi(                                                    \
            ro_shmem_ctx(ctx), dest, source,                                               \
            ro_shmem_bytes(nelems, SIZE, "shmem_put" #NAME "_signal_nbi"), sig_addr, signal, \
            sig_op, pe);                                                                   \
    }                                                                                      \
    RO_SHMEM_ALIAS(ctx_put##NAME##_signal_nbi)                                             \
    void pshmem_put##NAME##_signal_nbi(void *dest, const void *source, size_t nelems,      \
                                       uint64_t *sig_addr, uint64_t signal, int sig_op, int pe) \
    {                                                                                      \
        pshmem_ctx_put##NAME##_signal_nbi(SHMEM_CTX_DEFAULT, dest, source, nelems, sig_addr, \
                                          signal, sig_op, pe);                             \
    }                                                                                      \
    RO_SHMEM_ALIAS(put##NAME##_signal_nbi)

#define RO_SHMEM_STRIDED(NAME, SIZE, DIR, GET)                                             \
    void pshmem_ctx_##DIR(shmem_ctx_t ctx, void *dest, const void *source, ptrdiff_t dst,  \
                          ptrdiff_t sst, size_t nelems, int pe)                            \
    { ro_shmem_strided(ctx, GET, dest, source, dst, sst, nelems, SIZE, pe, "shmem_" #DIR); } \
    RO_SHMEM_ALIAS(ctx_##DIR)                                                              \
    void pshmem_##DIR(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst,        \
                      size_t nelems, int pe)                                               \
    { ro_shmem_strided(SHMEM_CTX_DEFAULT, GET, dest, source, dst, sst, nelems, SIZE, pe,   \
                       "shmem_" #DIR); }                                                   \
    RO_SHMEM_ALIAS(DIR)

#define RO_SHMEM_SIZED(BITS)                                                               \
    RO_SHMEM_UNTYPED(BITS, (BITS) / 8)                                                     \
    RO_SHMEM_STRIDED(BITS, (BITS) / 8, iput##BITS, 0)                                      \
    RO_SHMEM_STRIDED(BITS, (BITS) / 8, iget##BITS, 1)
_SHMEM_RO_FOR_SIZES(RO_SHMEM_SIZED)
RO_SHMEM_UNTYPED(mem, 1)

/* Typed forms: the untyped ones with sizeof(TYPE). */
#define RO_SHMEM_TYPED_AS(NAME, TYPE, OP, UOP)                                             \
    void pshmem_ctx_##NAME##_##OP(shmem_ctx_t ctx, TYPE *dest, const TYPE *source,         \
                                  size_t nelems, int pe)                                   \
    {                                                                                      \
        rocshmem_ctx_##UOP(ro_shmem_ctx(ctx), dest, source,                                \
                           ro_shmem_bytes(nelems, sizeof(TYPE), "shmem_" #NAME "_" #OP), pe); \
    }                                                                                      \
    RO_SHMEM_ALIAS(ctx_##NAME##_##OP)                                                      \
    void pshmem_##NAME##_##OP(TYPE *dest, const TYPE *source, size_t nelems, int pe)       \
    { pshmem_ctx_##NAME##_##OP(SHMEM_CTX_DEFAULT, dest, source, nelems, pe); }             \
    RO_SHMEM_ALIAS(NAME##_##OP)
#define RO_SHMEM_TYPED_SIGNAL(NAME, TYPE, SUFFIX)                                          \
    void pshmem_ctx_##NAME##_put_signal##SUFFIX(shmem_ctx_t ctx, TYPE *dest,               \
                                                const TYPE *source, size_t nelems,         \
                                                uint64_t *sig_addr, uint64_t signal,       \
                                                int sig_op, int pe)                        \
    {                                                                                      \
        rocshmem_ctx_putmem_signal##SUFFIX(                                                \
            ro_shmem_ctx(ctx), dest, source,                                               \
            ro_shmem_bytes(nelems, sizeof(TYPE), "shmem_" #NAME "_put_signal" #SUFFIX),    \
            sig_addr, signal, sig_op, pe);                                                 \
    }                                                                                      \
    RO_SHMEM_ALIAS(ctx_##NAME##_put_signal##SUFFIX)                                        \
    void pshmem_##NAME##_put_signal##SUFFIX(TYPE *dest, const TYPE *source, size_t nelems, \
                                            uint64_t *sig_addr, uint64_t signal, int sig_op, \
                                            int pe)                                        \
    {                                                                                      \
        pshmem_ctx_##NAME##_put_signal##SUFFIX(SHMEM_CTX_DEFAULT, dest, source, nelems,    \
                                               sig_addr, signal, sig_op, pe);              \
    }                                                                                      \
    RO_SHMEM_ALIAS(NAME##_put_signal##SUFFIX)
#define RO_SHMEM_TYPED_STRIDED(NAME, TYPE, OP, GET)                                        \
    void pshmem_ctx_##NAME##_##OP(shmem_ctx_t ctx, TYPE *dest, const TYPE *source,         \
                                  ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe)     \
    { ro_shmem_strided(ctx, GET, dest, source, dst, sst, nelems, sizeof(TYPE), pe,         \
                       "shmem_" #NAME "_" #OP); }                                          \
    RO_SHMEM_ALIAS(ctx_##NAME##_##OP)                                                      \
    void pshmem_##NAME##_##OP(TYPE *dest, const TYPE *source, ptrdiff_t dst, ptrdiff_t sst, \
                              size_t nelems, int pe)                                       \
    { ro_shmem_strided(SHMEM_CTX_DEFAULT, GET, dest, source, dst, sst, nelems, sizeof(TYPE), \
                       pe, "shmem_" #NAME "_" #OP); }                                      \
    RO_SHMEM_ALIAS(NAME##_##OP)
#define RO_SHMEM_TYPED(NAME, TYPE)                                                         \
    RO_SHMEM_TYPED_AS(NAME, TYPE, put, putmem)                                             \
    RO_SHMEM_TYPED_AS(NAME, TYPE, get, getmem)                                             \
    RO_SHMEM_TYPED_AS(NAME, TYPE, put_nbi, putmem_nbi)                                     \
    RO_SHMEM_TYPED_AS(NAME, TYPE, get_nbi, getmem_nbi)                                     \
    RO_SHMEM_TYPED_SIGNAL(NAME, TYPE, )                                                    \
    RO_SHMEM_TYPED_SIGNAL(NAME, TYPE, _nbi)                                                \
    RO_SHMEM_TYPED_STRIDED(NAME, TYPE, iput, 0)                                            \
    RO_SHMEM_TYPED_STRIDED(NAME, TYPE, iget, 1)
_SHMEM_RO_FOR_RMA_TYPES(RO_SHMEM_TYPED)

/* p and g: rocshmem's typed calls, whose one element travels in the descriptor itself. */
#define RO_SHMEM_PG(NAME, TYPE, KIND)                                                      \
    void pshmem_ctx_##NAME##_p(shmem_ctx_t ctx, TYPE *dest, TYPE value, int pe)            \
    { rocshmem_ctx_##NAME##_p(ro_shmem_ctx(ctx), dest, value, pe); }                       \
    RO_SHMEM_ALIAS(ctx_##NAME##_p)                                                         \
    void pshmem_##NAME##_p(TYPE *dest, TYPE value, int pe)                                 \
    { rocshmem_##NAME##_p(dest, value, pe); }                                              \
    RO_SHMEM_ALIAS(NAME##_p)                                                               \
    TYPE pshmem_ctx_##NAME##_g(shmem_ctx_t ctx, const TYPE *source, int pe)                \
    { return rocshmem_ctx_##NAME##_g(ro_shmem_ctx(ctx), source, pe); }                     \
    RO_SHMEM_ALIAS(ctx_##NAME##_g)                                                         \
    TYPE pshmem_##NAME##_g(const TYPE *source, int pe) { return rocshmem_##NAME##_g(source, pe); } \
    RO_SHMEM_ALIAS(NAME##_g)
ROCSHMEM_FOR_RMA_TYPES(RO_SHMEM_PG)

/* long double, which rocshmem.h has no typed calls for: a put and a get of its bytes. */
void pshmem_ctx_longdouble_p(shmem_ctx_t ctx, long double *dest, long double value, int pe)
{
    rocshmem_ctx_putmem(ro_shmem_ctx(ctx), dest, &value, sizeof(value), pe);
}
RO_SHMEM_ALIAS(ctx_longdouble_p)
void pshmem_longdouble_p(long double *dest, long double value, int pe)
{
    pshmem_ctx_longdouble_p(SHMEM_CTX_DEFAULT, dest, value, pe);
}
RO_SHMEM_ALIAS(longdouble_p)
long double pshmem_ctx_longdouble_g(shmem_ctx_t ctx, const long double *source, int pe)
{
    long double value = 0;

    rocshmem_ctx_getmem(ro_shmem_ctx(ctx), &value, source, sizeof(value), pe);
    return value;
}
RO_SHMEM_ALIAS(ctx_longdouble_g)
long double pshmem_longdouble_g(const long double *source, int pe)
{
    return pshmem_ctx_longdouble_g(SHMEM_CTX_DEFAULT, source, pe);
}
RO_SHMEM_ALIAS(longdouble_g)

uint64_t pshmem_signal_fetch(const uint64_t *sig_addr) { return rocshmem_signal_fetch(sig_addr); }
RO_SHMEM_ALIAS(signal_fetch)
