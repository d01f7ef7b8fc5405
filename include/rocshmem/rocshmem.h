/* rocshmem_ro public API: OpenSHMEM 1.5 with rocSHMEM's names, as C.
 * Compiles as C11 (CPU-only PEs), and is written so that nvcc and hipcc accept it too.
 * API.md in the project documents the contract; this header is its C form. */
#ifndef ROCSHMEM_H
#define ROCSHMEM_H

#include <stddef.h>
#include <stdint.h>

#include <rocshmem/rocshmem_version.h>
#include <rocshmem/rocshmem_typelists.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Host and device. In a plain C build every API is an ordinary host function. In a GPU
 * translation unit the host forms come from librocshmem_ro and the device forms from the
 * device library (librocshmem_ro_device.a); ROCSHMEM_RO_DEVICE_LIB is defined only while
 * that library itself is compiled. */
#if defined(ROCSHMEM_RO_DEVICE_LIB)
#define ROCSHMEM_HOST_DEVICE __device__
#elif defined(__CUDACC__) || defined(__HIPCC__)
#define ROCSHMEM_HOST_DEVICE __host__ __device__
#else
#define ROCSHMEM_HOST_DEVICE
#endif
#define ROCSHMEM_API ROCSHMEM_HOST_DEVICE

enum { ROCSHMEM_SUCCESS = 0, ROCSHMEM_ERROR = 1 };

enum rocshmem_cmp {
    ROCSHMEM_CMP_EQ = 0, ROCSHMEM_CMP_NE = 1, ROCSHMEM_CMP_GT = 2,
    ROCSHMEM_CMP_GE = 3, ROCSHMEM_CMP_LT = 4, ROCSHMEM_CMP_LE = 5
};

enum rocshmem_signal_op { ROCSHMEM_SIGNAL_SET = 0, ROCSHMEM_SIGNAL_ADD = 1 };

enum rocshmem_thread_level {
    ROCSHMEM_THREAD_SINGLE = 0, ROCSHMEM_THREAD_FUNNELED = 1, ROCSHMEM_THREAD_WG_FUNNELED = 2,
    ROCSHMEM_THREAD_SERIALIZED = 3, ROCSHMEM_THREAD_MULTIPLE = 4
};

/* Context options for rocshmem_ctx_create, rocSHMEM's names and values. Constants, not
 * macros, so that rocshmem.hpp's namespace holds them too. */
enum rocshmem_ctx_options {
    ROCSHMEM_CTX_ZERO = 0, ROCSHMEM_CTX_NOSTORE = 1, ROCSHMEM_CTX_SERIALIZED = 2,
    ROCSHMEM_CTX_WG_PRIVATE = 4, ROCSHMEM_CTX_SHARED = 8
};

/* rocSHMEM's names of the reduction operations (its C++ programs template on them). */
enum ROCSHMEM_OP {
    ROCSHMEM_SUM, ROCSHMEM_MAX, ROCSHMEM_MIN, ROCSHMEM_PROD, ROCSHMEM_AND, ROCSHMEM_OR,
    ROCSHMEM_XOR, ROCSHMEM_REPLACE
};

/* A context is passed by value; ctx_opaque names the library's context object. */
typedef struct rocshmem_ctx {
    void *ctx_opaque;
    void *team_opaque;
} rocshmem_ctx_t;

typedef struct ro_team *rocshmem_team_t;
typedef struct { int num_contexts; } rocshmem_team_config_t;

/* Device code sees the device library's copies of these handles (set by rocshmem_init). */
#if defined(__CUDACC__) || defined(__HIPCC__)
extern __constant__ rocshmem_ctx_t rocshmem_ro_ctx_default_d;
extern __constant__ rocshmem_ctx_t rocshmem_ro_ctx_invalid_d;
extern __constant__ rocshmem_team_t rocshmem_ro_team_world_d;
extern __constant__ rocshmem_team_t rocshmem_ro_team_shared_d;
#endif
#if defined(__CUDA_ARCH__) || defined(__HIP_DEVICE_COMPILE__)
#define ROCSHMEM_CTX_DEFAULT rocshmem_ro_ctx_default_d
#define ROCSHMEM_CTX_INVALID rocshmem_ro_ctx_invalid_d
#define ROCSHMEM_TEAM_WORLD rocshmem_ro_team_world_d
#define ROCSHMEM_TEAM_SHARED rocshmem_ro_team_shared_d
#else
extern rocshmem_ctx_t ROCSHMEM_CTX_DEFAULT;
extern const rocshmem_ctx_t ROCSHMEM_CTX_INVALID;
/* Set by rocshmem_init. TEAM_SHARED: the PEs whose heap this PE reaches by load and store
 * (rocshmem_ptr gives non-NULL), this PE included. */
extern rocshmem_team_t ROCSHMEM_TEAM_WORLD;
extern rocshmem_team_t ROCSHMEM_TEAM_SHARED;
#endif
#define ROCSHMEM_TEAM_INVALID ((rocshmem_team_t)0)

/* Init without a launcher (rocSHMEM 3.x): one process makes a unique id, the application
 * hands it to every rank (a file, a socket, its own MPI), and each rank passes it with its
 * rank and the number of ranks to rocshmem_init_attr. */
#define ROCSHMEM_UNIQUE_ID_BYTES 128
#if defined(__cplusplus) && defined(ROCSHMEM_RO_CXX_API)
/* rocshmem.hpp: rocSHMEM's type, same size and alignment as the C struct below. */
typedef std::array<uint8_t, ROCSHMEM_UNIQUE_ID_BYTES> rocshmem_uniqueid_t;
#else
typedef struct { char internal[ROCSHMEM_UNIQUE_ID_BYTES]; } rocshmem_uniqueid_t;
#endif
typedef struct {
    int32_t rank;              /* 0 .. nranks - 1: becomes the PE number */
    int32_t nranks;            /* the number of PEs */
    rocshmem_uniqueid_t uid;   /* ROCSHMEM_INIT_WITH_UNIQUEID */
    void *mpi_comm;            /* ROCSHMEM_INIT_WITH_MPI_COMM: points to the program's MPI_Comm */
} rocshmem_init_attr_t;
enum rocshmem_init_flags { ROCSHMEM_INIT_WITH_MPI_COMM = 0, ROCSHMEM_INIT_WITH_UNIQUEID = 1 };

/* ---- setup and memory (host) ------------------------------------------------------ */
/* rocshmem.hpp (ROCSHMEM_RO_CXX_API) declares the three init calls itself, as C++ overloads
 * with rocSHMEM's MPI forms beside them. */
#ifndef ROCSHMEM_RO_CXX_API
void  rocshmem_init(void);
/* Returns ROCSHMEM_SUCCESS and the level granted (at most THREAD_MULTIPLE). */
int   rocshmem_init_thread(int requested, int *provided);
#endif
/* Makes a unique id, before init: opens a listening TCP socket (on ROCSHMEM_BOOTSTRAP_IFACE,
 * port ROCSHMEM_BOOTSTRAP_PORT) and writes its address, port and a random secret into
 * *uid. The process that calls it serves the rendezvous, so it must also call
 * rocshmem_init_attr with that id, as one of the ranks (any rank). The socket stays open
 * until then (or rocshmem_finalize); a second call makes a new id and closes the first's
 * socket. ROCSHMEM_SUCCESS or ROCSHMEM_ERROR, with a message. */
int   rocshmem_get_uniqueid(rocshmem_uniqueid_t *uid);
/* Fills attr's rank, nranks and uid for ROCSHMEM_INIT_WITH_UNIQUEID. ROCSHMEM_ERROR, with a
 * message and attr unchanged, for a NULL pointer, nranks < 1, a rank outside
 * 0..nranks - 1, or a uid that rocshmem_get_uniqueid did not make. */
int   rocshmem_set_attr_uniqueid_args(int rank, int nranks, rocshmem_uniqueid_t *uid,
                                      rocshmem_init_attr_t *attr);
/* rocshmem_init_thread(ROCSHMEM_THREAD_SINGLE) with the PEs found as `flags` says:
 * ROCSHMEM_INIT_WITH_UNIQUEID: every rank of attr->nranks calls it with the same uid and
 * its own attr->rank; they meet at the process that made the uid, each waiting at most
 * ROCSHMEM_RO_TIMEOUT. ROCSHMEM_SUCCESS (0), or ROCSHMEM_ERROR with a message (NULL attr,
 * unknown flags, already initialized, a rank that was refused or a rendezvous that did not
 * complete). */
#ifndef ROCSHMEM_RO_CXX_API
int   rocshmem_init_attr(unsigned int flags, rocshmem_init_attr_t *attr);
#endif
ROCSHMEM_API void rocshmem_query_thread(int *provided);
void  rocshmem_finalize(void);
#if (defined(__CUDACC__) || defined(__HIPCC__)) && !defined(ROCSHMEM_RO_DEVICE_LIB)
/* In a GPU translation unit init also publishes the runtime to device code, which lives in
 * librocshmem_ro_device.a (link it, with -rdc=true). Host-only translation units may call
 * init as well, as long as one GPU translation unit calls it. */
void  rocshmem_ro_init_gpu(void);
int   rocshmem_ro_init_thread_gpu(int requested, int *provided);
int   rocshmem_ro_init_attr_gpu(unsigned int flags, rocshmem_init_attr_t *attr);
#ifndef ROCSHMEM_RO_CXX_API
#define rocshmem_init() rocshmem_ro_init_gpu()
#define rocshmem_init_thread(requested, provided) rocshmem_ro_init_thread_gpu((requested), (provided))
#define rocshmem_init_attr(flags, attr) rocshmem_ro_init_attr_gpu((flags), (attr))
#endif
#endif
/* Ends every PE of the job with `status`; does not return. */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((noreturn))
#endif
void  rocshmem_global_exit(int status);
ROCSHMEM_API int rocshmem_my_pe(void);
ROCSHMEM_API int rocshmem_n_pes(void);
void  rocshmem_info_get_version(int *major, int *minor);
/* Writes the name and its terminator: at most ROCSHMEM_MAX_NAME_LEN bytes. */
void  rocshmem_info_get_name(char *name);
/* This library's version (ROCSHMEM_VENDOR_{MAJOR,MINOR,PATCH}_VERSION). */
void  rocshmem_vendor_get_version_info(int *major, int *minor, int *patch);

/* Collective. NULL (on every PE) on exhaustion, zero size, overflow or bad alignment. */
void *rocshmem_malloc(size_t size);
void *rocshmem_align(size_t alignment, size_t size);
void *rocshmem_calloc(size_t count, size_t size);
void  rocshmem_free(void *ptr);
/* Address of `dest` on `pe` usable with loads/stores, or NULL where there is none. */
ROCSHMEM_API void *rocshmem_ptr(const void *dest, int pe);

/* ROCSHMEM_SUCCESS, or ROCSHMEM_ERROR once ROCSHMEM_MAX_NUM_CONTEXTS are in use. */
int   rocshmem_ctx_create(long options, rocshmem_ctx_t *ctx);
void  rocshmem_ctx_destroy(rocshmem_ctx_t ctx);
/* Device, _wg scope: every thread of the workgroup gets the same context. */
ROCSHMEM_API int  rocshmem_wg_ctx_create(long options, rocshmem_ctx_t *ctx);
ROCSHMEM_API int  rocshmem_wg_team_create_ctx(rocshmem_team_t team, long options, rocshmem_ctx_t *ctx);
ROCSHMEM_API void rocshmem_wg_ctx_destroy(rocshmem_ctx_t *ctx);
ROCSHMEM_API int rocshmem_ctx_my_pe(rocshmem_ctx_t ctx);
ROCSHMEM_API int rocshmem_ctx_n_pes(rocshmem_ctx_t ctx);

/* Team queries (host and device): -1 for ROCSHMEM_TEAM_INVALID or a PE outside the team. */
ROCSHMEM_API int rocshmem_team_my_pe(rocshmem_team_t team);
ROCSHMEM_API int rocshmem_team_n_pes(rocshmem_team_t team);
ROCSHMEM_API int rocshmem_team_translate_pe(rocshmem_team_t src, int src_pe, rocshmem_team_t dest);

/* ---- RMA -------------------------------------------------------------------------- */
/* Blocking put returns once `source` may be reused; blocking get returns with the data
 * in `dest`; _nbi forms complete at the next quiet. */
/* Every RMA form has _wave and _wg versions (SCOPE below): all members of the wave or
 * workgroup call with the same arguments, and all return when the operation is done. */
#define ROCSHMEM_DECL_MEM_RMA_SCOPE(OP, SCOPE)                                           \
    ROCSHMEM_API void rocshmem_##OP##SCOPE(void *dest, const void *source, size_t nbytes, int pe); \
    ROCSHMEM_API void rocshmem_ctx_##OP##SCOPE(rocshmem_ctx_t ctx, void *dest, const void *source, \
                                               size_t nbytes, int pe);
#define ROCSHMEM_DECL_MEM_RMA(OP)                                                        \
    ROCSHMEM_DECL_MEM_RMA_SCOPE(OP, ) ROCSHMEM_DECL_MEM_RMA_SCOPE(OP, _wave)             \
    ROCSHMEM_DECL_MEM_RMA_SCOPE(OP, _wg)
ROCSHMEM_DECL_MEM_RMA(putmem)
ROCSHMEM_DECL_MEM_RMA(getmem)
ROCSHMEM_DECL_MEM_RMA(putmem_nbi)
ROCSHMEM_DECL_MEM_RMA(getmem_nbi)
#undef ROCSHMEM_DECL_MEM_RMA
#undef ROCSHMEM_DECL_MEM_RMA_SCOPE

#define ROCSHMEM_DECL_TYPED_RMA_SCOPE(NAME, TYPE, OP, SCOPE)                             \
    ROCSHMEM_API void rocshmem_##NAME##_##OP##SCOPE(TYPE *dest, const TYPE *source,      \
                                                    size_t nelems, int pe);              \
    ROCSHMEM_API void rocshmem_ctx_##NAME##_##OP##SCOPE(rocshmem_ctx_t ctx, TYPE *dest,  \
                                                        const TYPE *source, size_t nelems, int pe);
#define ROCSHMEM_DECL_TYPED_RMA_OP(NAME, TYPE, OP)                                       \
    ROCSHMEM_DECL_TYPED_RMA_SCOPE(NAME, TYPE, OP, )                                      \
    ROCSHMEM_DECL_TYPED_RMA_SCOPE(NAME, TYPE, OP, _wave)                                 \
    ROCSHMEM_DECL_TYPED_RMA_SCOPE(NAME, TYPE, OP, _wg)
#define ROCSHMEM_DECL_TYPED_RMA(NAME, TYPE, KIND)                                        \
    ROCSHMEM_DECL_TYPED_RMA_OP(NAME, TYPE, put) ROCSHMEM_DECL_TYPED_RMA_OP(NAME, TYPE, put_nbi) \
    ROCSHMEM_DECL_TYPED_RMA_OP(NAME, TYPE, get) ROCSHMEM_DECL_TYPED_RMA_OP(NAME, TYPE, get_nbi) \
    ROCSHMEM_API void rocshmem_##NAME##_p(TYPE *dest, TYPE value, int pe);               \
    ROCSHMEM_API void rocshmem_ctx_##NAME##_p(rocshmem_ctx_t ctx, TYPE *dest, TYPE value, int pe); \
    ROCSHMEM_API TYPE rocshmem_##NAME##_g(const TYPE *source, int pe);                   \
    ROCSHMEM_API TYPE rocshmem_ctx_##NAME##_g(rocshmem_ctx_t ctx, const TYPE *source, int pe);
ROCSHMEM_FOR_RMA_TYPES(ROCSHMEM_DECL_TYPED_RMA)
#undef ROCSHMEM_DECL_TYPED_RMA
#undef ROCSHMEM_DECL_TYPED_RMA_OP
#undef ROCSHMEM_DECL_TYPED_RMA_SCOPE

/* ---- atomics ---------------------------------------------------------------------- */
#define ROCSHMEM_DECL_AMO_EXTENDED(NAME, TYPE, KIND)                                     \
    ROCSHMEM_API TYPE rocshmem_##NAME##_atomic_fetch(TYPE *source, int pe);              \
    ROCSHMEM_API TYPE rocshmem_ctx_##NAME##_atomic_fetch(rocshmem_ctx_t ctx, TYPE *source, int pe); \
    ROCSHMEM_API void rocshmem_##NAME##_atomic_set(TYPE *dest, TYPE value, int pe);      \
    ROCSHMEM_API void rocshmem_ctx_##NAME##_atomic_set(rocshmem_ctx_t ctx, TYPE *dest, TYPE value, int pe); \
    ROCSHMEM_API TYPE rocshmem_##NAME##_atomic_swap(TYPE *dest, TYPE value, int pe);     \
    ROCSHMEM_API TYPE rocshmem_ctx_##NAME##_atomic_swap(rocshmem_ctx_t ctx, TYPE *dest, TYPE value, int pe);
ROCSHMEM_FOR_AMO_EXTENDED_TYPES(ROCSHMEM_DECL_AMO_EXTENDED)
#undef ROCSHMEM_DECL_AMO_EXTENDED

#define ROCSHMEM_DECL_AMO_STANDARD(NAME, TYPE, KIND)                                     \
    ROCSHMEM_API TYPE rocshmem_##NAME##_atomic_compare_swap(TYPE *dest, TYPE cond, TYPE value, int pe); \
    ROCSHMEM_API TYPE rocshmem_ctx_##NAME##_atomic_compare_swap(rocshmem_ctx_t ctx, TYPE *dest, \
                                                                TYPE cond, TYPE value, int pe); \
    ROCSHMEM_API TYPE rocshmem_##NAME##_atomic_fetch_inc(TYPE *dest, int pe);            \
    ROCSHMEM_API TYPE rocshmem_ctx_##NAME##_atomic_fetch_inc(rocshmem_ctx_t ctx, TYPE *dest, int pe); \
    ROCSHMEM_API void rocshmem_##NAME##_atomic_inc(TYPE *dest, int pe);                  \
    ROCSHMEM_API void rocshmem_ctx_##NAME##_atomic_inc(rocshmem_ctx_t ctx, TYPE *dest, int pe); \
    ROCSHMEM_API TYPE rocshmem_##NAME##_atomic_fetch_add(TYPE *dest, TYPE value, int pe); \
    ROCSHMEM_API TYPE rocshmem_ctx_##NAME##_atomic_fetch_add(rocshmem_ctx_t ctx, TYPE *dest, \
                                                             TYPE value, int pe);        \
    ROCSHMEM_API void rocshmem_##NAME##_atomic_add(TYPE *dest, TYPE value, int pe);      \
    ROCSHMEM_API void rocshmem_ctx_##NAME##_atomic_add(rocshmem_ctx_t ctx, TYPE *dest, TYPE value, int pe);
ROCSHMEM_FOR_AMO_STANDARD_TYPES(ROCSHMEM_DECL_AMO_STANDARD)
#undef ROCSHMEM_DECL_AMO_STANDARD

#define ROCSHMEM_DECL_AMO_BITWISE_OP(NAME, TYPE, OP)                                     \
    ROCSHMEM_API TYPE rocshmem_##NAME##_atomic_fetch_##OP(TYPE *dest, TYPE value, int pe); \
    ROCSHMEM_API TYPE rocshmem_ctx_##NAME##_atomic_fetch_##OP(rocshmem_ctx_t ctx, TYPE *dest, \
                                                              TYPE value, int pe);       \
    ROCSHMEM_API void rocshmem_##NAME##_atomic_##OP(TYPE *dest, TYPE value, int pe);     \
    ROCSHMEM_API void rocshmem_ctx_##NAME##_atomic_##OP(rocshmem_ctx_t ctx, TYPE *dest, TYPE value, int pe);
#define ROCSHMEM_DECL_AMO_BITWISE(NAME, TYPE, KIND)                                      \
    ROCSHMEM_DECL_AMO_BITWISE_OP(NAME, TYPE, and)                                        \
    ROCSHMEM_DECL_AMO_BITWISE_OP(NAME, TYPE, or)                                         \
    ROCSHMEM_DECL_AMO_BITWISE_OP(NAME, TYPE, xor)
ROCSHMEM_FOR_AMO_BITWISE_TYPES(ROCSHMEM_DECL_AMO_BITWISE)
#undef ROCSHMEM_DECL_AMO_BITWISE
#undef ROCSHMEM_DECL_AMO_BITWISE_OP

/* ---- signals ---------------------------------------------------------------------- */
/* The signal update at the target is ordered after the data of the same call. */
#define ROCSHMEM_DECL_PUT_SIGNAL(SUFFIX)                                                 \
    ROCSHMEM_API void rocshmem_putmem_signal##SUFFIX(void *dest, const void *source, size_t nbytes, \
                                                     uint64_t *sig_addr, uint64_t signal,  \
                                                     int sig_op, int pe);               \
    ROCSHMEM_API void rocshmem_ctx_putmem_signal##SUFFIX(rocshmem_ctx_t ctx, void *dest,  \
                                                         const void *source, size_t nbytes, \
                                                         uint64_t *sig_addr, uint64_t signal, \
                                                         int sig_op, int pe);
#define ROCSHMEM_DECL_TYPED_PUT_SIGNAL_FORM(NAME, TYPE, SUFFIX)                          \
    ROCSHMEM_API void rocshmem_##NAME##_put_signal##SUFFIX(TYPE *dest, const TYPE *source, \
                                                           size_t nelems, uint64_t *sig_addr, \
                                                           uint64_t signal, int sig_op, int pe); \
    ROCSHMEM_API void rocshmem_ctx_##NAME##_put_signal##SUFFIX(rocshmem_ctx_t ctx, TYPE *dest, \
                                                               const TYPE *source, size_t nelems, \
                                                               uint64_t *sig_addr, uint64_t signal, \
                                                               int sig_op, int pe);
/* The six forms: blocking and _nbi, each at thread, _wave and _wg scope. */
ROCSHMEM_DECL_PUT_SIGNAL()
ROCSHMEM_DECL_PUT_SIGNAL(_wave)
ROCSHMEM_DECL_PUT_SIGNAL(_wg)
ROCSHMEM_DECL_PUT_SIGNAL(_nbi)
ROCSHMEM_DECL_PUT_SIGNAL(_nbi_wave)
ROCSHMEM_DECL_PUT_SIGNAL(_nbi_wg)
#define ROCSHMEM_DECL_TYPED_PUT_SIGNAL(NAME, TYPE, KIND)                                 \
    ROCSHMEM_DECL_TYPED_PUT_SIGNAL_FORM(NAME, TYPE, )                                    \
    ROCSHMEM_DECL_TYPED_PUT_SIGNAL_FORM(NAME, TYPE, _wave)                               \
    ROCSHMEM_DECL_TYPED_PUT_SIGNAL_FORM(NAME, TYPE, _wg)                                 \
    ROCSHMEM_DECL_TYPED_PUT_SIGNAL_FORM(NAME, TYPE, _nbi)                                \
    ROCSHMEM_DECL_TYPED_PUT_SIGNAL_FORM(NAME, TYPE, _nbi_wave)                           \
    ROCSHMEM_DECL_TYPED_PUT_SIGNAL_FORM(NAME, TYPE, _nbi_wg)
ROCSHMEM_FOR_RMA_TYPES(ROCSHMEM_DECL_TYPED_PUT_SIGNAL)
#undef ROCSHMEM_DECL_PUT_SIGNAL
#undef ROCSHMEM_DECL_TYPED_PUT_SIGNAL
#undef ROCSHMEM_DECL_TYPED_PUT_SIGNAL_FORM

ROCSHMEM_API uint64_t rocshmem_signal_fetch(const uint64_t *sig_addr);
/* Device, one read for the whole wave or workgroup: every member gets the same value. */
ROCSHMEM_API uint64_t rocshmem_signal_fetch_wave(const uint64_t *sig_addr);
ROCSHMEM_API uint64_t rocshmem_signal_fetch_wg(const uint64_t *sig_addr);
ROCSHMEM_API void     rocshmem_signal_add(uint64_t *sig_addr, uint64_t signal, int pe);
ROCSHMEM_API void     rocshmem_signal_set(uint64_t *sig_addr, uint64_t signal, int pe);
ROCSHMEM_API void     rocshmem_ctx_signal_add(rocshmem_ctx_t ctx, uint64_t *sig_addr, uint64_t signal, int pe);
ROCSHMEM_API void     rocshmem_ctx_signal_set(rocshmem_ctx_t ctx, uint64_t *sig_addr, uint64_t signal, int pe);
ROCSHMEM_API uint64_t rocshmem_signal_wait_until(uint64_t *sig_addr, int cmp, uint64_t cmp_value);

/* ---- point-to-point synchronization ----------------------------------------------- */
#define ROCSHMEM_DECL_WAIT(NAME, TYPE, KIND)                                             \
    ROCSHMEM_API void rocshmem_##NAME##_wait_until(TYPE *ivar, int cmp, TYPE value);     \
    ROCSHMEM_API void rocshmem_##NAME##_wait_until_all(TYPE *ivars, size_t n, const int *status, \
                                                       int cmp, TYPE value);            \
    ROCSHMEM_API size_t rocshmem_##NAME##_wait_until_any(TYPE *ivars, size_t n, const int *status, \
                                                         int cmp, TYPE value);          \
    ROCSHMEM_API size_t rocshmem_##NAME##_wait_until_some(TYPE *ivars, size_t n, size_t *indices, \
                                                          const int *status, int cmp, TYPE value); \
    ROCSHMEM_API void rocshmem_##NAME##_wait_until_all_vector(TYPE *ivars, size_t n,    \
                                                              const int *status, int cmp, \
                                                              const TYPE *values);      \
    ROCSHMEM_API size_t rocshmem_##NAME##_wait_until_any_vector(TYPE *ivars, size_t n,  \
                                                                const int *status, int cmp, \
                                                                const TYPE *values);    \
    ROCSHMEM_API size_t rocshmem_##NAME##_wait_until_some_vector(TYPE *ivars, size_t n,  \
                                                                 size_t *indices,        \
                                                                 const int *status, int cmp, \
                                                                 const TYPE *values);   \
    ROCSHMEM_API int rocshmem_##NAME##_test(TYPE *ivar, int cmp, TYPE value);
ROCSHMEM_FOR_RMA_TYPES(ROCSHMEM_DECL_WAIT)
#undef ROCSHMEM_DECL_WAIT

/* ---- ordering --------------------------------------------------------------------- */
/* fence orders this PE's puts, AMOs and signals to each target; quiet completes them. */
ROCSHMEM_API void rocshmem_fence(void);
ROCSHMEM_API void rocshmem_fence_pe(int pe);
ROCSHMEM_API void rocshmem_quiet(void);
ROCSHMEM_API void rocshmem_pe_quiet(const int *pes, size_t npes);
ROCSHMEM_API void rocshmem_ctx_fence(rocshmem_ctx_t ctx);
ROCSHMEM_API void rocshmem_ctx_fence_pe(rocshmem_ctx_t ctx, int pe);
ROCSHMEM_API void rocshmem_ctx_quiet(rocshmem_ctx_t ctx);
ROCSHMEM_API void rocshmem_ctx_pe_quiet(rocshmem_ctx_t ctx, const int *pes, size_t npes);
/* Orders the caller's memory accesses at system scope (GPU: __threadfence_system), for
 * data that the host or other GPUs read directly; no remote operation is completed. */
ROCSHMEM_API void rocshmem_threadfence_system(void);
ROCSHMEM_API void rocshmem_ctx_threadfence_system(rocshmem_ctx_t ctx);

/* ---- barriers --------------------------------------------------------------------- */
/* barrier_all = quiet + sync_all: every PE arrives before any leaves. A PE-wide
 * collective: call it from one thread, one wave (_wave) or one workgroup (_wg) per PE. */
ROCSHMEM_API void rocshmem_barrier_all(void);
ROCSHMEM_API void rocshmem_sync_all(void);
ROCSHMEM_API void rocshmem_barrier_all_wave(void);
ROCSHMEM_API void rocshmem_barrier_all_wg(void);
ROCSHMEM_API void rocshmem_sync_all_wave(void);
ROCSHMEM_API void rocshmem_sync_all_wg(void);

/* ---- teams (host creates; queries, contexts and collectives also device) ------------ */
/* OpenSHMEM 1.5 rules: a split is collective over the parent team (every member calls it);
 * a PE left out gets ROCSHMEM_TEAM_INVALID. At most ROCSHMEM_MAX_TEAMS teams exist at once,
 * WORLD and SHARED included; each owns synchronization words and scratch space in the
 * symmetric heap (README: "Teams"). 0 on success, nonzero (on every member) on error. */
enum rocshmem_team_configs { ROCSHMEM_TEAM_DEFAULT_CONFIGS = 0, ROCSHMEM_TEAM_NUM_CONTEXTS = 1 };
int  rocshmem_team_split_strided(rocshmem_team_t parent, int start, int stride, int size,
                                 const rocshmem_team_config_t *config, long config_mask,
                                 rocshmem_team_t *new_team);
int  rocshmem_team_split_2d(rocshmem_team_t parent, int xrange,
                            const rocshmem_team_config_t *xaxis_config, long xaxis_mask,
                            rocshmem_team_t *xaxis_team,
                            const rocshmem_team_config_t *yaxis_config, long yaxis_mask,
                            rocshmem_team_t *yaxis_team);
/* Ignores ROCSHMEM_TEAM_WORLD, ROCSHMEM_TEAM_SHARED and ROCSHMEM_TEAM_INVALID. */
void rocshmem_team_destroy(rocshmem_team_t team);
int  rocshmem_team_get_config(rocshmem_team_t team, long config_mask,
                              rocshmem_team_config_t *config);
int  rocshmem_team_create_ctx(rocshmem_team_t team, long options, rocshmem_ctx_t *ctx);

/* ---- collectives ------------------------------------------------------------------ */
/* Every member of the team calls, in the same order on every member, at one scope: one
 * thread, one wave (_wave) or one workgroup (_wg) per PE. barrier = quiet + sync. */
#define ROCSHMEM_DECL_TEAM_SYNC(SCOPE)                                                   \
    ROCSHMEM_API void rocshmem_barrier##SCOPE(rocshmem_team_t team);                     \
    ROCSHMEM_API void rocshmem_ctx_barrier##SCOPE(rocshmem_ctx_t ctx, rocshmem_team_t team); \
    ROCSHMEM_API void rocshmem_team_sync##SCOPE(rocshmem_team_t team);                   \
    ROCSHMEM_API void rocshmem_ctx_sync##SCOPE(rocshmem_ctx_t ctx, rocshmem_team_t team); \
    ROCSHMEM_API void rocshmem_ctx_barrier_all##SCOPE(rocshmem_ctx_t ctx);               \
    ROCSHMEM_API void rocshmem_ctx_sync_all##SCOPE(rocshmem_ctx_t ctx);                  \
    ROCSHMEM_API void rocshmem_ctx_broadcastmem##SCOPE(rocshmem_ctx_t ctx, rocshmem_team_t team, \
                                                       void *dest, const void *source,   \
                                                       size_t nbytes, int pe_root);      \
    ROCSHMEM_API void rocshmem_broadcastmem##SCOPE(rocshmem_team_t team, void *dest,     \
                                                   const void *source, size_t nbytes,    \
                                                   int pe_root);                         \
    ROCSHMEM_API void rocshmem_ctx_fcollectmem##SCOPE(rocshmem_ctx_t ctx, rocshmem_team_t team, \
                                                      void *dest, const void *source,    \
                                                      size_t nbytes);                    \
    ROCSHMEM_API void rocshmem_fcollectmem##SCOPE(rocshmem_team_t team, void *dest,      \
                                                  const void *source, size_t nbytes);    \
    ROCSHMEM_API void rocshmem_ctx_alltoallmem##SCOPE(rocshmem_ctx_t ctx, rocshmem_team_t team, \
                                                      void *dest, const void *source,    \
                                                      size_t nbytes);                    \
    ROCSHMEM_API void rocshmem_alltoallmem##SCOPE(rocshmem_team_t team, void *dest,      \
                                                  const void *source, size_t nbytes);
ROCSHMEM_DECL_TEAM_SYNC()
ROCSHMEM_DECL_TEAM_SYNC(_wave)
ROCSHMEM_DECL_TEAM_SYNC(_wg)
#undef ROCSHMEM_DECL_TEAM_SYNC

/* broadcast: pe_root is the root's number in the team; fcollect: member i's nelems land at
 * dest + i * nelems everywhere; alltoall: block j of member i's source lands in block i of
 * member j's dest; alltoallv (rocSHMEM 3.4): member i sends source_nelems[j] elements from
 * source + source_displs[j] to member j, where they land at dest + dest_displs[i] as member
 * j gave it (dest_nelems[i] there must be the same count). */
#define ROCSHMEM_DECL_DATA_COLL_SCOPE(NAME, TYPE, SCOPE)                                 \
    ROCSHMEM_API void rocshmem_ctx_##NAME##_broadcast##SCOPE(rocshmem_ctx_t ctx, rocshmem_team_t team, \
                                                             TYPE *dest, const TYPE *source, \
                                                             int nelems, int pe_root);   \
    ROCSHMEM_API void rocshmem_##NAME##_broadcast##SCOPE(rocshmem_team_t team, TYPE *dest, \
                                                         const TYPE *source, int nelems, \
                                                         int pe_root);                   \
    ROCSHMEM_API void rocshmem_ctx_##NAME##_fcollect##SCOPE(rocshmem_ctx_t ctx, rocshmem_team_t team, \
                                                            TYPE *dest, const TYPE *source, \
                                                            int nelems);                 \
    ROCSHMEM_API void rocshmem_##NAME##_fcollect##SCOPE(rocshmem_team_t team, TYPE *dest, \
                                                        const TYPE *source, int nelems); \
    ROCSHMEM_API void rocshmem_ctx_##NAME##_alltoall##SCOPE(rocshmem_ctx_t ctx, rocshmem_team_t team, \
                                                            TYPE *dest, const TYPE *source, \
                                                            int nelems);                 \
    ROCSHMEM_API void rocshmem_##NAME##_alltoall##SCOPE(rocshmem_team_t team, TYPE *dest, \
                                                        const TYPE *source, int nelems); \
    ROCSHMEM_API void rocshmem_ctx_##NAME##_alltoallv##SCOPE(                            \
        rocshmem_ctx_t ctx, rocshmem_team_t team, TYPE *dest, const size_t dest_nelems[], \
        const size_t dest_displs[], TYPE *source, const size_t source_nelems[],          \
        const size_t source_displs[]);                                                   \
    ROCSHMEM_API void rocshmem_##NAME##_alltoallv##SCOPE(                                \
        rocshmem_team_t team, TYPE *dest, const size_t dest_nelems[],                    \
        const size_t dest_displs[], TYPE *source, const size_t source_nelems[],          \
        const size_t source_displs[]);
#define ROCSHMEM_DECL_DATA_COLL(NAME, TYPE, KIND)                                        \
    ROCSHMEM_DECL_DATA_COLL_SCOPE(NAME, TYPE, )                                          \
    ROCSHMEM_DECL_DATA_COLL_SCOPE(NAME, TYPE, _wave)                                     \
    ROCSHMEM_DECL_DATA_COLL_SCOPE(NAME, TYPE, _wg)
ROCSHMEM_FOR_RMA_TYPES(ROCSHMEM_DECL_DATA_COLL)
#undef ROCSHMEM_DECL_DATA_COLL
#undef ROCSHMEM_DECL_DATA_COLL_SCOPE

/* reduce: dest[k] = OP over the members of source[k], k < nreduce (dest may be source);
 * reduce_scatter: source holds one block of nreduce elements per member (the team's size),
 * and member i gets the reduction
 * of block i in dest. 0 on success, nonzero when the arguments were refused. */
#define ROCSHMEM_DECL_REDUCE_SCOPE(NAME, TYPE, OP, SCOPE)                                \
    ROCSHMEM_API int rocshmem_ctx_##NAME##_##OP##_reduce##SCOPE(                         \
        rocshmem_ctx_t ctx, rocshmem_team_t team, TYPE *dest, const TYPE *source, int nreduce); \
    ROCSHMEM_API int rocshmem_##NAME##_##OP##_reduce##SCOPE(                             \
        rocshmem_team_t team, TYPE *dest, const TYPE *source, int nreduce);              \
    ROCSHMEM_API int rocshmem_ctx_##NAME##_##OP##_reduce_scatter##SCOPE(                 \
        rocshmem_ctx_t ctx, rocshmem_team_t team, TYPE *dest, const TYPE *source, int nreduce); \
    ROCSHMEM_API int rocshmem_##NAME##_##OP##_reduce_scatter##SCOPE(                     \
        rocshmem_team_t team, TYPE *dest, const TYPE *source, int nreduce);
#define ROCSHMEM_DECL_REDUCE_OP(NAME, TYPE, OP)                                          \
    ROCSHMEM_DECL_REDUCE_SCOPE(NAME, TYPE, OP, )                                         \
    ROCSHMEM_DECL_REDUCE_SCOPE(NAME, TYPE, OP, _wave)                                    \
    ROCSHMEM_DECL_REDUCE_SCOPE(NAME, TYPE, OP, _wg)
#define ROCSHMEM_DECL_REDUCE_ARITH(NAME, TYPE, KIND)                                     \
    ROCSHMEM_DECL_REDUCE_OP(NAME, TYPE, sum) ROCSHMEM_DECL_REDUCE_OP(NAME, TYPE, prod)   \
    ROCSHMEM_DECL_REDUCE_OP(NAME, TYPE, min) ROCSHMEM_DECL_REDUCE_OP(NAME, TYPE, max)
#define ROCSHMEM_DECL_REDUCE_BITWISE(NAME, TYPE, KIND)                                   \
    ROCSHMEM_DECL_REDUCE_OP(NAME, TYPE, and) ROCSHMEM_DECL_REDUCE_OP(NAME, TYPE, or)     \
    ROCSHMEM_DECL_REDUCE_OP(NAME, TYPE, xor)
ROCSHMEM_FOR_REDUCE_ARITH_TYPES(ROCSHMEM_DECL_REDUCE_ARITH)
ROCSHMEM_FOR_REDUCE_BITWISE_TYPES(ROCSHMEM_DECL_REDUCE_BITWISE)
#undef ROCSHMEM_DECL_REDUCE_ARITH
#undef ROCSHMEM_DECL_REDUCE_BITWISE
#undef ROCSHMEM_DECL_REDUCE_OP
#undef ROCSHMEM_DECL_REDUCE_SCOPE

/* ---- stream-ordered host calls (GPU builds; rocSHMEM 3.4's list) --------------------
 * Each enqueues a small kernel of the library on `stream` (a cudaStream_t, or a hipStream_t
 * in a HIP build) that makes the device call: it runs in stream order with the caller's
 * kernels, the host does not wait for it, and a graph can capture it. Bad arguments are
 * reported when the kernel runs, as the device call reports them; a launch that fails is
 * reported at once. */
#if ROCSHMEM_RO_TARGET_CUDA || ROCSHMEM_RO_TARGET_HIP
#if ROCSHMEM_RO_TARGET_CUDA
typedef struct CUstream_st *rocshmem_ro_stream_t;
#else
typedef struct ihipStream_t *rocshmem_ro_stream_t;
#endif
void rocshmem_putmem_on_stream(void *dest, const void *source, size_t nelems, int pe,
                               rocshmem_ro_stream_t stream);
void rocshmem_getmem_on_stream(void *dest, const void *source, size_t nelems, int pe,
                               rocshmem_ro_stream_t stream);
void rocshmem_putmem_signal_on_stream(void *dest, const void *source, size_t nelems,
                                      uint64_t *sig_addr, uint64_t signal, int sig_op, int pe,
                                      rocshmem_ro_stream_t stream);
void rocshmem_signal_wait_until_on_stream(uint64_t *sig_addr, int cmp, uint64_t cmp_value,
                                          rocshmem_ro_stream_t stream);
void rocshmem_quiet_on_stream(rocshmem_ro_stream_t stream);
void rocshmem_barrier_all_on_stream(rocshmem_ro_stream_t stream);
void rocshmem_barrier_on_stream(rocshmem_team_t team, rocshmem_ro_stream_t stream);
void rocshmem_sync_all_on_stream(rocshmem_ro_stream_t stream);
void rocshmem_team_sync_on_stream(rocshmem_team_t team, rocshmem_ro_stream_t stream);
void rocshmem_alltoallmem_on_stream(rocshmem_team_t team, void *dest, const void *source,
                                    size_t size, rocshmem_ro_stream_t stream);
void rocshmem_broadcastmem_on_stream(rocshmem_team_t team, void *dest, const void *source,
                                     size_t nelems, int pe_root, rocshmem_ro_stream_t stream);
#define ROCSHMEM_DECL_REDUCE_ON_STREAM(NAME, TYPE, OP)                                   \
    int rocshmem_ctx_##NAME##_##OP##_reduce_on_stream(rocshmem_ctx_t ctx, rocshmem_team_t team, \
        TYPE *dest, const TYPE *source, int nreduce, rocshmem_ro_stream_t stream);
#define ROCSHMEM_DECL_REDUCE_ON_STREAM_ARITH(NAME, TYPE, KIND)                           \
    ROCSHMEM_DECL_REDUCE_ON_STREAM(NAME, TYPE, sum) ROCSHMEM_DECL_REDUCE_ON_STREAM(NAME, TYPE, prod) \
    ROCSHMEM_DECL_REDUCE_ON_STREAM(NAME, TYPE, min) ROCSHMEM_DECL_REDUCE_ON_STREAM(NAME, TYPE, max)
#define ROCSHMEM_DECL_REDUCE_ON_STREAM_BITWISE(NAME, TYPE, KIND)                         \
    ROCSHMEM_DECL_REDUCE_ON_STREAM(NAME, TYPE, and) ROCSHMEM_DECL_REDUCE_ON_STREAM(NAME, TYPE, or) \
    ROCSHMEM_DECL_REDUCE_ON_STREAM(NAME, TYPE, xor)
ROCSHMEM_FOR_REDUCE_ARITH_TYPES(ROCSHMEM_DECL_REDUCE_ON_STREAM_ARITH)
ROCSHMEM_FOR_REDUCE_BITWISE_TYPES(ROCSHMEM_DECL_REDUCE_ON_STREAM_BITWISE)
#undef ROCSHMEM_DECL_REDUCE_ON_STREAM_ARITH
#undef ROCSHMEM_DECL_REDUCE_ON_STREAM_BITWISE
#undef ROCSHMEM_DECL_REDUCE_ON_STREAM
#endif

#ifdef __cplusplus
}
#endif

#endif /* ROCSHMEM_H */
