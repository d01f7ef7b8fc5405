/* The steps of rocshmem_init, in order, each 0 or a negative errno after logging. */
#ifndef RO_INIT_STEPS_H
#define RO_INIT_STEPS_H

#include <stddef.h>

struct ro_boot_ops;

/* The bootstrap: `ops` NULL picks it from the environment (ROCSHMEM_BOOTSTRAP or the
 * launcher's variables), else opens that one with `args` (rocshmem_init_attr). */
int  ro_init_boot(const struct ro_boot_ops *ops, const void *args);
int  ro_init_gpu(void);
/* Where the heap lives (ro_init_heap.c); before the fabric, which must register GPU memory
 * when a device heap has peers reached through libfabric. */
int  ro_init_heap_plan(void);
int  ro_init_fabric(void);
int  ro_init_heap(void);
int  ro_init_proxy(void);
int  ro_init_device_state(int thread_level);
void ro_fini_heap(void);
void ro_fini_all(void);

/* The first PE whose operations need libfabric to reach a device heap (FI_HMEM), with why
 * in *why_pe; -1 when none does (host heap, or every PE mapped). */
int  ro_heap_needs_hmem(const char **why_pe);
/* Allgather of `len` bytes per PE through the bootstrap into a fresh buffer the caller
 * frees; `what` names it in the error message. */
int  ro_allgather(const void *mine, size_t len, void **all, const char *what);

#endif
