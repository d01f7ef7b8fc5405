/* broadcast: member pe_root's source to every member's dest (the root's too). On the
 * on-node path the root writes every dest (small) or every member reads the root's source
 * and says when it is done (large); through the proxy, a binomial tree of put-with-signal,
 * each member forwarding from its dest. */
#include "config.h"
#include "coll/ro_coll_pick.h"

RO_COLL_ENTRY void ro_coll_bcast(rocshmem_ctx_t ctx, const struct ro_grp *g, rocshmem_team_t team,
                                void *dest, const void *source, size_t nbytes, int root,
                                const char *api)
{
    const struct ro_team *t = ro_coll_team_checked(g, team, api);
    int me, n, vr;
    enum ro_coll_alg alg;

    if (!t)
        return;
    me = t->my_idx;
    n = t->size;
    if (root < 0 || root >= n) {
        if (g->rank == 0)
            RO_GPU_ERR("%s: pe_root %d is not a member (the team has %d); the call is refused",
                       api, root, n);
        return;
    }
    if (!ro_coll_check_buf(g, api, "dest", dest, nbytes) ||
        (me == root && !ro_coll_check_buf(g, api, "source", source, nbytes)))
        return;
    ro_grp_sync(g);
    alg = ro_coll_pick(RO_COLL_BCAST, t, nbytes);
    if (alg == RO_ALG_NONE) {
        ro_coll_copy(g, dest, source, nbytes);
        return;
    }
    if (alg == RO_ALG_PUSH) {
        if (me == root) {
            ro_coll_put_signal_all(ctx, g, t, dest, (const uint8_t *)source, 0, nbytes);
            ro_coll_copy(g, dest, source, nbytes);
        } else {
            ro_coll_wait(g, t, root, api);
        }
        return;
    }
    if (alg == RO_ALG_PULL) {
        if (me == root) {
            /* Ready, then wait until every member has read the source. */
            ro_coll_signal_all(ctx, g, t);
            ro_coll_copy(g, dest, source, nbytes);
            ro_coll_wait_all(g, t, api);
        } else {
            ro_coll_wait(g, t, root, api);
            ro_coll_copy(g, dest, ro_gpu_ipc_addr(source, nbytes, ro_team_pe(t, root)), nbytes);
            if (g->rank == 0)
                ro_coll_signal(ctx, t, root);
        }
        return;
    }
    /* Tree: vr is the distance from the root; the parent clears vr's lowest set bit, the
     * children add each lower power of two. */
    vr = (me - root + n) % n;
    int mask = 1;
    while (mask < n && !(vr & mask))
        mask <<= 1;
    if (vr) {
        ro_coll_wait(g, t, (me - mask + n) % n, api);
    } else {
        ro_coll_copy(g, dest, source, nbytes);
    }
    for (mask >>= 1; mask > 0; mask >>= 1)
        if (vr + mask < n)
            ro_coll_put_signal(ctx, g, t, dest, dest, nbytes, (me + mask) % n, 0);
    ro_coll_complete(ctx, g);
}

#define RO_DEF_BCAST_MEM(SCOPE)                                                            \
    RO_FN void rocshmem_ctx_broadcastmem##SCOPE(rocshmem_ctx_t ctx, rocshmem_team_t team,  \
                                                void *dest, const void *source,            \
                                                size_t nbytes, int pe_root)                \
    { struct ro_grp g = RO_GRP(SCOPE);                                                     \
      ro_coll_bcast(ctx, &g, team, dest, source, nbytes, pe_root,                          \
                    "rocshmem_broadcastmem" #SCOPE); }                                     \
    RO_FN void rocshmem_broadcastmem##SCOPE(rocshmem_team_t team, void *dest,              \
                                            const void *source, size_t nbytes, int pe_root) \
    { rocshmem_ctx_broadcastmem##SCOPE(ROCSHMEM_CTX_DEFAULT, team, dest, source, nbytes,   \
                                       pe_root); }
RO_DEF_BCAST_MEM()
RO_DEF_BCAST_MEM(_wave)
RO_DEF_BCAST_MEM(_wg)
#undef RO_DEF_BCAST_MEM

#define RO_DEF_BCAST_SCOPE(NAME, TYPE, SCOPE)                                              \
    RO_FN void rocshmem_ctx_##NAME##_broadcast##SCOPE(rocshmem_ctx_t ctx, rocshmem_team_t team, \
                                                      TYPE *dest, const TYPE *source,      \
                                                      int nelems, int pe_root)             \
    { struct ro_grp g = RO_GRP(SCOPE);                                                     \
      if (ro_coll_count_ok(&g, nelems, "rocshmem_" #NAME "_broadcast" #SCOPE))             \
          ro_coll_bcast(ctx, &g, team, dest, source, (size_t)nelems * sizeof(TYPE), pe_root, \
                        "rocshmem_" #NAME "_broadcast" #SCOPE); }                          \
    RO_FN void rocshmem_##NAME##_broadcast##SCOPE(rocshmem_team_t team, TYPE *dest,        \
                                                  const TYPE *source, int nelems, int pe_root) \
    { rocshmem_ctx_##NAME##_broadcast##SCOPE(ROCSHMEM_CTX_DEFAULT, team, dest, source,     \
                                             nelems, pe_root); }
#define RO_DEF_BCAST(NAME, TYPE, KIND)                                                     \
    RO_DEF_BCAST_SCOPE(NAME, TYPE, ) RO_DEF_BCAST_SCOPE(NAME, TYPE, _wave)                 \
    RO_DEF_BCAST_SCOPE(NAME, TYPE, _wg)
ROCSHMEM_FOR_RMA_TYPES(RO_DEF_BCAST)
#undef RO_DEF_BCAST
#undef RO_DEF_BCAST_SCOPE
