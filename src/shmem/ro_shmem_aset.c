/* The deprecated active-set collectives OpenSHMEM 1.5 still lists: the set is PE_start,
 * PE_start + 2^logPE_stride, ... (PE_size PEs), with the caller's pSync. Teams cannot stand
 * in (a split is collective over its whole parent), so they are built here on RMA and AMOs:
 * a barrier counts arrivals in pSync[0] at the set's first PE, which then releases each
 * member through its pSync[1]; both words are back at SHMEM_SYNC_VALUE on return. Data
 * moves by puts to every member and one barrier; reductions gather into the symmetric
 * scratch of shmem_init, a chunk at a time, and every member combines in set order. Symmetric
 * memory is read and written through rocshmem calls, so a GPU heap serves as well. */
#include "config.h"
#include "shmem/ro_shmem.h"

#include <stdlib.h>
#include <string.h>

struct ro_aset {
    int start, stride, size;
    int me;                     /* this PE's index in the set */
};

static int ro_aset_pe(const struct ro_aset *a, int i)
{
    return a->start + i * a->stride;
}

/* 0, or -1 after a message for a set that is not one or does not hold this PE. */
static int ro_aset_open(struct ro_aset *a, int start, int log_stride, int size,
                        const long *pSync, const char *api)
{
    const int n = rocshmem_n_pes(), mine = rocshmem_my_pe();

    if (RO_UNLIKELY(start < 0 || log_stride < 0 || log_stride > 30 || size < 1 || !pSync ||
                    start + (long long)(size - 1) * (1LL << log_stride) >= n)) {
        RO_ERR("%s: active set (PE_start %d, logPE_stride %d, PE_size %d) of %d PEs, pSync %p: "
               "not a set of this job's PEs; the call is refused", api, start, log_stride, size,
               n, (const void *)pSync);
        return -1;
    }
    a->start = start;
    a->stride = 1 << log_stride;
    a->size = size;
    a->me = (mine - start) / a->stride;
    if (RO_UNLIKELY(mine < start || (mine - start) % a->stride || a->me >= size)) {
        RO_ERR("%s: PE %d is not in the active set (PE_start %d, logPE_stride %d, PE_size %d); "
               "the call is refused", api, mine, start, log_stride, size);
        return -1;
    }
    return 0;
}

/* Every member arrives before any leaves. The swaps are fetching, hence complete on return:
 * the counter is back to zero before any member is released into the next barrier. */
static void ro_aset_sync(const struct ro_aset *a, long *pSync)
{
    const int mine = rocshmem_my_pe();

    if (a->size == 1)
        return;
    if (a->me == 0) {
        rocshmem_long_wait_until(&pSync[0], ROCSHMEM_CMP_EQ, a->size - 1);
        (void)rocshmem_long_atomic_swap(&pSync[0], SHMEM_SYNC_VALUE, mine);
        for (int i = 1; i < a->size; i++)
            rocshmem_long_atomic_set(&pSync[1], 1, ro_aset_pe(a, i));
    } else {
        rocshmem_long_atomic_inc(&pSync[0], ro_aset_pe(a, 0));
        rocshmem_long_wait_until(&pSync[1], ROCSHMEM_CMP_EQ, 1);
        (void)rocshmem_long_atomic_swap(&pSync[1], SHMEM_SYNC_VALUE, mine);
    }
}

static void ro_aset_barrier(const struct ro_aset *a, long *pSync)
{
    rocshmem_quiet();
    ro_aset_sync(a, pSync);
}

void pshmem_barrier(int PE_start, int logPE_stride, int PE_size, long *pSync)
{
    struct ro_aset a;

    if (!ro_aset_open(&a, PE_start, logPE_stride, PE_size, pSync, "shmem_barrier"))
        ro_aset_barrier(&a, pSync);
}
RO_SHMEM_ALIAS(barrier)

void pshmem_sync(int PE_start, int logPE_stride, int PE_size, long *pSync)
{
    struct ro_aset a;

    if (!ro_aset_open(&a, PE_start, logPE_stride, PE_size, pSync, "shmem_sync"))
        ro_aset_sync(&a, pSync);
}
RO_SHMEM_ALIAS(sync)

/* The root's own dest is left alone, as the active-set broadcast defines it. */
static void ro_aset_broadcast(void *dest, const void *source, size_t bytes, int root,
                              int start, int log_stride, int size, long *pSync, const char *api)
{
    struct ro_aset a;

    if (ro_aset_open(&a, start, log_stride, size, pSync, api))
        return;
    if (RO_UNLIKELY(root < 0 || root >= size)) {
        RO_ERR("%s: PE_root %d is not an index of the %d-PE active set; the call is refused",
               api, root, size);
        return;
    }
    for (int i = 0; i < a.size && a.me == root; i++)
        if (i != root)
            rocshmem_putmem_nbi(dest, source, bytes, ro_aset_pe(&a, i));
    ro_aset_barrier(&a, pSync);
}

/* rocSHMEM's host broadcast with an active set and pSync (rocshmem.hpp's overload of
 * rocshmem_ctx_TYPE_broadcast): this broadcast, in bytes. */
void rocshmem_ro_broadcast_aset(void *dest, const void *source, int nelems, size_t esize,
                                int root, int start, int log_stride, int size, long *pSync)
{
    static const char api[] = "rocshmem_ctx_TYPE_broadcast (active set)";

    if (RO_UNLIKELY(nelems < 0)) {
        RO_ERR("%s: nelems %d is negative; the call is refused", api, nelems);
        return;
    }
    ro_aset_broadcast(dest, source, (size_t)nelems * esize, root, start, log_stride, size,
                      pSync, api);
}

/* This member's `bytes` land at dest + at on every member. */
static void ro_aset_gather(const struct ro_aset *a, void *dest, const void *source,
                           size_t bytes, size_t at, long *pSync)
{
    for (int i = 0; i < a->size && bytes; i++)
        rocshmem_putmem_nbi((char *)dest + at, source, bytes, ro_aset_pe(a, i));
    ro_aset_barrier(a, pSync);
}

static void ro_aset_fcollect(void *dest, const void *source, size_t bytes, int start,
                             int log_stride, int size, long *pSync, const char *api)
{
    struct ro_aset a;

    if (!ro_aset_open(&a, start, log_stride, size, pSync, api))
        ro_aset_gather(&a, dest, source, bytes, (size_t)a.me * bytes, pSync);
}

/* The counts meet in the symmetric words of shmem_init (slot i: member i's), then the data. */
static void ro_aset_collect(void *dest, const void *source, size_t nelems, size_t esize,
                            int start, int log_stride, int size, long *pSync, const char *api)
{
    struct ro_aset a;
    uint64_t *counts;
    size_t before = 0;

    if (ro_aset_open(&a, start, log_stride, size, pSync, api))
        return;
    if (RO_UNLIKELY(!ro_shmem_counts || !(counts = malloc((size_t)size * sizeof(*counts))))) {
        RO_ERR("%s: %s; the call is refused", api,
               ro_shmem_counts ? "out of memory" : "call shmem_init first");
        return;
    }
    for (int i = 0; i < a.size; i++)
        rocshmem_uint64_p(&ro_shmem_counts[a.me], nelems, ro_aset_pe(&a, i));
    ro_aset_barrier(&a, pSync);
    rocshmem_getmem(counts, ro_shmem_counts, (size_t)size * sizeof(*counts), rocshmem_my_pe());
    for (int i = 0; i < a.me; i++)
        before += counts[i];
    free(counts);
    ro_aset_gather(&a, dest, source, nelems * esize, before * esize, pSync);
}

/* Block j of this member's source goes to member j, at this member's block there; strides
 * in elements (1 and 1 for alltoall). */
static void ro_aset_alltoall(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst,
                             size_t nelems, size_t esize, int start, int log_stride, int size,
                             long *pSync, const char *api)
{
    struct ro_aset a;

    if (ro_aset_open(&a, start, log_stride, size, pSync, api))
        return;
    for (int j = 0; j < a.size && nelems; j++) {
        const int pe = ro_aset_pe(&a, j);
        if (dst == 1 && sst == 1) {
            rocshmem_putmem_nbi((char *)dest + (size_t)a.me * nelems * esize,
                                (const char *)source + (size_t)j * nelems * esize,
                                nelems * esize, pe);
            continue;
        }
        for (size_t k = 0; k < nelems; k++)
            rocshmem_putmem_nbi(
                (char *)dest + dst * (ptrdiff_t)(((size_t)a.me * nelems + k) * esize),
                (const char *)source + sst * (ptrdiff_t)(((size_t)j * nelems + k) * esize),
                esize, pe);
    }
    ro_aset_barrier(&a, pSync);
}

#define RO_SHMEM_ASET(BITS)                                                                \
    void pshmem_broadcast##BITS(void *dest, const void *source, size_t nelems, int PE_root, \
                                int PE_start, int logPE_stride, int PE_size, long *pSync)  \
    {                                                                                      \
        ro_aset_broadcast(dest, source, nelems * (BITS / 8), PE_root, PE_start,            \
                          logPE_stride, PE_size, pSync, "shmem_broadcast" #BITS);          \
    }                                                                                      \
    RO_SHMEM_ALIAS(broadcast##BITS)                                                        \
    void pshmem_collect##BITS(void *dest, const void *source, size_t nelems, int PE_start,  \
                              int logPE_stride, int PE_size, long *pSync)                  \
    {                                                                                      \
        ro_aset_collect(dest, source, nelems, BITS / 8, PE_start, logPE_stride, PE_size,   \
                        pSync, "shmem_collect" #BITS);                                     \
    }                                                                                      \
    RO_SHMEM_ALIAS(collect##BITS)                                                          \
    void pshmem_fcollect##BITS(void *dest, const void *source, size_t nelems, int PE_start, \
                               int logPE_stride, int PE_size, long *pSync)                 \
    {                                                                                      \
        ro_aset_fcollect(dest, source, nelems * (BITS / 8), PE_start, logPE_stride,        \
                         PE_size, pSync, "shmem_fcollect" #BITS);                          \
    }                                                                                      \
    RO_SHMEM_ALIAS(fcollect##BITS)                                                         \
    void pshmem_alltoall##BITS(void *dest, const void *source, size_t nelems, int PE_start, \
                               int logPE_stride, int PE_size, long *pSync)                 \
    {                                                                                      \
        ro_aset_alltoall(dest, source, 1, 1, nelems, BITS / 8, PE_start, logPE_stride,     \
                         PE_size, pSync, "shmem_alltoall" #BITS);                          \
    }                                                                                      \
    RO_SHMEM_ALIAS(alltoall##BITS)                                                         \
    void pshmem_alltoalls##BITS(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, \
                                size_t nelems, int PE_start, int logPE_stride, int PE_size, \
                                long *pSync)                                               \
    {                                                                                      \
        ro_aset_alltoall(dest, source, dst, sst, nelems, BITS / 8, PE_start, logPE_stride, \
                         PE_size, pSync, "shmem_alltoalls" #BITS);                         \
    }                                                                                      \
    RO_SHMEM_ALIAS(alltoalls##BITS)
RO_SHMEM_ASET(32)
RO_SHMEM_ASET(64)

/* Reductions: per chunk, every member's elements land in every member's scratch (block i:
 * member i's), then each combines the blocks in set order, so all get the same result. */
typedef void (*ro_aset_combine_fn)(void *acc, const void *in, size_t n);

static void ro_aset_reduce(void *dest, const void *source, int nreduce, size_t esize,
                           ro_aset_combine_fn combine, int start, int log_stride, int size,
                           long *pSync, const char *api)
{
    struct ro_aset a;
    const int mine = rocshmem_my_pe();
    size_t chunk;
    unsigned char *blocks;

    if (ro_aset_open(&a, start, log_stride, size, pSync, api))
        return;
    chunk = RO_SHMEM_SCRATCH / ((size_t)size * esize);
    if (RO_UNLIKELY(nreduce < 0 || !ro_shmem_scratch || !chunk ||
                    !(blocks = malloc((size_t)size * chunk * esize)))) {
        RO_ERR("%s: nreduce %d, active set of %d: %s; the call is refused", api, nreduce, size,
               !ro_shmem_scratch ? "call shmem_init first" : "too large for the scratch");
        return;
    }
    for (size_t off = 0; off < (size_t)nreduce; off += chunk) {
        const size_t c = (size_t)nreduce - off < chunk ? (size_t)nreduce - off : chunk;
        for (int i = 0; i < a.size; i++)
            rocshmem_putmem_nbi(ro_shmem_scratch + (size_t)a.me * chunk * esize,
                                (const char *)source + off * esize, c * esize, ro_aset_pe(&a, i));
        ro_aset_barrier(&a, pSync);
        rocshmem_getmem(blocks, ro_shmem_scratch, (size_t)size * chunk * esize, mine);
        for (int i = 1; i < a.size; i++)
            combine(blocks, blocks + (size_t)i * chunk * esize, c);
        rocshmem_putmem((char *)dest + off * esize, blocks, c * esize, mine);
        /* No member refills the scratch until every member has read it. */
        ro_aset_sync(&a, pSync);
    }
    free(blocks);
}

#define RO_SHMEM_OP_and(x, y) ((x) & (y))
#define RO_SHMEM_OP_or(x, y) ((x) | (y))
#define RO_SHMEM_OP_xor(x, y) ((x) ^ (y))
#define RO_SHMEM_OP_max(x, y) ((x) > (y) ? (x) : (y))
#define RO_SHMEM_OP_min(x, y) ((x) < (y) ? (x) : (y))
#define RO_SHMEM_OP_sum(x, y) ((x) + (y))
#define RO_SHMEM_OP_prod(x, y) ((x) * (y))
#define RO_SHMEM_TO_ALL(NAME, TYPE, OP)                                                    \
    static void ro_aset_##NAME##_##OP(void *acc, const void *in, size_t n)                 \
    {                                                                                      \
        TYPE *x = acc;                                                                     \
        const TYPE *y = in;                                                                \
        for (size_t k = 0; k < n; k++)                                                     \
            x[k] = (TYPE)RO_SHMEM_OP_##OP(x[k], y[k]);                                     \
    }                                                                                      \
    void pshmem_##NAME##_##OP##_to_all(TYPE *dest, const TYPE *source, int nreduce,       \
                                       int PE_start, int logPE_stride, int PE_size,        \
                                       TYPE *pWrk, long *pSync)                            \
    {                                                                                      \
        (void)pWrk;                                                                        \
        ro_aset_reduce(dest, source, nreduce, sizeof(TYPE), ro_aset_##NAME##_##OP, PE_start, \
                       logPE_stride, PE_size, pSync, "shmem_" #NAME "_" #OP "_to_all");    \
    }                                                                                      \
    RO_SHMEM_ALIAS(NAME##_##OP##_to_all)
#define RO_SHMEM_TO_ALL_BITWISE(NAME, TYPE) _SHMEM_RO_BITWISE_OPS(RO_SHMEM_TO_ALL, NAME, TYPE)
#define RO_SHMEM_TO_ALL_ARITH(NAME, TYPE) _SHMEM_RO_ARITH_OPS(RO_SHMEM_TO_ALL, NAME, TYPE)
_SHMEM_RO_FOR_TO_ALL_BITWISE_TYPES(RO_SHMEM_TO_ALL_BITWISE)
_SHMEM_RO_FOR_TO_ALL_ARITH_TYPES(RO_SHMEM_TO_ALL_ARITH)
