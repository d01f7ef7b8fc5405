/* PMI-1 connection to the launcher: non-blocking socket, poll() bounded by the bootstrap
 * timeout, partial reads and writes and EINTR handled here so the protocol code in
 * ro_boot_pmi1.c only sees whole lines. */
#include "config.h"
#include "bootstrap/ro_pmi1_conn.h"

#include "common/ro_log.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <netdb.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

static struct timespec ro_pmi1_deadline(unsigned timeout_s)
{
    struct timespec t;

    clock_gettime(CLOCK_MONOTONIC, &t);
    t.tv_sec += timeout_s;
    return t;
}

/* Milliseconds left until the deadline, rounded up; -1 without a timeout. */
static int ro_pmi1_ms_left(const struct ro_pmi1_conn *c, const struct timespec *deadline)
{
    struct timespec now;
    long long ms;

    if (c->timeout_s == 0)
        return -1;
    clock_gettime(CLOCK_MONOTONIC, &now);
    ms = (deadline->tv_sec - now.tv_sec) * 1000LL + (deadline->tv_nsec - now.tv_nsec + 999999) / 1000000;
    if (ms <= 0)
        return 0;
    return ms > INT_MAX ? INT_MAX : (int)ms;
}

/* Waits for `events` on the socket. 0 when ready (or when an error or hang-up is
 * pending: the next read or write reports it), -ETIMEDOUT, or -errno from poll. */
static int ro_pmi1_conn_wait(struct ro_pmi1_conn *c, short events, const struct timespec *deadline,
                             const char *what)
{
    for (;;) {
        struct pollfd pfd = { .fd = c->fd, .events = events };
        int ms = ro_pmi1_ms_left(c, deadline);
        int n;

        if (ms == 0) {
            RO_ERR("pmi1 %s: the launcher did not respond within %u s (ROCSHMEM_RO_TIMEOUT)",
                   what, c->timeout_s);
            return -ETIMEDOUT;
        }
        n = poll(&pfd, 1, ms);
        if (n > 0)
            return 0;
        if (n < 0 && errno != EINTR) {
            int err = errno;
            RO_SYS_ERR("poll(&pfd, 1, ms)", err);
            return -err;
        }
    }
}

static int ro_pmi1_conn_set_flags(int fd)
{
    int fl = fcntl(fd, F_GETFL);

    if (fl < 0 || fcntl(fd, F_SETFL, fl | O_NONBLOCK) < 0) {
        int err = errno;
        RO_SYS_ERR("fcntl(fd, F_SETFL, fl | O_NONBLOCK)", err);
        return -err;
    }
    /* Programs the PE starts must not inherit (and hold open) the launcher's socket. */
    if (fcntl(fd, F_SETFD, FD_CLOEXEC) < 0) {
        int err = errno;
        RO_SYS_ERR("fcntl(fd, F_SETFD, FD_CLOEXEC)", err);
        return -err;
    }
    return 0;
}

int ro_pmi1_conn_adopt(struct ro_pmi1_conn *c, const char *fd_str, unsigned timeout_s)
{
    char *end;
    long fd;
    int rc;

    errno = 0;
    fd = strtol(fd_str, &end, 10);
    if (end == fd_str || *end || errno || fd < 0 || fd > INT_MAX) {
        RO_ERR("PMI_FD=%s: not a file descriptor number", fd_str);
        return -EINVAL;
    }
    if (fcntl((int)fd, F_GETFD) < 0) {
        RO_ERR("PMI_FD=%s: fcntl(fd, F_GETFD): %s: the launcher's socket was not inherited",
               fd_str, ro_strerror(errno));
        return -EBADF;
    }
    rc = ro_pmi1_conn_set_flags((int)fd);
    if (rc)
        return rc;
    memset(c, 0, sizeof(*c));
    c->fd = (int)fd;
    c->timeout_s = timeout_s;
    return 0;
}

/* Connects c->fd's socket to one address within the timeout. */
static int ro_pmi1_conn_connect_one(struct ro_pmi1_conn *c, const struct addrinfo *ai,
                                    const char *hostport)
{
    struct timespec deadline = ro_pmi1_deadline(c->timeout_s);
    socklen_t len = sizeof(int);
    int err = 0, rc;

    if (connect(c->fd, ai->ai_addr, ai->ai_addrlen) == 0)
        return 0;
    if (errno != EINPROGRESS) {
        err = errno;
        RO_ERR("connect(PMI_PORT=%s): %s (%d)", hostport, ro_strerror(err), err);
        return -err;
    }
    rc = ro_pmi1_conn_wait(c, POLLOUT, &deadline, "connect");
    if (rc)
        return rc;
    if (getsockopt(c->fd, SOL_SOCKET, SO_ERROR, &err, &len) < 0)
        err = errno;
    if (err) {
        RO_ERR("connect(PMI_PORT=%s): %s (%d)", hostport, ro_strerror(err), err);
        return -err;
    }
    return 0;
}

int ro_pmi1_conn_connect(struct ro_pmi1_conn *c, const char *hostport, unsigned timeout_s)
{
    const struct addrinfo hints = { .ai_family = AF_UNSPEC, .ai_socktype = SOCK_STREAM };
    struct addrinfo *list = NULL;
    const char *colon = strrchr(hostport, ':');
    char host[256];
    int rc;

    if (!colon || colon == hostport || (size_t)(colon - hostport) >= sizeof(host) || !colon[1]) {
        RO_ERR("PMI_PORT=%s: expected host:port", hostport);
        return -EINVAL;
    }
    memcpy(host, hostport, (size_t)(colon - hostport));
    host[colon - hostport] = '\0';
    rc = getaddrinfo(host, colon + 1, &hints, &list);
    if (rc) {
        RO_ERR("getaddrinfo(\"%s\", \"%s\", &hints, &list): %s", host, colon + 1, gai_strerror(rc));
        return -EHOSTUNREACH;
    }
    memset(c, 0, sizeof(*c));
    c->timeout_s = timeout_s;
    rc = -EHOSTUNREACH;
    /* The host name may resolve to several addresses (::1 and 127.0.0.1) while the
     * launcher listens on one: try each. */
    for (const struct addrinfo *ai = list; ai && rc; ai = ai->ai_next) {
        c->fd = socket(ai->ai_family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
        if (c->fd < 0) {
            rc = -errno;
            RO_SYS_ERR("socket(family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0)", -rc);
            continue;
        }
        rc = ro_pmi1_conn_connect_one(c, ai, hostport);
        if (rc) {
            close(c->fd);
            c->fd = -1;
        }
    }
    freeaddrinfo(list);
    return rc;
}

int ro_pmi1_conn_send(struct ro_pmi1_conn *c, const char *what, const char *line, size_t len)
{
    struct timespec deadline = ro_pmi1_deadline(c->timeout_s);
    size_t off = 0;

    while (off < len) {
        /* MSG_NOSIGNAL: a launcher that went away is an error to report, not SIGPIPE. */
        ssize_t n = send(c->fd, line + off, len - off, MSG_NOSIGNAL);
        int rc;

        if (n >= 0) {
            off += (size_t)n;
            continue;
        }
        if (errno == EINTR)
            continue;
        if (errno == EPIPE || errno == ECONNRESET) {
            RO_ERR("pmi1 %s: the launcher closed the PMI connection", what);
            return -ECONNRESET;
        }
        if (errno != EAGAIN && errno != EWOULDBLOCK) {
            int err = errno;
            RO_ERR("pmi1 %s: send(fd, line, len, MSG_NOSIGNAL): %s (%d)", what, ro_strerror(err), err);
            return -err;
        }
        rc = ro_pmi1_conn_wait(c, POLLOUT, &deadline, what);
        if (rc)
            return rc;
    }
    return 0;
}

int ro_pmi1_conn_recv(struct ro_pmi1_conn *c, const char *what, struct ro_pmi1_msg *m)
{
    struct timespec deadline = ro_pmi1_deadline(c->timeout_s);

    for (;;) {
        int rc = ro_pmi1_rbuf_take(&c->rb, m);
        ssize_t n;

        if (rc == 1)
            return 0;
        if (rc == -EMSGSIZE) {
            RO_ERR("pmi1 %s: launcher sent a line longer than %d bytes", what, RO_PMI1_LINE_MAX);
            return rc;
        }
        if (rc < 0) {
            RO_ERR("pmi1 %s: launcher sent a line that is not cmd=<name> key=value ...", what);
            return rc;
        }
        n = read(c->fd, ro_pmi1_rbuf_tail(&c->rb), ro_pmi1_rbuf_space(&c->rb));
        if (n > 0) {
            c->rb.len += (size_t)n;
            continue;
        }
        if (n == 0 || (n < 0 && errno == ECONNRESET)) {
            RO_ERR("pmi1 %s: the launcher closed the PMI connection", what);
            return -ECONNRESET;
        }
        if (errno == EINTR)
            continue;
        if (errno != EAGAIN && errno != EWOULDBLOCK) {
            int err = errno;
            RO_ERR("pmi1 %s: read(fd, buf, len): %s (%d)", what, ro_strerror(err), err);
            return -err;
        }
        rc = ro_pmi1_conn_wait(c, POLLIN, &deadline, what);
        if (rc)
            return rc;
    }
}

void ro_pmi1_conn_close(struct ro_pmi1_conn *c)
{
    if (c->fd >= 0 && close(c->fd) < 0)
        RO_SYS_ERR("close(PMI fd)", errno);
    c->fd = -1;
}
