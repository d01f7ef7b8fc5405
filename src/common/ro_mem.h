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
    /* Copies len bytes from host memory into memory of this kind; 0 or -EIO (logged). */
    int (*write)(void *dst, const void *src, size_t len);
};

extern const struct ro_mem_ops ro_mem_host;
/* The write of host memory (and of host-pinned memory): memcpy. */
int ro_mem_host_write(void *dst, const void *src, size_t len);

#endif
