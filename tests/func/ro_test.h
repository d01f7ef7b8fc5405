/* Helpers shared by the multi-PE functional programs (tests/func): a failure report
 * that names PE, operation and type and then ends the whole job, bounded waits for the
 * tests' own polling, a watchdog for the library waits that have no timeout of their
 * own (wait_until and friends), and iteration counts that shrink on slow providers. */
#ifndef RO_TEST_H
#define RO_TEST_H

#include <rocshmem/rocshmem.h>

#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* The watchdog must fire before run_pe.sh's timeout (260 s by default) so that the log
 * says which step hung rather than only that the launcher was killed. A program may set
 * its own before including this file. */
#ifndef RT_WATCHDOG_S
#define RT_WATCHDOG_S 100
#endif
#define RT_STR_(x) #x
#define RT_STR(x) RT_STR_(x)
/* A bounded wait of the test itself gives up after this long. */
#define RT_WAIT_S 60

static const char *rt_prog = "func";
/* Checks made; several threads of a program count, so always through RT_COUNT. */
static unsigned long rt_checks;
#define RT_COUNT(n) __atomic_fetch_add(&rt_checks, (unsigned long)(n), __ATOMIC_RELAXED)
/* Written by the program between steps, read by the SIGALRM handler: the handler only
 * reads a NUL-terminated buffer, so a torn update costs at worst a garbled step name. */
static char rt_step_buf[160] = "rocshmem_init";

static inline void rt_step(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static inline void rt_step(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(rt_step_buf, sizeof(rt_step_buf), fmt, ap);
    va_end(ap);
}

static inline void rt_fail(int line, const char *op, const char *tname, const char *fmt, ...)
    __attribute__((format(printf, 4, 5), noreturn));
static inline void rt_fail(int line, const char *op, const char *tname, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "%s: PE %d: FAIL %s (%s) at line %d: ", rt_prog, rocshmem_my_pe(), op,
            tname, line);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    fflush(stderr);
    /* Peers may be waiting for this PE: end the job rather than leave them hanging. */
    rocshmem_global_exit(1);
    _exit(1);   /* not reached: the header does not mark global_exit noreturn */
}
#define RT_FAIL(op, tname, ...) rt_fail(__LINE__, (op), (tname), __VA_ARGS__)

/* Compares two arithmetic values of any type in that type, prints both exactly as long
 * double (64-bit mantissa: every value of every listed type). Arguments are evaluated
 * twice on failure: pass plain values. */
#define RT_CHECK_EQ(op, tname, got, want)                                                  \
    do {                                                                                   \
        if (!((got) == (want)))                                                            \
            rt_fail(__LINE__, (op), (tname), "expected %.21Lg, got %.21Lg",                \
                    (long double)(want), (long double)(got));                              \
        RT_COUNT(1);                                                                       \
    } while (0)

#define RT_CHECK(op, tname, cond, ...)                                                     \
    do {                                                                                   \
        if (!(cond))                                                                       \
            rt_fail(__LINE__, (op), (tname), __VA_ARGS__);                                 \
        RT_COUNT(1);                                                                       \
    } while (0)

/* Async-signal-safe: the message is assembled from fixed pieces and written with one
 * write(2), so lines from several PEs do not interleave; then _exit. The launcher tears
 * down the other PEs when one exits with a nonzero status. */
static inline size_t rt_append(char *buf, size_t len, size_t cap, const char *s)
{
    size_t n = strnlen(s, cap - len);
    memcpy(buf + len, s, n);
    return len + n;
}

static inline void rt_watchdog_fire(int sig)
{
    char msg[512], digits[16];
    int pe = rocshmem_my_pe(), k = (int)sizeof(digits);
    size_t len = 0;

    (void)sig;
    digits[--k] = '\0';
    do {
        digits[--k] = (char)('0' + pe % 10);
        pe /= 10;
    } while (pe && k > 0);
    len = rt_append(msg, len, sizeof(msg) - 1, rt_prog);
    len = rt_append(msg, len, sizeof(msg) - 1, ": PE ");
    len = rt_append(msg, len, sizeof(msg) - 1, digits + k);
    len = rt_append(msg, len, sizeof(msg) - 1,
                    ": watchdog: still running after " RT_STR(RT_WATCHDOG_S) " s; step: ");
    len = rt_append(msg, len, sizeof(msg) - 1, rt_step_buf);
    msg[len++] = '\n';
    (void)!write(2, msg, len);
    _exit(1);
}

/* Slow providers get smaller iteration counts (never zero: every API stays covered).
 * sockets costs ~10 ms per operation on two cores (TESTING.md). */
static inline int rt_slow(void)
{
    const char *p = getenv("ROCSHMEM_RO_PROVIDER");
    return p && !strcmp(p, "sockets");
}

static inline long rt_iters(long full, long slow)
{
    return rt_slow() ? slow : full;
}

/* Call right after rocshmem_init*: names the program, arms the watchdog, and skips
 * (exit 77) when the job has fewer than min_pes PEs. */
static inline void rt_begin(const char *prog, int min_pes)
{
    rt_prog = prog;
    signal(SIGALRM, rt_watchdog_fire);
    alarm(RT_WATCHDOG_S);
    if (rocshmem_n_pes() < min_pes) {
        if (rocshmem_my_pe() == 0)
            printf("skip: %s needs at least %d PEs, has %d\n", prog, min_pes, rocshmem_n_pes());
        rocshmem_finalize();
        exit(77);
    }
}

/* Call at the end of main: one summary line from PE 0, then finalize. */
static inline int rt_end(void)
{
    unsigned long checks = rt_checks;
    rt_step("final barrier");
    rocshmem_barrier_all();
    if (rocshmem_my_pe() == 0)
        printf("%s: PASS on %d PEs (%lu checks on PE 0)\n", rt_prog, rocshmem_n_pes(), checks);
    rt_step("rocshmem_finalize");
    rocshmem_finalize();
    return 0;
}

static inline double rt_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Back off the way the library does: two cores carry up to four PEs and their proxies. */
static inline void rt_backoff(unsigned *iter)
{
    if ((*iter)++ < 64) {
        sched_yield();
    } else {
        struct timespec ts = { 0, 20000 };
        nanosleep(&ts, NULL);
    }
}

/* Bounded wait of the test itself: polls with rocshmem_uint64_test until *ivar >= want,
 * fails after RT_WAIT_S seconds naming what was awaited. */
static inline void rt_wait_ge(uint64_t *ivar, uint64_t want, const char *what)
{
    unsigned iter = 0;
    double deadline = rt_now() + RT_WAIT_S;
    while (!rocshmem_uint64_test(ivar, ROCSHMEM_CMP_GE, want)) {
        if (rt_now() > deadline)
            RT_FAIL(what, "uint64", "waited %d s for %llu, have %llu", RT_WAIT_S,
                    (unsigned long long)want, (unsigned long long)*(volatile uint64_t *)ivar);
        rt_backoff(&iter);
    }
}

#endif
