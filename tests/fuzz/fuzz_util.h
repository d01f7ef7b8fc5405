/* Shared by the libFuzzer targets of tests/fuzz: quiet logging and the harness's own
 * failure report. Header-only; each target includes it once. */
#ifndef FUZZ_UTIL_H
#define FUZZ_UTIL_H

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "common/ro_log.h"

/* Where the harness reports a broken invariant: the stderr libFuzzer writes to. */
static FILE *fuzz_report;

/* Bad input makes the library log an error per input, thousands a second. Unless
 * RO_FUZZ_LOG is set, stderr (the FILE the log layer writes to) is pointed at /dev/null:
 * every message is still formatted, so a bad format argument still shows, but nothing is
 * printed. libFuzzer keeps the stderr it had at startup for its own output, and the
 * sanitizers write their reports to file descriptor 2, which stays open: crashes still
 * show in full. The log level is raised to info so every message is formatted. */
static inline void fuzz_quiet_log(void)
{
    fuzz_report = stderr;
    ro_log_level = RO_LOG_INFO;
    if (!getenv("RO_FUZZ_LOG")) {
        FILE *null = fopen("/dev/null", "w");
        if (null)
            stderr = null;
    }
}

/* A broken invariant: says which and aborts, which libFuzzer reports as a crash. */
static inline void __attribute__((noreturn, format(printf, 1, 2))) fuzz_fail(const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    vfprintf(fuzz_report ? fuzz_report : stderr, fmt, ap);
    va_end(ap);
    fputc('\n', fuzz_report ? fuzz_report : stderr);
    fflush(fuzz_report ? fuzz_report : stderr);
    abort();
}

#define FUZZ_CHECK(cond, ...)                                                              \
    do {                                                                                   \
        if (!(cond))                                                                       \
            fuzz_fail("fuzz check failed: " #cond ": " __VA_ARGS__);                        \
    } while (0)

#endif
