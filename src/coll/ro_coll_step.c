/* The steps of every collective algorithm (ro_coll.h): a signal, a put-with-signal, a
 * bounded wait for a member's signal, a group copy, and the checks of a call's arguments. */
#include "config.h"
#include "coll/ro_coll.h"

/* One signal to member `to` (its psig word of this PE gains 1), without the on-node path's
 * fence (the caller made it). */
static RO_FN void ro_coll_signal_fenced(rocshmem_ctx_t ctx, const struct ro_team *t, int to)
{
    uint64_t *w = &t->sync[RO_TS_PSIG + t->my_idx];
    int pe = ro_team_pe(t, to);
    uint8_t *peer = ro_gpu_ipc_addr(w, sizeof(*w), pe);

    if (peer) {
#if !defined(__CUDACC__) && !defined(__HIPCC__)
        /* Host code on a GPU heap, which has no atomics from here: this PE is the word's one
         * writer, and its copies complete before they return. */
        if (ro_gpu_state.heap_on_device) {
            uint64_t v;
            ro_gpu_ipc_copy(&v, peer, sizeof(v), 0, 1);
            v++;
            ro_gpu_ipc_copy(peer, &v, sizeof(v), 0, 1);
            return;
        }
#endif
        /* Every member on this GPU: its waits load at GPU scope (ro_coll_load_mapped). */
        if (ro_gpu_state.ipc_one_gpu)
            ro_atomic_add64((uint64_t *)(void *)peer, 1);
        else
            ro_atomic_add64_sys((uint64_t *)(void *)peer, 1);
        return;
    }
    ctx.team_opaque = NULL;   /* pe is WORLD's number, whatever team ctx was made for */
    rocshmem_ctx_putmem_signal_nbi(ctx, NULL, NULL, 0, w, 1, ROCSHMEM_SIGNAL_ADD, pe);
}

RO_FN void ro_coll_signal(rocshmem_ctx_t ctx, const struct ro_team *t, int to)
{
    /* Ordered after the group's copies. */
    ro_gpu_ipc_fence();
    ro_coll_signal_fenced(ctx, t, to);
}

/* The group's members share the signals, each after a fence of its own: one fence's time
 * for the group instead of one per member signalled after another. */
RO_FN void ro_coll_signal_all(rocshmem_ctx_t ctx, const struct ro_grp *g, const struct ro_team *t)
{
    if (1 + g->rank < t->size)
        ro_gpu_ipc_fence();
    for (int k = 1 + g->rank; k < t->size; k += g->size)
        ro_coll_signal_fenced(ctx, t, (t->my_idx + k) % t->size);
}

RO_FN void ro_coll_put_signal_all(rocshmem_ctx_t ctx, const struct ro_grp *g,
                                  const struct ro_team *t, void *dest, const uint8_t *src,
                                  size_t src_stride, size_t n)
{
    const int me = t->my_idx, m = t->size;   /* from the next member: spreads the targets */

    if (!t->all_ipc) {
        for (int k = 1; k < m; k++) {
            int j = (me + k) % m;
            ro_coll_put_signal(ctx, g, t, dest, src + (size_t)j * src_stride, n, j, 0);
        }
        return;
    }
    for (int k = 1; n && k < m; k++) {
        int j = (me + k) % m;
        ro_gpu_ipc_copy(ro_gpu_ipc_addr(dest, n, ro_team_pe(t, j)), src + (size_t)j * src_stride,
                        n, g->rank, g->size);
    }
    ro_grp_sync(g);
    ro_coll_signal_all(ctx, g, t);
}

RO_FN void ro_coll_put_signal(rocshmem_ctx_t ctx, const struct ro_grp *g, const struct ro_team *t,
                              void *dest, const void *src, size_t n, int to, int blocking)
{
    int pe = ro_team_pe(t, to);
    uint8_t *peer;

    if (!n) {
        if (g->rank == 0)
            ro_coll_signal(ctx, t, to);
        return;
    }
    peer = ro_gpu_ipc_addr(dest, n, pe);
    if (peer) {
        ro_gpu_ipc_copy(peer, src, n, g->rank, g->size);
        ro_grp_sync(g);
        if (g->rank == 0)
            ro_coll_signal(ctx, t, to);
        return;
    }
    if (g->rank != 0)
        return;
    ctx.team_opaque = NULL;   /* pe is WORLD's number, whatever team ctx was made for */
    if (blocking)
        rocshmem_ctx_putmem_signal(ctx, dest, src, n, &t->sync[RO_TS_PSIG + t->my_idx], 1,
                                   ROCSHMEM_SIGNAL_ADD, pe);
    else
        rocshmem_ctx_putmem_signal_nbi(ctx, dest, src, n, &t->sync[RO_TS_PSIG + t->my_idx], 1,
                                       ROCSHMEM_SIGNAL_ADD, pe);
}

/* A signal word of a team whose members are all mapped: host code on a GPU heap reads it
 * through the GPU runtime's copies; GPU code at GPU scope where every member drives this GPU. */
static RO_FN uint64_t ro_coll_load_mapped(const uint64_t *w)
{
#if !defined(__CUDACC__) && !defined(__HIPCC__)
    if (ro_gpu_state.heap_on_device)
        return ro_coll_word_get(w);
#endif
    return ro_gpu_state.ipc_one_gpu ? ro_load_acquire64(w) : ro_load_acquire64_sys(w);
}

/* One member's wait for member `from`'s next signal. Through the proxy the wait keeps the
 * proxy awake (ro_gpu_wait_ge); when every member is mapped the signal is a peer's store, in
 * which no proxy takes part, so the wait leaves the proxy's activity words alone. */
static RO_FN void ro_coll_wait_one(const struct ro_team *t, int from, const char *api)
{
    const uint64_t *w = &t->sync[RO_TS_PSIG + from];
    uint64_t *seen = &t->sync[RO_TS_SEEN(ro_gpu_state.n_pes) + from];
    const uint64_t phase = ro_coll_word_get(seen) + 1;
    unsigned iter = 0;
    uint64_t start = 0, v;

    ro_coll_word_set(seen, phase);
    if (!t->all_ipc) {
        ro_gpu_wait_ge(w, phase, api, "team members to arrive");
        return;
    }
    while ((v = ro_coll_load_mapped(w)) < phase)
        ro_gpu_wait_step(&iter, &start, api, "team members to arrive", v, phase);
}

RO_FN void ro_coll_wait(const struct ro_grp *g, const struct ro_team *t, int from, const char *api)
{
    if (g->rank == 0)
        ro_coll_wait_one(t, from, api);
    ro_grp_sync(g);
}

RO_FN void ro_coll_wait_all(const struct ro_grp *g, const struct ro_team *t, const char *api)
{
    for (int j = g->rank; j < t->size; j += g->size)
        if (j != t->my_idx)
            ro_coll_wait_one(t, j, api);
    ro_grp_sync(g);
}

RO_FN void ro_coll_copy_share(const struct ro_grp *g, void *dst, const void *src, size_t n)
{
    if (n && dst != src) {
#if !defined(__CUDACC__) && !defined(__HIPCC__)
        /* Host memory: each member copies its slice. */
        if (!ro_gpu_state.heap_on_device) {
            size_t per = (n + (size_t)g->size - 1) / (size_t)g->size, lo = per * (size_t)g->rank;
            if (lo < n)
                memcpy((uint8_t *)dst + lo, (const uint8_t *)src + lo, n - lo < per ? n - lo : per);
        } else
#endif
            ro_gpu_ipc_copy(dst, src, n, g->rank, g->size);
    }
}

RO_FN void ro_coll_copy(const struct ro_grp *g, void *dst, const void *src, size_t n)
{
    ro_coll_copy_share(g, dst, src, n);
    ro_grp_sync(g);
}

RO_FN int ro_coll_check_buf(const struct ro_grp *g, const char *api, const char *what,
                            const void *p, size_t len)
{
    if (!len || ro_gpu_in_heap(p, len) || ro_gpu_in_data(p, len))
        return 1;
    if (g->rank == 0)
        RO_GPU_ERR("%s: %s [%p, +%zu) is not symmetric (in the heap%s); the call is refused",
                   api, what, p, len, ro_gpu_state.data_size ? " or the program's data" : "");
    return 0;
}

RO_FN int ro_coll_count_ok(const struct ro_grp *g, int count, const char *api)
{
    if (count >= 0)
        return 1;
    if (g->rank == 0)
        RO_GPU_ERR("%s: element count %d < 0; the call is refused", api, count);
    return 0;
}

RO_FN const struct ro_team *ro_coll_team_checked(const struct ro_grp *g, rocshmem_team_t h,
                                                 const char *api)
{
    const struct ro_team *t = ro_gpu_team(h);

    if (!t && g->rank == 0)
        RO_GPU_ERR("%s: not a valid team (ROCSHMEM_TEAM_INVALID, destroyed, or not a team "
                   "handle); the call is refused", api);
    return t;
}

RO_FN void ro_coll_complete(rocshmem_ctx_t ctx, const struct ro_grp *g)
{
    /* Without proxy peers nothing is owed, and every caller's last step has met. */
    if (!ro_gpu_state.proxy_peers)
        return;
    if (g->rank == 0)
        ro_gpu_ctx_quiet(ro_gpu_ctx(ctx), "a collective's puts");
    ro_grp_sync(g);
}
