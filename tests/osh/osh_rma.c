/* OpenSHMEM 1.5 chapter 9.6: remote memory access. Every PE works on its right
 * neighbour's objects and checks what its left neighbour did to its own, each element
 * against the value the writer gave it, and the elements around the ones written against
 * a sentinel (nothing written past the end or between strided elements):
 *   - typed forms, for every type of the standard RMA table (long double included):
 *     put, get, p, g, put_nbi, get_nbi (then quiet), iput and iget with strides 3 and 2
 *     (and 2 and 3), a put of zero elements; then each of them in its ctx_ form through
 *     a context of shmem_ctx_create and through SHMEM_CTX_DEFAULT. The remote objects are
 *     in the symmetric heap and in global (static, file-scope) arrays;
 *   - long double values that double cannot hold (1 + k * LDBL_EPSILON) survive put, p,
 *     g, get and iput;
 *   - the SIZE forms (8, 16, 32, 64, 128 bits) and the mem form: put, get, put_nbi,
 *     get_nbi, iput and iget (SIZE only), plain and ctx_, on heap and global buffers, a
 *     byte pattern checked byte by byte (so an element of the wrong width shows). */
#include "osh_test.h"

#include <float.h>

#define N 24                 /* elements per contiguous transfer */
#define SPAN (3 * N)         /* room for the strided ones */
#define NS (N / 3)           /* elements per strided transfer */

/* The value PE pe writes at index i in case c: small enough for every type, exact in
 * every floating type. */
#define VAL(TYPE, pe, c, i) ((TYPE)((((pe) * 37 + (c) * 11 + (i) * 3 + 1) % 101)))
#define SENT(TYPE) ((TYPE)113)

static int rma_case;

/* The standard RMA types (Table 5), all of them. */
#define OSH_RMA_TYPES(X)                                                                   \
    X(float, float) X(double, double) X(longdouble, long double) X(char, char)             \
    X(schar, signed char) X(short, short) X(int, int) X(long, long)                        \
    X(longlong, long long) X(uchar, unsigned char) X(ushort, unsigned short)               \
    X(uint, unsigned int) X(ulong, unsigned long) X(ulonglong, unsigned long long)         \
    X(int8, int8_t) X(int16, int16_t) X(int32, int32_t) X(int64, int64_t)                  \
    X(uint8, uint8_t) X(uint16, uint16_t) X(uint32, uint32_t) X(uint64, uint64_t)          \
    X(size, size_t) X(ptrdiff, ptrdiff_t)

/* The body of one round for one type, in plain form (P and C empty) or ctx_ form (P ctx_,
 * C CTXARG): ctx is in scope either way (SHMEM_CTX_DEFAULT for the plain form). */
#define CTXARG ctx,
#define RMA_BODY(NAME, TYPE, P, C)                                                         \
    int right = ot_right(), left = ot_left(), c = ++rma_case;                              \
    TYPE ls[SPAN], lb[SPAN], g;                                                            \
                                                                                           \
    ot_step("%s: put/get", tn);                                                            \
    for (int i = 0; i < SPAN; i++) {                                                       \
        src[i] = VAL(TYPE, ot_me, c, i);                                                   \
        dst[i] = SENT(TYPE);                                                               \
        ls[i] = VAL(TYPE, ot_me, c + 1000, i);                                             \
    }                                                                                      \
    shmem_barrier_all();                                                                   \
    shmem_##P##NAME##_put(C dst, ls, N, right);                                            \
    shmem_##P##NAME##_put(C dst + N, ls, 0, right);                                        \
    shmem_ctx_quiet(ctx);                                                                  \
    shmem_barrier_all();                                                                   \
    for (int i = 0; i < SPAN; i++)                                                         \
        OT_CHECK_ELEM("shmem_" #P #NAME "_put", tn, i, dst[i],                             \
                      i < N ? VAL(TYPE, left, c + 1000, i) : SENT(TYPE));                  \
    for (int i = 0; i < SPAN; i++)                                                         \
        lb[i] = SENT(TYPE);                                                                \
    shmem_##P##NAME##_get(C lb, src, N, right);                                            \
    shmem_##P##NAME##_get(C lb + N, src, 0, right);                                        \
    for (int i = 0; i < SPAN; i++)                                                         \
        OT_CHECK_ELEM("shmem_" #P #NAME "_get", tn, i, lb[i],                              \
                      i < N ? VAL(TYPE, right, c, i) : SENT(TYPE));                        \
                                                                                           \
    ot_step("%s: p/g", tn);                                                                \
    shmem_barrier_all(); /* every PE has checked its dst */                                \
    shmem_##P##NAME##_p(C &dst[N + 1], VAL(TYPE, ot_me, c + 2000, 0), right);              \
    shmem_ctx_quiet(ctx);                                                                  \
    shmem_barrier_all();                                                                   \
    OT_CHECK_EQ("shmem_" #P #NAME "_p", tn, dst[N + 1], VAL(TYPE, left, c + 2000, 0));     \
    OT_CHECK_EQ("shmem_" #P #NAME "_p", tn, dst[N], SENT(TYPE));                           \
    OT_CHECK_EQ("shmem_" #P #NAME "_p", tn, dst[N + 2], SENT(TYPE));                       \
    g = shmem_##P##NAME##_g(C &src[N - 1], right);                                         \
    OT_CHECK_EQ("shmem_" #P #NAME "_g", tn, g, VAL(TYPE, right, c, N - 1));                \
                                                                                           \
    ot_step("%s: put_nbi/get_nbi", tn);                                                    \
    for (int i = 0; i < SPAN; i++)                                                         \
        dst[i] = lb[i] = SENT(TYPE);                                                       \
    shmem_barrier_all();                                                                   \
    shmem_##P##NAME##_put_nbi(C dst + 1, ls + 2, N, right);                                \
    shmem_##P##NAME##_get_nbi(C lb + 2, src + 1, N, right);                                \
    shmem_ctx_quiet(ctx);                                                                  \
    for (int i = 0; i < SPAN; i++)                                                         \
        OT_CHECK_ELEM("shmem_" #P #NAME "_get_nbi", tn, i, lb[i],                          \
                      i >= 2 && i < N + 2 ? VAL(TYPE, right, c, i - 1) : SENT(TYPE));      \
    shmem_barrier_all();                                                                   \
    for (int i = 0; i < SPAN; i++)                                                         \
        OT_CHECK_ELEM("shmem_" #P #NAME "_put_nbi", tn, i, dst[i],                         \
                      i >= 1 && i < N + 1 ? VAL(TYPE, left, c + 1000, i + 1) : SENT(TYPE)); \
                                                                                           \
    ot_step("%s: iput/iget", tn);                                                          \
    for (int i = 0; i < SPAN; i++)                                                         \
        dst[i] = lb[i] = SENT(TYPE);                                                       \
    shmem_barrier_all();                                                                   \
    shmem_##P##NAME##_iput(C dst, ls, 3, 2, NS, right);                                    \
    shmem_ctx_quiet(ctx);                                                                  \
    shmem_barrier_all();                                                                   \
    for (int i = 0; i < SPAN; i++)                                                         \
        OT_CHECK_ELEM("shmem_" #P #NAME "_iput", tn, i, dst[i],                            \
                      i % 3 == 0 && i / 3 < NS ? VAL(TYPE, left, c + 1000, 2 * (i / 3))    \
                                               : SENT(TYPE));                              \
    shmem_##P##NAME##_iget(C lb, src, 2, 3, NS, right);                                    \
    for (int i = 0; i < SPAN; i++)                                                         \
        OT_CHECK_ELEM("shmem_" #P #NAME "_iget", tn, i, lb[i],                             \
                      i % 2 == 0 && i / 2 < NS ? VAL(TYPE, right, c, 3 * (i / 2))          \
                                               : SENT(TYPE));                              \
    /* Strides of 1 are the contiguous case. */                                           \
    for (int i = 0; i < SPAN; i++)                                                         \
        lb[i] = SENT(TYPE);                                                                \
    shmem_##P##NAME##_iget(C lb, src, 1, 1, NS, right);                                    \
    for (int i = 0; i < SPAN; i++)                                                         \
        OT_CHECK_ELEM("shmem_" #P #NAME "_iget", tn, i, lb[i],                             \
                      i < NS ? VAL(TYPE, right, c, i) : SENT(TYPE));                       \
    shmem_barrier_all();

#define DEF_RMA(NAME, TYPE)                                                                \
    static TYPE g_dst_##NAME[SPAN], g_src_##NAME[SPAN];                                    \
    static void rma_##NAME(TYPE *dst, TYPE *src, const char *tn)                           \
    {                                                                                      \
        shmem_ctx_t ctx = SHMEM_CTX_DEFAULT;                                               \
        RMA_BODY(NAME, TYPE, , )                                                           \
    }                                                                                      \
    static void rma_ctx_##NAME(shmem_ctx_t ctx, TYPE *dst, TYPE *src, const char *tn)      \
    {                                                                                      \
        RMA_BODY(NAME, TYPE, ctx_, CTXARG)                                                 \
    }                                                                                      \
    static void run_##NAME(void *heap, shmem_ctx_t ctx)                                    \
    {                                                                                      \
        TYPE *hd = heap, *hs = hd + SPAN;                                                  \
        rma_##NAME(hd, hs, #NAME ", heap");                                                \
        rma_##NAME(g_dst_##NAME, g_src_##NAME, #NAME ", global");                          \
        rma_ctx_##NAME(ctx, hd, hs, #NAME ", heap, created ctx");                          \
        rma_ctx_##NAME(ctx, g_dst_##NAME, g_src_##NAME, #NAME ", global, created ctx");    \
        rma_ctx_##NAME(SHMEM_CTX_DEFAULT, hd, hs, #NAME ", heap, SHMEM_CTX_DEFAULT");      \
        rma_ctx_##NAME(SHMEM_CTX_DEFAULT, g_dst_##NAME, g_src_##NAME,                      \
                       #NAME ", global, SHMEM_CTX_DEFAULT");                               \
    }
OSH_RMA_TYPES(DEF_RMA)

/* long double values beyond double's precision: every significant bit must travel. */
static long double g_ld[N];

static void check_longdouble_precision(long double *heap)
{
    long double ls[N], lb[N];
    int right = ot_right(), left = ot_left();
    long double *where[2] = { heap, g_ld };

    for (int w = 0; w < 2; w++) {
        long double *d = where[w];
        const char *tn = w ? "long double 1+k*LDBL_EPSILON, global"
                           : "long double 1+k*LDBL_EPSILON, heap";
        ot_step("%s", tn);
        for (int i = 0; i < N; i++) {
            ls[i] = 1.0L + (long double)(ot_me * N + i + 1) * LDBL_EPSILON;
            d[i] = 0;
        }
        OT_CHECK("long double", tn, (double)ls[0] != ls[0] || LDBL_MANT_DIG <= DBL_MANT_DIG,
                 "test values must not fit a double");
        shmem_barrier_all();
        shmem_longdouble_put(d, ls, N / 2, right);
        for (int i = N / 2; i < N; i++)
            shmem_longdouble_p(&d[i], ls[i], right);
        shmem_barrier_all();
        for (int i = 0; i < N; i++)
            OT_CHECK_ELEM(i < N / 2 ? "shmem_longdouble_put" : "shmem_longdouble_p", tn, i,
                          d[i], 1.0L + (long double)(left * N + i + 1) * LDBL_EPSILON);
        for (int i = 0; i < N; i++)
            OT_CHECK_ELEM("shmem_longdouble_g", tn, i, shmem_longdouble_g(&d[i], right),
                          1.0L + (long double)(ot_me * N + i + 1) * LDBL_EPSILON);
        memset(lb, 0, sizeof(lb));
        shmem_longdouble_get(lb, d, N, right);
        for (int i = 0; i < N; i++)
            OT_CHECK_ELEM("shmem_longdouble_get", tn, i, lb[i],
                          1.0L + (long double)(ot_me * N + i + 1) * LDBL_EPSILON);
        shmem_barrier_all();
        for (int i = 0; i < N; i++)
            d[i] = 0;
        shmem_barrier_all();
        shmem_longdouble_iput(d, ls, 2, 3, N / 3, right);
        shmem_barrier_all();
        for (int i = 0; i < N; i++)
            OT_CHECK_ELEM("shmem_longdouble_iput", tn, i, d[i],
                          i % 2 == 0 && i / 2 < N / 3
                              ? 1.0L + (long double)(left * N + 3 * (i / 2) + 1) * LDBL_EPSILON
                              : 0.0L);
        shmem_barrier_all();
    }
}

/* The SIZE and mem forms, by table. */
typedef void (*rma_fn)(void *, const void *, size_t, int);
typedef void (*ctx_rma_fn)(shmem_ctx_t, void *, const void *, size_t, int);
typedef void (*strided_fn)(void *, const void *, ptrdiff_t, ptrdiff_t, size_t, int);
typedef void (*ctx_strided_fn)(shmem_ctx_t, void *, const void *, ptrdiff_t, ptrdiff_t, size_t,
                               int);
struct sized {
    const char *name;
    size_t bytes;
    rma_fn put, get, put_nbi, get_nbi;
    strided_fn iput, iget;
    ctx_rma_fn ctx_put, ctx_get, ctx_put_nbi, ctx_get_nbi;
    ctx_strided_fn ctx_iput, ctx_iget;
};
#define SIZED(B)                                                                           \
    { #B, (B) / 8, shmem_put##B, shmem_get##B, shmem_put##B##_nbi, shmem_get##B##_nbi,     \
      shmem_iput##B, shmem_iget##B, shmem_ctx_put##B, shmem_ctx_get##B,                    \
      shmem_ctx_put##B##_nbi, shmem_ctx_get##B##_nbi, shmem_ctx_iput##B, shmem_ctx_iget##B }
static const struct sized sized[] = {
    SIZED(8), SIZED(16), SIZED(32), SIZED(64), SIZED(128),
    { "mem", 1, shmem_putmem, shmem_getmem, shmem_putmem_nbi, shmem_getmem_nbi, NULL, NULL,
      shmem_ctx_putmem, shmem_ctx_getmem, shmem_ctx_putmem_nbi, shmem_ctx_getmem_nbi, NULL,
      NULL },
};

#define SZ_ELEMS 7                       /* elements per contiguous transfer */
#define SZ_SPAN (3 * SZ_ELEMS * 16)      /* bytes: room for 3 * SZ_ELEMS 128-bit elements */
static _Alignas(16) unsigned char g_bdst[SZ_SPAN], g_bsrc[SZ_SPAN];

static unsigned char pat(int pe, int c, size_t j)
{
    return (unsigned char)(pe * 53 + c * 7 + (int)(j * 13) + 5);
}
#define BSENT 0xEE

/* Byte j of the buffer, expected: the writer's pattern byte, or the sentinel. */
static void check_bytes(const char *op, const char *tn, const unsigned char *buf,
                        const unsigned char *want)
{
    for (size_t j = 0; j < SZ_SPAN; j++)
        OT_CHECK(op, tn, buf[j] == want[j], "byte %zu: expected 0x%02x, got 0x%02x", j, want[j],
                 buf[j]);
}

static void sized_round(const struct sized *z, int use_ctx, shmem_ctx_t ctx, unsigned char *dst,
                        unsigned char *src, const char *where)
{
    unsigned char ls[SZ_SPAN], lb[SZ_SPAN], want[SZ_SPAN];
    const size_t e = z->bytes, n = z->bytes == 1 ? SZ_ELEMS * 16 : SZ_ELEMS;
    const size_t ns = n / 3;
    int right = ot_right(), left = ot_left(), c = ++rma_case;
    char tn[96], op[64];
    shmem_ctx_t q = use_ctx ? ctx : SHMEM_CTX_DEFAULT;

    snprintf(tn, sizeof(tn), "%s%s, %s%s", z->name, e == 1 ? " (bytes)" : "-bit elements",
             where,
             use_ctx ? (ctx == SHMEM_CTX_DEFAULT ? ", SHMEM_CTX_DEFAULT" : ", created ctx") : "");
#define OPNAME(what, suffix)                                                               \
    (snprintf(op, sizeof(op), "shmem_%s%s%s%s", use_ctx ? "ctx_" : "", what, z->name, suffix), op)
    ot_step("%s: put/get", tn);
    for (size_t j = 0; j < SZ_SPAN; j++) {
        src[j] = pat(ot_me, c, j);
        ls[j] = pat(ot_me, c + 1000, j);
        dst[j] = lb[j] = BSENT;
    }
    shmem_barrier_all();
    if (use_ctx)
        z->ctx_put(ctx, dst, ls, n, right);
    else
        z->put(dst, ls, n, right);
    shmem_ctx_quiet(q);
    shmem_barrier_all();
    for (size_t j = 0; j < SZ_SPAN; j++)
        want[j] = j < n * e ? pat(left, c + 1000, j) : BSENT;
    check_bytes(OPNAME("put", ""), tn, dst, want);
    if (use_ctx)
        z->ctx_get(ctx, lb, src, n, right);
    else
        z->get(lb, src, n, right);
    for (size_t j = 0; j < SZ_SPAN; j++)
        want[j] = j < n * e ? pat(right, c, j) : BSENT;
    check_bytes(OPNAME("get", ""), tn, lb, want);

    ot_step("%s: put_nbi/get_nbi", tn);
    for (size_t j = 0; j < SZ_SPAN; j++)
        dst[j] = lb[j] = BSENT;
    shmem_barrier_all();
    /* One element in: dest + e, source + 2e. */
    if (use_ctx) {
        z->ctx_put_nbi(ctx, dst + e, ls + 2 * e, n, right);
        z->ctx_get_nbi(ctx, lb + e, src + 2 * e, n, right);
    } else {
        z->put_nbi(dst + e, ls + 2 * e, n, right);
        z->get_nbi(lb + e, src + 2 * e, n, right);
    }
    shmem_ctx_quiet(q);
    for (size_t j = 0; j < SZ_SPAN; j++)
        want[j] = j >= e && j < (n + 1) * e ? pat(right, c, j + e) : BSENT;
    check_bytes(OPNAME("get", "_nbi"), tn, lb, want);
    shmem_barrier_all();
    for (size_t j = 0; j < SZ_SPAN; j++)
        want[j] = j >= e && j < (n + 1) * e ? pat(left, c + 1000, j + e) : BSENT;
    check_bytes(OPNAME("put", "_nbi"), tn, dst, want);

    if (z->iput) {
        ot_step("%s: iput/iget", tn);
        for (size_t j = 0; j < SZ_SPAN; j++)
            dst[j] = lb[j] = BSENT;
        shmem_barrier_all();
        if (use_ctx) {
            z->ctx_iput(ctx, dst, ls, 3, 2, ns, right);
            z->ctx_iget(ctx, lb, src, 2, 3, ns, right);
        } else {
            z->iput(dst, ls, 3, 2, ns, right);
            z->iget(lb, src, 2, 3, ns, right);
        }
        shmem_ctx_quiet(q);
        /* iget: element 2k of lb is element 3k of the right neighbour's src. */
        for (size_t j = 0; j < SZ_SPAN; j++) {
            size_t el = j / e, b = j % e;
            want[j] = el % 2 == 0 && el / 2 < ns ? pat(right, c, (el / 2 * 3) * e + b) : BSENT;
        }
        check_bytes(OPNAME("iget", ""), tn, lb, want);
        shmem_barrier_all();
        for (size_t j = 0; j < SZ_SPAN; j++) {
            size_t el = j / e, b = j % e;
            want[j] = el % 3 == 0 && el / 3 < ns ? pat(left, c + 1000, (el / 3 * 2) * e + b)
                                                 : BSENT;
        }
        check_bytes(OPNAME("iput", ""), tn, dst, want);
    }
    shmem_barrier_all();
#undef OPNAME
}

int main(void)
{
    void *heap;
    unsigned char *hb;
    shmem_ctx_t ctx;

    ot_start("osh_rma");
    shmem_init();
    ot_begin(2);
    heap = shmem_malloc(2 * SPAN * 16);
    hb = shmem_malloc(2 * SZ_SPAN);
    OT_CHECK("shmem_malloc", "buffers", heap && hb, "NULL");
    OT_CHECK_EQ("shmem_ctx_create", "0", shmem_ctx_create(0, &ctx), 0);

#define RUN(NAME, TYPE) run_##NAME(heap, ctx);
    OSH_RMA_TYPES(RUN)
#undef RUN
    check_longdouble_precision(heap);

    for (size_t k = 0; k < sizeof(sized) / sizeof(sized[0]); k++) {
        const struct sized *z = &sized[k];
        sized_round(z, 0, SHMEM_CTX_DEFAULT, hb, hb + SZ_SPAN, "heap");
        sized_round(z, 0, SHMEM_CTX_DEFAULT, g_bdst, g_bsrc, "global");
        sized_round(z, 1, ctx, hb, hb + SZ_SPAN, "heap");
        sized_round(z, 1, ctx, g_bdst, g_bsrc, "global");
        sized_round(z, 1, SHMEM_CTX_DEFAULT, g_bdst, g_bsrc, "global");
    }

    shmem_ctx_destroy(ctx);
    shmem_free(hb);
    shmem_free(heap);
    return ot_end();
}
