/* The OpenSHMEM 1.5 C routines, declared once for both names each has: shmem.h includes
 * this with _SHMEM_RO_NAME(n) as shmem_##n, pshmem.h (the profiling interface) as
 * pshmem_##n. No include guard, for that reason: include shmem.h or pshmem.h instead.
 * Chapter numbers are the specification's. */
#ifndef _SHMEM_RO_NAME
#error "include <shmem.h> or <pshmem.h>, not this file"
#endif

/* 9.1 Library setup, exit and query */
void _SHMEM_RO_NAME(init)(void);
int _SHMEM_RO_NAME(init_thread)(int requested, int *provided);
void _SHMEM_RO_NAME(query_thread)(int *provided);
void _SHMEM_RO_NAME(finalize)(void);
_SHMEM_RO_NORETURN void _SHMEM_RO_NAME(global_exit)(int status);
int _SHMEM_RO_NAME(my_pe)(void);
int _SHMEM_RO_NAME(n_pes)(void);
int _SHMEM_RO_NAME(pe_accessible)(int pe);
int _SHMEM_RO_NAME(addr_accessible)(const void *addr, int pe);
void *_SHMEM_RO_NAME(ptr)(const void *dest, int pe);
void _SHMEM_RO_NAME(info_get_version)(int *major, int *minor);
void _SHMEM_RO_NAME(info_get_name)(char *name);

/* 9.3 Memory management */
void *_SHMEM_RO_NAME(malloc)(size_t size);
void *_SHMEM_RO_NAME(calloc)(size_t count, size_t size);
void *_SHMEM_RO_NAME(align)(size_t alignment, size_t size);
void *_SHMEM_RO_NAME(malloc_with_hints)(size_t size, long hints);
void *_SHMEM_RO_NAME(realloc)(void *ptr, size_t size);
void _SHMEM_RO_NAME(free)(void *ptr);

/* 9.4 Team management */
int _SHMEM_RO_NAME(team_my_pe)(shmem_team_t team);
int _SHMEM_RO_NAME(team_n_pes)(shmem_team_t team);
int _SHMEM_RO_NAME(team_get_config)(shmem_team_t team, long config_mask,
                                    shmem_team_config_t *config);
int _SHMEM_RO_NAME(team_translate_pe)(shmem_team_t src_team, int src_pe,
                                      shmem_team_t dest_team);
int _SHMEM_RO_NAME(team_split_strided)(shmem_team_t parent_team, int start, int stride,
                                       int size, const shmem_team_config_t *config,
                                       long config_mask, shmem_team_t *new_team);
int _SHMEM_RO_NAME(team_split_2d)(shmem_team_t parent_team, int xrange,
                                  const shmem_team_config_t *xaxis_config, long xaxis_mask,
                                  shmem_team_t *xaxis_team,
                                  const shmem_team_config_t *yaxis_config, long yaxis_mask,
                                  shmem_team_t *yaxis_team);
void _SHMEM_RO_NAME(team_destroy)(shmem_team_t team);

/* 9.5 Communication management */
int _SHMEM_RO_NAME(ctx_create)(long options, shmem_ctx_t *ctx);
int _SHMEM_RO_NAME(team_create_ctx)(shmem_team_t team, long options, shmem_ctx_t *ctx);
void _SHMEM_RO_NAME(ctx_destroy)(shmem_ctx_t ctx);
int _SHMEM_RO_NAME(ctx_get_team)(shmem_ctx_t ctx, shmem_team_t *team);

/* 9.6 Remote memory access */
#define _SHMEM_RO_DECL_RMA(NAME, TYPE)                                                   \
    void _SHMEM_RO_NAME(NAME##_put)(TYPE *dest, const TYPE *source, size_t nelems, int pe); \
    void _SHMEM_RO_NAME(ctx_##NAME##_put)(shmem_ctx_t ctx, TYPE *dest, const TYPE *source, \
                                          size_t nelems, int pe);                        \
    void _SHMEM_RO_NAME(NAME##_get)(TYPE *dest, const TYPE *source, size_t nelems, int pe); \
    void _SHMEM_RO_NAME(ctx_##NAME##_get)(shmem_ctx_t ctx, TYPE *dest, const TYPE *source, \
                                          size_t nelems, int pe);                        \
    void _SHMEM_RO_NAME(NAME##_put_nbi)(TYPE *dest, const TYPE *source, size_t nelems,   \
                                        int pe);                                         \
    void _SHMEM_RO_NAME(ctx_##NAME##_put_nbi)(shmem_ctx_t ctx, TYPE *dest,               \
                                              const TYPE *source, size_t nelems, int pe); \
    void _SHMEM_RO_NAME(NAME##_get_nbi)(TYPE *dest, const TYPE *source, size_t nelems,   \
                                        int pe);                                         \
    void _SHMEM_RO_NAME(ctx_##NAME##_get_nbi)(shmem_ctx_t ctx, TYPE *dest,               \
                                              const TYPE *source, size_t nelems, int pe); \
    void _SHMEM_RO_NAME(NAME##_p)(TYPE *dest, TYPE value, int pe);                       \
    void _SHMEM_RO_NAME(ctx_##NAME##_p)(shmem_ctx_t ctx, TYPE *dest, TYPE value, int pe); \
    TYPE _SHMEM_RO_NAME(NAME##_g)(const TYPE *source, int pe);                           \
    TYPE _SHMEM_RO_NAME(ctx_##NAME##_g)(shmem_ctx_t ctx, const TYPE *source, int pe);    \
    void _SHMEM_RO_NAME(NAME##_iput)(TYPE *dest, const TYPE *source, ptrdiff_t dst,      \
                                     ptrdiff_t sst, size_t nelems, int pe);              \
    void _SHMEM_RO_NAME(ctx_##NAME##_iput)(shmem_ctx_t ctx, TYPE *dest, const TYPE *source, \
                                           ptrdiff_t dst, ptrdiff_t sst, size_t nelems,  \
                                           int pe);                                      \
    void _SHMEM_RO_NAME(NAME##_iget)(TYPE *dest, const TYPE *source, ptrdiff_t dst,      \
                                     ptrdiff_t sst, size_t nelems, int pe);              \
    void _SHMEM_RO_NAME(ctx_##NAME##_iget)(shmem_ctx_t ctx, TYPE *dest, const TYPE *source, \
                                           ptrdiff_t dst, ptrdiff_t sst, size_t nelems,  \
                                           int pe);                                      \
    void _SHMEM_RO_NAME(NAME##_put_signal)(TYPE *dest, const TYPE *source, size_t nelems, \
                                           uint64_t *sig_addr, uint64_t signal,          \
                                           int sig_op, int pe);                          \
    void _SHMEM_RO_NAME(ctx_##NAME##_put_signal)(shmem_ctx_t ctx, TYPE *dest,            \
                                                 const TYPE *source, size_t nelems,      \
                                                 uint64_t *sig_addr, uint64_t signal,    \
                                                 int sig_op, int pe);                    \
    void _SHMEM_RO_NAME(NAME##_put_signal_nbi)(TYPE *dest, const TYPE *source,           \
                                               size_t nelems, uint64_t *sig_addr,        \
                                               uint64_t signal, int sig_op, int pe);     \
    void _SHMEM_RO_NAME(ctx_##NAME##_put_signal_nbi)(shmem_ctx_t ctx, TYPE *dest,        \
                                                     const TYPE *source, size_t nelems,  \
                                                     uint64_t *sig_addr, uint64_t signal, \
                                                     int sig_op, int pe);
_SHMEM_RO_FOR_RMA_TYPES(_SHMEM_RO_DECL_RMA)
#undef _SHMEM_RO_DECL_RMA

/* The SIZE (bits) and mem (bytes) forms move untyped elements. */
#define _SHMEM_RO_DECL_UNTYPED(NAME)                                                     \
    void _SHMEM_RO_NAME(put##NAME)(void *dest, const void *source, size_t nelems, int pe); \
    void _SHMEM_RO_NAME(ctx_put##NAME)(shmem_ctx_t ctx, void *dest, const void *source,  \
                                       size_t nelems, int pe);                           \
    void _SHMEM_RO_NAME(get##NAME)(void *dest, const void *source, size_t nelems, int pe); \
    void _SHMEM_RO_NAME(ctx_get##NAME)(shmem_ctx_t ctx, void *dest, const void *source,  \
                                       size_t nelems, int pe);                           \
    void _SHMEM_RO_NAME(put##NAME##_nbi)(void *dest, const void *source, size_t nelems,  \
                                         int pe);                                        \
    void _SHMEM_RO_NAME(ctx_put##NAME##_nbi)(shmem_ctx_t ctx, void *dest,                \
                                             const void *source, size_t nelems, int pe); \
    void _SHMEM_RO_NAME(get##NAME##_nbi)(void *dest, const void *source, size_t nelems,  \
                                         int pe);                                        \
    void _SHMEM_RO_NAME(ctx_get##NAME##_nbi)(shmem_ctx_t ctx, void *dest,                \
                                             const void *source, size_t nelems, int pe); \
    void _SHMEM_RO_NAME(put##NAME##_signal)(void *dest, const void *source, size_t nelems, \
                                            uint64_t *sig_addr, uint64_t signal,         \
                                            int sig_op, int pe);                         \
    void _SHMEM_RO_NAME(ctx_put##NAME##_signal)(shmem_ctx_t ctx, void *dest,             \
                                                const void *source, size_t nelems,       \
                                                uint64_t *sig_addr, uint64_t signal,     \
                                                int sig_op, int pe);                     \
    void _SHMEM_RO_NAME(put##NAME##_signal_nbi)(void *dest, const void *source,          \
                                                size_t nelems, uint64_t *sig_addr,       \
                                                uint64_t signal, int sig_op, int pe);    \
    void _SHMEM_RO_NAME(ctx_put##NAME##_signal_nbi)(shmem_ctx_t ctx, void *dest,         \
                                                    const void *source, size_t nelems,   \
                                                    uint64_t *sig_addr, uint64_t signal, \
                                                    int sig_op, int pe);
#define _SHMEM_RO_DECL_SIZED(BITS)                                                       \
    _SHMEM_RO_DECL_UNTYPED(BITS)                                                         \
    void _SHMEM_RO_NAME(iput##BITS)(void *dest, const void *source, ptrdiff_t dst,       \
                                    ptrdiff_t sst, size_t nelems, int pe);               \
    void _SHMEM_RO_NAME(ctx_iput##BITS)(shmem_ctx_t ctx, void *dest, const void *source, \
                                        ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe); \
    void _SHMEM_RO_NAME(iget##BITS)(void *dest, const void *source, ptrdiff_t dst,       \
                                    ptrdiff_t sst, size_t nelems, int pe);               \
    void _SHMEM_RO_NAME(ctx_iget##BITS)(shmem_ctx_t ctx, void *dest, const void *source, \
                                        ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
_SHMEM_RO_FOR_SIZES(_SHMEM_RO_DECL_SIZED)
_SHMEM_RO_DECL_UNTYPED(mem)
#undef _SHMEM_RO_DECL_SIZED
#undef _SHMEM_RO_DECL_UNTYPED

uint64_t _SHMEM_RO_NAME(signal_fetch)(const uint64_t *sig_addr);

/* 9.7 Atomic memory operations; each fetching one also has a non-blocking (_nbi) form that
 * returns its result in *fetch. */
#define _SHMEM_RO_DECL_AMO_FETCHING(NAME, TYPE, OP, PARAMS)                        \
    TYPE _SHMEM_RO_NAME(NAME##_atomic_##OP)(TYPE *dest PARAMS, int pe);                  \
    TYPE _SHMEM_RO_NAME(ctx_##NAME##_atomic_##OP)(shmem_ctx_t ctx, TYPE *dest PARAMS, int pe); \
    void _SHMEM_RO_NAME(NAME##_atomic_##OP##_nbi)(TYPE *fetch, TYPE *dest PARAMS, int pe); \
    void _SHMEM_RO_NAME(ctx_##NAME##_atomic_##OP##_nbi)(shmem_ctx_t ctx, TYPE *fetch,    \
                                                        TYPE *dest PARAMS, int pe);
#define _SHMEM_RO_DECL_AMO_PLAIN(NAME, TYPE, OP, PARAMS)                                 \
    void _SHMEM_RO_NAME(NAME##_atomic_##OP)(TYPE *dest PARAMS, int pe);                  \
    void _SHMEM_RO_NAME(ctx_##NAME##_atomic_##OP)(shmem_ctx_t ctx, TYPE *dest PARAMS, int pe);
#define _SHMEM_RO_COMMA ,
#define _SHMEM_RO_DECL_AMO_EXTENDED(NAME, TYPE)                                          \
    TYPE _SHMEM_RO_NAME(NAME##_atomic_fetch)(const TYPE *source, int pe);                \
    TYPE _SHMEM_RO_NAME(ctx_##NAME##_atomic_fetch)(shmem_ctx_t ctx, const TYPE *source, int pe); \
    void _SHMEM_RO_NAME(NAME##_atomic_fetch_nbi)(TYPE *fetch, const TYPE *source, int pe); \
    void _SHMEM_RO_NAME(ctx_##NAME##_atomic_fetch_nbi)(shmem_ctx_t ctx, TYPE *fetch,     \
                                                       const TYPE *source, int pe);      \
    _SHMEM_RO_DECL_AMO_PLAIN(NAME, TYPE, set, _SHMEM_RO_COMMA TYPE value)                \
    _SHMEM_RO_DECL_AMO_FETCHING(NAME, TYPE, swap, _SHMEM_RO_COMMA TYPE value)
#define _SHMEM_RO_DECL_AMO_STANDARD(NAME, TYPE)                                          \
    _SHMEM_RO_DECL_AMO_FETCHING(NAME, TYPE, compare_swap,                                \
                                _SHMEM_RO_COMMA TYPE cond _SHMEM_RO_COMMA TYPE value)  \
    _SHMEM_RO_DECL_AMO_FETCHING(NAME, TYPE, fetch_inc, )                               \
    _SHMEM_RO_DECL_AMO_PLAIN(NAME, TYPE, inc, )                                          \
    _SHMEM_RO_DECL_AMO_FETCHING(NAME, TYPE, fetch_add, _SHMEM_RO_COMMA TYPE value)     \
    _SHMEM_RO_DECL_AMO_PLAIN(NAME, TYPE, add, _SHMEM_RO_COMMA TYPE value)
#define _SHMEM_RO_DECL_AMO_BITWISE(NAME, TYPE)                                           \
    _SHMEM_RO_DECL_AMO_FETCHING(NAME, TYPE, fetch_and, _SHMEM_RO_COMMA TYPE value)     \
    _SHMEM_RO_DECL_AMO_PLAIN(NAME, TYPE, and, _SHMEM_RO_COMMA TYPE value)                \
    _SHMEM_RO_DECL_AMO_FETCHING(NAME, TYPE, fetch_or, _SHMEM_RO_COMMA TYPE value)      \
    _SHMEM_RO_DECL_AMO_PLAIN(NAME, TYPE, or, _SHMEM_RO_COMMA TYPE value)                 \
    _SHMEM_RO_DECL_AMO_FETCHING(NAME, TYPE, fetch_xor, _SHMEM_RO_COMMA TYPE value)     \
    _SHMEM_RO_DECL_AMO_PLAIN(NAME, TYPE, xor, _SHMEM_RO_COMMA TYPE value)
_SHMEM_RO_FOR_AMO_EXTENDED_TYPES(_SHMEM_RO_DECL_AMO_EXTENDED)
_SHMEM_RO_FOR_AMO_STANDARD_TYPES(_SHMEM_RO_DECL_AMO_STANDARD)
_SHMEM_RO_FOR_AMO_BITWISE_TYPES(_SHMEM_RO_DECL_AMO_BITWISE)
#undef _SHMEM_RO_DECL_AMO_EXTENDED
#undef _SHMEM_RO_DECL_AMO_STANDARD
#undef _SHMEM_RO_DECL_AMO_BITWISE
#undef _SHMEM_RO_DECL_AMO_FETCHING
#undef _SHMEM_RO_DECL_AMO_PLAIN

/* 9.9 Collective routines (team forms) */
void _SHMEM_RO_NAME(barrier_all)(void);
void _SHMEM_RO_NAME(sync_all)(void);
int _SHMEM_RO_NAME(team_sync)(shmem_team_t team);
#define _SHMEM_RO_DECL_DATA_COLL(NAME, TYPE)                                             \
    int _SHMEM_RO_NAME(NAME##_broadcast)(shmem_team_t team, TYPE *dest, const TYPE *source, \
                                         size_t nelems, int PE_root);                    \
    int _SHMEM_RO_NAME(NAME##_collect)(shmem_team_t team, TYPE *dest, const TYPE *source, \
                                       size_t nelems);                                   \
    int _SHMEM_RO_NAME(NAME##_fcollect)(shmem_team_t team, TYPE *dest, const TYPE *source, \
                                        size_t nelems);                                  \
    int _SHMEM_RO_NAME(NAME##_alltoall)(shmem_team_t team, TYPE *dest, const TYPE *source, \
                                        size_t nelems);                                  \
    int _SHMEM_RO_NAME(NAME##_alltoalls)(shmem_team_t team, TYPE *dest, const TYPE *source, \
                                         ptrdiff_t dst, ptrdiff_t sst, size_t nelems);
_SHMEM_RO_FOR_RMA_TYPES(_SHMEM_RO_DECL_DATA_COLL)
#undef _SHMEM_RO_DECL_DATA_COLL
int _SHMEM_RO_NAME(broadcastmem)(shmem_team_t team, void *dest, const void *source,
                                 size_t nelems, int PE_root);
int _SHMEM_RO_NAME(collectmem)(shmem_team_t team, void *dest, const void *source,
                               size_t nelems);
int _SHMEM_RO_NAME(fcollectmem)(shmem_team_t team, void *dest, const void *source,
                                size_t nelems);
int _SHMEM_RO_NAME(alltoallmem)(shmem_team_t team, void *dest, const void *source,
                                size_t nelems);
int _SHMEM_RO_NAME(alltoallsmem)(shmem_team_t team, void *dest, const void *source,
                                 ptrdiff_t dst, ptrdiff_t sst, size_t nelems);
#define _SHMEM_RO_DECL_REDUCE(NAME, TYPE, OP)                                            \
    int _SHMEM_RO_NAME(NAME##_##OP##_reduce)(shmem_team_t team, TYPE *dest,              \
                                             const TYPE *source, size_t nreduce);
#define _SHMEM_RO_DECL_REDUCE_BITWISE(NAME, TYPE) _SHMEM_RO_BITWISE_OPS(_SHMEM_RO_DECL_REDUCE, NAME, TYPE)
#define _SHMEM_RO_DECL_REDUCE_ARITH(NAME, TYPE) _SHMEM_RO_ARITH_OPS(_SHMEM_RO_DECL_REDUCE, NAME, TYPE)
_SHMEM_RO_FOR_REDUCE_BITWISE_TYPES(_SHMEM_RO_DECL_REDUCE_BITWISE)
_SHMEM_RO_FOR_REDUCE_ARITH_TYPES(_SHMEM_RO_DECL_REDUCE_ARITH)
#undef _SHMEM_RO_DECL_REDUCE_BITWISE
#undef _SHMEM_RO_DECL_REDUCE_ARITH
#undef _SHMEM_RO_DECL_REDUCE

/* 9.9.x Deprecated active-set collectives: the set is PE_start, PE_start + 2^logPE_stride,
 * ... (PE_size PEs); pSync (and pWrk) are the caller's symmetric arrays, pSync set to
 * SHMEM_SYNC_VALUE before first use, and left so. */
void _SHMEM_RO_NAME(barrier)(int PE_start, int logPE_stride, int PE_size, long *pSync);
void _SHMEM_RO_NAME(sync)(int PE_start, int logPE_stride, int PE_size, long *pSync);
#define _SHMEM_RO_DECL_ASET(BITS)                                                        \
    void _SHMEM_RO_NAME(broadcast##BITS)(void *dest, const void *source, size_t nelems,  \
                                         int PE_root, int PE_start, int logPE_stride,    \
                                         int PE_size, long *pSync);                      \
    void _SHMEM_RO_NAME(collect##BITS)(void *dest, const void *source, size_t nelems,    \
                                       int PE_start, int logPE_stride, int PE_size,      \
                                       long *pSync);                                     \
    void _SHMEM_RO_NAME(fcollect##BITS)(void *dest, const void *source, size_t nelems,   \
                                        int PE_start, int logPE_stride, int PE_size,     \
                                        long *pSync);                                    \
    void _SHMEM_RO_NAME(alltoall##BITS)(void *dest, const void *source, size_t nelems,   \
                                        int PE_start, int logPE_stride, int PE_size,     \
                                        long *pSync);                                    \
    void _SHMEM_RO_NAME(alltoalls##BITS)(void *dest, const void *source, ptrdiff_t dst,  \
                                         ptrdiff_t sst, size_t nelems, int PE_start,     \
                                         int logPE_stride, int PE_size, long *pSync);
_SHMEM_RO_DECL_ASET(32)
_SHMEM_RO_DECL_ASET(64)
#undef _SHMEM_RO_DECL_ASET
#define _SHMEM_RO_DECL_TO_ALL(NAME, TYPE, OP)                                            \
    void _SHMEM_RO_NAME(NAME##_##OP##_to_all)(TYPE *dest, const TYPE *source, int nreduce, \
                                              int PE_start, int logPE_stride, int PE_size, \
                                              TYPE *pWrk, long *pSync);
#define _SHMEM_RO_DECL_TO_ALL_BITWISE(NAME, TYPE) _SHMEM_RO_BITWISE_OPS(_SHMEM_RO_DECL_TO_ALL, NAME, TYPE)
#define _SHMEM_RO_DECL_TO_ALL_ARITH(NAME, TYPE) _SHMEM_RO_ARITH_OPS(_SHMEM_RO_DECL_TO_ALL, NAME, TYPE)
_SHMEM_RO_FOR_TO_ALL_BITWISE_TYPES(_SHMEM_RO_DECL_TO_ALL_BITWISE)
_SHMEM_RO_FOR_TO_ALL_ARITH_TYPES(_SHMEM_RO_DECL_TO_ALL_ARITH)
#undef _SHMEM_RO_DECL_TO_ALL_BITWISE
#undef _SHMEM_RO_DECL_TO_ALL_ARITH
#undef _SHMEM_RO_DECL_TO_ALL

/* 9.10 Point-to-point synchronization */
#define _SHMEM_RO_DECL_P2P(NAME, TYPE)                                                   \
    void _SHMEM_RO_NAME(NAME##_wait_until)(TYPE *ivar, int cmp, TYPE cmp_value);         \
    void _SHMEM_RO_NAME(NAME##_wait_until_all)(TYPE *ivars, size_t nelems,               \
                                               const int *status, int cmp, TYPE cmp_value); \
    size_t _SHMEM_RO_NAME(NAME##_wait_until_any)(TYPE *ivars, size_t nelems,             \
                                                 const int *status, int cmp, TYPE cmp_value); \
    size_t _SHMEM_RO_NAME(NAME##_wait_until_some)(TYPE *ivars, size_t nelems,            \
                                                  size_t *indices, const int *status,    \
                                                  int cmp, TYPE cmp_value);              \
    void _SHMEM_RO_NAME(NAME##_wait_until_all_vector)(TYPE *ivars, size_t nelems,        \
                                                      const int *status, int cmp,        \
                                                      TYPE *cmp_values);                 \
    size_t _SHMEM_RO_NAME(NAME##_wait_until_any_vector)(TYPE *ivars, size_t nelems,      \
                                                        const int *status, int cmp,      \
                                                        TYPE *cmp_values);               \
    size_t _SHMEM_RO_NAME(NAME##_wait_until_some_vector)(TYPE *ivars, size_t nelems,     \
                                                         size_t *indices,                \
                                                         const int *status, int cmp,     \
                                                         TYPE *cmp_values);              \
    int _SHMEM_RO_NAME(NAME##_test)(TYPE *ivar, int cmp, TYPE cmp_value);                \
    int _SHMEM_RO_NAME(NAME##_test_all)(TYPE *ivars, size_t nelems, const int *status,   \
                                        int cmp, TYPE cmp_value);                        \
    size_t _SHMEM_RO_NAME(NAME##_test_any)(TYPE *ivars, size_t nelems, const int *status, \
                                           int cmp, TYPE cmp_value);                     \
    size_t _SHMEM_RO_NAME(NAME##_test_some)(TYPE *ivars, size_t nelems, size_t *indices, \
                                            const int *status, int cmp, TYPE cmp_value); \
    int _SHMEM_RO_NAME(NAME##_test_all_vector)(TYPE *ivars, size_t nelems,               \
                                               const int *status, int cmp, TYPE *cmp_values); \
    size_t _SHMEM_RO_NAME(NAME##_test_any_vector)(TYPE *ivars, size_t nelems,            \
                                                  const int *status, int cmp,            \
                                                  TYPE *cmp_values);                     \
    size_t _SHMEM_RO_NAME(NAME##_test_some_vector)(TYPE *ivars, size_t nelems,           \
                                                   size_t *indices, const int *status,   \
                                                   int cmp, TYPE *cmp_values);
_SHMEM_RO_FOR_P2P_TYPES(_SHMEM_RO_DECL_P2P)
#undef _SHMEM_RO_DECL_P2P
uint64_t _SHMEM_RO_NAME(signal_wait_until)(uint64_t *sig_addr, int cmp, uint64_t cmp_value);

/* 9.11 Memory ordering */
void _SHMEM_RO_NAME(fence)(void);
void _SHMEM_RO_NAME(ctx_fence)(shmem_ctx_t ctx);
void _SHMEM_RO_NAME(quiet)(void);
void _SHMEM_RO_NAME(ctx_quiet)(shmem_ctx_t ctx);

/* 9.12 Distributed locking */
void _SHMEM_RO_NAME(set_lock)(long *lock);
int _SHMEM_RO_NAME(test_lock)(long *lock);
void _SHMEM_RO_NAME(clear_lock)(long *lock);

/* Deprecated names the specification still lists (Annex: deprecated API). */
#define _SHMEM_RO_DECL_OLD_AMO(NAME, TYPE)                                               \
    TYPE _SHMEM_RO_NAME(NAME##_cswap)(TYPE *dest, TYPE cond, TYPE value, int pe);        \
    TYPE _SHMEM_RO_NAME(NAME##_finc)(TYPE *dest, int pe);                                \
    void _SHMEM_RO_NAME(NAME##_inc)(TYPE *dest, int pe);                                 \
    TYPE _SHMEM_RO_NAME(NAME##_fadd)(TYPE *dest, TYPE value, int pe);                    \
    void _SHMEM_RO_NAME(NAME##_add)(TYPE *dest, TYPE value, int pe);
#define _SHMEM_RO_DECL_OLD_AMO_EXT(NAME, TYPE)                                           \
    TYPE _SHMEM_RO_NAME(NAME##_fetch)(const TYPE *source, int pe);                       \
    void _SHMEM_RO_NAME(NAME##_set)(TYPE *dest, TYPE value, int pe);                     \
    TYPE _SHMEM_RO_NAME(NAME##_swap)(TYPE *dest, TYPE value, int pe);
#define _SHMEM_RO_DECL_OLD_WAIT(NAME, TYPE)                                              \
    void _SHMEM_RO_NAME(NAME##_wait)(TYPE *ivar, TYPE cmp_value);
_SHMEM_RO_FOR_OLD_AMO_TYPES(_SHMEM_RO_DECL_OLD_AMO)
_SHMEM_RO_FOR_OLD_AMO_EXT_TYPES(_SHMEM_RO_DECL_OLD_AMO_EXT)
_SHMEM_RO_FOR_OLD_WAIT_TYPES(_SHMEM_RO_DECL_OLD_WAIT)
#undef _SHMEM_RO_DECL_OLD_AMO
#undef _SHMEM_RO_DECL_OLD_AMO_EXT
#undef _SHMEM_RO_DECL_OLD_WAIT
void _SHMEM_RO_NAME(wait)(long *ivar, long cmp_value);
void _SHMEM_RO_NAME(clear_cache_inv)(void);
void _SHMEM_RO_NAME(set_cache_inv)(void);
void _SHMEM_RO_NAME(clear_cache_line_inv)(void *dest);
void _SHMEM_RO_NAME(set_cache_line_inv)(void *dest);
void _SHMEM_RO_NAME(udcflush)(void);
void _SHMEM_RO_NAME(udcflush_line)(void *dest);

/* 10 Profiling interface */
void _SHMEM_RO_NAME(pcontrol)(const int level, ...);
