/* Teams and collectives from real CUDA kernels (and a few from the host), on whichever path
 * the run sets up (on-node IPC with a device heap, or the proxy with a host heap), checked
 * element by element on the host after cudaMemcpy.
 *
 * Teams, made on the host and passed to kernels by value (PEs outside a team skip its cases
 * but take part in every host barrier):
 *   WORLD; SHARED (a few cases); "strided": start 1 stride 2 at 3 PEs or more ({1,3} at 4),
 *   start 0 stride 1 size 2 at 2 PEs, the one PE at 1; "x" and "y": both teams of
 *   rocshmem_team_split_2d(WORLD, xrange 2) (x {0,1},{2,3} and y {0,2},{1,3} at 4 PEs; at
 *   2 PEs x is WORLD's copy and y a team of one on each PE); "one": split_strided of size 1
 *   (PE n-1 alone; the others must get ROCSHMEM_TEAM_INVALID). Team queries on host and
 *   device are checked first.
 * Scopes: _wg with blocks of 96 threads (3 warps: a multiple of 32, not a power of two) and
 * of 1024; _wave from warp 1 of a 96-thread block; thread scope from thread 40 of one; and
 * the host forms on the heap (rocshmem_long_sum_reduce, rocshmem_barrier, ... from host
 * code). Each of the plain name, the ctx_ name with ROCSHMEM_CTX_DEFAULT and the ctx_ name
 * with a context from rocshmem_wg_team_create_ctx (rocshmem_team_create_ctx on the host).
 * Families:
 *   - barrier, team_sync (and on WORLD barrier_all, sync_all): each member p's a value to the
 *     next member before the call (and quiets before a sync) and reads its own slot after;
 *   - broadcast (int, long, float, double, char) and broadcastmem, roots first, last and
 *     middle; fcollect and fcollectmem; alltoall and alltoallmem; alltoallv with counts that
 *     vary per pair (0 included), gaps between source blocks and destination blocks in
 *     reverse member order with gaps that must stay untouched;
 *   - reduce and reduce_scatter: int and long sum, prod, min, max, and, or, xor; float and
 *     double sum, prod, min, max (negative values; integers exact, floats with a tolerance),
 *     in place too;
 *   - sizes 0, 1, 37, 1000 and larger than the 64 KiB team scratch (40000 longs for reduce,
 *     20000 per member for reduce_scatter, 100000-byte broadcastmem);
 *   - back to back: up to 8 collectives of different families in one kernel with no barrier
 *     between them, each into its own destination; and two blocks of one kernel on two
 *     different teams (x and y) at once.
 * Every destination gets canary bytes (and 256 guard bytes after it) before the call, and
 * the sources are checked intact after it. A failure prints PE, collective, type, team,
 * scope, size, index, got and want; the program prints a line per part and
 * "gpu_coll: PASS" or "gpu_coll: FAIL" last (exit status 0 or 1). */
#define GPU_TEST_NAME "gpu_coll"
#include "gpu_test.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <type_traits>

#define MAXPE 64                /* alltoallv's count arrays hold this many members */
#define MAXSTEPS 8              /* collectives in one kernel */
#define ARENA_B ((size_t)2 << 20) /* bytes of each source and destination buffer */
#define GUARD_B 256             /* canary bytes checked after every destination */
#define CANARY 0xa5
#define PRINT_MAX 60            /* failure lines printed in all */

enum { F_BARRIER, F_TEAM_SYNC, F_BARRIER_ALL, F_SYNC_ALL, F_BCAST, F_BCASTMEM, F_FCOLLECT,
       F_FCOLLECTMEM, F_ALLTOALL, F_ALLTOALLMEM, F_ALLTOALLV, F_REDUCE, F_REDUCE_SCATTER };
static const char *const fam_name[] = { "barrier", "team_sync", "barrier_all", "sync_all",
    "broadcast", "broadcastmem", "fcollect", "fcollectmem", "alltoall", "alltoallmem",
    "alltoallv", "reduce", "reduce_scatter" };
enum { OP_SUM, OP_PROD, OP_MIN, OP_MAX, OP_AND, OP_OR, OP_XOR, OP_NONE };
static const char *const op_name[] = { "sum", "prod", "min", "max", "and", "or", "xor", "" };
enum { TY_INT, TY_LONG, TY_FLOAT, TY_DOUBLE, TY_CHAR, TY_MEM };
static const char *const ty_name[] = { "int", "long", "float", "double", "char", "mem" };
static const size_t ty_size[] = { sizeof(int), sizeof(long), sizeof(float), sizeof(double), 1, 1 };
enum { SC_WG96, SC_WG1024, SC_WAVE, SC_THREAD, SC_HOST };
static const char *const sc_name[] = { "_wg(96)", "_wg(1024)", "_wave", "thread", "host" };
/* The plain name, the ctx_ name with ROCSHMEM_CTX_DEFAULT, the ctx_ name with a team's
 * context. */
enum { CM_PLAIN, CM_DEFAULT, CM_TEAM };
/* A PE as context ctx numbers it: a team context (cm 2) numbers PEs as its team does
 * (OpenSHMEM 1.5), the others as WORLD. */
static __host__ __device__ int ctx_pe(rocshmem_ctx_t ctx, int cm, int world_pe)
{
    return cm == 2 ? rocshmem_team_translate_pe(ROCSHMEM_TEAM_WORLD, world_pe,
                                                (rocshmem_team_t)ctx.team_opaque)
                   : world_pe;
}

static const char *const cm_name[] = { "", " ctx_(DEFAULT)", " ctx_(team ctx)" };
#define ROOT_LAST (-1)
#define ROOT_MID (-2)

/* ---- device side ------------------------------------------------------------------- */

/* One collective of a kernel, as the device sees it. */
struct kstep {
    int fam, op, n, root;       /* n: elements (bytes for the mem forms); root: team number */
    void *dst;
    const void *src;
    rocshmem_team_t team;
    const size_t *av;           /* alltoallv: dest_nelems, dest_displs, source_nelems,
                                 * source_displs, MAXPE each (device memory) */
    int pe_next, val;           /* barriers: the p before the call */
};

struct kjob {
    int sc, cm, nsteps, per_block;  /* per_block: block b runs step b only */
    int *rc;                    /* [MAXSTEPS] nonzero return codes */
    int *got;                   /* [MAXSTEPS] barriers: this PE's slot after the call */
    int *err;                   /* the team context could not be made */
    struct kstep st[MAXSTEPS];
};

#define SCOPED(sc, FN, ...)                                                                \
    do {                                                                                   \
        if ((sc) == SC_WAVE)                                                               \
            FN##_wave(__VA_ARGS__);                                                        \
        else if ((sc) == SC_THREAD)                                                        \
            FN(__VA_ARGS__);                                                               \
        else                                                                               \
            FN##_wg(__VA_ARGS__);                                                          \
    } while (0)
#define SCOPED_RC(rc, sc, FN, ...)                                                         \
    do {                                                                                   \
        if ((sc) == SC_WAVE)                                                               \
            rc = FN##_wave(__VA_ARGS__);                                                   \
        else if ((sc) == SC_THREAD)                                                        \
            rc = FN(__VA_ARGS__);                                                          \
        else                                                                               \
            rc = FN##_wg(__VA_ARGS__);                                                     \
    } while (0)
/* The plain form FN, or the ctx_ form CFN with ctx first. */
#define CTXED(cm, sc, FN, CFN, ctx, ...)                                                   \
    do {                                                                                   \
        if (cm)                                                                            \
            SCOPED(sc, CFN, ctx, __VA_ARGS__);                                             \
        else                                                                               \
            SCOPED(sc, FN, __VA_ARGS__);                                                   \
    } while (0)
#define CTXED_RC(rc, cm, sc, FN, CFN, ctx, ...)                                            \
    do {                                                                                   \
        if (cm)                                                                            \
            SCOPED_RC(rc, sc, CFN, ctx, __VA_ARGS__);                                      \
        else                                                                               \
            SCOPED_RC(rc, sc, FN, __VA_ARGS__);                                            \
    } while (0)
/* The same on the host: no scope suffix. */
#define HCTXED(cm, FN, CFN, ctx, ...)                                                      \
    do {                                                                                   \
        if (cm)                                                                            \
            CFN(ctx, __VA_ARGS__);                                                         \
        else                                                                               \
            FN(__VA_ARGS__);                                                               \
    } while (0)
#define HCTXED_RC(rc, cm, FN, CFN, ctx, ...)                                               \
    do {                                                                                   \
        if (cm)                                                                            \
            rc = CFN(ctx, __VA_ARGS__);                                                    \
        else                                                                               \
            rc = FN(__VA_ARGS__);                                                          \
    } while (0)

/* Typed data collectives: d_ for device scopes, h_ for the host forms, one overload per
 * type. */
#define DEF_DATA(NAME, TYPE)                                                               \
    static __device__ void d_bcast(int sc, int cm, rocshmem_ctx_t c, rocshmem_team_t t,    \
                                   TYPE *d, const TYPE *s, int n, int r)                   \
    { CTXED(cm, sc, rocshmem_##NAME##_broadcast, rocshmem_ctx_##NAME##_broadcast, c, t, d, s, n, r); } \
    static __device__ void d_fcollect(int sc, int cm, rocshmem_ctx_t c, rocshmem_team_t t, \
                                      TYPE *d, const TYPE *s, int n)                       \
    { CTXED(cm, sc, rocshmem_##NAME##_fcollect, rocshmem_ctx_##NAME##_fcollect, c, t, d, s, n); } \
    static __device__ void d_alltoall(int sc, int cm, rocshmem_ctx_t c, rocshmem_team_t t, \
                                      TYPE *d, const TYPE *s, int n)                       \
    { CTXED(cm, sc, rocshmem_##NAME##_alltoall, rocshmem_ctx_##NAME##_alltoall, c, t, d, s, n); } \
    static __device__ void d_alltoallv(int sc, int cm, rocshmem_ctx_t c, rocshmem_team_t t, \
                                       TYPE *d, const size_t *av, TYPE *s)                 \
    { CTXED(cm, sc, rocshmem_##NAME##_alltoallv, rocshmem_ctx_##NAME##_alltoallv, c, t, d, \
            av, av + MAXPE, s, av + 2 * MAXPE, av + 3 * MAXPE); }                          \
    static void h_bcast(int cm, rocshmem_ctx_t c, rocshmem_team_t t, TYPE *d, const TYPE *s, \
                        int n, int r)                                                      \
    { HCTXED(cm, rocshmem_##NAME##_broadcast, rocshmem_ctx_##NAME##_broadcast, c, t, d, s, n, r); } \
    static void h_fcollect(int cm, rocshmem_ctx_t c, rocshmem_team_t t, TYPE *d, const TYPE *s, \
                           int n)                                                          \
    { HCTXED(cm, rocshmem_##NAME##_fcollect, rocshmem_ctx_##NAME##_fcollect, c, t, d, s, n); } \
    static void h_alltoall(int cm, rocshmem_ctx_t c, rocshmem_team_t t, TYPE *d, const TYPE *s, \
                           int n)                                                          \
    { HCTXED(cm, rocshmem_##NAME##_alltoall, rocshmem_ctx_##NAME##_alltoall, c, t, d, s, n); } \
    static void h_alltoallv(int cm, rocshmem_ctx_t c, rocshmem_team_t t, TYPE *d,          \
                            const size_t *av, TYPE *s)                                     \
    { HCTXED(cm, rocshmem_##NAME##_alltoallv, rocshmem_ctx_##NAME##_alltoallv, c, t, d, av, \
             av + MAXPE, s, av + 2 * MAXPE, av + 3 * MAXPE); }
DEF_DATA(int, int)
DEF_DATA(long, long)
DEF_DATA(float, float)
DEF_DATA(double, double)
DEF_DATA(char, char)

/* Reductions: op and kind (reduce, reduce_scatter) chosen at run time. */
#define RED_CALL(NAME, OPN, KIND)                                                          \
    CTXED_RC(rc, cm, sc, rocshmem_##NAME##_##OPN##_##KIND, rocshmem_ctx_##NAME##_##OPN##_##KIND, \
             c, t, d, s, n)
#define HRED_CALL(NAME, OPN, KIND)                                                         \
    HCTXED_RC(rc, cm, rocshmem_##NAME##_##OPN##_##KIND, rocshmem_ctx_##NAME##_##OPN##_##KIND, \
              c, t, d, s, n)
#define ARITH_CASES(CALL, NAME, KIND)                                                      \
    case OP_SUM: CALL(NAME, sum, KIND); break;                                             \
    case OP_PROD: CALL(NAME, prod, KIND); break;                                           \
    case OP_MIN: CALL(NAME, min, KIND); break;                                             \
    case OP_MAX: CALL(NAME, max, KIND); break;
#define BIT_CASES(CALL, NAME, KIND)                                                        \
    case OP_AND: CALL(NAME, and, KIND); break;                                             \
    case OP_OR: CALL(NAME, or, KIND); break;                                               \
    case OP_XOR: CALL(NAME, xor, KIND); break;
#define NO_CASES(CALL, NAME, KIND)
#define DEF_RED(NAME, TYPE, MORE)                                                          \
    static __device__ int d_red(int sc, int cm, rocshmem_ctx_t c, rocshmem_team_t t, int op, \
                                int scatter, TYPE *d, const TYPE *s, int n)                \
    {                                                                                      \
        int rc = -99;                                                                      \
        if (scatter) {                                                                     \
            switch (op) { ARITH_CASES(RED_CALL, NAME, reduce_scatter)                      \
                          MORE(RED_CALL, NAME, reduce_scatter) default: break; }           \
        } else {                                                                           \
            switch (op) { ARITH_CASES(RED_CALL, NAME, reduce)                              \
                          MORE(RED_CALL, NAME, reduce) default: break; }                   \
        }                                                                                  \
        return rc;                                                                         \
    }                                                                                      \
    static int h_red(int cm, rocshmem_ctx_t c, rocshmem_team_t t, int op, int scatter,     \
                     TYPE *d, const TYPE *s, int n)                                        \
    {                                                                                      \
        int rc = -99;                                                                      \
        if (scatter) {                                                                     \
            switch (op) { ARITH_CASES(HRED_CALL, NAME, reduce_scatter)                     \
                          MORE(HRED_CALL, NAME, reduce_scatter) default: break; }          \
        } else {                                                                           \
            switch (op) { ARITH_CASES(HRED_CALL, NAME, reduce)                             \
                          MORE(HRED_CALL, NAME, reduce) default: break; }                  \
        }                                                                                  \
        return rc;                                                                         \
    }
DEF_RED(int, int, BIT_CASES)
DEF_RED(long, long, BIT_CASES)
DEF_RED(float, float, NO_CASES)
DEF_RED(double, double, NO_CASES)
/* No char reductions here: never called. */
static __device__ int d_red(int, int, rocshmem_ctx_t, rocshmem_team_t, int, int, char *,
                            const char *, int) { return -99; }
static int h_red(int, rocshmem_ctx_t, rocshmem_team_t, int, int, char *, const char *, int)
{
    return -99;
}

/* One step by the calling group; leader: the group's first thread. */
template <typename T>
static __device__ int run_step(const struct kjob &j, int s, rocshmem_ctx_t ctx, int leader)
{
    const struct kstep &st = j.st[s];
    const int sc = j.sc, cm = j.cm;
    rocshmem_team_t team = st.team;
    T *d = (T *)st.dst;
    const T *src = (const T *)st.src;
    int rc = 0;

    switch (st.fam) {
    case F_BARRIER:
    case F_TEAM_SYNC:
    case F_BARRIER_ALL:
    case F_SYNC_ALL: {
        int *slots = (int *)st.dst;
        int sync = st.fam == F_TEAM_SYNC || st.fam == F_SYNC_ALL;
        if (leader) {
            if (cm) {
                rocshmem_ctx_int_p(ctx, &slots[s], st.val, ctx_pe(ctx, cm, st.pe_next));
                if (sync)
                    rocshmem_ctx_quiet(ctx);
            } else {
                rocshmem_int_p(&slots[s], st.val, st.pe_next);
                if (sync)
                    rocshmem_quiet();
            }
        }
        if (st.fam == F_BARRIER) {
            CTXED(cm, sc, rocshmem_barrier, rocshmem_ctx_barrier, ctx, team);
        } else if (st.fam == F_TEAM_SYNC) {
            CTXED(cm, sc, rocshmem_team_sync, rocshmem_ctx_sync, ctx, team);
        } else if (st.fam == F_BARRIER_ALL) {
            if (cm)
                SCOPED(sc, rocshmem_ctx_barrier_all, ctx);
            else if (sc == SC_WAVE)
                rocshmem_barrier_all_wave();
            else if (sc == SC_THREAD)
                rocshmem_barrier_all();
            else
                rocshmem_barrier_all_wg();
        } else {
            if (cm)
                SCOPED(sc, rocshmem_ctx_sync_all, ctx);
            else if (sc == SC_WAVE)
                rocshmem_sync_all_wave();
            else if (sc == SC_THREAD)
                rocshmem_sync_all();
            else
                rocshmem_sync_all_wg();
        }
        if (leader)
            j.got[s] = ((volatile int *)slots)[s];
        break;
    }
    case F_BCAST:
        d_bcast(sc, cm, ctx, team, d, src, st.n, st.root);
        break;
    case F_BCASTMEM:
        CTXED(cm, sc, rocshmem_broadcastmem, rocshmem_ctx_broadcastmem, ctx, team, st.dst, st.src,
              (size_t)st.n, st.root);
        break;
    case F_FCOLLECT:
        d_fcollect(sc, cm, ctx, team, d, src, st.n);
        break;
    case F_FCOLLECTMEM:
        CTXED(cm, sc, rocshmem_fcollectmem, rocshmem_ctx_fcollectmem, ctx, team, st.dst, st.src,
              (size_t)st.n);
        break;
    case F_ALLTOALL:
        d_alltoall(sc, cm, ctx, team, d, src, st.n);
        break;
    case F_ALLTOALLMEM:
        CTXED(cm, sc, rocshmem_alltoallmem, rocshmem_ctx_alltoallmem, ctx, team, st.dst, st.src,
              (size_t)st.n);
        break;
    case F_ALLTOALLV:
        d_alltoallv(sc, cm, ctx, team, d, st.av, (T *)st.src);
        break;
    case F_REDUCE:
    case F_REDUCE_SCATTER:
        rc = d_red(sc, cm, ctx, team, st.op, st.fam == F_REDUCE_SCATTER, d, src, st.n);
        break;
    default:
        rc = -98;
    }
    return rc;
}

/* One block (two with per_block). _wg: every thread calls; _wave: warp 1; thread: thread 40. */
template <typename T>
__global__ void __launch_bounds__(1024) k_coll(struct kjob j)
{
    rocshmem_ctx_t ctx = ROCSHMEM_CTX_DEFAULT;
    const int t = threadIdx.x;
    int in, leader;

    if (j.cm == CM_TEAM &&
        rocshmem_wg_team_create_ctx(j.st[j.per_block ? blockIdx.x : 0].team, 0, &ctx) !=
            ROCSHMEM_SUCCESS) {
        if (t == 0)
            *j.err = 1;
        return;
    }
    in = j.sc == SC_WAVE ? t / 32 == 1 : j.sc == SC_THREAD ? t == 40 : 1;
    leader = j.sc == SC_WAVE ? t == 32 : j.sc == SC_THREAD ? t == 40 : t == 0;
    if (in) {
        for (int s = 0; s < j.nsteps; s++) {
            int rc;
            if (j.per_block && s != (int)blockIdx.x)
                continue;
            rc = run_step<T>(j, s, ctx, leader);
            if (rc)
                atomicExch(&j.rc[s], rc);
        }
    }
    if (j.cm == CM_TEAM)
        rocshmem_wg_ctx_destroy(&ctx);
}

/* Team queries from device code. */
__global__ void k_query(rocshmem_team_t team, int *out)
{
    if (threadIdx.x == 0) {
        out[0] = rocshmem_team_my_pe(team);
        out[1] = rocshmem_team_n_pes(team);
        out[2] = rocshmem_team_translate_pe(team, 0, ROCSHMEM_TEAM_WORLD);
        out[3] = rocshmem_team_translate_pe(ROCSHMEM_TEAM_WORLD, rocshmem_my_pe(), team);
    }
}

/* ---- host side: teams, buffers, values --------------------------------------------- */

struct team {
    const char *name;
    rocshmem_team_t h;
    int start, stride, size;    /* this PE's team in WORLD numbers */
    int idx;                    /* this PE's number in it, -1 outside */
    int world;                  /* ROCSHMEM_TEAM_WORLD (barrier_all and sync_all apply) */
};

static int world_of(const struct team *t, int i) { return t->start + i * t->stride; }

static void *sym_src[MAXSTEPS], *sym_dst[MAXSTEPS];
static int *sym_slots;
static size_t *d_av;            /* [MAXSTEPS][4 * MAXPE] */
static size_t h_av[MAXSTEPS][4 * MAXPE];
static int *d_rc, *d_got, *d_err;
static unsigned char *hbuf, *hwant, *hmask;
static int job_no;              /* the same on every PE: the seed of a job's values */
static long printed;

static uint64_t mix64(uint64_t x)
{
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

static uint64_t hsh(int pe, long k, int seed, int salt)
{
    return mix64(((uint64_t)(unsigned)seed << 36) ^ ((uint64_t)(unsigned)pe << 28) ^ (uint64_t)k ^
                 ((uint64_t)salt << 60));
}

/* Element k of WORLD PE pe's source in a step of family fam / op, seed seed. */
template <typename T>
static T srcval(int fam, int op, int pe, long k, int seed)
{
    const bool flt = std::is_floating_point<T>::value;
    uint64_t h = hsh(pe, k, seed, 0);

    if (fam != F_REDUCE && fam != F_REDUCE_SCATTER)
        return flt ? (T)((long long)(h % 2000001) - 1000000) : (T)h;
    switch (op) {
    case OP_SUM: {
        long long v = (long long)(h % 2001) - 1000;
        return flt ? (T)(v * 0.25) : (T)v;
    }
    case OP_PROD: {
        static const double f[5] = { 0.5, 1, 2, -1.5, 1.25 };
        long long v = (long long)(h % 3) + 1;
        if ((h >> 8) % 4 == 0)
            v = -v;
        return flt ? (T)f[(h >> 16) % 5] : (T)v;
    }
    case OP_MIN:
    case OP_MAX: {
        long long v = (long long)(h % 200001) - 100000;
        return flt ? (T)(v * 0.125) : (T)v;
    }
    case OP_AND:
        return (T)(h | hsh(pe, k, seed, 1));
    case OP_OR:
        return (T)(h & hsh(pe, k, seed, 1) & hsh(pe, k, seed, 2));
    default:
        return (T)h;
    }
}

template <typename T>
static T fold(int op, T a, T b)
{
    switch (op) {
    case OP_SUM: return (T)(a + b);
    case OP_PROD: return (T)(a * b);
    case OP_MIN: return b < a ? b : a;
    case OP_MAX: return b > a ? b : a;
    default: break;
    }
    if constexpr (std::is_integral<T>::value) {
        if (op == OP_AND)
            return (T)(a & b);
        if (op == OP_OR)
            return (T)(a | b);
        return (T)(a ^ b);
    }
    return a;
}

template <typename T>
static void fmt(char *buf, size_t len, T v)
{
    if (std::is_floating_point<T>::value)
        snprintf(buf, len, "%.9g", (double)v);
    else
        snprintf(buf, len, "%lld", (long long)v);
}

/* A collective of a job, as the host describes it. */
struct step {
    int fam, op, n, root;       /* root: a team number, ROOT_LAST or ROOT_MID */
    int inplace;                /* reduce: dest is source */
    const struct team *tm;      /* NULL: the job's team */
};

static int resolve_root(int root, int size)
{
    return root == ROOT_LAST ? size - 1 : root == ROOT_MID ? size / 2 : root % size;
}

/* alltoallv: member i sends a2av_count(i, j) elements to member j. */
static size_t a2av_count(int i, int j, int seed, int mult)
{
    return (size_t)((i * 3 + j * 5 + seed) % 7) * (size_t)mult;
}

/* Displacements: on sender i, block j at the sum of (count + 1) of the blocks before it; on
 * receiver j, sender i's block at the sum of (count + 2) of the senders after i. */
static size_t a2av_sdispl(int i, int j, int seed, int mult)
{
    size_t d = 0;
    for (int k = 0; k < j; k++)
        d += a2av_count(i, k, seed, mult) + 1;
    return d;
}

static size_t a2av_ddispl(int i, int j, int size, int seed, int mult)
{
    size_t d = 0;
    for (int k = i + 1; k < size; k++)
        d += a2av_count(k, j, seed, mult) + 2;
    return d;
}

/* Elements of this member's source and destination in a step (team of `size`, member idx). */
static void extents(const struct step *st, int size, int idx, int seed, size_t *src_n, size_t *dst_n)
{
    size_t n = (size_t)st->n;

    switch (st->fam) {
    case F_BCAST: case F_BCASTMEM: *src_n = n; *dst_n = n; break;
    case F_FCOLLECT: case F_FCOLLECTMEM: *src_n = n; *dst_n = n * size; break;
    case F_ALLTOALL: case F_ALLTOALLMEM: *src_n = n * size; *dst_n = n * size; break;
    case F_REDUCE: *src_n = n; *dst_n = n; break;
    case F_REDUCE_SCATTER: *src_n = n * size; *dst_n = n; break;
    case F_ALLTOALLV:
        *src_n = a2av_sdispl(idx, size, seed, st->n);
        *dst_n = a2av_ddispl(-1, idx, size, seed, st->n);
        break;
    default: *src_n = 0; *dst_n = MAXSTEPS; break;
    }
}

static int is_sync(int fam) { return fam <= F_SYNC_ALL; }

static void fail_line(const struct team *tm, int sc, int cm, int ty, const struct step *st,
                      int s, const char *what, long i, const char *got, const char *want)
{
    fails++;
    if (printed++ >= PRINT_MAX)
        return;
    printf(GPU_TEST_NAME " pe %d: FAIL %s%s%s %s team %s (size %d) scope %s%s n %d root %d "
           "step %d: %s[%ld] = %s, want %s\n", me, fam_name[st->fam], st->op == OP_NONE ? "" : " ",
           op_name[st->op], ty_name[ty], tm->name, tm->size, sc_name[sc], cm_name[cm], st->n,
           st->root, s, what, i, got, want);
}

/* Fills this member's source and destination of step s (and alltoallv's counts). */
template <typename T>
static void prepare(const struct team *tm, int ty, const struct step *st, int s, int seed)
{
    size_t src_n, dst_n, es = ty_size[ty];
    T *h = (T *)hbuf;

    extents(st, tm->size, tm->idx, seed, &src_n, &dst_n);
    if (is_sync(st->fam)) {
        return;
    }
    for (size_t k = 0; k < src_n; k++)
        h[k] = srcval<T>(st->fam, st->op, me, (long)k, seed);
    if (st->inplace) {
        memset(hbuf + src_n * es, CANARY, GUARD_B);
        sym_write(sym_src[s], hbuf, src_n * es + GUARD_B);
    } else {
        sym_write(sym_src[s], hbuf, src_n * es);
        memset(hbuf, CANARY, dst_n * es + GUARD_B);
        sym_write(sym_dst[s], hbuf, dst_n * es + GUARD_B);
    }
    if (st->fam == F_ALLTOALLV) {
        size_t *av = h_av[s];
        for (int i = 0; i < tm->size; i++) {
            av[i] = a2av_count(i, tm->idx, seed, st->n);
            av[MAXPE + i] = a2av_ddispl(i, tm->idx, tm->size, seed, st->n);
            av[2 * MAXPE + i] = a2av_count(tm->idx, i, seed, st->n);
            av[3 * MAXPE + i] = a2av_sdispl(tm->idx, i, seed, st->n);
        }
        CUDA_OK(cudaMemcpy(d_av + (size_t)s * 4 * MAXPE, av, 4 * MAXPE * sizeof(size_t),
                           cudaMemcpyHostToDevice));
    }
}

/* Checks this member's destination (and source) of step s. */
template <typename T>
static void check(const struct team *tm, int sc, int cm, int ty, const struct step *st, int s,
                  int seed, int rc)
{
    const int size = tm->size, idx = tm->idx;
    size_t src_n, dst_n, es = ty_size[ty];
    T *want = (T *)hwant, *got = (T *)hbuf;
    char gs[48], ws[48];
    int shown = 0;

    if (rc) {
        snprintf(gs, sizeof(gs), "%d", rc);
        fail_line(tm, sc, cm, ty, st, s, "return code", 0, gs, "0");
    }
    extents(st, size, idx, seed, &src_n, &dst_n);
    memset(hmask, 0, dst_n);
    switch (st->fam) {
    case F_BCAST:
    case F_BCASTMEM: {
        int r = world_of(tm, st->root);
        for (size_t k = 0; k < dst_n; k++) {
            want[k] = srcval<T>(st->fam, st->op, r, (long)k, seed);
            hmask[k] = 1;
        }
        break;
    }
    case F_FCOLLECT:
    case F_FCOLLECTMEM:
        for (int j = 0; j < size; j++)
            for (int k = 0; k < st->n; k++) {
                want[(size_t)j * st->n + k] = srcval<T>(st->fam, st->op, world_of(tm, j), k, seed);
                hmask[(size_t)j * st->n + k] = 1;
            }
        break;
    case F_ALLTOALL:
    case F_ALLTOALLMEM:
        for (int i = 0; i < size; i++)
            for (int k = 0; k < st->n; k++) {
                want[(size_t)i * st->n + k] =
                    srcval<T>(st->fam, st->op, world_of(tm, i), (long)idx * st->n + k, seed);
                hmask[(size_t)i * st->n + k] = 1;
            }
        break;
    case F_ALLTOALLV:
        for (int i = 0; i < size; i++) {
            size_t c = a2av_count(i, idx, seed, st->n), dd = a2av_ddispl(i, idx, size, seed, st->n);
            size_t sd = a2av_sdispl(i, idx, seed, st->n);
            for (size_t q = 0; q < c; q++) {
                want[dd + q] = srcval<T>(st->fam, st->op, world_of(tm, i), (long)(sd + q), seed);
                hmask[dd + q] = 1;
            }
        }
        break;
    case F_REDUCE:
    case F_REDUCE_SCATTER: {
        long base = st->fam == F_REDUCE_SCATTER ? (long)idx * st->n : 0;
        for (size_t k = 0; k < dst_n; k++) {
            T v = srcval<T>(st->fam, st->op, world_of(tm, 0), base + (long)k, seed);
            for (int j = 1; j < size; j++)
                v = fold<T>(st->op, v, srcval<T>(st->fam, st->op, world_of(tm, j), base + (long)k,
                                                 seed));
            want[k] = v;
            hmask[k] = 1;
        }
        break;
    }
    }
    sym_read(hbuf, st->inplace ? sym_src[s] : sym_dst[s], dst_n * es + GUARD_B);
    for (size_t k = 0; k < dst_n && shown < 5; k++) {
        int ok;
        if (!hmask[k]) {
            const unsigned char *b = hbuf + k * es;
            ok = 1;
            for (size_t q = 0; q < es; q++)
                ok &= b[q] == CANARY;
            if (!ok) {
                fmt<T>(gs, sizeof(gs), got[k]);
                fail_line(tm, sc, cm, ty, st, s, "dest gap (must stay untouched)", (long)k, gs,
                          "canary");
                shown++;
            }
            continue;
        }
        if (std::is_floating_point<T>::value && (st->fam == F_REDUCE || st->fam == F_REDUCE_SCATTER)) {
            double g = (double)got[k], w = (double)want[k];
            double tol = (sizeof(T) == 4 ? 1e-5 : 1e-12) * (fabs(w) > 1 ? fabs(w) : 1);
            ok = g == g && fabs(g - w) <= tol;   /* g == g: not NaN */
        } else {
            ok = memcmp(&got[k], &want[k], es) == 0;
        }
        if (!ok) {
            fmt<T>(gs, sizeof(gs), got[k]);
            fmt<T>(ws, sizeof(ws), want[k]);
            fail_line(tm, sc, cm, ty, st, s, "dest", (long)k, gs, ws);
            shown++;
        }
    }
    for (size_t q = 0; q < GUARD_B && shown < 5; q++)
        if (hbuf[dst_n * es + q] != CANARY) {
            snprintf(gs, sizeof(gs), "0x%02x", hbuf[dst_n * es + q]);
            fail_line(tm, sc, cm, ty, st, s, "guard byte after dest", (long)q, gs, "0xa5");
            shown++;
            break;
        }
    if (st->inplace || shown)
        return;
    sym_read(hbuf, sym_src[s], src_n * es);
    for (size_t k = 0; k < src_n; k++) {
        T w = srcval<T>(st->fam, st->op, me, (long)k, seed);
        if (memcmp(&got[k], &w, es)) {
            fmt<T>(gs, sizeof(gs), got[k]);
            fmt<T>(ws, sizeof(ws), w);
            fail_line(tm, sc, cm, ty, st, s, "source (must stay intact)", (long)k, gs, ws);
            break;
        }
    }
}

/* The host forms of step s. */
template <typename T>
static int host_step(const struct team *tm, int cm, rocshmem_ctx_t ctx, const struct step *st,
                     const struct kstep *ks, int s, int *gotv)
{
    T *d = (T *)ks->dst;
    const T *src = (const T *)ks->src;
    rocshmem_team_t team = tm->h;

    switch (st->fam) {
    case F_BARRIER:
    case F_TEAM_SYNC:
    case F_BARRIER_ALL:
    case F_SYNC_ALL: {
        int sync = st->fam == F_TEAM_SYNC || st->fam == F_SYNC_ALL;
        if (cm) {
            rocshmem_ctx_int_p(ctx, &sym_slots[s], ks->val, ctx_pe(ctx, cm, ks->pe_next));
            if (sync)
                rocshmem_ctx_quiet(ctx);
        } else {
            rocshmem_int_p(&sym_slots[s], ks->val, ks->pe_next);
            if (sync)
                rocshmem_quiet();
        }
        if (st->fam == F_BARRIER)
            HCTXED(cm, rocshmem_barrier, rocshmem_ctx_barrier, ctx, team);
        else if (st->fam == F_TEAM_SYNC)
            HCTXED(cm, rocshmem_team_sync, rocshmem_ctx_sync, ctx, team);
        else if (st->fam == F_BARRIER_ALL)
            cm ? rocshmem_ctx_barrier_all(ctx) : rocshmem_barrier_all();
        else
            cm ? rocshmem_ctx_sync_all(ctx) : rocshmem_sync_all();
        sym_read(gotv, &sym_slots[s], sizeof(int));
        return 0;
    }
    case F_BCAST: h_bcast(cm, ctx, team, d, src, st->n, ks->root); return 0;
    case F_BCASTMEM:
        HCTXED(cm, rocshmem_broadcastmem, rocshmem_ctx_broadcastmem, ctx, team, ks->dst, ks->src,
               (size_t)st->n, ks->root);
        return 0;
    case F_FCOLLECT: h_fcollect(cm, ctx, team, d, src, st->n); return 0;
    case F_FCOLLECTMEM:
        HCTXED(cm, rocshmem_fcollectmem, rocshmem_ctx_fcollectmem, ctx, team, ks->dst, ks->src,
               (size_t)st->n);
        return 0;
    case F_ALLTOALL: h_alltoall(cm, ctx, team, d, src, st->n); return 0;
    case F_ALLTOALLMEM:
        HCTXED(cm, rocshmem_alltoallmem, rocshmem_ctx_alltoallmem, ctx, team, ks->dst, ks->src,
               (size_t)st->n);
        return 0;
    case F_ALLTOALLV: h_alltoallv(cm, ctx, team, d, h_av[s], (T *)ks->src); return 0;
    default:
        return h_red(cm, ctx, team, st->op, st->fam == F_REDUCE_SCATTER, d, src, st->n);
    }
}

static int fits(const struct step *st, int ty)
{
    size_t src_n, dst_n;
    /* The largest team this job could have: every PE. Same answer on every PE. */
    extents(st, npes, npes - 1, 0, &src_n, &dst_n);
    if (st->fam == F_ALLTOALLV)
        src_n = dst_n = (size_t)npes * (6 * (size_t)st->n + 2);
    return (src_n + 1) * ty_size[ty] + GUARD_B <= ARENA_B && (dst_n + 1) * ty_size[ty] + GUARD_B <= ARENA_B &&
           npes <= MAXPE;
}

/* One job: the steps, in one kernel (or in turn on the host), on team tm at scope sc. Every
 * PE calls it with the same arguments (members run it; the others only meet the barriers). */
template <typename T>
static void run_job_t(const struct team *tm0, int sc, int cm, int ty, int nsteps,
                      const struct step *steps, int per_block)
{
    struct kjob j;
    int seed = ++job_no, member = 1, rc[MAXSTEPS], got[MAXSTEPS], err = 0;

    for (int s = 0; s < nsteps; s++)
        if (!fits(&steps[s], ty))
            return;             /* the same on every PE */
    memset(&j, 0, sizeof(j));
    j.sc = sc;
    j.cm = cm;
    j.nsteps = nsteps;
    j.per_block = per_block;
    j.rc = d_rc;
    j.got = d_got;
    j.err = d_err;
    for (int s = 0; s < nsteps; s++) {
        const struct step *st = &steps[s];
        const struct team *tm = st->tm ? st->tm : tm0;
        struct kstep *ks = &j.st[s];
        int sseed = seed * MAXSTEPS + s;

        member &= tm->idx >= 0;
        if (tm->idx < 0)
            continue;
        ks->fam = st->fam;
        ks->op = st->op;
        ks->n = st->n;
        ks->root = st->fam == F_BCAST || st->fam == F_BCASTMEM ? resolve_root(st->root, tm->size) : 0;
        ks->team = tm->h;
        ks->src = sym_src[s];
        ks->dst = is_sync(st->fam) ? (void *)sym_slots : st->inplace ? sym_src[s] : sym_dst[s];
        ks->av = d_av + (size_t)s * 4 * MAXPE;
        ks->pe_next = world_of(tm, (tm->idx + 1) % tm->size);
        ks->val = sseed * 100 + tm->idx;
        prepare<T>(tm, ty, st, s, sseed);
    }
    {
        int minus[MAXSTEPS];
        for (int s = 0; s < MAXSTEPS; s++)
            minus[s] = -1;
        sym_write(sym_slots, minus, sizeof(minus));
    }
    CUDA_OK(cudaMemset(d_rc, 0, MAXSTEPS * sizeof(int)));
    CUDA_OK(cudaMemset(d_got, 0xff, MAXSTEPS * sizeof(int)));
    CUDA_OK(cudaMemset(d_err, 0, sizeof(int)));
    sync_all();
    if (member && sc == SC_HOST) {
        rocshmem_ctx_t ctx = ROCSHMEM_CTX_DEFAULT;
        if (cm == CM_TEAM && rocshmem_team_create_ctx(tm0->h, 0, &ctx) != ROCSHMEM_SUCCESS)
            err = 1;
        for (int s = 0; s < nsteps && !err; s++) {
            got[s] = -1;
            rc[s] = host_step<T>(steps[s].tm ? steps[s].tm : tm0, cm, ctx, &steps[s], &j.st[s], s,
                                 &got[s]);
        }
        if (cm == CM_TEAM && !err)
            rocshmem_ctx_destroy(ctx);
    } else if (member) {
        k_coll<T><<<per_block ? 2 : 1, sc == SC_WG1024 ? 1024 : 96>>>(j);
        CUDA_OK(cudaGetLastError());
        CUDA_OK(cudaDeviceSynchronize());
        CUDA_OK(cudaMemcpy(rc, d_rc, sizeof(rc), cudaMemcpyDeviceToHost));
        CUDA_OK(cudaMemcpy(got, d_got, sizeof(got), cudaMemcpyDeviceToHost));
        CUDA_OK(cudaMemcpy(&err, d_err, sizeof(err), cudaMemcpyDeviceToHost));
    }
    sync_all();
    if (!member)
        return;
    if (err) {
        fail_line(tm0, sc, cm, ty, &steps[0], 0, "team context", 0, "not made", "made");
        return;
    }
    for (int s = 0; s < nsteps; s++) {
        const struct step *st = &steps[s];
        const struct team *tm = st->tm ? st->tm : tm0;
        struct step rs = *st;
        if (is_sync(st->fam)) {
            int prev = (tm->idx + tm->size - 1) % tm->size;
            int want = (seed * MAXSTEPS + s) * 100 + prev;
            char gs[24], ws[24];
            if (got[s] != want) {
                snprintf(gs, sizeof(gs), "%d", got[s]);
                snprintf(ws, sizeof(ws), "%d", want);
                fail_line(tm, sc, cm, ty, st, s, "slot after the call", s, gs, ws);
            }
            continue;
        }
        rs.root = j.st[s].root;
        check<T>(tm, sc, cm, ty, &rs, s, seed * MAXSTEPS + s, rc[s]);
    }
}

static void run_job(const struct team *tm, int sc, int cm, int ty, int nsteps,
                    const struct step *steps, int per_block = 0)
{
    switch (ty) {
    case TY_INT: run_job_t<int>(tm, sc, cm, ty, nsteps, steps, per_block); break;
    case TY_LONG: run_job_t<long>(tm, sc, cm, ty, nsteps, steps, per_block); break;
    case TY_FLOAT: run_job_t<float>(tm, sc, cm, ty, nsteps, steps, per_block); break;
    case TY_DOUBLE: run_job_t<double>(tm, sc, cm, ty, nsteps, steps, per_block); break;
    case TY_CHAR: run_job_t<char>(tm, sc, cm, ty, nsteps, steps, per_block); break;
    /* The mem forms: bytes, with char's values. */
    default: run_job_t<char>(tm, sc, cm, ty, nsteps, steps, per_block); break;
    }
}

static void one(const struct team *tm, int sc, int cm, int ty, int fam, int op, int n,
                int root = 0, int inplace = 0)
{
    struct step st = { fam, op, n, root, inplace, NULL };
    run_job(tm, sc, cm, ty, 1, &st);
}

/* ---- the cases ----------------------------------------------------------------------- */

static const int dev_scopes[] = { SC_WG96, SC_WG1024, SC_WAVE, SC_THREAD };
static int cm_turn;             /* rotates the name forms over the cases */
static int next_cm(void) { return cm_turn++ % 3; }

static void part(const char *team, const char *what, long before)
{
    char p[64];
    snprintf(p, sizeof(p), "%s: %s", team, what);
    report(p, before);
}

static void sync_cases(const struct team *tm)
{
    long before = fails;
    for (int sc = SC_WG96; sc <= SC_HOST; sc++)
        for (int cm = CM_PLAIN; cm <= CM_TEAM; cm++) {
            struct step st[MAXSTEPS];
            int n = 0;
            st[n++] = { F_BARRIER, OP_NONE, 0, 0, 0, NULL };
            st[n++] = { F_TEAM_SYNC, OP_NONE, 0, 0, 0, NULL };
            st[n++] = { F_BARRIER, OP_NONE, 0, 0, 0, NULL };
            st[n++] = { F_TEAM_SYNC, OP_NONE, 0, 0, 0, NULL };
            if (tm->world) {
                st[n++] = { F_BARRIER_ALL, OP_NONE, 0, 0, 0, NULL };
                st[n++] = { F_SYNC_ALL, OP_NONE, 0, 0, 0, NULL };
                st[n++] = { F_BARRIER_ALL, OP_NONE, 0, 0, 0, NULL };
            }
            run_job(tm, sc, cm, TY_INT, n, st);
        }
    part(tm->name, tm->world ? "barrier, team_sync, barrier_all, sync_all" : "barrier, team_sync",
         before);
}

static void bcast_cases(const struct team *tm)
{
    long before = fails;
    for (int sc : dev_scopes) {
        static const int sizes96[] = { 0, 1, 37, 1000 }, sizes[] = { 37 };
        const int *sz = sc == SC_WG96 ? sizes96 : sizes;
        int nsz = sc == SC_WG96 ? 4 : 1;
        for (int ty = TY_INT; ty <= TY_CHAR; ty++)
            for (int k = 0; k < nsz; k++) {
                if (sz[k] == 37) {
                    one(tm, sc, next_cm(), ty, F_BCAST, OP_NONE, 37, 0);
                    one(tm, sc, next_cm(), ty, F_BCAST, OP_NONE, 37, ROOT_LAST);
                    one(tm, sc, next_cm(), ty, F_BCAST, OP_NONE, 37, ROOT_MID);
                } else {
                    one(tm, sc, next_cm(), ty, F_BCAST, OP_NONE, sz[k], ROOT_LAST);
                }
            }
        one(tm, sc, next_cm(), TY_MEM, F_BCASTMEM, OP_NONE, 37, ROOT_LAST);
        one(tm, sc, next_cm(), TY_MEM, F_BCASTMEM, OP_NONE, 100000, 0);
        if (sc == SC_WG96) {
            one(tm, sc, next_cm(), TY_MEM, F_BCASTMEM, OP_NONE, 0, 0);
            one(tm, sc, next_cm(), TY_MEM, F_BCASTMEM, OP_NONE, 1001, ROOT_MID);
        }
    }
    /* Past the team scratch and the push/pull threshold. */
    one(tm, SC_WG1024, next_cm(), TY_LONG, F_BCAST, OP_NONE, 40000, ROOT_MID);
    one(tm, SC_THREAD, next_cm(), TY_LONG, F_BCAST, OP_NONE, 40000, 0);
    one(tm, SC_WAVE, next_cm(), TY_LONG, F_BCAST, OP_NONE, 40000, ROOT_LAST);
    part(tm->name, "broadcast, broadcastmem", before);
}

static void gather_cases(const struct team *tm)
{
    long before = fails;
    for (int sc : dev_scopes) {
        static const int sizes96[] = { 0, 1, 37, 1000 }, sizes[] = { 37 };
        const int *sz = sc == SC_WG96 ? sizes96 : sizes;
        int nsz = sc == SC_WG96 ? 4 : 1;
        for (int ty = TY_INT; ty <= TY_CHAR; ty++)
            for (int k = 0; k < nsz; k++) {
                one(tm, sc, next_cm(), ty, F_FCOLLECT, OP_NONE, sz[k]);
                one(tm, sc, next_cm(), ty, F_ALLTOALL, OP_NONE, sz[k]);
            }
        one(tm, sc, next_cm(), TY_MEM, F_FCOLLECTMEM, OP_NONE, 37);
        one(tm, sc, next_cm(), TY_MEM, F_ALLTOALLMEM, OP_NONE, 37);
        if (sc == SC_WG96) {
            one(tm, sc, next_cm(), TY_MEM, F_FCOLLECTMEM, OP_NONE, 1000);
            one(tm, sc, next_cm(), TY_MEM, F_ALLTOALLMEM, OP_NONE, 1001);
        }
    }
    one(tm, SC_WG1024, next_cm(), TY_LONG, F_FCOLLECT, OP_NONE, 20000);
    one(tm, SC_WG96, next_cm(), TY_LONG, F_ALLTOALL, OP_NONE, 4000);
    one(tm, SC_THREAD, next_cm(), TY_MEM, F_FCOLLECTMEM, OP_NONE, 70000);
    part(tm->name, "fcollect(mem), alltoall(mem)", before);

    before = fails;
    for (int sc : dev_scopes) {
        static const int tys[] = { TY_INT, TY_LONG, TY_DOUBLE, TY_CHAR };
        for (int ty : tys) {
            one(tm, sc, next_cm(), ty, F_ALLTOALLV, OP_NONE, 3);
            if (sc == SC_WG96)
                one(tm, sc, next_cm(), ty, F_ALLTOALLV, OP_NONE, 1);
        }
    }
    one(tm, SC_WG1024, next_cm(), TY_LONG, F_ALLTOALLV, OP_NONE, 300);
    part(tm->name, "alltoallv", before);
}

/* (type, op) pairs of the reductions. */
static const struct { int ty, op; } red_pairs[] = {
    { TY_INT, OP_SUM }, { TY_INT, OP_PROD }, { TY_INT, OP_MIN }, { TY_INT, OP_MAX },
    { TY_INT, OP_AND }, { TY_INT, OP_OR }, { TY_INT, OP_XOR },
    { TY_LONG, OP_SUM }, { TY_LONG, OP_PROD }, { TY_LONG, OP_MIN }, { TY_LONG, OP_MAX },
    { TY_LONG, OP_AND }, { TY_LONG, OP_OR }, { TY_LONG, OP_XOR },
    { TY_FLOAT, OP_SUM }, { TY_FLOAT, OP_PROD }, { TY_FLOAT, OP_MIN }, { TY_FLOAT, OP_MAX },
    { TY_DOUBLE, OP_SUM }, { TY_DOUBLE, OP_PROD }, { TY_DOUBLE, OP_MIN }, { TY_DOUBLE, OP_MAX },
};
#define N_RED_PAIRS ((int)(sizeof(red_pairs) / sizeof(red_pairs[0])))

static void reduce_cases(const struct team *tm)
{
    long before = fails;
    for (int sc : dev_scopes)
        for (int p = 0; p < N_RED_PAIRS; p++)
            one(tm, sc, next_cm(), red_pairs[p].ty, F_REDUCE, red_pairs[p].op, 37);
    for (int p = 0; p < N_RED_PAIRS; p++) {
        one(tm, SC_WG96, next_cm(), red_pairs[p].ty, F_REDUCE, red_pairs[p].op, 1);
        one(tm, SC_WG96, next_cm(), red_pairs[p].ty, F_REDUCE, red_pairs[p].op, 1000);
    }
    one(tm, SC_WG96, next_cm(), TY_INT, F_REDUCE, OP_SUM, 0);
    one(tm, SC_THREAD, next_cm(), TY_DOUBLE, F_REDUCE, OP_MAX, 0);
    /* Past the 16 KiB pull threshold (float 5000, double 3000) and the 64 KiB scratch. */
    one(tm, SC_WG96, next_cm(), TY_FLOAT, F_REDUCE, OP_MAX, 5000);
    one(tm, SC_WG1024, next_cm(), TY_DOUBLE, F_REDUCE, OP_PROD, 3000);
    for (int sc : dev_scopes)
        one(tm, sc, next_cm(), TY_LONG, F_REDUCE, OP_SUM, 40000);
    one(tm, SC_WG1024, next_cm(), TY_DOUBLE, F_REDUCE, OP_SUM, 40000);
    one(tm, SC_WG96, next_cm(), TY_INT, F_REDUCE, OP_MIN, 40000);
    one(tm, SC_WG96, next_cm(), TY_LONG, F_REDUCE, OP_XOR, 40000);
    /* In place. */
    one(tm, SC_WG96, next_cm(), TY_LONG, F_REDUCE, OP_SUM, 37, 0, 1);
    one(tm, SC_WG1024, next_cm(), TY_LONG, F_REDUCE, OP_MAX, 40000, 0, 1);
    one(tm, SC_WAVE, next_cm(), TY_FLOAT, F_REDUCE, OP_MIN, 1000, 0, 1);
    one(tm, SC_THREAD, next_cm(), TY_INT, F_REDUCE, OP_OR, 37, 0, 1);
    part(tm->name, "reduce", before);

    before = fails;
    for (int p = 0; p < N_RED_PAIRS; p++) {
        one(tm, SC_WG96, next_cm(), red_pairs[p].ty, F_REDUCE_SCATTER, red_pairs[p].op, 37);
        one(tm, SC_WAVE, next_cm(), red_pairs[p].ty, F_REDUCE_SCATTER, red_pairs[p].op, 37);
        if (red_pairs[p].op == OP_SUM || red_pairs[p].op == OP_MAX) {
            one(tm, SC_WG1024, next_cm(), red_pairs[p].ty, F_REDUCE_SCATTER, red_pairs[p].op, 37);
            one(tm, SC_THREAD, next_cm(), red_pairs[p].ty, F_REDUCE_SCATTER, red_pairs[p].op, 37);
            one(tm, SC_WG96, next_cm(), red_pairs[p].ty, F_REDUCE_SCATTER, red_pairs[p].op, 1);
            one(tm, SC_WG96, next_cm(), red_pairs[p].ty, F_REDUCE_SCATTER, red_pairs[p].op, 1000);
        }
    }
    one(tm, SC_WG96, next_cm(), TY_INT, F_REDUCE_SCATTER, OP_SUM, 0);
    one(tm, SC_WG96, next_cm(), TY_LONG, F_REDUCE_SCATTER, OP_SUM, 20000);
    one(tm, SC_THREAD, next_cm(), TY_LONG, F_REDUCE_SCATTER, OP_MIN, 20000);
    one(tm, SC_WG1024, next_cm(), TY_DOUBLE, F_REDUCE_SCATTER, OP_SUM, 20000);
    part(tm->name, "reduce_scatter", before);
}

/* Collectives back to back in one kernel, no barrier between them, each into its own dest. */
static void b2b_cases(const struct team *tm)
{
    long before = fails;
    const struct step mixed[] = {
        { F_REDUCE, OP_SUM, 37, 0, 0, NULL },
        { F_BCAST, OP_NONE, 37, ROOT_LAST, 0, NULL },
        { F_FCOLLECT, OP_NONE, 37, 0, 0, NULL },
        { F_ALLTOALL, OP_NONE, 13, 0, 0, NULL },
        { F_REDUCE, OP_SUM, 0, 0, 0, NULL },
        { F_REDUCE, OP_MAX, 1000, 0, 0, NULL },
        { F_REDUCE_SCATTER, OP_SUM, 37, 0, 0, NULL },
        { F_ALLTOALLV, OP_NONE, 2, 0, 0, NULL },
    };
    const struct step reduces[] = {
        { F_REDUCE, OP_SUM, 37, 0, 0, NULL },
        { F_REDUCE, OP_SUM, 40000, 0, 0, NULL },
        { F_REDUCE, OP_MIN, 37, 0, 0, NULL },
        { F_REDUCE, OP_XOR, 1000, 0, 0, NULL },
        { F_REDUCE_SCATTER, OP_SUM, 37, 0, 0, NULL },
        { F_REDUCE_SCATTER, OP_MAX, 37, 0, 0, NULL },
        { F_REDUCE, OP_SUM, 5000, 0, 0, NULL },
        { F_REDUCE, OP_PROD, 1, 0, 0, NULL },
    };
    const struct step bcasts[] = {
        { F_BCAST, OP_NONE, 37, 0, 0, NULL },
        { F_BCAST, OP_NONE, 37, ROOT_LAST, 0, NULL },
        { F_BCAST, OP_NONE, 1000, ROOT_MID, 0, NULL },
        { F_BCAST, OP_NONE, 20000, 0, 0, NULL },
        { F_FCOLLECT, OP_NONE, 1, 0, 0, NULL },
        { F_BCAST, OP_NONE, 1, ROOT_LAST, 0, NULL },
        { F_ALLTOALL, OP_NONE, 37, 0, 0, NULL },
        { F_BARRIER, OP_NONE, 0, 0, 0, NULL },
    };
    for (int sc : dev_scopes) {
        run_job(tm, sc, next_cm(), TY_LONG, MAXSTEPS, mixed);
        run_job(tm, sc, next_cm(), TY_INT, MAXSTEPS, reduces);
        run_job(tm, sc, next_cm(), TY_DOUBLE, MAXSTEPS, bcasts);
    }
    run_job(tm, SC_HOST, CM_PLAIN, TY_LONG, MAXSTEPS, mixed);
    part(tm->name, "back to back, 8 in one kernel", before);
}

/* The host forms on the heap. */
static void host_cases(const struct team *tm)
{
    long before = fails;
    one(tm, SC_HOST, CM_PLAIN, TY_LONG, F_REDUCE, OP_SUM, 37);
    one(tm, SC_HOST, CM_DEFAULT, TY_LONG, F_REDUCE, OP_SUM, 40000);
    one(tm, SC_HOST, CM_TEAM, TY_DOUBLE, F_REDUCE, OP_MAX, 37);
    one(tm, SC_HOST, CM_PLAIN, TY_INT, F_REDUCE, OP_XOR, 1000);
    one(tm, SC_HOST, CM_PLAIN, TY_LONG, F_REDUCE, OP_SUM, 37, 0, 1);
    one(tm, SC_HOST, CM_PLAIN, TY_INT, F_REDUCE_SCATTER, OP_SUM, 37);
    one(tm, SC_HOST, CM_PLAIN, TY_INT, F_BCAST, OP_NONE, 37, ROOT_LAST);
    one(tm, SC_HOST, CM_DEFAULT, TY_DOUBLE, F_BCAST, OP_NONE, 1000, 0);
    one(tm, SC_HOST, CM_PLAIN, TY_MEM, F_BCASTMEM, OP_NONE, 100000, ROOT_MID);
    one(tm, SC_HOST, CM_PLAIN, TY_MEM, F_FCOLLECTMEM, OP_NONE, 37);
    one(tm, SC_HOST, CM_PLAIN, TY_LONG, F_FCOLLECT, OP_NONE, 37);
    one(tm, SC_HOST, CM_TEAM, TY_LONG, F_ALLTOALL, OP_NONE, 13);
    one(tm, SC_HOST, CM_PLAIN, TY_MEM, F_ALLTOALLMEM, OP_NONE, 37);
    one(tm, SC_HOST, CM_PLAIN, TY_LONG, F_ALLTOALLV, OP_NONE, 2);
    part(tm->name, "host forms", before);
}

/* Team shapes and queries: each PE's view, on the host and in a kernel. */
static void check_team(const struct team *tm, int *dq)
{
    int want_idx = tm->idx, q[4];
    char gs[24], ws[24];
    struct step st = { F_BARRIER, OP_NONE, 0, 0, 0, NULL };
    int h[4];

    if (want_idx < 0) {
        if (tm->h != ROCSHMEM_TEAM_INVALID) {
            fail_line(tm, SC_HOST, CM_PLAIN, TY_INT, &st, 0, "non-member's handle", 0, "valid",
                      "ROCSHMEM_TEAM_INVALID");
        }
        return;
    }
    h[0] = rocshmem_team_my_pe(tm->h);
    h[1] = rocshmem_team_n_pes(tm->h);
    h[2] = rocshmem_team_translate_pe(tm->h, 0, ROCSHMEM_TEAM_WORLD);
    h[3] = rocshmem_team_translate_pe(ROCSHMEM_TEAM_WORLD, me, tm->h);
    k_query<<<1, 32>>>(tm->h, dq);
    CUDA_OK(cudaGetLastError());
    CUDA_OK(cudaMemcpy(q, dq, sizeof(q), cudaMemcpyDeviceToHost));
    {
        const int want[4] = { tm->idx, tm->size, tm->start, tm->idx };
        static const char *const what[4] = { "team_my_pe", "team_n_pes",
                                             "translate_pe(team 0 -> WORLD)",
                                             "translate_pe(WORLD me -> team)" };
        for (int k = 0; k < 4; k++) {
            snprintf(ws, sizeof(ws), "%d", want[k]);
            if (h[k] != want[k]) {
                snprintf(gs, sizeof(gs), "%d", h[k]);
                fail_line(tm, SC_HOST, CM_PLAIN, TY_INT, &st, 0, what[k], 0, gs, ws);
            }
            if (q[k] != want[k]) {
                snprintf(gs, sizeof(gs), "%d", q[k]);
                fail_line(tm, SC_THREAD, CM_PLAIN, TY_INT, &st, 0, what[k], 0, gs, ws);
            }
        }
    }
}

int main(void)
{
    struct team teams[6];
    int nteams = 0, *dq;
    long before;

    gpu_test_start();
    if (npes > MAXPE) {
        printf(GPU_TEST_NAME " pe %d: more than %d PEs\n" GPU_TEST_NAME ": FAIL\n", me, MAXPE);
        return 1;
    }
    for (int s = 0; s < MAXSTEPS; s++) {
        sym_src[s] = rocshmem_malloc(ARENA_B);
        sym_dst[s] = rocshmem_malloc(ARENA_B);
        if (!sym_src[s] || !sym_dst[s]) {
            printf(GPU_TEST_NAME " pe %d: allocation failed\n" GPU_TEST_NAME ": FAIL\n", me);
            return 1;
        }
    }
    sym_slots = (int *)rocshmem_malloc(MAXSTEPS * sizeof(int));
    hbuf = (unsigned char *)malloc(ARENA_B);
    hwant = (unsigned char *)malloc(ARENA_B);
    hmask = (unsigned char *)malloc(ARENA_B);
    if (!sym_slots || !hbuf || !hwant || !hmask) {
        printf(GPU_TEST_NAME " pe %d: allocation failed\n" GPU_TEST_NAME ": FAIL\n", me);
        return 1;
    }
    CUDA_OK(cudaMalloc((void **)&d_av, (size_t)MAXSTEPS * 4 * MAXPE * sizeof(size_t)));
    CUDA_OK(cudaMalloc((void **)&d_rc, MAXSTEPS * sizeof(int)));
    CUDA_OK(cudaMalloc((void **)&d_got, MAXSTEPS * sizeof(int)));
    CUDA_OK(cudaMalloc((void **)&d_err, sizeof(int)));
    CUDA_OK(cudaMalloc((void **)&dq, 4 * sizeof(int)));

    /* ---- teams ---- */
    before = fails;
    {
        struct team *t = &teams[nteams++];
        *t = { "WORLD", ROCSHMEM_TEAM_WORLD, 0, 1, npes, me, 1 };
    }
    {
        /* SHARED: as the library reports it (every PE on the IPC path of one node, this PE
         * alone on the proxy path). */
        struct team *t = &teams[nteams++];
        rocshmem_team_t h = ROCSHMEM_TEAM_SHARED;
        int n = rocshmem_team_n_pes(h), s0 = rocshmem_team_translate_pe(h, 0, ROCSHMEM_TEAM_WORLD);
        int s1 = n > 1 ? rocshmem_team_translate_pe(h, 1, ROCSHMEM_TEAM_WORLD) - s0 : 1;
        *t = { "SHARED", h, s0, s1, n, rocshmem_team_my_pe(h), 0 };
    }
    {
        struct team *t = &teams[nteams++];
        int start = npes >= 3 ? 1 : 0, stride = npes >= 3 ? 2 : 1;
        int size = npes >= 3 ? npes / 2 : npes;
        int d = me - start;
        t->name = npes >= 3 ? "strided(1,2)" : "strided(0,1)";
        t->start = start;
        t->stride = stride;
        t->size = size;
        t->idx = d >= 0 && d % stride == 0 && d / stride < size ? d / stride : -1;
        t->world = 0;
        if (rocshmem_team_split_strided(ROCSHMEM_TEAM_WORLD, start, stride, size, NULL, 0, &t->h)) {
            struct step st = { F_BARRIER, OP_NONE, 0, 0, 0, NULL };
            fail_line(t, SC_HOST, CM_PLAIN, TY_INT, &st, 0, "split_strided", 0, "error", "0");
            return gpu_test_finish();
        }
    }
    {
        struct team *x = &teams[nteams++], *y = &teams[nteams++];
        int xr = npes >= 2 ? 2 : 1, row = me / xr, col = me % xr;
        rocshmem_team_config_t cfg = { 1 };
        *x = { "2d-x", ROCSHMEM_TEAM_INVALID, row * xr, 1,
               npes - row * xr < xr ? npes - row * xr : xr, col, 0 };
        *y = { "2d-y", ROCSHMEM_TEAM_INVALID, col, xr, (npes - col + xr - 1) / xr, row, 0 };
        if (rocshmem_team_split_2d(ROCSHMEM_TEAM_WORLD, xr, &cfg, ROCSHMEM_TEAM_NUM_CONTEXTS,
                                   &x->h, NULL, 0, &y->h)) {
            struct step st = { F_BARRIER, OP_NONE, 0, 0, 0, NULL };
            fail_line(x, SC_HOST, CM_PLAIN, TY_INT, &st, 0, "split_2d", 0, "error", "0");
            return gpu_test_finish();
        }
        cfg.num_contexts = -1;
        if (rocshmem_team_get_config(x->h, ROCSHMEM_TEAM_NUM_CONTEXTS, &cfg) || cfg.num_contexts != 1) {
            struct step st = { F_BARRIER, OP_NONE, 0, 0, 0, NULL };
            char gs[24];
            snprintf(gs, sizeof(gs), "%d", cfg.num_contexts);
            fail_line(x, SC_HOST, CM_PLAIN, TY_INT, &st, 0, "get_config num_contexts", 0, gs, "1");
        }
    }
    {
        struct team *t = &teams[nteams++];
        *t = { "one", ROCSHMEM_TEAM_INVALID, npes - 1, 1, 1, me == npes - 1 ? 0 : -1, 0 };
        if (rocshmem_team_split_strided(ROCSHMEM_TEAM_WORLD, npes - 1, 1, 1, NULL, 0, &t->h)) {
            struct step st = { F_BARRIER, OP_NONE, 0, 0, 0, NULL };
            fail_line(t, SC_HOST, CM_PLAIN, TY_INT, &st, 0, "split_strided size 1", 0, "error", "0");
            return gpu_test_finish();
        }
    }
    for (int i = 0; i < nteams; i++)
        check_team(&teams[i], dq);
    report("teams: split_strided, split_2d, queries", before);
    sync_all();

    /* ---- collectives on every team ---- */
    for (int i = 0; i < nteams; i++) {
        const struct team *tm = &teams[i];
        sync_cases(tm);
        if (!strcmp(tm->name, "SHARED")) {
            long b = fails;
            one(tm, SC_WG96, CM_PLAIN, TY_LONG, F_REDUCE, OP_SUM, 37);
            one(tm, SC_WAVE, CM_DEFAULT, TY_INT, F_BCAST, OP_NONE, 37, ROOT_LAST);
            one(tm, SC_THREAD, CM_TEAM, TY_DOUBLE, F_FCOLLECT, OP_NONE, 37);
            part(tm->name, "reduce, broadcast, fcollect", b);
            continue;
        }
        bcast_cases(tm);
        gather_cases(tm);
        reduce_cases(tm);
        b2b_cases(tm);
        host_cases(tm);
    }

    /* ---- two teams at once: block 0 on the 2d x team, block 1 on the y team ---- */
    before = fails;
    {
        const struct team *x = &teams[3], *y = &teams[4];
        const struct step two[] = {
            { F_REDUCE, OP_SUM, 1000, 0, 0, x },
            { F_REDUCE, OP_SUM, 1000, 0, 0, y },
        };
        const struct step two_b[] = {
            { F_BCAST, OP_NONE, 37, ROOT_LAST, 0, x },
            { F_FCOLLECT, OP_NONE, 37, 0, 0, y },
        };
        const struct step two_c[] = {
            { F_REDUCE, OP_MAX, 40000, 0, 0, y },
            { F_ALLTOALL, OP_NONE, 37, 0, 0, x },
        };
        for (int sc : dev_scopes) {
            run_job(x, sc, CM_PLAIN, TY_LONG, 2, two, 1);
            run_job(x, sc, CM_DEFAULT, TY_INT, 2, two_b, 1);
            run_job(x, sc, CM_PLAIN, TY_LONG, 2, two_c, 1);
        }
    }
    report("2d x and y teams at once from two blocks", before);

    sync_all();
    for (int i = nteams - 1; i >= 2; i--)
        rocshmem_team_destroy(teams[i].h);
    cudaFree(dq);
    cudaFree(d_err);
    cudaFree(d_got);
    cudaFree(d_rc);
    cudaFree(d_av);
    free(hmask);
    free(hwant);
    free(hbuf);
    return gpu_test_finish();
}
