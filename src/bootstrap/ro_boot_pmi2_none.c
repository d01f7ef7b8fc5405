/* PMI-2 stand-in for builds without Slurm's libpmi2: init says so, so that
 * ROCSHMEM_BOOTSTRAP=pmi2 fails with the reason; the other slots are never reached but
 * are filled so callers need not test for NULL. */
#include "config.h"
#include "bootstrap/ro_boot.h"

#include "bootstrap/ro_boot_int.h"
#include "common/ro_log.h"

#include <errno.h>
#include <unistd.h>

static int ro_boot_pmi2_no_init(struct ro_boot *b)
{
    /* Probe level: under srun --mpi=pmi2, auto falls back to PMI-1 without an error. */
    RO_BOOT_PROBE_ERR(b, "PMI-2 support not built: configure found no slurm/pmi2.h");
    return -ENOSYS;
}

static int ro_boot_pmi2_no_allgather(struct ro_boot *b, const void *in, void *out, size_t len)
{
    return -ENOSYS;
}

static int ro_boot_pmi2_no_barrier(struct ro_boot *b)
{
    return -ENOSYS;
}

static _Noreturn void ro_boot_pmi2_no_abort(struct ro_boot *b, int code, const char *why)
{
    RO_LOG(code ? RO_LOG_ERROR : RO_LOG_INFO, "aborting (exit code %d): %s", code, why);
    _exit(code);
}

static int ro_boot_pmi2_no_fini(struct ro_boot *b)
{
    return -ENOSYS;
}

const struct ro_boot_ops ro_boot_pmi2_ops = {
    .name = "pmi2",
    .init = ro_boot_pmi2_no_init,
    .allgather = ro_boot_pmi2_no_allgather,
    .barrier = ro_boot_pmi2_no_barrier,
    .abort = ro_boot_pmi2_no_abort,
    .fini = ro_boot_pmi2_no_fini,
};
