/* Bounded-wait socket helpers of the bootstrap: non-blocking sockets whose every wait
 * (connect, accept, send, receive) polls until a deadline, with EINTR and partial
 * transfers handled here. Used by the PMI-1 client (ro_pmi1_conn.c) and the unique-id
 * rendezvous (ro_boot_uid.c).
 *
 * Errors: a failed system call is logged here, prefixed with `what` (the caller's step);
 * the outcomes a caller must describe in its own words are returned without a log line:
 * -ETIMEDOUT (the deadline passed), -ECONNRESET (the peer closed or reset the connection),
 * and, from ro_sock_connect, the connection's own error (-ECONNREFUSED, ...). */
#ifndef RO_SOCK_H
#define RO_SOCK_H

#include <poll.h>
#include <stddef.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <time.h>

/* A point on CLOCK_MONOTONIC, or never (a timeout of 0 waits without bound). */
struct ro_deadline {
    struct timespec at;
    int never;
};

struct ro_deadline ro_deadline_in(unsigned timeout_s);
/* The earlier of *d and `ms` milliseconds from now. */
struct ro_deadline ro_deadline_cap_ms(const struct ro_deadline *d, unsigned ms);
/* Milliseconds left, rounded up: 0 once passed, -1 for never. */
int ro_deadline_ms_left(const struct ro_deadline *d);

/* poll() until one of the nfds is ready (or reports an error or hang-up: the next read or
 * write says which). 0, -ETIMEDOUT, or -errno after logging. */
int ro_sock_poll(struct pollfd *pfd, nfds_t nfds, const struct ro_deadline *d, const char *what);
/* Makes fd non-blocking and close-on-exec (programs the PE starts must not hold it open). */
int ro_sock_set_flags(int fd, const char *what);
/* Connects the non-blocking socket fd. 0, -ETIMEDOUT, or the connection's -errno
 * (-ECONNREFUSED: nothing listens there), none of them logged: the caller names the
 * address, and may retry. */
int ro_sock_connect(int fd, const struct sockaddr *sa, socklen_t salen,
                    const struct ro_deadline *d);
/* Accepts one connection, non-blocking and close-on-exec, without waiting: the new fd,
 * -EAGAIN when none is pending, or -errno after logging. */
int ro_sock_accept(int lfd, const char *what);
/* Sends all len bytes (MSG_NOSIGNAL: a peer that went away is -ECONNRESET, not SIGPIPE). */
int ro_sock_send_all(int fd, const void *buf, size_t len, const struct ro_deadline *d,
                     const char *what);
/* Receives 1..cap bytes: the count, or -ECONNRESET when the peer closed (end of file). */
ssize_t ro_sock_recv_some(int fd, void *buf, size_t cap, const struct ro_deadline *d,
                          const char *what);
/* Receives exactly len bytes. */
int ro_sock_recv_all(int fd, void *buf, size_t len, const struct ro_deadline *d,
                     const char *what);
/* Closes fd if it is one (>= 0), logging a failure; sets it to -1. */
void ro_sock_close(int *fd, const char *what);

#endif
