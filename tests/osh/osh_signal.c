/* OpenSHMEM 1.5 chapter 9.8: put-with-signal, signal_fetch and signal_wait_until.
 *   - every form: typed put_signal and put_signal_nbi (long, int, short, char, double,
 *     float, long double, uint64_t), the SIZE forms (8 .. 128) and the mem form, each in
 *     plain and ctx_ form (a created context), with SHMEM_SIGNAL_SET and SHMEM_SIGNAL_ADD.
 *     Each case has its own signal word and data block on the receiver (the right
 *     neighbour); SET cases send one block with a value naming the sender and the case;
 *     ADD cases send the block in two halves, each adding to the signal, so the sum is
 *     reached only when both arrived. The receiver waits for every case with
 *     shmem_signal_wait_until (EQ), checks the value it returns, then the data, byte by
 *     byte (the data is ordered before its signal), and shmem_signal_fetch;
 *   - the comparisons of signal_wait_until: NE, GT, GE, LT, LE on words a neighbour sets
 *     (SET to a value that satisfies the comparison from a start that does not);
 *   - many to one: every PE sends its block to PE 0 with ADD 1 on one word; PE 0 waits
 *     for n_pes (GE) and checks every block;
 *   - ping-pong between PE 0 and PE 1 (ADD, the data naming the round), global objects. */
#include "osh_test.h"

#define NB 64                       /* bytes of data per case (whole elements of every size) */
#define MAXCASES 128
#define MAXPE 64
#define ROUNDS 20

typedef void (*send_fn)(shmem_ctx_t ctx, void *dest, const void *src, size_t nelems,
                        uint64_t *sig, uint64_t value, int op, int pe);

/* Wrappers with one signature for every form: the plain ones ignore ctx. */
#define W_TYPED(NAME, TYPE)                                                                \
    static void w_##NAME(shmem_ctx_t ctx, void *d, const void *s, size_t n, uint64_t *sig, \
                         uint64_t v, int op, int pe)                                       \
    { (void)ctx; shmem_##NAME##_put_signal(d, s, n, sig, v, op, pe); }                     \
    static void w_##NAME##_nbi(shmem_ctx_t ctx, void *d, const void *s, size_t n,          \
                               uint64_t *sig, uint64_t v, int op, int pe)                  \
    { (void)ctx; shmem_##NAME##_put_signal_nbi(d, s, n, sig, v, op, pe); }                 \
    static void w_ctx_##NAME(shmem_ctx_t ctx, void *d, const void *s, size_t n,            \
                             uint64_t *sig, uint64_t v, int op, int pe)                    \
    { shmem_ctx_##NAME##_put_signal(ctx, d, s, n, sig, v, op, pe); }                       \
    static void w_ctx_##NAME##_nbi(shmem_ctx_t ctx, void *d, const void *s, size_t n,      \
                                   uint64_t *sig, uint64_t v, int op, int pe)              \
    { shmem_ctx_##NAME##_put_signal_nbi(ctx, d, s, n, sig, v, op, pe); }
#define W_UNTYPED(NAME)                                                                    \
    static void w_##NAME(shmem_ctx_t ctx, void *d, const void *s, size_t n, uint64_t *sig, \
                         uint64_t v, int op, int pe)                                       \
    { (void)ctx; shmem_put##NAME##_signal(d, s, n, sig, v, op, pe); }                      \
    static void w_##NAME##_nbi(shmem_ctx_t ctx, void *d, const void *s, size_t n,          \
                               uint64_t *sig, uint64_t v, int op, int pe)                  \
    { (void)ctx; shmem_put##NAME##_signal_nbi(d, s, n, sig, v, op, pe); }                  \
    static void w_ctx_##NAME(shmem_ctx_t ctx, void *d, const void *s, size_t n,            \
                             uint64_t *sig, uint64_t v, int op, int pe)                    \
    { shmem_ctx_put##NAME##_signal(ctx, d, s, n, sig, v, op, pe); }                        \
    static void w_ctx_##NAME##_nbi(shmem_ctx_t ctx, void *d, const void *s, size_t n,      \
                                   uint64_t *sig, uint64_t v, int op, int pe)              \
    { shmem_ctx_put##NAME##_signal_nbi(ctx, d, s, n, sig, v, op, pe); }

#define SIG_TYPES(X)                                                                       \
    X(long, long) X(int, int) X(short, short) X(char, char) X(double, double)              \
    X(float, float) X(longdouble, long double) X(uint64, uint64_t)
SIG_TYPES(W_TYPED)
W_UNTYPED(8)
W_UNTYPED(16)
W_UNTYPED(32)
W_UNTYPED(64)
W_UNTYPED(128)
W_UNTYPED(mem)

struct form {
    const char *name;
    size_t size;        /* bytes per element */
    send_fn fn;
};
#define F_TYPED(NAME, TYPE)                                                                \
    { "shmem_" #NAME "_put_signal", sizeof(TYPE), w_##NAME },                              \
    { "shmem_" #NAME "_put_signal_nbi", sizeof(TYPE), w_##NAME##_nbi },                    \
    { "shmem_ctx_" #NAME "_put_signal", sizeof(TYPE), w_ctx_##NAME },                      \
    { "shmem_ctx_" #NAME "_put_signal_nbi", sizeof(TYPE), w_ctx_##NAME##_nbi },
#define F_UNTYPED(NAME, SIZE)                                                              \
    { "shmem_put" #NAME "_signal", SIZE, w_##NAME },                                       \
    { "shmem_put" #NAME "_signal_nbi", SIZE, w_##NAME##_nbi },                             \
    { "shmem_ctx_put" #NAME "_signal", SIZE, w_ctx_##NAME },                               \
    { "shmem_ctx_put" #NAME "_signal_nbi", SIZE, w_ctx_##NAME##_nbi },
static const struct form forms[] = {
    SIG_TYPES(F_TYPED)
    F_UNTYPED(8, 1) F_UNTYPED(16, 2) F_UNTYPED(32, 4) F_UNTYPED(64, 8) F_UNTYPED(128, 16)
    F_UNTYPED(mem, 1)
};
enum { NFORMS = sizeof(forms) / sizeof(forms[0]), NCASES = 2 * NFORMS };

static unsigned char pat(int pe, int c, size_t j)
{
    return (unsigned char)(pe * 29 + c * 11 + (int)(j * 7) + 3);
}

/* Case c: form c / 2, SET when c is even, ADD (in two halves) when odd. */
static uint64_t set_value(int sender, int c)
{
    return 0x5000u + (uint64_t)sender * 256 + (uint64_t)c;
}
static uint64_t add_value(int c) { return (uint64_t)c * 3 + 1; }

static void check_all_forms(shmem_ctx_t ctx, uint64_t *sig, unsigned char *data)
{
    _Alignas(16) unsigned char src[NB];
    int right = ot_right(), left = ot_left();

    ot_step("put_signal, every form");
    for (int c = 0; c < NCASES; c++) {
        sig[c] = 0;
        memset(data + (size_t)c * NB, 0, NB);
    }
    shmem_barrier_all();
    for (int c = 0; c < NCASES; c++) {
        const struct form *f = &forms[c / 2];
        size_t n = NB / f->size;
        unsigned char *d = data + (size_t)c * NB;

        for (size_t j = 0; j < NB; j++)
            src[j] = pat(ot_me, c, j);
        if (c % 2 == 0) {
            f->fn(ctx, d, src, n, &sig[c], set_value(ot_me, c), SHMEM_SIGNAL_SET, right);
        } else {
            size_t h = n / 2;
            f->fn(ctx, d, src, h, &sig[c], add_value(c), SHMEM_SIGNAL_ADD, right);
            f->fn(ctx, d + h * f->size, src + h * f->size, n - h, &sig[c], add_value(c),
                  SHMEM_SIGNAL_ADD, right);
        }
        /* The source may be reused once a blocking form returns; _nbi ones need a quiet. */
        shmem_ctx_quiet(ctx);
        shmem_quiet();
    }
    for (int c = 0; c < NCASES; c++) {
        const struct form *f = &forms[c / 2];
        uint64_t want = c % 2 == 0 ? set_value(left, c) : 2 * add_value(c), got;
        const unsigned char *d = data + (size_t)c * NB;

        ot_step("%s (%s): shmem_signal_wait_until", f->name, c % 2 ? "ADD" : "SET");
        got = shmem_signal_wait_until(&sig[c], SHMEM_CMP_EQ, want);
        OT_CHECK(f->name, c % 2 ? "SHMEM_SIGNAL_ADD: value returned by signal_wait_until"
                                : "SHMEM_SIGNAL_SET: value returned by signal_wait_until",
                 got == want, "expected 0x%llx, got 0x%llx", (unsigned long long)want,
                 (unsigned long long)got);
        for (size_t j = 0; j < NB; j++)
            OT_CHECK(f->name, c % 2 ? "SHMEM_SIGNAL_ADD: data before signal"
                                    : "SHMEM_SIGNAL_SET: data before signal",
                     d[j] == pat(left, c, j), "byte %zu: expected 0x%02x, got 0x%02x", j,
                     pat(left, c, j), d[j]);
        OT_CHECK("shmem_signal_fetch", f->name, shmem_signal_fetch(&sig[c]) == want,
                 "expected 0x%llx, got 0x%llx", (unsigned long long)want,
                 (unsigned long long)shmem_signal_fetch(&sig[c]));
    }
    shmem_barrier_all();
}

/* signal_wait_until with each comparison: word i starts at start[i] (not satisfying), the
 * left neighbour SETs it to fin[i] (satisfying) with a put of one long. */
static void check_comparisons(uint64_t *sig, long *data)
{
    const int cmp[] = { SHMEM_CMP_NE, SHMEM_CMP_GT, SHMEM_CMP_GE, SHMEM_CMP_LT, SHMEM_CMP_LE,
                        SHMEM_CMP_EQ };
    const char *cname[] = { "NE", "GT", "GE", "LT", "LE", "EQ" };
    const uint64_t start[] = { 7, 10, 10, 100, 100, 0 }, value[] = { 7, 20, 30, 50, 40, 9 },
                   fin[] = { 8, 21, 30, 49, 40, 9 };
    enum { NCMP = sizeof(cmp) / sizeof(cmp[0]) };
    int right = ot_right(), left = ot_left();

    ot_step("signal_wait_until comparisons");
    for (int i = 0; i < NCMP; i++) {
        sig[i] = start[i];
        data[i] = -1;
    }
    shmem_barrier_all();
    for (int i = 0; i < NCMP; i++) {
        long v = 1000L * ot_me + i;
        /* Sleep a little first half of the time, so that some waits really wait. */
        if (i % 2 == 0)
            ot_sleep_ms(5);
        shmem_long_put_signal(&data[i], &v, 1, &sig[i], fin[i], SHMEM_SIGNAL_SET, right);
    }
    for (int i = 0; i < NCMP; i++) {
        uint64_t got;
        ot_step("signal_wait_until %s %llu", cname[i], (unsigned long long)value[i]);
        got = shmem_signal_wait_until(&sig[i], cmp[i], value[i]);
        OT_CHECK("shmem_signal_wait_until", cname[i], got == fin[i],
                 "returned %llu, the only satisfying value is %llu", (unsigned long long)got,
                 (unsigned long long)fin[i]);
        OT_CHECK_EQ("shmem_long_put_signal", cname[i], data[i], 1000L * left + i);
    }
    shmem_barrier_all();
}

static long g_slots[MAXPE];
static uint64_t g_count;

static void check_many_to_one(void)
{
    long v = 777L + ot_me;

    ot_step("many to one, ADD");
    g_count = 0;
    for (int i = 0; i < MAXPE; i++)
        g_slots[i] = -1;
    shmem_barrier_all();
    shmem_long_put_signal_nbi(&g_slots[ot_me], &v, 1, &g_count, 1, SHMEM_SIGNAL_ADD, 0);
    shmem_quiet();
    if (ot_me == 0) {
        uint64_t got = shmem_signal_wait_until(&g_count, SHMEM_CMP_GE, (uint64_t)ot_npes);
        OT_CHECK_EQ("shmem_signal_wait_until", "GE n_pes", got, (uint64_t)ot_npes);
        for (int i = 0; i < ot_npes; i++)
            OT_CHECK_ELEM("shmem_long_put_signal_nbi", "many to one, global", i, g_slots[i],
                          777L + i);
    }
    shmem_barrier_all();
}

static long g_ping[ROUNDS], g_pong[ROUNDS];
static uint64_t g_ping_sig, g_pong_sig;

static void check_ping_pong(void)
{
    ot_step("ping-pong");
    g_ping_sig = g_pong_sig = 0;
    shmem_barrier_all();
    for (int r = 1; r <= ROUNDS && ot_me < 2; r++) {
        long v = 100L * r + ot_me;
        if (ot_me == 0) {
            shmem_long_put_signal(&g_ping[r - 1], &v, 1, &g_ping_sig, 1, SHMEM_SIGNAL_ADD, 1);
            OT_CHECK_EQ("shmem_signal_wait_until", "pong",
                        shmem_signal_wait_until(&g_pong_sig, SHMEM_CMP_GE, (uint64_t)r),
                        (uint64_t)r);
            OT_CHECK_EQ("shmem_long_put_signal", "pong data", g_pong[r - 1], 100L * r + 1);
        } else {
            OT_CHECK_EQ("shmem_signal_wait_until", "ping",
                        shmem_signal_wait_until(&g_ping_sig, SHMEM_CMP_GE, (uint64_t)r),
                        (uint64_t)r);
            OT_CHECK_EQ("shmem_long_put_signal", "ping data", g_ping[r - 1], 100L * r);
            shmem_long_put_signal(&g_pong[r - 1], &v, 1, &g_pong_sig, 1, SHMEM_SIGNAL_ADD, 0);
        }
    }
    shmem_barrier_all();
}

int main(void)
{
    shmem_ctx_t ctx;
    uint64_t *sig;
    unsigned char *data;

    ot_start("osh_signal");
    shmem_init();
    ot_begin(2);
    OT_CHECK("forms", "table", NCASES <= MAXCASES, "%d cases", NCASES);
    sig = shmem_calloc(MAXCASES, sizeof(uint64_t));
    data = shmem_align(16, (size_t)MAXCASES * NB);
    OT_CHECK("shmem_calloc/shmem_align", "buffers", sig && data, "NULL");
    OT_CHECK_EQ("shmem_ctx_create", "0", shmem_ctx_create(0, &ctx), 0);

    check_all_forms(ctx, sig, data);
    check_comparisons(sig, (long *)data);
    check_many_to_one();
    check_ping_pong();

    shmem_ctx_destroy(ctx);
    shmem_free(data);
    shmem_free(sig);
    return ot_end();
}
