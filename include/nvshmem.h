/* NVSHMEM 3.x's names on rocshmem_ro, so that a program written for NVSHMEM builds unchanged
 * against librocshmem_ro (nvcc -rdc=true, or hipcc -fgpu-rdc with the CUDA names mapped):
 * each nvshmem_ / nvshmemx_ routine is an inline wrapper of the rocshmem call with the same
 * meaning (_block is _wg, _warp is _wave), its constants are rocshmem's by name, teams are
 * rocshmem_team_t (pointers, not NVSHMEM's small integers: a program that stores a team in
 * an int does not build). nvshmemx.h adds nothing more: NVSHMEM programs include both. What
 * NVSHMEM has and this header has not is listed in the README ("NVSHMEM"). */
#ifndef NVSHMEM_H
#define NVSHMEM_H

#include <rocshmem/rocshmem.h>

#include <string.h>
#if defined(__HIPCC__)
#include <hip/hip_runtime.h>
#endif

#if defined(__CUDACC__) || defined(__HIPCC__)
#define _NVRO_HD __host__ __device__ static inline
#define _NVRO_D __device__ static inline
#else
#define _NVRO_HD static inline
#endif
#define _NVRO_H static inline

/* ---- constants and types ------------------------------------------------------------ */
#define NVSHMEM_MAJOR_VERSION 1
#define NVSHMEM_MINOR_VERSION 3
#define NVSHMEM_MAX_NAME_LEN ROCSHMEM_MAX_NAME_LEN
#define NVSHMEM_VENDOR_STRING ROCSHMEM_VENDOR_STRING
#define NVSHMEM_VENDOR_MAJOR_VERSION ROCSHMEM_VENDOR_MAJOR_VERSION
#define NVSHMEM_VENDOR_MINOR_VERSION ROCSHMEM_VENDOR_MINOR_VERSION
#define NVSHMEM_VENDOR_PATCH_VERSION ROCSHMEM_VENDOR_PATCH_VERSION

#define NVSHMEM_CMP_EQ ROCSHMEM_CMP_EQ
#define NVSHMEM_CMP_NE ROCSHMEM_CMP_NE
#define NVSHMEM_CMP_GT ROCSHMEM_CMP_GT
#define NVSHMEM_CMP_GE ROCSHMEM_CMP_GE
#define NVSHMEM_CMP_LT ROCSHMEM_CMP_LT
#define NVSHMEM_CMP_LE ROCSHMEM_CMP_LE
#define NVSHMEM_SIGNAL_SET ROCSHMEM_SIGNAL_SET
#define NVSHMEM_SIGNAL_ADD ROCSHMEM_SIGNAL_ADD
#define NVSHMEM_THREAD_SINGLE ROCSHMEM_THREAD_SINGLE
#define NVSHMEM_THREAD_FUNNELED ROCSHMEM_THREAD_FUNNELED
#define NVSHMEM_THREAD_SERIALIZED ROCSHMEM_THREAD_SERIALIZED
#define NVSHMEM_THREAD_MULTIPLE ROCSHMEM_THREAD_MULTIPLE

enum nvshmemx_status {
    NVSHMEMX_SUCCESS = 0,
    NVSHMEMX_ERROR_INVALID_VALUE,
    NVSHMEMX_ERROR_OUT_OF_MEMORY,
    NVSHMEMX_ERROR_NOT_SUPPORTED,
    NVSHMEMX_ERROR_SYMMETRY,
    NVSHMEMX_ERROR_GPU_NOT_SELECTED,
    NVSHMEMX_ERROR_COLLECTIVE_LAUNCH_FAILED,
    NVSHMEMX_ERROR_INTERNAL
};

typedef rocshmem_team_t nvshmem_team_t;
typedef rocshmem_team_t nvshmemx_team_t;
#define NVSHMEM_TEAM_WORLD ROCSHMEM_TEAM_WORLD
#define NVSHMEM_TEAM_SHARED ROCSHMEM_TEAM_SHARED
/* The PEs of this node that this PE reaches by load and store: what TEAM_SHARED is here. */
#define NVSHMEMX_TEAM_NODE ROCSHMEM_TEAM_SHARED
#define NVSHMEM_TEAM_INVALID ROCSHMEM_TEAM_INVALID
typedef struct {
    int version;
    int num_contexts;
    char padding[56];
} nvshmem_team_config_t;
#define NVSHMEM_TEAM_CONFIG_MASK_NUM_CONTEXTS ROCSHMEM_TEAM_NUM_CONTEXTS

/* Init without a launcher: NVSHMEM's id and attribute layouts (3.x), translated to
 * rocshmem's at init. rocshmem's id fills fewer bytes than NVSHMEM's holds. */
typedef struct {
    int version;
    char internal[124];
} nvshmemx_uniqueid_t;
#define NVSHMEMX_UNIQUEID_INITIALIZER { (1 << 16) + (int)sizeof(nvshmemx_uniqueid_t), { 0 } }
typedef struct {
    int version;
    nvshmemx_uniqueid_t *id;
    int myrank;
    int nranks;
} nvshmemx_uniqueid_args_t;
typedef struct {
    int version;
    nvshmemx_uniqueid_args_t uid_args;
    char content[96];
} nvshmemx_init_args_t;
typedef struct {
    int version;
    void *mpi_comm;
    nvshmemx_init_args_t args;
} nvshmemx_init_attr_t;
#define NVSHMEMX_INIT_ATTR_INITIALIZER                                                     \
    { (1 << 16) + (int)sizeof(nvshmemx_init_attr_t), NULL,                                 \
      { (1 << 16) + (int)sizeof(nvshmemx_init_args_t),                                     \
        { (1 << 16) + (int)sizeof(nvshmemx_uniqueid_args_t), NULL, -1, -1 }, { 0 } } }
#define NVSHMEMX_INIT_THREAD_PES 1
#define NVSHMEMX_INIT_WITH_MPI_COMM (1 << 1)
#define NVSHMEMX_INIT_WITH_SHMEM (1 << 2)
#define NVSHMEMX_INIT_WITH_UNIQUEID (1 << 3)

/* ---- setup -------------------------------------------------------------------------- */
/* Inline, so that rocshmem.h's GPU-unit init (which publishes the device's state) expands
 * in the program's own translation unit, as NVSHMEM's inline init does. */
_NVRO_H void nvshmem_init(void) { rocshmem_init(); }
_NVRO_H int nvshmem_init_thread(int requested, int *provided)
{
    return rocshmem_init_thread(requested, provided);
}
_NVRO_H void nvshmem_finalize(void) { rocshmem_finalize(); }
_NVRO_H void nvshmem_global_exit(int status) { rocshmem_global_exit(status); }
_NVRO_H void nvshmem_info_get_version(int *major, int *minor)
{
    *major = NVSHMEM_MAJOR_VERSION;
    *minor = NVSHMEM_MINOR_VERSION;
}
_NVRO_H void nvshmem_info_get_name(char *name) { rocshmem_info_get_name(name); }
_NVRO_H void nvshmemx_vendor_get_version_info(int *major, int *minor, int *patch)
{
    *major = ROCSHMEM_VENDOR_MAJOR_VERSION;
    *minor = ROCSHMEM_VENDOR_MINOR_VERSION;
    *patch = ROCSHMEM_VENDOR_PATCH_VERSION;
}
_NVRO_HD void nvshmem_query_thread(int *provided) { rocshmem_query_thread(provided); }
_NVRO_HD int nvshmem_my_pe(void) { return rocshmem_my_pe(); }
_NVRO_HD int nvshmem_n_pes(void) { return rocshmem_n_pes(); }

_NVRO_H int nvshmemx_get_uniqueid(nvshmemx_uniqueid_t *id)
{
    rocshmem_uniqueid_t ours;
    int rc = rocshmem_get_uniqueid(&ours);

    id->version = (1 << 16) + (int)sizeof(*id);
    memcpy(id->internal, ours.internal, sizeof(id->internal));
    return rc == ROCSHMEM_SUCCESS ? NVSHMEMX_SUCCESS : NVSHMEMX_ERROR_INTERNAL;
}
_NVRO_H int nvshmemx_set_attr_uniqueid_args(const int myrank, const int nranks,
                                            const nvshmemx_uniqueid_t *id,
                                            nvshmemx_init_attr_t *attr)
{
    attr->args.uid_args.id = (nvshmemx_uniqueid_t *)id;
    attr->args.uid_args.myrank = myrank;
    attr->args.uid_args.nranks = nranks;
    return NVSHMEMX_SUCCESS;
}
/* flags 0: as nvshmem_init; WITH_UNIQUEID: the id and ranks set above; WITH_MPI_COMM:
 * attr->mpi_comm points to the program's MPI_Comm, as rocshmem's does. */
_NVRO_H int nvshmemx_init_attr(unsigned int flags, nvshmemx_init_attr_t *attr)
{
    rocshmem_init_attr_t ours;
    int rc;

    memset(&ours, 0, sizeof(ours));
    if (!flags) {
        rocshmem_init();
        return NVSHMEMX_SUCCESS;
    }
    if (flags == NVSHMEMX_INIT_WITH_UNIQUEID && attr->args.uid_args.id) {
        ours.rank = attr->args.uid_args.myrank;
        ours.nranks = attr->args.uid_args.nranks;
        memcpy(ours.uid.internal, attr->args.uid_args.id->internal,
               sizeof(attr->args.uid_args.id->internal));
        rc = rocshmem_init_attr(ROCSHMEM_INIT_WITH_UNIQUEID, &ours);
    } else if (flags == NVSHMEMX_INIT_WITH_MPI_COMM && attr->mpi_comm) {
        ours.mpi_comm = attr->mpi_comm;
        rc = rocshmem_init_attr(ROCSHMEM_INIT_WITH_MPI_COMM, &ours);
    } else {
        return NVSHMEMX_ERROR_NOT_SUPPORTED;
    }
    return rc == ROCSHMEM_SUCCESS ? NVSHMEMX_SUCCESS : NVSHMEMX_ERROR_INTERNAL;
}

/* ---- memory and teams --------------------------------------------------------------- */
_NVRO_H void *nvshmem_malloc(size_t size) { return rocshmem_malloc(size); }
_NVRO_H void *nvshmem_calloc(size_t count, size_t size) { return rocshmem_calloc(count, size); }
_NVRO_H void *nvshmem_align(size_t alignment, size_t size) { return rocshmem_align(alignment, size); }
_NVRO_H void nvshmem_free(void *ptr) { rocshmem_free(ptr); }
_NVRO_HD void *nvshmem_ptr(const void *dest, int pe) { return rocshmem_ptr(dest, pe); }

_NVRO_HD int nvshmem_team_my_pe(nvshmem_team_t team) { return rocshmem_team_my_pe(team); }
_NVRO_HD int nvshmem_team_n_pes(nvshmem_team_t team) { return rocshmem_team_n_pes(team); }
_NVRO_HD int nvshmem_team_translate_pe(nvshmem_team_t src, int pe, nvshmem_team_t dest)
{
    return rocshmem_team_translate_pe(src, pe, dest);
}
_NVRO_H rocshmem_team_config_t *_nvro_config(const nvshmem_team_config_t *in,
                                             rocshmem_team_config_t *out)
{
    if (!in)
        return NULL;
    out->num_contexts = in->num_contexts;
    return out;
}
_NVRO_H int nvshmem_team_split_strided(nvshmem_team_t parent, int start, int stride, int size,
                                       const nvshmem_team_config_t *config, long config_mask,
                                       nvshmem_team_t *new_team)
{
    rocshmem_team_config_t c;

    return rocshmem_team_split_strided(parent, start, stride, size, _nvro_config(config, &c),
                                       config_mask, new_team);
}
_NVRO_H int nvshmem_team_split_2d(nvshmem_team_t parent, int xrange,
                                  const nvshmem_team_config_t *xaxis_config, long xaxis_mask,
                                  nvshmem_team_t *xaxis_team,
                                  const nvshmem_team_config_t *yaxis_config, long yaxis_mask,
                                  nvshmem_team_t *yaxis_team)
{
    rocshmem_team_config_t x, y;

    return rocshmem_team_split_2d(parent, xrange, _nvro_config(xaxis_config, &x), xaxis_mask,
                                  xaxis_team, _nvro_config(yaxis_config, &y), yaxis_mask,
                                  yaxis_team);
}
_NVRO_H void nvshmem_team_destroy(nvshmem_team_t team) { rocshmem_team_destroy(team); }

/* ---- RMA, signals, AMOs, waits, ordering (host and device) -------------------------- */
#define _NVRO_MEM(OP)                                                                      \
    _NVRO_HD void nvshmem_##OP(void *dest, const void *source, size_t nelems, int pe)      \
    { rocshmem_##OP(dest, source, nelems, pe); }
_NVRO_MEM(putmem)
_NVRO_MEM(getmem)
_NVRO_MEM(putmem_nbi)
_NVRO_MEM(getmem_nbi)
#undef _NVRO_MEM
#define _NVRO_SIZED(BITS)                                                                  \
    _NVRO_HD void nvshmem_put##BITS(void *dest, const void *source, size_t nelems, int pe) \
    { rocshmem_putmem(dest, source, nelems * (BITS / 8), pe); }                            \
    _NVRO_HD void nvshmem_get##BITS(void *dest, const void *source, size_t nelems, int pe) \
    { rocshmem_getmem(dest, source, nelems * (BITS / 8), pe); }                            \
    _NVRO_HD void nvshmem_put##BITS##_nbi(void *dest, const void *source, size_t nelems, int pe) \
    { rocshmem_putmem_nbi(dest, source, nelems * (BITS / 8), pe); }                        \
    _NVRO_HD void nvshmem_get##BITS##_nbi(void *dest, const void *source, size_t nelems, int pe) \
    { rocshmem_getmem_nbi(dest, source, nelems * (BITS / 8), pe); }
_NVRO_SIZED(8)
_NVRO_SIZED(16)
_NVRO_SIZED(32)
_NVRO_SIZED(64)
_NVRO_SIZED(128)
#undef _NVRO_SIZED

#define _NVRO_TYPED_RMA(NAME, TYPE, KIND)                                                  \
    _NVRO_HD void nvshmem_##NAME##_p(TYPE *dest, const TYPE value, int pe)                 \
    { rocshmem_##NAME##_p(dest, value, pe); }                                              \
    _NVRO_HD TYPE nvshmem_##NAME##_g(const TYPE *source, int pe)                           \
    { return rocshmem_##NAME##_g(source, pe); }                                            \
    _NVRO_HD void nvshmem_##NAME##_put(TYPE *dest, const TYPE *source, size_t n, int pe)   \
    { rocshmem_##NAME##_put(dest, source, n, pe); }                                        \
    _NVRO_HD void nvshmem_##NAME##_get(TYPE *dest, const TYPE *source, size_t n, int pe)   \
    { rocshmem_##NAME##_get(dest, source, n, pe); }                                        \
    _NVRO_HD void nvshmem_##NAME##_put_nbi(TYPE *dest, const TYPE *source, size_t n, int pe) \
    { rocshmem_##NAME##_put_nbi(dest, source, n, pe); }                                    \
    _NVRO_HD void nvshmem_##NAME##_get_nbi(TYPE *dest, const TYPE *source, size_t n, int pe) \
    { rocshmem_##NAME##_get_nbi(dest, source, n, pe); }                                    \
    _NVRO_HD void nvshmem_##NAME##_put_signal(TYPE *dest, const TYPE *source, size_t n,    \
                                              uint64_t *sig_addr, uint64_t signal,         \
                                              int sig_op, int pe)                          \
    { rocshmem_##NAME##_put_signal(dest, source, n, sig_addr, signal, sig_op, pe); }       \
    _NVRO_HD void nvshmem_##NAME##_put_signal_nbi(TYPE *dest, const TYPE *source, size_t n, \
                                                  uint64_t *sig_addr, uint64_t signal,     \
                                                  int sig_op, int pe)                      \
    { rocshmem_##NAME##_put_signal_nbi(dest, source, n, sig_addr, signal, sig_op, pe); }   \
    _NVRO_HD void nvshmem_##NAME##_wait_until(TYPE *ivar, int cmp, TYPE value)             \
    { rocshmem_##NAME##_wait_until(ivar, cmp, value); }                                    \
    _NVRO_HD void nvshmem_##NAME##_wait_until_all(TYPE *ivars, size_t n, const int *status, \
                                                  int cmp, TYPE value)                     \
    { rocshmem_##NAME##_wait_until_all(ivars, n, status, cmp, value); }                    \
    _NVRO_HD size_t nvshmem_##NAME##_wait_until_any(TYPE *ivars, size_t n,                 \
                                                    const int *status, int cmp, TYPE value) \
    { return rocshmem_##NAME##_wait_until_any(ivars, n, status, cmp, value); }             \
    _NVRO_HD size_t nvshmem_##NAME##_wait_until_some(TYPE *ivars, size_t n, size_t *indices, \
                                                     const int *status, int cmp, TYPE value) \
    { return rocshmem_##NAME##_wait_until_some(ivars, n, indices, status, cmp, value); }   \
    _NVRO_HD int nvshmem_##NAME##_test(TYPE *ivar, int cmp, TYPE value)                    \
    { return rocshmem_##NAME##_test(ivar, cmp, value); }
ROCSHMEM_FOR_RMA_TYPES(_NVRO_TYPED_RMA)
#undef _NVRO_TYPED_RMA

_NVRO_HD void nvshmem_putmem_signal(void *dest, const void *source, size_t nelems,
                                    uint64_t *sig_addr, uint64_t signal, int sig_op, int pe)
{
    rocshmem_putmem_signal(dest, source, nelems, sig_addr, signal, sig_op, pe);
}
_NVRO_HD void nvshmem_putmem_signal_nbi(void *dest, const void *source, size_t nelems,
                                        uint64_t *sig_addr, uint64_t signal, int sig_op, int pe)
{
    rocshmem_putmem_signal_nbi(dest, source, nelems, sig_addr, signal, sig_op, pe);
}
_NVRO_HD uint64_t nvshmem_signal_fetch(uint64_t *sig_addr) { return rocshmem_signal_fetch(sig_addr); }
_NVRO_HD uint64_t nvshmem_signal_wait_until(uint64_t *sig_addr, int cmp, uint64_t value)
{
    return rocshmem_signal_wait_until(sig_addr, cmp, value);
}
_NVRO_HD void nvshmemx_signal_op(uint64_t *sig_addr, uint64_t signal, int sig_op, int pe)
{
    if (sig_op == NVSHMEM_SIGNAL_ADD)
        rocshmem_signal_add(sig_addr, signal, pe);
    else
        rocshmem_signal_set(sig_addr, signal, pe);
}

#define _NVRO_AMO_EXTENDED(NAME, TYPE, KIND)                                               \
    _NVRO_HD TYPE nvshmem_##NAME##_atomic_fetch(const TYPE *source, int pe)                \
    { return rocshmem_##NAME##_atomic_fetch((TYPE *)source, pe); }                         \
    _NVRO_HD void nvshmem_##NAME##_atomic_set(TYPE *dest, TYPE value, int pe)              \
    { rocshmem_##NAME##_atomic_set(dest, value, pe); }                                     \
    _NVRO_HD TYPE nvshmem_##NAME##_atomic_swap(TYPE *dest, TYPE value, int pe)             \
    { return rocshmem_##NAME##_atomic_swap(dest, value, pe); }
#define _NVRO_AMO_STANDARD(NAME, TYPE, KIND)                                               \
    _NVRO_HD TYPE nvshmem_##NAME##_atomic_compare_swap(TYPE *dest, TYPE cond, TYPE value, int pe) \
    { return rocshmem_##NAME##_atomic_compare_swap(dest, cond, value, pe); }               \
    _NVRO_HD TYPE nvshmem_##NAME##_atomic_fetch_inc(TYPE *dest, int pe)                    \
    { return rocshmem_##NAME##_atomic_fetch_inc(dest, pe); }                               \
    _NVRO_HD void nvshmem_##NAME##_atomic_inc(TYPE *dest, int pe)                          \
    { rocshmem_##NAME##_atomic_inc(dest, pe); }                                            \
    _NVRO_HD TYPE nvshmem_##NAME##_atomic_fetch_add(TYPE *dest, TYPE value, int pe)        \
    { return rocshmem_##NAME##_atomic_fetch_add(dest, value, pe); }                        \
    _NVRO_HD void nvshmem_##NAME##_atomic_add(TYPE *dest, TYPE value, int pe)              \
    { rocshmem_##NAME##_atomic_add(dest, value, pe); }
#define _NVRO_AMO_BITWISE_OP(NAME, TYPE, OP)                                               \
    _NVRO_HD TYPE nvshmem_##NAME##_atomic_fetch_##OP(TYPE *dest, TYPE value, int pe)       \
    { return rocshmem_##NAME##_atomic_fetch_##OP(dest, value, pe); }                       \
    _NVRO_HD void nvshmem_##NAME##_atomic_##OP(TYPE *dest, TYPE value, int pe)             \
    { rocshmem_##NAME##_atomic_##OP(dest, value, pe); }
#define _NVRO_AMO_BITWISE(NAME, TYPE, KIND)                                                \
    _NVRO_AMO_BITWISE_OP(NAME, TYPE, and) _NVRO_AMO_BITWISE_OP(NAME, TYPE, or)             \
    _NVRO_AMO_BITWISE_OP(NAME, TYPE, xor)
ROCSHMEM_FOR_AMO_EXTENDED_TYPES(_NVRO_AMO_EXTENDED)
ROCSHMEM_FOR_AMO_STANDARD_TYPES(_NVRO_AMO_STANDARD)
ROCSHMEM_FOR_AMO_BITWISE_TYPES(_NVRO_AMO_BITWISE)
#undef _NVRO_AMO_EXTENDED
#undef _NVRO_AMO_STANDARD
#undef _NVRO_AMO_BITWISE
#undef _NVRO_AMO_BITWISE_OP

_NVRO_HD void nvshmem_quiet(void) { rocshmem_quiet(); }
_NVRO_HD void nvshmem_fence(void) { rocshmem_fence(); }

/* ---- collectives: NVSHMEM's return 0 and count in size_t ---------------------------- */
/* The reduction operations of rocshmem's two reduction tables, as X(NAME, TYPE, OP). */
#define _NVRO_ARITH_OPS(X, NAME, TYPE)                                                     \
    X(NAME, TYPE, sum) X(NAME, TYPE, prod) X(NAME, TYPE, min) X(NAME, TYPE, max)
#define _NVRO_BITWISE_OPS(X, NAME, TYPE) X(NAME, TYPE, and) X(NAME, TYPE, or) X(NAME, TYPE, xor)
/* SCOPE: the rocshmem scope (empty, _wave, _wg); NV: NVSHMEM's name suffix; Q: qualifiers. */
#define _NVRO_COLL(Q, PFX, NV, SCOPE)                                                      \
    Q int PFX##barrier##NV(nvshmem_team_t team) { rocshmem_barrier##SCOPE(team); return 0; } \
    Q int PFX##team_sync##NV(nvshmem_team_t team) { rocshmem_team_sync##SCOPE(team); return 0; } \
    Q int PFX##broadcastmem##NV(nvshmem_team_t team, void *dest, const void *source,       \
                                size_t nelems, int root)                                   \
    { rocshmem_broadcastmem##SCOPE(team, dest, source, nelems, root); return 0; }          \
    Q int PFX##fcollectmem##NV(nvshmem_team_t team, void *dest, const void *source, size_t nelems) \
    { rocshmem_fcollectmem##SCOPE(team, dest, source, nelems); return 0; }                 \
    Q int PFX##alltoallmem##NV(nvshmem_team_t team, void *dest, const void *source, size_t nelems) \
    { rocshmem_alltoallmem##SCOPE(team, dest, source, nelems); return 0; }
#define _NVRO_DATA_COLL(Q, PFX, NV, SCOPE, NAME, TYPE)                                     \
    Q int PFX##NAME##_broadcast##NV(nvshmem_team_t team, TYPE *dest, const TYPE *source,   \
                                    size_t nelems, int root)                               \
    { rocshmem_##NAME##_broadcast##SCOPE(team, dest, source, (int)nelems, root); return 0; } \
    Q int PFX##NAME##_fcollect##NV(nvshmem_team_t team, TYPE *dest, const TYPE *source,    \
                                   size_t nelems)                                          \
    { rocshmem_##NAME##_fcollect##SCOPE(team, dest, source, (int)nelems); return 0; }      \
    Q int PFX##NAME##_alltoall##NV(nvshmem_team_t team, TYPE *dest, const TYPE *source,    \
                                   size_t nelems)                                          \
    { rocshmem_##NAME##_alltoall##SCOPE(team, dest, source, (int)nelems); return 0; }
#define _NVRO_REDUCE(Q, PFX, NV, SCOPE, NAME, TYPE, OP)                                    \
    Q int PFX##NAME##_##OP##_reduce##NV(nvshmem_team_t team, TYPE *dest, const TYPE *source, \
                                        size_t nreduce)                                    \
    { return rocshmem_##NAME##_##OP##_reduce##SCOPE(team, dest, source, (int)nreduce); }   \
    Q int PFX##NAME##_##OP##_reducescatter##NV(nvshmem_team_t team, TYPE *dest,            \
                                               const TYPE *source, size_t nreduce)         \
    { return rocshmem_##NAME##_##OP##_reduce_scatter##SCOPE(team, dest, source, (int)nreduce); }

_NVRO_HD void nvshmem_barrier_all(void) { rocshmem_barrier_all(); }
_NVRO_HD void nvshmem_sync_all(void) { rocshmem_sync_all(); }
#define nvshmem_sync nvshmem_team_sync
_NVRO_COLL(_NVRO_HD, nvshmem_, , )
#define _NVRO_DATA_COLL_THREAD(NAME, TYPE, KIND) _NVRO_DATA_COLL(_NVRO_HD, nvshmem_, , , NAME, TYPE)
ROCSHMEM_FOR_RMA_TYPES(_NVRO_DATA_COLL_THREAD)
#undef _NVRO_DATA_COLL_THREAD
#define _NVRO_REDUCE_THREAD(NAME, TYPE, OP) _NVRO_REDUCE(_NVRO_HD, nvshmem_, , , NAME, TYPE, OP)
#define _NVRO_REDUCE_THREAD_ARITH(NAME, TYPE, KIND) _NVRO_ARITH_OPS(_NVRO_REDUCE_THREAD, NAME, TYPE)
#define _NVRO_REDUCE_THREAD_BITWISE(NAME, TYPE, KIND) _NVRO_BITWISE_OPS(_NVRO_REDUCE_THREAD, NAME, TYPE)
ROCSHMEM_FOR_REDUCE_ARITH_TYPES(_NVRO_REDUCE_THREAD_ARITH)
ROCSHMEM_FOR_REDUCE_BITWISE_TYPES(_NVRO_REDUCE_THREAD_BITWISE)
#undef _NVRO_REDUCE_THREAD
#undef _NVRO_REDUCE_THREAD_ARITH
#undef _NVRO_REDUCE_THREAD_BITWISE

/* ---- the _block and _warp forms (device) -------------------------------------------- */
#if defined(__CUDACC__) || defined(__HIPCC__)
#define _NVRO_SCOPED(NV, SCOPE)                                                            \
    _NVRO_D void nvshmemx_putmem##NV(void *dest, const void *source, size_t n, int pe)     \
    { rocshmem_putmem##SCOPE(dest, source, n, pe); }                                       \
    _NVRO_D void nvshmemx_getmem##NV(void *dest, const void *source, size_t n, int pe)     \
    { rocshmem_getmem##SCOPE(dest, source, n, pe); }                                       \
    _NVRO_D void nvshmemx_putmem_nbi##NV(void *dest, const void *source, size_t n, int pe) \
    { rocshmem_putmem_nbi##SCOPE(dest, source, n, pe); }                                   \
    _NVRO_D void nvshmemx_getmem_nbi##NV(void *dest, const void *source, size_t n, int pe) \
    { rocshmem_getmem_nbi##SCOPE(dest, source, n, pe); }                                   \
    _NVRO_D void nvshmemx_putmem_signal##NV(void *dest, const void *source, size_t n,      \
                                            uint64_t *sig_addr, uint64_t signal, int sig_op, \
                                            int pe)                                        \
    { rocshmem_putmem_signal##SCOPE(dest, source, n, sig_addr, signal, sig_op, pe); }      \
    _NVRO_D void nvshmemx_putmem_signal_nbi##NV(void *dest, const void *source, size_t n,  \
                                                uint64_t *sig_addr, uint64_t signal,       \
                                                int sig_op, int pe)                        \
    { rocshmem_putmem_signal_nbi##SCOPE(dest, source, n, sig_addr, signal, sig_op, pe); }  \
    _NVRO_D void nvshmemx_barrier_all##NV(void) { rocshmem_barrier_all##SCOPE(); }         \
    _NVRO_D void nvshmemx_sync_all##NV(void) { rocshmem_sync_all##SCOPE(); }               \
    _NVRO_COLL(_NVRO_D, nvshmemx_, NV, SCOPE)
_NVRO_SCOPED(_block, _wg)
_NVRO_SCOPED(_warp, _wave)
#undef _NVRO_SCOPED
#define _NVRO_TYPED_SCOPED(NAME, TYPE, KIND)                                               \
    _NVRO_TYPED_SCOPED_AS(NAME, TYPE, _block, _wg) _NVRO_TYPED_SCOPED_AS(NAME, TYPE, _warp, _wave)
#define _NVRO_TYPED_SCOPED_AS(NAME, TYPE, NV, SCOPE)                                       \
    _NVRO_D void nvshmemx_##NAME##_put##NV(TYPE *dest, const TYPE *source, size_t n, int pe) \
    { rocshmem_##NAME##_put##SCOPE(dest, source, n, pe); }                                 \
    _NVRO_D void nvshmemx_##NAME##_get##NV(TYPE *dest, const TYPE *source, size_t n, int pe) \
    { rocshmem_##NAME##_get##SCOPE(dest, source, n, pe); }                                 \
    _NVRO_D void nvshmemx_##NAME##_put_nbi##NV(TYPE *dest, const TYPE *source, size_t n, int pe) \
    { rocshmem_##NAME##_put_nbi##SCOPE(dest, source, n, pe); }                             \
    _NVRO_D void nvshmemx_##NAME##_get_nbi##NV(TYPE *dest, const TYPE *source, size_t n, int pe) \
    { rocshmem_##NAME##_get_nbi##SCOPE(dest, source, n, pe); }                             \
    _NVRO_D void nvshmemx_##NAME##_put_signal##NV(TYPE *dest, const TYPE *source, size_t n, \
                                                  uint64_t *sig_addr, uint64_t signal,     \
                                                  int sig_op, int pe)                      \
    { rocshmem_##NAME##_put_signal##SCOPE(dest, source, n, sig_addr, signal, sig_op, pe); } \
    _NVRO_DATA_COLL(_NVRO_D, nvshmemx_, NV, SCOPE, NAME, TYPE)
ROCSHMEM_FOR_RMA_TYPES(_NVRO_TYPED_SCOPED)
#undef _NVRO_TYPED_SCOPED
#undef _NVRO_TYPED_SCOPED_AS
#define _NVRO_REDUCE_SCOPED(NAME, TYPE, OP)                                                \
    _NVRO_REDUCE(_NVRO_D, nvshmemx_, _block, _wg, NAME, TYPE, OP)                          \
    _NVRO_REDUCE(_NVRO_D, nvshmemx_, _warp, _wave, NAME, TYPE, OP)
#define _NVRO_REDUCE_SCOPED_ARITH(NAME, TYPE, KIND) _NVRO_ARITH_OPS(_NVRO_REDUCE_SCOPED, NAME, TYPE)
#define _NVRO_REDUCE_SCOPED_BITWISE(NAME, TYPE, KIND) _NVRO_BITWISE_OPS(_NVRO_REDUCE_SCOPED, NAME, TYPE)
ROCSHMEM_FOR_REDUCE_ARITH_TYPES(_NVRO_REDUCE_SCOPED_ARITH)
ROCSHMEM_FOR_REDUCE_BITWISE_TYPES(_NVRO_REDUCE_SCOPED_BITWISE)
#undef _NVRO_REDUCE_SCOPED
#undef _NVRO_REDUCE_SCOPED_ARITH
#undef _NVRO_REDUCE_SCOPED_BITWISE
#endif

/* ---- stream-ordered calls (GPU builds) ---------------------------------------------- */
#if ROCSHMEM_RO_TARGET_CUDA || ROCSHMEM_RO_TARGET_HIP
_NVRO_H void nvshmemx_putmem_on_stream(void *dest, const void *source, size_t n, int pe,
                                       rocshmem_ro_stream_t stream)
{
    rocshmem_putmem_on_stream(dest, source, n, pe, stream);
}
_NVRO_H void nvshmemx_getmem_on_stream(void *dest, const void *source, size_t n, int pe,
                                       rocshmem_ro_stream_t stream)
{
    rocshmem_getmem_on_stream(dest, source, n, pe, stream);
}
_NVRO_H void nvshmemx_putmem_signal_on_stream(void *dest, const void *source, size_t n,
                                              uint64_t *sig_addr, uint64_t signal, int sig_op,
                                              int pe, rocshmem_ro_stream_t stream)
{
    rocshmem_putmem_signal_on_stream(dest, source, n, sig_addr, signal, sig_op, pe, stream);
}
_NVRO_H void nvshmemx_signal_wait_until_on_stream(uint64_t *sig_addr, int cmp, uint64_t value,
                                                  rocshmem_ro_stream_t stream)
{
    rocshmem_signal_wait_until_on_stream(sig_addr, cmp, value, stream);
}
_NVRO_H void nvshmemx_quiet_on_stream(rocshmem_ro_stream_t stream) { rocshmem_quiet_on_stream(stream); }
_NVRO_H void nvshmemx_barrier_all_on_stream(rocshmem_ro_stream_t stream)
{
    rocshmem_barrier_all_on_stream(stream);
}
_NVRO_H void nvshmemx_sync_all_on_stream(rocshmem_ro_stream_t stream)
{
    rocshmem_sync_all_on_stream(stream);
}
_NVRO_H int nvshmemx_barrier_on_stream(nvshmem_team_t team, rocshmem_ro_stream_t stream)
{
    rocshmem_barrier_on_stream(team, stream);
    return 0;
}
_NVRO_H int nvshmemx_team_sync_on_stream(nvshmem_team_t team, rocshmem_ro_stream_t stream)
{
    rocshmem_team_sync_on_stream(team, stream);
    return 0;
}
_NVRO_H int nvshmemx_alltoallmem_on_stream(nvshmem_team_t team, void *dest, const void *source,
                                           size_t n, rocshmem_ro_stream_t stream)
{
    rocshmem_alltoallmem_on_stream(team, dest, source, n, stream);
    return 0;
}
_NVRO_H int nvshmemx_broadcastmem_on_stream(nvshmem_team_t team, void *dest, const void *source,
                                            size_t n, int root, rocshmem_ro_stream_t stream)
{
    rocshmem_broadcastmem_on_stream(team, dest, source, n, root, stream);
    return 0;
}
#define _NVRO_REDUCE_ON_STREAM(NAME, TYPE, OP)                                             \
    _NVRO_H int nvshmemx_##NAME##_##OP##_reduce_on_stream(nvshmem_team_t team, TYPE *dest, \
                                                          const TYPE *source, size_t n,    \
                                                          rocshmem_ro_stream_t stream)     \
    {                                                                                      \
        return rocshmem_ctx_##NAME##_##OP##_reduce_on_stream(ROCSHMEM_CTX_DEFAULT, team, dest, \
                                                             source, (int)n, stream);      \
    }
#define _NVRO_REDUCE_ON_STREAM_ARITH(NAME, TYPE, KIND) _NVRO_ARITH_OPS(_NVRO_REDUCE_ON_STREAM, NAME, TYPE)
#define _NVRO_REDUCE_ON_STREAM_BITWISE(NAME, TYPE, KIND) _NVRO_BITWISE_OPS(_NVRO_REDUCE_ON_STREAM, NAME, TYPE)
ROCSHMEM_FOR_REDUCE_ARITH_TYPES(_NVRO_REDUCE_ON_STREAM_ARITH)
ROCSHMEM_FOR_REDUCE_BITWISE_TYPES(_NVRO_REDUCE_ON_STREAM_BITWISE)
#undef _NVRO_REDUCE_ON_STREAM
#undef _NVRO_REDUCE_ON_STREAM_ARITH
#undef _NVRO_REDUCE_ON_STREAM_BITWISE
#endif

/* NVSHMEM launches kernels that call collectives with every block resident at once: a
 * cooperative launch gives that here too. */
#if defined(__CUDACC__)
_NVRO_H int nvshmemx_collective_launch(const void *func, dim3 grid, dim3 block, void **args,
                                       size_t shared_mem, cudaStream_t stream)
{
    return cudaLaunchCooperativeKernel(func, grid, block, args, shared_mem, stream) == cudaSuccess
               ? 0 : NVSHMEMX_ERROR_COLLECTIVE_LAUNCH_FAILED;
}
#elif defined(__HIPCC__)
_NVRO_H int nvshmemx_collective_launch(const void *func, dim3 grid, dim3 block, void **args,
                                       size_t shared_mem, hipStream_t stream)
{
    return hipLaunchCooperativeKernel(func, grid, block, args, (unsigned int)shared_mem, stream) ==
                   hipSuccess ? 0 : NVSHMEMX_ERROR_COLLECTIVE_LAUNCH_FAILED;
}
#endif

#endif
