/* Bootstrap selection: turns ROCSHMEM_BOOTSTRAP (or, for auto, the launcher's
 * environment) into an ordered list of implementations and opens the first that starts;
 * or opens the one init names (rocshmem_init_attr's unique id). A timeout_s of 0 means
 * wait without bound. */
#include "config.h"
#include "bootstrap/ro_boot.h"

#include "bootstrap/ro_boot_int.h"
#include "common/ro_log.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

struct ro_boot_choice {
    const struct ro_boot_ops *ops;
    const char *why;   /* for the info line saying which was chosen */
};

#define RO_BOOT_MAX_CHOICES 3

static const struct ro_boot_ops *const ro_boot_kind_ops[] = {
    [RO_BOOT_PMIX] = &ro_boot_pmix_ops,
    [RO_BOOT_PMI1] = &ro_boot_pmi1_ops,
    [RO_BOOT_PMI2] = &ro_boot_pmi2_ops,
    [RO_BOOT_SINGLE] = &ro_boot_single_ops,
};

/* What to tell a user whose requested kind did not start. */
static const char *const ro_boot_kind_hint[] = {
    [RO_BOOT_PMIX] = "run under a PMIx launcher (mpirun.openmpi, prterun, srun --mpi=pmix)",
    [RO_BOOT_PMI1] = "run under mpiexec.hydra",
    [RO_BOOT_PMI2] = "run under srun --mpi=pmi2 or mpiexec.hydra",
    [RO_BOOT_SINGLE] = "",
};

static int ro_boot_env_set(const char *name)
{
    const char *v = getenv(name);
    return v && *v;
}

/* Note: the order is most specific first. A PMIx server sets PMIX_RANK for every client;
 * Slurm's srun --mpi=pmi2 sets SLURM_MPI_TYPE=pmi2 and PMI_FD; Hydra sets PMI_FD (or
 * PMI_PORT and PMI_ID with -pmi-port) and can also answer PMI-2, so PMI-1 is the fallback
 * whenever PMI_FD is present. Single is chosen only when no launcher variable is set:
 * after a launcher was detected, falling back to single would silently turn an N-PE job
 * into N one-PE jobs. */
static size_t ro_boot_guess(struct ro_boot_choice *c)
{
    const char *mpi_type = getenv("SLURM_MPI_TYPE");
    size_t n = 0;

    if (ro_boot_env_set("PMIX_RANK"))
        c[n++] = (struct ro_boot_choice){ &ro_boot_pmix_ops, "PMIX_RANK is set (PMIx launcher)" };
    if (ro_boot_env_set("PMI_FD") && mpi_type && !strncmp(mpi_type, "pmi2", 4))
        c[n++] = (struct ro_boot_choice){ &ro_boot_pmi2_ops,
                                          "SLURM_MPI_TYPE=pmi2 and PMI_FD are set (srun --mpi=pmi2)" };
    if (ro_boot_env_set("PMI_FD"))
        c[n++] = (struct ro_boot_choice){ &ro_boot_pmi1_ops, "PMI_FD is set (Hydra)" };
    else if (ro_boot_env_set("PMI_PORT"))
        c[n++] = (struct ro_boot_choice){ &ro_boot_pmi1_ops, "PMI_PORT is set (Hydra -pmi-port)" };
    if (n == 0)
        c[n++] = (struct ro_boot_choice){ &ro_boot_single_ops,
                                          "no launcher variable (PMIX_RANK, PMI_FD, PMI_PORT) is set" };
    return n;
}

/* Allocates the handle and runs init; on failure frees it and returns the error. */
static int ro_boot_try(const struct ro_boot_ops *ops, const void *args, unsigned timeout_s,
                       int probe_level, struct ro_boot_obj **out)
{
    struct ro_boot_obj *o = calloc(1, sizeof(*o));
    int rc;

    if (!o) {
        RO_SYS_ERR("calloc(1, sizeof(struct ro_boot_obj))", ENOMEM);
        return -ENOMEM;
    }
    o->pub.ops = ops;
    o->pub.timeout_s = timeout_s;
    o->probe_level = probe_level;
    o->pub.args = args;
    rc = ops->init(&o->pub);
    /* args belong to the caller, and may not outlive this call. */
    o->pub.args = NULL;
    if (rc)
        goto free_obj;
    if (o->pub.size < 1 || o->pub.rank < 0 || o->pub.rank >= o->pub.size) {
        RO_ERR("%s bootstrap: launcher gave rank %d of %d", ops->name, o->pub.rank, o->pub.size);
        rc = -EPROTO;
        goto fini;
    }
    *out = o;
    return 0;

fini:
    ops->fini(&o->pub);
free_obj:
    free(o);
    return rc;
}

int ro_boot_open(enum ro_bootstrap_kind kind, unsigned timeout_s, struct ro_boot **out)
{
    struct ro_boot_choice c[RO_BOOT_MAX_CHOICES];
    struct ro_boot_obj *o = NULL;
    size_t i, n;
    int rc = -EINVAL;

    if ((size_t)kind >= sizeof(ro_boot_kind_ops) / sizeof(ro_boot_kind_ops[0])) {
        RO_ERR("unknown bootstrap kind %d", (int)kind);
        return -EINVAL;
    }
    if (kind == RO_BOOT_AUTO) {
        n = ro_boot_guess(c);
    } else {
        c[0] = (struct ro_boot_choice){ ro_boot_kind_ops[kind], "requested (ROCSHMEM_BOOTSTRAP)" };
        n = 1;
    }

    for (i = 0; i < n; i++) {
        int last = i + 1 == n;

        rc = ro_boot_try(c[i].ops, NULL, timeout_s, last ? RO_LOG_ERROR : RO_LOG_INFO, &o);
        if (!rc)
            break;
        if (!last)
            RO_INFO("bootstrap %s did not start (%s); trying %s", c[i].ops->name,
                    ro_strerror(-rc), c[i + 1].ops->name);
    }
    if (rc) {
        if (kind != RO_BOOT_AUTO)
            RO_ERR("bootstrap %s was requested (ROCSHMEM_BOOTSTRAP) but did not start: %s; %s",
                   c[0].ops->name, ro_strerror(-rc), ro_boot_kind_hint[kind]);
        else
            RO_ERR("bootstrap %s (chosen because %s) did not start: %s; set ROCSHMEM_BOOTSTRAP "
                   "to choose another", c[n - 1].ops->name, c[n - 1].why, ro_strerror(-rc));
        return rc;
    }

    /* The PE is known from here on: every later log line can name it. */
    ro_log_pe = o->pub.rank;
    RO_INFO("bootstrap %s: %s; rank %d of %d", c[i].ops->name, c[i].why, o->pub.rank, o->pub.size);
    *out = &o->pub;
    return 0;
}

int ro_boot_open_ops(const struct ro_boot_ops *ops, const void *args, unsigned timeout_s,
                     struct ro_boot **out)
{
    struct ro_boot_obj *o = NULL;
    /* The implementation's init says why it failed; there is no other kind to try. */
    int rc = ro_boot_try(ops, args, timeout_s, RO_LOG_ERROR, &o);

    if (rc)
        return rc;
    ro_log_pe = o->pub.rank;
    RO_INFO("bootstrap %s: rank %d of %d", ops->name, o->pub.rank, o->pub.size);
    *out = &o->pub;
    return 0;
}

int ro_boot_close(struct ro_boot *b)
{
    int rc;

    if (!b)
        return 0;
    rc = b->ops->fini(b);
    free(ro_boot_container_of(b, struct ro_boot_obj, pub));
    return rc;
}
