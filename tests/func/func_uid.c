/* Init without a launcher: one process of the job, started by hand (tests/func/uid_launch.sh
 * starts them with &).
 *   usage: func_uid RANK NRANKS FILE [--uid-only | --uid-hang | --raw-attr | --global-exit]
 * Rank 0 makes the unique id (twice: the second call must give a new one) and writes it
 * to FILE in hex (through a temporary name and rename, so a reader never sees half of it);
 * every other rank waits (bounded) for FILE and reads it. Before init each checks the bad
 * input of the three calls (NULL pointers, ranks out of range, unknown flags, the MPI
 * flag of this build: each must return nonzero, and leave attr unchanged); then all call
 * rocshmem_set_attr_uniqueid_args and rocshmem_init_attr, check my_pe and n_pes against
 * RANK and NRANKS, check that a second init_attr is refused, pass a ring of puts around
 * (barrier_all between), sum-reduce an 8-byte value over ROCSHMEM_TEAM_WORLD, and
 * finalize; PE 0 prints "func_uid: PASS on N PEs".
 * Modes for the failure cases of uid_launch.sh:
 *   --uid-only     rank 0 writes the id and exits: nothing listens at its address then;
 *   --uid-hang     rank 0 writes the id and sleeps 30 s without init: a listener that
 *                  never serves;
 *   --raw-attr     fill attr by hand (no rocshmem_set_attr_uniqueid_args), so that
 *                  rocshmem_init_attr's own checks meet RANK and NRANKS as given;
 *   --global-exit  after init, rank 1 calls rocshmem_global_exit(3) while the others wait
 *                  in rocshmem_barrier_all (run with ROCSHMEM_RO_TRANSPORT=null, whose
 *                  barrier goes through the bootstrap): all must end with status 3. */
#include "ro_test.h"

#include <errno.h>
#include <stdint.h>
#include <sys/stat.h>

#define UID_HEX (2 * sizeof(rocshmem_uniqueid_t))

static int rank = -1;

/* Failures before init: no PE number yet, and nobody else to end. */
static void pre_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));
static void pre_fail(const char *fmt, ...)
{
    va_list ap;

    fprintf(stderr, "func_uid: rank %d: FAIL ", rank);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    exit(1);
}

static void uid_write(const char *path, const rocshmem_uniqueid_t *uid)
{
    char tmp[4096];
    FILE *f;

    snprintf(tmp, sizeof(tmp), "%s.tmp.%ld", path, (long)getpid());
    f = fopen(tmp, "w");
    if (!f)
        pre_fail("fopen(%s): %s", tmp, strerror(errno));
    for (size_t i = 0; i < sizeof(uid->internal); i++)
        fprintf(f, "%02x", (unsigned char)uid->internal[i]);
    fputc('\n', f);
    if (fclose(f) || rename(tmp, path))
        pre_fail("writing %s: %s", path, strerror(errno));
}

/* Waits up to RT_WAIT_S for rank 0's file. */
static void uid_read(const char *path, rocshmem_uniqueid_t *uid)
{
    double deadline = rt_now() + RT_WAIT_S;
    char hex[UID_HEX + 2] = "";
    FILE *f;

    while (!(f = fopen(path, "r"))) {
        if (rt_now() > deadline)
            pre_fail("%s did not appear within %d s", path, RT_WAIT_S);
        usleep(20000);
    }
    if (!fgets(hex, sizeof(hex), f) || strlen(hex) < UID_HEX)
        pre_fail("%s: not %zu hex digits", path, UID_HEX);
    fclose(f);
    for (size_t i = 0; i < sizeof(uid->internal); i++) {
        unsigned v;

        if (sscanf(hex + 2 * i, "%2x", &v) != 1)
            pre_fail("%s: not hex at byte %zu", path, i);
        uid->internal[i] = (char)v;
    }
}

/* Rank 0: the id, made twice (a second call gives a new id and replaces the first). */
static void uid_make(rocshmem_uniqueid_t *uid)
{
    rocshmem_uniqueid_t first;

    if (rocshmem_get_uniqueid(NULL) == ROCSHMEM_SUCCESS)
        pre_fail("rocshmem_get_uniqueid(NULL) succeeded");
    if (rocshmem_get_uniqueid(&first) != ROCSHMEM_SUCCESS)
        pre_fail("rocshmem_get_uniqueid failed");
    if (rocshmem_get_uniqueid(uid) != ROCSHMEM_SUCCESS)
        pre_fail("rocshmem_get_uniqueid (second call) failed");
    if (!memcmp(&first, uid, sizeof(first)))
        pre_fail("two calls of rocshmem_get_uniqueid gave the same id");
}

/* Bad input of the three calls, before init: each refused, attr left as it was. */
static void bad_input(rocshmem_uniqueid_t *uid, int nranks)
{
    rocshmem_init_attr_t attr, before;

    memset(&attr, 0x5a, sizeof(attr));
    before = attr;
    if (rocshmem_set_attr_uniqueid_args(0, nranks, NULL, &attr) == ROCSHMEM_SUCCESS ||
        rocshmem_set_attr_uniqueid_args(0, nranks, uid, NULL) == ROCSHMEM_SUCCESS ||
        rocshmem_set_attr_uniqueid_args(-1, nranks, uid, &attr) == ROCSHMEM_SUCCESS ||
        rocshmem_set_attr_uniqueid_args(nranks, nranks, uid, &attr) == ROCSHMEM_SUCCESS ||
        rocshmem_set_attr_uniqueid_args(0, 0, uid, &attr) == ROCSHMEM_SUCCESS)
        pre_fail("rocshmem_set_attr_uniqueid_args accepted bad input");
    if (memcmp(&attr, &before, sizeof(attr)))
        pre_fail("rocshmem_set_attr_uniqueid_args changed attr on bad input");
    if (rocshmem_init_attr(ROCSHMEM_INIT_WITH_UNIQUEID, NULL) == ROCSHMEM_SUCCESS ||
        rocshmem_init_attr(7, &attr) == ROCSHMEM_SUCCESS ||
        rocshmem_init_attr(ROCSHMEM_INIT_WITH_MPI_COMM, &attr) == ROCSHMEM_SUCCESS)
        pre_fail("rocshmem_init_attr accepted bad input");
}

/* The job itself: queries, a ring of puts, a sum reduction. */
static void job(int nranks)
{
    rocshmem_init_attr_t again;
    int me, npes, right;
    long *ring, *src, *dst;

    me = rocshmem_my_pe();
    npes = rocshmem_n_pes();
    RT_CHECK_EQ("rocshmem_my_pe", "int", me, rank);
    RT_CHECK_EQ("rocshmem_n_pes", "int", npes, nranks);
    memset(&again, 0, sizeof(again));
    RT_CHECK("rocshmem_init_attr (already initialized)", "int",
             rocshmem_init_attr(ROCSHMEM_INIT_WITH_UNIQUEID, &again) != ROCSHMEM_SUCCESS,
             "a second init was accepted");

    rt_step("ring of puts");
    ring = rocshmem_malloc(3 * sizeof(long));
    RT_CHECK("rocshmem_malloc", "long", ring != NULL, "returned NULL");
    src = ring + 1;
    dst = ring + 2;
    ring[0] = -1;
    rocshmem_barrier_all();
    right = (me + 1) % npes;
    rocshmem_long_p(&ring[0], 1000 + me, right);
    rocshmem_barrier_all();
    RT_CHECK_EQ("rocshmem_long_p (ring)", "long", ring[0], 1000 + (me + npes - 1) % npes);

    rt_step("sum reduction over WORLD");
    *src = me + 1;
    RT_CHECK_EQ("rocshmem_long_sum_reduce (rc)", "int",
                rocshmem_long_sum_reduce(ROCSHMEM_TEAM_WORLD, dst, src, 1), 0);
    RT_CHECK_EQ("rocshmem_long_sum_reduce", "long", *dst, (long)npes * (npes + 1) / 2);
    rocshmem_barrier_all();
    rocshmem_free(ring);
}

int main(int argc, char **argv)
{
    rocshmem_uniqueid_t uid;
    rocshmem_init_attr_t attr;
    const char *mode = argc > 4 ? argv[4] : "";
    int nranks;

    if (argc < 4) {
        fprintf(stderr, "usage: func_uid RANK NRANKS FILE [--uid-only|--uid-hang|--raw-attr|"
                        "--global-exit]\n");
        return 2;
    }
    rank = atoi(argv[1]);
    nranks = atoi(argv[2]);
    if (rank == 0) {
        uid_make(&uid);
        uid_write(argv[3], &uid);
        if (!strcmp(mode, "--uid-only"))
            return 0;
        if (!strcmp(mode, "--uid-hang")) {
            sleep(30);
            return 0;
        }
    } else {
        uid_read(argv[3], &uid);
    }
    bad_input(&uid, nranks > 0 ? nranks : 1);

    memset(&attr, 0, sizeof(attr));
    if (!strcmp(mode, "--raw-attr")) {
        attr.rank = rank;
        attr.nranks = nranks;
        attr.uid = uid;
    } else if (rocshmem_set_attr_uniqueid_args(rank, nranks, &uid, &attr) != ROCSHMEM_SUCCESS) {
        pre_fail("rocshmem_set_attr_uniqueid_args(%d, %d) failed", rank, nranks);
    }
    if (rocshmem_init_attr(ROCSHMEM_INIT_WITH_UNIQUEID, &attr) != ROCSHMEM_SUCCESS)
        pre_fail("rocshmem_init_attr failed");
    rt_begin("func_uid", 1);

    if (!strcmp(mode, "--global-exit")) {
        if (rank == 1) {
            rocshmem_global_exit(3);
        }
        rt_step("barrier_all while rank 1 exits");
        rocshmem_barrier_all();
        RT_FAIL("rocshmem_barrier_all", "-",
                "returned although rank 1 called rocshmem_global_exit(3)");
    }
    job(nranks);
    return rt_end();
}
