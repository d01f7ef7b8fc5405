/* The raw-libfabric floor under the library: operations issued straight through src/ofi
 * between two forked processes, with no ring and no proxy thread (put_latency and the GPU
 * perftest programs measure the same operations through both). PE 0 issues and times:
 *  - put latency for each size MIN, MIN*FACTOR, ... up to MAX: one put (ro_ofi_put, so
 *    fi_writemsg, injected up to the inject size) of SIZE bytes from PE 0's heap to PE 1's,
 *    then waiting until its completion comes back from ro_ofi_progress;
 *  - put bandwidth for the same sizes: WINDOW puts posted back to back, then waiting for all
 *    their completions, repeated until ITERS puts (1e9 bytes/s);
 *  - 8-byte get latency, and fetch-add (SUM on int64) latency, each waited for the same way;
 *  - the rate of 8-byte fi_inject_write calls (no completion each; one completed put after
 *    them ends the phase), the most a host thread gets from the provider for small puts;
 *  - the rates of AMOs on an int64 word, windowed as the bandwidth puts are: add (ro_ofi_amo
 *    SUM), fetch-add and compare-and-swap (ro_ofi_amo_fetch), the floor that the proxy's
 *    perf_rate -o add|fetch_add|cswap is held to. Every compare-and-swap misses (none
 *    compares with the value PE 1's word holds) and must fetch that value: a window's
 *    operations may apply in any order, so a chain of swaps on one word could not be checked.
 * PE 1 only drives ro_ofi_progress until PE 0 says stop, since tcp and shm complete operations
 * at the target in the target's own progress calls; after each put phase it checks that its
 * memory holds that phase's bytes, and after each AMO phase that its word holds the sum of
 * the adds, or still the value no compare-and-swap matched.
 * A benchmark, not a test. Prints a table and one machine-readable line per result:
 *   RESULT name=put scope=raw-ofi size=<bytes> metric=latency value=<us> unit=us provider=<prov>
 *   RESULT name=put scope=raw-ofi size=<bytes> metric=bandwidth value=<GB/s> unit=GB/s
 *          provider=<prov>
 *   RESULT name=<get|fetch_add> scope=raw-ofi size=8 metric=latency value=<us> unit=us
 *          provider=<prov>
 *   RESULT name=<inject_write|amo_add|amo_fetch_add|amo_cswap> scope=raw-ofi size=8
 *          metric=rate value=<M/s> unit=Mops/s provider=<prov>
 * Usage: ofi_latency -p PROVIDER [-b MIN] [-e MAX] [-f FACTOR] [-n ITERS] [-w WARMUP]
 *                    [-W WINDOW]
 *    or: ofi_latency PROVIDER [ITERS]                  (the older form, same defaults)
 *   -b/-e: put sizes in bytes, K/M/G suffixes allowed (default 8 and 8, MAX at most 1G);
 *   -f: size factor, more than 1 (default 2); -n: timed operations of each kind and size
 *   (default 20000); -w: warm-up operations before them (default ITERS / 10); -W: puts or
 *   AMOs in flight for bandwidth and the AMO rates (default 64). Each wait is bounded
 *   (OFI_FORK_WAIT_SEC): a window of WINDOW * MAX bytes must complete within it. No fewer
 *   iterations for large sizes: pick -n for the largest. Sets no environment: the caller
 *   keeps traffic on loopback
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
#include <unistd.h>

#include "common/ro_log.h"
/* Below the transport's API on purpose: fi_inject_write on its endpoint is the floor the
 * issue names, and src/ofi itself never makes that call (it needs a completion per put). */
#include "ofi/ro_ofi_int.h"
#include "../unit/ofi_fork.h"

/* The heap, the same on both PEs: a first page of 8-byte words, then the put data area,
 * MAX bytes rounded up to pages. PE 0 puts from its own data area into PE 1's. */
#define CTRL_LEN   4096u
#define GET_OFF    64u                      /* on PE 1: holds GET_VALUE, PE 0 reads it */
#define AMO_OFF    128u                     /* on PE 1: PE 0 adds 1 here */
#define ADD_OFF    136u                     /* on PE 1: the words of the AMO rate phases */
#define FADD_OFF   144u
#define CSWAP_OFF  152u                     /* holds CSWAP_VALUE */
#define DATA_OFF   CTRL_LEN                 /* put source on PE 0, destination on PE 1 */
#define GET_VALUE  INT64_C(0x0123456789abcdef)
#define CSWAP_VALUE INT64_C(0x0fedcba987654321)
#define ITERS_MAX  1000000000L
#define SIZE_MAX_ARG ((size_t)1 << 30)
#define WINDOW_MAX 65536L

enum { OP_PUT, OP_GET, OP_FADD, OP_AMO_ADD, OP_AMO_FADD, OP_AMO_CSWAP, OP_COUNT };
static const char *const op_names[OP_COUNT] = {
    "put", "get", "fetch_add", "amo_add", "amo_fetch_add", "amo_cswap"
};
/* The word on PE 1 each AMO works on. */
static const size_t amo_word[OP_COUNT] = {
    [OP_FADD] = AMO_OFF, [OP_AMO_ADD] = ADD_OFF, [OP_AMO_FADD] = FADD_OFF,
    [OP_AMO_CSWAP] = CSWAP_OFF,
};

struct bench {
    struct ofi_fork f;      /* first: the report hook gets it back as a bench */
    const char *prov;       /* as named on the command line, for the RESULT lines */
    long iters, warmup, window;
    size_t min, max;        /* put sizes: min, min * factor, ... up to max */
    double factor;
    unsigned char *heap;
    size_t heap_len;
    unsigned char pattern;  /* the bytes of the current put phase, never 0 */
    int64_t *fetched;       /* PE 0: results of a window of fetching AMOs */
    unsigned char *seen;    /* PE 0: which values a window of fetch-adds found */
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

static void post_put(struct bench *b, size_t size)
{
    ofi_fork_check(&b->f, ro_ofi_put(b->f.o, 1, DATA_OFF, b->heap + DATA_OFF, size, &b->f),
                   "ro_ofi_put");
}

/* One operation of PE 0 on PE 1, waited for; `seq` counts this operation's calls from 0,
 * `size` is the put's (get and fetch-add move 8 bytes). The get and fetch-add values are
 * checked (one compare each, nothing next to a network round trip), and the puts' bytes by
 * PE 1 after the phase, so a fast figure cannot come from operations that did nothing.
 * Result buffers live on the stack: nothing returns before the operation has completed. */
static void run_op(struct bench *b, int op, int64_t seq, size_t size)
{
    const int64_t one = 1;
    int64_t v = 0, old = -1;

    switch (op) {
    case OP_PUT:
        post_put(b, size);
        ofi_fork_wait_done(&b->f, "put");
        break;
    case OP_GET:
        ofi_fork_check(&b->f, ro_ofi_get(b->f.o, 1, GET_OFF, &v, sizeof(v), &b->f), "ro_ofi_get");
        ofi_fork_wait_done(&b->f, "get");
        if (v != GET_VALUE)
            ofi_fork_die(&b->f, "get %" PRId64 ": read 0x%" PRIx64 ", expected 0x%" PRIx64,
                         seq, (uint64_t)v, (uint64_t)GET_VALUE);
        break;
    case OP_FADD:
        ofi_fork_check(&b->f, ro_ofi_amo_fetch(b->f.o, 1, amo_word[op], RO_DT_INT64, RO_AMO_SUM,
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
static double time_op(struct bench *b, int op, size_t size)
{
    double t0;

    for (long i = 0; i < b->warmup; i++)
        run_op(b, op, i, size);
    t0 = ofi_fork_now_s();
    for (long i = 0; i < b->iters; i++)
        run_op(b, op, b->warmup + i, size);
    return (ofi_fork_now_s() - t0) / (double)b->iters * 1e6;
}

/* PE 0: the i-th AMO of a window. The operands are static, as the window is still in flight
 * after this returns; the result starts as a value no check accepts, so a result the
 * provider never wrote fails. A compare-and-swap compares with anything but CSWAP_VALUE. */
static void post_amo(struct bench *b, int op, long i)
{
    static const int64_t one = 1, miss = ~CSWAP_VALUE;

    b->fetched[i] = -1;
    switch (op) {
    case OP_AMO_ADD:
        ofi_fork_check(&b->f, ro_ofi_amo(b->f.o, 1, ADD_OFF, RO_DT_INT64, RO_AMO_SUM, &one,
                                         &b->f), "ro_ofi_amo");
        break;
    case OP_AMO_FADD:
        ofi_fork_check(&b->f, ro_ofi_amo_fetch(b->f.o, 1, FADD_OFF, RO_DT_INT64, RO_AMO_SUM,
                                               &one, NULL, &b->fetched[i], &b->f),
                       "ro_ofi_amo_fetch");
        break;
    case OP_AMO_CSWAP:
        ofi_fork_check(&b->f, ro_ofi_amo_fetch(b->f.o, 1, CSWAP_OFF, RO_DT_INT64, RO_AMO_CSWAP,
                                               &one, &miss, &b->fetched[i], &b->f),
                       "ro_ofi_amo_fetch");
        break;
    }
}

/* PE 0: the results of a completed window of n AMOs, the phase's seq-th first. PE 0 alone
 * adds, and only once the previous window is complete: the fetch-adds, applied in any order,
 * must have found seq .. seq + n - 1, each once. */
static void check_window(struct bench *b, int op, int64_t seq, long n)
{
    switch (op) {
    case OP_AMO_FADD:
        memset(b->seen, 0, (size_t)b->window);
        for (long i = 0; i < n; i++) {
            int64_t v = b->fetched[i];
            if (v < seq || v >= seq + n || b->seen[v - seq]++)
                ofi_fork_die(&b->f, "amo_fetch_add %" PRId64 ": fetched %" PRId64 ", outside "
                             "%" PRId64 "..%" PRId64 " or twice", seq + i, v, seq, seq + n - 1);
        }
        break;
    case OP_AMO_CSWAP:
        for (long i = 0; i < n; i++)
            if (b->fetched[i] != CSWAP_VALUE)
                ofi_fork_die(&b->f, "amo_cswap %" PRId64 ": fetched 0x%" PRIx64 ", expected 0x%"
                             PRIx64, seq + i, (uint64_t)b->fetched[i], (uint64_t)CSWAP_VALUE);
        break;
    }
}

/* PE 0: `count` puts of `size` or AMOs, the phase's seq-th first, at most a window of them
 * in flight: each window is posted back to back (puts all from the same source, which stays
 * put), then waited for as a whole and its results checked. */
static void window_stream(struct bench *b, int op, size_t size, int64_t seq, long count)
{
    for (long done = 0, n; done < count; done += n) {
        n = count - done < b->window ? count - done : b->window;
        for (long i = 0; i < n; i++) {
            if (op == OP_PUT)
                post_put(b, size);
            else
                post_amo(b, op, i);
        }
        ofi_fork_wait_done(&b->f, op_names[op]);
        check_window(b, op, seq + done, n);
    }
}

/* PE 0: seconds the timed operations of a windowed phase take, after the warm-up. */
static double time_windows(struct bench *b, int op, size_t size)
{
    double t0;

    window_stream(b, op, size, 0, b->warmup);
    t0 = ofi_fork_now_s();
    window_stream(b, op, size, b->warmup, b->iters);
    return ofi_fork_now_s() - t0;
}

/* PE 1: drives progress for PE 0's operations until PE 0 writes to the socket (it has
 * entered the barrier or exchange that follows). The socket is looked at only now and then,
 * and the CPU given away then too (2 vCPUs here, and sockets runs threads of its own), so
 * the loop stays close to the bare progress call. No deadline: PE 0 bounds each of its
 * waits and kills this PE when it gives up; a PE 0 that died shows as a hang-up on the
 * socket. */
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

/* Each put phase sends bytes of its own value (1..255, never the 0 the heap starts with, and
 * never the previous phase's): PE 0 fills its source with them before the phase. */
static void next_pattern(struct bench *b, size_t size)
{
    b->pattern = (unsigned char)(b->pattern % 255 + 1);
    if (b->f.pe == 0)
        memset(b->heap + DATA_OFF, b->pattern, size);
}

/* After a put phase PE 1 looks at its data area: all `size` bytes must be the phase's.
 * Both PEs learn the verdict (the exchange is also the phase's end), so both exit with it. */
static int check_puts(struct bench *b, size_t size, const char *what)
{
    int bad = 0, theirs = 0;

    if (b->f.pe == 1) {
        for (size_t i = 0; i < size; i++) {
            if (b->heap[DATA_OFF + i] != b->pattern) {
                fprintf(stderr, "ofi_latency provider %s pe 1: FAIL put %s size %zu: byte %zu "
                        "is 0x%02x, expected 0x%02x\n", b->prov, what, size, i,
                        b->heap[DATA_OFF + i], b->pattern);
                bad = 1;
                break;
            }
        }
    }
    ofi_fork_xchg(&b->f, &bad, &theirs, sizeof(bad));
    return bad | theirs;
}

/* Table cells and RESULT lines; bandwidth < 0: not measured (get, fetch-add). */
static void print_header(void)
{
    printf("%-13s %10s %12s %16s\n", "operation", "bytes", "latency(us)", "bandwidth(GB/s)");
}

static void print_result(const struct bench *b, int op, size_t size, double us, double gbs)
{
    if (gbs < 0)
        printf("%-13s %10zu %12.2f %16s\n", op_names[op], size, us, "-");
    else
        printf("%-13s %10zu %12.2f %16.4f\n", op_names[op], size, us, gbs);
    printf("RESULT name=%s scope=raw-ofi size=%zu metric=latency value=%.3f unit=us "
           "provider=%s\n", op_names[op], size, us, b->prov);
    if (gbs >= 0)
        printf("RESULT name=%s scope=raw-ofi size=%zu metric=bandwidth value=%.4f unit=GB/s "
               "provider=%s\n", op_names[op], size, gbs, b->prov);
}

/* A rate's table row and RESULT line. */
static void print_rate(const struct bench *b, const char *name, double rate)
{
    printf("%-13s %10zu %12s %16s  %.3f M/s\n", name, sizeof(int64_t), "-", "-", rate);
    printf("RESULT name=%s scope=raw-ofi size=%zu metric=rate value=%.4f unit=Mops/s "
           "provider=%s\n", name, sizeof(int64_t), rate, b->prov);
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
    ofi_fork_join(&b->f, b->heap, b->heap_len);
    ofi_fork_barrier(&b->f);
    if (b->f.pe == 0)
        printf("ofi_latency: provider %s (opened %s), %ld operations each after %ld warm-up; "
               "put sizes %zu..%zu x%g, window %ld\n", b->prov,
               ro_ofi_provider_name(b->f.o), b->iters, b->warmup, b->min, b->max, b->factor,
               b->window);
}

static size_t next_size(const struct bench *b, size_t s)
{
    size_t n = (size_t)((double)s * b->factor);

    return n > s ? n : s + 1;
}

/* Put latency then bandwidth for one size, each phase checked at PE 1. */
static int run_put_size(struct bench *b, size_t size)
{
    double us = 0, gbs = 0;
    int rc;

    next_pattern(b, size);
    if (b->f.pe == 0)
        us = time_op(b, OP_PUT, size);
    else
        serve(b);
    rc = check_puts(b, size, "latency");
    next_pattern(b, size);
    if (b->f.pe == 0)
        gbs = (double)size * (double)b->iters / time_windows(b, OP_PUT, size) / 1e9;
    else
        serve(b);
    rc |= check_puts(b, size, "bandwidth");
    if (b->f.pe == 0)
        print_result(b, OP_PUT, size, us, gbs);
    return rc;
}

/* PE 0: `count` 8-byte fi_inject_write calls to PE 1's data area, retrying -FI_EAGAIN
 * after driving progress, then one completed put so that the phase ends with the data there. */
static void inject_stream(struct bench *b, long count)
{
    struct ro_ofi *o = b->f.o;
    const struct ro_ofi_target t = ro_ofi_target(o, 1, DATA_OFF);
    ssize_t rc;

    for (long i = 0; i < count; i++) {
        while ((rc = fi_inject_write(o->ep, b->heap + DATA_OFF, sizeof(int64_t), o->addrs[1],
                                     t.addr, t.key)) == -FI_EAGAIN)
            ofi_fork_progress(&b->f);
        if (rc)
            ofi_fork_die(&b->f, "fi_inject_write: %s (%zd)", fi_strerror((int)-rc), rc);
    }
    post_put(b, sizeof(int64_t));
    ofi_fork_wait_done(&b->f, "put after the injected ones");
}

/* The injected puts' rate in millions per second, checked at PE 1 like every put phase. */
static int run_inject_rate(struct bench *b)
{
    double t0, rate = 0;
    int rc;

    next_pattern(b, sizeof(int64_t));
    if (b->f.pe == 0) {
        inject_stream(b, b->warmup);
        t0 = ofi_fork_now_s();
        inject_stream(b, b->iters);
        rate = (double)b->iters / (ofi_fork_now_s() - t0) / 1e6;
    } else {
        serve(b);
    }
    rc = check_puts(b, sizeof(int64_t), "inject");
    if (b->f.pe == 0)
        print_rate(b, "inject_write", rate);
    return rc;
}

/* 8-byte latency of get or fetch-add. */
static void run_small_op(struct bench *b, int op)
{
    if (b->f.pe == 0)
        print_result(b, op, sizeof(int64_t), time_op(b, op, sizeof(int64_t)), -1);
    else
        serve(b);
    ofi_fork_barrier(&b->f);
}

/* After an AMO phase PE 1 looks at the phase's word in its own memory: it must hold
 * `expect`, the sum of the adds or the value no compare-and-swap matched. Both PEs learn the
 * verdict, so both exit with it. */
static int check_target(struct bench *b, int op, int64_t expect)
{
    int bad = 0, theirs = 0;

    if (b->f.pe == 1) {
        int64_t v = heap_word(b, amo_word[op]);
        if (v != expect) {
            fprintf(stderr, "ofi_latency provider %s pe 1: FAIL %s: memory holds %" PRId64
                    " (expected %" PRId64 ")\n", b->prov, op_names[op], v, expect);
            bad = 1;
        }
    }
    ofi_fork_xchg(&b->f, &bad, &theirs, sizeof(bad));
    return bad | theirs;
}

/* An AMO's rate in millions per second, checked at PE 1 like the fetch-add latency. */
static int run_amo_rate(struct bench *b, int op, int64_t expect)
{
    double rate = 0;
    int rc;

    if (b->f.pe == 0)
        rate = (double)b->iters / time_windows(b, op, sizeof(int64_t)) / 1e6;
    else
        serve(b);
    rc = check_target(b, op, expect);
    if (b->f.pe == 0)
        print_rate(b, op_names[op], rate);
    return rc;
}

static int run_pe(struct bench *b)
{
    const int64_t get_value = GET_VALUE, cswap_value = CSWAP_VALUE;
    const int64_t calls = b->warmup + b->iters;
    int rc = 0;

    /* A multiple of the alignment, as aligned_alloc wants: max <= 1G, so no overflow. */
    b->heap_len = DATA_OFF + (b->max + CTRL_LEN - 1) / CTRL_LEN * CTRL_LEN;
    b->heap = aligned_alloc(4096, b->heap_len);
    b->fetched = malloc((size_t)b->window * sizeof(*b->fetched));
    b->seen = malloc((size_t)b->window);
    if (!b->heap || !b->fetched || !b->seen)
        ofi_fork_die(&b->f, "out of memory for a %zu-byte heap and a window of %ld",
                     b->heap_len, b->window);
    memset(b->heap, 0, b->heap_len);
    memcpy(b->heap + GET_OFF, &get_value, sizeof(get_value));
    memcpy(b->heap + CSWAP_OFF, &cswap_value, sizeof(cswap_value));
    ro_log_pe = b->f.pe;
    connect_pe(b);
    if (b->f.pe == 0)
        print_header();
    for (size_t size = b->min; size <= b->max; size = next_size(b, size))
        rc |= run_put_size(b, size);
    run_small_op(b, OP_GET);
    run_small_op(b, OP_FADD);
    rc |= check_target(b, OP_FADD, calls);
    rc |= run_inject_rate(b);
    rc |= run_amo_rate(b, OP_AMO_ADD, calls);
    rc |= run_amo_rate(b, OP_AMO_FADD, calls);
    rc |= run_amo_rate(b, OP_AMO_CSWAP, CSWAP_VALUE);
    ofi_fork_close(&b->f);
    free(b->seen);
    free(b->fetched);
    free(b->heap);
    return rc;
}

/* A whole number from lo to hi; anything else is a usage error. */
static int parse_long(const char *s, long lo, long hi, long *out)
{
    char *end;
    long v;

    errno = 0;
    v = strtol(s, &end, 10);
    if (errno || end == s || *end || v < lo || v > hi)
        return -1;
    *out = v;
    return 0;
}

/* A size in bytes, 1 to SIZE_MAX_ARG, with an optional K, M or G (powers of 1024). */
static int parse_size(const char *s, size_t *out)
{
    char *end;
    unsigned long long v;
    unsigned shift = 0;

    errno = 0;
    v = strtoull(s, &end, 10);
    if (errno || end == s || *s == '-')
        return -1;
    if (*end && strchr("kK", *end))
        shift = 10;
    else if (*end && strchr("mM", *end))
        shift = 20;
    else if (*end && strchr("gG", *end))
        shift = 30;
    if ((shift && end[1]) || (!shift && *end) || v < 1 || v > (SIZE_MAX_ARG >> shift))
        return -1;
    *out = (size_t)v << shift;
    return 0;
}

static int parse_factor(const char *s, double *out)
{
    char *end;
    double v;

    errno = 0;
    v = strtod(s, &end);
    if (errno || end == s || *end || !(v > 1.0 && v <= 1024.0))
        return -1;
    *out = v;
    return 0;
}

static int usage(void)
{
    fprintf(stderr, "usage: ofi_latency -p PROVIDER [-b MIN] [-e MAX] [-f FACTOR] [-n ITERS] "
            "[-w WARMUP] [-W WINDOW]\n"
            "   or: ofi_latency PROVIDER [ITERS]\n"
            "  MIN, MAX: put sizes, 1..1G bytes, K/M/G suffixes (default 8, 8); FACTOR > 1 "
            "(default 2);\n"
            "  ITERS 1..%ld (default 20000); WARMUP 0..%ld (default ITERS / 10); "
            "WINDOW 1..%ld (default 64)\n", ITERS_MAX, ITERS_MAX, WINDOW_MAX);
    return 2;
}

/* Options, or the older operands PROVIDER [ITERS] (not both ways for the same value).
 * Returns 0, or -1 on bad usage. */
static int parse_args(int argc, char **argv, struct bench *b)
{
    int c, warmup_set = 0, iters_set = 0;

    while ((c = getopt(argc, argv, "p:b:e:f:n:w:W:")) != -1) {
        int bad = 0;
        switch (c) {
        case 'p': b->prov = optarg; break;
        case 'b': bad = parse_size(optarg, &b->min); break;
        case 'e': bad = parse_size(optarg, &b->max); break;
        case 'f': bad = parse_factor(optarg, &b->factor); break;
        case 'n': bad = parse_long(optarg, 1, ITERS_MAX, &b->iters); iters_set = 1; break;
        case 'w': bad = parse_long(optarg, 0, ITERS_MAX, &b->warmup); warmup_set = 1; break;
        case 'W': bad = parse_long(optarg, 1, WINDOW_MAX, &b->window); break;
        default: return -1;
        }
        if (bad)
            return -1;
    }
    if (optind < argc && !b->prov)
        b->prov = argv[optind++];
    if (optind < argc && !iters_set && parse_long(argv[optind++], 1, ITERS_MAX, &b->iters))
        return -1;
    if (optind < argc || !b->prov || !b->prov[0] || b->max < b->min)
        return -1;
    if (!warmup_set)
        b->warmup = b->iters / 10;
    return 0;
}

int main(int argc, char **argv)
{
    struct bench b = { .f.report = report, .iters = 20000, .window = 64, .min = 8, .max = 8,
                       .factor = 2.0 };
    const char *level = getenv("ROCSHMEM_DEBUG_LEVEL");
    int rc;

    if (parse_args(argc, argv, &b))
        return usage();
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
