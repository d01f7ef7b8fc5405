/* OpenSHMEM 1.5 on rocshmem_ro: the specification's C API, constants and handles, and its
 * C11 type-generic interfaces, for programs written for any OpenSHMEM implementation. Link
 * librocshmem_ro (oshcc does). Every routine is a real function (src/shmem), so tools may
 * intercept it through the profiling interface (pshmem.h). What of 1.5 this runtime does
 * not offer is listed in the README ("OpenSHMEM 1.5"). */
#ifndef _SHMEM_H
#define _SHMEM_H

#include <stddef.h>
#include <stdint.h>

#include <rocshmem/rocshmem_version.h>
#include <shmem_ro/shmem_typelists.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__cplusplus) && __cplusplus >= 201103L
#define _SHMEM_RO_NORETURN [[noreturn]]
#elif defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L
#define _SHMEM_RO_NORETURN _Noreturn
#else
#define _SHMEM_RO_NORETURN
#endif

/* 9.1 Library constants. The numeric values are this implementation's (the specification
 * fixes none); they equal the rocshmem.h ones, so the two APIs mix. */
#define SHMEM_MAJOR_VERSION 1
#define SHMEM_MINOR_VERSION 5
#define _SHMEM_MAJOR_VERSION SHMEM_MAJOR_VERSION
#define _SHMEM_MINOR_VERSION SHMEM_MINOR_VERSION
#define SHMEM_MAX_NAME_LEN ROCSHMEM_MAX_NAME_LEN
#define _SHMEM_MAX_NAME_LEN SHMEM_MAX_NAME_LEN
#define SHMEM_VENDOR_STRING ROCSHMEM_VENDOR_STRING
#define _SHMEM_VENDOR_STRING SHMEM_VENDOR_STRING

#define SHMEM_THREAD_SINGLE 0
#define SHMEM_THREAD_FUNNELED 1
#define SHMEM_THREAD_SERIALIZED 3
#define SHMEM_THREAD_MULTIPLE 4

#define SHMEM_CMP_EQ 0
#define SHMEM_CMP_NE 1
#define SHMEM_CMP_GT 2
#define SHMEM_CMP_GE 3
#define SHMEM_CMP_LT 4
#define SHMEM_CMP_LE 5
#define _SHMEM_CMP_EQ SHMEM_CMP_EQ
#define _SHMEM_CMP_NE SHMEM_CMP_NE
#define _SHMEM_CMP_GT SHMEM_CMP_GT
#define _SHMEM_CMP_GE SHMEM_CMP_GE
#define _SHMEM_CMP_LT SHMEM_CMP_LT
#define _SHMEM_CMP_LE SHMEM_CMP_LE

#define SHMEM_SIGNAL_SET 0
#define SHMEM_SIGNAL_ADD 1

#define SHMEM_CTX_SERIALIZED 0x2L
#define SHMEM_CTX_PRIVATE 0x4L
#define SHMEM_CTX_NOSTORE 0x1L

#define SHMEM_TEAM_NUM_CONTEXTS 1L

/* Hints for shmem_malloc_with_hints: accepted, and used for nothing (any hint is valid). */
#define SHMEM_MALLOC_ATOMICS_REMOTE (1L << 0)
#define SHMEM_MALLOC_SIGNAL_REMOTE (1L << 1)

/* The active-set collectives these sizes are for are not offered; programs still size
 * their pSync arrays with them. */
#define SHMEM_SYNC_VALUE 0L
#define _SHMEM_SYNC_VALUE SHMEM_SYNC_VALUE
#define SHMEM_SYNC_SIZE 64
#define SHMEM_BCAST_SYNC_SIZE SHMEM_SYNC_SIZE
#define SHMEM_REDUCE_SYNC_SIZE SHMEM_SYNC_SIZE
#define SHMEM_BARRIER_SYNC_SIZE SHMEM_SYNC_SIZE
#define SHMEM_COLLECT_SYNC_SIZE SHMEM_SYNC_SIZE
#define SHMEM_ALLTOALL_SYNC_SIZE SHMEM_SYNC_SIZE
#define SHMEM_ALLTOALLS_SYNC_SIZE SHMEM_SYNC_SIZE
#define SHMEM_REDUCE_MIN_WRKDATA_SIZE 16
#define _SHMEM_BCAST_SYNC_SIZE SHMEM_BCAST_SYNC_SIZE
#define _SHMEM_REDUCE_SYNC_SIZE SHMEM_REDUCE_SYNC_SIZE
#define _SHMEM_BARRIER_SYNC_SIZE SHMEM_BARRIER_SYNC_SIZE
#define _SHMEM_COLLECT_SYNC_SIZE SHMEM_COLLECT_SYNC_SIZE
#define _SHMEM_REDUCE_MIN_WRKDATA_SIZE SHMEM_REDUCE_MIN_WRKDATA_SIZE

/* 9.2 Library handles. A context handle points at the library's context (rocshmem.h's
 * rocshmem_ctx_t), so C code compares it with == as the specification says; a team handle
 * is rocshmem.h's rocshmem_team_t. SHMEM_TEAM_WORLD and SHMEM_TEAM_SHARED are set by
 * shmem_init. */
typedef struct rocshmem_ctx *shmem_ctx_t;
typedef struct ro_team *shmem_team_t;
typedef struct {
    int num_contexts;
} shmem_team_config_t;

extern shmem_ctx_t const SHMEM_CTX_DEFAULT;
#define SHMEM_CTX_INVALID ((shmem_ctx_t)0)
extern shmem_team_t SHMEM_TEAM_WORLD;
extern shmem_team_t SHMEM_TEAM_SHARED;
#define SHMEM_TEAM_INVALID ((shmem_team_t)0)

#define _SHMEM_RO_NAME(n) shmem_##n
#include <shmem_ro/shmem_api.h>
#undef _SHMEM_RO_NAME

/* Deprecated names outside the shmem_ prefix, which the specification still lists. */
void start_pes(int npes);
int _my_pe(void);
int _num_pes(void);
void *shmalloc(size_t size);
void *shmemalign(size_t alignment, size_t size);
void *shrealloc(void *ptr, size_t size);
void shfree(void *ptr);

#ifdef __cplusplus
}
#endif

#include <shmem_ro/shmem_generic.h>

#endif
