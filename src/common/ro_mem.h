/* Where runtime objects that device code touches are allocated (rings, the context pool,
 * the activity words): plain host memory for CPU-only PEs, host-pinned memory mapped into
 * the GPU on a GPU target (src/cuda). Chosen at init, through this ops table. */
#ifndef RO_MEM_H
#define RO_MEM_H

#include <stddef.h>

struct ro_mem_ops {
    const char *name;                 /* "host", "cuda-pinned" */
    /* Zeroed, aligned to 64 bytes at least; NULL (logged) when out of memory. */
    void *(*alloc)(size_t len, const char *what);
    void (*free)(void *p);
};

extern const struct ro_mem_ops ro_mem_host;

#endif
