/* RMA across PEs: putmem/getmem (blocking and _nbi) at sizes around the boundaries a
 * transport cares about, and typed put/get/put_nbi/get_nbi/p/g for every RMA type, each
 * through the plain names, the ctx_ names with ROCSHMEM_CTX_DEFAULT and a created
 * context. Every PE puts to its right neighbour and to itself and gets from its left
 * neighbour and itself, so results never depend on timing, only on the barriers.
 * Zero-length calls, with NULL pointers too, do nothing and log no error, except that
 * a put-with-signal still delivers its signal. */
#include "ro_test.h"

#include <stdint.h>

#define MAX_BYTES ((16u << 20) + 3)   /* largest transfer: 16 MiB + 3 */
#define GUARD     8      /* canary bytes checked on both sides of each transfer */
#define CANARY    0x5a
#define BUF_BYTES (MAX_BYTES + 7 + 2 * GUARD)  /* destination offsets go up to 7 */

/* Which names a test calls: the plain ones, or the ctx_ ones with `ctx`. */
struct variant {
    const char *name;
    int use_ctx;
    rocshmem_ctx_t ctx;
};

/* One expansion per call site picks the plain or the ctx_ name of the same operation. */
#define RMA(v, STEM, ...)                                                                  \
    ((v)->use_ctx ? rocshmem_ctx_##STEM((v)->ctx, __VA_ARGS__) : rocshmem_##STEM(__VA_ARGS__))

static void quiet(const struct variant *v)
{
    if (v->use_ctx)
        rocshmem_ctx_quiet(v->ctx);
    else
        rocshmem_quiet();
}

static int me, npes, left, right;
static uint8_t *sym_src, *sym_dst, *sym_self;   /* symmetric, BUF_BYTES each */
static uint8_t *priv_get;                       /* private: a get's destination may be */
static int npg;                                 /* elements moved by single-element p and g */
static uint64_t *sym_sig;                        /* signal word of the zero-length puts */

/* Depends on the writing PE, the transfer size, the byte offset and the step (salt), so
 * a stale or misplaced byte from any earlier transfer is caught. */
static uint8_t pattern(int pe, size_t size, size_t off, unsigned salt)
{
    uint32_t x = (uint32_t)off * 2654435761u ^ (uint32_t)size * 40503u ^ (uint32_t)pe * 977u ^
                 salt * 7919u;
    return (uint8_t)(off + (x >> 13));
}

static void fill(uint8_t *buf, int pe, size_t size, unsigned salt)
{
    for (size_t i = 0; i < size; i++)
        buf[i] = pattern(pe, size, i, salt);
}

/* buf holds GUARD canary bytes, then `size` bytes of pe's pattern at offset `doff` from
 * the data start, then GUARD canary bytes. */
static void check_bytes(const char *op, const struct variant *v, const uint8_t *buf, size_t doff,
                        int pe, size_t size, unsigned salt)
{
    const uint8_t *data = buf + GUARD + doff;
    for (size_t i = 0; i < size; i++)
        if (data[i] != pattern(pe, size, i, salt))
            RT_FAIL(op, v->name, "size %zu from PE %d: byte %zu is 0x%02x, expected 0x%02x", size,
                    pe, i, data[i], pattern(pe, size, i, salt));
    for (size_t i = 0; i < GUARD; i++)
        if (data[-1 - (ptrdiff_t)i] != CANARY || data[size + i] != CANARY)
            RT_FAIL(op, v->name, "size %zu from PE %d: wrote outside [0, %zu)", size, pe, size);
    RT_COUNT(1);
}

static void reset(uint8_t *buf, size_t doff, size_t size)
{
    memset(buf, CANARY, 2 * GUARD + doff + size);
}

/* put to right and to self; a blocking put's source is scribbled over at once, which
 * only passes if the library really was done with it. */
static void test_putmem(const struct variant *v, size_t size, int nbi)
{
    const char *op = nbi ? "putmem_nbi" : "putmem";
    size_t doff = size & 7;    /* odd destination offsets too */
    unsigned salt = 2u * (unsigned)size + (unsigned)nbi;

    rt_step("%s size %zu via %s", op, size, v->name);
    fill(sym_src, me, size, salt);
    reset(sym_dst, doff, size);
    reset(sym_self, doff, size);
    rocshmem_barrier_all();
    if (nbi) {
        RMA(v, putmem_nbi, sym_dst + GUARD + doff, sym_src, size, right);
        RMA(v, putmem_nbi, sym_self + GUARD + doff, sym_src, size, me);
        quiet(v);
    } else {
        RMA(v, putmem, sym_dst + GUARD + doff, sym_src, size, right);
        RMA(v, putmem, sym_self + GUARD + doff, sym_src, size, me);
        memset(sym_src, 0xff, size);
    }
    rocshmem_barrier_all();
    check_bytes(op, v, sym_dst, doff, left, size, salt);
    check_bytes(op, v, sym_self, doff, me, size, salt);
}

/* get from left into private memory and from self into symmetric memory. */
static void test_getmem(const struct variant *v, size_t size, int nbi)
{
    const char *op = nbi ? "getmem_nbi" : "getmem";
    size_t doff = (size + 3) & 7;
    unsigned salt = 2u * (unsigned)size + (unsigned)nbi + 1000u;

    rt_step("%s size %zu via %s", op, size, v->name);
    fill(sym_src, me, size, salt);
    reset(priv_get, doff, size);
    reset(sym_self, doff, size);
    rocshmem_barrier_all();
    if (nbi) {
        RMA(v, getmem_nbi, priv_get + GUARD + doff, sym_src, size, left);
        RMA(v, getmem_nbi, sym_self + GUARD + doff, sym_src, size, me);
        quiet(v);
    } else {
        RMA(v, getmem, priv_get + GUARD + doff, sym_src, size, left);
        RMA(v, getmem, sym_self + GUARD + doff, sym_src, size, me);
    }
    check_bytes(op, v, priv_get, doff, left, size, salt);
    check_bytes(op, v, sym_self, doff, me, size, salt);
    /* Peers may still be reading sym_src. */
    rocshmem_barrier_all();
}

/* ---- typed RMA --------------------------------------------------------------------- */
#define NEL 17                     /* odd on purpose */
#define AREA (NEL + 1)             /* elements plus one canary */
#define TCANARY 99                 /* above every TV value, exact in every type */
/* Small non-negative values: exact in every type, char and float included. */
#define TV(TYPE, pe, i, salt) ((TYPE)(((pe) * 17 + (i) * 3 + (salt) * 29) % 97))

/* Remote-written areas alternate between two slots, so a right neighbour's next step
 * never overwrites the slot this PE is still checking: one barrier per step suffices.
 * Source arrays are written once per type, before the first barrier, and only read. */
#define DEF_TYPED(NAME, TYPE, KIND)                                                        \
    /* The first `nnew` elements carry `salt`, the rest still `old_salt`. */               \
    static void check_area_##NAME(const char *op, const struct variant *v, const TYPE *a,  \
                                  int pe, int salt, int nnew, int old_salt)                \
    {                                                                                      \
        char what[128];                                                                    \
        snprintf(what, sizeof(what), "%s_%s via %s from PE %d", #NAME, op, v->name, pe);   \
        for (int i = 0; i < NEL; i++)                                                      \
            RT_CHECK_EQ(what, #TYPE, a[i], TV(TYPE, pe, i, i < nnew ? salt : old_salt));   \
        RT_CHECK_EQ(what, #TYPE " (canary after the last element)", a[NEL], (TYPE)TCANARY); \
    }                                                                                      \
    static void typed_##NAME(const struct variant *v)                                      \
    {                                                                                      \
        TYPE *src = (TYPE *)sym_src, *dst = (TYPE *)sym_dst, *self = (TYPE *)sym_self;     \
        TYPE loc[AREA], loc_self[AREA];                                                    \
        rt_step("typed %s via %s", #NAME, v->name);                                        \
        for (int salt = 1; salt <= 6; salt++)                                              \
            for (int i = 0; i < NEL; i++)                                                  \
                src[salt * NEL + i] = TV(TYPE, me, i, salt);                               \
        for (int i = 0; i < 2 * AREA; i++)                                                 \
            dst[i] = self[i] = (TYPE)TCANARY;                                              \
        rocshmem_barrier_all();                                                            \
                                                                                           \
        RMA(v, NAME##_put, dst, src + 1 * NEL, NEL, right);                                \
        RMA(v, NAME##_put, self, src + 1 * NEL, NEL, me);                                  \
        rocshmem_barrier_all();                                                            \
        check_area_##NAME("put", v, dst, left, 1, NEL, 0);                                 \
        check_area_##NAME("put", v, self, me, 1, NEL, 0);                                  \
                                                                                           \
        RMA(v, NAME##_put_nbi, dst + AREA, src + 2 * NEL, NEL, right);                     \
        RMA(v, NAME##_put_nbi, self + AREA, src + 2 * NEL, NEL, me);                       \
        quiet(v);                                                                          \
        rocshmem_barrier_all();                                                            \
        check_area_##NAME("put_nbi", v, dst + AREA, left, 2, NEL, 0);                      \
        check_area_##NAME("put_nbi", v, self + AREA, me, 2, NEL, 0);                       \
                                                                                           \
        for (int i = 0; i < npg; i++) {                                                    \
            RMA(v, NAME##_p, &dst[i], TV(TYPE, me, i, 3), right);                          \
            RMA(v, NAME##_p, &self[i], TV(TYPE, me, i, 3), me);                            \
        }                                                                                  \
        /* A barrier completes the default context's operations only (OpenSHMEM 1.5). */   \
        quiet(v);                                                                          \
        rocshmem_barrier_all();                                                            \
        check_area_##NAME("p", v, dst, left, 3, npg, 1);                                   \
        check_area_##NAME("p", v, self, me, 3, npg, 1);                                    \
                                                                                           \
        loc[NEL] = loc_self[NEL] = (TYPE)TCANARY;                                          \
        RMA(v, NAME##_get, loc, src + 4 * NEL, NEL, left);                                 \
        RMA(v, NAME##_get, loc_self, src + 4 * NEL, NEL, me);                              \
        check_area_##NAME("get", v, loc, left, 4, NEL, 0);                                 \
        check_area_##NAME("get", v, loc_self, me, 4, NEL, 0);                              \
        RMA(v, NAME##_get_nbi, loc, src + 5 * NEL, NEL, left);                             \
        RMA(v, NAME##_get_nbi, loc_self, src + 5 * NEL, NEL, me);                          \
        quiet(v);                                                                          \
        check_area_##NAME("get_nbi", v, loc, left, 5, NEL, 0);                             \
        check_area_##NAME("get_nbi", v, loc_self, me, 5, NEL, 0);                          \
        for (int i = 0; i < npg; i++) {                                                    \
            loc[i] = RMA(v, NAME##_g, &src[6 * NEL + i], left);                            \
            loc_self[i] = RMA(v, NAME##_g, &src[6 * NEL + i], me);                         \
        }                                                                                  \
        check_area_##NAME("g", v, loc, left, 6, npg, 5);                                   \
        check_area_##NAME("g", v, loc_self, me, 6, npg, 5);                                \
        /* Peers may still be reading src. */                                              \
        rocshmem_barrier_all();                                                            \
    }
ROCSHMEM_FOR_RMA_TYPES(DEF_TYPED)
#undef DEF_TYPED

/* ---- zero-length transfers ------------------------------------------------------------ */
/* While zero-length calls run, stderr goes to a temporary file, so the test sees whether
 * the library logged an error for them. */
static int stderr_saved = -1;
static FILE *stderr_file;

static void stderr_capture(void)
{
    fflush(stderr);
    stderr_file = tmpfile();
    stderr_saved = dup(STDERR_FILENO);
    RT_CHECK("tmpfile/dup (test setup)", "-", stderr_file && stderr_saved >= 0,
             "cannot capture stderr");
    RT_CHECK("dup2 (test setup)", "-", dup2(fileno(stderr_file), STDERR_FILENO) >= 0,
             "cannot capture stderr");
}

/* Restores stderr, passes on what was captured (into buf as well). */
static void stderr_release(char *buf, size_t len)
{
    size_t n;

    fflush(stderr);
    dup2(stderr_saved, STDERR_FILENO);
    close(stderr_saved);
    rewind(stderr_file);
    n = fread(buf, 1, len - 1, stderr_file);
    buf[n] = '\0';
    fclose(stderr_file);
    fputs(buf, stderr);
}

/* OpenSHMEM: a transfer of zero elements has no effect and its pointers need not point
 * anywhere; a put-with-signal of zero elements still updates the signal. Each call goes
 * to the right neighbour (and gets from the left one), NULL and valid addresses alike;
 * every signal update adds 1, so the count checks that each one arrived exactly once. */
static void test_zero_length(const struct variant *v)
{
    uint8_t *d = sym_dst + GUARD;
    uint64_t adds = 0;
    char log[4096];

    rt_step("zero-length transfers via %s", v->name);
    reset(sym_dst, 0, 64);
    reset(priv_get, 0, 64);
    *sym_sig = 0;
    rocshmem_barrier_all();
    stderr_capture();
    RMA(v, putmem, NULL, NULL, 0, right);
    RMA(v, getmem, NULL, NULL, 0, left);
    RMA(v, putmem_nbi, NULL, NULL, 0, right);
    RMA(v, getmem_nbi, NULL, NULL, 0, left);
    RMA(v, putmem_wg, NULL, NULL, 0, right);
    RMA(v, getmem_wave, NULL, NULL, 0, left);
    RMA(v, putmem, d, priv_get, 0, right);
    RMA(v, getmem, priv_get + GUARD, d, 0, left);
    RMA(v, putmem_signal, NULL, NULL, 0, sym_sig, 1, ROCSHMEM_SIGNAL_ADD, right), adds++;
    RMA(v, putmem_signal_nbi, NULL, NULL, 0, sym_sig, 1, ROCSHMEM_SIGNAL_ADD, right), adds++;
    RMA(v, putmem_signal_wg, NULL, NULL, 0, sym_sig, 1, ROCSHMEM_SIGNAL_ADD, right), adds++;
    RMA(v, putmem_signal, d, priv_get, 0, sym_sig, 1, ROCSHMEM_SIGNAL_ADD, right), adds++;
#define ZERO_TYPED(NAME, TYPE, KIND)                                                       \
    RMA(v, NAME##_put, NULL, NULL, 0, right);                                              \
    RMA(v, NAME##_get, NULL, NULL, 0, left);                                               \
    RMA(v, NAME##_put_nbi, NULL, NULL, 0, right);                                          \
    RMA(v, NAME##_get_nbi, NULL, NULL, 0, left);                                           \
    RMA(v, NAME##_put_wave, (TYPE *)d, (const TYPE *)priv_get, 0, right);                  \
    RMA(v, NAME##_put_signal_nbi, NULL, NULL, 0, sym_sig, 1, ROCSHMEM_SIGNAL_ADD, right), adds++;
    ROCSHMEM_FOR_RMA_TYPES(ZERO_TYPED)
#undef ZERO_TYPED
    quiet(v);
    stderr_release(log, sizeof(log));
    RT_CHECK("zero-length transfers (nothing logged at error level)", "-",
             !strstr(log, "] error "), "the library logged:\n%s", log);
    rocshmem_barrier_all();
    for (size_t k = 0; k < 64; k++) {
        RT_CHECK_EQ("zero-length puts (destination untouched)", "uint8", sym_dst[k], CANARY);
        RT_CHECK_EQ("zero-length gets (destination untouched)", "uint8", priv_get[k], CANARY);
    }
    RT_CHECK_EQ("zero-length put-with-signal (each signal delivered once)", "uint64", *sym_sig,
                adds);
    rocshmem_barrier_all();   /* every PE has read its count before the set below lands */
    RMA(v, putmem_signal, NULL, NULL, 0, sym_sig, 1000, ROCSHMEM_SIGNAL_SET, right);
    quiet(v);
    rocshmem_barrier_all();
    RT_CHECK_EQ("zero-length put-with-signal (SIGNAL_SET)", "uint64", *sym_sig, 1000);
    rocshmem_barrier_all();
}

/* More single-element puts than a context's ring holds (ROCSHMEM_RO_RING_SIZE, 4096 by
 * default) without a quiet between them: the issuing PE must wait for ring space, not
 * overwrite descriptors still in flight. */
static void test_ring_overflow(long count)
{
    uint64_t *slots = (uint64_t *)sym_dst;

    rt_step("%ld uint64_p and putmem_nbi without quiet", count);
    memset(slots, 0, 2 * (size_t)count * sizeof(uint64_t));
    rocshmem_barrier_all();
    for (long i = 0; i < count; i++) {
        uint64_t v = (uint64_t)i * 1000003u + (uint64_t)me;
        rocshmem_uint64_p(&slots[i], v, right);
        /* The source of an _nbi put must stay untouched until quiet: use the symmetric
         * source buffer, one word per put. */
        ((uint64_t *)sym_src)[i] = v + 1;
        rocshmem_putmem_nbi(&slots[count + i], &((uint64_t *)sym_src)[i], sizeof(uint64_t), right);
    }
    rocshmem_barrier_all();
    for (long i = 0; i < count; i++) {
        uint64_t v = (uint64_t)i * 1000003u + (uint64_t)left;
        RT_CHECK_EQ("uint64_p without quiet (ring overflow)", "uint64", slots[i], v);
        RT_CHECK_EQ("putmem_nbi without quiet (ring overflow)", "uint64", slots[count + i], v + 1);
    }
    rocshmem_barrier_all();
}

/* all_sizes == 0 runs a few sizes only: the ctx_ names on a slow provider. The 16 MiB
 * transfer runs with the plain names only, and not on a slow provider. */
static void run_variant(const struct variant *v, int all_sizes)
{
    static const size_t sizes[] = {
        0, 1, 7, 8, 64, 65, 4096, 65536 + 3, (1u << 20) + 5, MAX_BYTES
    };

    for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
        if (!all_sizes && sizes[i] != 7 && sizes[i] != 65536 + 3)
            continue;
        if (sizes[i] == MAX_BYTES && (v->use_ctx || rt_slow()))
            continue;
        for (int nbi = 0; nbi <= 1; nbi++) {
            test_putmem(v, sizes[i], nbi);
            test_getmem(v, sizes[i], nbi);
        }
    }
    test_zero_length(v);
#define RUN_TYPED(NAME, TYPE, KIND) typed_##NAME(v);
    ROCSHMEM_FOR_RMA_TYPES(RUN_TYPED)
#undef RUN_TYPED
}

int main(void)
{
    struct variant vars[3] = {
        { "plain names", 0, ROCSHMEM_CTX_INVALID },
        { "ctx_ names with ROCSHMEM_CTX_DEFAULT", 1, ROCSHMEM_CTX_INVALID },
        { "ctx_ names with a created context", 1, ROCSHMEM_CTX_INVALID },
    };

    rocshmem_init();
    rt_begin("func_rma", 2);
    me = rocshmem_my_pe();
    npes = rocshmem_n_pes();
    right = (me + 1) % npes;
    left = (me + npes - 1) % npes;
    /* Each g is a round trip: a slow provider moves only a few elements that way. */
    npg = rt_slow() ? 3 : NEL;

    rt_step("allocation");
    sym_src = rocshmem_malloc(BUF_BYTES);
    sym_dst = rocshmem_malloc(BUF_BYTES);
    sym_self = rocshmem_malloc(BUF_BYTES);
    sym_sig = rocshmem_calloc(1, sizeof(uint64_t));
    priv_get = malloc(BUF_BYTES);
    RT_CHECK("rocshmem_malloc", "uint8", sym_src && sym_dst && sym_self && sym_sig && priv_get,
             "3 x %u bytes and a signal word: got NULL", BUF_BYTES);

    vars[1].ctx = ROCSHMEM_CTX_DEFAULT;
    RT_CHECK("rocshmem_ctx_create", "-", rocshmem_ctx_create(0, &vars[2].ctx) == ROCSHMEM_SUCCESS,
             "returned an error");
    /* On a slow provider the ctx_ names with ROCSHMEM_CTX_DEFAULT add nothing that the
     * created context does not cover, and they run at a few sizes only. */
    run_variant(&vars[0], 1);
    if (!rt_slow())
        run_variant(&vars[1], 1);
    run_variant(&vars[2], !rt_slow());
    test_ring_overflow(rt_iters(3 * 4096 + 5, 50));
    rocshmem_ctx_destroy(vars[2].ctx);

    rocshmem_free(sym_sig);
    rocshmem_free(sym_self);
    rocshmem_free(sym_dst);
    rocshmem_free(sym_src);
    free(priv_get);
    return rt_end();
}
