/* Names of this library's POSIX shared-memory objects in /dev/shm (the shm provider's
 * regions, CPU-only PEs' heaps): "rocshmem_ro-<uid>-<pid>-<tag>", so that a later process
 * can tell which ones a killed process left behind and remove them. */
#ifndef RO_SHM_H
#define RO_SHM_H

#include <stddef.h>

/* The name of an object of this process; tag tells its objects apart. */
void ro_shm_name(char *buf, size_t len, const char *tag);
/* Removes the objects of this user whose process no longer exists. */
void ro_shm_sweep(void);

#endif
