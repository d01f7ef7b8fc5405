/* Unique-id bootstrap: init without a launcher (rocshmem_init_attr with
 * ROCSHMEM_INIT_WITH_UNIQUEID). A star: the process holding the listener that
 * rocshmem_get_uniqueid opened (ro_boot_uid_id.c) serves the rendezvous; every other rank
 * connects to the address in the id and says hello with the id's secret, its rank and
 * nranks. The connections stay open until fini and carry the collectives: allgather (each
 * rank sends its block to the server, which returns the whole, in rank order, to each),
 * barrier (an allgather of nothing) and abort (an ABORT frame that ends whoever reads it).
 * Wire formats: ro_uid_wire.h. Every wait is bounded by the bootstrap timeout. */
#include "config.h"
#include "bootstrap/ro_boot.h"

#include "bootstrap/ro_boot_int.h"
#include "bootstrap/ro_sock.h"
#include "bootstrap/ro_uid_wire.h"
#include "common/ro_log.h"

#include <arpa/inet.h>
#include <errno.h>
#include <limits.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#define RO_UID_STRAYS   16     /* connections beyond the ranks that may await their hello */
#define RO_UID_TELL_MS  1000   /* bound on telling one peer that the job ends */

struct ro_boot_uid {
    struct ro_uid id;
    char where[32];        /* "a.b.c.d:port" of the rendezvous, for messages */
    int server_rank;       /* the rank serving the rendezvous (this one, or the peer) */
    int *fd;               /* server: fd[r] is the connection to rank r, -1 for itself */
    int server_fd;         /* client: the connection to the server; -1 on the server */
};

/* A connection accepted by the server, before its hello is complete. */
struct ro_uid_pending {
    int fd;
    size_t got;
    uint8_t buf[RO_UID_HELLO_BYTES];
};

/* ---- frames ------------------------------------------------------------------------ */

static int ro_boot_uid_send_frame(int fd, uint32_t type, int code, int rank, const void *data,
                                  size_t len, const struct ro_deadline *d, const char *step)
{
    struct ro_uid_frame f = { .type = type, .code = code, .rank = rank, .len = len };
    uint8_t hdr[RO_UID_FRAME_BYTES];
    int rc;

    ro_uid_frame_encode(&f, hdr);
    rc = ro_sock_send_all(fd, hdr, sizeof(hdr), d, step);
    if (!rc && len)
        rc = ro_sock_send_all(fd, data, len, d, step);
    return rc;
}

/* Best effort, each peer bounded by RO_UID_TELL_MS: sends ABORT to the server (client) or
 * to every client but `skip_fd` (server), then stops writing and drains what the peer had
 * sent, so that closing does not reset the connection before the peer reads the ABORT. */
static void ro_boot_uid_tell(const struct ro_boot *b, const struct ro_boot_uid *p, int code,
                             int origin, const char *why, int skip_fd)
{
    size_t len = strnlen(why, RO_UID_ABORT_MAX);

    for (int r = 0; r < b->size; r++) {
        int fd = p->fd ? p->fd[r] : r == p->server_rank ? p->server_fd : -1;
        struct ro_deadline d = ro_deadline_cap_ms(&(struct ro_deadline){ .never = 1 },
                                                  RO_UID_TELL_MS);
        char sink[256];

        if (fd < 0 || fd == skip_fd)
            continue;
        if (ro_boot_uid_send_frame(fd, RO_UID_FRAME_ABORT, code, origin, why, len, &d, "uid abort"))
            continue;
        shutdown(fd, SHUT_WR);
        while (read(fd, sink, sizeof(sink)) > 0)
            ;
    }
}

/* An ABORT frame came in on fd: read its text, pass it on (server), log it and end this
 * process with its code, as a launcher would end every rank of the job. */
static _Noreturn void ro_boot_uid_peer_abort(const struct ro_boot *b, const struct ro_boot_uid *p,
                                             int fd, const struct ro_uid_frame *f)
{
    struct ro_deadline d = ro_deadline_cap_ms(&(struct ro_deadline){ .never = 1 }, RO_UID_TELL_MS);
    char why[RO_UID_ABORT_MAX + 1];

    if (ro_sock_recv_all(fd, why, f->len, &d, "uid abort"))
        strcpy(why, "(the reason was lost)");
    else
        why[f->len] = '\0';
    RO_LOG(f->code ? RO_LOG_ERROR : RO_LOG_INFO, "rank %d ended the job (exit code %d): %s",
           f->rank, f->code, why);
    if (p->fd)
        ro_boot_uid_tell(b, p, f->code, f->rank, why, fd);
    _exit(f->code);
}

/* Receives one DATA frame of exactly len bytes from rank `peer` into dst, waiting at most
 * wait_s (for the message). An ABORT frame ends this process instead
 * (ro_boot_uid_peer_abort). */
static int ro_boot_uid_recv_data(const struct ro_boot *b, const struct ro_boot_uid *p, int peer,
                                 int fd, void *dst, size_t len, const struct ro_deadline *d,
                                 unsigned wait_s, const char *step)
{
    uint8_t hdr[RO_UID_FRAME_BYTES];
    struct ro_uid_frame f;
    int rc = ro_sock_recv_all(fd, hdr, sizeof(hdr), d, step);

    if (!rc && ro_uid_frame_decode(hdr, &f)) {
        RO_ERR("%s: rank %d sent a frame of unknown type %u (another rocshmem_ro version?)",
               step, peer, f.type);
        return -EPROTO;
    }
    if (!rc && f.type == RO_UID_FRAME_ABORT)
        ro_boot_uid_peer_abort(b, p, fd, &f);
    if (!rc && f.len != len) {
        RO_ERR("%s: rank %d sent %llu bytes where %zu were expected (the ranks are not in the "
               "same collective)", step, peer, (unsigned long long)f.len, len);
        return -EPROTO;
    }
    if (!rc)
        rc = ro_sock_recv_all(fd, dst, len, d, step);
    if (rc == -ETIMEDOUT)
        RO_ERR("%s: rank %d did not answer within %u s (ROCSHMEM_RO_TIMEOUT)", step, peer,
               wait_s);
    else if (rc == -ECONNRESET)
        RO_ERR("%s: rank %d closed its bootstrap connection: it exited or failed", step, peer);
    return rc;
}

/* "ranks 2, 5 (2 of 8)": the ranks whose waiting[r] is set. */
static void ro_boot_uid_list_ranks(const struct ro_boot *b, const unsigned char *waiting,
                                   char *buf, size_t len)
{
    size_t used = 0;
    int n = 0;

    for (int r = 0; r < b->size; r++) {
        if (!waiting[r])
            continue;
        if (n++ < 32 && used < len)
            used += (size_t)snprintf(buf + used, len - used, "%s%d", n > 1 ? ", " : "ranks ", r);
        else if (n == 33 && used < len)
            used += (size_t)snprintf(buf + used, len - used, ", ...");
    }
    if (used < len)
        snprintf(buf + used, len - used, " (%d of %d)", n, b->size);
}

/* ---- rendezvous: server ------------------------------------------------------------- */

/* What the server answers a complete hello. */
static struct ro_uid_reply ro_boot_uid_vet(const struct ro_boot *b, const struct ro_boot_uid *p,
                                           const uint8_t *buf, struct ro_uid_hello *h)
{
    struct ro_uid claimed = p->id;

    if (ro_uid_hello_decode(buf, h))
        return (struct ro_uid_reply){ RO_UID_BAD_HELLO, 0 };
    memcpy(claimed.secret, h->secret, sizeof(claimed.secret));
    if (!ro_uid_same(&claimed, &p->id))
        return (struct ro_uid_reply){ RO_UID_BAD_SECRET, 0 };
    if (h->nranks != b->size)
        return (struct ro_uid_reply){ RO_UID_BAD_NRANKS, b->size };
    if (h->rank < 0 || h->rank >= b->size)
        return (struct ro_uid_reply){ RO_UID_BAD_RANK, b->size };
    if (h->rank == b->rank || p->fd[h->rank] >= 0)
        return (struct ro_uid_reply){ RO_UID_DUP_RANK, h->rank };
    return (struct ro_uid_reply){ RO_UID_OK, b->rank };
}

/* Reads what has arrived of c's hello; once complete, answers it. 1: the rank joined
 * (c->fd now belongs to p->fd), -1: the connection was dropped, 0: not complete yet. */
static int ro_boot_uid_hello_take(const struct ro_boot *b, struct ro_boot_uid *p,
                                  struct ro_uid_pending *c, const struct ro_deadline *d)
{
    /* poll said readable: take what is there without waiting for more. */
    struct ro_deadline now = ro_deadline_cap_ms(d, 0);
    ssize_t n = ro_sock_recv_some(c->fd, c->buf + c->got, sizeof(c->buf) - c->got, &now,
                                  "uid rendezvous: hello");
    uint8_t out[RO_UID_REPLY_BYTES];
    struct ro_uid_hello h = { 0 };
    struct ro_uid_reply r;

    if (n == -ETIMEDOUT)
        return 0;
    if (n < 0) {
        RO_INFO("uid rendezvous at %s: a connection closed before its hello", p->where);
        ro_sock_close(&c->fd, "uid rendezvous");
        return -1;
    }
    c->got += (size_t)n;
    if (c->got < sizeof(c->buf))
        return 0;
    r = ro_boot_uid_vet(b, p, c->buf, &h);
    ro_uid_reply_encode(&r, out);
    if (ro_sock_send_all(c->fd, out, sizeof(out), d, "uid rendezvous: reply") == 0 &&
        r.status == RO_UID_OK) {
        p->fd[h.rank] = c->fd;
        c->fd = -1;
        RO_DBG("uid rendezvous at %s: rank %d joined", p->where, h.rank);
        return 1;
    }
    if (r.status == RO_UID_BAD_SECRET || r.status == RO_UID_BAD_HELLO)
        RO_WARN("uid rendezvous at %s: refused a connection: %s (an id from another "
                "rocshmem_get_uniqueid call, or not a rocshmem_ro rank?)", p->where,
                ro_uid_status_str(r.status));
    else if (r.status != RO_UID_OK)
        RO_WARN("uid rendezvous at %s: refused rank %d of nranks %d: %s", p->where, h.rank,
                h.nranks, ro_uid_status_str(r.status));
    ro_sock_close(&c->fd, "uid rendezvous");
    return -1;
}

/* Accepts every queued connection into pend (up to cap). 0 or a negative errno. */
static int ro_boot_uid_accept(struct ro_boot_uid *p, int lfd, struct ro_uid_pending *pend,
                              size_t *npend, size_t cap)
{
    for (;;) {
        int fd = ro_sock_accept(lfd, "uid rendezvous");

        if (fd == -EAGAIN)
            return 0;
        if (fd < 0)
            return fd;
        if (*npend == cap) {
            RO_WARN("uid rendezvous at %s: %zu connections await their hello; dropping one more",
                    p->where, cap);
            close(fd);
            continue;
        }
        pend[(*npend)++] = (struct ro_uid_pending){ .fd = fd };
    }
}

/* Waits until every other rank has joined. On failure tells those that joined. */
static int ro_boot_uid_serve(const struct ro_boot *b, struct ro_boot_uid *p, int lfd,
                             const struct ro_deadline *d)
{
    size_t cap = (size_t)b->size + RO_UID_STRAYS, npend = 0;
    struct ro_uid_pending *pend = calloc(cap, sizeof(*pend));
    struct pollfd *pfd = calloc(cap + 1, sizeof(*pfd));
    int joined = 0, rc = 0;

    if (!pend || !pfd) {
        rc = -ENOMEM;
        RO_SYS_ERR("calloc(cap, sizeof(*pend))", ENOMEM);
        goto out;
    }
    while (joined < b->size - 1) {
        pfd[0] = (struct pollfd){ .fd = lfd, .events = POLLIN };
        for (size_t i = 0; i < npend; i++)
            pfd[i + 1] = (struct pollfd){ .fd = pend[i].fd, .events = POLLIN };
        rc = ro_sock_poll(pfd, npend + 1, d, "uid rendezvous");
        if (rc)
            break;
        /* Backwards: a finished entry is replaced by the last, which was seen already. */
        for (size_t i = npend; i-- > 0;) {
            int k;

            if (!pfd[i + 1].revents)
                continue;
            k = ro_boot_uid_hello_take(b, p, &pend[i], d);
            joined += k == 1;
            if (k)
                pend[i] = pend[--npend];
        }
        if (pfd[0].revents) {
            rc = ro_boot_uid_accept(p, lfd, pend, &npend, cap);
            if (rc)
                break;
        }
    }
    if (rc == -ETIMEDOUT) {
        unsigned char *waiting = calloc((size_t)b->size, 1);
        char list[256] = "some ranks", why[400];

        for (int r = 0; waiting && r < b->size; r++)
            waiting[r] = r != b->rank && p->fd[r] < 0;
        if (waiting)
            ro_boot_uid_list_ranks(b, waiting, list, sizeof(list));
        free(waiting);
        snprintf(why, sizeof(why), "uid rendezvous at %s: %s did not join within %u s "
                 "(ROCSHMEM_RO_TIMEOUT)", p->where, list, b->timeout_s);
        RO_ERR("%s", why);
        ro_boot_uid_tell(b, p, 1, b->rank, why, -1);
    } else if (rc) {
        ro_boot_uid_tell(b, p, 1, b->rank, "uid rendezvous: the server failed", -1);
    }
out:
    for (size_t i = 0; i < npend; i++)
        ro_sock_close(&pend[i].fd, "uid rendezvous");
    free(pend);
    free(pfd);
    return rc;
}

/* ---- rendezvous: client ------------------------------------------------------------- */

/* Connects to the rendezvous, retrying while nothing listens there yet (the server may
 * not have reached init), until the deadline. The socket, or a negative errno. */
static int ro_boot_uid_connect(const struct ro_boot *b, const struct ro_boot_uid *p,
                               const struct ro_deadline *d)
{
    struct sockaddr_in sa = { .sin_family = AF_INET, .sin_port = htons(p->id.port) };
    unsigned pause_ms = 10;
    int err = 0;

    memcpy(&sa.sin_addr.s_addr, p->id.addr, sizeof(p->id.addr));
    for (;;) {
        int fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
        struct ro_deadline nap;
        int rc;

        if (fd < 0) {
            RO_SYS_ERR("socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0)", errno);
            return -errno;
        }
        rc = ro_sock_connect(fd, (const struct sockaddr *)&sa, sizeof(sa), d);
        if (!rc)
            return fd;
        close(fd);
        /* -ETIMEDOUT is ours once the deadline has passed; before, it is the kernel's (a SYN
         * left unanswered), and like any other error worth another try. */
        if (rc != -ETIMEDOUT || ro_deadline_ms_left(d) != 0)
            err = -rc;
        if (ro_deadline_ms_left(d) == 0) {
            RO_ERR("uid rendezvous at %s: nothing answered within %u s (ROCSHMEM_RO_TIMEOUT; "
                   "last connect error: %s): is the process that called rocshmem_get_uniqueid "
                   "calling rocshmem_init_attr, and is that address reachable from here "
                   "(ROCSHMEM_BOOTSTRAP_IFACE on that process)?", p->where, b->timeout_s,
                   err ? ro_strerror(err) : "none, the attempt did not complete");
            return -ETIMEDOUT;
        }
        nap = ro_deadline_cap_ms(d, pause_ms);
        poll(NULL, 0, ro_deadline_ms_left(&nap));
        if (pause_ms < 200)
            pause_ms *= 2;
    }
}

/* Says why the server refused this rank. */
static int ro_boot_uid_refused(const struct ro_boot *b, const struct ro_boot_uid *p,
                               const struct ro_uid_reply *r)
{
    const char *pre = "uid rendezvous at";

    switch (r->status) {
    case RO_UID_BAD_SECRET:
        RO_ERR("%s %s refused rank %d: bad secret: the unique id is not the one "
               "rocshmem_get_uniqueid made there (altered, or from another run)", pre, p->where,
               b->rank);
        return -EACCES;
    case RO_UID_BAD_NRANKS:
        RO_ERR("%s %s refused rank %d: nranks mismatch: this rank was given nranks %d, the "
               "rendezvous serves nranks %d", pre, p->where, b->rank, b->size, r->arg);
        return -EINVAL;
    case RO_UID_BAD_RANK:
        RO_ERR("%s %s refused rank %d: rank out of range: the rendezvous serves ranks 0..%d",
               pre, p->where, b->rank, r->arg - 1);
        return -EINVAL;
    case RO_UID_DUP_RANK:
        RO_ERR("%s %s refused rank %d: duplicate rank: rank %d has already joined (two "
               "processes were given rank %d)", pre, p->where, b->rank, r->arg, r->arg);
        return -EADDRINUSE;
    default:
        RO_ERR("%s %s refused rank %d: %s (status %u; another rocshmem_ro version?)", pre,
               p->where, b->rank, ro_uid_status_str(r->status), r->status);
        return -EPROTO;
    }
}

/* Connects, says hello and reads the answer. */
static int ro_boot_uid_join(const struct ro_boot *b, struct ro_boot_uid *p,
                            const struct ro_deadline *d)
{
    struct ro_uid_hello h = { .rank = b->rank, .nranks = b->size };
    uint8_t hello[RO_UID_HELLO_BYTES], answer[RO_UID_REPLY_BYTES];
    struct ro_uid_reply r;
    int fd = ro_boot_uid_connect(b, p, d), rc;

    if (fd < 0)
        return fd;
    memcpy(h.secret, p->id.secret, sizeof(h.secret));
    ro_uid_hello_encode(&h, hello);
    rc = ro_sock_send_all(fd, hello, sizeof(hello), d, "uid rendezvous: hello");
    if (!rc)
        rc = ro_sock_recv_all(fd, answer, sizeof(answer), d, "uid rendezvous: hello");
    if (rc == -ETIMEDOUT)
        RO_ERR("uid rendezvous at %s: accepted the connection but did not answer within %u s "
               "(ROCSHMEM_RO_TIMEOUT): the process that called rocshmem_get_uniqueid has not "
               "called rocshmem_init_attr", p->where, b->timeout_s);
    else if (rc == -ECONNRESET)
        RO_ERR("uid rendezvous at %s: closed the connection before answering (it failed, or "
               "already had every rank)", p->where);
    else if (!rc && ro_uid_reply_decode(answer, &r)) {
        RO_ERR("uid rendezvous at %s: the answer is not a rocshmem_ro rendezvous's", p->where);
        rc = -EPROTO;
    } else if (!rc && r.status != RO_UID_OK) {
        rc = ro_boot_uid_refused(b, p, &r);
    } else if (!rc && (r.arg < 0 || r.arg >= b->size || r.arg == b->rank)) {
        RO_ERR("uid rendezvous at %s: the server says it is rank %d", p->where, r.arg);
        rc = -EPROTO;
    }
    if (rc) {
        close(fd);
        return rc;
    }
    p->server_fd = fd;
    p->server_rank = r.arg;
    return 0;
}

/* ---- ops ------------------------------------------------------------------------------ */

static void ro_boot_uid_free(struct ro_boot_uid *p, int nfd)
{
    for (int r = 0; p->fd && r < nfd; r++)
        ro_sock_close(&p->fd[r], "uid bootstrap");
    ro_sock_close(&p->server_fd, "uid bootstrap");
    free(p->fd);
    free(p);
}

static int ro_boot_uid_init(struct ro_boot *b)
{
    const struct ro_boot_uid_args *a = b->args;
    struct ro_deadline d = ro_deadline_in(b->timeout_s);
    struct ro_boot_uid *p;
    const char *why;
    int lfd, rc;

    if (!a || a->nranks < 1 || a->rank < 0 || a->rank >= a->nranks) {
        RO_ERR("uid bootstrap: rank %d of nranks %d is not a rank", a ? a->rank : -1,
               a ? a->nranks : 0);
        return -EINVAL;
    }
    p = calloc(1, sizeof(*p));
    if (!p) {
        RO_SYS_ERR("calloc(1, sizeof(struct ro_boot_uid))", ENOMEM);
        return -ENOMEM;
    }
    p->server_fd = -1;
    rc = ro_uid_decode(a->uid, &p->id, &why);
    if (rc) {
        RO_ERR("rocshmem_init_attr: the unique id is not valid: %s", why);
        free(p);
        return rc;
    }
    ro_uid_format_addr(&p->id, p->where, sizeof(p->where));
    b->rank = a->rank;
    b->size = a->nranks;
    /* The rank is known before the rendezvous: every log line from here on names it. */
    ro_log_pe = b->rank;
    lfd = ro_boot_uid_listener_take(&p->id);
    if (lfd >= 0) {
        p->server_rank = b->rank;
        p->fd = malloc((size_t)b->size * sizeof(*p->fd));
        rc = p->fd ? 0 : -ENOMEM;
        for (int r = 0; p->fd && r < b->size; r++)
            p->fd[r] = -1;
        if (!rc)
            rc = ro_boot_uid_serve(b, p, lfd, &d);
        /* The id has served: later hellos find nothing listening. */
        ro_sock_close(&lfd, "the unique id's listener");
    } else {
        rc = ro_boot_uid_join(b, p, &d);
    }
    if (rc) {
        ro_boot_uid_free(p, p->fd ? b->size : 0);
        return rc;
    }
    RO_INFO("uid rendezvous at %s: rank %d of %d joined, %s", p->where, b->rank, b->size,
            p->fd ? "serving it" : "as a client");
    b->priv = p;
    return 0;
}

/* Note: a client waits for the server's result twice as long as the bootstrap timeout.
 * The server waits up to the timeout for the slowest rank, counted from when the server
 * itself got there (for the first allgather: from the start of the rendezvous, before this
 * rank joined); if the client gave up first, the server's message naming the rank that
 * never came would reach nobody, and the client would blame the server. */
static unsigned ro_boot_uid_client_wait(const struct ro_boot *b)
{
    return b->timeout_s > UINT_MAX / 2 ? UINT_MAX : 2 * b->timeout_s;
}

static int ro_boot_uid_gather_client(struct ro_boot *b, struct ro_boot_uid *p, const void *in,
                                     void *out, size_t len)
{
    unsigned wait_s = ro_boot_uid_client_wait(b);
    struct ro_deadline d = ro_deadline_in(wait_s);
    int rc = ro_boot_uid_send_frame(p->server_fd, RO_UID_FRAME_DATA, 0, b->rank, in, len, &d,
                                    "uid allgather");

    if (rc == -ETIMEDOUT)
        RO_ERR("uid allgather: rank %d (the rendezvous server) did not take this rank's block "
               "within %u s (ROCSHMEM_RO_TIMEOUT)", p->server_rank, wait_s);
    else if (rc == -ECONNRESET)
        RO_ERR("uid allgather: rank %d (the rendezvous server) closed its bootstrap "
               "connection: it exited or failed", p->server_rank);
    if (rc)
        return rc;
    return ro_boot_uid_recv_data(b, p, p->server_rank, p->server_fd, out, (size_t)b->size * len,
                                 &d, wait_s, "uid allgather");
}

/* Collects every client's block, as they come (an ABORT from any is seen at once), then
 * sends the whole to each. */
static int ro_boot_uid_gather_server(struct ro_boot *b, struct ro_boot_uid *p, const void *in,
                                     void *out, size_t len)
{
    struct ro_deadline d = ro_deadline_in(b->timeout_s);
    unsigned char *waiting = calloc((size_t)b->size, 1);
    struct pollfd *pfd = calloc((size_t)b->size, sizeof(*pfd));
    int *who = calloc((size_t)b->size, sizeof(*who));
    int left = b->size - 1, rc = 0;

    if (!waiting || !pfd || !who) {
        RO_SYS_ERR("calloc(size, ...)", ENOMEM);
        rc = -ENOMEM;
        goto out;
    }
    memmove((char *)out + (size_t)b->rank * len, in, len);
    for (int r = 0; r < b->size; r++)
        waiting[r] = r != b->rank;
    while (left > 0 && !rc) {
        nfds_t n = 0;

        for (int r = 0; r < b->size; r++)
            if (waiting[r]) {
                who[n] = r;
                pfd[n++] = (struct pollfd){ .fd = p->fd[r], .events = POLLIN };
            }
        rc = ro_sock_poll(pfd, n, &d, "uid allgather");
        if (rc == -ETIMEDOUT) {
            char list[256];

            ro_boot_uid_list_ranks(b, waiting, list, sizeof(list));
            RO_ERR("uid allgather: %s did not send their block within %u s (ROCSHMEM_RO_TIMEOUT)",
                   list, b->timeout_s);
        }
        for (nfds_t i = 0; i < n && !rc; i++) {
            int r = who[i];

            if (!pfd[i].revents)
                continue;
            rc = ro_boot_uid_recv_data(b, p, r, p->fd[r], (char *)out + (size_t)r * len, len, &d,
                                       b->timeout_s, "uid allgather");
            waiting[r] = 0;
            left--;
        }
    }
    for (int r = 0; r < b->size && !rc; r++) {
        if (r == b->rank)
            continue;
        rc = ro_boot_uid_send_frame(p->fd[r], RO_UID_FRAME_DATA, 0, b->rank, out,
                                    (size_t)b->size * len, &d, "uid allgather");
        if (rc == -ETIMEDOUT)
            RO_ERR("uid allgather: rank %d did not take the result within %u s "
                   "(ROCSHMEM_RO_TIMEOUT)", r, b->timeout_s);
        else if (rc == -ECONNRESET)
            RO_ERR("uid allgather: rank %d closed its bootstrap connection: it exited or failed",
                   r);
    }
out:
    free(waiting);
    free(pfd);
    free(who);
    return rc;
}

static int ro_boot_uid_allgather(struct ro_boot *b, const void *in, void *out, size_t len)
{
    struct ro_boot_uid *p = b->priv;

    return p->fd ? ro_boot_uid_gather_server(b, p, in, out, len)
                 : ro_boot_uid_gather_client(b, p, in, out, len);
}

static int ro_boot_uid_barrier(struct ro_boot *b)
{
    /* An allgather of nothing; the buffers only need to be valid pointers. */
    static char none;

    return ro_boot_uid_allgather(b, &none, &none, 0);
}

static _Noreturn void ro_boot_uid_abort(struct ro_boot *b, int code, const char *why)
{
    struct ro_boot_uid *p = b->priv;

    RO_LOG(code ? RO_LOG_ERROR : RO_LOG_INFO, "aborting the job (exit code %d): %s", code, why);
    /* Note: another thread may be in the middle of a frame on these sockets; the job is
     * ending either way, and a peer that reads a garbled frame fails with a message. */
    if (p)
        ro_boot_uid_tell(b, p, code, b->rank, why, -1);
    _exit(code);
}

static int ro_boot_uid_fini(struct ro_boot *b)
{
    struct ro_boot_uid *p = b->priv;

    if (p)
        ro_boot_uid_free(p, p->fd ? b->size : 0);
    b->priv = NULL;
    return 0;
}

const struct ro_boot_ops ro_boot_uid_ops = {
    .name = "uid",
    .init = ro_boot_uid_init,
    .allgather = ro_boot_uid_allgather,
    .barrier = ro_boot_uid_barrier,
    .abort = ro_boot_uid_abort,
    .fini = ro_boot_uid_fini,
};
