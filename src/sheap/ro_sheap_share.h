/* A host heap that the other processes of the node map: CPU-only PEs on one node reach each
 * other's heaps by load, store and CPU atomics, as GPU PEs do through GPU IPC. The heap is a
 * POSIX shared-memory object (ro_shm.h names it); a peer opens it by name and maps it whole,
 * the heap's base at the start of the mapping. */
#ifndef RO_SHEAP_SHARE_H
#define RO_SHEAP_SHARE_H

#include <stddef.h>

#include "sheap/ro_sheap.h"

/* Creates this process's heap object (name receives its name) and opens the heap over it;
 * 0, or a negative errno (logged). -ENOSPC, with a warning, when /dev/shm has
 * less room than `local_pes` heaps of this size: the caller then keeps a private heap. */
int  ro_sheap_share_open(struct ro_sheap *h, size_t size, size_t reserved, int local_pes,
                         char *name, size_t name_len);
/* Maps the heap object `name` of a peer whose heap has `size` bytes; 0, or a negative errno
 * (logged). */
int  ro_sheap_share_map(const char *name, size_t size, void **base);
void ro_sheap_share_unmap(void *base, size_t size);
/* Removes the name once every peer has mapped the heap: the memory lives on in the
 * mappings, and nothing is left in /dev/shm however the job ends. */
void ro_sheap_share_unlink(const char *name);

#endif
