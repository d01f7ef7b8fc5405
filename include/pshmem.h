/* OpenSHMEM 1.5's profiling interface: every routine of shmem.h under its pshmem_ name.
 * The library defines the pshmem_ routines; its shmem_ ones are weak aliases of them, so a
 * tool defines shmem_X itself, does its work and calls pshmem_X. */
#ifndef _PSHMEM_H
#define _PSHMEM_H

#include <shmem.h>

#ifdef __cplusplus
extern "C" {
#endif

#define _SHMEM_RO_NAME(n) pshmem_##n
#include <shmem_ro/shmem_api.h>
#undef _SHMEM_RO_NAME

#ifdef __cplusplus
}
#endif

#endif
