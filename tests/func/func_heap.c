/* The symmetric heap and contexts as resources: allocations are collective and land at
 * the same offsets on every PE, calloc zeroes, align honours its alignment (above 2 MiB
 * too), refused requests (exhaustion, zero size, overflow, bad alignment, an alignment
 * with no room) return NULL everywhere and leave the heap usable, freed space is reused, and rocshmem_ctx_create stops at
 * ROCSHMEM_MAX_NUM_CONTEXTS and recovers after a destroy. The program sets a small heap
 * and context limit itself, before rocshmem_init. */
#include "ro_test.h"

#include <stdint.h>

#define HEAP_BYTES (32u << 20)   /* main sets ROCSHMEM_HEAP_SIZE=32M: room for a 16 MiB alignment */
#define MAX_CTX 4
#define MIB (1u << 20)

static int me, npes, left, right;

/* ---- symmetry, alignment, no overlap -------------------------------------------------- */
struct req {
    size_t align;    /* 0: rocshmem_malloc, 1: rocshmem_calloc(size, 1), else rocshmem_align */
    size_t size;
};

static const struct req reqs[] = {
    { 0, 100 }, { 0, 1000 }, { 4096, 10 }, { 1, 1000 }, { MIB, 64 }, { 0, 3 }, { 256, 5000 },
    { 4096, 4096 },
};
#define NREQ (sizeof(reqs) / sizeof(reqs[0]))

static void *take(const struct req *q)
{
    if (q->align == 0)
        return rocshmem_malloc(q->size);
    if (q->align == 1)
        return rocshmem_calloc(q->size, 1);
    return rocshmem_align(q->align, q->size);
}

static void test_symmetry(void)
{
    long long *table = rocshmem_calloc((size_t)npes * NREQ, sizeof(long long));
    uint8_t *p[NREQ];
    long long off[NREQ];

    rt_step("symmetric offsets");
    RT_CHECK("rocshmem_calloc", "long long", table != NULL, "table: NULL");
    for (size_t i = 0; i < NREQ; i++) {
        p[i] = take(&reqs[i]);
        RT_CHECK("rocshmem_malloc/calloc/align", "-", p[i] != NULL,
                 "request %zu (align %zu, size %zu): NULL", i, reqs[i].align, reqs[i].size);
        off[i] = (long long)(p[i] - (uint8_t *)table);
        if (reqs[i].align > 1)
            RT_CHECK("rocshmem_align", "-", (uintptr_t)p[i] % reqs[i].align == 0,
                     "%p is not aligned to %zu", (void *)p[i], reqs[i].align);
        RT_CHECK("rocshmem_ptr (own allocation)", "-", rocshmem_ptr(p[i], me) == p[i],
                 "request %zu: %p", i, rocshmem_ptr(p[i], me));
        for (size_t j = 0; j < i; j++)
            RT_CHECK("rocshmem_malloc (no overlap)", "-",
                     p[i] + reqs[i].size <= p[j] || p[j] + reqs[j].size <= p[i],
                     "request %zu [%p, +%zu) overlaps request %zu [%p, +%zu)", i, (void *)p[i],
                     reqs[i].size, j, (void *)p[j], reqs[j].size);
    }
    for (size_t k = 0; k < 1000; k++)
        RT_CHECK_EQ("rocshmem_calloc (zeroed)", "uint8", p[3][k], 0);

    rocshmem_putmem(&table[(size_t)me * NREQ], off, sizeof(off), 0);
    /* The blocks are usable: each PE fills its right neighbour's second block. */
    memset(p[1] + 500, 0, 500);
    rocshmem_barrier_all();
    for (size_t k = 0; k < 500; k++)
        p[1][k] = (uint8_t)(k + me);
    rocshmem_putmem(p[1] + 500, p[1], 500, right);
    rocshmem_barrier_all();
    for (size_t k = 0; k < 500; k++)
        RT_CHECK_EQ("putmem into an allocated block", "uint8", p[1][500 + k], (uint8_t)(k + left));
    if (me == 0)
        for (int pe = 1; pe < npes; pe++)
            for (size_t i = 0; i < NREQ; i++)
                RT_CHECK("rocshmem_malloc (symmetric)", "-",
                         table[(size_t)pe * NREQ + i] == table[i],
                         "request %zu: PE %d got offset %lld, PE 0 %lld", i, pe,
                         table[(size_t)pe * NREQ + i], table[i]);
    /* Freed out of order, so the free list has to coalesce. */
    for (size_t i = 0; i < NREQ; i += 2)
        rocshmem_free(p[i]);
    for (size_t i = 1; i < NREQ; i += 2)
        rocshmem_free(p[i]);
    rocshmem_free(table);
}

/* ---- calloc zeroes space that held data ---------------------------------------------- */
static void test_calloc_zeroes(void)
{
    uint8_t *dirty, *z;

    rt_step("calloc zeroes reused space");
    dirty = rocshmem_malloc(64 * 1024);
    RT_CHECK("rocshmem_malloc", "-", dirty != NULL, "64 KiB: NULL");
    memset(dirty, 0xff, 64 * 1024);
    rocshmem_free(dirty);
    z = rocshmem_calloc(16, 4096);
    RT_CHECK("rocshmem_calloc", "-", z != NULL, "16 x 4096: NULL");
    for (size_t k = 0; k < 64 * 1024; k++)
        if (z[k])
            RT_FAIL("rocshmem_calloc (zeroed)", "uint8", "byte %zu is 0x%02x", k, z[k]);
    RT_COUNT(1);
    rocshmem_free(z);
}

/* ---- refused requests --------------------------------------------------------------- */
static void expect_null(const char *op, void *p)
{
    RT_CHECK(op, "-", p == NULL, "returned %p, expected NULL", p);
    /* A refused request is still collective: it must not have left a block behind. */
    rocshmem_free(p);
}

static void test_refusals(void)
{
    rt_step("refused requests");
    expect_null("rocshmem_malloc(heap size + 1M) (exhaustion)", rocshmem_malloc(HEAP_BYTES + MIB));
    expect_null("rocshmem_malloc(heap size) (the runtime reserves part of it)",
                rocshmem_malloc(HEAP_BYTES));
    expect_null("rocshmem_align(1M, heap size) (exhaustion)", rocshmem_align(MIB, HEAP_BYTES));
    expect_null("rocshmem_calloc(1, 2 x heap size) (exhaustion)",
                rocshmem_calloc(1, 2 * (size_t)HEAP_BYTES));
    expect_null("rocshmem_malloc(0)", rocshmem_malloc(0));
    expect_null("rocshmem_calloc(0, 8)", rocshmem_calloc(0, 8));
    expect_null("rocshmem_calloc(8, 0)", rocshmem_calloc(8, 0));
    expect_null("rocshmem_align(64, 0)", rocshmem_align(64, 0));
    expect_null("rocshmem_calloc(SIZE_MAX / 2 + 1, 2) (overflow)",
                rocshmem_calloc(SIZE_MAX / 2 + 1, 2));
    expect_null("rocshmem_calloc(SIZE_MAX, SIZE_MAX) (overflow)",
                rocshmem_calloc(SIZE_MAX, SIZE_MAX));
    expect_null("rocshmem_malloc(SIZE_MAX)", rocshmem_malloc(SIZE_MAX));
    expect_null("rocshmem_align(3, 64) (not a power of two)", rocshmem_align(3, 64));
    expect_null("rocshmem_align(48, 64) (not a power of two)", rocshmem_align(48, 64));
}

/* ---- alignments above 2 MiB -------------------------------------------------------- */
/* OpenSHMEM bounds no alignment: what the heap can place it must, aligned and at the same
 * offset on every PE (a put to the block lands in it); what it cannot is refused on every
 * PE and costs nothing. */
static void test_large_align(void)
{
    static const size_t aligns[] = { 4 * MIB, 16 * MIB };
    enum { NA = sizeof(aligns) / sizeof(aligns[0]) };
    long long *table = rocshmem_calloc((size_t)npes * NA, sizeof(long long));
    uint8_t *p[NA], v[32];
    long long off[NA];

    rt_step("rocshmem_align above 2 MiB");
    RT_CHECK("rocshmem_calloc", "long long", table != NULL, "table: NULL");
    for (size_t i = 0; i < NA; i++) {
        p[i] = rocshmem_align(aligns[i], 64);
        RT_CHECK("rocshmem_align (large alignment)", "-", p[i] != NULL, "align %zu: NULL",
                 aligns[i]);
        RT_CHECK("rocshmem_align (large alignment)", "-", (uintptr_t)p[i] % aligns[i] == 0,
                 "%p is not aligned to %zu", (void *)p[i], aligns[i]);
        off[i] = (long long)(p[i] - (uint8_t *)table);
        memset(p[i], 0, 64);
    }
    rocshmem_putmem(&table[(size_t)me * NA], off, sizeof(off), 0);
    rocshmem_barrier_all();
    for (size_t i = 0; i < NA; i++) {
        for (size_t k = 0; k < sizeof(v); k++)
            v[k] = (uint8_t)(me * 7 + i + k);
        rocshmem_putmem(p[i] + 32, v, sizeof(v), right);
    }
    rocshmem_barrier_all();
    for (size_t i = 0; i < NA; i++)
        for (size_t k = 0; k < sizeof(v); k++)
            RT_CHECK_EQ("putmem into a block of a large alignment", "uint8", p[i][32 + k],
                        (uint8_t)(left * 7 + i + k));
    if (me == 0)
        for (int pe = 1; pe < npes; pe++)
            for (size_t i = 0; i < NA; i++)
                RT_CHECK("rocshmem_align (large alignment, symmetric)", "-",
                         table[(size_t)pe * NA + i] == table[i],
                         "align %zu: PE %d got offset %lld, PE 0 %lld", aligns[i], pe,
                         table[(size_t)pe * NA + i], table[i]);
    for (size_t i = 0; i < NA; i++)
        rocshmem_free(p[i]);
    rocshmem_free(table);

    rt_step("rocshmem_align: large alignments that cannot be placed");
    expect_null("rocshmem_align(heap size, 64) (only offset 0 is so aligned; the runtime "
                "holds it)", rocshmem_align(HEAP_BYTES, 64));
    expect_null("rocshmem_align(16M, 16M + 1) (no room above the 16 MiB boundary)",
                rocshmem_align(16 * MIB, 16 * MIB + 1));
    expect_null("rocshmem_align(1 << 40, 64) (above the heap base's alignment)",
                rocshmem_align((size_t)1 << 40, 64));
    /* The heap is whole: its upper half is one block at that alignment.
     * test_exhaustion_recovers, next, counts what is left. */
    p[0] = rocshmem_align(16 * MIB, 16 * MIB);
    RT_CHECK("rocshmem_align(16M, 16M) after refusals", "-",
             p[0] != NULL && (uintptr_t)p[0] % (16 * MIB) == 0, "%p", (void *)p[0]);
    rocshmem_free(p[0]);
}

/* Fills the heap with 1 MiB blocks until it refuses, checks every PE got as many, frees
 * them, and does it again: the same count proves nothing leaked. */
static int fill_heap(uint8_t **blocks, int max)
{
    int k = 0;
    while (k < max && (blocks[k] = rocshmem_malloc(MIB)) != NULL)
        k++;
    return k;
}

static void test_exhaustion_recovers(void)
{
    uint8_t *blocks[HEAP_BYTES / MIB];
    int *counts = rocshmem_calloc((size_t)npes, sizeof(int));
    int k1, k2;

    rt_step("fill the heap, free, fill again");
    RT_CHECK("rocshmem_calloc", "int", counts != NULL, "NULL");
    k1 = fill_heap(blocks, HEAP_BYTES / MIB);
    RT_CHECK("rocshmem_malloc until exhaustion", "-", k1 >= 2 && k1 < (int)(HEAP_BYTES / MIB),
             "got %d blocks of 1 MiB from a %u MiB heap", k1, HEAP_BYTES / MIB);
    /* Usable right up to the last block before the refusal. */
    memset(blocks[k1 - 1], me, MIB);
    rocshmem_barrier_all();
    rocshmem_getmem(blocks[0], blocks[k1 - 1], MIB, left);
    for (size_t b = 0; b < MIB; b += 4093)
        RT_CHECK_EQ("getmem from the last block", "uint8", blocks[0][b], (uint8_t)left);
    rocshmem_int_p(&counts[me], k1, 0);
    rocshmem_barrier_all();
    if (me == 0)
        for (int pe = 0; pe < npes; pe++)
            RT_CHECK_EQ("rocshmem_malloc until exhaustion (same count on every PE)", "int",
                        counts[pe], k1);
    for (int i = 0; i < k1; i++)
        rocshmem_free(blocks[i]);
    k2 = fill_heap(blocks, HEAP_BYTES / MIB);
    RT_CHECK_EQ("rocshmem_malloc until exhaustion, after freeing everything", "int", k2, k1);
    for (int i = k2 - 1; i >= 0; i--)
        rocshmem_free(blocks[i]);
    rocshmem_free(counts);
}

/* Many malloc/free cycles of mixed sizes must never exhaust the heap. */
static void test_reuse(long cycles)
{
    for (long c = 0; c < cycles; c++) {
        size_t a = (size_t)(c % 7 + 1) * 256 * 1024, b = (size_t)(c % 5 + 1) * 4096 + 3;
        uint8_t *x, *y;
        rt_step("malloc/free cycle %ld", c);
        x = rocshmem_malloc(a);
        y = rocshmem_align(4096, b);
        RT_CHECK("rocshmem_malloc (reuse after free)", "-", x && y,
                 "cycle %ld: %zu bytes -> %p, %zu bytes -> %p", c, a, (void *)x, b, (void *)y);
        if (c % 50 == 0) {
            memset(y, (int)c, b);
            rocshmem_barrier_all();
            rocshmem_getmem(x, y, b, right);
            RT_CHECK_EQ("getmem into a reused block", "uint8", x[b - 1], (uint8_t)c);
            rocshmem_barrier_all();
        }
        rocshmem_free(x);
        rocshmem_free(y);
    }
}

/* ---- contexts: the limit, and recovery after a destroy ------------------------------- */
static void test_contexts(void)
{
    rocshmem_ctx_t ctx[MAX_CTX + 1];
    int *cell = rocshmem_calloc((size_t)npes * MAX_CTX, sizeof(int));
    int made = 0;

    rt_step("contexts up to ROCSHMEM_MAX_NUM_CONTEXTS=%d", MAX_CTX);
    RT_CHECK("rocshmem_calloc", "int", cell != NULL, "NULL");
    while (made <= MAX_CTX && rocshmem_ctx_create(0, &ctx[made]) == ROCSHMEM_SUCCESS)
        made++;
    RT_CHECK_EQ("rocshmem_ctx_create until ROCSHMEM_ERROR (contexts created)", "int", made,
                MAX_CTX);
    rocshmem_ctx_destroy(ctx[1]);
    RT_CHECK("rocshmem_ctx_create after a destroy", "-",
             rocshmem_ctx_create(0, &ctx[1]) == ROCSHMEM_SUCCESS, "returned ROCSHMEM_ERROR");
    /* Every context, the recreated one included, still reaches the peer. */
    for (int i = 0; i < MAX_CTX; i++) {
        rocshmem_ctx_int_p(ctx[i], &cell[me * MAX_CTX + i], 10 * me + i, right);
        rocshmem_ctx_quiet(ctx[i]);
    }
    rocshmem_barrier_all();
    for (int i = 0; i < MAX_CTX; i++)
        RT_CHECK_EQ("ctx_int_p through each context", "int", cell[left * MAX_CTX + i],
                    10 * left + i);
    for (int i = 0; i < MAX_CTX; i++)
        rocshmem_ctx_destroy(ctx[i]);
    RT_CHECK("rocshmem_ctx_create after destroying all", "-",
             rocshmem_ctx_create(0, &ctx[0]) == ROCSHMEM_SUCCESS, "returned ROCSHMEM_ERROR");
    rocshmem_ctx_destroy(ctx[0]);
    rocshmem_free(cell);
}

/* CPU-only PEs on one node (every test job here) map each other's host heap unless
 * ROCSHMEM_DISABLE_MIXED_IPC=1: then ROCSHMEM_TEAM_SHARED is every PE and rocshmem_ptr gives
 * the peer's word, a store through it lands there; else SHARED is this PE alone and
 * rocshmem_ptr gives NULL for every other PE. */
static void test_teams_and_ptr(void)
{
    const char *off = getenv("ROCSHMEM_DISABLE_MIXED_IPC");
    const int mapped = npes > 1 && !(off && strcmp(off, "1") == 0);
    const int shared_n = mapped ? npes : 1;
    int *x = rocshmem_malloc(sizeof(int)), on_stack = 0, *peer = rocshmem_ptr(x, right);

    rt_step("teams and rocshmem_ptr");
    RT_CHECK("rocshmem_ptr (other PE, host heap)", "int", npes == 1 || !peer == !mapped,
             "PE %d: %p, mapped %d", right, (void *)peer, mapped);
    *x = -1;
    rocshmem_barrier_all();
    if (mapped && peer)
        *peer = 1000 + me;
    rocshmem_barrier_all();
    if (mapped)
        RT_CHECK_EQ("store through rocshmem_ptr of the left PE", "int", *x, 1000 + left);
    RT_CHECK("rocshmem_ptr (PE out of range)", "int", !rocshmem_ptr(x, npes), "%p",
             rocshmem_ptr(x, npes));
    /* A global is symmetric (func_globals), a stack object is not. */
    RT_CHECK("rocshmem_ptr (a stack object)", "int", !rocshmem_ptr(&on_stack, me), "%p",
             rocshmem_ptr(&on_stack, me));
    RT_CHECK_EQ("rocshmem_team_n_pes(WORLD)", "int", rocshmem_team_n_pes(ROCSHMEM_TEAM_WORLD), npes);
    RT_CHECK_EQ("rocshmem_team_my_pe(WORLD)", "int", rocshmem_team_my_pe(ROCSHMEM_TEAM_WORLD), me);
    RT_CHECK_EQ("rocshmem_team_n_pes(SHARED)", "int", rocshmem_team_n_pes(ROCSHMEM_TEAM_SHARED),
                shared_n);
    RT_CHECK_EQ("rocshmem_team_my_pe(SHARED)", "int", rocshmem_team_my_pe(ROCSHMEM_TEAM_SHARED),
                mapped ? me : 0);
    RT_CHECK_EQ("rocshmem_team_translate_pe(SHARED, 0, WORLD)", "int",
                rocshmem_team_translate_pe(ROCSHMEM_TEAM_SHARED, 0, ROCSHMEM_TEAM_WORLD),
                mapped ? 0 : me);
    RT_CHECK_EQ("rocshmem_team_translate_pe(WORLD, right, SHARED)", "int",
                rocshmem_team_translate_pe(ROCSHMEM_TEAM_WORLD, right, ROCSHMEM_TEAM_SHARED),
                npes == 1 ? 0 : mapped ? right : -1);
    RT_CHECK_EQ("rocshmem_team_my_pe(INVALID)", "int", rocshmem_team_my_pe(ROCSHMEM_TEAM_INVALID),
                -1);
    rocshmem_free(x);
}

int main(void)
{
    /* Small enough that exhaustion is cheap to reach; set here so every launcher and
     * the matrix runs see the same limits. */
    setenv("ROCSHMEM_HEAP_SIZE", "32M", 1);
    setenv("ROCSHMEM_MAX_NUM_CONTEXTS", RT_STR(MAX_CTX), 1);
    rocshmem_init();
    rt_begin("func_heap", 2);
    me = rocshmem_my_pe();
    npes = rocshmem_n_pes();
    right = (me + 1) % npes;
    left = (me + npes - 1) % npes;

    test_symmetry();
    test_calloc_zeroes();
    test_refusals();
    test_large_align();
    test_exhaustion_recovers();
    test_reuse(rt_iters(500, 10));
    test_contexts();
    test_teams_and_ptr();
    return rt_end();
}
