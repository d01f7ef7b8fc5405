/* The device API at every calling scope: thread, _wave (W=32 and W=64) and _wg (64 and
 * 256 threads), each shape a "kernel" of host threads run by tests/support's launcher.
 * Every group (a thread, a wave or a workgroup) works on its own slice of the buffers,
 * puts into its right neighbour's slice and gets from its left neighbour's, so results
 * are fixed; the group's members share the checking of every element.
 *   - putmem, putmem_nbi, getmem, getmem_nbi at the scope, with the plain names and with
 *     the ctx_ names on a context that each workgroup makes with rocshmem_wg_ctx_create;
 *     members write the source before the call and scribble over a blocking put's source
 *     after it; an _nbi operation is completed by a quiet from one member (the last one,
 *     not the library's leader) after the group has met; canaries around every transfer;
 *   - typed put, put_nbi, get, get_nbi at the scope: every type of the RMA list at one
 *     wave and one workgroup shape (plain names), four types (one of each size) at the
 *     others and with the ctx_ names;
 *   - the six putmem_signal forms (blocking and _nbi at thread, _wave and _wg scope) and
 *     the typed put_signal forms, in numbered rounds: each signal moves from the round
 *     that last used it to this one (SET of the round, or ADD of the difference), the
 *     receiver waits with one of EQ/GE/GT/NE, checks the exact value and then the data,
 *     and acknowledges; a stale signal or data behind its signal fails. Blocking and _nbi
 *     alternate along the type list; at 2 PEs the whole list runs both ways round;
 *   - barrier_all / sync_all at the scope, called by exactly one group per PE (group 0),
 *     the other groups waiting in a launch-wide barrier of the test's own;
 *   - rocshmem_wg_ctx_create / rocshmem_wg_team_create_ctx (world: success, invalid team:
 *     ROCSHMEM_ERROR) / rocshmem_wg_ctx_destroy, and the pool of contexts run dry by two
 *     workgroups at once (ROCSHMEM_MAX_NUM_CONTEXTS=4): ROCSHMEM_ERROR for every thread
 *     of the workgroup, then destroy and create again.
 * Timing: workgroups are real threads, up to 256 per PE on two cores, and every wait in
 * the library yields the processor; rounds are few, and typed operations go four types at
 * a time between PE-wide barriers. Under Hydra, which starts each PE in a session (and so
 * a scheduler autogroup) of its own, a yield does not hand the core to another PE and
 * every cross-PE step costs a time slice: 4 PEs take ~20-35 s there, ~3 s under Open MPI. */
/* 20-38 s is usual at 4 PEs under Hydra on two cores (see Timing above), but two CI runs of
 * five on 2026-12-03 passed 100 s there, against none of nine runs on the build machine
 * (six of that tree, three of the day's first commit): the watchdog still catches a hang,
 * later. */
#define RT_WATCHDOG_S 240
#include "ro_test.h"
#include "ro_launch.h"

#include <pthread.h>
#include <stdint.h>

#define MAX_CTXS    4                /* ROCSHMEM_MAX_NUM_CONTEXTS for this program */
#define BUF         (64u * 1024u)    /* one area, split into one slice per group */
#define NSUB        4                /* types per batch: a slice holds NSUB sub-slices */
#define MAX_GROUPS  64
#define MAX_THREADS 256
#define GUARD       8
#define CANARY      0x5a
#define TCANARY     99               /* above every TV value, exact in every type */
/* Small non-negative values: exact in every type, char and float included. */
#define TV(TYPE, pe, g, i, salt)                                                           \
    ((TYPE)(((pe) * 17 + (int)(g) * 5 + (int)(i) * 3 + (int)((salt) % 61) * 29) % 97))

enum scope { SC_THREAD, SC_WAVE, SC_WG };

struct shape {
    const char *name;
    enum scope scope;
    unsigned nblocks, block_dim, wave_size;
    int all_types;                   /* typed forms for every type of the list */
};

/* At thread scope every thread issues its own operations. */
static const struct shape shapes[] = {
    { "thread scope (2 x 32 threads, waves of 1)", SC_THREAD, 2, 32, 1, 0 },
    { "_wave scope W=32 (1 x 64 threads)", SC_WAVE, 1, 64, 32, 1 },
    { "_wave scope W=64 (1 x 128 threads)", SC_WAVE, 1, 128, 64, 0 },
    { "_wg scope, 64 threads (2 x 64, W=32)", SC_WG, 2, 64, 32, 1 },
    { "_wg scope, 256 threads (1 x 256, W=64)", SC_WG, 1, 256, 64, 0 },
};
#define NSHAPES (sizeof(shapes) / sizeof(shapes[0]))

static int me, npes, left, right;
/* Four areas of BUF each (AREA below). Symmetric: get sources and put targets; private:
 * put sources and get targets. */
static uint8_t *sym_src, *sym_dst, *psrc, *pget;
static uint64_t *sig, *ack;          /* symmetric: MAX_GROUPS * NSUB and MAX_GROUPS words */
#define AREA(buf, set, a) ((buf) + ((size_t)(set) * 2 + (a)) * BUF)

/* The launch in progress (one at a time per PE). */
static const struct shape *cur;
static unsigned nthreads, gsize, ngroups;
static size_t slice, sub;            /* bytes of one group's slice of an area, and of 1/NSUB */
static pthread_barrier_t grid_bar, group_bar[MAX_GROUPS];

struct variant {
    int use_ctx;                     /* ctx_ names on a context of rocshmem_wg_ctx_create */
};

static const char *vname(const struct variant *v)
{
    return v->use_ctx ? "ctx_ names, wg_ctx_create context" : "plain names";
}

struct who {
    unsigned tid, g, m;              /* thread in the launch, its group, member in the group */
    int last;                        /* the group's last member */
};

static struct who whoami(void)
{
    unsigned tid = (unsigned)ro_launch_block_id() * cur->block_dim + (unsigned)ro_launch_thread_id();
    return (struct who){ tid, tid / gsize, tid % gsize, tid % gsize == gsize - 1 };
}

static void count_checks(unsigned long n)
{
    RT_COUNT(n);
}

/* Every thread of the launch. */
static void grid_sync(void)
{
    pthread_barrier_wait(&grid_bar);
}

/* The members of one group: the test's own barrier, not the library's. */
static void group_sync(const struct who *w)
{
    if (gsize > 1)
        pthread_barrier_wait(&group_bar[w->g]);
}

/* The elements of n that member w->m writes and checks: whole 8-byte chunks c = m,
 * m + gsize, ..., so a member owns the same bytes whatever the element type, and one
 * step's checks never race with the next step's writes by another member. */
#define FOR_MY_ELEMS(w, TYPE, n, i)                                                        \
    for (size_t c_ = (w)->m; c_ * 8 < (n) * sizeof(TYPE); c_ += gsize)                     \
        for (size_t i = c_ * 8 / sizeof(TYPE); i < (c_ + 1) * 8 / sizeof(TYPE) && i < (n); i++)

/* One call at the shape's scope: the plain name, _wave or _wg ... */
#define SCOPED(STEM, ...)                                                                  \
    (cur->scope == SC_THREAD ? rocshmem_##STEM(__VA_ARGS__)                                \
     : cur->scope == SC_WAVE ? rocshmem_##STEM##_wave(__VA_ARGS__)                         \
                             : rocshmem_##STEM##_wg(__VA_ARGS__))
/* ... through the plain name or the ctx_ name with `ctx`. */
#define CALL(v, ctx, STEM, ...)                                                            \
    ((v)->use_ctx ? SCOPED(ctx_##STEM, (ctx), __VA_ARGS__) : SCOPED(STEM, __VA_ARGS__))

static void quiet(const struct variant *v, rocshmem_ctx_t ctx)
{
    if (v->use_ctx)
        rocshmem_ctx_quiet(ctx);
    else
        rocshmem_quiet();
}

/* A PE-wide barrier_all (full) or sync_all, made by group 0 alone at the shape's scope
 * while every other thread of the launch waits. */
static void pe_barrier(const struct who *w, int full)
{
    grid_sync();
    if (w->g == 0) {
        switch (cur->scope) {
        case SC_THREAD: full ? rocshmem_barrier_all() : rocshmem_sync_all(); break;
        case SC_WAVE: full ? rocshmem_barrier_all_wave() : rocshmem_sync_all_wave(); break;
        default: full ? rocshmem_barrier_all_wg() : rocshmem_sync_all_wg(); break;
        }
    }
    grid_sync();
}

/* Each workgroup's context for the ctx_ variant: every thread of the workgroup calls. */
static rocshmem_ctx_t group_ctx_create(const struct variant *v, const struct who *w)
{
    rocshmem_ctx_t ctx = ROCSHMEM_CTX_INVALID;
    int rc;
    if (!v->use_ctx)
        return ctx;
    rc = rocshmem_wg_ctx_create(0, &ctx);
    if (rc != ROCSHMEM_SUCCESS || !ctx.ctx_opaque)
        RT_FAIL("rocshmem_wg_ctx_create", "-", "%s, thread %u: returned %d (%p)", cur->name,
                w->tid, rc, ctx.ctx_opaque);
    if (rocshmem_ctx_my_pe(ctx) != me || rocshmem_ctx_n_pes(ctx) != npes)
        RT_FAIL("rocshmem_ctx_my_pe/ctx_n_pes", "int", "%s: %d of %d, expected %d of %d",
                cur->name, rocshmem_ctx_my_pe(ctx), rocshmem_ctx_n_pes(ctx), me, npes);
    return ctx;
}

/* ---- putmem / getmem (and _nbi) ---------------------------------------------------- */

static uint8_t pattern(int pe, unsigned g, size_t off, unsigned salt)
{
    uint32_t x = (uint32_t)off * 2654435761u ^ (uint32_t)g * 40503u ^ (uint32_t)pe * 977u ^
                 salt * 7919u;
    return (uint8_t)(off + (x >> 13));
}

/* Transfer length and destination offset of group g in a phase: odd sizes, odd offsets. */
static size_t mem_len(unsigned g, unsigned salt)
{
    return slice - 2 * GUARD - 7 - (g * 13u + salt * 5u) % 29u;
}

static size_t mem_doff(unsigned g, unsigned salt)
{
    return (g + salt) & 7u;
}

/* Byte-wise work is split the same way as typed work (FOR_MY_ELEMS). */
static void member_fill(const struct who *w, uint8_t *s, int pe, size_t len, unsigned salt)
{
    FOR_MY_ELEMS(w, uint8_t, len, i)
        s[i] = pattern(pe, w->g, i, salt);
}

static void member_set(const struct who *w, uint8_t *s, size_t len, uint8_t byte)
{
    FOR_MY_ELEMS(w, uint8_t, len, i)
        s[i] = byte;
}

/* The member's share of one slice: `len` bytes of pe's pattern at GUARD + doff, canary
 * everywhere else in the slice. */
static void check_slice(const char *op, const struct variant *v, const struct who *w,
                        const uint8_t *s, int pe, size_t len, size_t doff, unsigned salt)
{
    size_t lo = GUARD + doff, hi = lo + len;
    FOR_MY_ELEMS(w, uint8_t, slice, i) {
        uint8_t want = i >= lo && i < hi ? pattern(pe, w->g, i - lo, salt) : CANARY;
        if (s[i] != want)
            RT_FAIL(op, "uint8", "%s, %s, group %u, %zu bytes from PE %d: slice byte %zu "
                    "(data starts at %zu) is 0x%02x, expected 0x%02x", cur->name, vname(v), w->g,
                    len, pe, i, lo, s[i], want);
    }
    count_checks(1);
}

/* The four operations into four areas (set 0 and 1 of each buffer), between two PE-wide
 * barriers: barrier_all first, sync_all (no quiet of its own) after each group's quiet. */
static void rma_mem(const struct variant *v, const struct who *w, rocshmem_ctx_t ctx)
{
    size_t so = w->g * slice;
    unsigned salt = 1 + 10 * (unsigned)v->use_ctx;
    uint8_t *ps[2], *sd[2], *ss[2], *pg[2];
    size_t len[4], doff[4];

    for (int k = 0; k < 4; k++)
        len[k] = mem_len(w->g, salt + (unsigned)k), doff[k] = mem_doff(w->g, salt + (unsigned)k);
    for (int k = 0; k < 2; k++) {
        ps[k] = AREA(psrc, k, 0) + so, sd[k] = AREA(sym_dst, k, 0) + so;
        ss[k] = AREA(sym_src, k, 0) + so, pg[k] = AREA(pget, k, 0) + so;
        member_fill(w, ps[k], me, len[k], salt + (unsigned)k);
        member_fill(w, ss[k], me, len[2 + k], salt + 2 + (unsigned)k);
        member_set(w, sd[k], slice, CANARY);
        member_set(w, pg[k], slice, CANARY);
    }
    pe_barrier(w, 1);

    /* putmem: the call makes every member's bytes visible to the one issuing it; the
     * source may be scribbled over once the call returns. */
    CALL(v, ctx, putmem, sd[0] + GUARD + doff[0], ps[0], len[0], right);
    member_set(w, ps[0], len[0], 0xff);
    CALL(v, ctx, putmem_nbi, sd[1] + GUARD + doff[1], ps[1], len[1], right);
    /* getmem: every member sees the data when the call returns. */
    CALL(v, ctx, getmem, pg[0] + GUARD + doff[2], ss[0], len[2], left);
    check_slice("getmem", v, w, pg[0], left, len[2], doff[2], salt + 2);
    CALL(v, ctx, getmem_nbi, pg[1] + GUARD + doff[3], ss[1], len[3], left);
    /* One member's quiet completes the group's _nbi operations (and the blocking put). */
    group_sync(w);
    if (w->last)
        quiet(v, ctx);
    group_sync(w);
    check_slice("getmem_nbi + quiet", v, w, pg[1], left, len[3], doff[3], salt + 3);
    pe_barrier(w, 0);
    check_slice("putmem", v, w, sd[0], left, len[0], doff[0], salt);
    check_slice("putmem_nbi + quiet + sync_all", v, w, sd[1], left, len[1], doff[1], salt + 1);
}

/* ---- typed put / get (and _nbi) ---------------------------------------------------- */

/* Batch b of NSUB types uses set b % 2 of the four areas: put (A) and put_nbi (B) into
 * sym_dst from psrc, get (C) and get_nbi (D) from sym_src into pget; type j of the batch
 * the j-th sub-slice of the group's slice. With two sets, one PE-wide barrier per batch
 * suffices: it completes batch b's puts and publishes the canaries of batch b + 1, whose
 * areas no one touches meanwhile. nel elements move, the rest keeps its canary. */
struct typed_ops {
    const char *name;
    void (*prepare)(const struct variant *, const struct who *, int set, int j);
    void (*issue)(const struct variant *, const struct who *, rocshmem_ctx_t, int set, int j);
    void (*check_gets)(const struct variant *, const struct who *, int set, int j);
    void (*check_puts)(const struct variant *, const struct who *, int set, int j);
    void (*sig_fill)(const struct who *, uint64_t r, int j);
    void (*sig_put)(const struct variant *, const struct who *, rocshmem_ctx_t, uint64_t r,
                    int j, int nbi, uint64_t value, int op);
    void (*sig_check)(const char *what, const struct who *, uint64_t r, int j);
};

#define DEF_TYPED(NAME, TYPE, KIND)                                                        \
    static void check_typed_##NAME(const char *op, const struct variant *v,                \
                                   const struct who *w, const TYPE *a, size_t tsl,         \
                                   size_t nel, int pe, int salt)                           \
    {                                                                                      \
        FOR_MY_ELEMS(w, TYPE, tsl, i) {                                                    \
            TYPE want = i < nel ? TV(TYPE, pe, w->g, i, salt) : (TYPE)TCANARY;             \
            if (!(a[i] == want))                                                           \
                RT_FAIL(op, #TYPE, "%s, %s, group %u, %zu elements from PE %d: element "  \
                        "%zu is %.21Lg, expected %.21Lg", cur->name, vname(v), w->g, nel,  \
                        pe, i, (long double)a[i], (long double)want);                      \
        }                                                                                  \
        count_checks(1);                                                                   \
    }                                                                                      \
    /* This type's slice: offset in elements, size, and elements moved. */                 \
    static size_t tslice_##NAME(const struct who *w, int j, size_t *tsl, size_t *nel)      \
    {                                                                                      \
        *tsl = sub / sizeof(TYPE);                                                         \
        *nel = *tsl - 1 - w->g % 3;                                                        \
        return (w->g * slice + (size_t)j * sub) / sizeof(TYPE);                            \
    }                                                                                      \
    static void prepare_##NAME(const struct variant *v, const struct who *w, int set, int j) \
    {                                                                                      \
        size_t tsl, nel, o = tslice_##NAME(w, j, &tsl, &nel);                              \
        TYPE *sA = (TYPE *)AREA(psrc, set, 0) + o, *sB = (TYPE *)AREA(psrc, set, 1) + o;   \
        TYPE *dA = (TYPE *)AREA(sym_dst, set, 0) + o;                                      \
        TYPE *dB = (TYPE *)AREA(sym_dst, set, 1) + o;                                      \
        TYPE *sC = (TYPE *)AREA(sym_src, set, 0) + o;                                      \
        TYPE *sD = (TYPE *)AREA(sym_src, set, 1) + o;                                      \
        TYPE *gC = (TYPE *)AREA(pget, set, 0) + o, *gD = (TYPE *)AREA(pget, set, 1) + o;   \
        int salt = 4 * v->use_ctx;                                                         \
        FOR_MY_ELEMS(w, TYPE, tsl, i) {                                                    \
            sA[i] = TV(TYPE, me, w->g, i, salt + 1);                                       \
            sB[i] = TV(TYPE, me, w->g, i, salt + 2);                                       \
            sC[i] = TV(TYPE, me, w->g, i, salt + 3);                                       \
            sD[i] = TV(TYPE, me, w->g, i, salt + 4);                                       \
            dA[i] = dB[i] = gC[i] = gD[i] = (TYPE)TCANARY;                                 \
        }                                                                                  \
    }                                                                                      \
    static void issue_##NAME(const struct variant *v, const struct who *w,                 \
                             rocshmem_ctx_t ctx, int set, int j)                           \
    {                                                                                      \
        size_t tsl, nel, o = tslice_##NAME(w, j, &tsl, &nel);                              \
        if (w->tid == 0)                                                                   \
            rt_step("%s: typed %s put/get (+_nbi), %s", cur->name, #NAME, vname(v));       \
        CALL(v, ctx, NAME##_put, (TYPE *)AREA(sym_dst, set, 0) + o,                        \
             (TYPE *)AREA(psrc, set, 0) + o, nel, right);                                  \
        CALL(v, ctx, NAME##_put_nbi, (TYPE *)AREA(sym_dst, set, 1) + o,                    \
             (TYPE *)AREA(psrc, set, 1) + o, nel, right);                                  \
        CALL(v, ctx, NAME##_get, (TYPE *)AREA(pget, set, 0) + o,                           \
             (TYPE *)AREA(sym_src, set, 0) + o, nel, left);                                \
        /* A blocking get's data is there for every member when the call returns. */      \
        check_typed_##NAME(#NAME "_get", v, w, (TYPE *)AREA(pget, set, 0) + o, tsl, nel,   \
                           left, 4 * v->use_ctx + 3);                                      \
        CALL(v, ctx, NAME##_get_nbi, (TYPE *)AREA(pget, set, 1) + o,                       \
             (TYPE *)AREA(sym_src, set, 1) + o, nel, left);                                \
    }                                                                                      \
    /* After the group's quiet. */                                                         \
    static void check_gets_##NAME(const struct variant *v, const struct who *w, int set,   \
                                  int j)                                                   \
    {                                                                                      \
        size_t tsl, nel, o = tslice_##NAME(w, j, &tsl, &nel);                              \
        check_typed_##NAME(#NAME "_get_nbi + quiet", v, w, (TYPE *)AREA(pget, set, 1) + o, \
                           tsl, nel, left, 4 * v->use_ctx + 4);                            \
    }                                                                                      \
    /* After the next PE-wide barrier: what the left neighbour put. */                     \
    static void check_puts_##NAME(const struct variant *v, const struct who *w, int set,   \
                                  int j)                                                   \
    {                                                                                      \
        size_t tsl, nel, o = tslice_##NAME(w, j, &tsl, &nel);                              \
        check_typed_##NAME(#NAME "_put", v, w, (TYPE *)AREA(sym_dst, set, 0) + o, tsl,     \
                           nel, left, 4 * v->use_ctx + 1);                                 \
        check_typed_##NAME(#NAME "_put_nbi + quiet", v, w,                                 \
                           (TYPE *)AREA(sym_dst, set, 1) + o, tsl, nel, left,              \
                           4 * v->use_ctx + 2);                                            \
    }                                                                                      \
    /* Put with signal, round r: the source (slot r % 2) and the target slice. */          \
    static void sig_fill_##NAME(const struct who *w, uint64_t r, int j)                    \
    {                                                                                      \
        size_t tsl, nel, o = tslice_##NAME(w, j, &tsl, &nel);                              \
        TYPE *s = (TYPE *)AREA(psrc, 0, r % 2) + o;                                        \
        nel -= r % 3;                                                                      \
        FOR_MY_ELEMS(w, TYPE, nel, i)                                                      \
            s[i] = TV(TYPE, me, w->g, i, r);                                               \
    }                                                                                      \
    static void sig_put_##NAME(const struct variant *v, const struct who *w,               \
                               rocshmem_ctx_t ctx, uint64_t r, int j, int nbi,             \
                               uint64_t value, int op)                                     \
    {                                                                                      \
        size_t tsl, nel, o = tslice_##NAME(w, j, &tsl, &nel);                              \
        TYPE *s = (TYPE *)AREA(psrc, 0, r % 2) + o, *d = (TYPE *)sym_dst + o;              \
        uint64_t *sg = &sig[w->g * NSUB + (unsigned)j];                                    \
        nel -= r % 3;                                                                      \
        if (nbi)                                                                           \
            CALL(v, ctx, NAME##_put_signal_nbi, d, s, nel, sg, value, op, right);          \
        else                                                                               \
            CALL(v, ctx, NAME##_put_signal, d, s, nel, sg, value, op, right);              \
    }                                                                                      \
    static void sig_check_##NAME(const char *what, const struct who *w, uint64_t r, int j) \
    {                                                                                      \
        size_t tsl, nel, o = tslice_##NAME(w, j, &tsl, &nel);                              \
        const TYPE *d = (const TYPE *)sym_dst + o;                                         \
        nel -= r % 3;                                                                      \
        FOR_MY_ELEMS(w, TYPE, nel, i)                                                      \
            if (!(d[i] == TV(TYPE, left, w->g, i, r)))                                     \
                RT_FAIL(what, #TYPE, "%s_put_signal: group %u, round %llu, element %zu: "  \
                        "%.21Lg, expected %.21Lg", #NAME, w->g, (unsigned long long)r, i,  \
                        (long double)d[i], (long double)TV(TYPE, left, w->g, i, r));       \
        count_checks(1);                                                                   \
    }
ROCSHMEM_FOR_RMA_TYPES(DEF_TYPED)
#undef DEF_TYPED

#define TYPED_OPS(NAME, TYPE, KIND)                                                        \
    { #NAME, prepare_##NAME, issue_##NAME, check_gets_##NAME, check_puts_##NAME,           \
      sig_fill_##NAME, sig_put_##NAME, sig_check_##NAME },
/* Every row of the list, and a few (one of each size) for the other shapes. */
static const struct typed_ops all_types[] = { ROCSHMEM_FOR_RMA_TYPES(TYPED_OPS) };
#define FOR_SOME_RMA_TYPES(X)                                                              \
    X(char, char, CHAR) X(ushort, unsigned short, UINT) X(float, float, FLOAT)             \
    X(int64, int64_t, SINT)
static const struct typed_ops some_types[] = { FOR_SOME_RMA_TYPES(TYPED_OPS) };
#undef TYPED_OPS
#define N_OF(a) (sizeof(a) / sizeof((a)[0]))

struct kernel_arg {
    const struct variant *v;
    const struct typed_ops *types;
    size_t ntypes;
    int flip;                        /* put_signal: which types go blocking, which _nbi */
};

/* Batch b: [prepare b] PE barrier [check puts of b - 1] [issue b] group quiet [check the
 * gets of b]. Checking b - 1 and preparing b + 1 touch the same set, but each member only
 * its own bytes. */
static void typed_batches(const struct kernel_arg *a, const struct who *w, rocshmem_ctx_t ctx)
{
    const struct variant *v = a->v;
    size_t nb = (a->ntypes + NSUB - 1) / NSUB;

    for (size_t b = 0; b <= nb; b++) {
        size_t first = b * NSUB, n = b < nb ? (a->ntypes - first < NSUB ? a->ntypes - first : NSUB) : 0;
        int set = (int)(b % 2);
        for (size_t j = 0; j < n; j++)
            a->types[first + j].prepare(v, w, set, (int)j);
        pe_barrier(w, 1);
        for (size_t j = 0; b > 0 && j < NSUB && first - NSUB + j < a->ntypes; j++)
            a->types[first - NSUB + j].check_puts(v, w, 1 - set, (int)j);
        if (!n)
            break;
        for (size_t j = 0; j < n; j++)
            a->types[first + j].issue(v, w, ctx, set, (int)j);
        group_sync(w);
        if (w->last)
            quiet(v, ctx);
        group_sync(w);
        for (size_t j = 0; j < n; j++)
            a->types[first + j].check_gets(v, w, set, (int)j);
    }
}

static void rma_kernel(void *p)
{
    const struct kernel_arg *a = p;
    struct who w = whoami();
    rocshmem_ctx_t ctx = group_ctx_create(a->v, &w);

    if (w.tid == 0)
        rt_step("%s: putmem/getmem (+_nbi), %s", cur->name, vname(a->v));
    rma_mem(a->v, &w, ctx);
    typed_batches(a, &w, ctx);
    if (a->v->use_ctx)
        rocshmem_wg_ctx_destroy(&ctx);
}

/* ---- put with signal --------------------------------------------------------------- */

/* A round r of one group, whatever the forms:
 *   members write their share of the sources (slot r % 2 of psrc: the round that used the
 *   slot last was completed by that round's quiet, before the group last met);
 *   the last member waits for the right neighbour's ack of round r - 1 (its slice is free);
 *   the calls at the scope (the first call's entry barrier holds the group until then);
 *   the last member quiets (the sources of _nbi calls), waits for each of the left
 *   neighbour's signals of round r and checks its exact value; the group meets; every
 *   member checks its share of the data; the group meets; the last member acknowledges.
 * Each signal word moves from the round that last used it (last[]) to r: SET of r, or ADD
 * of the difference. */
struct sig_state {
    uint64_t last[NSUB];             /* round that last signalled each word of the group */
};

static int round_op(uint64_t r, int j)
{
    return (r + (uint64_t)j) % 2 ? ROCSHMEM_SIGNAL_SET : ROCSHMEM_SIGNAL_ADD;
}

static uint64_t round_value(const struct sig_state *st, uint64_t r, int j)
{
    return round_op(r, j) == ROCSHMEM_SIGNAL_SET ? r : r - st->last[j];
}

static void round_ack_wait(const struct who *w, uint64_t r)
{
    uint64_t got;
    if (!w->last || r == 1)
        return;
    got = rocshmem_signal_wait_until(&ack[w->g], ROCSHMEM_CMP_GE, r - 1);
    if (got != r - 1)
        RT_FAIL("signal_wait_until (ack)", "uint64", "%s, group %u, round %llu: ack %llu",
                cur->name, w->g, (unsigned long long)r, (unsigned long long)got);
}

/* Waits for words 0..n-1, each with one of four comparisons in turn (each holds only once
 * round r's signal has landed). */
static void round_wait(const char *what, const struct variant *v, const struct who *w,
                       rocshmem_ctx_t ctx, struct sig_state *st, uint64_t r, int n)
{
    static const int cmps[4] = { ROCSHMEM_CMP_EQ, ROCSHMEM_CMP_GE, ROCSHMEM_CMP_GT, ROCSHMEM_CMP_NE };
    if (w->last) {
        quiet(v, ctx);
        for (int j = 0; j < n; j++) {
            uint64_t *sg = &sig[w->g * NSUB + (unsigned)j];
            int cmp = cmps[(r + (uint64_t)j) % 4];
            uint64_t arg = cmp == ROCSHMEM_CMP_GT || cmp == ROCSHMEM_CMP_NE ? st->last[j] : r;
            uint64_t got = rocshmem_signal_wait_until(sg, cmp, arg);
            uint64_t fetched = rocshmem_signal_fetch(sg);
            if (got != r || fetched != r)
                RT_FAIL(what, "uint64 signal", "%s, %s, group %u, round %llu, word %d: wait "
                        "returned %llu, fetch %llu", cur->name, vname(v), w->g,
                        (unsigned long long)r, j, (unsigned long long)got,
                        (unsigned long long)fetched);
        }
    }
    for (int j = 0; j < n; j++)
        st->last[j] = r;
    group_sync(w);
}

static void round_ack(const struct variant *v, const struct who *w, rocshmem_ctx_t ctx,
                      uint64_t r)
{
    group_sync(w);
    if (!w->last)
        return;
    if (v->use_ctx)
        r % 2 ? rocshmem_ctx_signal_set(ctx, &ack[w->g], r, left)
              : rocshmem_ctx_signal_add(ctx, &ack[w->g], 1, left);
    else
        r % 2 ? rocshmem_signal_set(&ack[w->g], r, left) : rocshmem_signal_add(&ack[w->g], 1, left);
}

/* putmem_signal{,_nbi} at the scope: round r's bytes into the right neighbour's slice. */
static void signal_mem_round(const struct variant *v, const struct who *w, rocshmem_ctx_t ctx,
                             struct sig_state *st, uint64_t r, int nbi)
{
    size_t len = slice - (w->g * 7u + (unsigned)r) % 13u;
    uint8_t *ps = AREA(psrc, 0, r % 2) + w->g * slice, *sd = sym_dst + w->g * slice;
    uint64_t *sg = &sig[w->g * NSUB];
    char what[160];

    snprintf(what, sizeof(what), "%sputmem_signal%s at %s, %zu bytes, %s",
             v->use_ctx ? "ctx_" : "", nbi ? "_nbi" : "", cur->name, len,
             round_op(r, 0) == ROCSHMEM_SIGNAL_SET ? "SIGNAL_SET" : "SIGNAL_ADD");
    member_fill(w, ps, me, len, (unsigned)r);
    round_ack_wait(w, r);
    if (nbi)
        CALL(v, ctx, putmem_signal_nbi, sd, ps, len, sg, round_value(st, r, 0), round_op(r, 0),
             right);
    else
        CALL(v, ctx, putmem_signal, sd, ps, len, sg, round_value(st, r, 0), round_op(r, 0), right);
    round_wait(what, v, w, ctx, st, r, 1);
    FOR_MY_ELEMS(w, uint8_t, len, i)
        if (sd[i] != pattern(left, w->g, i, (unsigned)r))
            RT_FAIL(what, "uint8", "group %u, round %llu, byte %zu: 0x%02x, expected 0x%02x",
                    w->g, (unsigned long long)r, i, sd[i], pattern(left, w->g, i, (unsigned)r));
    count_checks(1);
    round_ack(v, w, ctx, r);
}

/* NSUB typed put_signal calls in one round, each into its sub-slice with its own word;
 * blocking and _nbi alternate with the type's position, and swap with `flip`. */
static void signal_typed_round(const struct variant *v, const struct who *w, rocshmem_ctx_t ctx,
                               struct sig_state *st, uint64_t r, const struct typed_ops *t,
                               int n, int flip)
{
    char what[160];

    snprintf(what, sizeof(what), "%styped put_signal (%s...) at %s, %s",
             v->use_ctx ? "ctx_" : "", t[0].name, cur->name, vname(v));
    if (w->tid == 0)
        rt_step("%s", what);
    for (int j = 0; j < n; j++)
        t[j].sig_fill(w, r, j);
    round_ack_wait(w, r);
    for (int j = 0; j < n; j++)
        t[j].sig_put(v, w, ctx, r, j, (j + flip) % 2, round_value(st, r, j), round_op(r, j));
    round_wait(what, v, w, ctx, st, r, n);
    for (int j = 0; j < n; j++)
        t[j].sig_check(what, w, r, j);
    round_ack(v, w, ctx, r);
}

static void signal_kernel(void *p)
{
    const struct kernel_arg *a = p;
    struct who w = whoami();
    rocshmem_ctx_t ctx = group_ctx_create(a->v, &w);
    struct sig_state st = { { 0 } };
    uint64_t r = 0;
    /* Blocking and _nbi alternate along the list of types, and `flip` swaps them: a short
     * list (both variants) and the whole list (at two shapes) meet both forms per type. At
     * 2 PEs the whole list runs twice, so that every type meets both forms at this shape. */
    int passes = a->ntypes > NSUB && npes <= 2 && !rt_slow() ? 2 : 1;

    if (w.tid == 0)
        rt_step("%s: putmem_signal, %s", cur->name, vname(a->v));
    /* Blocking and _nbi, each with SET and ADD. */
    for (int k = 0; k < 4; k++)
        r++, signal_mem_round(a->v, &w, ctx, &st, r, k / 2);
    for (int pass = 0; pass < passes; pass++)
        for (size_t b = 0; b * NSUB < a->ntypes; b++) {
            size_t n = a->ntypes - b * NSUB < NSUB ? a->ntypes - b * NSUB : NSUB;
            r++, signal_typed_round(a->v, &w, ctx, &st, r, a->types + b * NSUB, (int)n,
                                    (pass + a->flip) % 2);
        }
    /* The last ack, so that nothing of this launch is still on its way afterwards. */
    round_ack_wait(&w, r + 1);
    group_sync(&w);
    if (a->v->use_ctx)
        rocshmem_wg_ctx_destroy(&ctx);
}

/* ---- contexts made by workgroups ----------------------------------------------------- */

struct ctx_record {
    int rc[MAX_CTXS + 3];
    void *opaque[MAX_CTXS + 3];
    int world_rc, invalid_rc, again_rc;
    void *world, *again;
};
static struct ctx_record ctx_rec[MAX_THREADS];
static int ctx_made[2];              /* contexts each workgroup got before ROCSHMEM_ERROR */

/* Every thread of a workgroup keeps its own copy of each answer; after the launch they
 * must all agree. Workgroup b puts through each context it made into its own slice of
 * sym_dst on this PE, so a context handed out twice would show as a wrong byte. */
static void ctx_kernel(void *p)
{
    struct who w = whoami();
    struct ctx_record *rec = &ctx_rec[w.tid];
    unsigned b = (unsigned)ro_launch_block_id(), t = (unsigned)ro_launch_thread_id();
    rocshmem_ctx_t made[MAX_CTXS + 3], ctx;
    uint8_t *mine = sym_dst + b * (BUF / 2), *src = psrc + b * (BUF / 2);
    int n = 0;

    (void)p;
    /* A team context of the world team works like any other; an invalid team fails. */
    rec->world_rc = rocshmem_wg_team_create_ctx(ROCSHMEM_TEAM_WORLD, 0, &ctx);
    rec->world = rec->world_rc == ROCSHMEM_SUCCESS ? ctx.ctx_opaque : NULL;
    if (rec->world_rc == ROCSHMEM_SUCCESS) {
        if (t == 0)
            memset(src, 40 + (int)b, 64);
        rocshmem_ctx_putmem_wg(ctx, mine, src, 64, me);
        rocshmem_ctx_quiet(ctx);
        if (mine[t % 64] != 40 + b)
            RT_FAIL("ctx_putmem_wg on a wg_team_create_ctx context", "uint8",
                    "workgroup %u, byte %u: %u", b, t % 64, mine[t % 64]);
        rocshmem_wg_ctx_destroy(&ctx);
    }
    rec->invalid_rc = rocshmem_wg_team_create_ctx(ROCSHMEM_TEAM_INVALID, 0, &ctx);

    /* Both workgroups take contexts until the pool runs dry. */
    grid_sync();
    for (n = 0; n <= MAX_CTXS; n++) {
        rec->rc[n] = rocshmem_wg_ctx_create(0, &made[n]);
        rec->opaque[n] = rec->rc[n] == ROCSHMEM_SUCCESS ? made[n].ctx_opaque : NULL;
        if (rec->rc[n] != ROCSHMEM_SUCCESS)
            break;
        if (t == 0)
            memset(src + 64 * (n + 1), 50 + 10 * (int)b + n, 64);
        rocshmem_ctx_putmem_nbi_wg(made[n], mine + 64 * (n + 1), src + 64 * (n + 1), 64, me);
    }
    if (t == 0)
        ctx_made[b] = n;
    /* Everyone has failed once: the pool is empty, another try fails too. */
    grid_sync();
    rec->rc[n + 1] = rocshmem_wg_ctx_create(0, &ctx);
    grid_sync();     /* before either workgroup gives a context back */
    for (int k = 0; k < n; k++) {
        rocshmem_ctx_quiet(made[k]);
        if (mine[64 * (k + 1) + t % 64] != 50 + 10 * b + (unsigned)k)
            RT_FAIL("ctx_putmem_nbi_wg on a pool context", "uint8",
                    "workgroup %u, context %d, byte %u: %u", b, k, t % 64,
                    mine[64 * (k + 1) + t % 64]);
    }
    /* Destroy them all, then make one again: it must succeed and work. */
    for (int k = 0; k < n; k++)
        rocshmem_wg_ctx_destroy(&made[k]);
    grid_sync();
    rec->again_rc = rocshmem_wg_ctx_create(0, &ctx);
    rec->again = rec->again_rc == ROCSHMEM_SUCCESS ? ctx.ctx_opaque : NULL;
    if (rec->again_rc == ROCSHMEM_SUCCESS) {
        if (t == 0)
            memset(src, 90 + (int)b, 64);
        rocshmem_ctx_putmem_wg(ctx, mine, src, 64, me);
        rocshmem_ctx_quiet(ctx);
        if (mine[t % 64] != 90 + b)
            RT_FAIL("ctx_putmem_wg after re-creating", "uint8", "workgroup %u, byte %u: %u", b,
                    t % 64, mine[t % 64]);
        rocshmem_wg_ctx_destroy(&ctx);
    }
}

static const struct shape ctx_shape = { "wg contexts (2 x 64 threads, W=32)", SC_WG, 2, 64, 32, 0 };

static void launch(const struct shape *sh, void (*kernel)(void *), void *arg);
static void rma_kernel(void *p);
static void signal_kernel(void *p);

static void test_contexts(void)
{
    rocshmem_ctx_t host[MAX_CTXS + 1];
    unsigned bd = ctx_shape.block_dim;
    int total;

    rt_step("%s", ctx_shape.name);
    memset(ctx_rec, 0, sizeof(ctx_rec));
    launch(&ctx_shape, ctx_kernel, NULL);
    total = ctx_made[0] + ctx_made[1];
    RT_CHECK_EQ("wg_ctx_create until the pool is empty: contexts made by both workgroups",
                "int", total, MAX_CTXS);
    for (unsigned b = 0; b < 2; b++) {
        const struct ctx_record *r0 = &ctx_rec[b * bd];
        int n = ctx_made[b];
        RT_CHECK("wg_team_create_ctx(ROCSHMEM_TEAM_WORLD)", "-",
                 r0->world_rc == ROCSHMEM_SUCCESS && r0->world, "workgroup %u: rc %d", b,
                 r0->world_rc);
        RT_CHECK_EQ("wg_team_create_ctx(ROCSHMEM_TEAM_INVALID)", "int", r0->invalid_rc,
                    ROCSHMEM_ERROR);
        RT_CHECK_EQ("wg_ctx_create on an empty pool", "int", r0->rc[n], ROCSHMEM_ERROR);
        RT_CHECK_EQ("wg_ctx_create on an empty pool, again", "int", r0->rc[n + 1], ROCSHMEM_ERROR);
        RT_CHECK("wg_ctx_create after destroy", "-", r0->again_rc == ROCSHMEM_SUCCESS && r0->again,
                 "workgroup %u: rc %d", b, r0->again_rc);
        for (int k = 0; k < n; k++)
            for (int j = 0; j < k; j++)
                RT_CHECK("wg_ctx_create: distinct contexts", "-", r0->opaque[k] != r0->opaque[j],
                         "workgroup %u got context %p twice", b, r0->opaque[k]);
        for (int k = 0; k < n; k++)
            for (int j = 0; j < ctx_made[1 - b]; j++)
                RT_CHECK("wg_ctx_create: distinct across workgroups", "-",
                         r0->opaque[k] != ctx_rec[(1 - b) * bd].opaque[j],
                         "both workgroups got context %p", r0->opaque[k]);
        /* Every thread of the workgroup got the same answers as its thread 0. */
        for (unsigned t = 1; t < bd; t++) {
            const struct ctx_record *r = &ctx_rec[b * bd + t];
            int same = r->world_rc == r0->world_rc && r->world == r0->world &&
                       r->invalid_rc == r0->invalid_rc && r->again_rc == r0->again_rc &&
                       r->again == r0->again && r->rc[n + 1] == r0->rc[n + 1];
            for (int k = 0; k <= n; k++)
                same = same && r->rc[k] == r0->rc[k] && r->opaque[k] == r0->opaque[k];
            RT_CHECK("wg_ctx_create / wg_team_create_ctx: same answer in the whole workgroup",
                     "-", same, "workgroup %u: thread %u differs from thread 0", b, t);
        }
    }
    /* The pool is whole again: the host gets all of it, and not one more. */
    for (int k = 0; k < MAX_CTXS; k++)
        RT_CHECK_EQ("rocshmem_ctx_create after the workgroups destroyed theirs", "int",
                    rocshmem_ctx_create(0, &host[k]), ROCSHMEM_SUCCESS);
    RT_CHECK_EQ("rocshmem_ctx_create on an empty pool", "int",
                rocshmem_ctx_create(0, &host[MAX_CTXS]), ROCSHMEM_ERROR);
    for (int k = 0; k < MAX_CTXS; k++)
        rocshmem_ctx_destroy(host[k]);
    rocshmem_barrier_all();
}

/* ---- driver -------------------------------------------------------------------------- */

/* The slowest launch of this PE, for the summary line. */
static double slowest_s;
static char slowest[160];

static void launch(const struct shape *sh, void (*kernel)(void *), void *arg)
{
    double t0 = rt_now();
    int rc;

    cur = sh;
    nthreads = sh->nblocks * sh->block_dim;
    gsize = sh->scope == SC_THREAD ? 1 : sh->scope == SC_WAVE ? sh->wave_size : sh->block_dim;
    ngroups = nthreads / gsize;
    slice = BUF / ngroups;
    sub = slice / NSUB;
    pthread_barrier_init(&grid_bar, NULL, nthreads);
    for (unsigned g = 0; gsize > 1 && g < ngroups; g++)
        pthread_barrier_init(&group_bar[g], NULL, gsize);
    rc = ro_launch(sh->nblocks, sh->block_dim, sh->wave_size, kernel, arg);
    if (rc)
        RT_FAIL("ro_launch", "-", "%s: returned %d", sh->name, rc);
    for (unsigned g = 0; gsize > 1 && g < ngroups; g++)
        pthread_barrier_destroy(&group_bar[g]);
    pthread_barrier_destroy(&grid_bar);
    if (rt_now() - t0 > slowest_s) {
        slowest_s = rt_now() - t0;
        snprintf(slowest, sizeof(slowest), "%s", rt_step_buf);
    }
}

int main(void)
{
    static const struct variant plain = { 0 }, with_ctx = { 1 };
    int provided = -1;
    double t0;

    /* Small on purpose: test_contexts runs the pool dry. */
    setenv("ROCSHMEM_MAX_NUM_CONTEXTS", RT_STR(MAX_CTXS), 1);
    RT_CHECK("init_thread", "-",
             rocshmem_init_thread(ROCSHMEM_THREAD_MULTIPLE, &provided) == ROCSHMEM_SUCCESS &&
             provided == ROCSHMEM_THREAD_MULTIPLE, "provided %d", provided);
    rt_begin("func_scopes", 2);
    me = rocshmem_my_pe();
    npes = rocshmem_n_pes();
    right = (me + 1) % npes;
    left = (me + npes - 1) % npes;
    t0 = rt_now();

    rt_step("allocation");
    sym_src = rocshmem_malloc(4 * BUF);
    sym_dst = rocshmem_malloc(4 * BUF);
    sig = rocshmem_calloc(MAX_GROUPS * (NSUB + 1), sizeof(uint64_t));
    psrc = malloc(4 * BUF);
    pget = malloc(4 * BUF);
    RT_CHECK("rocshmem_malloc", "-", sym_src && sym_dst && sig && psrc && pget, "returned NULL");
    ack = sig + MAX_GROUPS * NSUB;

    for (size_t s = 0; s < NSHAPES; s++) {
        struct shape slow_thread = shapes[s];
        const struct shape *sh = &shapes[s];
        /* sockets: ~10 ms per operation, and at thread scope every thread's own rounds
         * queue up behind each other's at the proxy. */
        if (sh->scope == SC_THREAD && rt_slow()) {
            slow_thread.name = "thread scope (2 x 4 threads, waves of 1)";
            slow_thread.block_dim = 4;
            sh = &slow_thread;
        }
        for (int k = 0; k < 2; k++) {
            /* Every type with the plain names at one wave and one workgroup shape; a
             * few types elsewhere and with the ctx_ names. */
            int all = sh->all_types && !k;
            struct kernel_arg a = { k ? &with_ctx : &plain, all ? all_types : some_types,
                                    all ? N_OF(all_types) : N_OF(some_types),
                                    (k + (int)(sh->scope == SC_WG)) % 2 };
            launch(sh, rma_kernel, &a);
            memset(sig, 0, MAX_GROUPS * (NSUB + 1) * sizeof(uint64_t));
            rocshmem_barrier_all();
            launch(sh, signal_kernel, &a);
            rocshmem_barrier_all();
        }
    }
    test_contexts();

    if (me == 0)
        printf("func_scopes: %d PEs, %.1f s; slowest launch %.1f s (last step: %s)\n", npes,
               rt_now() - t0, slowest_s, slowest);
    rocshmem_free(sig);
    rocshmem_free(sym_dst);
    rocshmem_free(sym_src);
    free(pget);
    free(psrc);
    return rt_end();
}
