/* The heap's calls that rocshmem.h has no name for, for the dialect layers above (src/shmem:
 * OpenSHMEM's shmem_realloc). */
#ifndef RO_HEAP_API_H
#define RO_HEAP_API_H

#include <stddef.h>

/* Collective, like rocshmem_malloc: a block of `size` bytes holding the first bytes of ptr
 * (NULL: a new block; size 0: frees ptr), or NULL (ptr is kept) on failure. */
void *ro_heap_realloc(void *ptr, size_t size, const char *api);

#endif
