/* Collectives on teams: every collective x type x op, at thread, _wave and _wg scope,
 * on several teams at once, with results every member computes for itself.
 *
 * Teams (PEs outside a team skip its cases; at 2, 3 and 4 PEs):
 *   WORLD; strided(1,2) = start 1 stride 2 (n=2,3: {1}; n=4: {1,3}); strided(0,2)
 *   ({0}, {0,2}, {0,2}); tail = start 1 stride 1 size n-1 (3 PEs at n=4); both teams of
 *   split_2d(WORLD, 2) (x: pairs of consecutive PEs, the last short at n=3; y: stride 2);
 *   a one-PE team (PE n-1); world2, a copy of WORLD for the concurrency cases.
 * Families, each through the plain name, the ctx_ name with ROCSHMEM_CTX_DEFAULT and the
 * ctx_ name with a context made by rocshmem_team_create_ctx on the team:
 *   - barrier / ctx_barrier / team_sync / ctx_sync (and barrier_all, sync_all,
 *     ctx_barrier_all, ctx_sync_all on WORLD): each member puts a round value into every
 *     other member (team PE numbers through a team context); barrier variants must make
 *     them visible by themselves, sync variants after a quiet;
 *   - TYPENAME_broadcast for every RMA type and broadcastmem, every root on every team;
 *     the root's dest is written too (OpenSHMEM 1.5);
 *   - TYPENAME_fcollect and fcollectmem; TYPENAME_alltoall and alltoallmem;
 *   - TYPENAME_alltoallv: counts that vary per pair (0 included), gaps between the source
 *     blocks, destination blocks in reverse member order with gaps that must stay intact;
 *   - TYPENAME_OP_reduce for every (type, op) of both reduction tables, out of place and in
 *     place, and TYPENAME_OP_reduce_scatter: integers exact (signed sum, min and max with
 *     negative values and bits in every byte; unsigned min/max across the top bit;
 *     unsigned sums that wrap; products small enough never to overflow; and/or/xor with
 *     dense, sparse and random bit patterns per PE), floating point within a tolerance.
 * Every case puts canaries in its destination (and guard bytes around it, and in
 * alltoallv's gaps), fills its source, calls, scribbles over the source at once (it must be
 * reusable on return), and checks every element and the guards. OpenSHMEM wants every
 * member's dest ready before any member enters, so consecutive cases of one team form a
 * batch (up to 16): every case of the batch gets a destination region of its own, all are
 * prepared, the team syncs once (one thread of a group, at thread scope), then the calls
 * run back to back.
 * Shapes: thread scope = plain host calls: every barrier variant on every team; every data
 * type x collective on WORLD (37 elements) and on one other team in turn (1, 37 or 100);
 * broadcast from every root of every team; every reduction (type, op) the same way for
 * reduce (in place for some) and reduce_scatter; sizes 0, 1, 37, 100, 1000 and one larger
 * than the team scratch space (40000 longs; ROCSHMEM_RO_TEAM_SCRATCH, default 64 KiB) on a
 * few types and four teams. _wave (W=32 and W=64) and _wg (64 threads = 2 waves of 32, 96 =
 * 3 waves of 32) run under tests/support's launcher, every thread calling with the same
 * arguments and the threads sharing fill and check: one type of each size (and mem) x
 * every data collective, fourteen (type, op) pairs covering every op and kind, every
 * barrier variant, each case on one team in turn, a scope's cases shared by its two shapes,
 * and three large cases at W=32 and at 64 threads.
 * Back to back: 50 collectives in a row on one team (reduce, broadcast, fcollect, alltoall
 * in turn, the source refilled after each, each into its own destination) with no sync
 * between them, at thread scope on three teams and (16) at _wg scope, rechecked at the end.
 * Concurrent teams: two workgroups of each PE running sequences on WORLD and on world2 (the
 * same members, two teams) at the same time, then two waves of one workgroup on the x and
 * the y team of the 2d split, each group with its own buffers.
 * Timing: a group-scope call costs tens of milliseconds at 4 PEs on two cores (its threads
 * meet in pthread barriers several times, and under Hydra each PE is a scheduler group of
 * its own), against a fraction of one at thread scope: the group-scope cases are chosen
 * to cover every family, kind and shape, not every type. */
#define RT_WATCHDOG_S 200
#include "ro_test.h"
#include "ro_launch.h"

#include <pthread.h>
#include <stdint.h>

#define MAXPE   16
#define GUARDB  64                   /* guard bytes before and after every destination */
#define CANARY  0xa5
#define SCRIBBLE 0x5c
#define NSETS   2                    /* buffer sets: one per concurrent group */
#define B2B_MAX 50                   /* back-to-back steps */
#define B2B_SLOT (GUARDB + 8 * MAXPE * 8) /* bytes per back-to-back destination */
#define MAXCASES 4096
#define BATCH_MAX 16                 /* cases behind one pre-sync, each with its own dest */
#define SLOT_A2AV (1L << 20)         /* alltoallv value index: block * SLOT_A2AV + k */

static int me, npes;
static long large_n = 40000;         /* elements of long: past the team scratch space */

/* ---- teams --------------------------------------------------------------------------- */

enum { T_WORLD, T_ODD, T_EVEN, T_TAIL, T_X, T_Y, T_ONE, T_WORLD2, NTEAMS };

struct team {
    const char *name;
    rocshmem_team_t h;
    int start, stride, size;         /* this PE's team in WORLD numbers */
    int idx;                         /* this PE's index, -1 outside */
    rocshmem_ctx_t ctx;              /* rocshmem_team_create_ctx, members only */
};
static struct team teams[NTEAMS];

static int world_of(const struct team *t, int i)
{
    return t->start + i * t->stride;
}

/* Teams other than WORLD that cases take in turn. */
static const int subteams[] = { T_ODD, T_EVEN, T_TAIL, T_X, T_Y, T_ONE };
#define NSUB ((int)(sizeof(subteams) / sizeof(subteams[0])))

/* ---- execution: thread scope, or a group of the launcher ---------------------------- */

enum scope { SC_THREAD, SC_WAVE, SC_WG };

struct exec {
    enum scope scope;
    const char *shape;               /* for messages */
    unsigned tid, nthr;              /* place in the calling group */
    unsigned group;                  /* which group of the launch (buffer set) */
    pthread_barrier_t *bar;          /* the group's own barrier (test's, not the library's) */
};

static void gsync(const struct exec *x)
{
    if (x->nthr > 1)
        pthread_barrier_wait(x->bar);
}

#define SCOPED(x, STEM, ...)                                                               \
    ((x)->scope == SC_THREAD ? rocshmem_##STEM(__VA_ARGS__)                                \
     : (x)->scope == SC_WAVE ? rocshmem_##STEM##_wave(__VA_ARGS__)                         \
                             : rocshmem_##STEM##_wg(__VA_ARGS__))

static const char *scope_suffix(const struct exec *x)
{
    return x->scope == SC_THREAD ? "" : x->scope == SC_WAVE ? "_wave" : "_wg";
}

/* ---- cases ----------------------------------------------------------------------------- */

enum coll { C_BARRIER, C_BCAST, C_FCOLLECT, C_ALLTOALL, C_ALLTOALLV, C_REDUCE, C_REDUCE_SCATTER,
            C_B2B };
static const char *const coll_names[] = { "barrier", "broadcast", "fcollect", "alltoall",
                                          "alltoallv", "reduce", "reduce_scatter", "back-to-back" };

enum bvariant { B_BARRIER, B_CTX_BARRIER, B_TEAM_SYNC, B_CTX_SYNC, B_BARRIER_ALL, B_SYNC_ALL,
                B_CTX_BARRIER_ALL, B_CTX_SYNC_ALL, B_COUNT };
static const char *const bnames[] = { "barrier", "ctx_barrier", "team_sync", "ctx_sync",
                                      "barrier_all", "sync_all", "ctx_barrier_all",
                                      "ctx_sync_all" };

struct ccase;
struct dtype {
    const char *name;                /* TYPENAME, or "mem" */
    const char *ctype;
    size_t size;
    void (*gen)(void *p, int pe, long i, unsigned salt);
    long double (*ld)(const void *p);
    void (*call)(const struct exec *x, const struct ccase *c, rocshmem_ctx_t ctx, void *d,
                 void *s, int n, int root, const size_t *dn, const size_t *dd, const size_t *sn,
                 const size_t *sd);
};

struct rpair {
    const char *name, *ctype, *op;
    size_t size;
    void (*run)(const struct exec *x, const struct ccase *c, int prep);
};

struct ccase {
    enum coll coll;
    int team;                        /* index into teams[] */
    const struct dtype *dt;          /* data collectives */
    const struct rpair *rp;          /* reductions */
    int variant;                     /* barriers */
    int n, root, use_ctx, inplace;   /* use_ctx: 0 plain, 1 CTX_DEFAULT, 2 team context */
    unsigned salt;
    /* Batches: consecutive cases of one team behind one pre-sync. Each case of a batch has
     * its own destination region (doff) and barrier slot (fslot). */
    int batch_start, no_presync, fslot;
    size_t doff;
};

static const char *const ctx_names[] = { "plain name", "ctx_ name, ROCSHMEM_CTX_DEFAULT",
                                         "ctx_ name, team context" };

static rocshmem_ctx_t case_ctx(const struct ccase *c)
{
    return c->use_ctx == 2 ? teams[c->team].ctx : ROCSHMEM_CTX_DEFAULT;
}

/* ---- symmetric buffers ----------------------------------------------------------------- */

struct bufset {
    uint8_t *src, *dst;              /* GUARDB + data + GUARDB each */
    uint8_t *b2b;                    /* B2B_MAX destinations of B2B_SLOT bytes */
    long *flags;                     /* BATCH_MAX x MAXPE words: barrier rounds */
    size_t a2av[4][MAXPE];           /* alltoallv arrays the group passes: dn, dd, sn, sd */
};
static struct bufset sets[NSETS];
static size_t buf_bytes;

/* ---- values ----------------------------------------------------------------------------- */

static uint64_t mix(uint64_t z)
{
    z += 0x9e3779b97f4a7c15ull;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static uint64_t mix3(int pe, long i, unsigned salt)
{
    return mix(((uint64_t)(unsigned)pe << 48) ^ (uint64_t)i ^ mix(salt));
}

/* Data values (moved, never computed): exact in their type, compared bit for bit. */
#define DATA_SINT(T, h)  ((T)(h))
#define DATA_UINT(T, h)  ((T)(h))
#define DATA_CHAR(T, h)  ((T)((h) & 0x7f))
#define DATA_FLOAT(T, h) ((T)((double)((h) % 2000001u) / 16.0 - 62500.0))

/* Reduction inputs, per operation, for a type of w bits and a team of N members. */
enum rop { R_SUM, R_PROD, R_MIN, R_MAX, R_AND, R_OR, R_XOR };
#define ROP_sum  R_SUM
#define ROP_prod R_PROD
#define ROP_min  R_MIN
#define ROP_max  R_MAX
#define ROP_and  R_AND
#define ROP_or   R_OR
#define ROP_xor  R_XOR

struct val {
    int64_t s;                       /* signed integer types */
    uint64_t u;                      /* unsigned */
    int c;                           /* char: 0..127 whatever its signedness */
    double f;
};

static struct val rval(enum rop op, int w, int N, int pe, long i, unsigned salt)
{
    uint64_t h = mix3(pe, i, salt), h2 = mix(h), h3 = mix(h2);
    uint64_t mask = w >= 64 ? ~0ull : (1ull << w) - 1;
    int lb = w - 8;                  /* bits below the top byte */
    struct val v = { 0, 0, 0, 0.0 };

    switch (op) {
    case R_SUM: {
        /* Signed: a top byte in [-A, A] (N * A < 128: no overflow) and random low bits. */
        int64_t a = 120 / N, hi = (int64_t)(h % (uint64_t)(2 * a + 1)) - a;
        int64_t lo = lb ? (int64_t)(h2 % ((1ull << lb) / (uint64_t)N)) : 0;
        v.s = hi * ((int64_t)1 << lb) + lo;
        v.u = h & mask;              /* unsigned sums wrap, exactly */
        v.c = (int)(h % (uint64_t)(127 / N + 1));
        v.f = ((double)(h % 20001) - 10000.0) * 0.0137;
        break;
    }
    case R_PROD: {
        /* |v| <= 2^b with b * N <= w - 2: the product fits; sometimes 0; signs mixed. */
        static const double fv[] = { 0.5, 1.25, -1.5, 2.0, -0.75, 1.1, 0.9, -1.3 };
        int b = (w - 2) / N;
        int64_t mag;
        if (b > 16)
            b = 16;
        mag = b ? 1 + (int64_t)(h % (1ull << b)) : 1;
        if (h3 % 23 == 0)
            mag = 0;
        v.s = (h2 & 1) ? -mag : mag;
        v.u = (uint64_t)mag;
        v.c = (int)mag;
        v.f = fv[h % 8];
        break;
    }
    case R_MIN:
    case R_MAX: {
        int64_t hi = (int64_t)(h % 241) - 120;
        int64_t lo = lb ? (int64_t)(h2 & ((1ull << lb) - 1)) : 0;
        v.s = hi * ((int64_t)1 << lb) + lo;
        v.u = h & mask;              /* half of them with the top bit set */
        v.c = (int)(h % 128);
        v.f = ((double)(h % 20001) - 10000.0) * 0.37;
        break;
    }
    case R_AND: v.u = (h | h2) & mask; break;        /* dense */
    case R_OR:  v.u = (h & h2 & h3) & mask; break;   /* sparse */
    case R_XOR: v.u = h & mask; break;
    }
    if (op >= R_AND)
        v.s = (int64_t)v.u;
    return v;
}

#define RVAL_SINT(T, v)  ((T)(v).s)
#define RVAL_UINT(T, v)  ((T)(v).u)
#define RVAL_CHAR(T, v)  ((T)(v).c)
#define RVAL_FLOAT(T, v) ((T)(v).f)
#define IS_FLOAT_SINT  0
#define IS_FLOAT_UINT  0
#define IS_FLOAT_CHAR  0
#define IS_FLOAT_FLOAT 1

#define COMB_sum(T, a, b)  ((T)((a) + (b)))
#define COMB_prod(T, a, b) ((T)((a) * (b)))
#define COMB_min(T, a, b)  ((b) < (a) ? (b) : (a))
#define COMB_max(T, a, b)  ((b) > (a) ? (b) : (a))
#define COMB_and(T, a, b)  ((T)((a) & (b)))
#define COMB_or(T, a, b)   ((T)((a) | (b)))
#define COMB_xor(T, a, b)  ((T)((a) ^ (b)))
/* The same fold in long double, for the floating-point tolerance (arithmetic ops only). */
#define LCOMB_sum(a, b)  ((a) + (b))
#define LCOMB_prod(a, b) ((a) * (b))
#define LCOMB_min(a, b)  ((b) < (a) ? (b) : (a))
#define LCOMB_max(a, b)  ((b) > (a) ? (b) : (a))
#define LCOMB_and(a, b)  (a)
#define LCOMB_or(a, b)   (a)
#define LCOMB_xor(a, b)  (a)

static long double ld_abs(long double v)
{
    return v < 0 ? -v : v;
}

/* ---- failure reports ---------------------------------------------------------------------- */

static void case_desc(char *buf, size_t len, const struct exec *x, const struct ccase *c)
{
    const struct team *t = &teams[c->team];
    int k = snprintf(buf, len, "team %s (%d PEs, my index %d), %s, %s", t->name, t->size,
                     t->idx, x->shape, ctx_names[c->use_ctx]);
    if (c->coll != C_BARRIER && k > 0 && (size_t)k < len)
        k += snprintf(buf + k, len - (size_t)k, c->coll == C_B2B ? ", %d steps" : ", n %d", c->n);
    if (c->coll == C_BCAST && k > 0 && (size_t)k < len)
        k += snprintf(buf + k, len - (size_t)k, ", root %d", c->root);
    if (c->inplace && k > 0 && (size_t)k < len)
        snprintf(buf + k, len - (size_t)k, ", in place");
}

static void op_name(char *buf, size_t len, const struct exec *x, const struct ccase *c)
{
    const char *cx = c->use_ctx ? "ctx_" : "";
    if (c->coll == C_REDUCE || c->coll == C_REDUCE_SCATTER)
        snprintf(buf, len, "rocshmem_%s%s_%s_%s%s", cx, c->rp->name, c->rp->op,
                 coll_names[c->coll], scope_suffix(x));
    else if (c->coll == C_BARRIER)
        snprintf(buf, len, "rocshmem_%s%s", bnames[c->variant], scope_suffix(x));
    else if (c->dt && !strcmp(c->dt->name, "mem"))
        snprintf(buf, len, "rocshmem_%s%smem%s", cx, coll_names[c->coll], scope_suffix(x));
    else
        snprintf(buf, len, "rocshmem_%s%s_%s%s", cx, c->dt ? c->dt->name : "?",
                 coll_names[c->coll], scope_suffix(x));
}

static void case_fail(const struct exec *x, const struct ccase *c, const char *ctype,
                      const char *fmt, ...) __attribute__((format(printf, 4, 5), noreturn));
static void case_fail(const struct exec *x, const struct ccase *c, const char *ctype,
                      const char *fmt, ...)
{
    char op[160], desc[256], what[512];
    va_list ap;

    op_name(op, sizeof(op), x, c);
    case_desc(desc, sizeof(desc), x, c);
    va_start(ap, fmt);
    vsnprintf(what, sizeof(what), fmt, ap);
    va_end(ap);
    RT_FAIL(op, ctype, "%s (salt %u, thread %u of the group): %s", desc, c->salt, x->tid, what);
}

static void step_name(const struct exec *x, const struct ccase *c)
{
    char op[160], desc[256];
    if (x->tid || x->group)
        return;
    op_name(op, sizeof(op), x, c);
    case_desc(desc, sizeof(desc), x, c);
    rt_step("%s: %s", op, desc);
}

/* ---- shared pieces of a case ------------------------------------------------------------ */

/* Guard bytes of a destination of `bytes` data bytes at base + GUARDB (thread 0 of the group). */
static void guards_set(const struct exec *x, uint8_t *base, size_t bytes)
{
    if (x->tid == 0) {
        memset(base, CANARY, GUARDB);
        memset(base + GUARDB + bytes, CANARY, GUARDB);
    }
}

static void guards_check(const struct exec *x, const struct ccase *c, const uint8_t *base,
                         size_t bytes)
{
    if (x->tid != 0)
        return;
    for (size_t k = 0; k < GUARDB; k++) {
        if (base[k] != CANARY)
            case_fail(x, c, "-", "guard byte %zu before the destination is 0x%02x: written "
                      "out of bounds", GUARDB - k, base[k]);
        if (base[GUARDB + bytes + k] != CANARY)
            case_fail(x, c, "-", "guard byte %zu after the %zu destination bytes is 0x%02x: "
                      "written out of bounds", k, bytes, base[GUARDB + bytes + k]);
    }
    RT_COUNT(1);
}

static int is_canary(const uint8_t *p, size_t n)
{
    for (size_t k = 0; k < n; k++)
        if (p[k] != CANARY)
            return 0;
    return 1;
}

/* The team sync that makes every member's destination ready (OpenSHMEM asks it of the
 * caller), after the whole group has filled its buffers. One thread of the group makes it
 * at thread scope: a group-scope call costs tens of milliseconds on two cores at 4 PEs,
 * and the group-scope syncs have cases of their own. */
static void presync(const struct exec *x, const struct ccase *c)
{
    gsync(x);
    if (x->tid == 0)
        rocshmem_team_sync(teams[c->team].h);
    gsync(x);
}

/* ---- data collectives: broadcast, fcollect, alltoall, alltoallv --------------------------- */

static size_t a2av_count(int from, int to, int n, unsigned salt)
{
    if (n == 0 || (from + 2 * to + (int)(salt % 3)) % 3 == 0)
        return 0;
    return (size_t)n + (size_t)((unsigned)(from * 7 + to * 3) + salt) % 5;
}

struct a2av {
    size_t dn[MAXPE], dd[MAXPE], sn[MAXPE], sd[MAXPE];
    long nsrc, ndst;
};

/* Source blocks in member order with a gap of one element; destination blocks in reverse
 * member order with gaps of two. */
static void a2av_layout(struct a2av *l, int N, int mi, int n, unsigned salt)
{
    size_t off = 0;
    for (int j = 0; j < N; j++) {
        l->sn[j] = a2av_count(mi, j, n, salt);
        l->sd[j] = off;
        off += l->sn[j] + 1;
    }
    l->nsrc = (long)off;
    off = 0;
    for (int i = N - 1; i >= 0; i--) {
        l->dn[i] = a2av_count(i, mi, n, salt);
        l->dd[i] = off;
        off += l->dn[i] + 2;
    }
    l->ndst = (long)off;
}

static void run_data(const struct exec *x, const struct ccase *c, int prep)
{
    const struct dtype *dt = c->dt;
    const struct team *t = &teams[c->team];
    struct bufset *b = &sets[x->group];
    size_t sz = dt->size;
    int N = t->size, mi = t->idx, mw = me, n = c->n;
    uint8_t *dbase = b->dst + c->doff, *src = b->src + GUARDB, *dst = dbase + GUARDB;
    long nsrc = 0, ndst = 0;
    struct a2av l;
    uint8_t want[16];
    int is_root = c->coll == C_BCAST && c->root == mi;

    switch (c->coll) {
    case C_BCAST: nsrc = ndst = n; break;
    case C_FCOLLECT: nsrc = n, ndst = (long)N * n; break;
    case C_ALLTOALL: nsrc = ndst = (long)N * n; break;
    default:
        a2av_layout(&l, N, mi, n, c->salt);
        nsrc = l.nsrc, ndst = l.ndst;
        break;
    }
    if (prep) {
        /* Before the batch's sync: canaries in the destination and its guards. */
        for (long i = x->tid; i < ndst; i += x->nthr)
            memset(dst + i * sz, CANARY, sz);
        guards_set(x, dbase, (size_t)ndst * sz);
        return;
    }
    step_name(x, c);
    /* Fill: element i of the source belongs to thread i % nthr, and so does its check. */
    for (long i = x->tid; i < nsrc; i += x->nthr) {
        long vi = i;
        if (c->coll == C_ALLTOALLV) {
            int j = 0;
            while (j + 1 < N && (long)l.sd[j + 1] <= i)
                j++;
            if (i - (long)l.sd[j] >= (long)l.sn[j]) {
                memset(src + i * sz, CANARY, sz);
                continue;
            }
            vi = j * SLOT_A2AV + (i - (long)l.sd[j]);
        }
        dt->gen(src + i * sz, mw, vi, c->salt);
    }
    if (c->coll == C_ALLTOALLV && x->tid == 0) {
        memcpy(b->a2av[0], l.dn, sizeof(l.dn));
        memcpy(b->a2av[1], l.dd, sizeof(l.dd));
        memcpy(b->a2av[2], l.sn, sizeof(l.sn));
        memcpy(b->a2av[3], l.sd, sizeof(l.sd));
    }
    gsync(x);
    dt->call(x, c, case_ctx(c), dst, src, n, c->root, b->a2av[0], b->a2av[1], b->a2av[2],
             b->a2av[3]);
    /* The source may be reused as soon as the call returns. */
    if (c->coll != C_BCAST || is_root)
        for (long i = x->tid; i < nsrc; i += x->nthr)
            memset(src + i * sz, SCRIBBLE, sz);

    for (long i = x->tid; i < ndst; i += x->nthr) {
        int from;
        long vi;
        if (c->coll == C_BCAST) {
            from = c->root, vi = i;
        } else if (c->coll == C_FCOLLECT) {
            from = (int)(i / n), vi = i % n;
        } else if (c->coll == C_ALLTOALL) {
            from = (int)(i / n), vi = (long)mi * n + i % n;
        } else {
            /* Which destination block (reverse order), or a gap. */
            from = N - 1;
            while (from > 0 && (long)l.dd[from - 1] <= i)
                from--;
            vi = i - (long)l.dd[from];
            if (vi >= (long)l.dn[from]) {
                if (!is_canary(dst + i * sz, sz))
                    case_fail(x, c, dt->ctype, "element %ld, in the gap after the block from "
                              "member %d (displacement %zu, %zu elements), was written: %.21Lg",
                              i, from, l.dd[from], l.dn[from], dt->ld(dst + i * sz));
                continue;
            }
            vi += (long)mi * SLOT_A2AV;
        }
        dt->gen(want, world_of(t, from), vi, c->salt);
        if (memcmp(dst + i * sz, want, sz))
            case_fail(x, c, dt->ctype, "destination element %ld (from member %d = PE %d): got "
                      "%.21Lg, expected %.21Lg%s", i, from, world_of(t, from),
                      dt->ld(dst + i * sz), dt->ld(want),
                      is_canary(dst + i * sz, sz) ? " (never written)" : "");
    }
    RT_COUNT(1);
    guards_check(x, c, dbase, (size_t)ndst * sz);
    gsync(x);
}

#define DEF_DTYPE(NAME, TYPE, KIND)                                                        \
    static void dgen_##NAME(void *p, int pe, long i, unsigned salt)                       \
    {                                                                                      \
        TYPE v = DATA_##KIND(TYPE, mix3(pe, i, salt));                                     \
        memcpy(p, &v, sizeof(v));                                                          \
    }                                                                                      \
    static long double dld_##NAME(const void *p)                                           \
    {                                                                                      \
        TYPE v;                                                                            \
        memcpy(&v, p, sizeof(v));                                                          \
        return (long double)v;                                                             \
    }                                                                                      \
    static void dcall_##NAME(const struct exec *x, const struct ccase *c, rocshmem_ctx_t ctx, \
                             void *d, void *s, int n, int root, const size_t *dn,          \
                             const size_t *dd, const size_t *sn, const size_t *sd)         \
    {                                                                                      \
        rocshmem_team_t tm = teams[c->team].h;                                             \
        TYPE *D = d, *S = s;                                                               \
        switch (c->coll) {                                                                 \
        case C_BCAST:                                                                      \
            if (c->use_ctx)                                                                \
                SCOPED(x, ctx_##NAME##_broadcast, ctx, tm, D, S, n, root);                 \
            else                                                                           \
                SCOPED(x, NAME##_broadcast, tm, D, S, n, root);                            \
            break;                                                                         \
        case C_FCOLLECT:                                                                   \
            if (c->use_ctx)                                                                \
                SCOPED(x, ctx_##NAME##_fcollect, ctx, tm, D, S, n);                        \
            else                                                                           \
                SCOPED(x, NAME##_fcollect, tm, D, S, n);                                   \
            break;                                                                         \
        case C_ALLTOALL:                                                                   \
            if (c->use_ctx)                                                                \
                SCOPED(x, ctx_##NAME##_alltoall, ctx, tm, D, S, n);                        \
            else                                                                           \
                SCOPED(x, NAME##_alltoall, tm, D, S, n);                                   \
            break;                                                                         \
        default:                                                                           \
            if (c->use_ctx)                                                                \
                SCOPED(x, ctx_##NAME##_alltoallv, ctx, tm, D, dn, dd, S, sn, sd);          \
            else                                                                           \
                SCOPED(x, NAME##_alltoallv, tm, D, dn, dd, S, sn, sd);                     \
            break;                                                                         \
        }                                                                                  \
    }
ROCSHMEM_FOR_RMA_TYPES(DEF_DTYPE)
#undef DEF_DTYPE

/* The mem forms move bytes: n is a byte count. */
static void dgen_mem(void *p, int pe, long i, unsigned salt)
{
    *(uint8_t *)p = (uint8_t)mix3(pe, i, salt);
}

static long double dld_mem(const void *p)
{
    return *(const uint8_t *)p;
}

static void dcall_mem(const struct exec *x, const struct ccase *c, rocshmem_ctx_t ctx, void *d,
                      void *s, int n, int root, const size_t *dn, const size_t *dd,
                      const size_t *sn, const size_t *sd)
{
    rocshmem_team_t tm = teams[c->team].h;
    size_t nb = (size_t)n;
    switch (c->coll) {
    case C_BCAST:
        if (c->use_ctx)
            SCOPED(x, ctx_broadcastmem, ctx, tm, d, s, nb, root);
        else
            SCOPED(x, broadcastmem, tm, d, s, nb, root);
        break;
    case C_FCOLLECT:
        if (c->use_ctx)
            SCOPED(x, ctx_fcollectmem, ctx, tm, d, s, nb);
        else
            SCOPED(x, fcollectmem, tm, d, s, nb);
        break;
    default:
        if (c->use_ctx)
            SCOPED(x, ctx_alltoallmem, ctx, tm, d, s, nb);
        else
            SCOPED(x, alltoallmem, tm, d, s, nb);
        break;
    }
}

#define DTYPE_ENTRY(NAME, TYPE, KIND) { #NAME, #TYPE, sizeof(TYPE), dgen_##NAME, dld_##NAME, dcall_##NAME },
static const struct dtype dtypes[] = {
    ROCSHMEM_FOR_RMA_TYPES(DTYPE_ENTRY)
    { "mem", "bytes", 1, dgen_mem, dld_mem, dcall_mem },
};
#undef DTYPE_ENTRY
#define NDTYPES ((int)(sizeof(dtypes) / sizeof(dtypes[0])))

static const struct dtype *dtype_named(const char *name)
{
    for (int k = 0; k < NDTYPES; k++)
        if (!strcmp(dtypes[k].name, name))
            return &dtypes[k];
    RT_FAIL("test setup", name, "no such data type in the table");
}

/* ---- reductions ----------------------------------------------------------------------------- */

/* reduce: dest[k] = OP over members m of source_m[k]; reduce_scatter: member mi gets
 * dest[k] = OP over m of source_m[mi * n + k]. Inputs depend on the member's WORLD number. */
#define DEF_RED(NAME, TYPE, KIND, OP)                                                      \
    static void red_##NAME##_##OP(const struct exec *x, const struct ccase *c, int prep)  \
    {                                                                                      \
        const struct team *t = &teams[c->team];                                            \
        struct bufset *b = &sets[x->group];                                                \
        int N = t->size, mi = t->idx, n = c->n, w = (int)(8 * sizeof(TYPE)), rc;           \
        int scatter = c->coll == C_REDUCE_SCATTER;                                         \
        long nsrc = scatter ? (long)n * N : n;                                             \
        uint8_t *dbase = b->dst + c->doff;                                                 \
        TYPE *dst = (TYPE *)(dbase + GUARDB);                                              \
        TYPE *src = c->inplace ? dst : (TYPE *)(b->src + GUARDB);                          \
        rocshmem_ctx_t ctx = case_ctx(c);                                                  \
        if (prep) {                                                                        \
            /* Before the batch's sync: canaries, or the input of an in-place call. */     \
            for (long i = x->tid; i < n; i += x->nthr) {                                   \
                if (c->inplace)                                                            \
                    dst[i] = RVAL_##KIND(TYPE, rval(ROP_##OP, w, N, me, i, c->salt));      \
                else                                                                       \
                    memset(&dst[i], CANARY, sizeof(TYPE));                                 \
            }                                                                              \
            guards_set(x, dbase, (size_t)n * sizeof(TYPE));                                \
            return;                                                                        \
        }                                                                                  \
        step_name(x, c);                                                                   \
        if (!c->inplace)                                                                   \
            for (long i = x->tid; i < nsrc; i += x->nthr)                                  \
                src[i] = RVAL_##KIND(TYPE, rval(ROP_##OP, w, N, me, i, c->salt));          \
        gsync(x);                                                                          \
        if (scatter)                                                                       \
            rc = c->use_ctx                                                                \
                     ? SCOPED(x, ctx_##NAME##_##OP##_reduce_scatter, ctx, t->h, dst, src, n) \
                     : SCOPED(x, NAME##_##OP##_reduce_scatter, t->h, dst, src, n);         \
        else                                                                               \
            rc = c->use_ctx ? SCOPED(x, ctx_##NAME##_##OP##_reduce, ctx, t->h, dst, src, n) \
                            : SCOPED(x, NAME##_##OP##_reduce, t->h, dst, src, n);          \
        if (rc != 0)                                                                       \
            case_fail(x, c, #TYPE, "returned %d", rc);                                     \
        if (!c->inplace)                                                                   \
            for (long i = x->tid; i < nsrc; i += x->nthr)                                  \
                memset(&src[i], SCRIBBLE, sizeof(TYPE));                                   \
        for (long i = x->tid; i < n; i += x->nthr) {                                       \
            long gi = scatter ? (long)mi * n + i : i;                                      \
            TYPE acc = RVAL_##KIND(TYPE, rval(ROP_##OP, w, N, world_of(t, 0), gi, c->salt)); \
            long double lacc = (long double)acc, scale = ld_abs(lacc);                     \
            for (int m = 1; m < N; m++) {                                                  \
                TYPE v = RVAL_##KIND(TYPE, rval(ROP_##OP, w, N, world_of(t, m), gi, c->salt)); \
                acc = COMB_##OP(TYPE, acc, v);                                             \
                lacc = LCOMB_##OP(lacc, (long double)v);                       \
                scale += ld_abs((long double)v);                                           \
            }                                                                              \
            if (IS_FLOAT_##KIND) {                                                         \
                long double tol = sizeof(TYPE) < sizeof(double) ? 1e-5L : 1e-11L;          \
                if (ROP_##OP != R_SUM)                                                     \
                    scale = ld_abs(lacc);                                                  \
                if (!(ld_abs((long double)dst[i] - lacc) <= tol * scale + 1e-30L))         \
                    case_fail(x, c, #TYPE, "element %ld: got %.21Lg, expected %.21Lg "     \
                              "(tolerance %.3Lg)", i, (long double)dst[i], lacc, tol * scale); \
            } else if (!(dst[i] == acc)) {                                                 \
                case_fail(x, c, #TYPE, "element %ld: got %.21Lg, expected %.21Lg%s", i,    \
                          (long double)dst[i], (long double)acc,                           \
                          is_canary((const uint8_t *)&dst[i], sizeof(TYPE)) ? " (never written)" : ""); \
            }                                                                              \
        }                                                                                  \
        RT_COUNT(1);                                                                       \
        guards_check(x, c, dbase, (size_t)n * sizeof(TYPE));                               \
        gsync(x);                                                                          \
    }
#define DEF_RED_ARITH(NAME, TYPE, KIND)                                                    \
    DEF_RED(NAME, TYPE, KIND, sum) DEF_RED(NAME, TYPE, KIND, prod)                         \
    DEF_RED(NAME, TYPE, KIND, min) DEF_RED(NAME, TYPE, KIND, max)
#define DEF_RED_BITWISE(NAME, TYPE, KIND)                                                  \
    DEF_RED(NAME, TYPE, KIND, and) DEF_RED(NAME, TYPE, KIND, or) DEF_RED(NAME, TYPE, KIND, xor)
ROCSHMEM_FOR_REDUCE_ARITH_TYPES(DEF_RED_ARITH)
ROCSHMEM_FOR_REDUCE_BITWISE_TYPES(DEF_RED_BITWISE)
#undef DEF_RED_ARITH
#undef DEF_RED_BITWISE
#undef DEF_RED

#define RP(NAME, TYPE, OP) { #NAME, #TYPE, #OP, sizeof(TYPE), red_##NAME##_##OP },
#define RP_ARITH(NAME, TYPE, KIND) RP(NAME, TYPE, sum) RP(NAME, TYPE, prod) RP(NAME, TYPE, min) RP(NAME, TYPE, max)
#define RP_BITWISE(NAME, TYPE, KIND) RP(NAME, TYPE, and) RP(NAME, TYPE, or) RP(NAME, TYPE, xor)
static const struct rpair rpairs[] = {
    ROCSHMEM_FOR_REDUCE_ARITH_TYPES(RP_ARITH)
    ROCSHMEM_FOR_REDUCE_BITWISE_TYPES(RP_BITWISE)
};
#undef RP
#undef RP_ARITH
#undef RP_BITWISE
#define NRPAIRS ((int)(sizeof(rpairs) / sizeof(rpairs[0])))

static const struct rpair *rpair_named(const char *name, const char *op)
{
    for (int k = 0; k < NRPAIRS; k++)
        if (!strcmp(rpairs[k].name, name) && !strcmp(rpairs[k].op, op))
            return &rpairs[k];
    RT_FAIL("test setup", name, "no reduction %s in the table", op);
}

/* ---- barriers ------------------------------------------------------------------------------- */

/* Each member puts salt * 1000 + its index into flags[its index] on every other member
 * (threads of a group share the puts), then the barrier; afterwards every slot holds its
 * sender's value. Sync variants need a quiet first (of each thread that put). */
static void run_barrier(const struct exec *x, const struct ccase *c, int prep)
{
    const struct team *t = &teams[c->team];
    struct bufset *b = &sets[x->group];
    long *fl = b->flags + (size_t)c->fslot * MAXPE;
    rocshmem_ctx_t ctx = case_ctx(c);
    rocshmem_team_t tm = t->h;
    int N = t->size, mi = t->idx, put = 0;
    int sync_only = c->variant == B_TEAM_SYNC || c->variant == B_CTX_SYNC ||
                    c->variant == B_SYNC_ALL || c->variant == B_CTX_SYNC_ALL;
    long val = (long)c->salt * 1000 + mi;

    if (prep)
        return;
    step_name(x, c);
    gsync(x);
    for (int m = (int)x->tid; m < N; m += (int)x->nthr) {
        if (m == mi)
            continue;
        if (c->use_ctx)
            rocshmem_ctx_long_p(ctx, &fl[mi], val, c->use_ctx == 2 ? m : world_of(t, m));
        else
            rocshmem_long_p(&fl[mi], val, world_of(t, m));
        put = 1;
    }
    if (sync_only && put) {
        if (c->use_ctx)
            rocshmem_ctx_quiet(ctx);
        else
            rocshmem_quiet();
    }
    switch (c->variant) {
    case B_BARRIER: SCOPED(x, barrier, tm); break;
    case B_CTX_BARRIER: SCOPED(x, ctx_barrier, ctx, tm); break;
    case B_TEAM_SYNC: SCOPED(x, team_sync, tm); break;
    case B_CTX_SYNC: SCOPED(x, ctx_sync, ctx, tm); break;
    case B_BARRIER_ALL: SCOPED(x, barrier_all); break;
    case B_SYNC_ALL: SCOPED(x, sync_all); break;
    case B_CTX_BARRIER_ALL: SCOPED(x, ctx_barrier_all, ctx); break;
    default: SCOPED(x, ctx_sync_all, ctx); break;
    }
    for (int m = (int)x->tid; m < N; m += (int)x->nthr) {
        long want = (long)c->salt * 1000 + m;
        if (m != mi && fl[m] != want)
            case_fail(x, c, "long", "the put of member %d (PE %d) before the %s is not visible "
                      "after it: slot holds %ld, expected %ld", m, world_of(t, m),
                      sync_only ? "quiet + sync" : "barrier", fl[m], want);
    }
    RT_COUNT(1);
    gsync(x);
}

/* ---- back to back ------------------------------------------------------------------------- */

/* Steps (c->n) without a sync between them: long sum reduce (7), int broadcast (5, root
 * s % N), double fcollect (3), int alltoall (2 per member). One source buffer refilled after
 * every step, a destination of its own per step; at the end a sync and every destination
 * again. */

static void b2b_check(const struct exec *x, const struct ccase *c, int s, const char *when)
{
    const struct team *t = &teams[c->team];
    struct bufset *b = &sets[x->group];
    int N = t->size, mi = t->idx;
    unsigned salt = c->salt * 64 + (unsigned)s;
    uint8_t *slot = b->b2b + (size_t)s * B2B_SLOT + GUARDB;

    switch (s % 4) {
    case 0: {
        long *d = (long *)slot;
        for (long i = x->tid; i < 7; i += x->nthr) {
            long want = 0;
            for (int m = 0; m < N; m++)
                want += RVAL_SINT(long, rval(R_SUM, 64, N, world_of(t, m), i, salt));
            if (d[i] != want)
                case_fail(x, c, "long", "%s: step %d (long_sum_reduce, 7), element %ld: got %ld, "
                          "expected %ld", when, s, i, d[i], want);
        }
        break;
    }
    case 1: {
        int *d = (int *)slot, root = s % N;
        for (long i = x->tid; i < 5; i += x->nthr)
            if (d[i] != DATA_SINT(int, mix3(world_of(t, root), i, salt)))
                case_fail(x, c, "int", "%s: step %d (int_broadcast, 5, root %d), element %ld: "
                          "got %d, expected %d", when, s, root, i, d[i],
                          DATA_SINT(int, mix3(world_of(t, root), i, salt)));
        break;
    }
    case 2: {
        double *d = (double *)slot;
        for (long i = x->tid; i < 3L * N; i += x->nthr)
            if (d[i] != DATA_FLOAT(double, mix3(world_of(t, (int)(i / 3)), i % 3, salt)))
                case_fail(x, c, "double", "%s: step %d (double_fcollect, 3), element %ld: got "
                          "%.17g, expected %.17g", when, s, i, d[i],
                          DATA_FLOAT(double, mix3(world_of(t, (int)(i / 3)), i % 3, salt)));
        break;
    }
    default: {
        int *d = (int *)slot;
        for (long i = x->tid; i < 2L * N; i += x->nthr) {
            int want = DATA_SINT(int, mix3(world_of(t, (int)(i / 2)), mi * 2 + i % 2, salt));
            if (d[i] != want)
                case_fail(x, c, "int", "%s: step %d (int_alltoall, 2), element %ld: got %d, "
                          "expected %d", when, s, i, d[i], want);
        }
        break;
    }
    }
    RT_COUNT(1);
}

static void run_b2b(const struct exec *x, const struct ccase *c, int prep)
{
    const struct team *t = &teams[c->team];
    struct bufset *b = &sets[x->group];
    rocshmem_team_t tm = t->h;
    rocshmem_ctx_t ctx = case_ctx(c);
    int N = t->size, steps = c->n, uc = c->use_ctx;

    if (prep)
        return;
    step_name(x, c);
    if (x->tid == 0)
        memset(b->b2b, CANARY, (size_t)steps * B2B_SLOT);
    presync(x, c);
    for (int s = 0; s < steps; s++) {
        unsigned salt = c->salt * 64 + (unsigned)s;
        uint8_t *slot = b->b2b + (size_t)s * B2B_SLOT + GUARDB;
        int rc = 0;
        switch (s % 4) {
        case 0: {
            long *src = (long *)(b->src + GUARDB);
            for (long i = x->tid; i < 7; i += x->nthr)
                src[i] = RVAL_SINT(long, rval(R_SUM, 64, N, me, i, salt));
            rc = uc ? SCOPED(x, ctx_long_sum_reduce, ctx, tm, (long *)slot, src, 7)
                    : SCOPED(x, long_sum_reduce, tm, (long *)slot, src, 7);
            break;
        }
        case 1: {
            int *src = (int *)(b->src + GUARDB);
            for (long i = x->tid; i < 5; i += x->nthr)
                src[i] = DATA_SINT(int, mix3(me, i, salt));
            if (uc)
                SCOPED(x, ctx_int_broadcast, ctx, tm, (int *)slot, src, 5, s % N);
            else
                SCOPED(x, int_broadcast, tm, (int *)slot, src, 5, s % N);
            break;
        }
        case 2: {
            double *src = (double *)(b->src + GUARDB);
            for (long i = x->tid; i < 3; i += x->nthr)
                src[i] = DATA_FLOAT(double, mix3(me, i, salt));
            if (uc)
                SCOPED(x, ctx_double_fcollect, ctx, tm, (double *)slot, src, 3);
            else
                SCOPED(x, double_fcollect, tm, (double *)slot, src, 3);
            break;
        }
        default: {
            int *src = (int *)(b->src + GUARDB);
            for (long i = x->tid; i < 2L * N; i += x->nthr)
                src[i] = DATA_SINT(int, mix3(me, i, salt));
            if (uc)
                SCOPED(x, ctx_int_alltoall, ctx, tm, (int *)slot, src, 2);
            else
                SCOPED(x, int_alltoall, tm, (int *)slot, src, 2);
            break;
        }
        }
        if (rc)
            case_fail(x, c, "long", "step %d: long_sum_reduce returned %d", s, rc);
        b2b_check(x, c, s, "right after the call");
    }
    /* Nothing arrives late into an earlier step's destination. */
    SCOPED(x, team_sync, tm);
    for (int s = 0; s < steps; s++) {
        const uint8_t *slot = b->b2b + (size_t)s * B2B_SLOT;
        b2b_check(x, c, s, "after all steps and a sync");
        if (x->tid == 0 && !is_canary(slot, GUARDB))
            case_fail(x, c, "-", "step %d: guard before its destination written", s);
    }
    gsync(x);
}

/* ---- running plans ----------------------------------------------------------------------- */

/* prep: the part before the batch's pre-sync (destinations); else the call and checks. */
static void run_case(const struct exec *x, const struct ccase *c, int prep)
{
    switch (c->coll) {
    case C_BARRIER: run_barrier(x, c, prep); break;
    case C_REDUCE:
    case C_REDUCE_SCATTER: c->rp->run(x, c, prep); break;
    case C_B2B: run_b2b(x, c, prep); break;
    default: run_data(x, c, prep); break;
    }
}

/* Plans: one per group of a launch (group 0 at thread scope). Every PE walks the same
 * sequence of cases and keeps those of its teams; the salt counts every case, kept or
 * not, so it agrees on all members. */
static struct ccase plan[NSETS][MAXCASES];
static int nplan[NSETS];
static unsigned next_salt;
/* The batch being formed: cut at every change of plan or team, at BATCH_MAX cases, when the
 * destination buffer is full, and around back-to-back runs. The cut depends only on the
 * sequence and the team's size, so every member of a team cuts at the same cases. */
static int batch_g = -1, batch_team = -1, batch_len, batch_solo, batch_pending;
static size_t batch_off;

/* Destination bytes of a case (guards included; an upper bound for alltoallv, whose exact
 * extent differs between members). */
static size_t case_region(const struct ccase *c)
{
    size_t N = (size_t)teams[c->team].size, n = (size_t)c->n, bytes = 0;
    switch (c->coll) {
    case C_BARRIER:
    case C_B2B: return 0;
    case C_REDUCE:
    case C_REDUCE_SCATTER: bytes = n * c->rp->size; break;
    case C_BCAST: bytes = n * c->dt->size; break;
    case C_FCOLLECT:
    case C_ALLTOALL: bytes = N * n * c->dt->size; break;
    default: bytes = N * (n + 6) * c->dt->size; break;
    }
    return (2 * GUARDB + bytes + 63) & ~(size_t)63;
}

static void add(int g, struct ccase c)
{
    const struct team *t = &teams[c.team];
    size_t region = case_region(&c);
    c.salt = ++next_salt;
    if (g != batch_g || c.team != batch_team || batch_len >= BATCH_MAX || batch_solo ||
        c.coll == C_B2B || batch_off + region > buf_bytes) {
        batch_g = g, batch_team = c.team, batch_len = 0, batch_off = 0;
        batch_pending = 1;
    }
    if (region > buf_bytes)
        RT_FAIL("test setup", "-", "a case needs %zu destination bytes, the buffer has %zu",
                region, buf_bytes);
    batch_solo = c.coll == C_B2B;
    c.no_presync = c.coll == C_B2B;
    c.doff = batch_off, c.fslot = batch_len;
    batch_off += region, batch_len++;
    if (t->idx < 0 || (c.coll == C_BCAST && c.root >= t->size))
        return;
    /* The first case of a batch that this PE keeps starts it here (the members of a team
     * skip the same cases). */
    c.batch_start = batch_pending;
    batch_pending = 0;
    if (c.use_ctx == 2 && !t->ctx.ctx_opaque)
        c.use_ctx = 1;
    if (c.coll == C_B2B && (c.n <= 0 || c.n > B2B_MAX))
        c.n = B2B_MAX;
    if (nplan[g] >= MAXCASES)
        RT_FAIL("test setup", "-", "more than %d cases in a plan", MAXCASES);
    plan[g][nplan[g]++] = c;
}

static void reset_plans(void)
{
    for (int g = 0; g < NSETS; g++)
        nplan[g] = 0;
    batch_g = batch_team = -1;
    batch_pending = 0;
}

/* A batch: every case's destination prepared, one pre-sync, then the calls. */
static void run_plan(const struct exec *x, int g)
{
    for (int i = 0; i < nplan[g];) {
        int j = i + 1;
        while (j < nplan[g] && !plan[g][j].batch_start)
            j++;
        for (int k = i; k < j; k++)
            run_case(x, &plan[g][k], 1);
        if (!plan[g][i].no_presync)
            presync(x, &plan[g][i]);
        for (int k = i; k < j; k++)
            run_case(x, &plan[g][k], 0);
        i = j;
    }
}

/* A case's root in its team: k reduced to the team's size on members. */
static int root_in(int team, int k)
{
    return teams[team].size > 0 ? k % teams[team].size : 0;
}

static void add_data(int g, const struct dtype *dt, enum coll coll, int team, int n, int root, int use_ctx)
{
    add(g, (struct ccase){ .coll = coll, .team = team, .dt = dt, .n = n, .root = root,
                           .use_ctx = use_ctx });
}

static void add_red(int g, const struct rpair *rp, enum coll coll, int team, int n, int inplace,
                    int use_ctx)
{
    add(g, (struct ccase){ .coll = coll, .team = team, .rp = rp, .n = n,
                           .inplace = coll == C_REDUCE && inplace, .use_ctx = use_ctx });
}

/* Group-scope cases are split between a scope's two shapes: part 0 takes two thirds of
 * them, part 1 the rest (part -1: all). */
static int in_part(unsigned k, int part)
{
    return part < 0 || (part ? k % 3 == 2 : k % 3 != 2);
}

/* Every barrier variant, through each name and context kind (the _all ones on WORLD). */
static void add_barriers(int g, int team, int part)
{
    static const struct { int variant, use_ctx; } v[] = {
        { B_BARRIER, 0 }, { B_CTX_BARRIER, 1 }, { B_CTX_BARRIER, 2 }, { B_TEAM_SYNC, 0 },
        { B_CTX_SYNC, 1 }, { B_CTX_SYNC, 2 }, { B_BARRIER_ALL, 0 }, { B_SYNC_ALL, 0 },
        { B_CTX_BARRIER_ALL, 1 }, { B_CTX_BARRIER_ALL, 2 }, { B_CTX_SYNC_ALL, 1 },
        { B_CTX_SYNC_ALL, 2 },
    };
    for (unsigned e = 0; e < sizeof(v) / sizeof(v[0]); e++)
        if ((e < 6 || team == T_WORLD) && in_part(e, part))
            add(g, (struct ccase){ .coll = C_BARRIER, .team = team, .variant = v[e].variant,
                                   .use_ctx = v[e].use_ctx });
}

/* Thread scope: every data type and every reduction (type, op), on WORLD and again on one
 * other team in turn; grouped by team, so that batches are long. */
static void plan_thread_all(void)
{
    static const int small[] = { 1, 37, 100 }, rs_small[] = { 1, 7, 20 };
    static const enum coll dcolls[] = { C_BCAST, C_FCOLLECT, C_ALLTOALL, C_ALLTOALLV };
    int slow = rt_slow();

    for (int round = 0; round < 2; round++)
        for (int k = 0; k < NTEAMS; k++)
            add_barriers(0, k, -1);
    for (int si = -1; si < NSUB; si++) {
        int team = si < 0 ? T_WORLD : subteams[si];
        for (int d = 0; d < NDTYPES; d++)
            for (int ci = 0; ci < 4; ci++) {
                if (dcolls[ci] == C_ALLTOALLV && !strcmp(dtypes[d].name, "mem"))
                    continue;
                if (si < 0)
                    add_data(0, &dtypes[d], dcolls[ci], team, 37, root_in(team, d), (d + ci) % 3);
                else if ((d * 4 + ci) % NSUB == si && (!slow || d % 4 == ci))
                    add_data(0, &dtypes[d], dcolls[ci], team, small[(d + ci) % 3],
                             root_in(team, d + ci), (d + ci + 1) % 3);
            }
        /* Broadcast from every root: the mem form on every team, two types on WORLD. */
        for (int r = 0; r < npes; r++) {
            add_data(0, dtype_named("mem"), C_BCAST, team, 37 + r, r, r % 3);
            if (si < 0) {
                add_data(0, dtype_named("float"), C_BCAST, team, 37, r, (r + 1) % 3);
                add_data(0, dtype_named("uint64"), C_BCAST, team, 100, r, (r + 2) % 3);
            }
        }
        for (int p = 0; p < NRPAIRS; p++) {
            const struct rpair *rp = &rpairs[p];
            if (si < 0)
                add_red(0, rp, C_REDUCE, team, 37, p % 4 == 1, p % 3);
            else if (p % NSUB == si && (!slow || p % 4 == 0))
                add_red(0, rp, C_REDUCE, team, small[(p / NSUB) % 3], p % 2, (p + 1) % 3);
        }
        for (int p = 0; p < NRPAIRS; p++) {
            const struct rpair *rp = &rpairs[p];
            if (si < 0)
                add_red(0, rp, C_REDUCE_SCATTER, team, 5, 0, (p + 2) % 3);
            else if ((p + 3) % NSUB == si && (!slow || p % 4 == 0))
                add_red(0, rp, C_REDUCE_SCATTER, team, rs_small[(p / NSUB) % 3], 0, p % 3);
        }
    }
    /* world2 too: every root of broadcastmem. */
    for (int r = 0; r < npes; r++)
        add_data(0, dtype_named("mem"), C_BCAST, T_WORLD2, 37 + r, r, r % 3);
}

/* Thread scope: sizes 0, 1, 37, 100, 1000 and large on a few types and four teams. */
static void plan_thread_sizes(void)
{
    static const int steams[] = { T_WORLD, T_TAIL, T_Y, T_ONE };
    int sizes[] = { 0, 1, 37, 100, 1000, (int)large_n };
    int nsizes = (int)(sizeof(sizes) / sizeof(sizes[0]));
    const struct rpair *lsum = rpair_named("long", "sum"), *dmax = rpair_named("double", "max");
    const struct rpair *u8xor = rpair_named("uint8", "xor"), *fsum = rpair_named("float", "sum");
    const struct dtype *dl = dtype_named("long"), *dd = dtype_named("double");
    const struct dtype *dm = dtype_named("mem"), *di = dtype_named("int16");

    for (int ti = 0; ti < 4; ti++) {
        int k = steams[ti];
        for (int si = 0; si < nsizes; si++) {
            int n = sizes[si], u = (ti + si) % 3, big = si == nsizes - 1;
            /* The large size on a slow provider: WORLD only. */
            if (big && rt_slow() && k != T_WORLD)
                continue;
            add_red(0, lsum, C_REDUCE, k, n, 0, u);
            add_red(0, dmax, C_REDUCE, k, n, 1, (u + 1) % 3);
            add_red(0, big ? fsum : u8xor, C_REDUCE, k, n, si % 2, (u + 2) % 3);
            add_red(0, lsum, C_REDUCE_SCATTER, k, n, 0, (u + 1) % 3);
            add_data(0, dl, C_BCAST, k, n, root_in(k, npes - 1), u);
            add_data(0, dd, C_FCOLLECT, k, n, 0, (u + 1) % 3);
            add_data(0, dl, C_ALLTOALL, k, n, 0, (u + 2) % 3);
            add_data(0, big ? dl : di, C_ALLTOALLV, k, n, 0, u);
            add_data(0, dm, C_BCAST, k, big ? n * 8 : n, root_in(k, si), (u + 1) % 3);
            add_data(0, dm, C_FCOLLECT, k, big ? n * 8 : n, 0, (u + 2) % 3);
            add_data(0, dm, C_ALLTOALL, k, big ? n * 8 : n, 0, u);
        }
    }
}

/* _wave and _wg: one type of each size (and mem) x every data collective, fourteen
 * reductions (every op, types of every size and kind) by reduce and by reduce_scatter, every
 * barrier variant, each on one team in turn; a scope's two shapes share them (part 0 two
 * thirds, part 1 the rest), and part 0 runs the large cases. */
static void plan_scope(int g, int part)
{
    static const char *const dsome[] = { "char", "ushort", "float", "int64", "mem" };
    static const char *const rsome[][2] = {
        { "int8", "sum" }, { "short", "max" }, { "int", "xor" }, { "uint", "and" },
        { "long", "min" }, { "ulonglong", "or" }, { "float", "prod" }, { "double", "sum" },
        { "char", "max" }, { "size", "sum" }, { "ptrdiff", "min" }, { "uint16", "prod" },
        { "uchar", "min" }, { "int64", "max" },
    };
    static const int small[] = { 1, 37, 100, 0 };
    static const int steams[] = { T_WORLD, T_ODD, T_TAIL, T_X, T_Y, T_ONE };
    static const enum coll dcolls[] = { C_BCAST, C_FCOLLECT, C_ALLTOALL, C_ALLTOALLV };
    int nd = (int)(sizeof(dsome) / sizeof(dsome[0])), nr = (int)(sizeof(rsome) / sizeof(rsome[0]));
    unsigned k = 0;

    add_barriers(g, T_WORLD, part);
    add_barriers(g, T_TAIL, part);
    add_barriers(g, T_Y, 1 - part);
    for (int d = 0; d < nd; d++)
        for (int ci = 0; ci < 4; ci++, k++) {
            const struct dtype *dt = dtype_named(dsome[d]);
            int team = steams[k % 6];
            if (dcolls[ci] == C_ALLTOALLV && !strcmp(dt->name, "mem"))
                continue;
            if (in_part(k, part))
                add_data(g, dt, dcolls[ci], team, small[k % 4], root_in(team, (int)k), (int)(k % 3));
        }
    for (int r = 0; r < nr; r++, k++) {
        const struct rpair *rp = rpair_named(rsome[r][0], rsome[r][1]);
        if (in_part(k, part))
            add_red(g, rp, C_REDUCE, steams[k % 6], small[k % 4], (int)(k % 2), (int)(k % 3));
        if (in_part(k + 1, part))
            add_red(g, rp, C_REDUCE_SCATTER, steams[(k + 2) % 6], small[(k + 1) % 3], 0,
                    (int)((k + 1) % 3));
    }
    if (part == 0 && !rt_slow()) {
        add_red(g, rpair_named("long", "sum"), C_REDUCE, T_WORLD, (int)large_n, 0, 2);
        add_data(g, dtype_named("mem"), C_FCOLLECT, T_TAIL, (int)large_n * 8, 0, 1);
        add_data(g, dtype_named("long"), C_BCAST, T_Y, (int)large_n, root_in(T_Y, 1), 0);
    }
}

/* One group's sequence on one team for the concurrency cases. */
static void plan_concurrent(int g, int team, unsigned k)
{
    static const char *const dsome[] = { "int", "double", "uint8", "mem" };
    static const enum coll dcolls[] = { C_BCAST, C_FCOLLECT, C_ALLTOALL, C_ALLTOALLV };

    add(g, (struct ccase){ .coll = C_BARRIER, .team = team, .variant = B_BARRIER });
    for (int ci = 0; ci < 4; ci++, k++) {
        const struct dtype *dt = dtype_named(dsome[k % 4]);
        if (dcolls[ci] == C_ALLTOALLV && !strcmp(dt->name, "mem"))
            dt = dtype_named("short");
        add_data(g, dt, dcolls[ci], team, 37 + (int)k % 5, root_in(team, (int)k), (int)(k % 3));
    }
    add_red(g, rpair_named("int", "sum"), C_REDUCE, team, 37, 0, (int)(k % 3));
    add_red(g, rpair_named("double", "max"), C_REDUCE, team, 100, 1, (int)((k + 1) % 3));
    add_red(g, rpair_named("uint64", "xor"), C_REDUCE_SCATTER, team, 9, 0, (int)((k + 2) % 3));
    add(g, (struct ccase){ .coll = C_BARRIER, .team = team, .variant = B_CTX_SYNC, .use_ctx = 2 });
    add(g, (struct ccase){ .coll = C_B2B, .team = team, .use_ctx = (int)(k % 3),
                           .n = (int)rt_iters(8, 4) });
}

/* ---- launching -------------------------------------------------------------------------------- */

struct shape {
    const char *name;
    enum scope scope;
    unsigned nblocks, block_dim, wave;
};

static const struct shape *cur;
static unsigned gsize;
static pthread_barrier_t group_bar[NSETS];

static void kernel(void *arg)
{
    unsigned tid = (unsigned)ro_launch_block_id() * cur->block_dim + (unsigned)ro_launch_thread_id();
    struct exec x = { cur->scope, cur->name, tid % gsize, gsize, tid / gsize, NULL };

    (void)arg;
    x.bar = &group_bar[x.group];
    run_plan(&x, (int)x.group);
}

static double slowest_s;
static char slowest[200];

static void launch(const struct shape *sh)
{
    unsigned ngroups;
    double t0 = rt_now();
    int rc;

    cur = sh;
    gsize = sh->scope == SC_WAVE ? sh->wave : sh->block_dim;
    ngroups = sh->nblocks * sh->block_dim / gsize;
    if (ngroups > NSETS)
        RT_FAIL("test setup", "-", "%s: %u groups", sh->name, ngroups);
    for (unsigned g = 0; g < ngroups; g++)
        pthread_barrier_init(&group_bar[g], NULL, gsize);
    rt_step("%s: launch", sh->name);
    rc = ro_launch(sh->nblocks, sh->block_dim, sh->wave, kernel, NULL);
    if (rc)
        RT_FAIL("ro_launch", "-", "%s: returned %d", sh->name, rc);
    for (unsigned g = 0; g < ngroups; g++)
        pthread_barrier_destroy(&group_bar[g]);
    if (rt_now() - t0 > slowest_s) {
        slowest_s = rt_now() - t0;
        snprintf(slowest, sizeof(slowest), "%s", sh->name);
    }
    /* Every PE's launch is over before the next one changes the plans' buffers. */
    rocshmem_barrier_all();
}

static void run_host_plan(const char *shape)
{
    struct exec x = { SC_THREAD, shape, 0, 1, 0, NULL };
    run_plan(&x, 0);
    rocshmem_barrier_all();
}

/* ---- setup -------------------------------------------------------------------------------- */

static void make_team(int k, const char *name, rocshmem_team_t h, int start, int stride, int size)
{
    struct team *t = &teams[k];
    int d = me - start;

    t->name = name;
    t->h = h;
    t->start = start, t->stride = stride, t->size = size;
    t->idx = d >= 0 && d % stride == 0 && d / stride < size ? d / stride : -1;
    t->ctx = ROCSHMEM_CTX_INVALID;
    if (t->idx < 0) {
        t->size = 0;
        RT_CHECK(name, "team", h == ROCSHMEM_TEAM_INVALID, "PE %d is no member but got a handle", me);
        return;
    }
    RT_CHECK(name, "team", h != ROCSHMEM_TEAM_INVALID, "PE %d is a member but got ROCSHMEM_TEAM_INVALID", me);
    RT_CHECK_EQ(name, "rocshmem_team_n_pes", rocshmem_team_n_pes(h), size);
    RT_CHECK_EQ(name, "rocshmem_team_my_pe", rocshmem_team_my_pe(h), t->idx);
    RT_CHECK_EQ(name, "rocshmem_team_create_ctx", rocshmem_team_create_ctx(h, 0, &t->ctx), 0);
    RT_CHECK_EQ(name, "rocshmem_ctx_my_pe(team context)", rocshmem_ctx_my_pe(t->ctx), t->idx);
}

static void setup_teams(void)
{
    rocshmem_team_t h[NTEAMS];
    int rc = 0;

    rt_step("team setup");
    for (int k = 0; k < NTEAMS; k++)
        h[k] = ROCSHMEM_TEAM_INVALID;
    rc |= rocshmem_team_split_strided(ROCSHMEM_TEAM_WORLD, 1, 2, npes / 2, NULL, 0, &h[T_ODD]);
    rc |= rocshmem_team_split_strided(ROCSHMEM_TEAM_WORLD, 0, 2, (npes + 1) / 2, NULL, 0, &h[T_EVEN]);
    rc |= rocshmem_team_split_strided(ROCSHMEM_TEAM_WORLD, 1, 1, npes - 1, NULL, 0, &h[T_TAIL]);
    rc |= rocshmem_team_split_2d(ROCSHMEM_TEAM_WORLD, 2, NULL, 0, &h[T_X], NULL, 0, &h[T_Y]);
    rc |= rocshmem_team_split_strided(ROCSHMEM_TEAM_WORLD, npes - 1, 1, 1, NULL, 0, &h[T_ONE]);
    rc |= rocshmem_team_split_strided(ROCSHMEM_TEAM_WORLD, 0, 1, npes, NULL, 0, &h[T_WORLD2]);
    RT_CHECK_EQ("team splits (test setup)", "return", rc, 0);
    make_team(T_WORLD, "WORLD", ROCSHMEM_TEAM_WORLD, 0, 1, npes);
    make_team(T_ODD, "strided(1,2)", h[T_ODD], 1, 2, npes / 2);
    make_team(T_EVEN, "strided(0,2)", h[T_EVEN], 0, 2, (npes + 1) / 2);
    make_team(T_TAIL, "tail(1,1)", h[T_TAIL], 1, 1, npes - 1);
    {
        int row = me / 2, col = me % 2;
        make_team(T_X, "2d-x (xrange 2)", h[T_X], row * 2, 1, npes - row * 2 < 2 ? 1 : 2);
        make_team(T_Y, "2d-y (xrange 2)", h[T_Y], col, 2, (npes - col + 1) / 2);
    }
    make_team(T_ONE, "one-PE (PE n-1)", h[T_ONE], npes - 1, 1, 1);
    make_team(T_WORLD2, "world2", h[T_WORLD2], 0, 1, npes);
}

static void teardown_teams(void)
{
    for (int k = NTEAMS - 1; k >= 0; k--) {
        if (teams[k].ctx.ctx_opaque)
            rocshmem_ctx_destroy(teams[k].ctx);
        if (k != T_WORLD)
            rocshmem_team_destroy(teams[k].h);
    }
}

static double phase_t0;
static void phase_done(const char *what)
{
    if (me == 0)
        printf("func_coll: %s: %.2f s\n", what, rt_now() - phase_t0);
    fflush(stdout);
    phase_t0 = rt_now();
}

int main(void)
{
    static const struct shape wave32 = { "_wave W=32 (1 x 32 threads)", SC_WAVE, 1, 32, 32 };
    static const struct shape wave64 = { "_wave W=64 (1 x 64 threads)", SC_WAVE, 1, 64, 64 };
    static const struct shape wg64 = { "_wg 64 threads (W=32)", SC_WG, 1, 64, 32 };
    static const struct shape wg96 = { "_wg 96 threads (W=32)", SC_WG, 1, 96, 32 };
    static const struct shape wg_pair = { "_wg, two workgroups of 32 on two teams", SC_WG, 2, 32, 32 };
    static const struct shape wave_pair = { "_wave, two waves of 32 on two teams", SC_WAVE, 1, 64, 32 };
    const char *scratch = getenv("ROCSHMEM_RO_TEAM_SCRATCH");
    int provided = -1;
    double t_start;

    RT_CHECK("init_thread", "-",
             rocshmem_init_thread(ROCSHMEM_THREAD_MULTIPLE, &provided) == ROCSHMEM_SUCCESS &&
             provided == ROCSHMEM_THREAD_MULTIPLE, "provided %d", provided);
    rt_begin("func_coll", 2);
    me = rocshmem_my_pe();
    npes = rocshmem_n_pes();
    RT_CHECK("test setup", "-", npes <= MAXPE, "%d PEs, at most %d", npes, MAXPE);
    /* Past the team scratch space, whatever it was set to (within reason). */
    if (scratch && atol(scratch) / (long)sizeof(long) + 1000 > large_n)
        large_n = atol(scratch) / (long)sizeof(long) + 1000;
    if (large_n > (1L << 22))
        large_n = 1L << 22;
    t_start = phase_t0 = rt_now();

    rt_step("allocation");
    buf_bytes = 2 * GUARDB + (size_t)npes * (size_t)(large_n + 16) * sizeof(long);
    for (int s = 0; s < NSETS; s++) {
        sets[s].src = rocshmem_malloc(buf_bytes);
        sets[s].dst = rocshmem_malloc(buf_bytes);
        sets[s].b2b = rocshmem_malloc((size_t)B2B_MAX * B2B_SLOT);
        sets[s].flags = rocshmem_calloc((size_t)BATCH_MAX * MAXPE, sizeof(long));
        RT_CHECK("rocshmem_malloc", "-", sets[s].src && sets[s].dst && sets[s].b2b && sets[s].flags,
                 "returned NULL");
    }
    setup_teams();
    rocshmem_barrier_all();
    phase_done("setup");

    /* Thread scope. */
    reset_plans();
    plan_thread_all();
    run_host_plan("thread scope (host call)");
    phase_done("thread scope, every type and op");
    reset_plans();
    plan_thread_sizes();
    run_host_plan("thread scope (host call)");
    phase_done("thread scope, sizes 0 to large");

    /* _wave and _wg. */
    reset_plans();
    plan_scope(0, 0);
    launch(&wave32);
    reset_plans();
    plan_scope(0, 1);
    launch(&wave64);
    phase_done("_wave scope");
    reset_plans();
    plan_scope(0, 0);
    launch(&wg64);
    reset_plans();
    plan_scope(0, 1);
    launch(&wg96);
    phase_done("_wg scope");

    /* Back to back: thread scope on three teams, _wg on one. */
    reset_plans();
    add(0, (struct ccase){ .coll = C_B2B, .team = T_WORLD, .use_ctx = 0, .n = B2B_MAX });
    add(0, (struct ccase){ .coll = C_B2B, .team = T_TAIL, .use_ctx = 2, .n = B2B_MAX });
    add(0, (struct ccase){ .coll = C_B2B, .team = T_X, .use_ctx = 1, .n = B2B_MAX });
    run_host_plan("thread scope (host call)");
    reset_plans();
    add(0, (struct ccase){ .coll = C_B2B, .team = T_WORLD, .use_ctx = 1,
                           .n = (int)rt_iters(16, 6) });
    launch(&wg64);
    phase_done("back to back");

    /* Concurrent teams: two workgroups of a PE on WORLD and world2 (the same members), then
     * two waves of one workgroup on the x and the y team of the 2d split. */
    reset_plans();
    plan_concurrent(0, T_WORLD, 0);
    plan_concurrent(1, T_WORLD2, 1);
    launch(&wg_pair);
    reset_plans();
    plan_concurrent(0, T_X, 2);
    plan_concurrent(1, T_Y, 3);
    launch(&wave_pair);
    phase_done("concurrent teams");

    if (me == 0)
        printf("func_coll: %d PEs, %.1f s in all; slowest launch %.1f s (%s)\n", npes,
               rt_now() - t_start, slowest_s, slowest);
    teardown_teams();
    for (int s = NSETS - 1; s >= 0; s--) {
        rocshmem_free(sets[s].flags);
        rocshmem_free(sets[s].b2b);
        rocshmem_free(sets[s].dst);
        rocshmem_free(sets[s].src);
    }
    return rt_end();
}
