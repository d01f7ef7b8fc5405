/* The bootstrap over the program's MPI communicator (rocshmem_init_attr with
 * ROCSHMEM_INIT_WITH_MPI_COMM): PE numbers are the communicator's ranks, the exchanges are
 * MPI collectives on a duplicate of it. Built only when configure finds MPI, as a module of
 * its own (librocshmem_ro_mpi.so) that the library loads at run time
 * (ro_boot_mpi_load.c): librocshmem_ro itself never depends on MPI. It must come from the
 * MPI the program runs with (configure's summary names it). */
#include "config.h"
#include "bootstrap/ro_boot.h"

#include <errno.h>
#include <mpi.h>
#include <stdlib.h>

#include "common/ro_log.h"

struct ro_boot_mpi {
    MPI_Comm comm;
};

/* 0, or after a message naming the call and MPI's words for the error, -EIO. */
static int ro_boot_mpi_check(int rc, const char *call)
{
    char msg[MPI_MAX_ERROR_STRING];
    int len = 0;

    if (rc == MPI_SUCCESS)
        return 0;
    if (MPI_Error_string(rc, msg, &len) != MPI_SUCCESS)
        len = 0;
    msg[len] = '\0';
    RO_ERR("%s: MPI error %d: %s", call, rc, len ? msg : "(no description)");
    return -EIO;
}

static int ro_boot_mpi_init(struct ro_boot *b)
{
    const MPI_Comm *user = (const MPI_Comm *)b->args;
    struct ro_boot_mpi *m;
    int up = 0, down = 0;

    if (!user) {
        RO_ERR("rocshmem_init_attr(ROCSHMEM_INIT_WITH_MPI_COMM): attr->mpi_comm is NULL; it "
               "must point to the program's MPI_Comm");
        return -EINVAL;
    }
    if (ro_boot_mpi_check(MPI_Initialized(&up), "MPI_Initialized") ||
        ro_boot_mpi_check(MPI_Finalized(&down), "MPI_Finalized"))
        return -EIO;
    if (!up || down) {
        RO_ERR("rocshmem_init_attr(ROCSHMEM_INIT_WITH_MPI_COMM): MPI is %s; call MPI_Init "
               "first and MPI_Finalize after rocshmem_finalize", down ? "finalized" : "not initialized");
        return -EINVAL;
    }
    m = calloc(1, sizeof(*m));
    if (!m) {
        RO_SYS_ERR("calloc(struct ro_boot_mpi)", ENOMEM);
        return -ENOMEM;
    }
    /* A communicator of our own: the program's traffic on its own never meets ours. */
    if (ro_boot_mpi_check(MPI_Comm_dup(*user, &m->comm), "MPI_Comm_dup") ||
        ro_boot_mpi_check(MPI_Comm_rank(m->comm, &b->rank), "MPI_Comm_rank") ||
        ro_boot_mpi_check(MPI_Comm_size(m->comm, &b->size), "MPI_Comm_size")) {
        free(m);
        return -EIO;
    }
    b->priv = m;
    return 0;
}

static int ro_boot_mpi_allgather(struct ro_boot *b, const void *in, void *out, size_t len)
{
    struct ro_boot_mpi *m = b->priv;

    if (len > (size_t)0x7fffffff) {
        RO_ERR("bootstrap allgather of %zu bytes: more than MPI's int count", len);
        return -EINVAL;
    }
    return ro_boot_mpi_check(MPI_Allgather(in, (int)len, MPI_BYTE, out, (int)len, MPI_BYTE,
                                           m->comm), "MPI_Allgather");
}

static int ro_boot_mpi_barrier(struct ro_boot *b)
{
    struct ro_boot_mpi *m = b->priv;
    return ro_boot_mpi_check(MPI_Barrier(m->comm), "MPI_Barrier");
}

static void ro_boot_mpi_abort(struct ro_boot *b, int code, const char *why)
{
    struct ro_boot_mpi *m = b->priv;

    RO_LOG(code ? RO_LOG_ERROR : RO_LOG_INFO, "ending the job (status %d): %s", code, why);
    MPI_Abort(m ? m->comm : MPI_COMM_WORLD, code);
    exit(code);
}

static int ro_boot_mpi_fini(struct ro_boot *b)
{
    struct ro_boot_mpi *m = b->priv;
    int down = 0, rc = 0;

    if (!m)
        return 0;
    /* The program may have finalized MPI already; then the duplicate went with it. */
    if (MPI_Finalized(&down) == MPI_SUCCESS && !down)
        rc = ro_boot_mpi_check(MPI_Comm_free(&m->comm), "MPI_Comm_free");
    free(m);
    b->priv = NULL;
    return rc;
}

/* What ro_boot_mpi_load.c looks up in this module. */
const struct ro_boot_ops ro_boot_mpi_ops = {
    .name = "mpi",
    .init = ro_boot_mpi_init,
    .allgather = ro_boot_mpi_allgather,
    .barrier = ro_boot_mpi_barrier,
    .abort = ro_boot_mpi_abort,
    .fini = ro_boot_mpi_fini,
};
