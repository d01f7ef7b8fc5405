/* OpenSHMEM 1.5 chapter 9.9, the team collectives: rocshmem's, which count elements in an
 * int and return nothing; these take a size_t and return 0, or nonzero for a count that
 * does not fit (refused on the PE that made it, as rocshmem refuses bad arguments). Typed
 * broadcast, fcollect and alltoall move bytes (rocshmem's mem forms), so long double has
 * them too; reductions are rocshmem's typed ones. */
#include "config.h"
#include "shmem/ro_shmem.h"

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
    RO_SHMEM_ALIAS(NAME##_alltoall)
_SHMEM_RO_FOR_RMA_TYPES(RO_SHMEM_DATA_COLL)

#define RO_SHMEM_REDUCE(NAME, TYPE, OP)                                                    \
    int pshmem_##NAME##_##OP##_reduce(shmem_team_t team, TYPE *dest, const TYPE *source,   \
                                      size_t nreduce)                                      \
    {                                                                                      \
        int n = ro_shmem_count(nreduce, "shmem_" #NAME "_" #OP "_reduce");                 \
        return n < 0 ? 1 : rocshmem_##NAME##_##OP##_reduce(team, dest, source, n);         \
    }                                                                                      \
    RO_SHMEM_ALIAS(NAME##_##OP##_reduce)
#define RO_SHMEM_REDUCE_BITWISE(NAME, TYPE)                                                \
    RO_SHMEM_REDUCE(NAME, TYPE, and) RO_SHMEM_REDUCE(NAME, TYPE, or)                       \
    RO_SHMEM_REDUCE(NAME, TYPE, xor)
#define RO_SHMEM_REDUCE_ARITH(NAME, TYPE)                                                  \
    RO_SHMEM_REDUCE(NAME, TYPE, max) RO_SHMEM_REDUCE(NAME, TYPE, min)                      \
    RO_SHMEM_REDUCE(NAME, TYPE, sum) RO_SHMEM_REDUCE(NAME, TYPE, prod)
_SHMEM_RO_FOR_REDUCE_BITWISE_TYPES(RO_SHMEM_REDUCE_BITWISE)
_SHMEM_RO_FOR_REDUCE_ARITH_TYPES(RO_SHMEM_REDUCE_ARITH)
