/* Log sink: one line per message on stderr, "[rocshmem_ro pe N] level file:line func: ...". */
#include "config.h"
#include "common/ro_log.h"

#include <stdio.h>
#include <string.h>

int ro_log_pe = -1;
int ro_log_level = RO_LOG_WARN;

static const char *const ro_log_names[] = { "error", "warning", "info", "debug" };

void ro_log_write(int level, const char *file, int line, const char *func, const char *fmt, ...)
{
    char msg[1024];
    va_list ap;
    const char *base = strrchr(file, '/');

    va_start(ap, fmt);
    vsnprintf(msg, sizeof(msg), fmt, ap);
    va_end(ap);
    /* One fprintf per line keeps lines from several threads whole. */
    if (ro_log_pe >= 0)
        fprintf(stderr, "[rocshmem_ro pe %d] %s %s:%d %s: %s\n", ro_log_pe, ro_log_names[level],
                base ? base + 1 : file, line, func, msg);
    else
        fprintf(stderr, "[rocshmem_ro pe ?] %s %s:%d %s: %s\n", ro_log_names[level],
                base ? base + 1 : file, line, func, msg);
}

const char *ro_strerror(int err)
{
    static __thread char buf[128];
    /* GNU strerror_r may return a static string instead of filling buf. */
    return strerror_r(err, buf, sizeof(buf));
}
