/* Producer side of a ring, and every wait an API call makes on the proxy. Each wait
 * is bounded by ROCSHMEM_RO_TIMEOUT and names its API when it gives up, so a dead peer
 * or a stuck proxy becomes a message, not a hang. */
#ifndef RO_GPU_POST_H
#define RO_GPU_POST_H

#include <string.h>

#include "common/ro_sym.h"
#include "gpu/ro_arch.h"
#include "gpu/ro_gpu.h"

RO_DEVICE struct ro_ctx *ro_gpu_ctx(rocshmem_ctx_t ctx)
{
    return (struct ro_ctx *)ctx.ctx_opaque;
}

/* The producers' line of the ring the calling workgroup posts to in this context: one of
 * its GPU rings in device code, one of its host rings in host code. */
RO_DEVICE struct ro_ring_prod *ro_gpu_ctx_prod(rocshmem_ctx_t ctx)
{
    struct ro_ctx *c = ro_gpu_ctx(ctx);
#if defined(__CUDACC__) || defined(__HIPCC__)
    unsigned n;

    if (c == ro_gpu_state.ctxs)
        return ro_gpu_state.default_prods[(unsigned)ro_block_id() % ro_gpu_state.n_default_rings];
    /* Fixed at init: read through the read-only cache. */
    n = ro_load_readonly_u32(&c->n_gpu_rings);
    return (struct ro_ring_prod *)ro_load_readonly_ptr(
        (void *const *)&c->gpu_prods[(unsigned)ro_block_id() % n]);
#else
    return c->host_rings[(unsigned)ro_block_id() % c->n_host_rings]->prod;
#endif
}

/* The pool entry of team handle h as this side reads it (device code: the device's copy), or
 * NULL for ROCSHMEM_TEAM_INVALID, a destroyed team, or anything not a handle of the pool. */
RO_DEVICE const struct ro_team *ro_gpu_team(rocshmem_team_t h)
{
    const struct ro_team *p = (const struct ro_team *)h, *t;
    size_t i;

    if (!p || p < ro_gpu_state.team_handles)
        return NULL;
    i = (size_t)(p - ro_gpu_state.team_handles);
    if (i >= ro_gpu_state.max_teams)
        return NULL;
    t = &ro_gpu_state.teams[i];
    return t->in_use ? t : NULL;
}

/* PE `pe` of the context's team as WORLD numbers it: a context made for a team (OpenSHMEM
 * 1.5) numbers PEs as its team does. -1 when pe is not a member (the caller's argument check
 * then refuses it). */
RO_DEVICE int ro_gpu_ctx_pe(rocshmem_ctx_t ctx, int pe)
{
    const struct ro_team *t;

    if (!ctx.team_opaque || ctx.team_opaque == (void *)ROCSHMEM_TEAM_WORLD)
        return pe;
    t = ro_gpu_team((rocshmem_team_t)ctx.team_opaque);
    if (!t || pe < 0 || pe >= t->size)
        return -1;
    return t->start + pe * t->stride;
}

/* The ring of a producers' line (fixed at init), whose head and done the proxy writes. */
RO_DEVICE struct ro_ring *ro_gpu_prod_ring(struct ro_ring_prod *p)
{
    return (struct ro_ring *)ro_load_readonly_ptr((void *const *)&p->ring);
}

/* Spin briefly, then yield, then sleep: four PEs and their proxies share two cores.
 * Yielding lasts long (ms) because any sleep costs at least the timer slack (50 us). A GPU
 * thread sleeps short: it only makes room for its own kernel's warps, and a long sleep left
 * rings idle with many more threads than slots. */
#if defined(__CUDACC__) || defined(__HIPCC__)
#define RO_BACKOFF_SLEEP_NS 2000
#else
#define RO_BACKOFF_SLEEP_NS 20000
#endif
RO_DEVICE void ro_gpu_backoff(unsigned *iter)
{
    unsigned i = (*iter)++;
    if (i < 32)
        ro_cpu_relax();
    else if (i < 20000)
        ro_yield();
    else
        ro_nanosleep(RO_BACKOFF_SLEEP_NS);
}

RO_FN void ro_gpu_timeout(const char *api, const char *what, uint64_t have, uint64_t want);

/* Brackets a wait that did not succeed at once, so that a proxy that may sleep when idle
 * keeps polling meanwhile (one that never sleeps needs no word: two atomics across PCIe
 * saved per wait). */
RO_DEVICE void ro_gpu_wait_begin(void)
{
    if (ro_gpu_state.proxy_sleeps)
        ro_atomic_add64_sys(&ro_gpu_state.activity->waiters, 1);
}

RO_DEVICE void ro_gpu_wait_end(void)
{
    if (ro_gpu_state.proxy_sleeps)
        ro_atomic_add64_sys(&ro_gpu_state.activity->waiters, (uint64_t)-1);
}

/* One more round of a wait that has not succeeded yet: backs off, and gives up (fatally,
 * naming the API) after ROCSHMEM_RO_TIMEOUT, counted from the first check. */
RO_DEVICE void ro_gpu_wait_step(unsigned *iter, uint64_t *start, const char *api, const char *what,
                                uint64_t have, uint64_t want)
{
    ro_gpu_backoff(iter);
    if ((*iter & 255) == 0) {
        uint64_t now = ro_clock_ns();
        if (!*start)
            *start = now;
        else if (now - *start > ro_gpu_state.timeout_ns)
            ro_gpu_timeout(api, what, have, want);
    }
}

/* Waits until *word >= want (or > want-1 for tickets), bounded. */
RO_DEVICE void ro_gpu_wait_ge(const uint64_t *word, uint64_t want, const char *api, const char *what)
{
    unsigned iter = 0;
    uint64_t start = 0, v;
    if (ro_load_acquire64_sys(word) >= want)
        return;
    ro_gpu_wait_begin();
    while ((v = ro_load_acquire64_sys(word)) < want)
        ro_gpu_wait_step(&iter, &start, api, what, v, want);
    ro_gpu_wait_end();
}

/* Waits until the ring of p has room for ticket `last`. Every waiter watches head_cache, in
 * the producers' memory; one at a time, the holder of head_lock reads the ring's head across
 * PCIe and refreshes the cache. With every waiting wave reading head itself (and long GPU
 * sleeps), 4x more threads than slots cut the ring's rate 6x; since, 1.5-3.4x
 * (BENCHMARKS.md). head_cache only ever holds a value head once had, so it never overstates
 * room. */
RO_DEVICE void ro_gpu_wait_room(struct ro_ring_prod *p, uint64_t last, const char *api)
{
    unsigned iter = 0;
    uint64_t start = 0, h;

    ro_gpu_wait_begin();
    while (last - (h = ro_load_acquire64(&p->head_cache)) >= p->size) {
        if (ro_atomic_cas64(&p->head_lock, 0, 1) == 0) {
            uint64_t head = ro_load_acquire64_sys(&ro_gpu_prod_ring(p)->head);
            /* Release: passes on what the acquire of head saw (the proxy done reading the
             * slots below it) to producers that find room in head_cache. */
            if (head > h)
                ro_store_release64(&p->head_cache, head);
            ro_store_relaxed64(&p->head_lock, 0);
            if (last - head < p->size)
                break;
        }
        ro_gpu_wait_step(&iter, &start, api, "a free ring slot", h, last + 1 - p->size);
    }
    ro_gpu_wait_end();
}

/* Posts one descriptor per lane of `lanes` (a mask of the wave's lanes that call this
 * together, all on the ring of p) with a single atomic: the lowest lane reserves tickets for
 * all of them, waits alone while the ring lacks room, and hands the base out; each lane then
 * writes its own slot as 8-byte words (one burst over PCIe on a GPU), seq last. Returns this
 * lane's ticket; its descriptor is complete once the ring's done > ticket. */
RO_DEVICE uint64_t ro_gpu_post_lanes(struct ro_ring_prod *p, const struct ro_desc *d,
                                     uint64_t lanes, const char *api)
{
    int lane = ro_lane_id(), leader = ro_lowest_lane(lanes);
    /* One lane is the common case on the host: no population count needed. */
    uint64_t n = (lanes & (lanes - 1)) ? (uint64_t)ro_popcount64(lanes) : 1, base = 0, t;
    struct ro_desc *slot;

    if (lane == leader) {
        /* Device scope: only this GPU's threads (or only host threads) reserve on a ring, in
         * memory near them. */
        base = ro_atomic_add64(&p->tail, n);
        /* A slot is rewritten only after the proxy's reads of its last lap, which the head
         * that reached head_cache was released after: the stores below depend on this
         * load (acquire on the host, a control dependency on a GPU: ro_arch.h). */
        if (base + n - 1 - ro_load_ctrl64(&p->head_cache) >= p->size)
            ro_gpu_wait_room(p, base + n - 1, api);
    }
    /* The broadcast also holds the other lanes until the leader has seen room. */
    if (n > 1)
        base = ro_lanes_bcast64(lanes, base, leader);
    t = n == 1 ? base : base + (uint64_t)ro_popcount64(lanes & ((1ull << lane) - 1));
    slot = &p->slots[t & p->mask];
    for (unsigned w = 0; w < offsetof(struct ro_desc, seq) / 8; w++)
        ro_store_relaxed64((uint64_t *)(void *)slot + w, ((const uint64_t *)(const void *)d)[w]);
    /* Release: the descriptor's fields above must be visible before the proxy sees seq. */
    ro_store_release64_sys(&slot->seq, t + 1);
    ro_flush_sys();
    return t;
}

/* A thread-scope post: the coalesced group is the lanes active in this call that post to
 * the same ring (on the host target, the calling thread alone). */
RO_DEVICE uint64_t ro_gpu_post(struct ro_ring_prod *p, const struct ro_desc *d, const char *api)
{
    return ro_gpu_post_lanes(p, d, ro_lanes_match64(ro_wave_active_mask(), (uint64_t)(uintptr_t)p),
                             api);
}

/* Waits until the ring's done >= want, for a caller that knows the producers' cached copy
 * (done_cache) says less, and records it there. Any value written to done_cache is one
 * done has reached, so racing writers are harmless. Release: a thread that returns from a
 * quiet on what done_cache says must see the completions (get data, results) this thread
 * acquired with done. */
RO_DEVICE void ro_gpu_wait_done(struct ro_ring_prod *p, uint64_t want, const char *api,
                                const char *what)
{
    ro_gpu_wait_ge(&ro_gpu_prod_ring(p)->done, want, api, what);
    ro_store_release64(&p->done_cache, want);
}

/* Posts and waits for completion (blocking put/get, fetching AMOs). */
RO_DEVICE uint64_t ro_gpu_post_wait(struct ro_ring_prod *p, const struct ro_desc *d,
                                    const char *api)
{
    /* Just posted: done_cache cannot say it is done, so no load of it. */
    uint64_t t = ro_gpu_post(p, d, api);
    ro_gpu_wait_done(p, t + 1, api, "completion of the operation");
    return t;
}

/* Posts a GET or AMO_FETCH of `size` (<= 8) bytes whose result comes back in the ring's
 * return word, waits, and copies the result out. */
RO_DEVICE void ro_gpu_post_fetch(struct ro_ring_prod *p, struct ro_desc *d, void *result,
                                 size_t size, const char *api)
{
    uint64_t t, v;

    d->flags |= RO_DESC_F_RET;
    t = ro_gpu_post_wait(p, d, api);
    v = ro_load_volatile64(&p->ret[t & p->mask]);
    memcpy(result, &v, size);
}

/* Waits for everything posted so far to the n producers' lines of `prods`. The lines'
 * words are loaded eight rings at a time before any is compared, so that an idle quiet costs
 * one round of loads, not one per ring (0.19 us each on the H200). */
#define RO_QUIET_BATCH 8
RO_DEVICE void ro_gpu_prods_quiet(struct ro_ring_prod *const *prods, unsigned n, const char *api)
{
    for (unsigned i = 0; i < n; i += RO_QUIET_BATCH) {
        uint64_t tail[RO_QUIET_BATCH], seen[RO_QUIET_BATCH];
        struct ro_ring_prod *p[RO_QUIET_BATCH];
        for (unsigned k = 0; k < RO_QUIET_BATCH; k++)
            if (i + k < n) {
                p[k] = prods[i + k];
                tail[k] = ro_load_volatile64(&p[k]->tail);
                /* An acquire (with ro_acquire_batch below) pairing with ro_gpu_wait_done's
                 * release: quiet may return on it. */
                seen[k] = ro_load_batch64(&p[k]->done_cache);
            }
        ro_acquire_batch();
        for (unsigned k = 0; k < RO_QUIET_BATCH; k++)
            if (i + k < n && seen[k] < tail[k])
                ro_gpu_wait_done(p[k], tail[k], api, "completion of all operations");
    }
}

#if !defined(__CUDACC__) && !defined(__HIPCC__)
/* Host code waiting for a GPU ring, whose tail it cannot read: once the kernels that posted
 * have ended (the caller's business, as for any host call after a kernel), every reserved
 * slot holds its descriptor, so the ring is quiet when the slot at head is not the next one
 * and everything before head is done. */
RO_DEVICE void ro_gpu_ring_quiet_drained(struct ro_ring *r, const char *api)
{
    uint64_t h;

    for (;;) {
        h = ro_load_acquire64_sys(&r->head);
        if (ro_load_acquire64_sys(&r->slots[h & r->mask].seq) != h + 1)
            break;
        ro_gpu_wait_ge(&r->head, h + 1, api, "the proxy to take a GPU descriptor");
    }
    ro_gpu_wait_ge(&r->done, h, api, "completion of the GPU's operations");
}
#endif

/* After stores of the on-node path (ro_gpu_ipc.h): ordered before whatever this thread does
 * next, and visible to every PE. */
RO_DEVICE void ro_gpu_ipc_fence(void)
{
    if (!ro_gpu_state.ipc_base)
        return;
    if (ro_gpu_state.ipc_one_gpu)
        ro_fence_device();
    else
        ro_fence_system();
}

/* Completes everything this context did so far: stores of the on-node path (a system-scope
 * fence, where any PE is mapped) and the descriptors posted to its rings (where any PE is
 * reached through the proxy; no descriptor is posted otherwise). */
RO_DEVICE void ro_gpu_ctx_quiet(const struct ro_ctx *c, const char *api)
{
    ro_gpu_ipc_fence();
    if (!ro_gpu_state.proxy_peers)
        return;
#if defined(__CUDACC__) || defined(__HIPCC__)
    if (c == ro_gpu_state.ctxs) {
        ro_gpu_prods_quiet(ro_gpu_state.default_prods, ro_gpu_state.n_default_rings, api);
        return;
    }
    struct ro_ring_prod *prods[RO_CTX_MAX_RINGS];
    unsigned n = ro_load_readonly_u32(&c->n_gpu_rings);
    for (unsigned i = 0; i < n; i++)
        prods[i] = (struct ro_ring_prod *)ro_load_readonly_ptr((void *const *)&c->gpu_prods[i]);
    ro_gpu_prods_quiet(prods, n, api);
#else
    for (unsigned i = 0; i < c->n_host_rings; i++)
        ro_gpu_prods_quiet(&c->host_rings[i]->prod, 1, api);
#endif
}

#if !defined(__CUDACC__) && !defined(__HIPCC__)
/* Host code: quiet the host's rings and wait for what finished kernels left on the GPU's. */
RO_DEVICE void ro_gpu_ctx_quiet_all(const struct ro_ctx *c, const char *api)
{
    ro_gpu_ctx_quiet(c, api);
    if (ro_gpu_state.proxy_peers)
        for (unsigned i = 0; i < c->n_gpu_rings; i++)
            ro_gpu_ring_quiet_drained(c->gpu_rings[i], api);
}
#endif

/* Calling scopes. A thread-scope call runs CALL itself. In a _wave or _wg call every
 * member passes the same arguments: the group meets (so members' writes to a source are
 * visible to the leader), the leader makes the one call, and the group meets again (so
 * no member returns before the operation, and a get's data is visible to all). */
#define RO_SCOPE_RUN(CALL) CALL
#define RO_SCOPE_RUN_wave(CALL)                                                            \
    do { ro_wave_sync(); if (ro_lane_id() == 0) { CALL; } ro_wave_sync(); } while (0)
#define RO_SCOPE_RUN_wg(CALL)                                                              \
    do { ro_wg_barrier(); if (ro_thread_id() == 0) { CALL; } ro_wg_barrier(); } while (0)
/* SCOPE is empty (thread), _wave or _wg. */
#define RO_IN_SCOPE(SCOPE, CALL) RO_SCOPE_RUN##SCOPE(CALL)

/* A member's rank in its group, the group's size, and the group's meeting. */
#define RO_SCOPE_RANK 0
#define RO_SCOPE_RANK_wave ro_lane_id()
#define RO_SCOPE_RANK_wg ro_thread_id()
#define RO_SCOPE_SIZE 1
#define RO_SCOPE_SIZE_wave ro_wave_size()
#define RO_SCOPE_SIZE_wg ro_block_dim()
#define RO_SCOPE_SYNC
#define RO_SCOPE_SYNC_wave ro_wave_sync()
#define RO_SCOPE_SYNC_wg ro_wg_barrier()
/* An operation the on-node path spreads over the group, with nothing for the leader to do
 * after the group's share (puts and gets): the group meets; each member evaluates TRY (as
 * below); where the on-node path did not take it, the leader makes the proxy path's CALL;
 * the group meets again. Two meetings, not three. */
#define RO_SCOPE_SPREAD_ONLY(SCOPE, TRY, CALL)                                              \
    do {                                                                                   \
        const int ro_rank_ = RO_SCOPE_RANK##SCOPE, ro_size_ = RO_SCOPE_SIZE##SCOPE;        \
        (void)ro_size_;                                                                    \
        RO_SCOPE_SYNC##SCOPE;                                                              \
        if (!(TRY) && ro_rank_ == 0) {                                                     \
            CALL;                                                                          \
        }                                                                                  \
        RO_SCOPE_SYNC##SCOPE;                                                              \
    } while (0)

/* An operation the on-node path spreads over the group (ro_gpu_ipc.h). The group meets;
 * each member evaluates TRY, which may use ro_rank_ and ro_size_ and is 1 when the on-node
 * path took the operation (every member gets the same answer): then the group meets again
 * and the leader runs THEN. Otherwise the leader alone makes the proxy path's CALL. The
 * group meets once more, so no member returns before the operation. */
#define RO_SCOPE_SPREAD(SCOPE, TRY, THEN, CALL)                                            \
    do {                                                                                   \
        const int ro_rank_ = RO_SCOPE_RANK##SCOPE, ro_size_ = RO_SCOPE_SIZE##SCOPE;        \
        (void)ro_size_;                                                                    \
        RO_SCOPE_SYNC##SCOPE;                                                              \
        if (TRY) {                                                                         \
            RO_SCOPE_SYNC##SCOPE;                                                          \
            if (ro_rank_ == 0) { THEN; }                                                   \
        } else if (ro_rank_ == 0) {                                                        \
            CALL;                                                                          \
        }                                                                                  \
        RO_SCOPE_SYNC##SCOPE;                                                              \
    } while (0)

/* Argument checks shared by every remote-access API: 0 when `pe` is valid and
 * [addr, addr + len) is symmetric: in the heap or the program's symmetric data (any addr
 * when len is 0: nothing moves);
 * else logs and returns -1, and the caller drops the operation (a get/fetch then returns
 * zeros). */
RO_FN int ro_gpu_check(const char *api, const void *addr, size_t len, int pe);

/* 1 when [addr, addr + len) lies inside this PE's symmetric heap. */
RO_DEVICE int ro_gpu_in_heap(const void *addr, size_t len)
{
    const uint8_t *p = (const uint8_t *)addr, *base = ro_gpu_state.heap_base;

    return p >= base && (size_t)(p - base) <= ro_gpu_state.heap_size &&
           len <= ro_gpu_state.heap_size - (size_t)(p - base);
}

RO_DEVICE uint64_t ro_gpu_heap_off(const void *addr)
{
    return (uint64_t)((const uint8_t *)addr - ro_gpu_state.heap_base);
}

/* 1 when [addr, addr + len) lies inside the program's symmetric data (never in device
 * code, whose data_size is 0). */
RO_DEVICE int ro_gpu_in_data(const void *addr, size_t len)
{
    const uint8_t *p = (const uint8_t *)addr, *base = ro_gpu_state.data_base;

    return p >= base && (size_t)(p - base) <= ro_gpu_state.data_size &&
           len <= ro_gpu_state.data_size - (size_t)(p - base);
}

/* The symmetric offset (common/ro_sym.h) a descriptor carries for addr, which
 * ro_gpu_check has found in the heap or the data. */
RO_DEVICE uint64_t ro_gpu_sym_off(const void *addr)
{
    if (ro_gpu_state.data_size && !ro_gpu_in_heap(addr, 0))
        return RO_SYM_DATA_BIT | (uint64_t)((const uint8_t *)addr - ro_gpu_state.data_base);
    return ro_gpu_heap_off(addr);
}

#endif
