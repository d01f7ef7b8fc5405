/* Latency of 8-byte operations issued straight through src/ofi between two forked processes:
 * the floor under the library, with no ring and no proxy thread (put_latency measures the
 * same operations through both). PE 0 times each operation up to its completion: a put, then
 * waiting until its completion comes back from ro_ofi_progress; a get, then the
 * same wait; a fetch-add (SUM on int64), then the same wait. PE 1 only drives
 * ro_ofi_progress until PE 0 says stop, since tcp and shm complete operations at the target
 * in the target's own progress calls.
 * A benchmark, not a test. Prints a table and one machine-readable line per result:
 *   RESULT name=<op> scope=raw-ofi size=8 metric=latency value=<us> unit=us provider=<prov>
 * Usage: ofi_latency PROVIDER [ITERS]   (ITERS: timed operations each, default 20000, after
 * a warm-up of ITERS / 10). Sets no environment: the caller keeps traffic on loopback
 * (FI_TCP_IFACE=lo FI_SOCKETS_IFACE=lo ...); the interface hint given to ro_ofi is
 * ROCSHMEM_RO_IFACE, else "lo", as in ofi_pair. Exit 0, 1 on any failure, 2 on bad usage. */
#include "config.h"
#include "ofi/ro_ofi.h"

#include <errno.h>
#include <inttypes.h>
#include <poll.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/ro_log.h"
#include "../unit/ofi_fork.h"

#define HEAP_LEN   4096u
#define PUT_OFF    0u                       /* on PE 1: PE 0 puts its sequence numbers here */
#define GET_OFF    64u                      /* on PE 1: holds GET_VALUE, PE 0 reads it */
#define AMO_OFF    128u                     /* on PE 1: PE 0 adds 1 here */
#define GET_VALUE  INT64_C(0x0123456789abcdef)
#define ITERS_MAX  1000000000L

enum { OP_PUT, OP_GET, OP_FADD, OP_COUNT };
static const char *const op_names[OP_COUNT] = { "put", "get", "fetch_add" };

struct bench {
    struct ofi_fork f;      /* first: the report hook gets it back as a bench */
    const char *prov;       /* as named on the command line, for the RESULT lines */
    long iters, warmup;
    unsigned char *heap;
};

/* Fatal errors name the provider, so a failure in a loop over providers is clear. */
static void report(struct ofi_fork *f, const char *msg)
{
    const struct bench *b = (const struct bench *)f;

    fprintf(stderr, "ofi_latency provider %s pe %d: FAIL %s\n", b->prov, f->pe, msg);
}

static int64_t heap_word(const struct bench *b, size_t off)
{
    int64_t v;

    memcpy(&v, b->heap + off, sizeof(v));
    return v;
}

/* One operation of PE 0 on PE 1, waited for; `seq` counts this operation's calls from 0.
 * The values are checked (one compare each, nothing next to a network round trip), so a
 * fast figure cannot come from operations that did nothing. Source and result buffers live
 * on the stack: nothing returns before the operation has completed. */
static void run_op(struct bench *b, int op, int64_t seq)
{
    const int64_t one = 1;
    int64_t v = seq, old = -1;

    switch (op) {
    case OP_PUT:
        ofi_fork_check(&b->f, ro_ofi_put(b->f.o, 1, PUT_OFF, &v, sizeof(v), &b->f), "ro_ofi_put");
        ofi_fork_wait_done(&b->f, "put");
        break;
    case OP_GET:
        ofi_fork_check(&b->f, ro_ofi_get(b->f.o, 1, GET_OFF, &v, sizeof(v), &b->f), "ro_ofi_get");
        ofi_fork_wait_done(&b->f, "get");
        if (v != GET_VALUE)
            ofi_fork_die(&b->f, "get %" PRId64 ": read 0x%" PRIx64 ", expected 0x%" PRIx64,
                         seq, (uint64_t)v, (uint64_t)GET_VALUE);
        break;
    default:
        ofi_fork_check(&b->f, ro_ofi_amo_fetch(b->f.o, 1, AMO_OFF, RO_DT_INT64, RO_AMO_SUM,
                                               &one, NULL, &old, &b->f), "ro_ofi_amo_fetch");
        ofi_fork_wait_done(&b->f, "fetch_add");
        /* PE 0 is the only one adding: the n-th add finds n - 1 there. */
        if (old != seq)
            ofi_fork_die(&b->f, "fetch_add %" PRId64 ": fetched %" PRId64, seq, old);
        break;
    }
}

/* PE 0: average microseconds per operation over the timed calls, after the warm-up (first
 * connections, registration caches, page faults). */
static double time_op(struct bench *b, int op)
{
    double t0;

    for (long i = 0; i < b->warmup; i++)
        run_op(b, op, i);
    t0 = ofi_fork_now_s();
    for (long i = 0; i < b->iters; i++)
        run_op(b, op, b->warmup + i);
    return (ofi_fork_now_s() - t0) / (double)b->iters * 1e6;
}

/* PE 1: drives progress for PE 0's operations until PE 0 writes to the socket (it has
 * entered the barrier that follows). The socket is looked at only now and then, and the CPU
 * given away then too (2 vCPUs here, and sockets runs threads of its own), so the loop stays
 * close to the bare progress call. No deadline: PE 0 bounds each of its waits and kills this
 * PE when it gives up; a PE 0 that died shows as a hang-up on the socket. */
static void serve(struct bench *b)
{
    for (unsigned spin = 0;; spin++) {
        ofi_fork_progress(&b->f);
        if (spin % 64 == 63) {
            struct pollfd pfd = { .fd = b->f.sock, .events = POLLIN };
            int n = poll(&pfd, 1, 0);
            if (n < 0 && errno != EINTR)
                ofi_fork_die(&b->f, "poll on the socket to PE 0: %s", strerror(errno));
            if (n > 0)
                return;
            sched_yield();
        }
    }
}

static void print_result(const struct bench *b, int op, double us)
{
    printf("%-12s %8zu %12.2f\n", op_names[op], sizeof(int64_t), us);
    printf("RESULT name=%s scope=raw-ofi size=%zu metric=latency value=%.3f unit=us "
           "provider=%s\n", op_names[op], sizeof(int64_t), us, b->prov);
}

/* Opens the provider named on the command line and joins the other PE. */
static void connect_pe(struct bench *b)
{
    const char *iface = getenv("ROCSHMEM_RO_IFACE");
    struct ro_ofi_params params = {
        .provider = b->prov, .iface = iface ? iface : "lo", .pe = b->f.pe, .npes = 2,
        .timeout_s = 10,
    };

    ofi_fork_open(&b->f, &params);
    ofi_fork_join(&b->f, b->heap, HEAP_LEN);
    ofi_fork_barrier(&b->f);
    if (b->f.pe == 0)
        printf("ofi_latency: provider %s (opened %s), %ld operations each after %ld warm-up\n",
               b->prov, ro_ofi_provider_name(b->f.o), b->iters, b->warmup);
}

/* After the loops PE 1 looks at its own memory: the last put and every add must be there.
 * Both PEs learn the verdict, so both exit with it. */
static int check_target(struct bench *b)
{
    const int64_t calls = b->warmup + b->iters;
    int bad = 0, theirs = 0;

    if (b->f.pe == 1) {
        int64_t put = heap_word(b, PUT_OFF), sum = heap_word(b, AMO_OFF);
        if (put != calls - 1 || sum != calls) {
            fprintf(stderr, "ofi_latency provider %s pe 1: FAIL memory holds put %" PRId64
                    " (expected %" PRId64 ") and sum %" PRId64 " (expected %" PRId64 ")\n",
                    b->prov, put, calls - 1, sum, calls);
            bad = 1;
        }
    }
    ofi_fork_xchg(&b->f, &bad, &theirs, sizeof(bad));
    return bad | theirs;
}

static int run_pe(struct bench *b)
{
    const int64_t get_value = GET_VALUE;
    int rc;

    b->heap = aligned_alloc(4096, HEAP_LEN);
    if (!b->heap)
        ofi_fork_die(&b->f, "out of memory");
    memset(b->heap, 0, HEAP_LEN);
    memcpy(b->heap + GET_OFF, &get_value, sizeof(get_value));
    ro_log_pe = b->f.pe;
    connect_pe(b);
    if (b->f.pe == 0)
        printf("%-12s %8s %12s\n", "operation", "bytes", "latency(us)");
    for (int op = 0; op < OP_COUNT; op++) {
        if (b->f.pe == 0)
            print_result(b, op, time_op(b, op));
        else
            serve(b);
        ofi_fork_barrier(&b->f);
    }
    rc = check_target(b);
    ofi_fork_close(&b->f);
    free(b->heap);
    return rc;
}

/* ITERS: a whole number from 1 to ITERS_MAX; anything else is a usage error. */
static int parse_iters(const char *s, long *out)
{
    char *end;
    long v;

    errno = 0;
    v = strtol(s, &end, 10);
    if (errno || end == s || *end || v < 1 || v > ITERS_MAX)
        return -1;
    *out = v;
    return 0;
}

int main(int argc, char **argv)
{
    struct bench b = { .f.report = report, .iters = 20000 };
    const char *level = getenv("ROCSHMEM_DEBUG_LEVEL");
    int rc;

    if (argc < 2 || argc > 3 || !argv[1][0] || (argc == 3 && parse_iters(argv[2], &b.iters))) {
        fprintf(stderr, "usage: ofi_latency PROVIDER [ITERS]   (ITERS 1..%ld, default 20000)\n",
                ITERS_MAX);
        return 2;
    }
    b.prov = argv[1];
    b.warmup = b.iters / 10;
    if (level)
        ro_log_level = atoi(level);
    setvbuf(stdout, NULL, _IOLBF, 0);
    if (ofi_fork_start(&b.f))
        return 1;
    rc = run_pe(&b);
    if (b.f.pe == 1)
        return rc;
    rc |= ofi_fork_wait_child(&b.f);
    if (rc)
        fprintf(stderr, "ofi_latency provider %s: FAIL\n", b.prov);
    return rc ? 1 : 0;
}
