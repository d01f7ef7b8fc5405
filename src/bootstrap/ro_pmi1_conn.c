/* PMI-1 connection to the launcher: whole lines over a bootstrap socket (ro_sock.c bounds
 * every wait by the bootstrap timeout and handles partial reads and writes and EINTR), so
 * the protocol code in ro_boot_pmi1.c only sees whole lines. */
#include "config.h"
#include "bootstrap/ro_pmi1_conn.h"

#include "bootstrap/ro_sock.h"
#include "common/ro_log.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <netdb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

/* The launcher-side outcomes ro_sock leaves to the caller to describe. */
static int ro_pmi1_conn_fail(const struct ro_pmi1_conn *c, const char *what, int rc)
{
    if (rc == -ETIMEDOUT)
        RO_ERR("pmi1 %s: the launcher did not respond within %u s (ROCSHMEM_RO_TIMEOUT)", what,
               c->timeout_s);
    else if (rc == -ECONNRESET)
        RO_ERR("pmi1 %s: the launcher closed the PMI connection", what);
    return rc;
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
    rc = ro_sock_set_flags((int)fd, "PMI_FD");
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
    struct ro_deadline deadline = ro_deadline_in(c->timeout_s);
    int rc = ro_sock_connect(c->fd, ai->ai_addr, ai->ai_addrlen, &deadline);

    if (rc == -ETIMEDOUT)
        return ro_pmi1_conn_fail(c, "connect", rc);
    if (rc)
        RO_ERR("connect(PMI_PORT=%s): %s (%d)", hostport, ro_strerror(-rc), -rc);
    return rc;
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
    struct ro_deadline deadline = ro_deadline_in(c->timeout_s);
    char step[64];

    snprintf(step, sizeof(step), "pmi1 %s", what);
    return ro_pmi1_conn_fail(c, what, ro_sock_send_all(c->fd, line, len, &deadline, step));
}

int ro_pmi1_conn_recv(struct ro_pmi1_conn *c, const char *what, struct ro_pmi1_msg *m)
{
    struct ro_deadline deadline = ro_deadline_in(c->timeout_s);
    char step[64];

    snprintf(step, sizeof(step), "pmi1 %s", what);
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
        n = ro_sock_recv_some(c->fd, ro_pmi1_rbuf_tail(&c->rb), ro_pmi1_rbuf_space(&c->rb),
                              &deadline, step);
        if (n < 0)
            return ro_pmi1_conn_fail(c, what, (int)n);
        c->rb.len += (size_t)n;
    }
}

void ro_pmi1_conn_close(struct ro_pmi1_conn *c)
{
    ro_sock_close(&c->fd, "PMI fd");
}
