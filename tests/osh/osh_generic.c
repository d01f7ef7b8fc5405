/* OpenSHMEM 1.5's C11 type-generic interfaces (shmem_put, shmem_atomic_add, shmem_wait_until,
 * shmem_sum_reduce, ...), each on several types, with and without a context as first
 * argument (a created context, and SHMEM_CTX_DEFAULT, a const-qualified object), checking
 * the results. The value a call returns must have the type of its typed argument (checked
 * with _Generic on the unevaluated call); p, g, AMOs and reductions use values whose bits
 * differ between types of one size (x.5 in floating types, negative operands wrapping in
 * unsigned ones), so a routine of the wrong type shows.
 *   - RMA: put, get, p, g (also on a const source), put_nbi, get_nbi, iput, iget,
 *     put_signal, put_signal_nbi, on char, signed char, short, int, long, long long,
 *     unsigned char, unsigned short, unsigned int, unsigned long, unsigned long long,
 *     float, double, long double;
 *   - AMOs: fetch, set, swap, compare_swap, fetch_inc, inc, fetch_add, add and the
 *     _nbi fetching forms on int, long, long long, unsigned int, unsigned long, unsigned
 *     long long (and fetch/set/swap on float and double); fetch_and/or/xor, and/or/xor and
 *     their _nbi forms on unsigned int, unsigned long, unsigned long long, int32_t, int64_t;
 *   - point-to-point: wait_until, wait_until_all/any/some (+_vector), test, test_all/any/some
 *     (+_vector) on short, int, long, long long and the unsigned ones;
 *   - collectives: broadcast, fcollect, alltoall, and every reduction, on several types. */
#include "osh_test.h"

#define N 8
#define MAXPE 64

#define IS_TYPE(expr, TYPE) _Generic((expr), TYPE: 1, default: 0)

static uint64_t g_sig;
static int g_case;

/* ---- RMA ------------------------------------------------------------------------- */
#define RV(TYPE, pe, i) ((TYPE)(((pe) * 13 + (i) * 5 + 2) % 60) / (TYPE)2)

#define DEF_RMA(NAME, TYPE)                                                                \
    static TYPE r_dst_##NAME[3 * N], r_src_##NAME[3 * N];                                  \
    static void rma_##NAME(shmem_ctx_t ctx, const char *tn)                                \
    {                                                                                      \
        TYPE *dst = r_dst_##NAME, *src = r_src_##NAME, ls[3 * N], lb[3 * N];               \
        const TYPE *csrc = src;                                                            \
        int right = ot_right(), left = ot_left(), c = ++g_case % 4;                        \
        uint64_t sig0;                                                                     \
        TYPE g;                                                                            \
        ot_step("generic RMA, %s", tn);                                                    \
        for (int i = 0; i < 3 * N; i++) {                                                  \
            src[i] = RV(TYPE, ot_me + c, i);                                               \
            ls[i] = RV(TYPE, ot_me + c + 1, i);                                            \
            dst[i] = lb[i] = (TYPE)0;                                                      \
        }                                                                                  \
        sig0 = g_sig;                                                                      \
        shmem_barrier_all();                                                               \
        /* Plain forms first, then the same with ctx as first argument. */                 \
        shmem_put(dst, ls, N, right);                                                      \
        shmem_put(ctx, dst + N, ls + N, N, right);                                         \
        shmem_ctx_quiet(ctx);                                                              \
        shmem_barrier_all();                                                               \
        for (int i = 0; i < 2 * N; i++)                                                    \
            OT_CHECK_ELEM(i < N ? "shmem_put" : "shmem_put(ctx)", tn, i, dst[i],           \
                          RV(TYPE, left + c + 1, i));                                      \
        shmem_get(lb, src, N, right);                                                      \
        shmem_get(ctx, lb + N, src + N, N, right);                                         \
        for (int i = 0; i < 2 * N; i++)                                                    \
            OT_CHECK_ELEM(i < N ? "shmem_get" : "shmem_get(ctx)", tn, i, lb[i],            \
                          RV(TYPE, right + c, i));                                         \
        OT_CHECK("shmem_g", tn, IS_TYPE(shmem_g(csrc, right), TYPE),                       \
                 "the result is not of the argument's type");                              \
        OT_CHECK("shmem_g(ctx)", tn, IS_TYPE(shmem_g(ctx, &src[0], right), TYPE),          \
                 "the result is not of the argument's type");                              \
        g = shmem_g(csrc + 3, right);                                                      \
        OT_CHECK_EQ("shmem_g (const source)", tn, g, RV(TYPE, right + c, 3));              \
        g = shmem_g(&src[4], right);                                                       \
        OT_CHECK_EQ("shmem_g", tn, g, RV(TYPE, right + c, 4));                             \
        g = shmem_g(ctx, &src[5], right);                                                  \
        OT_CHECK_EQ("shmem_g(ctx)", tn, g, RV(TYPE, right + c, 5));                        \
        g = shmem_g(ctx, csrc + 6, right);                                                 \
        OT_CHECK_EQ("shmem_g(ctx, const source)", tn, g, RV(TYPE, right + c, 6));          \
        shmem_barrier_all();                                                               \
        for (int i = 0; i < 3 * N; i++)                                                    \
            dst[i] = (TYPE)0;                                                              \
        shmem_barrier_all();                                                               \
        shmem_p(&dst[0], RV(TYPE, ot_me, 40), right);                                      \
        shmem_p(ctx, &dst[1], RV(TYPE, ot_me, 41), right);                                 \
        shmem_put_nbi(dst + 2, ls, 3, right);                                              \
        shmem_put_nbi(ctx, dst + 5, ls + 3, 3, right);                                     \
        shmem_iput(dst + 8, ls, 2, 3, 3, right);                                           \
        shmem_iput(ctx, dst + 16, ls, 3, 2, 3, right);                                     \
        shmem_ctx_quiet(ctx);                                                              \
        shmem_quiet();                                                                     \
        shmem_barrier_all();                                                               \
        OT_CHECK_EQ("shmem_p", tn, dst[0], RV(TYPE, left, 40));                            \
        OT_CHECK_EQ("shmem_p(ctx)", tn, dst[1], RV(TYPE, left, 41));                       \
        for (int i = 0; i < 6; i++)                                                        \
            OT_CHECK_ELEM(i < 3 ? "shmem_put_nbi" : "shmem_put_nbi(ctx)", tn, i, dst[2 + i], \
                          RV(TYPE, left + c + 1, i));                                      \
        for (int i = 0; i < 8; i++)                                                        \
            OT_CHECK_ELEM("shmem_iput (dst stride 2, src stride 3)", tn, i, dst[8 + i],    \
                          i % 2 == 0 && i / 2 < 3 ? RV(TYPE, left + c + 1, 3 * (i / 2))    \
                                                  : (TYPE)0);                              \
        for (int i = 0; i < 8; i++)                                                        \
            OT_CHECK_ELEM("shmem_iput(ctx) (dst stride 3, src stride 2)", tn, i, dst[16 + i], \
                          i % 3 == 0 && i / 3 < 3 ? RV(TYPE, left + c + 1, 2 * (i / 3))    \
                                                  : (TYPE)0);                              \
        for (int i = 0; i < 3 * N; i++)                                                    \
            lb[i] = (TYPE)0;                                                               \
        shmem_get_nbi(lb, src, 3, right);                                                  \
        shmem_get_nbi(ctx, lb + 3, src + 3, 3, right);                                     \
        shmem_iget(lb + 8, src, 2, 3, 3, right);                                           \
        shmem_iget(ctx, lb + 16, src, 3, 2, 3, right);                                     \
        shmem_ctx_quiet(ctx);                                                              \
        shmem_quiet();                                                                     \
        for (int i = 0; i < 6; i++)                                                        \
            OT_CHECK_ELEM(i < 3 ? "shmem_get_nbi" : "shmem_get_nbi(ctx)", tn, i, lb[i],    \
                          RV(TYPE, right + c, i));                                         \
        for (int i = 0; i < 8; i++)                                                        \
            OT_CHECK_ELEM("shmem_iget (dst stride 2, src stride 3)", tn, i, lb[8 + i],     \
                          i % 2 == 0 && i / 2 < 3 ? RV(TYPE, right + c, 3 * (i / 2)) : (TYPE)0); \
        for (int i = 0; i < 8; i++)                                                        \
            OT_CHECK_ELEM("shmem_iget(ctx) (dst stride 3, src stride 2)", tn, i, lb[16 + i], \
                          i % 3 == 0 && i / 3 < 3 ? RV(TYPE, right + c, 2 * (i / 3)) : (TYPE)0); \
        shmem_barrier_all();                                                               \
        for (int i = 0; i < 3 * N; i++)                                                    \
            dst[i] = (TYPE)0;                                                              \
        shmem_barrier_all();                                                               \
        shmem_put_signal(dst, ls, 4, &g_sig, 1, SHMEM_SIGNAL_ADD, right);                  \
        shmem_put_signal(ctx, dst + 4, ls + 4, 4, &g_sig, 1, SHMEM_SIGNAL_ADD, right);     \
        shmem_put_signal_nbi(dst + 8, ls + 8, 4, &g_sig, 1, SHMEM_SIGNAL_ADD, right);      \
        shmem_put_signal_nbi(ctx, dst + 12, ls + 12, 4, &g_sig, 1, SHMEM_SIGNAL_ADD, right); \
        shmem_ctx_quiet(ctx);                                                              \
        shmem_quiet();                                                                     \
        OT_CHECK_EQ("shmem_signal_wait_until", "after generic put_signal(_nbi)",           \
                    shmem_signal_wait_until(&g_sig, SHMEM_CMP_GE, sig0 + 4), sig0 + 4);    \
        for (int i = 0; i < 16; i++)                                                       \
            OT_CHECK_ELEM(i < 4 ? "shmem_put_signal" : i < 8 ? "shmem_put_signal(ctx)"     \
                          : i < 12 ? "shmem_put_signal_nbi" : "shmem_put_signal_nbi(ctx)", \
                          tn, i, dst[i], RV(TYPE, left + c + 1, i));                       \
        shmem_barrier_all();                                                               \
    }

#define RMA_TYPES(X)                                                                       \
    X(char, char) X(schar, signed char) X(short, short) X(int, int) X(long, long)          \
    X(longlong, long long) X(uchar, unsigned char) X(ushort, unsigned short)               \
    X(uint, unsigned int) X(ulong, unsigned long) X(ulonglong, unsigned long long)         \
    X(float, float) X(double, double) X(longdouble, long double)
RMA_TYPES(DEF_RMA)

/* ---- AMOs ------------------------------------------------------------------------ */
/* m: the model of the right neighbour's word; w: this type's word (all ops on the right
 * neighbour's), checked there after a barrier against the model put beside it. */
#define AMO_EXT_OPS(TYPE, C)                                                               \
    f = shmem_atomic_swap(C w, (TYPE)(m + 1.5), right);                                   \
    OT_CHECK_EQ("shmem_atomic_swap" #C, tn, f, m);                                         \
    m = (TYPE)(m + 1.5);                                                                   \
    f = (TYPE)0;                                                                           \
    shmem_atomic_fetch_nbi(C &f, w, right);                                                \
    shmem_ctx_quiet(ctx);                                                                  \
    OT_CHECK_EQ("shmem_atomic_fetch_nbi" #C, tn, f, m);                                    \
    f = (TYPE)0;                                                                           \
    shmem_atomic_swap_nbi(C &f, w, (TYPE)(m + 3), right);                                  \
    shmem_ctx_quiet(ctx);                                                                  \
    OT_CHECK_EQ("shmem_atomic_swap_nbi" #C, tn, f, m);                                     \
    m = (TYPE)(m + 3);                                                                     \
    f = shmem_atomic_fetch(C (const TYPE *)w, right);                                      \
    OT_CHECK_EQ("shmem_atomic_fetch" #C " (const)", tn, f, m);

#define AMO_STD_OPS(TYPE, C)                                                               \
    f = shmem_atomic_compare_swap(C w, m, (TYPE)(m - 7), right);                           \
    OT_CHECK_EQ("shmem_atomic_compare_swap" #C, tn, f, m);                                 \
    m = (TYPE)(m - 7);                                                                     \
    f = shmem_atomic_fetch_inc(C w, right);                                                \
    OT_CHECK_EQ("shmem_atomic_fetch_inc" #C, tn, f, m);                                    \
    m = (TYPE)(m + 1);                                                                     \
    shmem_atomic_inc(C w, right);                                                          \
    m = (TYPE)(m + 1);                                                                     \
    f = shmem_atomic_fetch_add(C w, (TYPE)-3, right);                                     \
    OT_CHECK_EQ("shmem_atomic_fetch_add" #C, tn, f, m);                                    \
    m = (TYPE)(m - 3);                                                                     \
    shmem_atomic_add(C w, (TYPE)11, right);                                                \
    m = (TYPE)(m + 11);                                                                    \
    f = (TYPE)0;                                                                           \
    shmem_atomic_compare_swap_nbi(C &f, w, m, (TYPE)(m + 2), right);                       \
    shmem_ctx_quiet(ctx);                                                                  \
    OT_CHECK_EQ("shmem_atomic_compare_swap_nbi" #C, tn, f, m);                             \
    m = (TYPE)(m + 2);                                                                     \
    f = (TYPE)0;                                                                           \
    shmem_atomic_fetch_inc_nbi(C &f, w, right);                                            \
    shmem_ctx_quiet(ctx);                                                                  \
    OT_CHECK_EQ("shmem_atomic_fetch_inc_nbi" #C, tn, f, m);                                \
    m = (TYPE)(m + 1);                                                                     \
    f = (TYPE)0;                                                                           \
    shmem_atomic_fetch_add_nbi(C &f, w, (TYPE)100, right);                                 \
    shmem_ctx_quiet(ctx);                                                                  \
    OT_CHECK_EQ("shmem_atomic_fetch_add_nbi" #C, tn, f, m);                                \
    m = (TYPE)(m + 100);

#define AMO_BIT_OPS(TYPE, C)                                                               \
    f = shmem_atomic_fetch_and(C w, (TYPE)0x0FF0F, right);                                 \
    OT_CHECK_EQ("shmem_atomic_fetch_and" #C, tn, f, m);                                    \
    m = (TYPE)(m & 0x0FF0F);                                                               \
    shmem_atomic_and(C w, (TYPE)0x3F3F, right);                                            \
    m = (TYPE)(m & 0x3F3F);                                                                \
    f = shmem_atomic_fetch_or(C w, (TYPE)0x40000, right);                                  \
    OT_CHECK_EQ("shmem_atomic_fetch_or" #C, tn, f, m);                                     \
    m = (TYPE)(m | 0x40000);                                                               \
    shmem_atomic_or(C w, (TYPE)0x80, right);                                               \
    m = (TYPE)(m | 0x80);                                                                  \
    f = shmem_atomic_fetch_xor(C w, (TYPE)0x5A5A, right);                                  \
    OT_CHECK_EQ("shmem_atomic_fetch_xor" #C, tn, f, m);                                    \
    m = (TYPE)(m ^ 0x5A5A);                                                                \
    shmem_atomic_xor(C w, (TYPE)0x0101, right);                                            \
    m = (TYPE)(m ^ 0x0101);                                                                \
    f = (TYPE)0;                                                                           \
    shmem_atomic_fetch_and_nbi(C &f, w, (TYPE)0xFFFF, right);                              \
    shmem_ctx_quiet(ctx);                                                                  \
    OT_CHECK_EQ("shmem_atomic_fetch_and_nbi" #C, tn, f, m);                                \
    m = (TYPE)(m & 0xFFFF);                                                                \
    f = (TYPE)0;                                                                           \
    shmem_atomic_fetch_or_nbi(C &f, w, (TYPE)0x10000, right);                              \
    shmem_ctx_quiet(ctx);                                                                  \
    OT_CHECK_EQ("shmem_atomic_fetch_or_nbi" #C, tn, f, m);                                 \
    m = (TYPE)(m | 0x10000);                                                               \
    f = (TYPE)0;                                                                           \
    shmem_atomic_fetch_xor_nbi(C &f, w, (TYPE)0x3, right);                                 \
    shmem_ctx_quiet(ctx);                                                                  \
    OT_CHECK_EQ("shmem_atomic_fetch_xor_nbi" #C, tn, f, m);                                \
    m = (TYPE)(m ^ 0x3);

#define CTXARG ctx,
#define NOOPS(TYPE, C)
/* One type: set and fetch, then the families given, plain and with ctx. */
#define DEF_AMO(NAME, TYPE, OPS2, OPS3)                                                    \
    static TYPE a_w_##NAME[2];                                                             \
    static void amo_##NAME(shmem_ctx_t ctx, const char *tn)                                \
    {                                                                                      \
        TYPE *w = a_w_##NAME, f, m = (TYPE)(40 + ot_me + 0.5);                             \
        int right = ot_right();                                                            \
        ot_step("generic AMOs, %s", tn);                                                   \
        w[0] = w[1] = (TYPE)0;                                                             \
        shmem_barrier_all();                                                               \
        OT_CHECK("shmem_atomic_fetch", tn, IS_TYPE(shmem_atomic_fetch(w, right), TYPE),    \
                 "the result is not of the argument's type");                              \
        OT_CHECK("shmem_atomic_swap(ctx)", tn,                                             \
                 IS_TYPE(shmem_atomic_swap(ctx, w, (TYPE)1, right), TYPE),                 \
                 "the result is not of the argument's type");                              \
        shmem_atomic_set(w, m, right);                                                     \
        f = shmem_atomic_fetch(w, right);                                                  \
        OT_CHECK_EQ("shmem_atomic_set/fetch", tn, f, m);                                   \
        AMO_EXT_OPS(TYPE, )                                                                \
        OPS2(TYPE, )                                                                       \
        OPS3(TYPE, )                                                                       \
        shmem_atomic_set(ctx, w, (TYPE)(m + 1), right);                                    \
        m = (TYPE)(m + 1);                                                                 \
        f = shmem_atomic_fetch(ctx, w, right);                                             \
        OT_CHECK_EQ("shmem_atomic_set/fetch(ctx)", tn, f, m);                              \
        AMO_EXT_OPS(TYPE, CTXARG)                                                          \
        OPS2(TYPE, CTXARG)                                                                 \
        OPS3(TYPE, CTXARG)                                                                 \
        shmem_ctx_quiet(ctx);                                                              \
        shmem_##NAME##_p(&w[1], m, right);                                                 \
        shmem_barrier_all();                                                               \
        OT_CHECK_EQ("generic AMOs landed on the right PE", tn, w[0], w[1]);                \
        shmem_barrier_all();                                                               \
    }
/* Standard and bitwise: unsigned types; standard only: signed; extended only: floating. */
DEF_AMO(int, int, AMO_STD_OPS, NOOPS)
DEF_AMO(long, long, AMO_STD_OPS, NOOPS)
DEF_AMO(longlong, long long, AMO_STD_OPS, NOOPS)
DEF_AMO(uint, unsigned int, AMO_STD_OPS, AMO_BIT_OPS)
DEF_AMO(ulong, unsigned long, AMO_STD_OPS, AMO_BIT_OPS)
DEF_AMO(ulonglong, unsigned long long, AMO_STD_OPS, AMO_BIT_OPS)
DEF_AMO(float, float, NOOPS, NOOPS)
DEF_AMO(double, double, NOOPS, NOOPS)

/* Bitwise on int32_t and int64_t (int and long: only the bitwise table has them as such). */
#define DEF_AMO_BITONLY(NAME, TYPE)                                                        \
    static TYPE b_w_##NAME[2];                                                             \
    static void amobit_##NAME(shmem_ctx_t ctx, const char *tn)                             \
    {                                                                                      \
        TYPE *w = b_w_##NAME, f, m = (TYPE)(0x12345 + ot_me);                              \
        int right = ot_right();                                                            \
        ot_step("generic bitwise AMOs, %s", tn);                                           \
        w[0] = w[1] = 0;                                                                   \
        shmem_barrier_all();                                                               \
        shmem_atomic_set(w, m, right);                                                     \
        AMO_BIT_OPS(TYPE, )                                                                \
        AMO_BIT_OPS(TYPE, CTXARG)                                                          \
        shmem_ctx_quiet(ctx);                                                              \
        shmem_##NAME##_p(&w[1], m, right);                                                 \
        shmem_barrier_all();                                                               \
        OT_CHECK_EQ("generic bitwise AMOs landed on the right PE", tn, w[0], w[1]);        \
        shmem_barrier_all();                                                               \
    }
DEF_AMO_BITONLY(int32, int32_t)
DEF_AMO_BITONLY(int64, int64_t)

/* ---- point-to-point ---------------------------------------------------------------- */
#define DEF_P2P(NAME, TYPE)                                                                \
    static TYPE s_iv_##NAME[4];                                                            \
    static void p2p_##NAME(const char *tn)                                                 \
    {                                                                                      \
        TYPE *iv = s_iv_##NAME, loc[4] = { 1, 3, 1, 3 }, vals[4] = { 1, 2, 3, 4 };         \
        const int st[4] = { 0, 0, 0, 1 };                                                  \
        size_t idx[4], r;                                                                  \
        int right = ot_right();                                                            \
        ot_step("generic point-to-point, %s", tn);                                         \
        for (int i = 0; i < 4; i++)                                                        \
            iv[i] = (TYPE)0;                                                               \
        shmem_barrier_all();                                                               \
        OT_CHECK_EQ("shmem_test", tn, shmem_test(&loc[1], SHMEM_CMP_EQ, (TYPE)3), 1);      \
        OT_CHECK_EQ("shmem_test", tn, shmem_test(&loc[0], SHMEM_CMP_GT, (TYPE)3), 0);      \
        OT_CHECK_EQ("shmem_test_all", tn, shmem_test_all(loc, 4, NULL, SHMEM_CMP_GE, (TYPE)1), 1); \
        r = shmem_test_any(loc, 4, NULL, SHMEM_CMP_EQ, (TYPE)3);                           \
        OT_CHECK("shmem_test_any", tn, r == 1 || r == 3, "%zu", r);                        \
        r = shmem_test_some(loc, 4, idx, NULL, SHMEM_CMP_EQ, (TYPE)1);                     \
        OT_CHECK("shmem_test_some", tn, r == 2, "%zu", r);                                 \
        OT_CHECK_EQ("shmem_test_all_vector", tn,                                           \
                    shmem_test_all_vector(loc, 4, st, SHMEM_CMP_GE, vals), 0);             \
        r = shmem_test_any_vector(loc, 4, NULL, SHMEM_CMP_EQ, vals);                       \
        OT_CHECK("shmem_test_any_vector", tn, r == 0, "%zu", r);                           \
        r = shmem_test_some_vector(loc, 4, idx, NULL, SHMEM_CMP_LT, vals);                 \
        OT_CHECK("shmem_test_some_vector", tn, r == 2, "%zu", r);                          \
        /* The right neighbour's variables, written one at a time, waited for here. */    \
        shmem_p(&iv[0], (TYPE)1, right);                                                   \
        shmem_fence();                                                                     \
        shmem_p(&iv[1], (TYPE)2, right);                                                   \
        shmem_fence();                                                                     \
        shmem_p(&iv[2], (TYPE)3, right);                                                   \
        shmem_quiet();                                                                     \
        shmem_wait_until(&iv[0], SHMEM_CMP_EQ, (TYPE)1);                                   \
        OT_CHECK_EQ("shmem_wait_until", tn, *(volatile TYPE *)&iv[0], (TYPE)1);            \
        r = shmem_wait_until_any(iv, 4, NULL, SHMEM_CMP_GE, (TYPE)2);                      \
        OT_CHECK("shmem_wait_until_any", tn, r == 1 || r == 2, "%zu", r);                  \
        shmem_wait_until_all(iv, 4, st, SHMEM_CMP_NE, (TYPE)0);                            \
        r = shmem_wait_until_some(iv, 4, idx, st, SHMEM_CMP_GE, (TYPE)2);                  \
        OT_CHECK("shmem_wait_until_some", tn, r == 2, "%zu", r);                           \
        shmem_wait_until_all_vector(iv, 4, st, SHMEM_CMP_EQ, vals);                        \
        r = shmem_wait_until_any_vector(iv, 4, st, SHMEM_CMP_EQ, vals);                    \
        OT_CHECK("shmem_wait_until_any_vector", tn, r <= 2, "%zu", r);                     \
        r = shmem_wait_until_some_vector(iv, 4, idx, NULL, SHMEM_CMP_EQ, vals);            \
        OT_CHECK("shmem_wait_until_some_vector", tn, r == 3, "%zu", r);                    \
        shmem_barrier_all();                                                               \
    }
#define P2P_TYPES(X)                                                                       \
    X(short, short) X(int, int) X(long, long) X(longlong, long long)                       \
    X(ushort, unsigned short) X(uint, unsigned int) X(ulong, unsigned long)                \
    X(ulonglong, unsigned long long)
P2P_TYPES(DEF_P2P)

/* ---- collectives ------------------------------------------------------------------- */
#define CV(TYPE, t, i) ((TYPE)(((t) + 1) * 3 + (i)) / (TYPE)2)
#define DEF_COLL(NAME, TYPE)                                                               \
    static TYPE c_src_##NAME[MAXPE * N], c_bc_##NAME[N], c_fc_##NAME[MAXPE * N],           \
        c_aa_##NAME[MAXPE * N];                                                            \
    static void coll_##NAME(const char *tn)                                                \
    {                                                                                      \
        const int n = ot_npes, root = n - 1;                                               \
        ot_step("generic collectives, %s", tn);                                            \
        for (int i = 0; i < n * N; i++)                                                    \
            c_src_##NAME[i] = CV(TYPE, ot_me, i);                                          \
        shmem_barrier_all();                                                               \
        OT_CHECK_EQ("shmem_broadcast", tn,                                                 \
                    shmem_broadcast(SHMEM_TEAM_WORLD, c_bc_##NAME, c_src_##NAME, N, root), 0); \
        for (int i = 0; i < N; i++)                                                        \
            OT_CHECK_ELEM("shmem_broadcast", tn, i, c_bc_##NAME[i], CV(TYPE, root, i));    \
        OT_CHECK_EQ("shmem_fcollect", tn,                                                  \
                    shmem_fcollect(SHMEM_TEAM_WORLD, c_fc_##NAME, c_src_##NAME, N), 0);    \
        for (int i = 0; i < n * N; i++)                                                    \
            OT_CHECK_ELEM("shmem_fcollect", tn, i, c_fc_##NAME[i], CV(TYPE, i / N, i % N)); \
        OT_CHECK_EQ("shmem_alltoall", tn,                                                  \
                    shmem_alltoall(SHMEM_TEAM_WORLD, c_aa_##NAME, c_src_##NAME, N), 0);    \
        for (int i = 0; i < n * N; i++)                                                    \
            OT_CHECK_ELEM("shmem_alltoall", tn, i, c_aa_##NAME[i],                         \
                          CV(TYPE, i / N, ot_me * N + i % N));                             \
        shmem_barrier_all();                                                               \
    }
#define COLL_TYPES(X)                                                                      \
    X(char, char) X(int, int) X(long, long) X(ulonglong, unsigned long long)               \
    X(float, float) X(double, double) X(longdouble, long double)
COLL_TYPES(DEF_COLL)

/* Reductions: member t's element i is RED_V(TYPE, t, i); every operation the type has,
 * checked against the fold computed here. */
#define RED_V(TYPE, t, i) ((TYPE)(((t) + (i)) % 3 + 1))
#define BITS_CALLS(NAME)                                                                   \
    OT_CHECK_EQ("shmem_and_reduce", tn,                                                    \
                shmem_and_reduce(SHMEM_TEAM_WORLD, d_dst_##NAME[4], d_src_##NAME, N), 0);  \
    OT_CHECK_EQ("shmem_or_reduce", tn,                                                     \
                shmem_or_reduce(SHMEM_TEAM_WORLD, d_dst_##NAME[5], d_src_##NAME, N), 0);   \
    OT_CHECK_EQ("shmem_xor_reduce", tn,                                                    \
                shmem_xor_reduce(SHMEM_TEAM_WORLD, d_dst_##NAME[6], d_src_##NAME, N), 0);
#define BITS_CHECKS(NAME, TYPE)                                                            \
    for (int i = 0; i < N; i++) {                                                          \
        TYPE an, o, x;                                                                     \
        an = o = x = RED_V(TYPE, 0, i);                                                    \
        for (int t = 1; t < ot_npes; t++) {                                                \
            an = (TYPE)(an & RED_V(TYPE, t, i));                                           \
            o = (TYPE)(o | RED_V(TYPE, t, i));                                             \
            x = (TYPE)(x ^ RED_V(TYPE, t, i));                                             \
        }                                                                                  \
        OT_CHECK_ELEM("shmem_and_reduce", tn, i, d_dst_##NAME[4][i], an);                  \
        OT_CHECK_ELEM("shmem_or_reduce", tn, i, d_dst_##NAME[5][i], o);                    \
        OT_CHECK_ELEM("shmem_xor_reduce", tn, i, d_dst_##NAME[6][i], x);                   \
    }
#define NO_BITS_CALLS(NAME)
#define NO_BITS_CHECKS(NAME, TYPE)
#define DEF_REDUCE(NAME, TYPE, CALLS, CHECKS)                                              \
    static TYPE d_src_##NAME[N], d_dst_##NAME[7][N];                                       \
    static void reduce_##NAME(const char *tn)                                              \
    {                                                                                      \
        ot_step("generic reductions, %s", tn);                                             \
        for (int i = 0; i < N; i++)                                                        \
            d_src_##NAME[i] = RED_V(TYPE, ot_me, i);                                       \
        shmem_barrier_all();                                                               \
        OT_CHECK_EQ("shmem_sum_reduce", tn,                                                \
                    shmem_sum_reduce(SHMEM_TEAM_WORLD, d_dst_##NAME[0], d_src_##NAME, N), 0); \
        OT_CHECK_EQ("shmem_prod_reduce", tn,                                               \
                    shmem_prod_reduce(SHMEM_TEAM_WORLD, d_dst_##NAME[1], d_src_##NAME, N), 0); \
        OT_CHECK_EQ("shmem_max_reduce", tn,                                                \
                    shmem_max_reduce(SHMEM_TEAM_WORLD, d_dst_##NAME[2], d_src_##NAME, N), 0); \
        OT_CHECK_EQ("shmem_min_reduce", tn,                                                \
                    shmem_min_reduce(SHMEM_TEAM_WORLD, d_dst_##NAME[3], d_src_##NAME, N), 0); \
        CALLS(NAME)                                                                        \
        for (int i = 0; i < N; i++) {                                                      \
            TYPE sum, prod, mx, mn;                                                        \
            sum = prod = mx = mn = RED_V(TYPE, 0, i);                                      \
            for (int t = 1; t < ot_npes; t++) {                                            \
                TYPE v = RED_V(TYPE, t, i);                                                \
                sum = (TYPE)(sum + v);                                                     \
                prod = (TYPE)(prod * v);                                                   \
                mx = v > mx ? v : mx;                                                      \
                mn = v < mn ? v : mn;                                                      \
            }                                                                              \
            OT_CHECK_ELEM("shmem_sum_reduce", tn, i, d_dst_##NAME[0][i], sum);             \
            OT_CHECK_ELEM("shmem_prod_reduce", tn, i, d_dst_##NAME[1][i], prod);           \
            OT_CHECK_ELEM("shmem_max_reduce", tn, i, d_dst_##NAME[2][i], mx);              \
            OT_CHECK_ELEM("shmem_min_reduce", tn, i, d_dst_##NAME[3][i], mn);              \
        }                                                                                  \
        CHECKS(NAME, TYPE)                                                                 \
        shmem_barrier_all();                                                               \
    }
DEF_REDUCE(int, int, NO_BITS_CALLS, NO_BITS_CHECKS)
DEF_REDUCE(longlong, long long, NO_BITS_CALLS, NO_BITS_CHECKS)
DEF_REDUCE(schar, signed char, NO_BITS_CALLS, NO_BITS_CHECKS)
DEF_REDUCE(float, float, NO_BITS_CALLS, NO_BITS_CHECKS)
DEF_REDUCE(double, double, NO_BITS_CALLS, NO_BITS_CHECKS)
DEF_REDUCE(uchar, unsigned char, BITS_CALLS, BITS_CHECKS)
DEF_REDUCE(uint, unsigned int, BITS_CALLS, BITS_CHECKS)
DEF_REDUCE(ulong, unsigned long, BITS_CALLS, BITS_CHECKS)
DEF_REDUCE(int64, int64_t, BITS_CALLS, BITS_CHECKS)

int main(void)
{
    shmem_ctx_t ctx;

    ot_start("osh_generic");
    shmem_init();
    ot_begin(2);
    OT_CHECK_EQ("shmem_ctx_create", "0", shmem_ctx_create(0, &ctx), 0);

#define RUN_RMA(NAME, TYPE)                                                                \
    rma_##NAME(ctx, #TYPE ", created ctx");                                                \
    rma_##NAME(SHMEM_CTX_DEFAULT, #TYPE ", SHMEM_CTX_DEFAULT");
    RMA_TYPES(RUN_RMA)

    amo_int(ctx, "int, created ctx");
    amo_long(SHMEM_CTX_DEFAULT, "long, SHMEM_CTX_DEFAULT");
    amo_longlong(ctx, "long long, created ctx");
    amo_uint(ctx, "unsigned int, created ctx");
    amo_ulong(SHMEM_CTX_DEFAULT, "unsigned long, SHMEM_CTX_DEFAULT");
    amo_ulonglong(ctx, "unsigned long long, created ctx");
    amo_float(ctx, "float, created ctx");
    amo_double(SHMEM_CTX_DEFAULT, "double, SHMEM_CTX_DEFAULT");
    amobit_int32(ctx, "int32_t, created ctx");
    amobit_int64(SHMEM_CTX_DEFAULT, "int64_t, SHMEM_CTX_DEFAULT");

#define RUN_P2P(NAME, TYPE) p2p_##NAME(#TYPE);
    P2P_TYPES(RUN_P2P)
#define RUN_COLL(NAME, TYPE) coll_##NAME(#TYPE);
    COLL_TYPES(RUN_COLL)
    reduce_int("int");
    reduce_longlong("long long");
    reduce_schar("signed char");
    reduce_float("float");
    reduce_double("double");
    reduce_uchar("unsigned char");
    reduce_uint("unsigned int");
    reduce_ulong("unsigned long");
    reduce_int64("int64_t");

    shmem_ctx_destroy(ctx);
    return ot_end();
}
