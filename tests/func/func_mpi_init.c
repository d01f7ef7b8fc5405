/* Init from an MPI program under a real MPI launcher (mpi_init.sh):
 *   comm      rocshmem_init_attr(ROCSHMEM_INIT_WITH_MPI_COMM) on MPI_COMM_WORLD
 *   reversed  the same on a communicator whose ranks run backwards: PE numbers follow it
 *   uid       rank 0 makes a unique id, MPI_Bcast hands it over, ROCSHMEM_INIT_WITH_UNIQUEID
 *   missing   ROCSHMEM_INIT_WITH_MPI_COMM must fail, with a message, and return (the test
 *             points ROCSHMEM_RO_MPI_MODULE at a file that is not there)
 * Then a ring of puts, a barrier, a sum reduction over WORLD, and MPI still working beside
 * the library. Prints "func_mpi_init MODE: PASS" on every rank that passes; exit 1 if not. */
#include <mpi.h>
#include <stdio.h>
#include <string.h>

#include <rocshmem/rocshmem.h>

static int fails;

static void expect(int ok, int rank, const char *what)
{
    if (!ok) {
        printf("func_mpi_init rank %d: FAILED: %s\n", rank, what);
        fails++;
    }
}

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "comm";
    int wrank, wsize, crank, rc, me, n, total = 0;
    MPI_Comm comm = MPI_COMM_WORLD;
    rocshmem_init_attr_t attr;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &wrank);
    MPI_Comm_size(MPI_COMM_WORLD, &wsize);
    memset(&attr, 0, sizeof(attr));
    if (!strcmp(mode, "reversed"))
        MPI_Comm_split(MPI_COMM_WORLD, 0, wsize - wrank, &comm);
    MPI_Comm_rank(comm, &crank);
    if (!strcmp(mode, "uid")) {
        rocshmem_uniqueid_t uid;
        if (wrank == 0)
            expect(rocshmem_get_uniqueid(&uid) == 0, wrank, "rocshmem_get_uniqueid");
        MPI_Bcast(&uid, (int)sizeof(uid), MPI_BYTE, 0, MPI_COMM_WORLD);
        expect(rocshmem_set_attr_uniqueid_args(wrank, wsize, &uid, &attr) == 0, wrank,
               "rocshmem_set_attr_uniqueid_args");
        rc = rocshmem_init_attr(ROCSHMEM_INIT_WITH_UNIQUEID, &attr);
    } else {
        attr.mpi_comm = &comm;
        rc = rocshmem_init_attr(ROCSHMEM_INIT_WITH_MPI_COMM, &attr);
    }
    if (!strcmp(mode, "missing")) {
        expect(rc != 0, wrank, "init over MPI without the module must fail");
        MPI_Finalize();
        printf("func_mpi_init %s rank %d: %s\n", mode, wrank, fails ? "FAIL" : "PASS");
        return fails ? 1 : 0;
    }
    expect(rc == 0, wrank, "rocshmem_init_attr");
    if (rc) {
        MPI_Finalize();
        return 1;
    }
    me = rocshmem_my_pe();
    n = rocshmem_n_pes();
    expect(n == wsize, wrank, "n_pes is the communicator's size");
    expect(me == (strcmp(mode, "uid") ? crank : wrank), wrank, "my_pe is the rank given");

    int *box = rocshmem_malloc(sizeof(int));
    long *src = rocshmem_malloc(sizeof(long)), *sum = rocshmem_malloc(sizeof(long));
    int mine = 1000 + me;
    *src = me + 1;
    rocshmem_int_put(box, &mine, 1, (me + 1) % n);
    rocshmem_barrier_all();
    expect(*box == 1000 + (me + n - 1) % n, wrank, "value put by the previous PE");
    expect(rocshmem_long_sum_reduce(ROCSHMEM_TEAM_WORLD, sum, src, 1) == 0, wrank, "reduce");
    expect(*sum == (long)n * (n + 1) / 2, wrank, "sum over the PEs");
    rocshmem_free(sum);
    rocshmem_free(src);
    rocshmem_free(box);
    rocshmem_finalize();

    MPI_Allreduce(&me, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    expect(total == n * (n - 1) / 2, wrank, "MPI after the library");
    if (comm != MPI_COMM_WORLD)
        MPI_Comm_free(&comm);
    MPI_Finalize();
    printf("func_mpi_init %s rank %d: %s\n", mode, wrank, fails ? "FAIL" : "PASS");
    return fails ? 1 : 0;
}
