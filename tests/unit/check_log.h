/* For Check unit tests: capture what the library logs (stderr) in the forked child, so a
 * test can assert on the message a bad input produced. */
#ifndef CHECK_LOG_H
#define CHECK_LOG_H

#include <check.h>
#include <stdio.h>
#include <unistd.h>

static FILE *check_log_file;

/* Sends this child's stderr to a temporary file. Call from a checked fixture. */
static inline void check_log_capture(void)
{
    check_log_file = tmpfile();
    ck_assert_ptr_nonnull(check_log_file);
    ck_assert_int_ge(dup2(fileno(check_log_file), STDERR_FILENO), 0);
}

/* What was logged since the last call; the file is emptied for the next check. */
static inline const char *check_log_take(void)
{
    static char buf[8192];
    size_t n;

    rewind(check_log_file);
    n = fread(buf, 1, sizeof(buf) - 1, check_log_file);
    buf[n] = '\0';
    ck_assert_int_eq(ftruncate(fileno(check_log_file), 0), 0);
    rewind(check_log_file);
    return buf;
}

#endif
