/* OpenSHMEM 1.5 chapter 9.7: atomic memory operations, every family on every type of its
 * table, in plain and ctx_ form, on words in the symmetric heap and in global arrays:
 *   - extended (Table 7, incl. float and double): set, fetch, swap, and the non-blocking
 *     fetch_nbi and swap_nbi (each followed by a quiet before its result is read);
 *   - standard (Table 6): compare_swap (succeeding and failing), fetch_inc, inc,
 *     fetch_add, add, and compare_swap_nbi, fetch_inc_nbi, fetch_add_nbi;
 *   - bitwise (Table 8): fetch_and, and, fetch_or, or, fetch_xor, xor and the three
 *     fetch_*_nbi forms.
 * Each PE runs the sequence on its right neighbour's word, checking every fetched value
 * against its own model; then it puts the model's final value beside the word, and the
 * neighbour checks after a barrier that the word it holds is that value (the operations
 * landed on the right PE and address).
 * Concurrency: every PE, K times, hits the counters of all PEs in turn with inc,
 * fetch_inc, add, fetch_add, a ctx_ inc, fetch_inc_nbi and a compare_swap retry loop, on
 * int, long, unsigned long long, int64_t and size_t counters: each counter must end at
 * exactly 10 * K. fetch_inc on PE 0's counter from all PEs must hand out each value below
 * n * K exactly once (every PE marks what it got with fetch_or in a bitmap on PE 0: a bit
 * already set is a duplicate). Bitwise: every PE sets its bit with or, clears its bit with
 * and, toggles its bit with xor: the words end exactly as expected. */
#include "osh_test.h"

#ifndef K
#define K 48                  /* concurrent iterations per PE (divisible by 2, 3 and 4) */
#endif
#define MAXPE 64

static int amo_case;

#define CTXARG ctx,

/* w[0]: the word operated on; w[1]: the final value the operating PE expects there. */
#define EXT_BODY(NAME, TYPE, P, C)                                                         \
    TYPE f, m = (TYPE)(10 + ot_me + c);                                                    \
    ot_step("%s: extended AMOs", tn);                                                      \
    shmem_##P##NAME##_atomic_set(C w, m, right);                                           \
    f = shmem_##P##NAME##_atomic_fetch(C w, right);                                        \
    OT_CHECK_EQ("shmem_" #P #NAME "_atomic_set/fetch", tn, f, m);                          \
    f = shmem_##P##NAME##_atomic_swap(C w, (TYPE)(m + 20), right);                         \
    OT_CHECK_EQ("shmem_" #P #NAME "_atomic_swap", tn, f, m);                               \
    m = (TYPE)(m + 20);                                                                    \
    f = (TYPE)0;                                                                           \
    shmem_##P##NAME##_atomic_fetch_nbi(C &f, w, right);                                    \
    shmem_ctx_quiet(ctx);                                                                  \
    OT_CHECK_EQ("shmem_" #P #NAME "_atomic_fetch_nbi", tn, f, m);                          \
    f = (TYPE)0;                                                                           \
    shmem_##P##NAME##_atomic_swap_nbi(C &f, w, (TYPE)(m + 7), right);                      \
    shmem_ctx_quiet(ctx);                                                                  \
    OT_CHECK_EQ("shmem_" #P #NAME "_atomic_swap_nbi", tn, f, m);                           \
    m = (TYPE)(m + 7);                                                                     \
    f = shmem_##P##NAME##_atomic_fetch(C (const TYPE *)w, right);                          \
    OT_CHECK_EQ("shmem_" #P #NAME "_atomic_fetch", tn, f, m);                              \
    shmem_##NAME##_p(&w[1], m, right);

#define STD_BODY(NAME, TYPE, P, C)                                                         \
    TYPE f, m = (TYPE)(100 + ot_me + c);                                                   \
    ot_step("%s: standard AMOs", tn);                                                      \
    shmem_##P##NAME##_atomic_set(C w, m, right);                                           \
    f = shmem_##P##NAME##_atomic_compare_swap(C w, m, (TYPE)(m + 100), right);             \
    OT_CHECK_EQ("shmem_" #P #NAME "_atomic_compare_swap", tn, f, m);                       \
    m = (TYPE)(m + 100);                                                                   \
    f = shmem_##P##NAME##_atomic_compare_swap(C w, (TYPE)(m - 100), (TYPE)5, right);       \
    OT_CHECK_EQ("shmem_" #P #NAME "_atomic_compare_swap (failing)", tn, f, m);             \
    f = shmem_##P##NAME##_atomic_fetch_inc(C w, right);                                    \
    OT_CHECK_EQ("shmem_" #P #NAME "_atomic_fetch_inc", tn, f, m);                          \
    m = (TYPE)(m + 1);                                                                     \
    shmem_##P##NAME##_atomic_inc(C w, right);                                              \
    m = (TYPE)(m + 1);                                                                     \
    f = shmem_##P##NAME##_atomic_fetch_add(C w, (TYPE)5, right);                           \
    OT_CHECK_EQ("shmem_" #P #NAME "_atomic_fetch_add", tn, f, m);                          \
    m = (TYPE)(m + 5);                                                                     \
    shmem_##P##NAME##_atomic_add(C w, (TYPE)3, right);                                     \
    m = (TYPE)(m + 3);                                                                     \
    f = shmem_##P##NAME##_atomic_fetch(C w, right);                                        \
    OT_CHECK_EQ("shmem_" #P #NAME "_atomic_inc/add", tn, f, m);                            \
    f = (TYPE)0;                                                                           \
    shmem_##P##NAME##_atomic_compare_swap_nbi(C &f, w, m, (TYPE)(m + 10), right);          \
    shmem_ctx_quiet(ctx);                                                                  \
    OT_CHECK_EQ("shmem_" #P #NAME "_atomic_compare_swap_nbi", tn, f, m);                   \
    m = (TYPE)(m + 10);                                                                    \
    f = (TYPE)0;                                                                           \
    shmem_##P##NAME##_atomic_compare_swap_nbi(C &f, w, (TYPE)1, (TYPE)2, right);           \
    shmem_ctx_quiet(ctx);                                                                  \
    OT_CHECK_EQ("shmem_" #P #NAME "_atomic_compare_swap_nbi (failing)", tn, f, m);         \
    f = (TYPE)0;                                                                           \
    shmem_##P##NAME##_atomic_fetch_inc_nbi(C &f, w, right);                                \
    shmem_ctx_quiet(ctx);                                                                  \
    OT_CHECK_EQ("shmem_" #P #NAME "_atomic_fetch_inc_nbi", tn, f, m);                      \
    m = (TYPE)(m + 1);                                                                     \
    f = (TYPE)0;                                                                           \
    shmem_##P##NAME##_atomic_fetch_add_nbi(C &f, w, (TYPE)9, right);                       \
    shmem_ctx_quiet(ctx);                                                                  \
    OT_CHECK_EQ("shmem_" #P #NAME "_atomic_fetch_add_nbi", tn, f, m);                      \
    m = (TYPE)(m + 9);                                                                     \
    f = shmem_##P##NAME##_atomic_fetch(C w, right);                                        \
    OT_CHECK_EQ("shmem_" #P #NAME "_atomic_fetch_add_nbi (after)", tn, f, m);              \
    shmem_##NAME##_p(&w[1], m, right);

#define BIT_BODY(NAME, TYPE, P, C)                                                         \
    TYPE f, m = (TYPE)(0xF0F0u | ((unsigned)ot_me << 20) | (unsigned)c << 24);             \
    const TYPE v[9] = { (TYPE)0xFF0Fu, (TYPE)0x3C0Fu, (TYPE)0x0F00u, (TYPE)0x4001u,        \
                        (TYPE)0x0FF0u, (TYPE)0x1111u, (TYPE)0xFFFFu, (TYPE)0x8000u,        \
                        (TYPE)0x0003u };                                                   \
    ot_step("%s: bitwise AMOs", tn);                                                       \
    shmem_##P##NAME##_atomic_set(C w, m, right);                                           \
    f = shmem_##P##NAME##_atomic_fetch_and(C w, v[0], right);                              \
    OT_CHECK_EQ("shmem_" #P #NAME "_atomic_fetch_and", tn, f, m);                          \
    m = (TYPE)(m & v[0]);                                                                  \
    shmem_##P##NAME##_atomic_and(C w, v[1], right);                                        \
    m = (TYPE)(m & v[1]);                                                                  \
    f = shmem_##P##NAME##_atomic_fetch_or(C w, v[2], right);                               \
    OT_CHECK_EQ("shmem_" #P #NAME "_atomic_fetch_or (after and)", tn, f, m);               \
    m = (TYPE)(m | v[2]);                                                                  \
    shmem_##P##NAME##_atomic_or(C w, v[3], right);                                         \
    m = (TYPE)(m | v[3]);                                                                  \
    f = shmem_##P##NAME##_atomic_fetch_xor(C w, v[4], right);                              \
    OT_CHECK_EQ("shmem_" #P #NAME "_atomic_fetch_xor (after or)", tn, f, m);               \
    m = (TYPE)(m ^ v[4]);                                                                  \
    shmem_##P##NAME##_atomic_xor(C w, v[5], right);                                        \
    m = (TYPE)(m ^ v[5]);                                                                  \
    f = (TYPE)0;                                                                           \
    shmem_##P##NAME##_atomic_fetch_and_nbi(C &f, w, v[6], right);                          \
    shmem_ctx_quiet(ctx);                                                                  \
    OT_CHECK_EQ("shmem_" #P #NAME "_atomic_fetch_and_nbi (after xor)", tn, f, m);          \
    m = (TYPE)(m & v[6]);                                                                  \
    f = (TYPE)0;                                                                           \
    shmem_##P##NAME##_atomic_fetch_or_nbi(C &f, w, v[7], right);                           \
    shmem_ctx_quiet(ctx);                                                                  \
    OT_CHECK_EQ("shmem_" #P #NAME "_atomic_fetch_or_nbi", tn, f, m);                       \
    m = (TYPE)(m | v[7]);                                                                  \
    f = (TYPE)0;                                                                           \
    shmem_##P##NAME##_atomic_fetch_xor_nbi(C &f, w, v[8], right);                          \
    shmem_ctx_quiet(ctx);                                                                  \
    OT_CHECK_EQ("shmem_" #P #NAME "_atomic_fetch_xor_nbi", tn, f, m);                      \
    m = (TYPE)(m ^ v[8]);                                                                  \
    f = shmem_##P##NAME##_atomic_fetch(C w, right);                                        \
    OT_CHECK_EQ("shmem_" #P #NAME "_atomic_fetch_xor_nbi (after)", tn, f, m);              \
    shmem_##NAME##_p(&w[1], m, right);

#define EXT_TYPES(X)                                                                       \
    X(int, int) X(long, long) X(longlong, long long) X(uint, unsigned int)                 \
    X(ulong, unsigned long) X(ulonglong, unsigned long long) X(int32, int32_t)             \
    X(int64, int64_t) X(uint32, uint32_t) X(uint64, uint64_t) X(size, size_t)              \
    X(ptrdiff, ptrdiff_t) X(float, float) X(double, double)
#define STD_TYPES(X)                                                                       \
    X(int, int) X(long, long) X(longlong, long long) X(uint, unsigned int)                 \
    X(ulong, unsigned long) X(ulonglong, unsigned long long) X(int32, int32_t)             \
    X(int64, int64_t) X(uint32, uint32_t) X(uint64, uint64_t) X(size, size_t)              \
    X(ptrdiff, ptrdiff_t)
#define BIT_TYPES(X)                                                                       \
    X(uint, unsigned int) X(ulong, unsigned long) X(ulonglong, unsigned long long)         \
    X(int32, int32_t) X(int64, int64_t) X(uint32, uint32_t) X(uint64, uint64_t)

/* Per family and type: the sequence on the right neighbour's w (plain or ctx_ form), and
 * the check of this PE's own w, and a global pair of words. */
#define DEF_FAMILY(FAMILY, BODY, NAME, TYPE)                                               \
    static TYPE g_##FAMILY##_##NAME[2];                                                    \
    static void FAMILY##_##NAME(shmem_ctx_t ctx, int use_ctx, TYPE *w, const char *tn)     \
    {                                                                                      \
        int right = ot_right(), c = ++amo_case % 8;                                        \
        if (use_ctx) {                                                                     \
            BODY(NAME, TYPE, ctx_, CTXARG)                                                 \
        } else {                                                                           \
            BODY(NAME, TYPE, , )                                                           \
        }                                                                                  \
    }
#define DEF_EXT(NAME, TYPE) DEF_FAMILY(ext, EXT_BODY, NAME, TYPE)
#define DEF_STD(NAME, TYPE) DEF_FAMILY(std, STD_BODY, NAME, TYPE)
#define DEF_BIT(NAME, TYPE) DEF_FAMILY(bit, BIT_BODY, NAME, TYPE)
EXT_TYPES(DEF_EXT)
STD_TYPES(DEF_STD)
BIT_TYPES(DEF_BIT)

/* One variant (plain or ctx_ form; heap or global words): every family on every type at
 * once, between two barriers (barriers are what costs on two cores), then each PE checks
 * the words its left neighbour worked on. Heap words: 16 bytes per family and type. */
static void run_variant(const char *label, int use_ctx, shmem_ctx_t ctx, char *heap)
{
    char tn[96];
    int k;

#define AREA(F, NAME, TYPE) (heap ? (TYPE *)(heap + 16 * k) : g_##F##_##NAME)
#define RESET(F, NAME, TYPE) { TYPE *w = AREA(F, NAME, TYPE); w[0] = w[1] = (TYPE)0; k++; }
#define OPS(F, NAME, TYPE)                                                                 \
    { snprintf(tn, sizeof(tn), "%s, %s", #NAME, label);                                    \
      F##_##NAME(ctx, use_ctx, AREA(F, NAME, TYPE), tn); k++; }
#define CHECK(F, NAME, TYPE)                                                               \
    { TYPE *w = AREA(F, NAME, TYPE);                                                       \
      snprintf(tn, sizeof(tn), "%s, %s", #NAME, label);                                    \
      OT_CHECK_EQ(#F " AMOs of the left neighbour landed here", tn, w[0], w[1]); k++; }
#define RESET_EXT(NAME, TYPE) RESET(ext, NAME, TYPE)
#define RESET_STD(NAME, TYPE) RESET(std, NAME, TYPE)
#define RESET_BIT(NAME, TYPE) RESET(bit, NAME, TYPE)
#define OPS_EXT(NAME, TYPE) OPS(ext, NAME, TYPE)
#define OPS_STD(NAME, TYPE) OPS(std, NAME, TYPE)
#define OPS_BIT(NAME, TYPE) OPS(bit, NAME, TYPE)
#define CHECK_EXT(NAME, TYPE) CHECK(ext, NAME, TYPE)
#define CHECK_STD(NAME, TYPE) CHECK(std, NAME, TYPE)
#define CHECK_BIT(NAME, TYPE) CHECK(bit, NAME, TYPE)
    ot_step("AMOs, %s", label);
    k = 0;
    EXT_TYPES(RESET_EXT) STD_TYPES(RESET_STD) BIT_TYPES(RESET_BIT)
    shmem_barrier_all();
    k = 0;
    EXT_TYPES(OPS_EXT) STD_TYPES(OPS_STD) BIT_TYPES(OPS_BIT)
    shmem_ctx_quiet(ctx);
    ot_step("AMOs, %s: barrier before the checks", label);
    shmem_barrier_all();
    k = 0;
    EXT_TYPES(CHECK_EXT) STD_TYPES(CHECK_STD) BIT_TYPES(CHECK_BIT)
}

/* Concurrency: iteration k of every PE targets PE (me + k) % n with seven operations that
 * add 1 + 1 + 2 + 3 + 1 + 1 + 1 = 10. */
#define DEF_CONCURRENT(NAME, TYPE)                                                         \
    static void concurrent_##NAME(shmem_ctx_t ctx, TYPE *cnt, const char *tn)              \
    {                                                                                      \
        *cnt = (TYPE)0;                                                                    \
        shmem_barrier_all();                                                               \
        ot_step("%s: concurrent increments", tn);                                          \
        for (int k = 0; k < K; k++) {                                                      \
            int pe = (ot_me + k) % ot_npes;                                                \
            TYPE f, old;                                                                   \
            shmem_##NAME##_atomic_inc(cnt, pe);                                            \
            (void)shmem_##NAME##_atomic_fetch_inc(cnt, pe);                                \
            shmem_##NAME##_atomic_add(cnt, (TYPE)2, pe);                                   \
            (void)shmem_##NAME##_atomic_fetch_add(cnt, (TYPE)3, pe);                       \
            shmem_ctx_##NAME##_atomic_inc(ctx, cnt, pe);                                   \
            shmem_##NAME##_atomic_fetch_inc_nbi(&f, cnt, pe);                              \
            do {                                                                           \
                old = shmem_##NAME##_atomic_fetch(cnt, pe);                                \
            } while (shmem_##NAME##_atomic_compare_swap(cnt, old, (TYPE)(old + 1), pe) != old); \
        }                                                                                  \
        shmem_ctx_quiet(ctx);                                                              \
        shmem_barrier_all();                                                               \
        OT_CHECK_EQ("concurrent inc/fetch_inc/add/fetch_add/ctx_inc/fetch_inc_nbi/cswap", tn, \
                    *cnt, (TYPE)(10 * K));                                                 \
        shmem_barrier_all();                                                               \
    }
DEF_CONCURRENT(int, int)
DEF_CONCURRENT(long, long)
DEF_CONCURRENT(ulonglong, unsigned long long)
DEF_CONCURRENT(int64, int64_t)
DEF_CONCURRENT(size, size_t)

static unsigned long long g_cnt_ull;
static size_t g_cnt_size;
static uint64_t g_bitmap[(MAXPE * K + 63) / 64];

static void check_fetch_inc_unique(long *counter)
{
    const long total = (long)ot_npes * K;

    ot_step("fetch_inc hands out each value once");
    *counter = 0;
    for (size_t i = 0; i < sizeof(g_bitmap) / sizeof(g_bitmap[0]); i++)
        g_bitmap[i] = 0;
    shmem_barrier_all();
    for (int k = 0; k < K; k++) {
        long v = shmem_long_atomic_fetch_inc(counter, 0);
        uint64_t bit, prev;
        OT_CHECK("shmem_long_atomic_fetch_inc", "long, concurrent", v >= 0 && v < total,
                 "fetched %ld, outside 0..%ld", v, total - 1);
        bit = (uint64_t)1 << (v % 64);
        prev = shmem_uint64_atomic_fetch_or(&g_bitmap[v / 64], bit, 0);
        OT_CHECK("shmem_long_atomic_fetch_inc", "long, concurrent", !(prev & bit),
                 "value %ld was fetched twice", v);
    }
    shmem_barrier_all();
    if (ot_me == 0) {
        OT_CHECK_EQ("shmem_long_atomic_fetch_inc", "long, final count", *counter, total);
        for (long v = 0; v < total; v++)
            OT_CHECK("shmem_uint64_atomic_fetch_or", "bitmap", g_bitmap[v / 64] >> (v % 64) & 1,
                     "value %ld was never fetched", v);
    }
    shmem_barrier_all();
}

static uint64_t g_bits[3];

/* Every PE sets its bit (or), clears its bit (and), toggles bit me + 16 twice and bit
 * me + 32 once (xor), all at once on PE 0's words. */
static void check_concurrent_bitwise(void)
{
    const uint64_t mine = (uint64_t)1 << ot_me, all = ((uint64_t)1 << ot_npes) - 1;

    ot_step("concurrent bitwise");
    g_bits[0] = 0;
    g_bits[1] = ~(uint64_t)0;
    g_bits[2] = 0;
    shmem_barrier_all();
    shmem_uint64_atomic_or(&g_bits[0], mine, 0);
    shmem_uint64_atomic_and(&g_bits[1], ~mine, 0);
    shmem_uint64_atomic_xor(&g_bits[2], mine << 16, 0);
    shmem_uint64_atomic_xor(&g_bits[2], mine << 32, 0);
    shmem_uint64_atomic_xor(&g_bits[2], mine << 16, 0);
    shmem_barrier_all();
    if (ot_me == 0) {
        OT_CHECK_EQ("shmem_uint64_atomic_or", "uint64, concurrent", g_bits[0], all);
        OT_CHECK_EQ("shmem_uint64_atomic_and", "uint64, concurrent", g_bits[1], ~all);
        OT_CHECK_EQ("shmem_uint64_atomic_xor", "uint64, concurrent", g_bits[2], all << 32);
    }
    shmem_barrier_all();
}

int main(void)
{
    shmem_ctx_t ctx;
    void *heap;
    long *lcnt;

    ot_start("osh_amo");
    shmem_init();
    ot_begin(2);
    heap = shmem_malloc(1024);
    lcnt = shmem_malloc(sizeof(long));
    OT_CHECK("shmem_malloc", "buffers", heap && lcnt, "NULL");
    OT_CHECK_EQ("shmem_ctx_create", "0", shmem_ctx_create(0, &ctx), 0);

    run_variant("heap", 0, SHMEM_CTX_DEFAULT, heap);
    run_variant("global", 0, SHMEM_CTX_DEFAULT, NULL);
    run_variant("heap, created ctx", 1, ctx, heap);
    run_variant("global, SHMEM_CTX_DEFAULT", 1, SHMEM_CTX_DEFAULT, NULL);
    shmem_barrier_all();

    concurrent_int(ctx, heap, "int, heap");
    concurrent_long(ctx, lcnt, "long, heap");
    concurrent_ulonglong(ctx, &g_cnt_ull, "unsigned long long, global");
    concurrent_int64(ctx, heap, "int64_t, heap");
    concurrent_size(ctx, &g_cnt_size, "size_t, global");
    check_fetch_inc_unique(lcnt);
    check_concurrent_bitwise();

    shmem_ctx_destroy(ctx);
    shmem_free(lcnt);
    shmem_free(heap);
    return ot_end();
}
