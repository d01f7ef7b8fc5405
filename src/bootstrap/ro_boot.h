/* Bootstrap: how PEs find each other before the fabric is up (PMIx, PMI-1 wire protocol
 * as Hydra speaks it, Slurm PMI-2, a singleton, or, without a launcher, the rendezvous of a
 * unique id). Chosen at run time: an ops table.
 * Used only by init (src/core), from the PE's main thread; the proxy never calls it
 * except `abort`. */
#ifndef RO_BOOT_H
#define RO_BOOT_H

#include <stddef.h>

#include "common/ro_env.h"

struct ro_boot;

struct ro_boot_ops {
    const char *name;                                              /* "pmix", "pmi1", ... */
    /* Connects to the launcher (or the peers) and fills rank/size. 0 or a negative errno. */
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
    const void *args;     /* during init only: what ro_boot_open_ops was given, else NULL */
    void *priv;           /* owned by the implementation */
};

extern const struct ro_boot_ops ro_boot_pmix_ops;
extern const struct ro_boot_ops ro_boot_pmi1_ops;
extern const struct ro_boot_ops ro_boot_pmi2_ops;   /* stubs reporting "not built" without libpmi2 */
extern const struct ro_boot_ops ro_boot_single_ops;
extern const struct ro_boot_ops ro_boot_uid_ops;    /* args: struct ro_boot_uid_args */

/* The unique-id bootstrap (ro_boot_uid.c): init without a launcher. */
#define RO_BOOT_UID_BYTES 128   /* sizeof(rocshmem_uniqueid_t) */
struct ro_boot_uid_args {
    int rank, nranks;
    unsigned char uid[RO_BOOT_UID_BYTES];
};
/* Opens this process's rendezvous listener (closing one a previous call opened) on the
 * IPv4 address of `iface` (an interface name or an address; "" for the address of the host
 * name; `iface_var` names the variable it came from, for messages) and `port` (0: any free
 * one), and writes the unique id naming it, with a fresh random secret, into uid. The
 * listener stays open until ro_boot_uid_ops init has used it or ro_boot_uid_id_release.
 * 0 or a negative errno, after logging. */
int  ro_boot_uid_id_create(const char *iface, const char *iface_var, unsigned port, void *uid);
/* 0 when uid holds a unique id this library can use; -EINVAL with the reason in *why. */
int  ro_boot_uid_id_check(const void *uid, const char **why);
/* Closes the listener if one is still open. */
void ro_boot_uid_id_release(void);

/* Picks the implementation (`kind`, or from the environment for RO_BOOT_AUTO), runs its
 * init, and returns it in *out. Logs which one and why. 0 or a negative errno. */
int ro_boot_open(enum ro_bootstrap_kind kind, unsigned timeout_s, struct ro_boot **out);
/* Opens the given implementation, its init reading `args` (see the ops' declaration),
 * and returns it in *out. 0 or a negative errno, after logging. */
int ro_boot_open_ops(const struct ro_boot_ops *ops, const void *args, unsigned timeout_s,
                     struct ro_boot **out);
/* fini and free. */
int ro_boot_close(struct ro_boot *b);

/* The bootstrap over an MPI communicator (args: a pointer to the program's MPI_Comm), from
 * the MPI module at `path` ("": the one beside this library), loaded on first use
 * (ro_boot_mpi_load.c). 0 and *ops, or a negative errno after a message saying how to get
 * the module. */
int ro_boot_mpi_ops_load(const char *path, const struct ro_boot_ops **ops);

#endif
