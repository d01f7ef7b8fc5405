/* Singleton bootstrap: one PE, no launcher. Chosen when no launcher variable is set, so
 * `./prog` runs as a one-PE job. */
#include "config.h"
#include "bootstrap/ro_boot.h"

#include "common/ro_log.h"

#include <stdlib.h>
#include <string.h>

static int ro_boot_single_init(struct ro_boot *b)
{
    b->rank = 0;
    b->size = 1;
    return 0;
}

static int ro_boot_single_allgather(struct ro_boot *b, const void *in, void *out, size_t len)
{
    /* memmove: callers may gather in place (in == out). */
    if (len)
        memmove(out, in, len);
    return 0;
}

static int ro_boot_single_barrier(struct ro_boot *b)
{
    return 0;
}

static _Noreturn void ro_boot_single_abort(struct ro_boot *b, int code, const char *why)
{
    RO_LOG(code ? RO_LOG_ERROR : RO_LOG_INFO, "aborting (exit code %d): %s", code, why);
    /* exit, not _exit: with no launcher to report it, flushed stdio is all the user gets. */
    exit(code);
}

static int ro_boot_single_fini(struct ro_boot *b)
{
    return 0;
}

const struct ro_boot_ops ro_boot_single_ops = {
    .name = "single",
    .init = ro_boot_single_init,
    .allgather = ro_boot_single_allgather,
    .barrier = ro_boot_single_barrier,
    .abort = ro_boot_single_abort,
    .fini = ro_boot_single_fini,
};
