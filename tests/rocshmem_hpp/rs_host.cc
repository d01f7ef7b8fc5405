/* rocSHMEM dialect on CPU PEs (CI): a host program as rocSHMEM 2.x and 3.x programs start
 * and use the library, through rocshmem.hpp with a host C++ compiler. The mode (argv[1]):
 *   auto     rocshmem_init() with MPI linked and not started: init starts MPI (the
 *            program then uses it without MPI_Init) and finalize ends it
 *   mine     the program starts MPI; init_thread must leave it running after finalize
 *   comm     rocSHMEM 2.x: rocshmem_init(MPI_COMM_WORLD), MPI not started before
 *   thread3  rocSHMEM 2.x: rocshmem_init_thread(requested, &provided, MPI_COMM_WORLD)
 *   uid      rocSHMEM 3.x: the unique id (a std::array) sent with MPI_Bcast(uid.data(), ...)
 *   plain    built without MPI (rs_host_nompi): rocshmem_init() under any launcher
 * Then, on every mode: the names through the namespace, the overloads, the 2.x names (on a
 * CPU PE the device API is host code, a caller a workgroup of one), the active-set broadcast
 * with pSync. Prints "rs_host MODE pe N: PASS" on every PE that passes; exit 1 if not. */
#include <rocshmem/rocshmem.hpp>

#include <cstdio>
#include <cstring>

static long fails;
static int me = -1;

#define EXPECT(cond)                                                                       \
    do {                                                                                   \
        if (!(cond)) {                                                                     \
            std::printf("rs_host pe %d: line %d: FAILED: %s\n", me, __LINE__, #cond);      \
            fails++;                                                                       \
        }                                                                                  \
    } while (0)

static_assert(rocshmem::ROCSHMEM_CTX_WG_PRIVATE == 4 && rocshmem::ROCSHMEM_CTX_SERIALIZED == 2 &&
              rocshmem::ROCSHMEM_TEAM_INVALID == nullptr && ROCSHMEM_MAX_NAME_LEN == 64,
              "rocSHMEM's constants, qualified");

/* Qualified names only: a program that does not write `using namespace rocshmem`. */
static void qualified(int npes)
{
    int *box = static_cast<int *>(rocshmem::rocshmem_malloc(4 * sizeof(int)));
    rocshmem::rocshmem_ctx_t ctx = rocshmem::ROCSHMEM_CTX_INVALID;
    const int peer = (me + 1) % npes, from = (me + npes - 1) % npes;
    int val = 100 + me;

    EXPECT(rocshmem::rocshmem_ctx_create(rocshmem::ROCSHMEM_CTX_SERIALIZED, &ctx) == 0);
    EXPECT(ctx != rocshmem::ROCSHMEM_CTX_INVALID && ctx == ctx);
    box[0] = box[1] = 0;
    rocshmem::rocshmem_barrier_all();
    rocshmem::rocshmem_ctx_int_put(ctx, &box[0], &val, 1, peer);
    rocshmem::rocshmem_ctx_fence(ctx, peer);                  /* rocSHMEM's overload */
    rocshmem::rocshmem_int_atomic_add(&box[1], 1, peer);
    rocshmem::rocshmem_fence(peer);
    rocshmem::rocshmem_ctx_quiet(ctx);
    rocshmem::rocshmem_barrier();                              /* 3.4: the world team */
    EXPECT(box[0] == 100 + from && box[1] == 1);
    rocshmem::rocshmem_ctx_destroy(ctx);
    rocshmem::rocshmem_free(box);
}

using namespace rocshmem;

/* The 2.x names and the active-set broadcast. */
static void legacy(int npes)
{
    struct sym {
        long src[16], bcast[16], red[16], aset[16];
        long psync[ROCSHMEM_BCAST_SYNC_SIZE];
    } *s = static_cast<struct sym *>(rocshmem_calloc(1, sizeof(struct sym)));
    rocshmem_ctx_t ctx;
    int provided = -1;

    for (int i = 0; i < 16; i++)
        s->src[i] = me * 100 + i;
    rocshmem_wg_init();
    rocshmem_wg_init_thread(ROCSHMEM_THREAD_MULTIPLE, &provided);
    EXPECT(provided >= ROCSHMEM_THREAD_SINGLE);
    EXPECT(rocshmem_wg_ctx_create(ROCSHMEM_CTX_WG_PRIVATE, &ctx) == 0);
    rocshmem_ctx_wg_barrier_all(ctx);
    rocshmem_ctx_long_wg_broadcast(ctx, ROCSHMEM_TEAM_WORLD, s->bcast, s->src, 16, npes - 1);
    EXPECT(rocshmem_ctx_long_sum_wg_reduce(ctx, ROCSHMEM_TEAM_WORLD, s->red, s->src, 16) == 0);
    rocshmem_wg_team_sync(ROCSHMEM_TEAM_WORLD);
    rocshmem_ctx_long_broadcast(ctx, s->aset, s->src, 16, 0, 0, 0, npes, s->psync);
    rocshmem_wg_barrier_all();
    for (int i = 0; i < 16; i++) {
        long sum = 0;
        for (int j = 0; j < npes; j++)
            sum += j * 100 + i;
        EXPECT(s->bcast[i] == (npes - 1) * 100 + i);
        EXPECT(s->red[i] == sum);
        EXPECT(s->aset[i] == (me == 0 ? 0 : i));
    }
    for (size_t i = 0; i < ROCSHMEM_BCAST_SYNC_SIZE; i++)
        EXPECT(s->psync[i] == ROCSHMEM_SYNC_VALUE);
    /* Refused with a message, nothing moves: a negative count. */
    rocshmem_ctx_long_broadcast(ctx, s->aset, s->src, -1, 0, 0, 0, npes, s->psync);
    rocshmem_wg_ctx_destroy(&ctx);
    rocshmem_wg_finalize();
    rocshmem_free(s);
}

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "plain";

#ifdef ROCSHMEM_RO_HAVE_MPI
    int rc = 0, flag = 0, provided = -1, wrank = 0, wsize = 1;

    if (!strcmp(mode, "mine") || !strcmp(mode, "uid"))
        MPI_Init(&argc, &argv);
    if (!strcmp(mode, "uid")) {
        rocshmem_uniqueid_t uid{};
        rocshmem_init_attr_t attr;
        MPI_Comm_rank(MPI_COMM_WORLD, &wrank);
        MPI_Comm_size(MPI_COMM_WORLD, &wsize);
        if (wrank == 0)
            rc |= rocshmem_get_uniqueid(&uid);
        MPI_Bcast(uid.data(), static_cast<int>(uid.size()), MPI_BYTE, 0, MPI_COMM_WORLD);
        rc |= rocshmem_set_attr_uniqueid_args(wrank, wsize, &uid, &attr);
        rc |= rocshmem_init_attr(ROCSHMEM_INIT_WITH_UNIQUEID, &attr);
    } else if (!strcmp(mode, "comm")) {
        rocshmem_init(MPI_COMM_WORLD);
    } else if (!strcmp(mode, "thread3")) {
        rc = rocshmem_init_thread(ROCSHMEM_THREAD_MULTIPLE, &provided, MPI_COMM_WORLD);
        EXPECT(provided == ROCSHMEM_THREAD_SINGLE);
    } else if (!strcmp(mode, "mine")) {
        rc = rocshmem_init_thread(ROCSHMEM_THREAD_MULTIPLE, &provided);
        EXPECT(provided == ROCSHMEM_THREAD_MULTIPLE);
    } else {
        rocshmem_init();
    }
    me = rocshmem_my_pe();
    EXPECT(rc == 0);
    MPI_Initialized(&flag);
    EXPECT(flag == 1);
    MPI_Comm_rank(MPI_COMM_WORLD, &wrank);
    MPI_Comm_size(MPI_COMM_WORLD, &wsize);
    EXPECT(wrank == me && wsize == rocshmem_n_pes());
    int one = 1, total = 0;
    MPI_Allreduce(&one, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    EXPECT(total == wsize);
#else
    rocshmem_init();
    me = rocshmem_my_pe();
#endif
    const int npes = rocshmem_n_pes();
    qualified(npes);
    legacy(npes);
    rocshmem_finalize();
#ifdef ROCSHMEM_RO_HAVE_MPI
    MPI_Finalized(&flag);
    /* Started by init: ended by finalize. Started by the program: still running. */
    const bool ours = strcmp(mode, "mine") && strcmp(mode, "uid");
    EXPECT(flag == (ours ? 1 : 0));
    if (!ours)
        MPI_Finalize();
#endif
    std::printf("rs_host %s pe %d: %s\n", mode, me, fails ? "FAIL" : "PASS");
    return fails ? 1 : 0;
}
