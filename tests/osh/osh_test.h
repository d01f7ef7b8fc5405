/* Helpers shared by the OpenSHMEM 1.5 programs of tests/osh: checks whose failure names
 * the PE, the routine and the type and then ends the whole job (shmem_global_exit), a
 * watchdog that turns a hang inside a blocking routine (wait_until, barriers, locks) into
 * a failure naming the step, bounded polling of the tests' own, and a summary line.
 * Written against <shmem.h> alone, as any OpenSHMEM program is (never rocshmem.h), so the
 * programs build with any OpenSHMEM 1.5 implementation. */
#ifndef OSH_TEST_H
#define OSH_TEST_H

#include <shmem.h>

#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* The watchdog fires before run_pe.sh's timeout (260 s by default), so the log says which
 * step hung rather than only that the launcher was killed. */
#ifndef OT_WATCHDOG_S
#define OT_WATCHDOG_S 100
#endif
#define OT_STR_(x) #x
#define OT_STR(x) OT_STR_(x)
/* A bounded wait of the test itself (OT_POLL) gives up after this long. */
#ifndef OT_WAIT_S
#define OT_WAIT_S 60
#endif

static const char *ot_prog = "osh";
static int ot_me = -1, ot_npes;   /* set by ot_begin, after shmem_init */
static unsigned long ot_checks;
/* Written between steps, read by the SIGALRM handler (a NUL-terminated buffer: a torn
 * update costs at worst a garbled step name). */
static char ot_step_buf[160] = "shmem_init";

static inline void ot_step(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static inline void ot_step(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(ot_step_buf, sizeof(ot_step_buf), fmt, ap);
    va_end(ap);
}

static inline void ot_fail(int line, const char *op, const char *tname, const char *fmt, ...)
    __attribute__((format(printf, 4, 5), noreturn));
static inline void ot_fail(int line, const char *op, const char *tname, const char *fmt, ...)
{
    char msg[1024];
    int len;
    va_list ap;

    /* One write, so that lines of several PEs failing at once do not interleave. */
    len = snprintf(msg, sizeof(msg), "%s: PE %d: FAIL %s (%s) at line %d, step '%s': ",
                   ot_prog, ot_me, op, tname, line, ot_step_buf);
    if (len < 0 || len >= (int)sizeof(msg) - 2)
        len = (int)sizeof(msg) - 2;
    va_start(ap, fmt);
    len += vsnprintf(msg + len, sizeof(msg) - 1 - (size_t)len, fmt, ap);
    va_end(ap);
    if (len > (int)sizeof(msg) - 2)
        len = (int)sizeof(msg) - 2;
    msg[len++] = '\n';
    fflush(stdout);
    (void)!write(2, msg, (size_t)len);
    /* Peers may be waiting for this PE: end the job rather than leave them hanging. */
    shmem_global_exit(1);
}
#define OT_FAIL(op, tname, ...) ot_fail(__LINE__, (op), (tname), __VA_ARGS__)

/* cond must hold; the message (printf format and arguments) says what was seen. */
#define OT_CHECK(op, tname, cond, ...)                                                     \
    do {                                                                                   \
        if (!(cond))                                                                       \
            ot_fail(__LINE__, (op), (tname), __VA_ARGS__);                                 \
        ot_checks++;                                                                       \
    } while (0)

/* Two arithmetic values compared in their own type, printed as long double (every value
 * of every type tested here is exact in it). Arguments are evaluated again on failure. */
#define OT_CHECK_EQ(op, tname, got, want)                                                  \
    do {                                                                                   \
        if (!((got) == (want)))                                                            \
            ot_fail(__LINE__, (op), (tname), "expected %.21Lg, got %.21Lg",                \
                    (long double)(want), (long double)(got));                              \
        ot_checks++;                                                                       \
    } while (0)

/* The same for element i of an array. */
#define OT_CHECK_ELEM(op, tname, i, got, want)                                             \
    do {                                                                                   \
        if (!((got) == (want)))                                                            \
            ot_fail(__LINE__, (op), (tname), "element %ld: expected %.21Lg, got %.21Lg",   \
                    (long)(i), (long double)(want), (long double)(got));                   \
        ot_checks++;                                                                       \
    } while (0)

/* Async-signal-safe: the message is built from fixed pieces and written with one write(2),
 * so lines of several PEs do not interleave; then _exit. The launcher ends the others. */
static inline size_t ot_append(char *buf, size_t len, size_t cap, const char *s)
{
    size_t n = strnlen(s, cap - len);
    memcpy(buf + len, s, n);
    return len + n;
}

static inline void ot_watchdog_fire(int sig)
{
    char msg[512], digits[16];
    int pe = ot_me < 0 ? 0 : ot_me, k = (int)sizeof(digits);
    size_t len = 0;

    (void)sig;
    digits[--k] = '\0';
    do {
        digits[--k] = (char)('0' + pe % 10);
        pe /= 10;
    } while (pe && k > 0);
    len = ot_append(msg, len, sizeof(msg) - 1, ot_prog);
    len = ot_append(msg, len, sizeof(msg) - 1, ": PE ");
    len = ot_append(msg, len, sizeof(msg) - 1, ot_me < 0 ? "?" : digits + k);
    len = ot_append(msg, len, sizeof(msg) - 1,
                    ": FAIL watchdog: still running after " OT_STR(OT_WATCHDOG_S) " s; step: ");
    len = ot_append(msg, len, sizeof(msg) - 1, ot_step_buf);
    msg[len++] = '\n';
    (void)!write(2, msg, len);
    _exit(1);
}

/* Call first in main, before shmem_init: names the program and arms the watchdog, so a
 * hang in init is reported too. */
static inline void ot_start(const char *prog)
{
    ot_prog = prog;
    signal(SIGALRM, ot_watchdog_fire);
    alarm(OT_WATCHDOG_S);
}

/* Call right after shmem_init*: records the PE, and skips (exit 77) when the job has fewer
 * than min_pes PEs. */
static inline void ot_begin(int min_pes)
{
    ot_me = shmem_my_pe();
    ot_npes = shmem_n_pes();
    ot_step("main");
    if (ot_npes < min_pes) {
        if (ot_me == 0)
            printf("skip: %s needs at least %d PEs, has %d\n", ot_prog, min_pes, ot_npes);
        shmem_finalize();
        exit(77);
    }
}

/* Call at the end of main: a final barrier, one summary line from PE 0, finalize. */
static inline int ot_end(void)
{
    unsigned long checks = ot_checks;
    ot_step("final barrier");
    shmem_barrier_all();
    if (ot_me == 0)
        printf("%s: PASS on %d PEs (%lu checks on PE 0)\n", ot_prog, ot_npes, checks);
    fflush(stdout);
    ot_step("shmem_finalize");
    shmem_finalize();
    return 0;
}

static inline double ot_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Two cores carry up to four PEs and the library's helpers: yield, then sleep a little. */
static inline void ot_backoff(unsigned *iter)
{
    if ((*iter)++ < 64) {
        sched_yield();
    } else {
        struct timespec ts = { 0, 20000 };
        nanosleep(&ts, NULL);
    }
}

static inline void ot_sleep_ms(long ms)
{
    struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };
    nanosleep(&ts, NULL);
}

/* Bounded wait of the test itself: evaluates cond (an expression that polls, such as a
 * shmem_TYPE_test call) with backoff until it holds; after OT_WAIT_S seconds fails naming
 * what was awaited (op, tname) and the message (a string literal format, then its
 * arguments). The library's own blocking waits are bounded by the watchdog instead. */
#define OT_POLL(op, tname, cond, ...)                                                      \
    do {                                                                                   \
        unsigned ot_iter_ = 0;                                                             \
        double ot_deadline_ = ot_now() + OT_WAIT_S;                                        \
        while (!(cond)) {                                                                  \
            if (ot_now() > ot_deadline_)                                                   \
                ot_fail(__LINE__, (op), (tname), "waited " OT_STR(OT_WAIT_S) " s: "        \
                        __VA_ARGS__);                                                      \
            ot_backoff(&ot_iter_);                                                         \
        }                                                                                  \
        ot_checks++;                                                                       \
    } while (0)

/* The common case: a symmetric uint64_t word of this PE reaches at least want. */
#define OT_WAIT_U64_GE(op, ivar, want)                                                     \
    OT_POLL((op), "uint64", shmem_uint64_test((ivar), SHMEM_CMP_GE, (want)),               \
            "for %llu, have %llu", (unsigned long long)(want),                             \
            (unsigned long long)*(volatile uint64_t *)(ivar))

/* Right and left neighbours in WORLD. */
static inline int ot_right(void) { return (ot_me + 1) % ot_npes; }
static inline int ot_left(void) { return (ot_me + ot_npes - 1) % ot_npes; }

#endif
