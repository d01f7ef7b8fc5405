/* Two-process test of src/ofi alone: forks into PE 0 and PE 1, swaps endpoint names and heap
 * keys over a socketpair (ofi_fork.h), and drives put, get and every AMO through ro_ofi
 * against the other PE, natively and with emulation, checking every value exactly. Both PEs
 * keep calling ro_ofi_progress while they wait, as the proxy would: targets must progress.
 * Usage: ofi_pair [-q] [provider]   (-q: fewer sizes and repetitions, for slow providers)
 * Exit 0 when every check passed, 1 otherwise. */
#include "config.h"
#include "ofi/ro_ofi.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/ro_log.h"
#include "ofi_fork.h"

#define HEAP_LEN      (1u << 20)
#define PUT_REGION    (256u << 10)              /* per initiator: [pe * 256K, +256K) */
#define GET_REGION    (512u << 10)              /* filled by the owner, read by the peer */
#define AMO_REGION    (768u << 10)              /* per initiator: 4K of AMO slots */
#define BURST_OFF     (896u << 10)              /* per initiator: 32K of small puts */
#define HOT_SLOT      (HEAP_LEN - 64)           /* on PE 0: both PEs add here */
#define FRAG_TEST     3000                    /* fragment size forced in the second round */
#define MAX_FAILS     20                        /* failures printed in full */

struct pair {
    struct ofi_fork f;      /* first: the report hook gets it back as a pair */
    bool quick;
    const char *prov_arg;   /* provider to ask for; NULL: FI_PROVIDER or the first that fits */
    char prov[64];          /* for messages: the provider opened, or as asked for */
    const char *mode;       /* "native" or "emulated", for messages */
    int round;
    unsigned char *heap;
    int failures;
};

static void fail(struct pair *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void fail(struct pair *p, const char *fmt, ...)
{
    va_list ap;

    if (++p->failures > MAX_FAILS)
        return;
    fprintf(stderr, "FAIL provider %s pe %d round %d (%s): ", p->prov, p->f.pe, p->round,
            p->mode);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "\n");
}

/* Fatal errors from ofi_fork.h count and print as failures of this pair. */
static void report(struct ofi_fork *f, const char *msg)
{
    fail((struct pair *)f, "%s", msg);
}

static void die(struct pair *p, const char *what)
{
    ofi_fork_die(&p->f, "%s", what);
}

static void wait_done(struct pair *p, const char *what)
{
    ofi_fork_wait_done(&p->f, what);
}

static void check_rc(struct pair *p, int rc, const char *what)
{
    ofi_fork_check(&p->f, rc, what);
}

static void xchg(struct pair *p, const void *mine, void *theirs, size_t len)
{
    ofi_fork_xchg(&p->f, mine, theirs, len);
}

static void barrier(struct pair *p)
{
    ofi_fork_barrier(&p->f);
}

static unsigned char pattern(int pe, int round, size_t salt, size_t i)
{
    return (unsigned char)(i * 131 + salt * 7 + (size_t)pe * 17 + (size_t)round * 29 + 1);
}

/* Reports the first byte that differs from the pattern, if any. */
static void check_bytes(struct pair *p, const unsigned char *got, int pe, size_t salt,
                        size_t len, const char *what)
{
    for (size_t i = 0; i < len; i++)
        if (got[i] != pattern(pe, p->round, salt, i)) {
            fail(p, "%s of %zu bytes: byte %zu expected 0x%02x got 0x%02x", what, len, i,
                 pattern(pe, p->round, salt, i), got[i]);
            return;
        }
}

/* Sizes around every inject size seen here (tcp 64, sockets 255, shm 4096), the forced
 * fragment size, and up to a whole put region. */
static const size_t put_sizes[] = {
    1, 2, 3, 7, 8, 9, 16, 63, 64, 65, 100, 254, 255, 256, 257, 1000, 2999, 3000, 3001,
    4095, 4096, 4097, 6001, 9000, 65536, 100003, PUT_REGION - 8,
};
static const size_t put_sizes_quick[] = { 1, 8, 64, 65, 256, 2999, 3001, 4097, 9000, 65536 };

static void sizes_of(const struct pair *p, const size_t **sizes, size_t *n)
{
    *sizes = p->quick ? put_sizes_quick : put_sizes;
    *n = p->quick ? sizeof(put_sizes_quick) / sizeof(put_sizes_quick[0])
                  : sizeof(put_sizes) / sizeof(put_sizes[0]);
}

/* Put each size to the peer, wait, read it back with get; the last one is also checked in
 * the target's own memory after a barrier (completion must mean it is there). */
static void test_put(struct pair *p, unsigned char *src, unsigned char *dst)
{
    const size_t *sizes;
    size_t n, last = 0;

    sizes_of(p, &sizes, &n);
    for (size_t k = 0; k < n; k++) {
        size_t len = sizes[k], roff = (size_t)p->f.pe * PUT_REGION + (len & 7);
        for (size_t i = 0; i < len; i++)
            src[i] = pattern(p->f.pe, p->round, len, i);
        memset(dst, 0, len);
        check_rc(p, ro_ofi_put(p->f.o, p->f.peer, roff, src, len, &p->f), "ro_ofi_put");
        wait_done(p, "put");
        check_rc(p, ro_ofi_get(p->f.o, p->f.peer, roff, dst, len, &p->f), "ro_ofi_get");
        wait_done(p, "get after put");
        check_bytes(p, dst, p->f.pe, len, len, "put then get back");
        last = len;
    }
    barrier(p);
    check_bytes(p, p->heap + (size_t)p->f.peer * PUT_REGION + (last & 7), p->f.peer, last, last,
                "put seen in the target's memory");
}

/* Many small puts in flight at once (exercises -FI_EAGAIN and the counters), then one get. */
static void test_burst(struct pair *p, unsigned char *src, unsigned char *dst)
{
    const size_t nput = p->quick ? 256 : 4096, len = 8;
    const size_t base = BURST_OFF + (size_t)p->f.pe * 64 * 1024;

    for (size_t i = 0; i < nput * len; i++)
        src[i] = pattern(p->f.pe, p->round, 8, i);
    for (size_t k = 0; k < nput; k++)
        check_rc(p, ro_ofi_put(p->f.o, p->f.peer, base + k * len, src + k * len, len, &p->f),
                 "ro_ofi_put (burst)");
    wait_done(p, "burst of puts");
    check_rc(p, ro_ofi_get(p->f.o, p->f.peer, base, dst, nput * len, &p->f), "ro_ofi_get (burst)");
    wait_done(p, "get after burst");
    check_bytes(p, dst, p->f.pe, 8, nput * len, "burst of 8-byte puts then get back");
    barrier(p);
    check_bytes(p, p->heap + BURST_OFF + (size_t)p->f.peer * 64 * 1024, p->f.peer, 8,
                nput * len, "burst seen in the target's memory");
}

/* Completion must mean the data is in the target's memory, not merely sent. Puts of a large
 * block, then adds, each alone (nothing behind them that would flush a queue on its way),
 * are waited for by the initiator, and the target looks at its memory right after a
 * barrier. */
static void test_visible(struct pair *p, unsigned char *src)
{
    const int reps = p->quick ? 2 : 20;
    const size_t len = PUT_REGION - 8;
    const uint64_t one = 1, slot = AMO_REGION + (uint64_t)p->f.pe * 4096 + 64;
    const unsigned char *word = p->heap + AMO_REGION + (size_t)p->f.peer * 4096 + 64;
    uint64_t got;

    memset(p->heap + AMO_REGION + (size_t)p->f.peer * 4096 + 64, 0, 8);
    barrier(p);
    for (int rep = 0; rep < 2 * reps; rep++) {
        /* Alternately large (fi_write) and small (fi_inject_write where offered). */
        size_t n = rep % 2 ? 8 : len;
        for (size_t i = 0; i < n; i++)
            src[i] = pattern(p->f.pe, p->round, 1000 + (size_t)rep, i);
        check_rc(p, ro_ofi_put(p->f.o, p->f.peer, (size_t)p->f.pe * PUT_REGION, src, n, &p->f),
                 "ro_ofi_put (visible)");
        wait_done(p, "put (visible)");
        barrier(p);
        check_bytes(p, p->heap + (size_t)p->f.peer * PUT_REGION, p->f.peer, 1000 + (size_t)rep,
                    n, "completed put in the target's memory");
        barrier(p);
    }
    for (uint64_t rep = 1; rep <= (uint64_t)reps; rep++) {
        check_rc(p, ro_ofi_amo(p->f.o, p->f.peer, slot, RO_DT_UINT64, RO_AMO_SUM, &one, &p->f),
                 "ro_ofi_amo (visible)");
        wait_done(p, "add (visible)");
        barrier(p);
        memcpy(&got, word, 8);
        if (got != rep)
            fail(p, "completed add not in the target's memory: expected %" PRIu64 " got %"
                 PRIu64, rep, got);
        barrier(p);
    }
}

/* The owner fills its get region; the peer reads pieces of every size. */
static void test_get(struct pair *p, unsigned char *dst)
{
    const size_t *sizes;
    size_t n;

    for (size_t i = 0; i < PUT_REGION; i++)
        p->heap[GET_REGION + i] = pattern(p->f.pe, p->round, 99, i);
    barrier(p);
    sizes_of(p, &sizes, &n);
    for (size_t k = 0; k < n; k++) {
        size_t len = sizes[k];
        memset(dst, 0, len);
        check_rc(p, ro_ofi_get(p->f.o, p->f.peer, GET_REGION, dst, len, &p->f), "ro_ofi_get");
        wait_done(p, "get");
        check_bytes(p, dst, p->f.peer, 99, len, "get");
    }
    barrier(p);
}

/* AMO cases, one per datatype: an initial value near the top of the range so SUM wraps, and
 * an operand with mixed bits for the bitwise ops. */
union val {
    int8_t i8; uint8_t u8; int16_t i16; uint16_t u16; int32_t i32; uint32_t u32;
    int64_t i64; uint64_t u64; float f; double d; unsigned char b[8];
};

#define AMO_TYPES(X)                                                                      \
    X(RO_DT_INT8, int8_t, uint8_t, i8, 120, 0x5a, "%d")                                   \
    X(RO_DT_UINT8, uint8_t, uint8_t, u8, 250, 0xa5, "%u")                                 \
    X(RO_DT_INT16, int16_t, uint16_t, i16, 32760, 0x5a5a, "%d")                           \
    X(RO_DT_UINT16, uint16_t, uint16_t, u16, 65530, 0xa5a5, "%u")                         \
    X(RO_DT_INT32, int32_t, uint32_t, i32, INT32_MAX - 1, 0x5a5a5a5a, "%" PRId32)         \
    X(RO_DT_UINT32, uint32_t, uint32_t, u32, UINT32_MAX - 2, 0xa5a5a5a5u, "%" PRIu32)     \
    X(RO_DT_INT64, int64_t, uint64_t, i64, INT64_MAX - 1, 0x5a5a5a5a5a5a5a5a, "%" PRId64) \
    X(RO_DT_UINT64, uint64_t, uint64_t, u64, UINT64_MAX - 2, 0xa5a5a5a5a5a5a5a5u,         \
      "%" PRIu64)                                                                         \
    X(RO_DT_FLOAT, float, float, f, 1.5f, 2.25f, "%g")                                    \
    X(RO_DT_DOUBLE, double, double, d, 1e10, 0.5, "%.17g")

/* Expected memory after `op`, written as plain C on the type (SUM through the unsigned type,
 * so signed wraparound is defined), independent of the library's bit-pattern code. */
#define DEF_EXPECT(DT, T, UT, M, INIT, ARG, FMT)                                          \
    static union val expect_##M(enum ro_amo_op op, union val old, union val arg)         \
    {                                                                                     \
        union val r = old;                                                                \
        uint64_t a = 0, b = 0, c;                                                         \
        memcpy(&a, &old.M, sizeof(T));                                                    \
        memcpy(&b, &arg.M, sizeof(T));                                                    \
        c = op == RO_AMO_BAND ? a & b : op == RO_AMO_BOR ? a | b : a ^ b;                 \
        switch (op) {                                                                     \
        case RO_AMO_SUM: r.M = (T)((UT)old.M + (UT)arg.M); break;                         \
        case RO_AMO_BAND: case RO_AMO_BOR: case RO_AMO_BXOR:                              \
            memcpy(&r.M, &c, sizeof(T)); break;                                           \
        case RO_AMO_WRITE: r.M = arg.M; break;                                            \
        default: break;                                                                   \
        }                                                                                 \
        return r;                                                                         \
    }                                                                                     \
    static void show_##M(union val v, char *buf, size_t len)                              \
    {                                                                                     \
        snprintf(buf, len, FMT, v.M);                                                     \
    }
AMO_TYPES(DEF_EXPECT)
#undef DEF_EXPECT

static const struct amo_type {
    enum ro_dt dt;
    union val init, arg;
    union val (*expect)(enum ro_amo_op, union val, union val);
    void (*show)(union val, char *, size_t);
} amo_types[] = {
#define ROW(DT, T, UT, M, INIT, ARG, FMT) \
    { DT, { .M = INIT }, { .M = ARG }, expect_##M, show_##M },
    AMO_TYPES(ROW)
#undef ROW
};

static bool is_float(enum ro_dt dt)
{
    return dt == RO_DT_FLOAT || dt == RO_DT_DOUBLE;
}

static void check_val(struct pair *p, const struct amo_type *t, const char *what,
                      enum ro_amo_op op, const char *which, union val want, union val got)
{
    char w[64], g[64];

    if (memcmp(&want, &got, ro_dt_size(t->dt)) == 0)
        return;
    t->show(want, w, sizeof(w));
    t->show(got, g, sizeof(g));
    fail(p, "amo %s %s on %s: %s expected %s got %s", what, ro_amo_names[op],
         ro_dt_names[t->dt], which, w, g);
}

/* One AMO against the peer's slot: set it to init, run the op, read the slot back, and
 * check memory and (fetching forms) the fetched value, which is always the old value. */
static void amo_one(struct pair *p, const struct amo_type *t, enum ro_amo_op op, bool fetch,
                    bool hit, uint64_t slot)
{
    const size_t size = ro_dt_size(t->dt);
    union val mem = { .u64 = 0 }, res = { .u64 = ~0ull }, cmp = t->init, want;
    const char *what = fetch ? (op == RO_AMO_CSWAP ? (hit ? "fetch(hit)" : "fetch(miss)")
                                                    : "fetch") : "non-fetch";

    check_rc(p, ro_ofi_put(p->f.o, p->f.peer, slot, &t->init, size, &p->f), "ro_ofi_put (amo init)");
    wait_done(p, "amo init");
    if (!hit)
        cmp.b[0] ^= 1;
    if (fetch)
        check_rc(p, ro_ofi_amo_fetch(p->f.o, p->f.peer, slot, t->dt, op, &t->arg, &cmp, &res, &p->f),
                 "ro_ofi_amo_fetch");
    else
        check_rc(p, ro_ofi_amo(p->f.o, p->f.peer, slot, t->dt, op, &t->arg, &p->f), "ro_ofi_amo");
    wait_done(p, "amo");
    check_rc(p, ro_ofi_get(p->f.o, p->f.peer, slot, &mem, size, &p->f), "ro_ofi_get (amo result)");
    wait_done(p, "get after amo");
    if (op == RO_AMO_CSWAP)
        want = hit ? t->arg : t->init;
    else
        want = t->expect(op, t->init, t->arg);
    check_val(p, t, what, op, "memory", want, mem);
    if (fetch)
        check_val(p, t, what, op, "fetched value", t->init, res);
}

static void test_amo(struct pair *p)
{
    const uint64_t slot = AMO_REGION + (uint64_t)p->f.pe * 4096;

    for (size_t k = 0; k < sizeof(amo_types) / sizeof(amo_types[0]); k++) {
        const struct amo_type *t = &amo_types[k];
        for (int op = 0; op < RO_AMO_COUNT; op++) {
            bool bitwise = op == RO_AMO_BAND || op == RO_AMO_BOR || op == RO_AMO_BXOR;
            if (bitwise && is_float(t->dt))
                continue;
            if (op != RO_AMO_READ && op != RO_AMO_CSWAP)
                amo_one(p, t, op, false, true, slot);
            amo_one(p, t, op, true, true, slot);
            if (op == RO_AMO_CSWAP)
                amo_one(p, t, op, true, false, slot);
        }
    }
    barrier(p);
}

/* Both PEs add to one word on PE 0 at once (PE 0 through its own endpoint): the sum of
 * all fetched values and the final value show whether any update was lost. */
static void test_contention(struct pair *p)
{
    const uint64_t n = p->quick ? 50 : 400, one = 1;
    uint64_t mine = 0, theirs, prev = 0, v, total = 2 * n;

    if (p->f.pe == 0)
        memset(p->heap + HOT_SLOT, 0, 16);
    barrier(p);
    for (uint64_t k = 0; k < n; k++) {
        check_rc(p, ro_ofi_amo_fetch(p->f.o, 0, HOT_SLOT, RO_DT_UINT64, RO_AMO_SUM, &one, NULL,
                                     &v, &p->f), "ro_ofi_amo_fetch (contention)");
        wait_done(p, "contended fetch-add");
        if (k && v <= prev)
            fail(p, "contended fetch-add: fetched %" PRIu64 " after %" PRIu64, v, prev);
        prev = v;
        mine += v;
        check_rc(p, ro_ofi_amo(p->f.o, 0, HOT_SLOT + 8, RO_DT_UINT32, RO_AMO_SUM, &one, &p->f),
                 "ro_ofi_amo (contention)");
    }
    wait_done(p, "contended adds");
    xchg(p, &mine, &theirs, sizeof(mine));
    if (mine + theirs != total * (total - 1) / 2)
        fail(p, "contended fetch-add: fetched values sum to %" PRIu64 ", expected %" PRIu64,
             mine + theirs, total * (total - 1) / 2);
    if (p->f.pe == 0) {
        uint64_t hot;
        uint32_t hot32;
        memcpy(&hot, p->heap + HOT_SLOT, 8);
        memcpy(&hot32, p->heap + HOT_SLOT + 8, 4);
        if (hot != total || hot32 != total)
            fail(p, "contended adds: pe 0 holds %" PRIu64 " (fetch-add) and %" PRIu32
                 " (add), expected %" PRIu64, hot, hot32, total);
    }
    barrier(p);
}

/* Average time of an 8-byte put plus waiting for its completion, and of a fetch-add, from
 * PE 0 while PE 1 only drives progress (in the barrier). Each loop stops after 2000
 * iterations or 2 s, so slow providers stay within the barrier's bound. */
static double time_op(struct pair *p, bool amo)
{
    const uint64_t one = 1;
    uint64_t v = 7;
    double t0 = ofi_fork_now_s(), t;
    int i;

    for (i = 0; i < 2000 && (t = ofi_fork_now_s()) < t0 + 2; i++) {
        if (amo)
            check_rc(p, ro_ofi_amo_fetch(p->f.o, p->f.peer, AMO_REGION, RO_DT_UINT64,
                                         RO_AMO_SUM, &one, NULL, &v, &p->f),
                     "ro_ofi_amo_fetch (latency)");
        else
            check_rc(p, ro_ofi_put(p->f.o, p->f.peer, BURST_OFF, &v, 8, &p->f),
                     "ro_ofi_put (latency)");
        wait_done(p, "latency");
    }
    return (ofi_fork_now_s() - t0) / i * 1e6;
}

static void time_latency(struct pair *p)
{
    if (p->f.pe == 0) {
        double tput = time_op(p, false), tamo = time_op(p, true);
        printf("pe 0 round %d (%s): 8-byte put+completion %.1f us, uint64 fetch-add %.1f us\n",
               p->round, p->mode, tput, tamo);
    }
    barrier(p);
}

/* Opens the transport and swaps endpoint names and heap keys with the other PE. */
static void setup(struct pair *p, int emulate)
{
    char iface_default[] = "lo";
    const char *iface = getenv("ROCSHMEM_RO_IFACE");
    struct ro_ofi_params params = {
        .provider = p->prov_arg, .iface = iface ? iface : iface_default,
        .pe = p->f.pe, .npes = 2, .amo_emulate = emulate, .max_msg = emulate ? FRAG_TEST : 0,
        .timeout_s = 10,
    };

    ofi_fork_open(&p->f, &params);
    snprintf(p->prov, sizeof(p->prov), "%s", ro_ofi_provider_name(p->f.o));
    ofi_fork_join(&p->f, p->heap, HEAP_LEN);
    if (p->f.pe == 0) {
        printf("pe 0 round %d (%s): ", p->round, p->mode);
        ro_ofi_describe(p->f.o, stdout);
        fflush(stdout);
    }
    barrier(p);
}

static void teardown(struct pair *p)
{
    if (p->f.owed != p->f.got)
        fail(p, "at close: %" PRIu64 " completions owed, %" PRIu64 " came", p->f.owed,
             p->f.got);
    /* Neither PE closes while the other may still need it to progress (a barrier first). */
    ofi_fork_close(&p->f);
}

static void run_round(struct pair *p, int round, unsigned char *src, unsigned char *dst)
{
    p->round = round;
    p->mode = round ? "emulated, 3000-byte fragments" : "native";
    /* Second round (setup): emulate every AMO and fragment put/get at a size no provider uses. */
    setup(p, round);
    test_put(p, src, dst);
    test_burst(p, src, dst);
    test_visible(p, src);
    test_get(p, dst);
    test_amo(p);
    test_contention(p);
    time_latency(p);
    teardown(p);
}

/* A provider that does not exist must fail to open, with a message (printed above). */
static void test_bad_provider(struct pair *p)
{
    struct ro_ofi_params params = { .provider = "no_such_provider", .pe = p->f.pe, .npes = 2 };
    struct ro_ofi *o = NULL;
    int rc;

    fprintf(stderr, "pe %d: an error about provider no_such_provider is expected next\n",
            p->f.pe);
    rc = ro_ofi_open(&params, &o);
    if (rc >= 0 || o)
        fail(p, "ro_ofi_open(provider no_such_provider) returned %d", rc);
}

static int run_pe(struct pair *p)
{
    unsigned char *src = malloc(PUT_REGION), *dst = malloc(PUT_REGION);
    int theirs = 0;

    p->heap = aligned_alloc(4096, HEAP_LEN);
    if (!src || !dst || !p->heap)
        die(p, "out of memory");
    memset(p->heap, 0, HEAP_LEN);
    ro_log_pe = p->f.pe;
    for (int round = 0; round < 2; round++)
        run_round(p, round, src, dst);
    if (p->f.pe == 0)
        test_bad_provider(p);
    xchg(p, &p->failures, &theirs, sizeof(theirs));
    free(p->heap);
    free(src);
    free(dst);
    return p->failures ? 1 : 0;
}

int main(int argc, char **argv)
{
    struct pair p = { .f.report = report, .prov = "(default)", .mode = "setup" };
    const char *level = getenv("ROCSHMEM_DEBUG_LEVEL");
    int rc;

    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-q") == 0)
            p.quick = true;
        else
            p.prov_arg = argv[i];
    }
    if (level)
        ro_log_level = atoi(level);
    if (p.prov_arg)
        snprintf(p.prov, sizeof(p.prov), "%s", p.prov_arg);
    setvbuf(stdout, NULL, _IOLBF, 0);
    if (ofi_fork_start(&p.f))
        return 1;
    rc = run_pe(&p);
    if (p.f.pe == 1)
        return rc;
    rc |= ofi_fork_wait_child(&p.f);
    printf("ofi_pair provider %s: %s\n", p.prov, rc ? "FAIL" : "PASS");
    return rc ? 1 : 0;
}
