/* PMI-1 bootstrap: our own client of the PMI-1 wire protocol as Hydra (mpiexec.hydra)
 * serves it, since neither MPICH nor Slurm's libpmi gives us a usable PMI-1 library here.
 * allgather puts hex-encoded chunks into the job's KVS, meets in a barrier, then gets
 * every peer's chunks. */
#include "config.h"
#include "bootstrap/ro_boot.h"

#include "bootstrap/ro_boot_int.h"
#include "bootstrap/ro_boot_kvs.h"
#include "bootstrap/ro_pmi1_conn.h"
#include "bootstrap/ro_pmi1_wire.h"
#include "common/ro_log.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Longest value we put or accept: a put line also holds the kvsname (<= 255) and key
 * (< 64), and all of it must fit RO_PMI1_LINE_MAX. Hydra's vallen_max is 1024. */
#define RO_BOOT_PMI1_VALLEN_CAP 2048

struct ro_boot_pmi1 {
    struct ro_pmi1_conn conn;
    char kvsname[256];
    int keylen_max;
    int vallen_max;
    unsigned seq;   /* allgathers so far: every PE counts the same, keys stay unique */
};

/* Parses a decimal int from the launcher (environment or answer); logs what was wrong. */
static int ro_boot_pmi1_int(const char *what, const char *s, int *out)
{
    char *end;
    long v;

    if (!s) {
        RO_ERR("pmi1: %s missing", what);
        return -EPROTO;
    }
    errno = 0;
    v = strtol(s, &end, 10);
    if (end == s || *end || errno || v < INT_MIN || v > INT_MAX) {
        RO_ERR("pmi1: %s=%s is not an integer", what, s);
        return -EPROTO;
    }
    *out = (int)v;
    return 0;
}

/* Sends command `cmd` with fields f and reads the answer into m; the answer must be
 * command `reply` with rc absent or 0. Errors name the command and the launcher's msg. */
static int ro_boot_pmi1_call(struct ro_boot_pmi1 *p, const char *cmd, const struct ro_pmi1_field *f,
                             size_t nf, const char *reply, struct ro_pmi1_msg *m)
{
    char line[RO_PMI1_LINE_MAX];
    int len, rc;

    len = ro_pmi1_line_format(line, sizeof(line), cmd, f, nf);
    if (len < 0) {
        RO_ERR("pmi1 %s: cannot build the command line: %s", cmd, ro_strerror(-len));
        return len;
    }
    rc = ro_pmi1_conn_send(&p->conn, cmd, line, (size_t)len);
    if (rc)
        return rc;
    rc = ro_pmi1_conn_recv(&p->conn, cmd, m);
    if (rc)
        return rc;
    rc = ro_pmi1_msg_check(m, reply);
    if (rc == -EPROTO) {
        RO_ERR("pmi1 %s: expected cmd=%s from the launcher, got cmd=%s", cmd, reply, m->f[0].val);
    } else if (rc) {
        const char *msg = ro_pmi1_msg_get(m, "msg");
        RO_ERR("pmi1 %s: launcher answered rc=%s: %s", cmd, ro_pmi1_msg_get(m, "rc"),
               msg ? msg : "(no msg)");
    }
    return rc;
}

/* Hydra -pmi-port: the socket is not tied to a process, so first say which one we are
 * (PMI_ID); the launcher answers "initack" and then three "set" lines: size, rank and
 * debug. */
static int ro_boot_pmi1_initack(struct ro_boot *b, struct ro_boot_pmi1 *p)
{
    const char *id = getenv("PMI_ID");
    const struct ro_pmi1_field f[] = { { "pmiid", id } };
    struct ro_pmi1_msg m;
    int rc, have_size = 0, have_rank = 0;

    if (!id) {
        RO_ERR("pmi1: PMI_PORT is set but PMI_ID is not");
        return -EINVAL;
    }
    rc = ro_boot_pmi1_call(p, "initack", f, 1, "initack", &m);
    for (int i = 0; i < 3 && !rc; i++) {
        const char *v;

        rc = ro_pmi1_conn_recv(&p->conn, "initack", &m);
        if (!rc && ro_pmi1_msg_check(&m, "set")) {
            RO_ERR("pmi1 initack: expected cmd=set from the launcher, got cmd=%s", m.f[0].val);
            rc = -EPROTO;
        } else if (!rc && (v = ro_pmi1_msg_get(&m, "size"))) {
            rc = ro_boot_pmi1_int("initack size", v, &b->size);
            have_size = 1;
        } else if (!rc && (v = ro_pmi1_msg_get(&m, "rank"))) {
            rc = ro_boot_pmi1_int("initack rank", v, &b->rank);
            have_rank = 1;
        }
    }
    if (!rc && (!have_size || !have_rank)) {
        RO_ERR("pmi1 initack: the launcher did not set both size and rank");
        rc = -EPROTO;
    }
    return rc;
}

/* Opens the socket the launcher left us and learns rank and size. */
static int ro_boot_pmi1_connect(struct ro_boot *b, struct ro_boot_pmi1 *p)
{
    const char *fd = getenv("PMI_FD"), *port = getenv("PMI_PORT");
    int rc;

    if (fd && *fd) {
        rc = ro_pmi1_conn_adopt(&p->conn, fd, b->timeout_s);
        if (!rc)
            rc = ro_boot_pmi1_int("PMI_RANK", getenv("PMI_RANK"), &b->rank);
        if (!rc)
            rc = ro_boot_pmi1_int("PMI_SIZE", getenv("PMI_SIZE"), &b->size);
        return rc;
    }
    if (port && *port) {
        rc = ro_pmi1_conn_connect(&p->conn, port, b->timeout_s);
        if (!rc)
            rc = ro_boot_pmi1_initack(b, p);
        return rc;
    }
    RO_BOOT_PROBE_ERR(b, "pmi1: neither PMI_FD nor PMI_PORT is set: not started by a PMI-1 launcher");
    return -ENOENT;
}

/* init, get_maxes, get_my_kvsname: the handshake every PMI-1 client does. */
static int ro_boot_pmi1_handshake(struct ro_boot_pmi1 *p)
{
    const struct ro_pmi1_field ver[] = { { "pmi_version", "1" }, { "pmi_subversion", "1" } };
    struct ro_pmi1_msg m;
    const char *kvs;
    int rc;

    rc = ro_boot_pmi1_call(p, "init", ver, 2, "response_to_init", &m);
    if (!rc)
        rc = ro_boot_pmi1_call(p, "get_maxes", NULL, 0, "maxes", &m);
    if (!rc)
        rc = ro_boot_pmi1_int("maxes keylen_max", ro_pmi1_msg_get(&m, "keylen_max"), &p->keylen_max);
    if (!rc)
        rc = ro_boot_pmi1_int("maxes vallen_max", ro_pmi1_msg_get(&m, "vallen_max"), &p->vallen_max);
    if (!rc && p->vallen_max > RO_BOOT_PMI1_VALLEN_CAP)
        p->vallen_max = RO_BOOT_PMI1_VALLEN_CAP;
    if (!rc && ro_pmi1_chunk_bytes(p->vallen_max) == 0) {
        RO_ERR("pmi1 get_maxes: vallen_max=%d leaves no room for a value", p->vallen_max);
        rc = -EPROTO;
    }
    if (!rc)
        rc = ro_boot_pmi1_call(p, "get_my_kvsname", NULL, 0, "my_kvsname", &m);
    if (rc)
        return rc;
    kvs = ro_pmi1_msg_get(&m, "kvsname");
    if (!kvs || !*kvs || strlen(kvs) >= sizeof(p->kvsname)) {
        RO_ERR("pmi1 get_my_kvsname: missing or overlong kvsname");
        return -EPROTO;
    }
    strcpy(p->kvsname, kvs);
    return 0;
}

static int ro_boot_pmi1_init(struct ro_boot *b)
{
    struct ro_boot_pmi1 *p = calloc(1, sizeof(*p));
    int rc;

    if (!p) {
        RO_SYS_ERR("calloc(1, sizeof(struct ro_boot_pmi1))", ENOMEM);
        return -ENOMEM;
    }
    p->conn.fd = -1;
    rc = ro_boot_pmi1_connect(b, p);
    if (rc)
        goto close_conn;
    rc = ro_boot_pmi1_handshake(p);
    if (rc)
        goto close_conn;
    b->priv = p;
    return 0;

close_conn:
    ro_pmi1_conn_close(&p->conn);
    free(p);
    return rc;
}

static int ro_boot_pmi1_barrier(struct ro_boot *b)
{
    struct ro_boot_pmi1 *p = b->priv;
    struct ro_pmi1_msg m;

    return ro_boot_pmi1_call(p, "barrier_in", NULL, 0, "barrier_out", &m);
}

static int ro_boot_pmi1_key(const struct ro_boot_pmi1 *p, char *key, size_t keysz, int rank, size_t idx)
{
    size_t max = p->keylen_max > 0 && (size_t)p->keylen_max < keysz ? (size_t)p->keylen_max : keysz;
    int rc = ro_pmi1_key_format(key, max, p->seq, rank, idx);

    if (rc < 0)
        RO_ERR("pmi1: key for allgather %u rank %d chunk %zu exceeds keylen_max=%d", p->seq, rank,
               idx, p->keylen_max);
    return rc < 0 ? rc : 0;
}

static int ro_boot_pmi1_put_chunk(struct ro_boot *b, size_t idx, const void *src, size_t len)
{
    struct ro_boot_pmi1 *p = b->priv;
    char key[64], hex[RO_PMI1_LINE_MAX];
    struct ro_pmi1_field f[] = { { "kvsname", p->kvsname }, { "key", key }, { "value", hex } };
    struct ro_pmi1_msg m;
    int rc = ro_boot_pmi1_key(p, key, sizeof(key), b->rank, idx);

    if (!rc)
        rc = ro_pmi1_hex_encode(src, len, hex, sizeof(hex));
    if (!rc)
        rc = ro_boot_pmi1_call(p, "put", f, 3, "put_result", &m);
    return rc;
}

static int ro_boot_pmi1_get_chunk(struct ro_boot *b, int rank, size_t idx, void *dst, size_t len)
{
    struct ro_boot_pmi1 *p = b->priv;
    char key[64];
    struct ro_pmi1_field f[] = { { "kvsname", p->kvsname }, { "key", key } };
    struct ro_pmi1_msg m;
    const char *val;
    int rc = ro_boot_pmi1_key(p, key, sizeof(key), rank, idx);

    if (!rc)
        rc = ro_boot_pmi1_call(p, "get", f, 2, "get_result", &m);
    if (rc)
        return rc;
    val = ro_pmi1_msg_get(&m, "value");
    if (!val || ro_pmi1_hex_decode(val, dst, len)) {
        RO_ERR("pmi1 get %s: value from rank %d is not %zu bytes of hex", key, rank, len);
        return -EPROTO;
    }
    return 0;
}

static int ro_boot_pmi1_allgather(struct ro_boot *b, const void *in, void *out, size_t len)
{
    static const struct ro_boot_kvs_ops kvs = { ro_boot_pmi1_put_chunk, ro_boot_pmi1_get_chunk };
    struct ro_boot_pmi1 *p = b->priv;
    int rc = ro_boot_kvs_allgather(b, &kvs, ro_pmi1_chunk_bytes(p->vallen_max), in, out, len);

    p->seq++;
    return rc;
}

static _Noreturn void ro_boot_pmi1_abort(struct ro_boot *b, int code, const char *why)
{
    struct ro_boot_pmi1 *p = b->priv;
    char line[64];
    int len;

    RO_LOG(code ? RO_LOG_ERROR : RO_LOG_INFO, "aborting the job (exit code %d): %s", code, why);
    /* Hydra (MPICH 4.0) forwards a rank's stderr asynchronously and may drop what is still
     * in the pipe when an abort tears the job down (seen in bad_input.sh, for fatal errors
     * and for rocshmem_global_exit alike): give it a moment, so the messages that say why
     * reach the user. */
    usleep(200 * 1000);
    /* Note: another thread may be in the middle of a command on this socket; the job is
     * ending either way, and Hydra also ends it when it sees this process exit nonzero. */
    len = snprintf(line, sizeof(line), "cmd=abort exitcode=%d\n", code);
    if (p && p->conn.fd >= 0)
        ro_pmi1_conn_send(&p->conn, "abort", line, (size_t)len);
    _exit(code);
}

static int ro_boot_pmi1_fini(struct ro_boot *b)
{
    struct ro_boot_pmi1 *p = b->priv;
    struct ro_pmi1_msg m;
    int rc = ro_boot_pmi1_call(p, "finalize", NULL, 0, "finalize_ack", &m);

    ro_pmi1_conn_close(&p->conn);
    free(p);
    b->priv = NULL;
    return rc;
}

const struct ro_boot_ops ro_boot_pmi1_ops = {
    .name = "pmi1",
    .init = ro_boot_pmi1_init,
    .allgather = ro_boot_pmi1_allgather,
    .barrier = ro_boot_pmi1_barrier,
    .abort = ro_boot_pmi1_abort,
    .fini = ro_boot_pmi1_fini,
};
