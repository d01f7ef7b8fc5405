/* Barriers and syncs on any team, at every scope. sync: every member arrives before any
 * leaves (flat or dissemination, ro_coll_pick.h); barrier: a quiet of the context (the default
 * one for barrier and barrier_all, as OpenSHMEM 1.5 has it), then sync. barrier_all and
 * sync_all are those of ROCSHMEM_TEAM_WORLD. */
#include "config.h"
#include "coll/ro_coll_pick.h"

#include <stdio.h>

RO_FN void ro_coll_sync(const struct ro_grp *g, const struct ro_team *t, const char *api)
{
    const rocshmem_ctx_t ctx = ro_coll_sync_ctx();
    enum ro_coll_alg alg = ro_coll_pick(RO_COLL_SYNC, t, 0);
    int me = t->my_idx, n = t->size;

    /* The members' stores so far come before the leader's signals. */
    ro_grp_sync(g);
    if (alg == RO_ALG_NONE)
        return;
#if !defined(__CUDACC__) && !defined(__HIPCC__)
    /* The host cannot make a GPU heap's signals fast, and the null transport carries none:
     * a team of every PE meets through the bootstrap instead. */
    if (ro_gpu_state.host_boot_barrier && n == ro_gpu_state.n_pes) {
        if (ro_gpu_state.host_sync()) {
            char why[128];
            snprintf(why, sizeof(why), "%s: the bootstrap barrier failed", api);
            ro_gpu_state.fatal(why);
        }
        return;
    }
#endif
    if (alg == RO_ALG_FLAT) {
        ro_coll_signal_all(ctx, g, t);
        ro_coll_wait_all(g, t, api);
        return;
    }
    /* Round k: signal member me + 2^k, wait for member me - 2^k. */
    for (int dist = 1; dist < n; dist <<= 1) {
        if (g->rank == 0)
            ro_coll_signal(ctx, t, (me + dist) % n);
        ro_coll_wait(g, t, (me - dist + n) % n, api);
    }
}

RO_COLL_ENTRY void ro_coll_barrier(rocshmem_ctx_t ctx, const struct ro_grp *g, rocshmem_team_t team,
                                   const char *api)
{
    const struct ro_team *t = ro_coll_team_checked(g, team, api);

    if (!t)
        return;
    ro_grp_sync(g);
    if (g->rank == 0)
        ro_gpu_barrier_quiet(ctx, api);
    ro_coll_sync(g, t, api);
}

RO_COLL_ENTRY void ro_coll_team_sync(const struct ro_grp *g, rocshmem_team_t team, const char *api)
{
    const struct ro_team *t = ro_coll_team_checked(g, team, api);

    if (t)
        ro_coll_sync(g, t, api);
}

#define RO_DEF_SYNC(SCOPE)                                                                 \
    RO_FN void rocshmem_ctx_barrier##SCOPE(rocshmem_ctx_t ctx, rocshmem_team_t team)       \
    { struct ro_grp g = RO_GRP(SCOPE);                                                     \
      ro_coll_barrier(ctx, &g, team, "rocshmem_ctx_barrier" #SCOPE); }                     \
    RO_FN void rocshmem_barrier##SCOPE(rocshmem_team_t team)                               \
    { struct ro_grp g = RO_GRP(SCOPE);                                                     \
      ro_coll_barrier(ROCSHMEM_CTX_DEFAULT, &g, team, "rocshmem_barrier" #SCOPE); }        \
    RO_FN void rocshmem_ctx_sync##SCOPE(rocshmem_ctx_t ctx, rocshmem_team_t team)          \
    { struct ro_grp g = RO_GRP(SCOPE);                                                     \
      ro_coll_team_sync(&g, team, "rocshmem_ctx_sync" #SCOPE); }                           \
    RO_FN void rocshmem_team_sync##SCOPE(rocshmem_team_t team)                             \
    { struct ro_grp g = RO_GRP(SCOPE);                                                     \
      ro_coll_team_sync(&g, team, "rocshmem_team_sync" #SCOPE); }                          \
    RO_FN void rocshmem_ctx_barrier_all##SCOPE(rocshmem_ctx_t ctx)                         \
    { struct ro_grp g = RO_GRP(SCOPE);                                                     \
      ro_coll_barrier(ctx, &g, ROCSHMEM_TEAM_WORLD, "rocshmem_ctx_barrier_all" #SCOPE); }  \
    RO_FN void rocshmem_barrier_all##SCOPE(void)                                           \
    { struct ro_grp g = RO_GRP(SCOPE);                                                     \
      ro_coll_barrier(ROCSHMEM_CTX_DEFAULT, &g, ROCSHMEM_TEAM_WORLD,                       \
                      "rocshmem_barrier_all" #SCOPE); }                                    \
    RO_FN void rocshmem_ctx_sync_all##SCOPE(rocshmem_ctx_t ctx)                            \
    { struct ro_grp g = RO_GRP(SCOPE);                                                     \
      ro_coll_team_sync(&g, ROCSHMEM_TEAM_WORLD, "rocshmem_ctx_sync_all" #SCOPE); }        \
    RO_FN void rocshmem_sync_all##SCOPE(void)                                              \
    { struct ro_grp g = RO_GRP(SCOPE);                                                     \
      ro_coll_team_sync(&g, ROCSHMEM_TEAM_WORLD,                                           \
                        "rocshmem_sync_all" #SCOPE); }
RO_DEF_SYNC()
RO_DEF_SYNC(_wave)
RO_DEF_SYNC(_wg)
#undef RO_DEF_SYNC
