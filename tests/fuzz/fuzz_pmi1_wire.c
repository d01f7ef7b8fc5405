/* libFuzzer target: what a PMI-1 launcher sends us. The first byte picks the mode:
 *   0  one line to ro_pmi1_msg_parse: fields lie inside the line, keys are words, msg_get
 *      and msg_check agree with the fields, a line rebuilt by ro_pmi1_line_format from
 *      fields that are words parses back to the same fields; every value goes through
 *      ro_pmi1_hex_decode (and back through hex_encode when it decodes); the chunk and key
 *      helpers get numbers from the first bytes;
 *   1  a byte stream cut into reads of 1..256 bytes (the second byte) through the framing
 *      (ro_pmi1_rbuf_take), as ro_pmi1_conn_recv uses it;
 *   2  a whole client session, as with Hydra's PMI_FD: the rest of the input is all the
 *      launcher will ever say, written into a socketpair whose write side is then shut,
 *      and the real client (ro_boot_pmi1.c, included here to reach its steps) runs init,
 *      get_maxes, get_my_kvsname, allgathers, a barrier and finalize over it;
 *   3  the same with Hydra's -pmi-port handshake first (initack, then set size/rank).
 * Session parameters (modes 2 and 3): byte 1 gives size 1..4 and rank, byte 2 the
 * allgather length (0..64), byte 3 the number of allgathers (0..3) and whether to barrier.
 * The session cannot block: every reply is in the socket before the client starts, the
 * client reads end-of-file after the last, and what it sends (bounded by the replies it
 * gets: -max_len 4096 in run_fuzzers.sh) fits in the socket's buffer. Its 1 s timeout is
 * only a backstop. */

/* The client's steps are static: compile its file here under another name for the ops
 * table, so this program does not also pull libro_boot's copy in. */
#define ro_boot_pmi1_ops ro_fuzz_boot_pmi1_ops
#include "bootstrap/ro_boot_pmi1.c"
#undef ro_boot_pmi1_ops

#include <fcntl.h>
#include <stdint.h>
#include <sys/socket.h>

#include "fuzz_util.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    fuzz_quiet_log();
    setenv("PMI_ID", "0", 1);   /* the initack step sends it */
    return 0;
}

/* ---- mode 0: one line ---------------------------------------------------------------- */

static int is_word(const char *s, int allow_empty)
{
    if (!allow_empty && !*s)
        return 0;
    for (; *s; s++)
        if (*s == ' ' || *s == '=' || (unsigned char)*s < 0x20 || *s == 0x7f)
            return 0;
    return 1;
}

static uint64_t take_u64(const uint8_t *d, size_t n, size_t at)
{
    uint64_t v = 0;
    for (size_t i = 0; i < 8 && at + i < n; i++)
        v |= (uint64_t)d[at + i] << (8 * i);
    return v;
}

static void fuzz_hex(const char *val)
{
    unsigned char bin[RO_PMI1_LINE_MAX / 2 + 1], canary = 0x5a;
    char back[RO_PMI1_LINE_MAX + 1];
    size_t len = strlen(val), half = len / 2;
    int ok = len % 2 == 0 && strspn(val, "0123456789abcdefABCDEF") == len;

    bin[half] = canary;
    FUZZ_CHECK((ro_pmi1_hex_decode(val, bin, half) == 0) == ok, "hex_decode(\"%s\")", val);
    FUZZ_CHECK(bin[half] == canary, "hex_decode(\"%s\") wrote past %zu bytes", val, half);
    if (!ok)
        return;
    FUZZ_CHECK(ro_pmi1_hex_encode(bin, half, back, sizeof(back)) == 0, "hex_encode");
    FUZZ_CHECK(!strcasecmp(back, val), "hex round trip of \"%s\" gave \"%s\"", val, back);
    FUZZ_CHECK(ro_pmi1_hex_encode(bin, half, back, 2 * half) == -ENOSPC, "hex_encode bound");
}

static void fuzz_numbers(const uint8_t *d, size_t n)
{
    int vallen = (int)(uint32_t)take_u64(d, n, 0);
    size_t cb = ro_pmi1_chunk_bytes(vallen), len = (size_t)(take_u64(d, n, 4) & 0xffff);
    char key[80];
    size_t keysz = 1 + (size_t)(take_u64(d, n, 6) % sizeof(key));
    int rc;

    FUZZ_CHECK(cb == 0 || 2 * cb + 1 <= (size_t)vallen, "chunk_bytes(%d) = %zu", vallen, cb);
    if (cb) {   /* its contract: chunk_bytes > 0 */
        size_t count = ro_pmi1_chunk_count(len, cb), sum = 0;

        for (size_t i = 0; i < count; i++) {
            size_t c = ro_pmi1_chunk_len(len, cb, i);
            FUZZ_CHECK(c > 0 && c <= cb, "chunk %zu of %zu/%zu is %zu bytes", i, len, cb, c);
            sum += c;
        }
        FUZZ_CHECK(sum == len && ro_pmi1_chunk_len(len, cb, count) == 0,
                   "chunks of %zu by %zu sum to %zu", len, cb, sum);
    }
    rc = ro_pmi1_key_format(key, keysz, (unsigned)take_u64(d, n, 8), (int)take_u64(d, n, 12),
                            (size_t)take_u64(d, n, 16));
    if (rc >= 0)
        FUZZ_CHECK((size_t)rc < keysz && strlen(key) == (size_t)rc, "key_format");
    else
        FUZZ_CHECK(rc == -ENOSPC, "key_format rc %d", rc);
}

static void fuzz_line(const uint8_t *d, size_t n)
{
    static struct ro_pmi1_msg m, m2;
    static char line[RO_PMI1_LINE_MAX];
    struct ro_pmi1_field f[RO_PMI1_FIELDS_MAX];
    int rc = ro_pmi1_msg_parse(&m, (const char *)d, n), words = 1;

    fuzz_numbers(d, n);
    if (n >= RO_PMI1_LINE_MAX) {
        FUZZ_CHECK(rc == -EMSGSIZE, "a %zu-byte line gave %d", n, rc);
        return;
    }
    FUZZ_CHECK(rc == 0 || rc == -EBADMSG, "parse rc %d", rc);
    if (rc)
        return;
    FUZZ_CHECK(m.nf >= 1 && m.nf <= RO_PMI1_FIELDS_MAX && !strcmp(m.f[0].key, "cmd"), "fields");
    for (size_t i = 0; i < m.nf; i++) {
        const char *k = m.f[i].key, *v = m.f[i].val;

        FUZZ_CHECK(k >= m.line && k < m.line + n && v > k && v <= m.line + n,
                   "field %zu outside the line", i);
        FUZZ_CHECK(*k && !strpbrk(k, " =\r"), "key %zu \"%s\" is not a word", i, k);
        FUZZ_CHECK(ro_pmi1_msg_get(&m, k) != NULL, "msg_get(%s)", k);
        words &= is_word(k, 0) && is_word(v, i > 0);
        fuzz_hex(v);
    }
    FUZZ_CHECK(ro_pmi1_msg_get(&m, "cmd") == m.f[0].val, "msg_get(cmd)");
    rc = ro_pmi1_msg_check(&m, m.f[0].val);
    FUZZ_CHECK(rc == 0 || rc == -EREMOTEIO, "msg_check of its own cmd: %d", rc);
    if (strcmp(m.f[0].val, "no-such-cmd"))
        FUZZ_CHECK(ro_pmi1_msg_check(&m, "no-such-cmd") == -EPROTO, "msg_check of another cmd");
    if (!words)
        return;
    /* Fields that are words survive being written out and parsed again. */
    for (size_t i = 1; i < m.nf; i++)
        f[i - 1] = m.f[i];
    rc = ro_pmi1_line_format(line, sizeof(line), m.f[0].val, f, m.nf - 1);
    if (rc == -ENOSPC)
        return;
    FUZZ_CHECK(rc > 0 && line[rc - 1] == '\n' && strlen(line) == (size_t)rc, "format rc %d", rc);
    FUZZ_CHECK(ro_pmi1_msg_parse(&m2, line, (size_t)rc - 1) == 0 && m2.nf == m.nf,
               "\"%s\" does not parse back", line);
    for (size_t i = 0; i < m.nf; i++)
        FUZZ_CHECK(!strcmp(m.f[i].key, m2.f[i].key) && !strcmp(m.f[i].val, m2.f[i].val),
                   "field %zu of \"%s\" differs", i, line);
}

/* ---- mode 1: framing ----------------------------------------------------------------- */

static void fuzz_framing(const uint8_t *d, size_t n)
{
    static struct ro_pmi1_rbuf rb;
    static struct ro_pmi1_msg m;
    size_t step, off = 0;

    if (n < 1)
        return;
    step = 1 + d[0];
    d++, n--;
    rb.len = 0;
    while (off < n) {
        size_t k = n - off < step ? n - off : step;
        int rc;

        if (k > ro_pmi1_rbuf_space(&rb))
            k = ro_pmi1_rbuf_space(&rb);
        memcpy(ro_pmi1_rbuf_tail(&rb), d + off, k);
        rb.len += k;
        off += k;
        /* Each take consumes a line or reports; a full buffer without one ends it. */
        for (int guard = 0;; guard++) {
            size_t before = rb.len;

            FUZZ_CHECK(guard <= RO_PMI1_LINE_MAX, "framing does not progress");
            rc = ro_pmi1_rbuf_take(&rb, &m);
            FUZZ_CHECK(rb.len <= sizeof(rb.data), "rbuf len %zu", rb.len);
            if (rc == 0 || rc == -EMSGSIZE) {
                FUZZ_CHECK(rb.len == before, "take consumed without a line");
                break;
            }
            FUZZ_CHECK(rb.len < before, "a line was taken but nothing consumed");
        }
        if (rc == -EMSGSIZE) {
            FUZZ_CHECK(rb.len == sizeof(rb.data), "EMSGSIZE with room left");
            return;   /* ro_pmi1_conn_recv gives up here */
        }
    }
}

/* ---- modes 2 and 3: a client session ------------------------------------------------- */

static void fuzz_session(const uint8_t *d, size_t n, int port)
{
    struct ro_boot_obj o = { .probe_level = RO_LOG_ERROR };
    struct ro_boot *b = &o.pub;
    struct ro_boot_pmi1 *p;
    uint8_t in[64], *out;
    size_t len, rounds, off = 0;
    int sv[2], rc, barrier;
    char fd_str[16];

    if (n < 3)
        return;
    b->ops = &ro_fuzz_boot_pmi1_ops;
    b->timeout_s = 1;
    b->size = 1 + (d[0] & 3);
    b->rank = (d[0] >> 2) % b->size;
    len = d[1] % (sizeof(in) + 1);
    rounds = d[2] & 3;
    barrier = d[2] >> 2 & 1;
    d += 3, n -= 3;

    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv))
        fuzz_fail("socketpair: %s", strerror(errno));
    while (off < n) {
        ssize_t w = write(sv[1], d + off, n - off);
        if (w <= 0)
            fuzz_fail("write to the socketpair: %s", strerror(errno));
        off += (size_t)w;
    }
    shutdown(sv[1], SHUT_WR);

    p = calloc(1, sizeof(*p));
    if (!p)
        fuzz_fail("calloc");
    if (port) {
        /* As ro_pmi1_conn_connect leaves it: a non-blocking socket of ours. */
        p->conn.fd = sv[0];
        p->conn.timeout_s = b->timeout_s;
        if (fcntl(sv[0], F_SETFL, O_NONBLOCK))
            fuzz_fail("fcntl: %s", strerror(errno));
        rc = ro_boot_pmi1_initack(b, p);
    } else {
        snprintf(fd_str, sizeof(fd_str), "%d", sv[0]);
        rc = ro_pmi1_conn_adopt(&p->conn, fd_str, b->timeout_s);
        if (rc)
            fuzz_fail("adopting the socketpair: %d", rc);
    }
    if (!rc)
        rc = ro_boot_pmi1_handshake(p);
    if (rc) {
        ro_pmi1_conn_close(&p->conn);
        free(p);
        close(sv[1]);
        return;
    }
    b->priv = p;
    FUZZ_CHECK(p->kvsname[0] && strlen(p->kvsname) < sizeof(p->kvsname), "kvsname");
    FUZZ_CHECK(ro_pmi1_chunk_bytes(p->vallen_max) > 0 && p->vallen_max <= RO_BOOT_PMI1_VALLEN_CAP,
               "vallen_max %d accepted", p->vallen_max);
    /* ro_boot_open's check on what the launcher said (initack); a job of up to 64 ranks
     * is enough here. */
    if (b->size >= 1 && b->size <= 64 && b->rank >= 0 && b->rank < b->size) {
        out = malloc((size_t)b->size * sizeof(in));
        if (!out)
            fuzz_fail("malloc");
        for (size_t i = 0; i < len; i++)
            in[i] = (uint8_t)(i * 37 + 11);
        for (size_t r = 0; r < rounds && !rc; r++) {
            memset(out, 0xee, (size_t)b->size * sizeof(in));
            rc = b->ops->allgather(b, in, out, len);
            if (!rc)
                FUZZ_CHECK(!memcmp(out + (size_t)b->rank * len, in, len), "own part of allgather");
        }
        free(out);
        if (barrier)
            b->ops->barrier(b);
    }
    b->ops->fini(b);
    FUZZ_CHECK(b->priv == NULL, "fini left its state");
    close(sv[1]);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    switch (data[0] & 3) {
    case 0: fuzz_line(data + 1, size - 1); break;
    case 1: fuzz_framing(data + 1, size - 1); break;
    default: fuzz_session(data + 1, size - 1, data[0] & 1); break;
    }
    return 0;
}
