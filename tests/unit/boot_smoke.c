/* Multi-process bootstrap smoke test: opens the bootstrap (ROCSHMEM_BOOTSTRAP, default
 * auto), allgathers one record per rank holding a 3000-byte rank-dependent pattern,
 * checks every record, does three barriers and closes. boot_smoke.sh runs it under each
 * launcher. Exit 0; on a mismatch, 1 through the bootstrap's abort so peers do not wait. */
#include "config.h"

#include "bootstrap/ro_boot.h"
#include "common/ro_env.h"
#include "common/ro_log.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct smoke_rec {
    int32_t rank;
    int32_t pid;
    char host[64];
    unsigned char pattern[3000];   /* spans several PMI-1 values: exercises chunking */
};

static unsigned char smoke_byte(int rank, size_t i)
{
    return (unsigned char)(rank * 151 + i * 7 + (i >> 8));
}

static _Noreturn void smoke_fail(struct ro_boot *b, const char *what)
{
    fprintf(stderr, "boot_smoke rank %d: %s\n", b->rank, what);
    b->ops->abort(b, 1, what);
    _exit(1);   /* not reached: abort does not return, but the ops type cannot say so */
}

static void smoke_check_rec(struct ro_boot *b, const struct smoke_rec *all, int r)
{
    const struct smoke_rec *rec = &all[r];
    char why[160];

    if (rec->rank != r)
        snprintf(why, sizeof(why), "record %d: rank field is %d", r, (int)rec->rank);
    else if (rec->pid <= 0 || !memchr(rec->host, '\0', sizeof(rec->host)) || !rec->host[0])
        snprintf(why, sizeof(why), "record %d: bad pid %d or host name", r, (int)rec->pid);
    else if (r != b->rank && rec->pid == all[b->rank].pid && !strcmp(rec->host, all[b->rank].host))
        snprintf(why, sizeof(why), "record %d: same host and pid as mine (%d)", r, (int)rec->pid);
    else
        why[0] = '\0';
    for (size_t i = 0; !why[0] && i < sizeof(rec->pattern); i++)
        if (rec->pattern[i] != smoke_byte(r, i))
            snprintf(why, sizeof(why), "record %d: pattern byte %zu is %u, expected %u", r, i,
                     rec->pattern[i], smoke_byte(r, i));
    if (why[0])
        smoke_fail(b, why);
}

/* BOOT_SMOKE_ABORT_RANK=r: rank r aborts after the first exchange while the others
 * wait in a barrier; boot_smoke.sh checks that the launcher then ends the whole job. */
static void smoke_maybe_abort(struct ro_boot *b)
{
    const char *r = getenv("BOOT_SMOKE_ABORT_RANK");

    if (r && atoi(r) == b->rank)
        b->ops->abort(b, 3, "abort requested by BOOT_SMOKE_ABORT_RANK");
}

/* A small exchange after the large one: the next sequence number, one int per rank. */
static void smoke_small(struct ro_boot *b)
{
    int32_t mine = b->rank * b->rank + 1, *all = calloc((size_t)b->size, sizeof(*all));
    char why[96];

    if (!all)
        smoke_fail(b, "out of memory");
    if (b->ops->allgather(b, &mine, all, sizeof(mine)))
        smoke_fail(b, "small allgather failed");
    for (int r = 0; r < b->size; r++) {
        if (all[r] != r * r + 1) {
            snprintf(why, sizeof(why), "small allgather: entry %d is %d, expected %d", r, (int)all[r], r * r + 1);
            smoke_fail(b, why);
        }
    }
    free(all);
}

int main(void)
{
    struct smoke_rec mine = { 0 }, *all;
    struct ro_boot *b = NULL;
    struct ro_env env;
    int rc;

    if (ro_env_parse(&env))
        return 1;
    ro_log_level = env.DEBUG_LEVEL > RO_LOG_DEBUG ? RO_LOG_DEBUG : (int)env.DEBUG_LEVEL;
    rc = ro_boot_open(env.BOOTSTRAP, env.RO_TIMEOUT, &b);
    if (rc) {
        fprintf(stderr, "boot_smoke: ro_boot_open: %s\n", strerror(-rc));
        return 1;
    }

    mine.rank = b->rank;
    mine.pid = (int32_t)getpid();
    if (gethostname(mine.host, sizeof(mine.host) - 1))
        smoke_fail(b, "gethostname failed");
    for (size_t i = 0; i < sizeof(mine.pattern); i++)
        mine.pattern[i] = smoke_byte(b->rank, i);
    all = calloc((size_t)b->size, sizeof(*all));
    if (!all)
        smoke_fail(b, "out of memory");
    if (b->ops->allgather(b, &mine, all, sizeof(mine)))
        smoke_fail(b, "allgather failed");
    for (int r = 0; r < b->size; r++)
        smoke_check_rec(b, all, r);
    smoke_maybe_abort(b);
    smoke_small(b);
    for (int i = 0; i < 3; i++)
        if (b->ops->barrier(b))
            smoke_fail(b, "barrier failed");
    if (b->rank == 0)
        printf("boot_smoke: bootstrap %s, %d ranks: ok\n", b->ops->name, b->size);
    free(all);
    rc = ro_boot_close(b);
    if (rc) {
        fprintf(stderr, "boot_smoke: ro_boot_close: %s\n", strerror(-rc));
        return 1;
    }
    return 0;
}
