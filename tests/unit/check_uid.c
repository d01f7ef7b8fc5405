/* Unique-id bootstrap unit tests: the wire encoders and decoders (round trips, bad magic,
 * version, port, frame types), the server side of the rendezvous against raw hellos (each
 * refusal and its status, a stray connection that never says hello, then an allgather and
 * a barrier as rank 1), and the client side against a fake server (refused, nothing
 * listening, and an ABORT frame that must end the process with its code). */
#include "config.h"

#include "bootstrap/ro_boot.h"
#include "bootstrap/ro_uid_wire.h"

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include <check.h>

#include "check_run.h"

static struct ro_uid sample_uid(void)
{
    struct ro_uid u = { .addr = { 10, 1, 2, 3 }, .port = 4242 };

    for (size_t i = 0; i < sizeof(u.secret); i++)
        u.secret[i] = (uint8_t)(i * 7 + 1);
    return u;
}

/* ---- wire ---------------------------------------------------------------------------- */

START_TEST(test_uid_round_trip)
{
    struct ro_uid u = sample_uid(), back;
    uint8_t wire[RO_UID_BYTES];
    const char *why = NULL;
    char where[32];

    memset(wire, 0xff, sizeof(wire));
    ro_uid_encode(&u, wire);
    ck_assert_mem_eq(wire, "RoUI", 4);
    ck_assert_uint_eq(wire[8], 4242 >> 8);
    ck_assert_uint_eq(wire[9], 4242 & 0xff);
    ck_assert_mem_eq(wire + 12, u.addr, 4);
    ck_assert_mem_eq(wire + 28, u.secret, RO_UID_SECRET_BYTES);
    for (size_t i = 60; i < sizeof(wire); i++)
        ck_assert_uint_eq(wire[i], 0);
    ck_assert_int_eq(ro_uid_decode(wire, &back, &why), 0);
    ck_assert_mem_eq(back.addr, u.addr, 4);
    ck_assert_uint_eq(back.port, 4242);
    ck_assert_mem_eq(back.secret, u.secret, RO_UID_SECRET_BYTES);
    ck_assert_int_eq(ro_uid_same(&u, &back), 1);
    ro_uid_format_addr(&back, where, sizeof(where));
    ck_assert_str_eq(where, "10.1.2.3:4242");
    ck_assert_int_eq(ro_boot_uid_id_check(wire, &why), 0);
}
END_TEST

START_TEST(test_uid_bad)
{
    struct ro_uid u = sample_uid(), back;
    uint8_t wire[RO_UID_BYTES], bad[RO_UID_BYTES];
    const char *why = NULL;

    ro_uid_encode(&u, wire);
    memcpy(bad, wire, sizeof(bad));
    bad[0] ^= 1;
    ck_assert_int_eq(ro_uid_decode(bad, &back, &why), -EINVAL);
    ck_assert_ptr_nonnull(strstr(why, "bad magic"));
    why = NULL;
    ck_assert_int_eq(ro_boot_uid_id_check(bad, &why), -EINVAL);
    ck_assert_ptr_nonnull(strstr(why, "bad magic"));
    memset(bad, 0, sizeof(bad));
    ck_assert_int_eq(ro_uid_decode(bad, &back, &why), -EINVAL);
    memcpy(bad, wire, sizeof(bad));
    bad[5] = 2;   /* version 2 */
    ck_assert_int_eq(ro_uid_decode(bad, &back, &why), -EINVAL);
    ck_assert_ptr_nonnull(strstr(why, "version"));
    memcpy(bad, wire, sizeof(bad));
    bad[7] = 6;   /* family 6 */
    ck_assert_int_eq(ro_uid_decode(bad, &back, &why), -EINVAL);
    ck_assert_ptr_nonnull(strstr(why, "family"));
    memcpy(bad, wire, sizeof(bad));
    bad[8] = bad[9] = 0;
    ck_assert_int_eq(ro_uid_decode(bad, &back, &why), -EINVAL);
    ck_assert_ptr_nonnull(strstr(why, "port 0"));
}
END_TEST

START_TEST(test_uid_same)
{
    struct ro_uid a = sample_uid(), b = a;

    ck_assert_int_eq(ro_uid_same(&a, &b), 1);
    b.secret[RO_UID_SECRET_BYTES - 1] ^= 0x80;
    ck_assert_int_eq(ro_uid_same(&a, &b), 0);
    b = a;
    b.port++;
    ck_assert_int_eq(ro_uid_same(&a, &b), 0);
    b = a;
    b.addr[3]++;
    ck_assert_int_eq(ro_uid_same(&a, &b), 0);
}
END_TEST

START_TEST(test_hello_reply_frame)
{
    struct ro_uid_hello h = { .rank = -3, .nranks = 70000 }, hb;
    struct ro_uid_reply r = { RO_UID_DUP_RANK, -1 }, rb;
    struct ro_uid_frame f = { RO_UID_FRAME_DATA, -7, 12, ((uint64_t)1 << 40) + 5 }, fb;
    uint8_t hw[RO_UID_HELLO_BYTES], rw[RO_UID_REPLY_BYTES], fw[RO_UID_FRAME_BYTES];

    memset(h.secret, 0xa5, sizeof(h.secret));
    ro_uid_hello_encode(&h, hw);
    ck_assert_int_eq(ro_uid_hello_decode(hw, &hb), 0);
    ck_assert_int_eq(hb.rank, -3);
    ck_assert_int_eq(hb.nranks, 70000);
    ck_assert_mem_eq(hb.secret, h.secret, sizeof(h.secret));
    hw[2] ^= 1;
    ck_assert_int_eq(ro_uid_hello_decode(hw, &hb), -EBADMSG);

    ro_uid_reply_encode(&r, rw);
    ck_assert_int_eq(ro_uid_reply_decode(rw, &rb), 0);
    ck_assert_uint_eq(rb.status, RO_UID_DUP_RANK);
    ck_assert_int_eq(rb.arg, -1);
    ck_assert_str_eq(ro_uid_status_str(rb.status), "duplicate rank");
    rw[0] = 'X';
    ck_assert_int_eq(ro_uid_reply_decode(rw, &rb), -EBADMSG);

    ro_uid_frame_encode(&f, fw);
    ck_assert_int_eq(ro_uid_frame_decode(fw, &fb), 0);
    ck_assert_uint_eq(fb.type, RO_UID_FRAME_DATA);
    ck_assert_int_eq(fb.code, -7);
    ck_assert_int_eq(fb.rank, 12);
    ck_assert_uint_eq(fb.len, ((uint64_t)1 << 40) + 5);
    f.type = 9;
    ro_uid_frame_encode(&f, fw);
    ck_assert_int_eq(ro_uid_frame_decode(fw, &fb), -EBADMSG);
    f = (struct ro_uid_frame){ RO_UID_FRAME_ABORT, 1, 0, RO_UID_ABORT_MAX + 1 };
    ro_uid_frame_encode(&f, fw);
    ck_assert_int_eq(ro_uid_frame_decode(fw, &fb), -EBADMSG);
}
END_TEST

/* ---- helpers: raw sockets with a receive bound ---------------------------------------- */

static int raw_connect(uint16_t port)
{
    struct sockaddr_in sa = { .sin_family = AF_INET, .sin_port = htons(port) };
    struct timeval tv = { .tv_sec = 5 };
    int fd = socket(AF_INET, SOCK_STREAM, 0);

    ck_assert_int_ge(fd, 0);
    sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    ck_assert_int_eq(connect(fd, (struct sockaddr *)&sa, sizeof(sa)), 0);
    ck_assert_int_eq(setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv)), 0);
    return fd;
}

static void raw_send(int fd, const void *buf, size_t len)
{
    ck_assert_int_eq(send(fd, buf, len, MSG_NOSIGNAL), (ssize_t)len);
}

static void raw_recv(int fd, void *buf, size_t len)
{
    ck_assert_int_eq(recv(fd, buf, len, MSG_WAITALL), (ssize_t)len);
}

/* Connects, says hello (or `raw` bytes instead), returns the answer; *keep gets the
 * socket when it is not NULL, else the socket is closed. */
static struct ro_uid_reply raw_hello(const struct ro_uid *u, int rank, int nranks,
                                     const uint8_t *raw, int *keep)
{
    struct ro_uid_hello h = { .rank = rank, .nranks = nranks };
    uint8_t hw[RO_UID_HELLO_BYTES], rw[RO_UID_REPLY_BYTES];
    struct ro_uid_reply r = { 0 };
    int fd = raw_connect(u->port);

    memcpy(h.secret, u->secret, sizeof(h.secret));
    ro_uid_hello_encode(&h, hw);
    raw_send(fd, raw ? raw : hw, sizeof(hw));
    raw_recv(fd, rw, sizeof(rw));
    ck_assert_int_eq(ro_uid_reply_decode(rw, &r), 0);
    if (keep)
        *keep = fd;
    else
        close(fd);
    return r;
}

static void raw_frame_send(int fd, uint32_t type, int code, const void *data, uint64_t len)
{
    struct ro_uid_frame f = { .type = type, .code = code, .rank = 1, .len = len };
    uint8_t fw[RO_UID_FRAME_BYTES];

    ro_uid_frame_encode(&f, fw);
    raw_send(fd, fw, sizeof(fw));
    if (len)
        raw_send(fd, data, len);
}

static struct ro_uid_frame raw_frame_recv(int fd)
{
    uint8_t fw[RO_UID_FRAME_BYTES];
    struct ro_uid_frame f;

    raw_recv(fd, fw, sizeof(fw));
    ck_assert_int_eq(ro_uid_frame_decode(fw, &f), 0);
    return f;
}

/* ---- server ------------------------------------------------------------------------------ */

struct server {
    uint8_t uid[RO_UID_BYTES];
    int rc_open, rc_gather, rc_barrier, rc_close;
    uint32_t out[2];
};

/* Rank 0 of 2: serves the rendezvous, then an allgather of 4 bytes and a barrier. */
static void *server_main(void *arg)
{
    struct server *s = arg;
    struct ro_boot_uid_args a = { .rank = 0, .nranks = 2 };
    struct ro_boot *b = NULL;
    uint32_t in = 0xabc0;

    memcpy(a.uid, s->uid, sizeof(a.uid));
    s->rc_open = ro_boot_open_ops(&ro_boot_uid_ops, &a, 10, &b);
    if (s->rc_open)
        return NULL;
    s->rc_gather = b->ops->allgather(b, &in, s->out, sizeof(in));
    s->rc_barrier = b->ops->barrier(b);
    s->rc_close = ro_boot_close(b);
    return NULL;
}

START_TEST(test_server)
{
    struct server s = { .rc_open = 1 };
    struct ro_uid u, wrong;
    struct ro_uid_reply r;
    struct ro_uid_frame f;
    uint8_t garbage[RO_UID_HELLO_BYTES];
    const char *why;
    pthread_t t;
    uint32_t mine = 0x1234, all[2];
    int stray, fd = -1;

    ck_assert_int_eq(ro_boot_uid_id_create("127.0.0.1", "TEST_IFACE", 0, s.uid), 0);
    ck_assert_int_eq(ro_uid_decode(s.uid, &u, &why), 0);
    ck_assert_int_eq(pthread_create(&t, NULL, server_main, &s), 0);

    /* A connection that never completes its hello must not hold up the others. */
    stray = raw_connect(u.port);
    raw_send(stray, "RoUH", 4);

    r = raw_hello(&u, 7, 2, NULL, NULL);
    ck_assert_uint_eq(r.status, RO_UID_BAD_RANK);
    ck_assert_int_eq(r.arg, 2);
    r = raw_hello(&u, 1, 3, NULL, NULL);
    ck_assert_uint_eq(r.status, RO_UID_BAD_NRANKS);
    ck_assert_int_eq(r.arg, 2);
    wrong = u;
    wrong.secret[5] ^= 1;
    r = raw_hello(&wrong, 1, 2, NULL, NULL);
    ck_assert_uint_eq(r.status, RO_UID_BAD_SECRET);
    memset(garbage, 'x', sizeof(garbage));
    r = raw_hello(&u, 1, 2, garbage, NULL);
    ck_assert_uint_eq(r.status, RO_UID_BAD_HELLO);
    r = raw_hello(&u, 0, 2, NULL, NULL);
    ck_assert_uint_eq(r.status, RO_UID_DUP_RANK);
    ck_assert_int_eq(r.arg, 0);
    r = raw_hello(&u, 1, 2, NULL, &fd);
    ck_assert_uint_eq(r.status, RO_UID_OK);
    ck_assert_int_eq(r.arg, 0);

    /* As rank 1: an allgather of 4 bytes, then a barrier (an allgather of nothing). */
    raw_frame_send(fd, RO_UID_FRAME_DATA, 0, &mine, sizeof(mine));
    f = raw_frame_recv(fd);
    ck_assert_uint_eq(f.type, RO_UID_FRAME_DATA);
    ck_assert_uint_eq(f.len, sizeof(all));
    raw_recv(fd, all, sizeof(all));
    ck_assert_uint_eq(all[0], 0xabc0);
    ck_assert_uint_eq(all[1], 0x1234);
    raw_frame_send(fd, RO_UID_FRAME_DATA, 0, NULL, 0);
    f = raw_frame_recv(fd);
    ck_assert_uint_eq(f.type, RO_UID_FRAME_DATA);
    ck_assert_uint_eq(f.len, 0);

    ck_assert_int_eq(pthread_join(t, NULL), 0);
    ck_assert_int_eq(s.rc_open, 0);
    ck_assert_int_eq(s.rc_gather, 0);
    ck_assert_uint_eq(s.out[0], 0xabc0);
    ck_assert_uint_eq(s.out[1], 0x1234);
    ck_assert_int_eq(s.rc_barrier, 0);
    ck_assert_int_eq(s.rc_close, 0);
    close(fd);
    close(stray);
}
END_TEST

/* The id's listener serves once: a second init with it finds nothing listening. */
START_TEST(test_server_timeout)
{
    struct ro_boot_uid_args a = { .rank = 0, .nranks = 3 };
    struct ro_boot *b = NULL;
    struct ro_uid u;
    struct ro_uid_reply r;
    const char *why;
    int fd = -1;

    ck_assert_int_eq(ro_boot_uid_id_create("lo", "TEST_IFACE", 0, a.uid), 0);
    ck_assert_int_eq(ro_uid_decode(a.uid, &u, &why), 0);
    /* Rank 1 joins (its hello is queued before the server runs); rank 2 never does. */
    r = (struct ro_uid_reply){ 0 };
    {
        struct ro_uid_hello h = { .rank = 1, .nranks = 3 };
        uint8_t hw[RO_UID_HELLO_BYTES];

        memcpy(h.secret, u.secret, sizeof(h.secret));
        ro_uid_hello_encode(&h, hw);
        fd = raw_connect(u.port);
        raw_send(fd, hw, sizeof(hw));
    }
    ck_assert_int_eq(ro_boot_open_ops(&ro_boot_uid_ops, &a, 1, &b), -ETIMEDOUT);
    ck_assert_ptr_null(b);
    /* Rank 1 got its OK, then the ABORT that names the missing rank. */
    {
        uint8_t rw[RO_UID_REPLY_BYTES];
        struct ro_uid_frame f;
        char why_txt[RO_UID_ABORT_MAX + 1] = "";

        raw_recv(fd, rw, sizeof(rw));
        ck_assert_int_eq(ro_uid_reply_decode(rw, &r), 0);
        ck_assert_uint_eq(r.status, RO_UID_OK);
        f = raw_frame_recv(fd);
        ck_assert_uint_eq(f.type, RO_UID_FRAME_ABORT);
        ck_assert_int_eq(f.code, 1);
        raw_recv(fd, why_txt, (size_t)f.len);
        ck_assert_ptr_nonnull(strstr(why_txt, "ranks 2 (1 of 3) did not join within 1 s"));
    }
    close(fd);
}
END_TEST

/* ---- client against a fake server --------------------------------------------------------- */

enum fake_mode { FAKE_REFUSE, FAKE_ABORT };

struct fake {
    int lfd;
    enum fake_mode mode;
    struct ro_uid id;
};

/* Answers one hello (BAD_SECRET, or OK), then for FAKE_ABORT reads one DATA frame and
 * answers with ABORT code 5. */
static void *fake_main(void *arg)
{
    struct fake *f = arg;
    uint8_t hw[RO_UID_HELLO_BYTES], rw[RO_UID_REPLY_BYTES], fw[RO_UID_FRAME_BYTES], data[64];
    struct ro_uid_hello h;
    struct ro_uid_reply r = { RO_UID_BAD_SECRET, 0 };
    struct ro_uid_frame fr;
    static const char why[] = "the fake server says stop";
    int fd = accept(f->lfd, NULL, NULL);

    if (fd < 0 || recv(fd, hw, sizeof(hw), MSG_WAITALL) != (ssize_t)sizeof(hw))
        return NULL;
    /* Anything else than rank 1 of 2 with the id's secret is refused. */
    if (f->mode == FAKE_ABORT && !ro_uid_hello_decode(hw, &h) && h.rank == 1 && h.nranks == 2 &&
        !memcmp(h.secret, f->id.secret, sizeof(h.secret)))
        r = (struct ro_uid_reply){ RO_UID_OK, 0 };
    ro_uid_reply_encode(&r, rw);
    send(fd, rw, sizeof(rw), MSG_NOSIGNAL);
    if (r.status != RO_UID_OK ||
        recv(fd, fw, sizeof(fw), MSG_WAITALL) != (ssize_t)sizeof(fw) ||
        ro_uid_frame_decode(fw, &fr) || fr.len > sizeof(data) ||
        recv(fd, data, (size_t)fr.len, MSG_WAITALL) != (ssize_t)fr.len)
        return NULL;
    fr = (struct ro_uid_frame){ RO_UID_FRAME_ABORT, 5, 0, sizeof(why) - 1 };
    ro_uid_frame_encode(&fr, fw);
    send(fd, fw, sizeof(fw), MSG_NOSIGNAL);
    send(fd, why, sizeof(why) - 1, MSG_NOSIGNAL);
    return NULL;
}

/* A listening socket on loopback and an id naming it. */
static void fake_start(struct fake *f, enum fake_mode mode, uint8_t *uid, pthread_t *t)
{
    struct sockaddr_in sa = { .sin_family = AF_INET };
    socklen_t len = sizeof(sa);

    sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    f->mode = mode;
    f->lfd = socket(AF_INET, SOCK_STREAM, 0);
    ck_assert_int_ge(f->lfd, 0);
    ck_assert_int_eq(bind(f->lfd, (struct sockaddr *)&sa, sizeof(sa)), 0);
    ck_assert_int_eq(listen(f->lfd, 4), 0);
    ck_assert_int_eq(getsockname(f->lfd, (struct sockaddr *)&sa, &len), 0);
    f->id = (struct ro_uid){ .addr = { 127, 0, 0, 1 }, .port = ntohs(sa.sin_port) };
    memset(f->id.secret, 0x11, sizeof(f->id.secret));
    ro_uid_encode(&f->id, uid);
    ck_assert_int_eq(pthread_create(t, NULL, fake_main, f), 0);
}

START_TEST(test_client_refused)
{
    struct ro_boot_uid_args a = { .rank = 1, .nranks = 2 };
    struct ro_boot *b = NULL;
    struct fake f;
    pthread_t t;

    fake_start(&f, FAKE_REFUSE, a.uid, &t);
    ck_assert_int_eq(ro_boot_open_ops(&ro_boot_uid_ops, &a, 5, &b), -EACCES);
    ck_assert_ptr_null(b);
    pthread_join(t, NULL);
}
END_TEST

/* Must end the process with the ABORT's code 5 (an exit test). */
START_TEST(test_client_abort)
{
    struct ro_boot_uid_args a = { .rank = 1, .nranks = 2 };
    struct ro_boot *b = NULL;
    struct fake f;
    pthread_t t;
    uint32_t in = 1, out[2];

    fake_start(&f, FAKE_ABORT, a.uid, &t);
    ck_assert_int_eq(ro_boot_open_ops(&ro_boot_uid_ops, &a, 5, &b), 0);
    ck_assert_int_eq(b->rank, 1);
    ck_assert_int_eq(b->size, 2);
    b->ops->allgather(b, &in, out, sizeof(in));
    ck_abort_msg("allgather returned after the server's ABORT");
}
END_TEST

/* Nothing listens at the id's port: fails after the timeout (1 s), never hangs. */
START_TEST(test_client_nothing_listens)
{
    struct ro_boot_uid_args a = { .rank = 1, .nranks = 2 };
    struct sockaddr_in sa = { .sin_family = AF_INET };
    socklen_t len = sizeof(sa);
    struct ro_uid u = sample_uid();
    struct ro_boot *b = NULL;
    int fd = socket(AF_INET, SOCK_STREAM, 0);

    /* A port that was free a moment ago. */
    sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    ck_assert_int_eq(bind(fd, (struct sockaddr *)&sa, sizeof(sa)), 0);
    ck_assert_int_eq(getsockname(fd, (struct sockaddr *)&sa, &len), 0);
    close(fd);
    memcpy(u.addr, (uint8_t[]){ 127, 0, 0, 1 }, 4);
    u.port = ntohs(sa.sin_port);
    ro_uid_encode(&u, a.uid);
    ck_assert_int_eq(ro_boot_open_ops(&ro_boot_uid_ops, &a, 1, &b), -ETIMEDOUT);
    ck_assert_ptr_null(b);
}
END_TEST

static void add_case(Suite *s, const char *name, const TTest *test, int timeout_s, int exit_code)
{
    TCase *tc = tcase_create(name);

    tcase_set_timeout(tc, timeout_s);
    if (exit_code)
        tcase_add_exit_test(tc, test, exit_code);
    else
        tcase_add_test(tc, test);
    suite_add_tcase(s, tc);
}

static Suite *uid_suite(void)
{
    Suite *s = suite_create("uid");

    add_case(s, "uid_round_trip", test_uid_round_trip, 4, 0);
    add_case(s, "uid_bad", test_uid_bad, 4, 0);
    add_case(s, "uid_same", test_uid_same, 4, 0);
    add_case(s, "hello_reply_frame", test_hello_reply_frame, 4, 0);
    add_case(s, "server", test_server, 15, 0);
    add_case(s, "server_timeout", test_server_timeout, 10, 0);
    add_case(s, "client_refused", test_client_refused, 10, 0);
    add_case(s, "client_abort", test_client_abort, 10, 5);
    add_case(s, "client_nothing_listens", test_client_nothing_listens, 10, 0);
    return s;
}

int main(void)
{
    return ro_check_run(uid_suite());
}
