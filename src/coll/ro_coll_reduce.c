/* reduce (every member gets the reduction of all sources) and reduce_scatter (member i gets
 * that of everyone's block i). Small reductions on any path: every member sends its source to
 * every other one's scratch and reduces what it got. On the on-node path members read each
 * other's sources: after
 * a sync that says every source is ready, each reduces the whole (small) or its part (large,
 * then all gather the parts) into its scratch, a sync says all sources are read, and each
 * copies out; chunks of half the scratch, alternating halves, bound the scratch space.
 * Through the proxy, recursive doubling of put-with-signal into the scratch (members past
 * the largest power of two fold in first and get the result last), chunked alike; and
 * reduce_scatter sends each member its blocks directly. Every member of a reduce combines in
 * the same order, so floating-point results agree everywhere. */
#include "config.h"
#include "coll/ro_coll_pick.h"

/* Member i's copy of the symmetric address p (len bytes), as this PE reaches it. */
static RO_FN const uint8_t *ro_coll_at(const struct ro_team *t, int i, const void *p, size_t len)
{
    return ro_gpu_ipc_addr(p, len, ro_team_pe(t, i));
}

/* dst = OP over members first, first + 1, ... (wrapping) of their src (n elements). */
static RO_FN void ro_coll_reduce_sources(const struct ro_grp *g, const struct ro_team *t,
                                         enum ro_dt dt, enum ro_red_op op, void *dst,
                                         const uint8_t *src, size_t n, int first)
{
    size_t len = n * ro_dt_size(dt);
    int m = t->size;

    ro_coll_combine(g, dt, op, dst, ro_coll_at(t, first, src, len),
                    ro_coll_at(t, (first + 1) % m, src, len), n, m == 2);
    for (int k = 2; k < m; k++)
        ro_coll_combine(g, dt, op, dst, dst, ro_coll_at(t, (first + k) % m, src, len), n,
                        k == m - 1);
}

/* dst = OP over the n (>= 2) slots base, base + slot, ... in member order, count elements
 * each: a chain of combines whose last one meets. */
static RO_FN void ro_coll_combine_slots(const struct ro_grp *g, enum ro_dt dt, enum ro_red_op op,
                                        uint8_t *dst, const uint8_t *base, size_t slot, int n,
                                        size_t count)
{
    ro_coll_combine(g, dt, op, dst, base, base + slot, count, n == 2);
    for (int j = 2; j < n; j++)
        ro_coll_combine(g, dt, op, dst, dst, base + (size_t)j * slot, count, j == n - 1);
}

static RO_FN void ro_coll_reduce_ipc(rocshmem_ctx_t ctx, const struct ro_grp *g,
                                     const struct ro_team *t, enum ro_coll_alg alg, uint8_t *dest,
                                     const uint8_t *source, size_t nreduce, enum ro_dt dt,
                                     enum ro_red_op op, const char *api)
{
    const size_t es = ro_dt_size(dt), half = (t->scratch_size / 2) & ~(size_t)15;
    const int n = t->size, me = t->my_idx, parts = alg == RO_ALG_PARTS;
    /* Elements per chunk: a member's part (or the whole) fills at most half the scratch. */
    size_t cap = half / es, chunk = parts ? cap * (size_t)n : cap;
    size_t rounds = (nreduce + chunk - 1) / chunk;
    uint64_t e;

    ro_coll_sync(g, t, api);
    e = ro_coll_phases(g, t, (unsigned)rounds);
    for (size_t c = 0; c < rounds; c++, e++) {
        size_t off = c * chunk, m = nreduce - off < chunk ? nreduce - off : chunk;
        size_t pp = parts ? (m + (size_t)n - 1) / (size_t)n : m;
        size_t lo = parts ? (size_t)me * pp : 0, hi = lo + pp < m ? lo + pp : m;
        uint8_t *buf = t->scratch + (e & 1) * half;

        if (hi > lo)
            ro_coll_reduce_sources(g, t, dt, op, buf, source + (off + lo) * es, hi - lo, 0);
        ro_coll_signal_all(ctx, g, t);
        ro_coll_wait_all(g, t, api);
        if (!parts) {
            ro_coll_copy(g, dest + off * es, buf, m * es);
            continue;
        }
        for (int k = 0; k < n; k++) {
            int j = (me + k) % n;
            size_t jlo = (size_t)j * pp, jhi = jlo + pp < m ? jlo + pp : m;
            if (jhi > jlo)
                ro_coll_copy(g, dest + (off + jlo) * es, ro_coll_at(t, j, buf, (jhi - jlo) * es),
                             (jhi - jlo) * es);
        }
    }
}

/* Small: each member's source goes to every member's scratch (slot: the sender), sent from
 * the sender's own slot so that dest may be source; each reduces the slots in member order. */
static RO_FN void ro_coll_reduce_push(rocshmem_ctx_t ctx, const struct ro_grp *g,
                                      const struct ro_team *t, uint8_t *dest,
                                      const uint8_t *source, size_t nreduce, enum ro_dt dt,
                                      enum ro_red_op op, const char *api)
{
    const size_t es = ro_dt_size(dt), half = (t->scratch_size / 2) & ~(size_t)15;
    const size_t bytes = nreduce * es, slot = (bytes + 15) & ~(size_t)15;
    const int n = t->size, me = t->my_idx;
    uint64_t e = ro_coll_phases(g, t, 1);
    uint8_t *base = t->scratch + (e & 1) * half, *mine = base + (size_t)me * slot;

    ro_coll_copy(g, mine, source, bytes);
    ro_coll_put_signal_all(ctx, g, t, mine, mine, 0, bytes);
    ro_coll_wait_all(g, t, api);
    ro_coll_combine_slots(g, dt, op, dest, base, slot, n, nreduce);
    ro_coll_complete(ctx, g);
}

static RO_FN void ro_coll_reduce_recdbl(rocshmem_ctx_t ctx, const struct ro_grp *g,
                                        const struct ro_team *t, uint8_t *dest,
                                        const uint8_t *source, size_t nreduce, enum ro_dt dt,
                                        enum ro_red_op op, const char *api)
{
    const size_t es = ro_dt_size(dt), half = (t->scratch_size / 2) & ~(size_t)15;
    const int n = t->size, me = t->my_idx;
    int p2 = 1, levels = 0;
    size_t slot, chunk, rounds;
    uint64_t e;

    while (p2 * 2 <= n) {
        p2 *= 2;
        levels++;
    }
    /* Per half: one slot per level and one for the member that folds in. */
    slot = (half / (size_t)(levels + 1)) & ~(size_t)15;
    chunk = slot / es;
    rounds = (nreduce + chunk - 1) / chunk;
    ro_coll_copy(g, dest, source, nreduce * es);
    e = ro_coll_phases(g, t, (unsigned)rounds);
    for (size_t c = 0; c < rounds; c++, e++) {
        size_t off = c * chunk, m = nreduce - off < chunk ? nreduce - off : chunk;
        uint8_t *acc = dest + off * es, *base = t->scratch + (e & 1) * half;

        if (me >= p2) {
            ro_coll_put_signal(ctx, g, t, base + (size_t)levels * slot, acc, m * es, me - p2, 1);
            ro_coll_wait(g, t, me - p2, api);
            continue;
        }
        if (me < n - p2) {
            ro_coll_wait(g, t, me + p2, api);
            ro_coll_combine(g, dt, op, acc, acc, base + (size_t)levels * slot, m, 1);
        }
        for (int k = 0; k < levels; k++) {
            int partner = me ^ (1 << k);
            ro_coll_put_signal(ctx, g, t, base + (size_t)k * slot, acc, m * es, partner, 1);
            ro_coll_wait(g, t, partner, api);
            ro_coll_combine(g, dt, op, acc, acc, base + (size_t)k * slot, m, 1);
        }
        if (me < n - p2)
            ro_coll_put_signal(ctx, g, t, acc, acc, m * es, me + p2, 1);
    }
}

/* The team of a reduction whose arguments pass (then the group has met), else NULL after
 * a message. per_member: the source holds a block per member (reduce_scatter). */
static RO_FN const struct ro_team *ro_coll_reduce_args(const struct ro_grp *g, rocshmem_team_t team,
                                                       const void *dest, const void *source,
                                                       int nreduce, enum ro_dt dt, int per_member,
                                                       const char *api)
{
    const struct ro_team *t = ro_coll_team_checked(g, team, api);
    size_t bytes;

    if (!t || !ro_coll_count_ok(g, nreduce, api))
        return NULL;
    bytes = (size_t)nreduce * ro_dt_size(dt);
    if (!ro_coll_check_buf(g, api, "dest", dest, bytes) ||
        !ro_coll_check_buf(g, api, "source", source, bytes * (per_member ? (size_t)t->size : 1)))
        return NULL;
    ro_grp_sync(g);
    return t;
}

RO_COLL_ENTRY int ro_coll_reduce(rocshmem_ctx_t ctx, const struct ro_grp *g, rocshmem_team_t team,
                                void *dest, const void *source, int nreduce, enum ro_dt dt,
                                enum ro_red_op op, const char *api)
{
    const struct ro_team *t = ro_coll_reduce_args(g, team, dest, source, nreduce, dt, 0, api);
    size_t bytes = (size_t)(nreduce > 0 ? nreduce : 0) * ro_dt_size(dt);
    enum ro_coll_alg alg;

    if (!t)
        return ROCSHMEM_ERROR;
    if (!nreduce)
        return ROCSHMEM_SUCCESS;
    alg = ro_coll_pick(RO_COLL_REDUCE, t, bytes);
    if (alg == RO_ALG_NONE)
        ro_coll_copy(g, dest, source, bytes);
    else if (alg == RO_ALG_PUSH)
        ro_coll_reduce_push(ctx, g, t, (uint8_t *)dest, (const uint8_t *)source, (size_t)nreduce,
                            dt, op, api);
    else if (alg == RO_ALG_RECDBL)
        ro_coll_reduce_recdbl(ctx, g, t, (uint8_t *)dest, (const uint8_t *)source, (size_t)nreduce,
                              dt, op, api);
    else
        ro_coll_reduce_ipc(ctx, g, t, alg, (uint8_t *)dest, (const uint8_t *)source,
                           (size_t)nreduce, dt, op, api);
    return ROCSHMEM_SUCCESS;
}

/* The proxy path: each member's block j goes to member j's scratch (slot: the sender), in
 * chunks; each member reduces what it received in member order. */
static RO_FN void ro_coll_reduce_scatter_direct(rocshmem_ctx_t ctx, const struct ro_grp *g,
                                                const struct ro_team *t, uint8_t *dest,
                                                const uint8_t *source, size_t nreduce,
                                                enum ro_dt dt, enum ro_red_op op, const char *api)
{
    const size_t es = ro_dt_size(dt), half = (t->scratch_size / 2) & ~(size_t)15;
    const int n = t->size, me = t->my_idx;
    const size_t slot = (half / (size_t)n) & ~(size_t)15, chunk = slot / es;
    size_t rounds = (nreduce + chunk - 1) / chunk;
    uint64_t e;

    if (!chunk) {
        if (g->rank == 0)
            RO_GPU_ERR("%s: the team's scratch (%zu bytes) is too small for %d members; raise "
                       "ROCSHMEM_RO_TEAM_SCRATCH", api, t->scratch_size, n);
        return;
    }
    e = ro_coll_phases(g, t, (unsigned)rounds);
    for (size_t c = 0; c < rounds; c++, e++) {
        size_t off = c * chunk, m = nreduce - off < chunk ? nreduce - off : chunk;
        uint8_t *base = t->scratch + (e & 1) * half, *acc = dest + off * es;

        for (int k = 1; k < n; k++) {
            int j = (me + k) % n;
            ro_coll_put_signal(ctx, g, t, base + (size_t)me * slot,
                               source + ((size_t)j * nreduce + off) * es, m * es, j, 0);
        }
        /* The next round's signals must not overtake this round's data. */
        if (g->rank == 0)
            rocshmem_ctx_fence(ctx);
        ro_coll_copy(g, base + (size_t)me * slot, source + ((size_t)me * nreduce + off) * es,
                     m * es);
        ro_coll_wait_all(g, t, api);
        ro_coll_combine_slots(g, dt, op, acc, base, slot, n, m);
    }
    ro_coll_complete(ctx, g);
}

RO_COLL_ENTRY int ro_coll_reduce_scatter(rocshmem_ctx_t ctx, const struct ro_grp *g,
                                        rocshmem_team_t team, void *dest, const void *source,
                                        int nreduce, enum ro_dt dt, enum ro_red_op op,
                                        const char *api)
{
    const struct ro_team *t = ro_coll_reduce_args(g, team, dest, source, nreduce, dt, 1, api);
    size_t bytes = (size_t)(nreduce > 0 ? nreduce : 0) * ro_dt_size(dt);
    enum ro_coll_alg alg;

    if (!t)
        return ROCSHMEM_ERROR;
    if (!nreduce)
        return ROCSHMEM_SUCCESS;
    alg = ro_coll_pick(RO_COLL_REDUCE_SCATTER, t, bytes);
    if (alg == RO_ALG_NONE) {
        ro_coll_copy(g, dest, source, bytes);
    } else if (alg == RO_ALG_DIRECT) {
        ro_coll_reduce_scatter_direct(ctx, g, t, (uint8_t *)dest, (const uint8_t *)source,
                                      (size_t)nreduce, dt, op, api);
    } else {
        /* Starting from its own block, a member may reduce in place into it. */
        ro_coll_sync(g, t, api);
        ro_coll_reduce_sources(g, t, dt, op, dest, (const uint8_t *)source + (size_t)t->my_idx * bytes,
                               (size_t)nreduce, t->my_idx);
        ro_coll_sync(g, t, api);
    }
    return ROCSHMEM_SUCCESS;
}

#define RO_DEF_REDUCE_SCOPE(NAME, TYPE, KIND, OP, ENUM, SCOPE)                             \
    RO_FN int rocshmem_ctx_##NAME##_##OP##_reduce##SCOPE(rocshmem_ctx_t ctx, rocshmem_team_t team, \
                                                         TYPE *dest, const TYPE *source,   \
                                                         int nreduce)                      \
    { struct ro_grp g = RO_GRP(SCOPE);                                                     \
      return ro_coll_reduce(ctx, &g, team, dest, source, nreduce, RO_DT_OF(TYPE, KIND), ENUM, \
                            "rocshmem_" #NAME "_" #OP "_reduce" #SCOPE); }                 \
    RO_FN int rocshmem_##NAME##_##OP##_reduce##SCOPE(rocshmem_team_t team, TYPE *dest,     \
                                                     const TYPE *source, int nreduce)      \
    { return rocshmem_ctx_##NAME##_##OP##_reduce##SCOPE(ROCSHMEM_CTX_DEFAULT, team, dest,  \
                                                        source, nreduce); }                \
    RO_FN int rocshmem_ctx_##NAME##_##OP##_reduce_scatter##SCOPE(                          \
        rocshmem_ctx_t ctx, rocshmem_team_t team, TYPE *dest, const TYPE *source, int nreduce) \
    { struct ro_grp g = RO_GRP(SCOPE);                                                     \
      return ro_coll_reduce_scatter(ctx, &g, team, dest, source, nreduce,                  \
                                    RO_DT_OF(TYPE, KIND), ENUM,                            \
                                    "rocshmem_" #NAME "_" #OP "_reduce_scatter" #SCOPE); } \
    RO_FN int rocshmem_##NAME##_##OP##_reduce_scatter##SCOPE(rocshmem_team_t team, TYPE *dest, \
                                                             const TYPE *source, int nreduce) \
    { return rocshmem_ctx_##NAME##_##OP##_reduce_scatter##SCOPE(ROCSHMEM_CTX_DEFAULT, team, \
                                                                dest, source, nreduce); }
#define RO_DEF_REDUCE_OP(NAME, TYPE, KIND, OP, ENUM)                                       \
    RO_DEF_REDUCE_SCOPE(NAME, TYPE, KIND, OP, ENUM, )                                      \
    RO_DEF_REDUCE_SCOPE(NAME, TYPE, KIND, OP, ENUM, _wave)                                 \
    RO_DEF_REDUCE_SCOPE(NAME, TYPE, KIND, OP, ENUM, _wg)
#define RO_DEF_REDUCE_ARITH(NAME, TYPE, KIND)                                              \
    RO_DEF_REDUCE_OP(NAME, TYPE, KIND, sum, RO_RED_SUM)                                    \
    RO_DEF_REDUCE_OP(NAME, TYPE, KIND, prod, RO_RED_PROD)                                  \
    RO_DEF_REDUCE_OP(NAME, TYPE, KIND, min, RO_RED_MIN)                                    \
    RO_DEF_REDUCE_OP(NAME, TYPE, KIND, max, RO_RED_MAX)
#define RO_DEF_REDUCE_BITWISE(NAME, TYPE, KIND)                                            \
    RO_DEF_REDUCE_OP(NAME, TYPE, KIND, and, RO_RED_AND)                                    \
    RO_DEF_REDUCE_OP(NAME, TYPE, KIND, or, RO_RED_OR)                                      \
    RO_DEF_REDUCE_OP(NAME, TYPE, KIND, xor, RO_RED_XOR)
ROCSHMEM_FOR_REDUCE_ARITH_TYPES(RO_DEF_REDUCE_ARITH)
ROCSHMEM_FOR_REDUCE_BITWISE_TYPES(RO_DEF_REDUCE_BITWISE)
#undef RO_DEF_REDUCE_ARITH
#undef RO_DEF_REDUCE_BITWISE
#undef RO_DEF_REDUCE_OP
#undef RO_DEF_REDUCE_SCOPE
