/* Atomics across PEs for every type of the three AMO lists. Each check is one whose
 * answer does not depend on the order in which PEs' operations land: totals of adds
 * and increments, fetched values that must chain into the total, exactly one winner of
 * a compare-and-swap race, a swap chain that loses no value, and bit patterns that
 * every order of OR/AND/XOR produces alike. Fetched values of remote operations are
 * gathered to the owner of the variable with puts. */
#include "ro_test.h"

#include <stdint.h>

#define MAX_PES 64

struct variant {
    const char *name;
    int use_ctx;
    rocshmem_ctx_t ctx;
};

#define OP(v, STEM, ...)                                                                   \
    ((v)->use_ctx ? rocshmem_ctx_##STEM((v)->ctx, __VA_ARGS__) : rocshmem_##STEM(__VA_ARGS__))

/* A barrier completes the default context's operations only (OpenSHMEM 1.5): a created
 * context's are quieted first. */
static void barrier(const struct variant *v)
{
    if (v->use_ctx)
        rocshmem_ctx_quiet(v->ctx);
    rocshmem_barrier_all();
}

/* Word slots of the scratch area, in units of the type under test. */
enum { S_ADD, S_FADD, S_INC, S_FINC, S_CSWAP, S_SWAP, S_OR, S_AND, S_XOR, S_FIXED = 16 };
/* After the fixed slots: one slot per PE written only by that PE ("own"), then gather
 * arrays indexed by the PE that fetched. */
enum { A_OWN, A_FADD, A_FINC, A_CSWAP, A_SWAP, A_COUNT };
#define ARRAY(x, a) ((x) + S_FIXED + (a) * MAX_PES)

static int me, npes, left, right;
static void *scratch;

/* fetch_add: sorted by fetched value, each PE's old value must be the sum of the
 * contributions (pe + 1) of the PEs before it, ending at the total. Contributions are
 * positive, so the order is unique; values are small enough to compare as long long. */
static void check_fetch_add_chain(const char *what, const long long *olds, long long total)
{
    unsigned char used[MAX_PES] = { 0 };
    long long sum = 0;
    for (int k = 0; k < npes; k++) {
        int p = 0;
        while (p < npes && (used[p] || olds[p] != sum))
            p++;
        RT_CHECK(what, "-", p < npes,
                 "no PE fetched %lld: fetched values do not chain up to the total", sum);
        used[p] = 1;
        sum += p + 1;
    }
    RT_CHECK(what, "-", sum == total, "chain ends at %lld, total is %lld", sum, total);
}

/* Every value in 0..n-1 (or 0..n) fetched exactly once. */
static void check_permutation(const char *what, const long long *vals, int count)
{
    unsigned char seen[MAX_PES + 1] = { 0 };
    for (int k = 0; k < count; k++) {
        RT_CHECK(what, "-", vals[k] >= 0 && vals[k] < count && !seen[vals[k]],
                 "value %lld (entry %d) is out of range or repeated", vals[k], k);
        seen[vals[k]] = 1;
    }
}

/* ---- standard: add, fetch_add, inc, fetch_inc, compare_swap -------------------------- */
#define DEF_STD(NAME, TYPE, KIND)                                                          \
    static void amo_std_##NAME(const struct variant *v)                                    \
    {                                                                                      \
        TYPE *x = scratch, *own = ARRAY(x, A_OWN);                                         \
        TYPE old_fadd[MAX_PES], old_finc[MAX_PES], r, got, total = (TYPE)(npes * (npes + 1) / 2); \
        long long vals[MAX_PES + 1] = { 0 };                                               \
        int zeros = 0, winner = -1;                                                        \
        rt_step("standard AMOs on %s via %s", #NAME, v->name);                             \
        memset(x, 0, (S_FIXED + A_COUNT * MAX_PES) * sizeof(TYPE));                        \
        barrier(v);                                                                       \
                                                                                           \
        for (int t = 0; t < npes; t++) {                                                   \
            OP(v, NAME##_atomic_add, &x[S_ADD], (TYPE)(me + 1), t);                        \
            old_fadd[t] = OP(v, NAME##_atomic_fetch_add, &x[S_FADD], (TYPE)(me + 1), t);   \
            OP(v, NAME##_atomic_inc, &x[S_INC], t);                                        \
            old_finc[t] = OP(v, NAME##_atomic_fetch_inc, &x[S_FINC], t);                   \
        }                                                                                  \
        /* Compare-and-swap race on PE 0: exactly one PE finds the 0. */                   \
        r = OP(v, NAME##_atomic_compare_swap, &x[S_CSWAP], (TYPE)0, (TYPE)(me + 1), 0);    \
        /* Deterministic cswaps on this PE's own slot on the right neighbour. */           \
        got = OP(v, NAME##_atomic_compare_swap, &own[me], (TYPE)0, (TYPE)(me + 1), right); \
        RT_CHECK_EQ(#NAME "_atomic_compare_swap (succeeds)", #TYPE, got, (TYPE)0);         \
        got = OP(v, NAME##_atomic_compare_swap, &own[me], (TYPE)0, (TYPE)(me + 7), right); \
        RT_CHECK_EQ(#NAME "_atomic_compare_swap (fails)", #TYPE, got, (TYPE)(me + 1));     \
        got = OP(v, NAME##_atomic_compare_swap, &own[me], (TYPE)(me + 1), (TYPE)(me + 2), right); \
        RT_CHECK_EQ(#NAME "_atomic_compare_swap (succeeds again)", #TYPE, got, (TYPE)(me + 1)); \
        barrier(v);                                                                       \
                                                                                           \
        RT_CHECK_EQ(#NAME "_atomic_add", #TYPE, x[S_ADD], total);                          \
        RT_CHECK_EQ(#NAME "_atomic_fetch_add (final value)", #TYPE, x[S_FADD], total);     \
        RT_CHECK_EQ(#NAME "_atomic_inc", #TYPE, x[S_INC], (TYPE)npes);                     \
        RT_CHECK_EQ(#NAME "_atomic_fetch_inc (final value)", #TYPE, x[S_FINC], (TYPE)npes); \
        RT_CHECK_EQ(#NAME "_atomic_compare_swap (own slot)", #TYPE, own[left], (TYPE)(left + 2)); \
        for (int t = 0; t < npes; t++) {                                                   \
            rocshmem_##NAME##_p(&ARRAY(x, A_FADD)[me], old_fadd[t], t);                    \
            rocshmem_##NAME##_p(&ARRAY(x, A_FINC)[me], old_finc[t], t);                    \
        }                                                                                  \
        rocshmem_##NAME##_p(&ARRAY(x, A_CSWAP)[me], r, 0);                                 \
        barrier(v);                                                                       \
                                                                                           \
        for (int p = 0; p < npes; p++)                                                     \
            vals[p] = (long long)ARRAY(x, A_FADD)[p];                                      \
        check_fetch_add_chain(#NAME "_atomic_fetch_add (fetched values)", vals,            \
                              (long long)total);                                           \
        for (int p = 0; p < npes; p++)                                                     \
            vals[p] = (long long)ARRAY(x, A_FINC)[p];                                      \
        check_permutation(#NAME "_atomic_fetch_inc (fetched values)", vals, npes);         \
        if (me != 0)                                                                       \
            return;                                                                        \
        for (int p = 0; p < npes; p++)                                                     \
            if (ARRAY(x, A_CSWAP)[p] == 0) {                                               \
                zeros++;                                                                   \
                winner = p;                                                                \
            }                                                                              \
        RT_CHECK(#NAME "_atomic_compare_swap (race)", #TYPE, zeros == 1,                   \
                 "%d PEs fetched the initial 0, expected exactly 1", zeros);               \
        RT_CHECK_EQ(#NAME "_atomic_compare_swap (race winner stored)", #TYPE, x[S_CSWAP],  \
                    (TYPE)(winner + 1));                                                   \
        for (int p = 0; p < npes; p++)                                                     \
            if (p != winner)                                                               \
                RT_CHECK_EQ(#NAME "_atomic_compare_swap (race loser fetched)", #TYPE,      \
                            ARRAY(x, A_CSWAP)[p], (TYPE)(winner + 1));                     \
    }
ROCSHMEM_FOR_AMO_STANDARD_TYPES(DEF_STD)
#undef DEF_STD

/* ---- extended: set, fetch, swap (float and double too) ------------------------------- */
#define DEF_EXT(NAME, TYPE, KIND)                                                          \
    static void amo_ext_##NAME(const struct variant *v)                                    \
    {                                                                                      \
        TYPE *x = scratch, *own = ARRAY(x, A_OWN), r, got;                                 \
        long long vals[MAX_PES + 1] = { 0 };                                               \
        rt_step("extended AMOs on %s via %s", #NAME, v->name);                             \
        memset(x, 0, (S_FIXED + A_COUNT * MAX_PES) * sizeof(TYPE));                        \
        barrier(v);                                                                       \
                                                                                           \
        /* Swap chain on PE 0: the values fetched plus the one left must be 0..n, each once. */ \
        r = OP(v, NAME##_atomic_swap, &x[S_SWAP], (TYPE)(me + 1), 0);                      \
        OP(v, NAME##_atomic_set, &own[me], (TYPE)(3 * me + 5), right);                     \
        rocshmem_##NAME##_p(&ARRAY(x, A_SWAP)[me], r, 0);                                  \
        barrier(v);                                                                       \
                                                                                           \
        /* Only the left neighbour changes own[left] here, and not before the next barrier. */ \
        RT_CHECK_EQ(#NAME "_atomic_set", #TYPE, own[left], (TYPE)(3 * left + 5));          \
        got = OP(v, NAME##_atomic_fetch, &own[me], right);                                 \
        RT_CHECK_EQ(#NAME "_atomic_fetch (remote)", #TYPE, got, (TYPE)(3 * me + 5));       \
        if (me == 0) {                                                                     \
            for (int p = 0; p < npes; p++)                                                 \
                vals[p] = (long long)ARRAY(x, A_SWAP)[p];                                  \
            vals[npes] = (long long)x[S_SWAP];                                             \
            check_permutation(#NAME "_atomic_swap (chain)", vals, npes + 1);               \
        }                                                                                  \
        barrier(v);                                                                       \
                                                                                           \
        got = OP(v, NAME##_atomic_swap, &own[me], (TYPE)(me + 40), right);                 \
        RT_CHECK_EQ(#NAME "_atomic_swap (own slot)", #TYPE, got, (TYPE)(3 * me + 5));      \
        barrier(v);                                                                       \
        RT_CHECK_EQ(#NAME "_atomic_swap (own slot stored)", #TYPE, own[left], (TYPE)(left + 40)); \
        got = OP(v, NAME##_atomic_fetch, &own[left], me);                                  \
        RT_CHECK_EQ(#NAME "_atomic_fetch (self)", #TYPE, got, (TYPE)(left + 40));          \
    }
ROCSHMEM_FOR_AMO_EXTENDED_TYPES(DEF_EXT)
#undef DEF_EXT

/* ---- bitwise: and, or, xor and their fetch forms ------------------------------------ */
#define DEF_BIT(NAME, TYPE, KIND)                                                          \
    static void amo_bit_##NAME(const struct variant *v)                                    \
    {                                                                                      \
        TYPE *x = scratch, *own = ARRAY(x, A_OWN), bit = (TYPE)((TYPE)1 << me);            \
        TYPE all = (TYPE)(((TYPE)1 << npes) - 1), orig = (TYPE)0xa5, e, got;               \
        rt_step("bitwise AMOs on %s via %s", #NAME, v->name);                              \
        memset(x, 0, (S_FIXED + A_COUNT * MAX_PES) * sizeof(TYPE));                        \
        x[S_AND] = all;                                                                    \
        x[S_XOR] = orig;                                                                   \
        for (int p = 0; p < npes; p++)                                                     \
            own[p] = (TYPE)(0x0f0f + p);                                                   \
        barrier(v);                                                                       \
                                                                                           \
        for (int t = 0; t < npes; t++) {                                                   \
            OP(v, NAME##_atomic_or, &x[S_OR], bit, t);                                     \
            OP(v, NAME##_atomic_and, &x[S_AND], (TYPE)~bit, t);                            \
            OP(v, NAME##_atomic_xor, &x[S_XOR], bit, t);                                   \
        }                                                                                  \
        /* fetch forms on this PE's own slot on the right neighbour: old values are known. */ \
        e = (TYPE)(0x0f0f + me);                                                           \
        got = OP(v, NAME##_atomic_fetch_or, &own[me], (TYPE)0x3000, right);                \
        RT_CHECK_EQ(#NAME "_atomic_fetch_or", #TYPE, got, e);                              \
        e |= (TYPE)0x3000;                                                                 \
        got = OP(v, NAME##_atomic_fetch_and, &own[me], (TYPE)0x10ff, right);               \
        RT_CHECK_EQ(#NAME "_atomic_fetch_and", #TYPE, got, e);                             \
        e &= (TYPE)0x10ff;                                                                 \
        got = OP(v, NAME##_atomic_fetch_xor, &own[me], (TYPE)0x0180, right);               \
        RT_CHECK_EQ(#NAME "_atomic_fetch_xor", #TYPE, got, e);                             \
        barrier(v);                                                                       \
                                                                                           \
        RT_CHECK_EQ(#NAME "_atomic_or", #TYPE, x[S_OR], all);                              \
        RT_CHECK_EQ(#NAME "_atomic_and", #TYPE, x[S_AND], (TYPE)0);                        \
        RT_CHECK_EQ(#NAME "_atomic_xor (once)", #TYPE, x[S_XOR], (TYPE)(orig ^ all));      \
        e = (TYPE)((((TYPE)(0x0f0f + left) | (TYPE)0x3000) & (TYPE)0x10ff) ^ (TYPE)0x0180); \
        RT_CHECK_EQ(#NAME "_atomic_fetch_xor (stored)", #TYPE, own[left], e);              \
        barrier(v);                                                                       \
        for (int t = 0; t < npes; t++)                                                     \
            OP(v, NAME##_atomic_xor, &x[S_XOR], bit, t);                                   \
        barrier(v);                                                                       \
        RT_CHECK_EQ(#NAME "_atomic_xor (twice)", #TYPE, x[S_XOR], orig);                   \
    }
ROCSHMEM_FOR_AMO_BITWISE_TYPES(DEF_BIT)
#undef DEF_BIT

static void run_all_types(const struct variant *v)
{
#define RUN_STD(NAME, TYPE, KIND) amo_std_##NAME(v);
#define RUN_EXT(NAME, TYPE, KIND) amo_ext_##NAME(v);
#define RUN_BIT(NAME, TYPE, KIND) amo_bit_##NAME(v);
    ROCSHMEM_FOR_AMO_STANDARD_TYPES(RUN_STD)
    ROCSHMEM_FOR_AMO_EXTENDED_TYPES(RUN_EXT)
    ROCSHMEM_FOR_AMO_BITWISE_TYPES(RUN_BIT)
#undef RUN_STD
#undef RUN_EXT
#undef RUN_BIT
}

/* The ctx_ names share the typed code path, so a few types per list cover them. */
static void run_some_types(const struct variant *v)
{
    amo_std_int(v);
    amo_std_uint64(v);
    amo_std_ptrdiff(v);
    amo_ext_float(v);
    amo_ext_double(v);
    amo_ext_long(v);
    amo_bit_uint(v);
    amo_bit_int64(v);
}

/* More non-fetching AMOs than a ring holds (4096 descriptors by default), issued with no
 * quiet between them, on the default and on a created context: none may be lost. */
static void amo_flood(long count, rocshmem_ctx_t ctx)
{
    uint64_t *x = scratch;

    rt_step("%ld atomic adds without quiet", count);
    x[0] = x[1] = 0;
    rocshmem_barrier_all();
    for (long i = 0; i < count; i++) {
        rocshmem_uint64_atomic_add(&x[0], 1, right);
        rocshmem_ctx_uint64_atomic_inc(ctx, &x[1], right);
    }
    rocshmem_ctx_quiet(ctx);
    rocshmem_barrier_all();
    RT_CHECK_EQ("uint64_atomic_add without quiet (ring overflow)", "uint64", x[0], (uint64_t)count);
    RT_CHECK_EQ("ctx_uint64_atomic_inc without quiet (ring overflow)", "uint64", x[1],
                (uint64_t)count);
    rocshmem_barrier_all();
}

int main(void)
{
    struct variant plain = { "plain names", 0, ROCSHMEM_CTX_INVALID };
    struct variant dflt = { "ctx_ names with ROCSHMEM_CTX_DEFAULT", 1, ROCSHMEM_CTX_INVALID };
    struct variant made = { "ctx_ names with a created context", 1, ROCSHMEM_CTX_INVALID };

    rocshmem_init();
    rt_begin("func_amo", 2);
    me = rocshmem_my_pe();
    npes = rocshmem_n_pes();
    right = (me + 1) % npes;
    left = (me + npes - 1) % npes;
    RT_CHECK("setup", "-", npes <= MAX_PES, "at most %d PEs, have %d", MAX_PES, npes);
    scratch = rocshmem_malloc((S_FIXED + A_COUNT * MAX_PES) * sizeof(uint64_t));
    RT_CHECK("rocshmem_malloc", "-", scratch != NULL, "returned NULL");

    dflt.ctx = ROCSHMEM_CTX_DEFAULT;
    RT_CHECK("rocshmem_ctx_create", "-", rocshmem_ctx_create(0, &made.ctx) == ROCSHMEM_SUCCESS,
             "returned an error");
    run_all_types(&plain);
    run_some_types(&dflt);
    run_some_types(&made);
    amo_flood(rt_iters(3 * 4096 + 5, 50), made.ctx);
    rocshmem_ctx_destroy(made.ctx);

    rocshmem_free(scratch);
    return rt_end();
}
