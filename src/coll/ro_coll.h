/* The collectives layer: what every algorithm is built from. A call's members (one thread,
 * one wave or one workgroup: a group) run the algorithm together; the leader (rank 0) makes
 * the signals and the waits, every member takes a share of each copy and each reduction.
 * A step to a team member is a put-with-signal: on the on-node path the group copies into the
 * member's mapped heap and the leader adds to the signal after a fence; otherwise the leader
 * posts one descriptor (data, then its signal, ordered by the proxy). Signals are the team
 * slot's psig words (ro_gpu.h), counted: one writer each, each signal waited for once.
 * Host calls on a GPU heap reach it through the GPU runtime's copies (ro_gpu_ipc.h). */
#ifndef RO_COLL_H
#define RO_COLL_H

#include "common/ro_dtype.h"
#include "gpu/ro_gpu_ipc.h"

/* An algorithm's entry, which every typed name of its family calls: kept out of line, or the
 * GPU compilers copy it into each of hundreds of wrappers (ptxas then takes minutes). */
#if defined(__CUDACC__)
#define RO_COLL_ENTRY static __device__ __noinline__
#elif defined(__HIPCC__)
#define RO_COLL_ENTRY static __device__ __attribute__((noinline))
#else
#define RO_COLL_ENTRY static
#endif

/* The members of one call. */
struct ro_grp {
    int rank, size;
    int kind;                      /* 0 thread, 1 wave, 2 workgroup */
};
#define RO_GRP_KIND 0
#define RO_GRP_KIND_wave 1
#define RO_GRP_KIND_wg 2
#define RO_GRP(SCOPE) ro_grp_make(RO_SCOPE_RANK##SCOPE, RO_SCOPE_SIZE##SCOPE, RO_GRP_KIND##SCOPE)

RO_DEVICE struct ro_grp ro_grp_make(int rank, int size, int kind)
{
    struct ro_grp g;
    g.rank = rank;
    g.size = size;
    g.kind = kind;
    return g;
}

RO_DEVICE void ro_grp_sync(const struct ro_grp *g)
{
    if (g->kind == 1)
        ro_wave_sync();
    else if (g->kind == 2)
        ro_wg_barrier();
}

/* The leader's v, to every member. */
RO_DEVICE uint64_t ro_grp_bcast(const struct ro_grp *g, uint64_t v)
{
    if (g->kind == 1)
        return ro_wave_bcast64(v, 0);
    if (g->kind == 2)
        return ro_wg_bcast64(v, 0);
    return v;
}

/* Team member i's PE number in WORLD. */
RO_DEVICE int ro_team_pe(const struct ro_team *t, int i)
{
    return t->start + i * t->stride;
}

/* This PE's own words of the heap. Host code on a GPU heap copies them through the runtime.
 * A plain load: the words are this PE's own (epoch, seen counts), written by the caller's
 * earlier calls or kernels, or read after a wait that acquired them (alltoallv's counts). */
RO_DEVICE uint64_t ro_coll_word_get(const uint64_t *w)
{
#if !defined(__CUDACC__) && !defined(__HIPCC__)
    if (ro_gpu_state.heap_on_device) {
        uint64_t v;
        ro_gpu_ipc_copy(&v, w, sizeof(v), 0, 1);
        return v;
    }
#endif
    return ro_load_volatile64(w);
}

RO_DEVICE void ro_coll_word_set(uint64_t *w, uint64_t v)
{
#if !defined(__CUDACC__) && !defined(__HIPCC__)
    if (ro_gpu_state.heap_on_device) {
        ro_gpu_ipc_copy(w, &v, sizeof(v), 0, 1);
        return;
    }
#endif
    ro_store_relaxed64(w, v);
}

/* Takes k consecutive phase numbers of team t for this call and returns the first: the
 * leader advances the team's counter, the group learns the value. */
RO_DEVICE uint64_t ro_coll_phases(const struct ro_grp *g, const struct ro_team *t, unsigned k)
{
    uint64_t e = 0;

    if (g->rank == 0) {
        e = ro_coll_word_get(&t->sync[RO_TS_EPOCH]) + 1;
        ro_coll_word_set(&t->sync[RO_TS_EPOCH], e + k - 1);
    }
    return ro_grp_bcast(g, e);
}

/* Leader only: one signal to member `to` (ro_gpu.h: psig), after whatever this PE wrote to
 * `to` before on the on-node path, or through ctx (a put-with-signal orders its data first). */
RO_FN void ro_coll_signal(rocshmem_ctx_t ctx, const struct ro_team *t, int to);

/* The group puts n bytes from src (this PE's memory) to dest (a symmetric address) on
 * member `to`, then signals there. The data is not complete on return on the proxy path
 * unless `blocking` (a quiet completes it). */
RO_FN void ro_coll_put_signal(rocshmem_ctx_t ctx, const struct ro_grp *g, const struct ro_team *t,
                              void *dest, const void *src, size_t n, int to, int blocking);

/* The group signals every other member (after the group's copies so far). */
RO_FN void ro_coll_signal_all(rocshmem_ctx_t ctx, const struct ro_grp *g, const struct ro_team *t);

/* The group puts n bytes from src + j * src_stride (this PE's memory) to dest on every other
 * member j, then signals each. On the on-node path every copy goes before one round of
 * signals; otherwise one put-with-signal each, complete after a quiet. */
RO_FN void ro_coll_put_signal_all(rocshmem_ctx_t ctx, const struct ro_grp *g,
                                  const struct ro_team *t, void *dest, const uint8_t *src,
                                  size_t src_stride, size_t n);

/* The group waits for member `from`'s next signal to this PE (every signal is waited for
 * once): bounded by ROCSHMEM_RO_TIMEOUT, after which the job ends naming `api`. */
RO_FN void ro_coll_wait(const struct ro_grp *g, const struct ro_team *t, int from, const char *api);

/* The same for every other member at once: the group's members share the waits. */
RO_FN void ro_coll_wait_all(const struct ro_grp *g, const struct ro_team *t, const char *api);

/* The context of the collectives' synchronization signals (ro_dev_state.coll_ctx). */
RO_DEVICE rocshmem_ctx_t ro_coll_sync_ctx(void)
{
    rocshmem_ctx_t c;
    c.ctx_opaque = ro_gpu_state.coll_ctx;
    c.team_opaque = NULL;
    return c;
}

/* The group copies n bytes between any two addresses this PE reaches (its own memory or a
 * mapped peer's heap) and meets. */
RO_FN void ro_coll_copy(const struct ro_grp *g, void *dst, const void *src, size_t n);
/* The same copy, each member its share, without the meeting: for a caller whose next step
 * meets anyway. */
RO_FN void ro_coll_copy_share(const struct ro_grp *g, void *dst, const void *src, size_t n);

/* Reduction operations, in the order of the typed names' table. */
enum ro_red_op { RO_RED_SUM, RO_RED_PROD, RO_RED_MIN, RO_RED_MAX, RO_RED_AND, RO_RED_OR, RO_RED_XOR };

/* The group computes dst[k] = a[k] OP b[k] for k < n elements of type dt, and meets if
 * `meet`. Any of the three may be a mapped peer's heap; dst may be a or b. Each member
 * takes the same elements in every call, so that a chain of combines into one dst needs a
 * meeting after its last only. */
RO_FN void ro_coll_combine(const struct ro_grp *g, enum ro_dt dt, enum ro_red_op op, void *dst,
                           const void *a, const void *b, size_t n, int meet);

/* 1 when [p, p + len) lies in the symmetric heap; else the leader logs it, naming api and
 * what, and 0. */
RO_FN int ro_coll_check_buf(const struct ro_grp *g, const char *api, const char *what,
                            const void *p, size_t len);

/* 1 when a call's element count is not negative; else the leader logs it, and 0. */
RO_FN int ro_coll_count_ok(const struct ro_grp *g, int count, const char *api);

/* The team of a collective call, checked: NULL (after the leader's message) when it is not
 * a valid team handle. */
RO_FN const struct ro_team *ro_coll_team_checked(const struct ro_grp *g, rocshmem_team_t h,
                                                 const char *api);

/* Completes this PE's puts of a collective (the proxy path's nbi puts) and meets; where no
 * peer is behind the proxy it does nothing, since every caller's last step has met. */
RO_FN void ro_coll_complete(rocshmem_ctx_t ctx, const struct ro_grp *g);

/* The team's barrier without the quiet: every member arrives before any leaves. Its
 * signals go through the collectives' own context. */
RO_FN void ro_coll_sync(const struct ro_grp *g, const struct ro_team *t, const char *api);

#endif
