/* PMI-1 wire format, the pure half: building "cmd=... key=value" lines, framing and
 * splitting response lines, hex-encoding values and naming value chunks. No I/O, so
 * check_pmi1_wire tests it without a launcher; ro_pmi1_conn.c moves the bytes. The hex
 * and chunk helpers also serve the PMI-2 bootstrap, whose values have the same limits. */
#ifndef RO_PMI1_WIRE_H
#define RO_PMI1_WIRE_H

#include <stddef.h>

/* Longest line either side sends or accepts, newline included. Hydra 4.0 answers a get
 * with a value of up to vallen_max (1024) plus fixed text; 4 KiB leaves room for the
 * kvsname and key, and bounds what we buffer from a peer that never sends a newline. */
#define RO_PMI1_LINE_MAX   4096
#define RO_PMI1_FIELDS_MAX 16

struct ro_pmi1_field {
    const char *key;
    const char *val;
};

/* One response line split in place; f[0] is always "cmd". */
struct ro_pmi1_msg {
    char line[RO_PMI1_LINE_MAX];
    struct ro_pmi1_field f[RO_PMI1_FIELDS_MAX];
    size_t nf;
};

/* Bytes received but not yet consumed as lines. */
struct ro_pmi1_rbuf {
    char data[RO_PMI1_LINE_MAX];
    size_t len;
};

/* Writes "cmd=<cmd> k1=v1 k2=v2\n" and a NUL into buf. Keys must be non-empty; keys and
 * values must not hold a space, '=' or a newline. Returns the line length (newline
 * included, NUL not), -EINVAL for a bad key or value, -ENOSPC if buf is too small. */
int ro_pmi1_line_format(char *buf, size_t bufsz, const char *cmd,
                        const struct ro_pmi1_field *f, size_t nf);

/* Splits one line (no newline) into fields. A word without '=' continues the previous
 * value ("msg=key not found"), since servers' messages may hold spaces. Returns 0,
 * -EMSGSIZE for len >= RO_PMI1_LINE_MAX, -EBADMSG if the line does not start with
 * "cmd=" or has more than RO_PMI1_FIELDS_MAX fields. */
int ro_pmi1_msg_parse(struct ro_pmi1_msg *m, const char *line, size_t len);
/* The value of `key` (first occurrence), or NULL. */
const char *ro_pmi1_msg_get(const struct ro_pmi1_msg *m, const char *key);
/* 0 if the message is command `cmd` and its rc is absent or 0; -EPROTO for another
 * command; -EREMOTEIO for a nonzero or unreadable rc (msg= then says why). */
int ro_pmi1_msg_check(const struct ro_pmi1_msg *m, const char *cmd);

/* Space for the next read: ro_pmi1_rbuf_space bytes at ro_pmi1_rbuf_tail. */
static inline char *ro_pmi1_rbuf_tail(struct ro_pmi1_rbuf *rb) { return rb->data + rb->len; }
static inline size_t ro_pmi1_rbuf_space(const struct ro_pmi1_rbuf *rb)
{
    return sizeof(rb->data) - rb->len;
}
/* If rb holds a whole line, parses it into m, drops it from rb and returns 1; returns 0
 * if more bytes are needed; -EMSGSIZE if rb is full with no newline; or a parse error
 * (the bad line is dropped). */
int ro_pmi1_rbuf_take(struct ro_pmi1_rbuf *rb, struct ro_pmi1_msg *m);

/* Writes 2 * len lowercase hex digits and a NUL; -ENOSPC if outsz < 2 * len + 1. */
int ro_pmi1_hex_encode(const void *in, size_t len, char *out, size_t outsz);
/* Decodes `hex` into exactly len bytes; -EINVAL unless hex is 2 * len hex digits. */
int ro_pmi1_hex_decode(const char *hex, void *out, size_t len);

/* Raw bytes per value once hex-encoded, for a server whose values hold at most vallen_max
 * bytes counting the NUL (as get_maxes and PMI2_MAX_VALLEN count it); 0 if too small. */
size_t ro_pmi1_chunk_bytes(int vallen_max);
/* Values needed for len bytes (0 for len 0). */
size_t ro_pmi1_chunk_count(size_t len, size_t chunk_bytes);
/* Bytes in chunk `idx` of a len-byte buffer (the last one may be short). */
size_t ro_pmi1_chunk_len(size_t len, size_t chunk_bytes, size_t idx);
/* Key "ro.ag.<seq>.<rank>.<idx>" for chunk idx of rank's part of allgather seq.
 * Returns its length, or -ENOSPC if it needs keysz bytes or more (NUL included). */
int ro_pmi1_key_format(char *buf, size_t keysz, unsigned seq, int rank, size_t idx);

#endif
