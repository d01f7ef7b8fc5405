/* Bounded-wait socket helpers of the bootstrap (see ro_sock.h): every wait is a poll()
 * bounded by the caller's deadline; EINTR, EAGAIN and partial transfers stay here. */
#include "config.h"
#include "bootstrap/ro_sock.h"

#include "common/ro_log.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <unistd.h>

struct ro_deadline ro_deadline_in(unsigned timeout_s)
{
    struct ro_deadline d = { .never = timeout_s == 0 };

    clock_gettime(CLOCK_MONOTONIC, &d.at);
    d.at.tv_sec += timeout_s;
    return d;
}

struct ro_deadline ro_deadline_cap_ms(const struct ro_deadline *d, unsigned ms)
{
    struct ro_deadline c = { .never = 0 };

    clock_gettime(CLOCK_MONOTONIC, &c.at);
    c.at.tv_sec += ms / 1000;
    c.at.tv_nsec += (long)(ms % 1000) * 1000000L;
    if (c.at.tv_nsec >= 1000000000L) {
        c.at.tv_sec++;
        c.at.tv_nsec -= 1000000000L;
    }
    if (!d->never && (d->at.tv_sec < c.at.tv_sec ||
                      (d->at.tv_sec == c.at.tv_sec && d->at.tv_nsec < c.at.tv_nsec)))
        c = *d;
    return c;
}

int ro_deadline_ms_left(const struct ro_deadline *d)
{
    struct timespec now;
    long long ms;

    if (d->never)
        return -1;
    clock_gettime(CLOCK_MONOTONIC, &now);
    ms = (d->at.tv_sec - now.tv_sec) * 1000LL + (d->at.tv_nsec - now.tv_nsec + 999999) / 1000000;
    if (ms <= 0)
        return 0;
    return ms > INT_MAX ? INT_MAX : (int)ms;
}

int ro_sock_poll(struct pollfd *pfd, nfds_t nfds, const struct ro_deadline *d, const char *what)
{
    for (;;) {
        int ms = ro_deadline_ms_left(d);
        int n;

        if (ms == 0)
            return -ETIMEDOUT;
        n = poll(pfd, nfds, ms);
        if (n > 0)
            return 0;
        if (n < 0 && errno != EINTR) {
            int err = errno;
            RO_ERR("%s: poll(pfd, %lu, %d): %s (%d)", what, (unsigned long)nfds, ms,
                   ro_strerror(err), err);
            return -err;
        }
    }
}

static int ro_sock_wait(int fd, short events, const struct ro_deadline *d, const char *what)
{
    struct pollfd pfd = { .fd = fd, .events = events };

    return ro_sock_poll(&pfd, 1, d, what);
}

int ro_sock_set_flags(int fd, const char *what)
{
    int fl = fcntl(fd, F_GETFL);

    if (fl < 0 || fcntl(fd, F_SETFL, fl | O_NONBLOCK) < 0) {
        int err = errno;
        RO_ERR("%s: fcntl(fd, F_SETFL, fl | O_NONBLOCK): %s (%d)", what, ro_strerror(err), err);
        return -err;
    }
    if (fcntl(fd, F_SETFD, FD_CLOEXEC) < 0) {
        int err = errno;
        RO_ERR("%s: fcntl(fd, F_SETFD, FD_CLOEXEC): %s (%d)", what, ro_strerror(err), err);
        return -err;
    }
    return 0;
}

int ro_sock_connect(int fd, const struct sockaddr *sa, socklen_t salen, const struct ro_deadline *d)
{
    socklen_t len = sizeof(int);
    int err = 0, rc;

    if (connect(fd, sa, salen) == 0)
        return 0;
    if (errno != EINPROGRESS && errno != EINTR)
        return -errno;
    rc = ro_sock_wait(fd, POLLOUT, d, "connect");
    if (rc)
        return rc;
    if (getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &len) < 0)
        err = errno;
    return -err;
}

int ro_sock_accept(int lfd, const char *what)
{
    for (;;) {
        int fd = accept4(lfd, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC);

        if (fd >= 0)
            return fd;
        /* A connection that was reset while queued is not this listener's failure. */
        if (errno == EAGAIN || errno == EWOULDBLOCK || errno == ECONNABORTED)
            return -EAGAIN;
        if (errno != EINTR) {
            int err = errno;
            RO_ERR("%s: accept4(lfd, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC): %s (%d)", what,
                   ro_strerror(err), err);
            return -err;
        }
    }
}

int ro_sock_send_all(int fd, const void *buf, size_t len, const struct ro_deadline *d,
                     const char *what)
{
    const char *p = buf;
    size_t off = 0;

    while (off < len) {
        ssize_t n = send(fd, p + off, len - off, MSG_NOSIGNAL);
        int rc;

        if (n >= 0) {
            off += (size_t)n;
            continue;
        }
        if (errno == EINTR)
            continue;
        if (errno == EPIPE || errno == ECONNRESET)
            return -ECONNRESET;
        if (errno != EAGAIN && errno != EWOULDBLOCK) {
            int err = errno;
            RO_ERR("%s: send(fd, buf, %zu, MSG_NOSIGNAL): %s (%d)", what, len - off,
                   ro_strerror(err), err);
            return -err;
        }
        rc = ro_sock_wait(fd, POLLOUT, d, what);
        if (rc)
            return rc;
    }
    return 0;
}

ssize_t ro_sock_recv_some(int fd, void *buf, size_t cap, const struct ro_deadline *d,
                          const char *what)
{
    for (;;) {
        ssize_t n = read(fd, buf, cap);
        int rc;

        if (n > 0)
            return n;
        if (n == 0 || errno == ECONNRESET)
            return -ECONNRESET;
        if (errno == EINTR)
            continue;
        if (errno != EAGAIN && errno != EWOULDBLOCK) {
            int err = errno;
            RO_ERR("%s: read(fd, buf, %zu): %s (%d)", what, cap, ro_strerror(err), err);
            return -err;
        }
        rc = ro_sock_wait(fd, POLLIN, d, what);
        if (rc)
            return rc;
    }
}

int ro_sock_recv_all(int fd, void *buf, size_t len, const struct ro_deadline *d,
                     const char *what)
{
    char *p = buf;
    size_t off = 0;

    while (off < len) {
        ssize_t n = ro_sock_recv_some(fd, p + off, len - off, d, what);

        if (n < 0)
            return (int)n;
        off += (size_t)n;
    }
    return 0;
}

void ro_sock_close(int *fd, const char *what)
{
    if (*fd >= 0 && close(*fd) < 0)
        RO_ERR("%s: close(%d): %s (%d)", what, *fd, ro_strerror(errno), errno);
    *fd = -1;
}
