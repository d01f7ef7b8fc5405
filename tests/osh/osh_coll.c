/* OpenSHMEM 1.5 chapter 9.9: collectives, on SHMEM_TEAM_WORLD and on a split team (the PEs
 * 1..n-1, whose member 0 is WORLD PE 1, so team numbering shows).
 *   - shmem_barrier_all completes puts before it returns (puts without a quiet before
 *     it); shmem_sync_all and shmem_team_sync order puts completed by a quiet;
 *   - typed broadcast (roots 0 and the last member; dest is updated on the root too, as
 *     1.5 says for team broadcasts), fcollect and alltoall on ten types (long double
 *     included), and broadcastmem, fcollectmem, alltoallmem: every element checked;
 *   - reductions: and, or, xor on every bitwise type, max, min, sum, prod on every
 *     arithmetic type of the 1.5 tables, checked against the reduction computed here; one
 *     sum in place (dest == source);
 *   - every team collective returns 0, also for zero elements (and writes nothing then);
 *   - SHMEM_TEAM_SHARED: team_sync and a sum of its members' WORLD numbers.
 * Each collective gets dest and source blocks of its own (carved, in the same order on
 * every PE, from one symmetric arena), so none needs a sync to make its dest ready. */
#include "osh_test.h"

#define NE 8                    /* elements per member */
#define MAXPE 64
#define ARENA (1u << 20)

static unsigned char *arena;
static size_t arena_off;

/* The next block of the arena; every PE carves the same blocks, members or not. */
static void *carve(size_t bytes)
{
    void *p;
    arena_off = (arena_off + 15) & ~(size_t)15;
    OT_CHECK("arena", "carve", arena_off + bytes <= ARENA, "arena of %u bytes too small", ARENA);
    p = arena + arena_off;
    arena_off += bytes;
    return p;
}

struct team {
    const char *name;
    shmem_team_t t;
    int me, n;                  /* team numbers; me < 0: not a member */
};

/* The value member t writes at element i (alltoall: for member d). */
#define V(TYPE, t, i) ((TYPE)(((t) * 31 + (i) * 7 + 3) % 100))
#define W(TYPE, t, d, i) ((TYPE)(((t) * 29 + (d) * 11 + (i) * 5 + 1) % 100))

#define DEF_DATA(NAME, TYPE)                                                               \
    static void data_##NAME(const struct team *tm, const char *tn)                         \
    {                                                                                      \
        const int n = tm->n, roots[2] = { 0, tm->n - 1 };                                  \
        TYPE *bsrc[2], *bdst[2], *fsrc, *fdst, *asrc, *adst;                               \
        int rc;                                                                            \
        for (int r = 0; r < 2; r++) {                                                      \
            bsrc[r] = carve(NE * sizeof(TYPE));                                            \
            bdst[r] = carve(NE * sizeof(TYPE));                                            \
        }                                                                                  \
        fsrc = carve(NE * sizeof(TYPE));                                                   \
        fdst = carve((size_t)ot_npes * NE * sizeof(TYPE));                                   \
        asrc = carve((size_t)ot_npes * NE * sizeof(TYPE));                                   \
        adst = carve((size_t)ot_npes * NE * sizeof(TYPE));                                   \
        if (tm->me < 0)                                                                    \
            return;                                                                        \
        for (int r = 0; r < 2; r++) {                                                      \
            ot_step("shmem_%s_broadcast, %s, root %d", #NAME, tm->name, roots[r]);          \
            for (int i = 0; i < NE; i++)                                                   \
                bsrc[r][i] = V(TYPE, tm->me, i);                                           \
            rc = shmem_##NAME##_broadcast(tm->t, bdst[r], bsrc[r], NE, roots[r]);          \
            OT_CHECK_EQ("shmem_" #NAME "_broadcast", tn, rc, 0);                           \
            for (int i = 0; i < NE; i++)                                                   \
                OT_CHECK_ELEM("shmem_" #NAME "_broadcast", tn, i, bdst[r][i],              \
                              V(TYPE, roots[r], i));                                       \
        }                                                                                  \
        ot_step("shmem_%s_fcollect, %s", #NAME, tm->name);                                 \
        for (int i = 0; i < NE; i++)                                                       \
            fsrc[i] = V(TYPE, tm->me, i);                                                  \
        rc = shmem_##NAME##_fcollect(tm->t, fdst, fsrc, NE);                               \
        OT_CHECK_EQ("shmem_" #NAME "_fcollect", tn, rc, 0);                                \
        for (int i = 0; i < n * NE; i++)                                                   \
            OT_CHECK_ELEM("shmem_" #NAME "_fcollect", tn, i, fdst[i], V(TYPE, i / NE, i % NE)); \
        ot_step("shmem_%s_alltoall, %s", #NAME, tm->name);                                 \
        for (int d = 0; d < n; d++)                                                        \
            for (int i = 0; i < NE; i++)                                                   \
                asrc[d * NE + i] = W(TYPE, tm->me, d, i);                                  \
        rc = shmem_##NAME##_alltoall(tm->t, adst, asrc, NE);                               \
        OT_CHECK_EQ("shmem_" #NAME "_alltoall", tn, rc, 0);                                \
        for (int i = 0; i < n * NE; i++)                                                   \
            OT_CHECK_ELEM("shmem_" #NAME "_alltoall", tn, i, adst[i],                      \
                          W(TYPE, i / NE, tm->me, i % NE));                                \
    }

#define DATA_TYPES(X)                                                                      \
    X(char, char) X(short, short) X(int, int) X(long, long) X(longlong, long long)         \
    X(float, float) X(double, double) X(longdouble, long double) X(uint64, uint64_t)       \
    X(size, size_t)
DATA_TYPES(DEF_DATA)

static void data_mem(const struct team *tm)
{
    const int n = tm->n;
    const size_t nb = 13;       /* an odd byte count */
    unsigned char *bsrc = carve(nb), *bdst = carve(nb), *fsrc = carve(nb);
    unsigned char *fdst = carve((size_t)ot_npes * nb), *asrc = carve((size_t)ot_npes * nb);
    unsigned char *adst = carve((size_t)ot_npes * nb);
    const int root = n > 1 ? 1 : 0;
    int rc;

    if (tm->me < 0)
        return;
    ot_step("broadcastmem/fcollectmem/alltoallmem, %s", tm->name);
    for (size_t j = 0; j < nb; j++)
        bsrc[j] = fsrc[j] = (unsigned char)(tm->me * 41 + j * 3 + 1);
    for (int d = 0; d < n; d++)
        for (size_t j = 0; j < nb; j++)
            asrc[d * nb + j] = (unsigned char)(tm->me * 37 + d * 13 + j);
    rc = shmem_broadcastmem(tm->t, bdst, bsrc, nb, root);
    OT_CHECK_EQ("shmem_broadcastmem", tm->name, rc, 0);
    for (size_t j = 0; j < nb; j++)
        OT_CHECK_ELEM("shmem_broadcastmem", tm->name, j, bdst[j],
                      (unsigned char)(root * 41 + j * 3 + 1));
    rc = shmem_fcollectmem(tm->t, fdst, fsrc, nb);
    OT_CHECK_EQ("shmem_fcollectmem", tm->name, rc, 0);
    for (size_t j = 0; j < n * nb; j++)
        OT_CHECK_ELEM("shmem_fcollectmem", tm->name, j, fdst[j],
                      (unsigned char)((j / nb) * 41 + (j % nb) * 3 + 1));
    rc = shmem_alltoallmem(tm->t, adst, asrc, nb);
    OT_CHECK_EQ("shmem_alltoallmem", tm->name, rc, 0);
    for (size_t j = 0; j < n * nb; j++)
        OT_CHECK_ELEM("shmem_alltoallmem", tm->name, j, adst[j],
                      (unsigned char)((j / nb) * 37 + tm->me * 13 + j % nb));
}

/* Reductions: member t's element i for each operation, and the operation itself. */
#define RV_sum(TYPE, t, i) ((TYPE)((t) + (i) + 1))
#define RV_prod(TYPE, t, i) ((TYPE)(((t) + (i)) % 3 + 1))
#define RV_max(TYPE, t, i) ((TYPE)(((t) * 7 + (i) * 3) % 11 - 5))
#define RV_min(TYPE, t, i) ((TYPE)(((t) * 5 + (i) * 3) % 13 - 6))
#define RV_and(TYPE, t, i) ((TYPE)(0xF0 | (1 << (((t) + (i)) % 4)) | ((t) == 0 ? 0x0F : 0)))
#define RV_or(TYPE, t, i) ((TYPE)(1 << (((t) + (i)) % 8)))
#define RV_xor(TYPE, t, i) ((TYPE)(((t) + 1) * 0x11 + (i)))
#define RF_sum(a, b) ((a) + (b))
#define RF_prod(a, b) ((a) * (b))
#define RF_max(a, b) ((a) > (b) ? (a) : (b))
#define RF_min(a, b) ((a) < (b) ? (a) : (b))
#define RF_and(a, b) ((a) & (b))
#define RF_or(a, b) ((a) | (b))
#define RF_xor(a, b) ((a) ^ (b))

#define DEF_RED(NAME, TYPE, OP)                                                            \
    static void red_##NAME##_##OP(const struct team *tm, const char *tn)                   \
    {                                                                                      \
        TYPE *src = carve(NE * sizeof(TYPE)), *dst = carve(NE * sizeof(TYPE));             \
        int rc;                                                                            \
        if (tm->me < 0)                                                                    \
            return;                                                                        \
        ot_step("shmem_%s_%s_reduce, %s", #NAME, #OP, tm->name);                           \
        for (int i = 0; i < NE; i++)                                                       \
            src[i] = RV_##OP(TYPE, tm->me, i);                                             \
        rc = shmem_##NAME##_##OP##_reduce(tm->t, dst, src, NE);                            \
        OT_CHECK_EQ("shmem_" #NAME "_" #OP "_reduce", tn, rc, 0);                          \
        for (int i = 0; i < NE; i++) {                                                     \
            TYPE want = RV_##OP(TYPE, 0, i);                                               \
            for (int t = 1; t < tm->n; t++)                                                \
                want = (TYPE)RF_##OP(want, RV_##OP(TYPE, t, i));                           \
            OT_CHECK_ELEM("shmem_" #NAME "_" #OP "_reduce", tn, i, dst[i], want);          \
            OT_CHECK_ELEM("shmem_" #NAME "_" #OP "_reduce: source unchanged", tn, i, src[i], \
                          RV_##OP(TYPE, tm->me, i));                                       \
        }                                                                                  \
    }
#define DEF_RED_BITWISE(NAME, TYPE)                                                        \
    DEF_RED(NAME, TYPE, and) DEF_RED(NAME, TYPE, or) DEF_RED(NAME, TYPE, xor)
#define DEF_RED_ARITH(NAME, TYPE)                                                          \
    DEF_RED(NAME, TYPE, max) DEF_RED(NAME, TYPE, min) DEF_RED(NAME, TYPE, sum)             \
    DEF_RED(NAME, TYPE, prod)

/* Table 10's types, all of them. */
#define RED_BITWISE_TYPES(X)                                                               \
    X(uchar, unsigned char) X(ushort, unsigned short) X(uint, unsigned int)                \
    X(ulong, unsigned long) X(ulonglong, unsigned long long) X(int8, int8_t)               \
    X(int16, int16_t) X(int32, int32_t) X(int64, int64_t) X(uint8, uint8_t)                \
    X(uint16, uint16_t) X(uint32, uint32_t) X(uint64, uint64_t) X(size, size_t)
#define RED_ARITH_TYPES(X)                                                                 \
    X(char, char) X(schar, signed char) X(short, short) X(int, int) X(long, long)          \
    X(longlong, long long) X(ptrdiff, ptrdiff_t) X(uchar, unsigned char)                   \
    X(ushort, unsigned short) X(uint, unsigned int) X(ulong, unsigned long)                \
    X(ulonglong, unsigned long long) X(int8, int8_t) X(int16, int16_t) X(int32, int32_t)   \
    X(int64, int64_t) X(uint8, uint8_t) X(uint16, uint16_t) X(uint32, uint32_t)            \
    X(uint64, uint64_t) X(size, size_t) X(float, float) X(double, double)
RED_BITWISE_TYPES(DEF_RED_BITWISE)
RED_ARITH_TYPES(DEF_RED_ARITH)

/* Sum in place: dest == source. */
static void red_in_place(const struct team *tm)
{
    long *buf = carve(NE * sizeof(long));
    int rc;

    if (tm->me < 0)
        return;
    ot_step("shmem_long_sum_reduce in place, %s", tm->name);
    for (int i = 0; i < NE; i++)
        buf[i] = 10L * tm->me + i;
    rc = shmem_long_sum_reduce(tm->t, buf, buf, NE);
    OT_CHECK_EQ("shmem_long_sum_reduce", "in place", rc, 0);
    for (int i = 0; i < NE; i++)
        OT_CHECK_ELEM("shmem_long_sum_reduce", "in place", i, buf[i],
                      10L * tm->n * (tm->n - 1) / 2 + (long)tm->n * i);
}

static long g_box[MAXPE];

/* barrier_all completes puts; sync_all and team_sync synchronize after a quiet. */
static void check_sync(const struct team *rest)
{
    int right = ot_right(), left = ot_left();

    for (int r = 1; r <= 3; r++) {
        long v = 100L * r + ot_me;
        ot_step("shmem_barrier_all, round %d", r);
        shmem_long_put_nbi(&g_box[r], &v, 1, right);
        shmem_barrier_all();
        OT_CHECK_EQ("shmem_barrier_all", "put_nbi complete after it", g_box[r], 100L * r + left);
    }
    for (int r = 4; r <= 6; r++) {
        ot_step("shmem_sync_all, round %d", r);
        shmem_long_p(&g_box[r], 100L * r + ot_me, right);
        shmem_quiet();
        shmem_sync_all();
        OT_CHECK_EQ("shmem_sync_all", "quiet, then sync_all", g_box[r], 100L * r + left);
    }
    ot_step("shmem_team_sync(SHMEM_TEAM_WORLD)");
    shmem_long_p(&g_box[7], 700L + ot_me, right);
    shmem_quiet();
    OT_CHECK_EQ("shmem_team_sync", "SHMEM_TEAM_WORLD", shmem_team_sync(SHMEM_TEAM_WORLD), 0);
    OT_CHECK_EQ("shmem_team_sync", "SHMEM_TEAM_WORLD", g_box[7], 700L + left);
    if (rest->me >= 0) {
        /* The next member of PEs 1..n-1, in WORLD numbers. */
        int next = 1 + (rest->me + 1) % rest->n, prev = 1 + (rest->me + rest->n - 1) % rest->n;
        ot_step("shmem_team_sync(%s)", rest->name);
        shmem_long_p(&g_box[8], 800L + ot_me, next);
        shmem_quiet();
        OT_CHECK_EQ("shmem_team_sync", rest->name, shmem_team_sync(rest->t), 0);
        OT_CHECK_EQ("shmem_team_sync", rest->name, g_box[8], 800L + prev);
    }
    shmem_barrier_all();
}

/* Zero elements: return 0 and write nothing. */
static void zero_elements(const struct team *tm)
{
    int *src = carve(4 * sizeof(int)), *dst = carve((size_t)ot_npes * 4 * sizeof(int));

    if (tm->me < 0)
        return;
    ot_step("zero-element collectives, %s", tm->name);
    for (int i = 0; i < 4; i++)
        src[i] = 7;
    for (int i = 0; i < ot_npes * 4; i++)
        dst[i] = -1;
    OT_CHECK_EQ("shmem_int_broadcast", "0 elements", shmem_int_broadcast(tm->t, dst, src, 0, 0), 0);
    OT_CHECK_EQ("shmem_int_fcollect", "0 elements", shmem_int_fcollect(tm->t, dst, src, 0), 0);
    OT_CHECK_EQ("shmem_int_alltoall", "0 elements", shmem_int_alltoall(tm->t, dst, src, 0), 0);
    OT_CHECK_EQ("shmem_int_sum_reduce", "0 elements", shmem_int_sum_reduce(tm->t, dst, src, 0), 0);
    OT_CHECK_EQ("shmem_broadcastmem", "0 bytes", shmem_broadcastmem(tm->t, dst, src, 0, 0), 0);
    for (int i = 0; i < ot_npes * 4; i++)
        OT_CHECK_ELEM("zero-element collectives", tm->name, i, dst[i], -1);
}

/* A predefined team other than WORLD: SHMEM_TEAM_SHARED (its members depend on the
 * provider; each PE learns them with translate_pe): a sum of the members' WORLD numbers
 * and a team_sync. */
static void check_shared(void)
{
    long *src = carve(sizeof(long)), *dst = carve(sizeof(long)), want = 0;
    int n = shmem_team_n_pes(SHMEM_TEAM_SHARED);

    ot_step("SHMEM_TEAM_SHARED: team_sync and long_sum_reduce");
    OT_CHECK_EQ("shmem_team_sync", "SHMEM_TEAM_SHARED", shmem_team_sync(SHMEM_TEAM_SHARED), 0);
    for (int i = 0; i < n; i++)
        want += shmem_team_translate_pe(SHMEM_TEAM_SHARED, i, SHMEM_TEAM_WORLD);
    *src = ot_me;
    OT_CHECK_EQ("shmem_long_sum_reduce", "SHMEM_TEAM_SHARED",
                shmem_long_sum_reduce(SHMEM_TEAM_SHARED, dst, src, 1), 0);
    OT_CHECK_EQ("shmem_long_sum_reduce", "SHMEM_TEAM_SHARED: sum of the members' numbers", *dst,
                want);
    shmem_barrier_all();
}

static void run_team(const struct team *tm)
{
    char tn[96];

#define RUN_DATA(NAME, TYPE)                                                               \
    snprintf(tn, sizeof(tn), "%s, %s", #NAME, tm->name);                                   \
    data_##NAME(tm, tn);
    DATA_TYPES(RUN_DATA)
    data_mem(tm);
#define RUN_RED(NAME, TYPE, OP)                                                            \
    snprintf(tn, sizeof(tn), "%s, %s", #NAME, tm->name);                                   \
    red_##NAME##_##OP(tm, tn);
#define RUN_RED_BITWISE(NAME, TYPE)                                                        \
    RUN_RED(NAME, TYPE, and) RUN_RED(NAME, TYPE, or) RUN_RED(NAME, TYPE, xor)
#define RUN_RED_ARITH(NAME, TYPE)                                                          \
    RUN_RED(NAME, TYPE, max) RUN_RED(NAME, TYPE, min) RUN_RED(NAME, TYPE, sum)             \
    RUN_RED(NAME, TYPE, prod)
    RED_BITWISE_TYPES(RUN_RED_BITWISE)
    RED_ARITH_TYPES(RUN_RED_ARITH)
    red_in_place(tm);
    zero_elements(tm);
}

int main(void)
{
    struct team world, rest;
    int rc;

    ot_start("osh_coll");
    shmem_init();
    ot_begin(2);
    arena = shmem_calloc(ARENA, 1);
    OT_CHECK("shmem_calloc", "arena", arena != NULL, "NULL");

    world = (struct team){ "SHMEM_TEAM_WORLD", SHMEM_TEAM_WORLD, ot_me, ot_npes };
    rest = (struct team){ "team of PEs 1..n-1", SHMEM_TEAM_INVALID, -1, ot_npes - 1 };
    rc = shmem_team_split_strided(SHMEM_TEAM_WORLD, 1, 1, ot_npes - 1, NULL, 0, &rest.t);
    OT_CHECK_EQ("shmem_team_split_strided", "PEs 1..n-1", rc, 0);
    rest.me = shmem_team_my_pe(rest.t);
    OT_CHECK_EQ("shmem_team_my_pe", "PEs 1..n-1", rest.me, ot_me - 1);

    check_sync(&rest);
    run_team(&world);
    run_team(&rest);
    check_shared();

    shmem_team_destroy(rest.t);
    shmem_free(arena);
    return ot_end();
}
