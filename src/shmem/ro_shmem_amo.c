/* OpenSHMEM 1.5 chapter 9.7: atomic memory operations. The blocking forms are rocshmem's;
 * each non-blocking fetching form (_nbi, new in 1.5) is its blocking form with the result
 * stored in *fetch, which completes earlier than a quiet would need it to. */
#include "config.h"
#include "shmem/ro_shmem.h"

/* A fetching AMO OP and its _nbi form. PARAMS and ARGS: its operands after dest, as
 * declared and as passed (each with a leading comma, or empty). */
#define RO_SHMEM_AMO_FETCHING(NAME, TYPE, OP, PARAMS, ARGS)                                \
    TYPE pshmem_ctx_##NAME##_atomic_##OP(shmem_ctx_t ctx, TYPE *dest PARAMS, int pe)       \
    { return rocshmem_ctx_##NAME##_atomic_##OP(ro_shmem_ctx(ctx), dest ARGS, pe); }        \
    RO_SHMEM_ALIAS(ctx_##NAME##_atomic_##OP)                                               \
    TYPE pshmem_##NAME##_atomic_##OP(TYPE *dest PARAMS, int pe)                            \
    { return rocshmem_##NAME##_atomic_##OP(dest ARGS, pe); }                               \
    RO_SHMEM_ALIAS(NAME##_atomic_##OP)                                                     \
    void pshmem_ctx_##NAME##_atomic_##OP##_nbi(shmem_ctx_t ctx, TYPE *fetch,               \
                                               TYPE *dest PARAMS, int pe)                  \
    { *fetch = rocshmem_ctx_##NAME##_atomic_##OP(ro_shmem_ctx(ctx), dest ARGS, pe); }      \
    RO_SHMEM_ALIAS(ctx_##NAME##_atomic_##OP##_nbi)                                         \
    void pshmem_##NAME##_atomic_##OP##_nbi(TYPE *fetch, TYPE *dest PARAMS, int pe)         \
    { *fetch = rocshmem_##NAME##_atomic_##OP(dest ARGS, pe); }                             \
    RO_SHMEM_ALIAS(NAME##_atomic_##OP##_nbi)
#define RO_SHMEM_AMO_PLAIN(NAME, TYPE, OP, PARAMS, ARGS)                                   \
    void pshmem_ctx_##NAME##_atomic_##OP(shmem_ctx_t ctx, TYPE *dest PARAMS, int pe)       \
    { rocshmem_ctx_##NAME##_atomic_##OP(ro_shmem_ctx(ctx), dest ARGS, pe); }               \
    RO_SHMEM_ALIAS(ctx_##NAME##_atomic_##OP)                                               \
    void pshmem_##NAME##_atomic_##OP(TYPE *dest PARAMS, int pe)                            \
    { rocshmem_##NAME##_atomic_##OP(dest ARGS, pe); }                                      \
    RO_SHMEM_ALIAS(NAME##_atomic_##OP)
#define RO_SHMEM_COMMA ,

/* atomic_fetch reads a const source; rocshmem's takes a plain pointer it does not write. */
#define RO_SHMEM_AMO_EXTENDED(NAME, TYPE)                                                  \
    TYPE pshmem_ctx_##NAME##_atomic_fetch(shmem_ctx_t ctx, const TYPE *source, int pe)     \
    { return rocshmem_ctx_##NAME##_atomic_fetch(ro_shmem_ctx(ctx), (TYPE *)source, pe); }  \
    RO_SHMEM_ALIAS(ctx_##NAME##_atomic_fetch)                                              \
    TYPE pshmem_##NAME##_atomic_fetch(const TYPE *source, int pe)                          \
    { return rocshmem_##NAME##_atomic_fetch((TYPE *)source, pe); }                         \
    RO_SHMEM_ALIAS(NAME##_atomic_fetch)                                                    \
    void pshmem_ctx_##NAME##_atomic_fetch_nbi(shmem_ctx_t ctx, TYPE *fetch,                \
                                              const TYPE *source, int pe)                  \
    { *fetch = pshmem_ctx_##NAME##_atomic_fetch(ctx, source, pe); }                        \
    RO_SHMEM_ALIAS(ctx_##NAME##_atomic_fetch_nbi)                                          \
    void pshmem_##NAME##_atomic_fetch_nbi(TYPE *fetch, const TYPE *source, int pe)         \
    { *fetch = pshmem_##NAME##_atomic_fetch(source, pe); }                                 \
    RO_SHMEM_ALIAS(NAME##_atomic_fetch_nbi)                                                \
    RO_SHMEM_AMO_PLAIN(NAME, TYPE, set, RO_SHMEM_COMMA TYPE value, RO_SHMEM_COMMA value)   \
    RO_SHMEM_AMO_FETCHING(NAME, TYPE, swap, RO_SHMEM_COMMA TYPE value, RO_SHMEM_COMMA value)
#define RO_SHMEM_AMO_STANDARD(NAME, TYPE)                                                  \
    RO_SHMEM_AMO_FETCHING(NAME, TYPE, compare_swap,                                        \
                          RO_SHMEM_COMMA TYPE cond RO_SHMEM_COMMA TYPE value,              \
                          RO_SHMEM_COMMA cond RO_SHMEM_COMMA value)                        \
    RO_SHMEM_AMO_FETCHING(NAME, TYPE, fetch_inc, , )                                       \
    RO_SHMEM_AMO_PLAIN(NAME, TYPE, inc, , )                                                \
    RO_SHMEM_AMO_FETCHING(NAME, TYPE, fetch_add, RO_SHMEM_COMMA TYPE value,                \
                          RO_SHMEM_COMMA value)                                            \
    RO_SHMEM_AMO_PLAIN(NAME, TYPE, add, RO_SHMEM_COMMA TYPE value, RO_SHMEM_COMMA value)
#define RO_SHMEM_AMO_BITWISE_OP(NAME, TYPE, OP)                                            \
    RO_SHMEM_AMO_FETCHING(NAME, TYPE, fetch_##OP, RO_SHMEM_COMMA TYPE value,               \
                          RO_SHMEM_COMMA value)                                            \
    RO_SHMEM_AMO_PLAIN(NAME, TYPE, OP, RO_SHMEM_COMMA TYPE value, RO_SHMEM_COMMA value)
#define RO_SHMEM_AMO_BITWISE(NAME, TYPE)                                                   \
    RO_SHMEM_AMO_BITWISE_OP(NAME, TYPE, and)                                               \
    RO_SHMEM_AMO_BITWISE_OP(NAME, TYPE, or)                                                \
    RO_SHMEM_AMO_BITWISE_OP(NAME, TYPE, xor)
_SHMEM_RO_FOR_AMO_EXTENDED_TYPES(RO_SHMEM_AMO_EXTENDED)
_SHMEM_RO_FOR_AMO_STANDARD_TYPES(RO_SHMEM_AMO_STANDARD)
_SHMEM_RO_FOR_AMO_BITWISE_TYPES(RO_SHMEM_AMO_BITWISE)
