/* OpenSHMEM 1.5 chapter 9.9, the team collectives: rocshmem's, which count elements in an
 * int and return nothing; these take a size_t and return 0, or nonzero for a count that
 * does not fit (refused on the PE that made it, as rocshmem refuses bad arguments). Typed
 * broadcast, fcollect and alltoall move bytes (rocshmem's mem forms), so long double has
 * them too; reductions are rocshmem's typed ones. collect and alltoalls, which rocshmem
 * lacks, are puts into every member followed by the team's barrier. */
#include "config.h"
#include "shmem/ro_shmem.h"

#include <stdlib.h>

void pshmem_barrier_all(void) { rocshmem_barrier_all(); }
RO_SHMEM_ALIAS(barrier_all)
void pshmem_sync_all(void) { rocshmem_sync_all(); }
RO_SHMEM_ALIAS(sync_all)

int pshmem_team_sync(shmem_team_t team)
{
    rocshmem_team_sync(team);
    return 0;
}
RO_SHMEM_ALIAS(team_sync)

int pshmem_broadcastmem(shmem_team_t team, void *dest, const void *source, size_t nelems,
                        int PE_root)
{
    rocshmem_broadcastmem(team, dest, source, nelems, PE_root);
    return 0;
}
RO_SHMEM_ALIAS(broadcastmem)

int pshmem_fcollectmem(shmem_team_t team, void *dest, const void *source, size_t nelems)
{
    rocshmem_fcollectmem(team, dest, source, nelems);
    return 0;
}
RO_SHMEM_ALIAS(fcollectmem)

int pshmem_alltoallmem(shmem_team_t team, void *dest, const void *source, size_t nelems)
{
    rocshmem_alltoallmem(team, dest, source, nelems);
    return 0;
}
RO_SHMEM_ALIAS(alltoallmem)

/* The team's member `member` as a PE number of the world, where the puts go. */
static int ro_shmem_world_pe(shmem_team_t team, int member)
{
    return rocshmem_team_translate_pe(team, member, ROCSHMEM_TEAM_WORLD);
}

/* This PE's place in the team, or -1 after a message (not a member, or no team). */
static int ro_shmem_member(shmem_team_t team, const char *api)
{
    int me = rocshmem_team_my_pe(team);

    if (RO_UNLIKELY(me < 0))
        RO_ERR("%s: this PE is not a member of team %p; the call is refused", api, (void *)team);
    return me;
}

/* collect: member i's nelems[i] elements land after those of members 0..i-1 on every
 * member. The counts meet first (an fcollect into the symmetric words of shmem_init). */
static int ro_shmem_collect(shmem_team_t team, void *dest, const void *source, size_t nelems,
                            size_t size, const char *api)
{
    const int me = ro_shmem_member(team, api), n = rocshmem_team_n_pes(team);
    const int npes = rocshmem_n_pes(), mine = rocshmem_my_pe();
    uint64_t before = 0, total = 0, *counts;

    if (me < 0)
        return 1;
    if (RO_UNLIKELY(!ro_shmem_counts || !(counts = malloc((size_t)n * sizeof(*counts))))) {
        RO_ERR("%s: %s; the call is refused", api,
               ro_shmem_counts ? "out of memory" : "call shmem_init first");
        return 1;
    }
    /* Through rocshmem calls: the words may be GPU memory. */
    rocshmem_uint64_p(&ro_shmem_counts[npes], nelems, mine);
    rocshmem_quiet();
    rocshmem_fcollectmem(team, ro_shmem_counts, &ro_shmem_counts[npes], sizeof(uint64_t));
    rocshmem_getmem(counts, ro_shmem_counts, (size_t)n * sizeof(*counts), mine);
    for (int i = 0; i < n; i++) {
        before += i < me ? counts[i] : 0;
        total += counts[i];
    }
    free(counts);
    if (RO_UNLIKELY(!ro_shmem_bytes(total, size, api) && total)) {
        rocshmem_barrier(team);
        return 1;
    }
    for (int j = 0; j < n && nelems; j++)
        rocshmem_putmem_nbi((char *)dest + before * size, source, nelems * size,
                            ro_shmem_world_pe(team, j));
    rocshmem_barrier(team);
    return 0;
}

/* alltoalls: element k of block j of member i's source, source[sst * (j * nelems + k)],
 * lands at dest[dst * (i * nelems + k)] on member j. */
static int ro_shmem_alltoalls(shmem_team_t team, void *dest, const void *source, ptrdiff_t dst,
                              ptrdiff_t sst, size_t nelems, size_t size, const char *api)
{
    const int me = ro_shmem_member(team, api), n = rocshmem_team_n_pes(team);
    const char *s = source;
    char *d = dest;

    if (me < 0)
        return 1;
    if (RO_UNLIKELY(!ro_shmem_bytes(nelems * (size_t)n, size, api) && nelems)) {
        rocshmem_barrier(team);
        return 1;
    }
    for (int j = 0; j < n; j++) {
        const int pe = ro_shmem_world_pe(team, j);
        for (size_t k = 0; k < nelems; k++)
            rocshmem_putmem_nbi(d + dst * (ptrdiff_t)(((size_t)me * nelems + k) * size),
                                s + sst * (ptrdiff_t)(((size_t)j * nelems + k) * size), size, pe);
    }
    rocshmem_barrier(team);
    return 0;
}

int pshmem_collectmem(shmem_team_t team, void *dest, const void *source, size_t nelems)
{
    return ro_shmem_collect(team, dest, source, nelems, 1, "shmem_collectmem");
}
RO_SHMEM_ALIAS(collectmem)

int pshmem_alltoallsmem(shmem_team_t team, void *dest, const void *source, ptrdiff_t dst,
                        ptrdiff_t sst, size_t nelems)
{
    return ro_shmem_alltoalls(team, dest, source, dst, sst, nelems, 1, "shmem_alltoallsmem");
}
RO_SHMEM_ALIAS(alltoallsmem)

#define RO_SHMEM_DATA_COLL(NAME, TYPE)                                                     \
    int pshmem_##NAME##_broadcast(shmem_team_t team, TYPE *dest, const TYPE *source,       \
                                  size_t nelems, int PE_root)                              \
    {                                                                                      \
        size_t n = ro_shmem_bytes(nelems, sizeof(TYPE), "shmem_" #NAME "_broadcast");      \
        return n || !nelems ? pshmem_broadcastmem(team, dest, source, n, PE_root) : 1;     \
    }                                                                                      \
    RO_SHMEM_ALIAS(NAME##_broadcast)                                                       \
    int pshmem_##NAME##_fcollect(shmem_team_t team, TYPE *dest, const TYPE *source,        \
                                 size_t nelems)                                            \
    {                                                                                      \
        size_t n = ro_shmem_bytes(nelems, sizeof(TYPE), "shmem_" #NAME "_fcollect");       \
        return n || !nelems ? pshmem_fcollectmem(team, dest, source, n) : 1;               \
    }                                                                                      \
    RO_SHMEM_ALIAS(NAME##_fcollect)                                                        \
    int pshmem_##NAME##_alltoall(shmem_team_t team, TYPE *dest, const TYPE *source,        \
                                 size_t nelems)                                            \
    {                                                                                      \
        size_t n = ro_shmem_bytes(nelems, sizeof(TYPE), "shmem_" #NAME "_alltoall");       \
        return n || !nelems ? pshmem_alltoallmem(team, dest, source, n) : 1;               \
    }                                                                                      \
    RO_SHMEM_ALIAS(NAME##_alltoall)                                                        \
    int pshmem_##NAME##_collect(shmem_team_t team, TYPE *dest, const TYPE *source,         \
                                size_t nelems)                                             \
    {                                                                                      \
        return ro_shmem_collect(team, dest, source, nelems, sizeof(TYPE),                  \
                                "shmem_" #NAME "_collect");                                \
    }                                                                                      \
    RO_SHMEM_ALIAS(NAME##_collect)                                                         \
    int pshmem_##NAME##_alltoalls(shmem_team_t team, TYPE *dest, const TYPE *source,       \
                                  ptrdiff_t dst, ptrdiff_t sst, size_t nelems)             \
    {                                                                                      \
        return ro_shmem_alltoalls(team, dest, source, dst, sst, nelems, sizeof(TYPE),      \
                                  "shmem_" #NAME "_alltoalls");                            \
    }                                                                                      \
    RO_SHMEM_ALIAS(NAME##_alltoalls)
_SHMEM_RO_FOR_RMA_TYPES(RO_SHMEM_DATA_COLL)

#define RO_SHMEM_REDUCE(NAME, TYPE, OP)                                                    \
    int pshmem_##NAME##_##OP##_reduce(shmem_team_t team, TYPE *dest, const TYPE *source,   \
                                      size_t nreduce)                                      \
    {                                                                                      \
        int n = ro_shmem_count(nreduce, "shmem_" #NAME "_" #OP "_reduce");                 \
        return n < 0 ? 1 : rocshmem_##NAME##_##OP##_reduce(team, dest, source, n);         \
    }                                                                                      \
    RO_SHMEM_ALIAS(NAME##_##OP##_reduce)
#define RO_SHMEM_REDUCE_BITWISE(NAME, TYPE) _SHMEM_RO_BITWISE_OPS(RO_SHMEM_REDUCE, NAME, TYPE)
#define RO_SHMEM_REDUCE_ARITH(NAME, TYPE) _SHMEM_RO_ARITH_OPS(RO_SHMEM_REDUCE, NAME, TYPE)
_SHMEM_RO_FOR_REDUCE_BITWISE_TYPES(RO_SHMEM_REDUCE_BITWISE)
_SHMEM_RO_FOR_REDUCE_ARITH_TYPES(RO_SHMEM_REDUCE_ARITH)
