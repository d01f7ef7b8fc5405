/* fcollect, alltoall and alltoallv: every member puts its blocks straight into the others'
 * dest with one put-with-signal each (the on-node path copies with the whole group), then
 * waits for every member's signal. alltoallv first learns where each receiver wants its
 * block: the receivers' counts and displacements travel the same way, one phase earlier. */
#include "config.h"
#include "coll/ro_coll_pick.h"

/* Member j's block of this call goes to dest + dst_off(j) on j, from src + src_off(j) here. */
static RO_FN void ro_coll_exchange(rocshmem_ctx_t ctx, const struct ro_grp *g,
                                   const struct ro_team *t, uint8_t *dest, size_t dst_off,
                                   const uint8_t *source, size_t src_stride, size_t nbytes,
                                   const char *api)
{
    if (t->size == 1) {
        ro_coll_copy(g, dest + dst_off, source, nbytes);
        return;
    }
    /* This member's own block first: the meeting of the on-node puts, or the one that ends
     * the wait, also ends this copy. */
    ro_coll_copy_share(g, dest + dst_off, source + (size_t)t->my_idx * src_stride, nbytes);
    ro_coll_put_signal_all(ctx, g, t, dest + dst_off, source, src_stride, nbytes);
    ro_coll_wait_all(g, t, api);
    ro_coll_complete(ctx, g);
}

/* kind 0 fcollect, 1 alltoall. */
RO_COLL_ENTRY void ro_coll_gather(rocshmem_ctx_t ctx, const struct ro_grp *g, rocshmem_team_t team,
                                 void *dest, const void *source, size_t nbytes, int kind,
                                 const char *api)
{
    const struct ro_team *t = ro_coll_team_checked(g, team, api);

    if (!t || !ro_coll_check_buf(g, api, "dest", dest, nbytes * (size_t)t->size) ||
        !ro_coll_check_buf(g, api, "source", source, nbytes * (kind ? (size_t)t->size : 1)))
        return;
    ro_grp_sync(g);
    ro_coll_exchange(ctx, g, t, (uint8_t *)dest, (size_t)t->my_idx * nbytes,
                     (const uint8_t *)source, kind ? nbytes : 0, nbytes, api);
}

RO_COLL_ENTRY void ro_coll_alltoallv(rocshmem_ctx_t ctx, const struct ro_grp *g, rocshmem_team_t team,
                                    uint8_t *dest, const size_t *dest_nelems,
                                    const size_t *dest_displs, const uint8_t *source,
                                    const size_t *source_nelems, const size_t *source_displs,
                                    size_t esize, const char *api)
{
    const struct ro_team *t = ro_coll_team_checked(g, team, api);
    int me, n;
    size_t np;
    uint64_t *meta_in, *meta_out;

    if (!t)
        return;
    me = t->my_idx;
    n = t->size;
    np = (size_t)ro_gpu_state.n_pes;
    meta_in = &t->sync[RO_TS_META_IN(np)];
    meta_out = &t->sync[RO_TS_META_OUT(np)];
    ro_grp_sync(g);
    if (dest_nelems[me] != source_nelems[me] && g->rank == 0)
        RO_GPU_ERR("%s: this PE sends itself %zu elements but expects %zu; sending the fewer",
                   api, source_nelems[me], dest_nelems[me]);
    {
        size_t m = source_nelems[me] < dest_nelems[me] ? source_nelems[me] : dest_nelems[me];
        if (ro_coll_check_buf(g, api, "dest", dest + dest_displs[me] * esize, m * esize) &&
            ro_coll_check_buf(g, api, "source", source + source_displs[me] * esize, m * esize))
            ro_coll_copy(g, dest + dest_displs[me] * esize, source + source_displs[me] * esize,
                         m * esize);
    }
    if (n == 1)
        return;
    /* Where each sender's block goes here, and how long it is. */
    if (g->rank == 0)
        for (int i = 0; i < n; i++) {
            ro_coll_word_set(&meta_out[2 * i], dest_displs[i]);
            ro_coll_word_set(&meta_out[2 * i + 1], dest_nelems[i]);
        }
    ro_grp_sync(g);
    ro_coll_put_signal_all(ctx, g, t, &meta_in[2 * me], (const uint8_t *)meta_out,
                           2 * sizeof(uint64_t), 2 * sizeof(uint64_t));
    /* A member that sees the data's signal must see the counts too. */
    if (g->rank == 0)
        rocshmem_ctx_fence(ctx);
    for (int k = 1; k < n; k++) {
        int j = (me + k) % n;
        uint64_t displ = 0, want = 0, m;

        ro_coll_wait(g, t, j, api);
        if (g->rank == 0) {
            displ = ro_coll_word_get(&meta_in[2 * j]);
            want = ro_coll_word_get(&meta_in[2 * j + 1]);
        }
        displ = ro_grp_bcast(g, displ);
        want = ro_grp_bcast(g, want);
        m = source_nelems[j];
        if (m != want) {
            if (g->rank == 0)
                RO_GPU_ERR("%s: member %d expects %llu elements from this PE, which sends %llu; "
                           "sending the fewer", api, j, (unsigned long long)want,
                           (unsigned long long)m);
            if (want < m)
                m = want;
        }
        /* The receiver's displacement is checked here too: a bad one sends nothing. */
        if (!ro_coll_check_buf(g, api, "source", source + source_displs[j] * esize, m * esize) ||
            !ro_coll_check_buf(g, api, "dest (as the receiver gave it)", dest + displ * esize,
                               m * esize))
            m = 0;
        ro_coll_put_signal(ctx, g, t, dest + displ * esize, source + source_displs[j] * esize,
                           m * esize, j, 0);
    }
    ro_coll_wait_all(g, t, api);
    ro_coll_complete(ctx, g);
}

#define RO_DEF_GATHER_MEM(NAME, KIND, SCOPE)                                               \
    RO_FN void rocshmem_ctx_##NAME##mem##SCOPE(rocshmem_ctx_t ctx, rocshmem_team_t team,   \
                                               void *dest, const void *source, size_t nbytes) \
    { struct ro_grp g = RO_GRP(SCOPE);                                                     \
      ro_coll_gather(ctx, &g, team, dest, source, nbytes, KIND, "rocshmem_" #NAME "mem" #SCOPE); } \
    RO_FN void rocshmem_##NAME##mem##SCOPE(rocshmem_team_t team, void *dest,               \
                                           const void *source, size_t nbytes)              \
    { rocshmem_ctx_##NAME##mem##SCOPE(ROCSHMEM_CTX_DEFAULT, team, dest, source, nbytes); }
RO_DEF_GATHER_MEM(fcollect, 0, )
RO_DEF_GATHER_MEM(fcollect, 0, _wave)
RO_DEF_GATHER_MEM(fcollect, 0, _wg)
RO_DEF_GATHER_MEM(alltoall, 1, )
RO_DEF_GATHER_MEM(alltoall, 1, _wave)
RO_DEF_GATHER_MEM(alltoall, 1, _wg)
#undef RO_DEF_GATHER_MEM

#define RO_DEF_GATHER_TYPED(NAME, TYPE, OP, KIND, SCOPE)                                   \
    RO_FN void rocshmem_ctx_##NAME##_##OP##SCOPE(rocshmem_ctx_t ctx, rocshmem_team_t team, \
                                                 TYPE *dest, const TYPE *source, int nelems) \
    { struct ro_grp g = RO_GRP(SCOPE);                                                     \
      if (ro_coll_count_ok(&g, nelems, "rocshmem_" #NAME "_" #OP #SCOPE))                  \
          ro_coll_gather(ctx, &g, team, dest, source, (size_t)nelems * sizeof(TYPE), KIND, \
                         "rocshmem_" #NAME "_" #OP #SCOPE); }                              \
    RO_FN void rocshmem_##NAME##_##OP##SCOPE(rocshmem_team_t team, TYPE *dest,             \
                                             const TYPE *source, int nelems)               \
    { rocshmem_ctx_##NAME##_##OP##SCOPE(ROCSHMEM_CTX_DEFAULT, team, dest, source, nelems); }
#define RO_DEF_ALLTOALLV(NAME, TYPE, SCOPE)                                                \
    RO_FN void rocshmem_ctx_##NAME##_alltoallv##SCOPE(                                     \
        rocshmem_ctx_t ctx, rocshmem_team_t team, TYPE *dest, const size_t dest_nelems[],  \
        const size_t dest_displs[], TYPE *source, const size_t source_nelems[],            \
        const size_t source_displs[])                                                      \
    { struct ro_grp g = RO_GRP(SCOPE);                                                     \
      ro_coll_alltoallv(ctx, &g, team, (uint8_t *)dest, dest_nelems, dest_displs,          \
                        (const uint8_t *)source, source_nelems, source_displs, sizeof(TYPE), \
                        "rocshmem_" #NAME "_alltoallv" #SCOPE); }                          \
    RO_FN void rocshmem_##NAME##_alltoallv##SCOPE(                                         \
        rocshmem_team_t team, TYPE *dest, const size_t dest_nelems[],                      \
        const size_t dest_displs[], TYPE *source, const size_t source_nelems[],            \
        const size_t source_displs[])                                                      \
    { rocshmem_ctx_##NAME##_alltoallv##SCOPE(ROCSHMEM_CTX_DEFAULT, team, dest, dest_nelems, \
                                             dest_displs, source, source_nelems,           \
                                             source_displs); }
#define RO_DEF_EXCHANGE_SCOPE(NAME, TYPE, SCOPE)                                           \
    RO_DEF_GATHER_TYPED(NAME, TYPE, fcollect, 0, SCOPE)                                    \
    RO_DEF_GATHER_TYPED(NAME, TYPE, alltoall, 1, SCOPE)                                    \
    RO_DEF_ALLTOALLV(NAME, TYPE, SCOPE)
#define RO_DEF_EXCHANGE(NAME, TYPE, KIND)                                                  \
    RO_DEF_EXCHANGE_SCOPE(NAME, TYPE, ) RO_DEF_EXCHANGE_SCOPE(NAME, TYPE, _wave)           \
    RO_DEF_EXCHANGE_SCOPE(NAME, TYPE, _wg)
ROCSHMEM_FOR_RMA_TYPES(RO_DEF_EXCHANGE)
#undef RO_DEF_EXCHANGE
#undef RO_DEF_EXCHANGE_SCOPE
#undef RO_DEF_ALLTOALLV
#undef RO_DEF_GATHER_TYPED
