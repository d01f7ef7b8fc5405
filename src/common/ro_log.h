/* Logging shared by every layer: level plus PE prefix, level tested before formatting,
 * errno preserved. Includes only C standard headers so any layer may use it. */
#ifndef RO_LOG_H
#define RO_LOG_H

#include <errno.h>
#include <stdarg.h>

enum ro_log_level { RO_LOG_ERROR = 0, RO_LOG_WARN = 1, RO_LOG_INFO = 2, RO_LOG_DEBUG = 3 };

/* Set once by init (PE known after bootstrap); -1 prints "pe ?". */
extern int ro_log_pe;
extern int ro_log_level;

void ro_log_write(int level, const char *file, int line, const char *func, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));

#define RO_UNLIKELY(x) __builtin_expect(!!(x), 0)
#define RO_LIKELY(x)   __builtin_expect(!!(x), 1)

#define RO_LOG(level, ...)                                                                 \
    do {                                                                                   \
        if (RO_UNLIKELY((level) <= ro_log_level)) {                                        \
            int saved_errno_ = errno;                                                      \
            ro_log_write((level), __FILE__, __LINE__, __func__, __VA_ARGS__);              \
            errno = saved_errno_;                                                          \
        }                                                                                  \
    } while (0)

#define RO_ERR(...)  RO_LOG(RO_LOG_ERROR, __VA_ARGS__)
#define RO_WARN(...) RO_LOG(RO_LOG_WARN, __VA_ARGS__)
#define RO_INFO(...) RO_LOG(RO_LOG_INFO, __VA_ARGS__)
#ifdef RO_ENABLE_DEBUG
#define RO_DBG(...)  RO_LOG(RO_LOG_DEBUG, __VA_ARGS__)
#else
#define RO_DBG(...)  do { } while (0)
#endif

/* Failed system/pthread call: call as written plus strerror. `err` is an errno value. */
#define RO_SYS_ERR(call_str, err) RO_ERR("%s: %s (%d)", call_str, ro_strerror(err), (err))
const char *ro_strerror(int err);

#endif
