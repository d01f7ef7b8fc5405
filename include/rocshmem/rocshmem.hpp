/* rocSHMEM's C++ dialect. A program written for AMD rocSHMEM 2.x or 3.x (this include line,
 * `using namespace rocshmem;` or `rocshmem::` names) builds unchanged, with hipcc or nvcc or
 * a host C++ compiler, and links librocshmem_ro.
 *
 * The C API (rocshmem.h) is included into namespace rocshmem: every name of it is there,
 * with C linkage (the same functions the C header names). Added here is what C cannot say:
 * rocSHMEM's overloads (fence(pe), barrier() on the world team, init with an MPI
 * communicator), comparison of contexts, the unique id as std::array, the constants rocSHMEM
 * has as C++ constants, and the 2.x and 3.0 names, deprecated as rocSHMEM deprecates them.
 * As rocSHMEM's does, init starts MPI when the program links MPI and it is not running yet,
 * and finalize then ends it.
 *
 * Include it before any other header of this library (its names live in the namespace only,
 * the C headers' at global scope). README: "rocSHMEM (rocshmem.hpp)". */
#ifndef ROCSHMEM_HPP
#define ROCSHMEM_HPP

#ifndef __cplusplus
#error "rocshmem/rocshmem.hpp is rocSHMEM's C++ header; C programs include <rocshmem/rocshmem.h>"
#endif
#ifdef ROCSHMEM_H
#error "include <rocshmem/rocshmem.hpp> before rocshmem.h, shmem.h and nvshmem.h (it puts rocshmem.h's names into namespace rocshmem; the C headers need them global); one translation unit uses one dialect"
#endif

#include <array>
#include <cstddef>
#include <cstdint>
#include <stddef.h>
#include <stdint.h>
#if defined(__HIPCC__)
#include <hip/hip_runtime.h>
#elif defined(__CUDACC__)
#include <cuda_runtime.h>
#endif
/* rocSHMEM's header brings MPI in, and its programs call MPI without including <mpi.h>.
 * Here: when the program's build sees <mpi.h> (mpicxx, or -I to an MPI). */
#if !defined(ROCSHMEM_RO_NO_MPI) && defined(__has_include)
#if __has_include(<mpi.h>)
#include <mpi.h>
#define ROCSHMEM_RO_HAVE_MPI 1
#endif
#endif

/* The stream types, global as the runtimes declare them, so that rocshmem.h's stream calls
 * take the program's cudaStream_t or hipStream_t. */
struct CUstream_st;
struct ihipStream_t;

#define ROCSHMEM_RO_CXX_API 1
namespace rocshmem {
#include <rocshmem/rocshmem.h>

/* ---- constants: rocSHMEM's names and values, as constants ------------------------------ */
#undef ROCSHMEM_TEAM_INVALID
constexpr rocshmem_team_t ROCSHMEM_TEAM_INVALID = nullptr;
constexpr char VERSION[] = ROCSHMEM_VERSION;
/* pSync and work-array sizes of the active-set collectives (the broadcast below uses
 * ROCSHMEM_BCAST_SYNC_SIZE longs, each ROCSHMEM_SYNC_VALUE before the call). */
constexpr std::size_t ROCSHMEM_REDUCE_MIN_WRKDATA_SIZE = 1024;
constexpr std::size_t ROCSHMEM_BARRIER_SYNC_SIZE = 256;
constexpr std::size_t ROCSHMEM_REDUCE_SYNC_SIZE = 256;
constexpr std::size_t ROCSHMEM_BCAST_SYNC_SIZE = 256;
constexpr std::size_t ROCSHMEM_ALLTOALL_SYNC_SIZE = 257;
constexpr std::size_t ROCSHMEM_FCOLLECT_SYNC_SIZE = 257;
constexpr long ROCSHMEM_SYNC_VALUE = 0;

/* Two handles of one context compare equal; ROCSHMEM_CTX_INVALID names none. */
ROCSHMEM_HOST_DEVICE inline bool operator==(const rocshmem_ctx_t &a, const rocshmem_ctx_t &b)
{
    return a.ctx_opaque == b.ctx_opaque;
}
ROCSHMEM_HOST_DEVICE inline bool operator!=(const rocshmem_ctx_t &a, const rocshmem_ctx_t &b)
{
    return !(a == b);
}

/* ---- init ------------------------------------------------------------------------------ */
/* The library's entries that the overloads call (C linkage: the same functions). */
namespace ro_c {
extern "C" {
void rocshmem_init(void);
int  rocshmem_init_thread(int requested, int *provided);
int  rocshmem_init_attr(unsigned int flags, rocshmem_init_attr_t *attr);
int  rocshmem_ro_mpi_start(void);
void rocshmem_ro_broadcast_aset(void *dest, const void *source, int nelems, std::size_t esize,
                                int root, int start, int log_stride, int size, long *pSync);
}
}

/* A GPU translation unit also publishes the runtime to the device library (rocshmem.h). */
inline void rocshmem_init()
{
    ro_c::rocshmem_ro_mpi_start();
#if defined(__CUDACC__) || defined(__HIPCC__)
    rocshmem_ro_init_gpu();
#else
    ro_c::rocshmem_init();
#endif
}

inline int rocshmem_init_thread(int requested, int *provided)
{
    ro_c::rocshmem_ro_mpi_start();
#if defined(__CUDACC__) || defined(__HIPCC__)
    return rocshmem_ro_init_thread_gpu(requested, provided);
#else
    return ro_c::rocshmem_init_thread(requested, provided);
#endif
}

inline int rocshmem_init_attr(unsigned int flags, rocshmem_init_attr_t *attr)
{
    ro_c::rocshmem_ro_mpi_start();
#if defined(__CUDACC__) || defined(__HIPCC__)
    return rocshmem_ro_init_attr_gpu(flags, attr);
#else
    return ro_c::rocshmem_init_attr(flags, attr);
#endif
}

#ifdef ROCSHMEM_RO_HAVE_MPI
/* rocSHMEM 2.x: the PEs are comm's ranks (librocshmem_ro_mpi.so, built for the MPI the
 * program uses). A failure ends the job through comm. */
[[deprecated("rocSHMEM 3.x: rocshmem_init(), or rocshmem_init_attr with ROCSHMEM_INIT_WITH_MPI_COMM")]]
inline void rocshmem_init(MPI_Comm comm)
{
    rocshmem_init_attr_t attr = {};

    attr.mpi_comm = &comm;
    if (rocshmem_init_attr(ROCSHMEM_INIT_WITH_MPI_COMM, &attr) != ROCSHMEM_SUCCESS)
        MPI_Abort(comm, 1);
}

/* The level granted is what rocshmem_query_thread says: init over a communicator grants
 * ROCSHMEM_THREAD_SINGLE, which OpenSHMEM allows below the one requested. */
[[deprecated("rocSHMEM 3.x: rocshmem_init_thread(requested, provided)")]]
inline int rocshmem_init_thread(int requested, int *provided, MPI_Comm comm)
{
    rocshmem_init_attr_t attr = {};
    int rc;

    (void)requested;
    attr.mpi_comm = &comm;
    rc = rocshmem_init_attr(ROCSHMEM_INIT_WITH_MPI_COMM, &attr);
    if (rc == ROCSHMEM_SUCCESS && provided)
        rocshmem_query_thread(provided);
    return rc;
}
#endif

/* ---- rocSHMEM's overloads -------------------------------------------------------------- */
ROCSHMEM_HOST_DEVICE inline void rocshmem_fence(int pe) { rocshmem_fence_pe(pe); }
ROCSHMEM_HOST_DEVICE inline void rocshmem_ctx_fence(rocshmem_ctx_t ctx, int pe)
{
    rocshmem_ctx_fence_pe(ctx, pe);
}
/* rocSHMEM 3.4: a barrier of the world team. */
ROCSHMEM_HOST_DEVICE inline void rocshmem_barrier() { rocshmem_barrier(ROCSHMEM_TEAM_WORLD); }
ROCSHMEM_HOST_DEVICE inline void rocshmem_barrier_wave() { rocshmem_barrier_wave(ROCSHMEM_TEAM_WORLD); }
ROCSHMEM_HOST_DEVICE inline void rocshmem_barrier_wg() { rocshmem_barrier_wg(ROCSHMEM_TEAM_WORLD); }

/* Host: the active-set broadcast (PE_root an index in the set, pSync of
 * ROCSHMEM_BCAST_SYNC_SIZE longs). It runs on the default context, whichever ctx is given. */
#define ROCSHMEM_RO_HPP_ASET_BROADCAST(NAME, TYPE, KIND)                                    \
    inline void rocshmem_ctx_##NAME##_broadcast(rocshmem_ctx_t ctx, TYPE *dest,             \
                                                const TYPE *source, int nelems, int pe_root, \
                                                int pe_start, int log_pe_stride, int pe_size, \
                                                long *p_sync)                               \
    {                                                                                       \
        (void)ctx;                                                                          \
        ro_c::rocshmem_ro_broadcast_aset(dest, source, nelems, sizeof(TYPE), pe_root,       \
                                         pe_start, log_pe_stride, pe_size, p_sync);        \
    }
ROCSHMEM_FOR_RMA_TYPES(ROCSHMEM_RO_HPP_ASET_BROADCAST)
#undef ROCSHMEM_RO_HPP_ASET_BROADCAST

/* ---- rocSHMEM 2.x and 3.0 names, deprecated there -------------------------------------- */
#define ROCSHMEM_RO_HPP_RENAMED(NEW) [[deprecated("rocSHMEM 3.x renamed it " NEW)]] ROCSHMEM_HOST_DEVICE inline

/* A workgroup needs no setup of its own (rocSHMEM 3.1 made these no-ops too). */
[[deprecated("rocSHMEM 3.1: not needed")]] ROCSHMEM_HOST_DEVICE inline void rocshmem_wg_init() {}
[[deprecated("rocSHMEM 3.1: not needed")]] ROCSHMEM_HOST_DEVICE inline void rocshmem_wg_finalize() {}
[[deprecated("rocSHMEM 3.1: not needed; rocshmem_query_thread says the level")]]
ROCSHMEM_HOST_DEVICE inline void rocshmem_wg_init_thread(int requested, int *provided)
{
    (void)requested;
    rocshmem_query_thread(provided);
}

ROCSHMEM_RO_HPP_RENAMED("rocshmem_ctx_barrier_all_wg")
void rocshmem_ctx_wg_barrier_all(rocshmem_ctx_t ctx) { rocshmem_ctx_barrier_all_wg(ctx); }
ROCSHMEM_RO_HPP_RENAMED("rocshmem_barrier_all_wg")
void rocshmem_wg_barrier_all() { rocshmem_barrier_all_wg(); }
ROCSHMEM_RO_HPP_RENAMED("rocshmem_ctx_sync_all_wg")
void rocshmem_ctx_wg_sync_all(rocshmem_ctx_t ctx) { rocshmem_ctx_sync_all_wg(ctx); }
ROCSHMEM_RO_HPP_RENAMED("rocshmem_sync_all_wg")
void rocshmem_wg_sync_all() { rocshmem_sync_all_wg(); }
ROCSHMEM_RO_HPP_RENAMED("rocshmem_ctx_sync_wg")
void rocshmem_ctx_wg_team_sync(rocshmem_ctx_t ctx, rocshmem_team_t team)
{
    rocshmem_ctx_sync_wg(ctx, team);
}
ROCSHMEM_RO_HPP_RENAMED("rocshmem_ctx_sync_wg")
void rocshmem_wg_team_sync(rocshmem_team_t team) { rocshmem_team_sync_wg(team); }

/* The _wg_ infix collectives of 2.x, for every type rocshmem.h has. */
#define ROCSHMEM_RO_HPP_2X_DATA_COLL(NAME, TYPE, KIND)                                      \
    ROCSHMEM_RO_HPP_RENAMED("rocshmem_ctx_" #NAME "_broadcast_wg")                          \
    void rocshmem_ctx_##NAME##_wg_broadcast(rocshmem_ctx_t ctx, rocshmem_team_t team,        \
                                            TYPE *dest, const TYPE *source, int nelems,      \
                                            int pe_root)                                     \
    {                                                                                       \
        rocshmem_ctx_##NAME##_broadcast_wg(ctx, team, dest, source, nelems, pe_root);       \
    }                                                                                       \
    ROCSHMEM_RO_HPP_RENAMED("rocshmem_ctx_" #NAME "_fcollect_wg")                           \
    void rocshmem_ctx_##NAME##_wg_fcollect(rocshmem_ctx_t ctx, rocshmem_team_t team,         \
                                           TYPE *dest, const TYPE *source, int nelems)       \
    {                                                                                       \
        rocshmem_ctx_##NAME##_fcollect_wg(ctx, team, dest, source, nelems);                 \
    }                                                                                       \
    ROCSHMEM_RO_HPP_RENAMED("rocshmem_ctx_" #NAME "_alltoall_wg")                           \
    void rocshmem_ctx_##NAME##_wg_alltoall(rocshmem_ctx_t ctx, rocshmem_team_t team,         \
                                           TYPE *dest, const TYPE *source, int nelems)       \
    {                                                                                       \
        rocshmem_ctx_##NAME##_alltoall_wg(ctx, team, dest, source, nelems);                 \
    }
ROCSHMEM_FOR_RMA_TYPES(ROCSHMEM_RO_HPP_2X_DATA_COLL)
#undef ROCSHMEM_RO_HPP_2X_DATA_COLL

#define ROCSHMEM_RO_HPP_2X_REDUCE(NAME, TYPE, OP)                                           \
    ROCSHMEM_RO_HPP_RENAMED("rocshmem_ctx_" #NAME "_" #OP "_reduce_wg")                     \
    int rocshmem_ctx_##NAME##_##OP##_wg_reduce(rocshmem_ctx_t ctx, rocshmem_team_t team,     \
                                               TYPE *dest, const TYPE *source, int nreduce)  \
    {                                                                                       \
        return rocshmem_ctx_##NAME##_##OP##_reduce_wg(ctx, team, dest, source, nreduce);    \
    }
#define ROCSHMEM_RO_HPP_2X_REDUCE_ARITH(NAME, TYPE, KIND)                                   \
    ROCSHMEM_RO_HPP_2X_REDUCE(NAME, TYPE, sum) ROCSHMEM_RO_HPP_2X_REDUCE(NAME, TYPE, prod)  \
    ROCSHMEM_RO_HPP_2X_REDUCE(NAME, TYPE, min) ROCSHMEM_RO_HPP_2X_REDUCE(NAME, TYPE, max)
#define ROCSHMEM_RO_HPP_2X_REDUCE_BITWISE(NAME, TYPE, KIND)                                 \
    ROCSHMEM_RO_HPP_2X_REDUCE(NAME, TYPE, and) ROCSHMEM_RO_HPP_2X_REDUCE(NAME, TYPE, or)    \
    ROCSHMEM_RO_HPP_2X_REDUCE(NAME, TYPE, xor)
ROCSHMEM_FOR_REDUCE_ARITH_TYPES(ROCSHMEM_RO_HPP_2X_REDUCE_ARITH)
ROCSHMEM_FOR_REDUCE_BITWISE_TYPES(ROCSHMEM_RO_HPP_2X_REDUCE_BITWISE)
#undef ROCSHMEM_RO_HPP_2X_REDUCE_ARITH
#undef ROCSHMEM_RO_HPP_2X_REDUCE_BITWISE
#undef ROCSHMEM_RO_HPP_2X_REDUCE
#undef ROCSHMEM_RO_HPP_RENAMED

} /* namespace rocshmem */

#endif /* ROCSHMEM_HPP */
