/* Bootstrap: how PEs find each other before the fabric is up (PMIx, PMI-1 wire protocol
 * as Hydra speaks it, Slurm PMI-2, or a singleton). Chosen at run time: an ops table.
 * Used only by init (src/core), from the PE's main thread; the proxy never calls it
 * except `abort`. */
#ifndef RO_BOOT_H
#define RO_BOOT_H

#include <stddef.h>

#include "common/ro_env.h"

struct ro_boot;

struct ro_boot_ops {
    const char *name;                                              /* "pmix", "pmi1", ... */
    /* Connects to the launcher and fills rank/size. 0 or a negative errno. */
    int  (*init)(struct ro_boot *b);
    /* out[r * len .. (r + 1) * len) = in of rank r, for every rank. Collective. */
    int  (*allgather)(struct ro_boot *b, const void *in, void *out, size_t len);
    int  (*barrier)(struct ro_boot *b);
    /* Asks the launcher to end the whole job with status `code`; does not return. Logs
     * `why` as an error, but at info level for code 0: rocshmem_global_exit(0) ends the
     * job as the program meant to. */
    void (*abort)(struct ro_boot *b, int code, const char *why);
    int  (*fini)(struct ro_boot *b);
};

struct ro_boot {
    const struct ro_boot_ops *ops;
    int rank;
    int size;
    unsigned timeout_s;   /* bound on every wait for the launcher or a peer */
    void *priv;           /* owned by the implementation */
};

extern const struct ro_boot_ops ro_boot_pmix_ops;
extern const struct ro_boot_ops ro_boot_pmi1_ops;
extern const struct ro_boot_ops ro_boot_pmi2_ops;   /* stubs reporting "not built" without libpmi2 */
extern const struct ro_boot_ops ro_boot_single_ops;

/* Picks the implementation (`kind`, or from the environment for RO_BOOT_AUTO), runs its
 * init, and returns it in *out. Logs which one and why. 0 or a negative errno. */
int ro_boot_open(enum ro_bootstrap_kind kind, unsigned timeout_s, struct ro_boot **out);
/* fini and free. */
int ro_boot_close(struct ro_boot *b);

#endif
