/* Queries answered from the device-side state without a descriptor: PE numbers, teams,
 * and the load/store address of a peer's symmetric object. */
#include "config.h"
#include "gpu/ro_gpu_ipc.h"

RO_FN int rocshmem_my_pe(void) { return ro_gpu_state.my_pe; }
RO_FN int rocshmem_n_pes(void) { return ro_gpu_state.n_pes; }
/* A context made for a team numbers PEs as its team does. */
RO_FN int rocshmem_ctx_my_pe(rocshmem_ctx_t ctx)
{
    const struct ro_team *t = ro_gpu_team((rocshmem_team_t)ctx.team_opaque);
    return t ? t->my_idx : ro_gpu_state.my_pe;
}

RO_FN int rocshmem_ctx_n_pes(rocshmem_ctx_t ctx)
{
    const struct ro_team *t = ro_gpu_team((rocshmem_team_t)ctx.team_opaque);
    return t ? t->size : ro_gpu_state.n_pes;
}

RO_FN void rocshmem_query_thread(int *provided)
{
    *provided = ro_gpu_state.thread_level;
}

/* The address at which this process loads and stores dest on PE pe: the mapping of a
 * same-node PE's heap (GPU IPC, or a CPU-only PE's shared host heap) or this PE's own heap,
 * NULL for PEs reached through the proxy and for addresses outside the heap. A private host
 * heap, and the program's symmetric data, are mapped for this PE alone. */
RO_FN void *rocshmem_ptr(const void *dest, int pe)
{
    const uint8_t *p = (const uint8_t *)dest, *base = ro_gpu_state.heap_base;

    if (ro_gpu_state.ipc_base && ro_gpu_in_heap(dest, 1))
        return ro_gpu_ipc_addr(dest, 1, pe);
    if (pe != ro_gpu_state.my_pe || !base ||
        ((p < base || (size_t)(p - base) >= ro_gpu_state.heap_size) && !ro_gpu_in_data(p, 1)))
        return NULL;
    return (void *)(uintptr_t)dest;
}

/* PE pe's index in team t, or -1 when it is not a member. */
static RO_FN int ro_team_index(const struct ro_team *t, int pe)
{
    int d = pe - t->start;

    if (d < 0 || d % t->stride || d / t->stride >= t->size)
        return -1;
    return d / t->stride;
}

RO_FN int rocshmem_team_my_pe(rocshmem_team_t team)
{
    const struct ro_team *t = ro_gpu_team(team);
    return t ? t->my_idx : -1;
}

RO_FN int rocshmem_team_n_pes(rocshmem_team_t team)
{
    const struct ro_team *t = ro_gpu_team(team);
    return t ? t->size : -1;
}

RO_FN int rocshmem_team_translate_pe(rocshmem_team_t src, int src_pe, rocshmem_team_t dest)
{
    const struct ro_team *s = ro_gpu_team(src), *d = ro_gpu_team(dest);

    if (!s || !d || src_pe < 0 || src_pe >= s->size)
        return -1;
    return ro_team_index(d, s->start + src_pe * s->stride);
}
