/* Queries answered from the device-side state without a descriptor. */
#include "config.h"
#include "gpu/ro_gpu_post.h"

RO_FN int rocshmem_my_pe(void) { return ro_gpu_state.my_pe; }
RO_FN int rocshmem_n_pes(void) { return ro_gpu_state.n_pes; }
RO_FN int rocshmem_ctx_my_pe(rocshmem_ctx_t ctx) { return ro_gpu_state.my_pe; }
RO_FN int rocshmem_ctx_n_pes(rocshmem_ctx_t ctx) { return ro_gpu_state.n_pes; }

RO_FN void rocshmem_query_thread(int *provided)
{
    *provided = ro_gpu_state.thread_level;
}

/* Without GPU IPC only this PE's own heap is load/store reachable. */
RO_FN void *rocshmem_ptr(const void *dest, int pe)
{
    const uint8_t *p = (const uint8_t *)dest, *base = ro_gpu_state.heap_base;
    if (pe != ro_gpu_state.my_pe || !base || p < base || (size_t)(p - base) >= ro_gpu_state.heap_size)
        return NULL;
    return (void *)(uintptr_t)dest;
}
