/* Scaffolding shared by the two-process programs that drive src/ofi alone (ofi_pair,
 * ofi_latency): fork into PE 0 and PE 1 joined by a socketpair, swap endpoint names and heap
 * keys over it, and wait (for completions, for the other PE) while driving ro_ofi_progress,
 * because targets must progress on tcp and shm. Any failure here is fatal: it goes to the
 * program's report hook and the PE leaves. */
#ifndef OFI_FORK_H
#define OFI_FORK_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "ofi/ro_ofi.h"

#define OFI_FORK_WAIT_SEC 20    /* any single wait; sockets is ~10 ms per op */

struct ofi_fork {
    int pe, peer, sock;
    pid_t child;                /* PE 1's pid, in PE 0 */
    struct ro_ofi *o;           /* set from ofi_fork_open to ofi_fork_close */
    uint64_t owed, got;         /* completions the posts asked for, and those that came */
    /* Prints a fatal error the program's way (the PE leaves right after); NULL: stderr. */
    void (*report)(struct ofi_fork *f, const char *msg);
};

double ofi_fork_now_s(void);

/* Forks (before any libfabric call) and fills pe, peer, sock and child; returns in both PEs.
 * Returns -1 with a message when the socketpair or fork fails. */
int  ofi_fork_start(struct ofi_fork *f);
/* PE 0: waits a bounded time for PE 1; its exit status, or 1 if it did not exit. */
int  ofi_fork_wait_child(const struct ofi_fork *f);

/* Ends this PE at once; PE 0 kills PE 1, PE 1 sees the socket close. */
_Noreturn void ofi_fork_leave(struct ofi_fork *f);
_Noreturn void ofi_fork_die(struct ofi_fork *f, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* Dies with "<what> returned <rc> (<strerror>)" when rc < 0; else rc is the number of
 * completions the call owes (posts; 0 for every other call). Posts take the ofi_fork as
 * their token. */
void ofi_fork_check(struct ofi_fork *f, int rc, const char *what);

void ofi_fork_progress(struct ofi_fork *f);
/* Waits until everything this PE posted has completed, driving progress. */
void ofi_fork_wait_done(struct ofi_fork *f, const char *what);
/* Sends `len` bytes and receives the other PE's `len` bytes, progressing meanwhile. */
void ofi_fork_xchg(struct ofi_fork *f, const void *mine, void *theirs, size_t len);
void ofi_fork_barrier(struct ofi_fork *f);

/* Opens the transport into f->o; ofi_fork_join then swaps endpoint names and heap keys.
 * The other PE's heap may be used once both PEs have joined (a barrier after). Two steps
 * so the caller can note the provider opened before anything else can fail. */
void ofi_fork_open(struct ofi_fork *f, const struct ro_ofi_params *params);
void ofi_fork_join(struct ofi_fork *f, void *heap, size_t len);
/* Neither PE closes while the other may still need it to progress: a barrier first. */
void ofi_fork_close(struct ofi_fork *f);

#endif
