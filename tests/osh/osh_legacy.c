/* What older OpenSHMEM programs use and 1.5 still lists, and the collectives rocshmem.h has
 * no counterpart for: start_pes and the SGI names, the pre-1.4 AMO names, shmem_long_wait,
 * the active-set collectives with a pSync (on all PEs and on the even PEs alone, each many
 * times over one pSync, which must end back at SHMEM_SYNC_VALUE), team collect and
 * alltoalls, and shmem_realloc. */
#include "osh_test.h"

#define N 8

static long pSync[SHMEM_REDUCE_SYNC_SIZE];
static long pWrk[SHMEM_REDUCE_MIN_WRKDATA_SIZE];
static long src[N], dst[16 * N];
static int isrc[N], idst[N];
static double dsrc[N], ddst[N];
static long flag;
static int counter;

static long val(int pe, int k)
{
    return (long)pe * 100 + k;
}

/* Collectives reuse dst: a PE that leaves one first must not fill it for the next while a
 * slower one still checks. */
static void settle(void)
{
    shmem_barrier_all();
}

static void test_old_names(void)
{
    int me = ot_me, n = ot_npes;

    ot_step("pre-1.4 AMO names, shmem_long_wait");
    counter = 0;
    settle();
    (void)shmem_int_fadd(&counter, 2, 0);
    shmem_int_inc(&counter, 0);
    (void)shmem_int_finc(&counter, 0);
    shmem_int_add(&counter, -1, 0);
    shmem_quiet();
    settle();
    if (me == 0)
        OT_CHECK_EQ("shmem_int_fadd/inc/finc/add", "int", counter, 3 * n);
    OT_CHECK_EQ("shmem_int_fetch", "int", shmem_int_fetch(&counter, 0), 3 * n);
    settle();
    if (me == 0) {
        OT_CHECK_EQ("shmem_int_cswap", "int", shmem_int_cswap(&counter, 3 * n, -1, 0), 3 * n);
        OT_CHECK_EQ("shmem_int_swap", "int", shmem_int_swap(&counter, 5, 0), -1);
        shmem_double_set(&dsrc[0], 2.5, 0);
        OT_CHECK_EQ("shmem_double_fetch", "double", shmem_double_fetch(&dsrc[0], 0), 2.5);
    }
    settle();
    flag = 0;
    settle();
    shmem_long_p(&flag, 1, ot_right());
    shmem_long_wait(&flag, 0);
    OT_CHECK_EQ("shmem_long_wait", "long", flag, 1);
    settle();
}

static void test_active_set(int start, int log_stride, int size, int rounds)
{
    const int stride = 1 << log_stride, me = ot_me;
    const int idx = (me - start) / stride;

    ot_step("active set (%d, %d, %d): barrier x%d", start, log_stride, size, rounds);
    for (int r = 0; r < rounds; r++)
        shmem_barrier(start, log_stride, size, pSync);
    shmem_sync(start, log_stride, size, pSync);

    ot_step("active set (%d, %d, %d): broadcast64", start, log_stride, size);
    for (int k = 0; k < N; k++) {
        src[k] = val(me, k);
        dst[k] = -1;
    }
    shmem_barrier(start, log_stride, size, pSync);
    shmem_broadcast64(dst, src, N, size - 1, start, log_stride, size, pSync);
    for (int k = 0; k < N; k++)
        OT_CHECK_ELEM("shmem_broadcast64", "long", k, dst[k],
                      idx == size - 1 ? -1 : val(start + (size - 1) * stride, k));
    shmem_barrier(start, log_stride, size, pSync);

    ot_step("active set (%d, %d, %d): fcollect64, collect64", start, log_stride, size);
    shmem_fcollect64(dst, src, N, start, log_stride, size, pSync);
    for (int i = 0; i < size; i++)
        for (int k = 0; k < N; k++)
            OT_CHECK_ELEM("shmem_fcollect64", "long", i * N + k, dst[i * N + k],
                          val(start + i * stride, k));
    shmem_barrier(start, log_stride, size, pSync);
    shmem_collect64(dst, src, (size_t)idx + 1, start, log_stride, size, pSync);
    for (int i = 0, at = 0; i < size; i++)
        for (int k = 0; k <= i; k++, at++)
            OT_CHECK_ELEM("shmem_collect64", "long", at, dst[at], val(start + i * stride, k));
    shmem_barrier(start, log_stride, size, pSync);

    ot_step("active set (%d, %d, %d): alltoall64, alltoalls32", start, log_stride, size);
    shmem_alltoall64(dst, src, 2, start, log_stride, size, pSync);
    for (int i = 0; i < size; i++)
        for (int k = 0; k < 2; k++)
            OT_CHECK_ELEM("shmem_alltoall64", "long", i * 2 + k, dst[i * 2 + k],
                          val(start + i * stride, idx * 2 + k));
    shmem_barrier(start, log_stride, size, pSync);
    for (int k = 0; k < N; k++) {
        isrc[k] = (int)val(me, k);
        idst[k] = -1;
    }
    shmem_barrier(start, log_stride, size, pSync);
    /* one element per member, source stride 1, dest stride 2: member i's lands at 2 * i */
    shmem_alltoalls32(idst, isrc, 2, 1, 1, start, log_stride, size, pSync);
    for (int i = 0; i < size && 2 * i < N; i++)
        OT_CHECK_ELEM("shmem_alltoalls32", "int", 2 * i, idst[2 * i],
                      (int)val(start + i * stride, idx));
    shmem_barrier(start, log_stride, size, pSync);

    ot_step("active set (%d, %d, %d): to_all reductions x%d", start, log_stride, size, rounds);
    for (int r = 0; r < rounds; r++) {
        shmem_long_sum_to_all(dst, src, N, start, log_stride, size, pWrk, pSync);
        for (int k = 0; k < N; k++) {
            long want = 0;
            for (int i = 0; i < size; i++)
                want += val(start + i * stride, k);
            OT_CHECK_ELEM("shmem_long_sum_to_all", "long", k, dst[k], want);
        }
    }
    shmem_int_max_to_all(idst, isrc, N, start, log_stride, size, (int *)pWrk, pSync);
    for (int k = 0; k < N; k++)
        OT_CHECK_ELEM("shmem_int_max_to_all", "int", k, idst[k],
                      (int)val(start + (size - 1) * stride, k));
    for (int k = 0; k < N; k++)
        dsrc[k] = 0.5 + idx;
    shmem_double_prod_to_all(ddst, dsrc, N, start, log_stride, size, (double *)pWrk, pSync);
    {
        double want = 1;
        for (int i = 0; i < size; i++)
            want *= 0.5 + i;
        OT_CHECK_EQ("shmem_double_prod_to_all", "double", ddst[0], want);
    }
    /* dest may be source */
    shmem_long_max_to_all(src, src, N, start, log_stride, size, pWrk, pSync);
    OT_CHECK_EQ("shmem_long_max_to_all (in place)", "long", src[1],
                val(start + (size - 1) * stride, 1));
    shmem_barrier(start, log_stride, size, pSync);
    OT_CHECK_EQ("pSync left at SHMEM_SYNC_VALUE", "long", pSync[0] | pSync[1], SHMEM_SYNC_VALUE);
}

static void test_team_collect_alltoalls(void)
{
    int me = ot_me, n = ot_npes;

    ot_step("team collect, alltoalls");
    for (int k = 0; k < N; k++)
        src[k] = val(me, k);
    settle();
    OT_CHECK_EQ("shmem_long_collect", "int",
                shmem_long_collect(SHMEM_TEAM_WORLD, dst, src, (size_t)(me % 3)), 0);
    for (int i = 0, at = 0; i < n; i++)
        for (int k = 0; k < i % 3; k++, at++)
            OT_CHECK_ELEM("shmem_long_collect", "long", at, dst[at], val(i, k));
    settle();
    /* element k of block j: source[2 * (j * 2 + k)]; lands at dest[3 * (me * 2 + k)] */
    OT_CHECK_EQ("shmem_long_alltoalls", "int",
                shmem_long_alltoalls(SHMEM_TEAM_WORLD, dst, src, 3, 2, 1), 0);
    for (int i = 0; i < n && 3 * i < 16 * N; i++)
        OT_CHECK_ELEM("shmem_long_alltoalls", "long", 3 * i, dst[3 * i], val(i, 2 * me));
    settle();
}

static void test_realloc(void)
{
    long *p = shmem_malloc(4 * sizeof(long));

    ot_step("shmem_realloc");
    OT_CHECK("shmem_malloc", "long", p != NULL, "NULL");
    for (int k = 0; k < 4; k++)
        p[k] = val(ot_me, k);
    p = shmem_realloc(p, 4096 * sizeof(long));
    OT_CHECK("shmem_realloc (grow)", "long", p != NULL, "NULL");
    for (int k = 0; k < 4; k++)
        OT_CHECK_ELEM("shmem_realloc keeps the contents", "long", k, p[k], val(ot_me, k));
    p[4095] = ot_me;
    settle();
    OT_CHECK_EQ("shmem_realloc'd block is symmetric", "long", shmem_long_g(&p[4095], ot_right()),
                ot_right());
    settle();
    p = shmem_realloc(p, 2 * sizeof(long));
    OT_CHECK_ELEM("shmem_realloc (shrink) keeps the contents", "long", 1, p[1], val(ot_me, 1));
    OT_CHECK("shmem_realloc(p, 0)", "long", shmem_realloc(p, 0) == NULL, "not NULL");
    OT_CHECK("shmem_realloc(NULL, 0)", "long", shmem_realloc(NULL, 0) == NULL, "not NULL");
}

int main(void)
{
    ot_start("osh_legacy");
    for (int i = 0; i < SHMEM_REDUCE_SYNC_SIZE; i++)
        pSync[i] = SHMEM_SYNC_VALUE;
    start_pes(0);
    ot_begin(2);
    OT_CHECK_EQ("_my_pe", "int", _my_pe(), shmem_my_pe());
    OT_CHECK_EQ("_num_pes", "int", _num_pes(), shmem_n_pes());
    test_old_names();
    test_active_set(0, 0, ot_npes, (int)20);
    settle();
    if (ot_me % 2 == 0)
        test_active_set(0, 1, (ot_npes + 1) / 2, 10);
    settle();
    test_team_collect_alltoalls();
    test_realloc();
    return ot_end();
}
