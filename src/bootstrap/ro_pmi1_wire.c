/* PMI-1 wire format without I/O: line building, framing and splitting, hex values,
 * chunk naming. Used by the PMI-1 client (ro_boot_pmi1.c) and, for hex and chunks, by
 * the PMI-2 bootstrap. */
#include "config.h"
#include "bootstrap/ro_pmi1_wire.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The server splits lines at spaces and fields at '=': neither may appear inside a word,
 * and neither may a newline or another control character. */
static int ro_pmi1_word_ok(const char *s, int allow_empty)
{
    if (!s || (!allow_empty && !*s))
        return 0;
    for (; *s; s++)
        if (*s == ' ' || *s == '=' || (unsigned char)*s < 0x20 || *s == 0x7f)
            return 0;
    return 1;
}

int ro_pmi1_line_format(char *buf, size_t bufsz, const char *cmd,
                        const struct ro_pmi1_field *f, size_t nf)
{
    size_t off;
    int n;

    if (!ro_pmi1_word_ok(cmd, 0))
        return -EINVAL;
    for (size_t i = 0; i < nf; i++)
        if (!ro_pmi1_word_ok(f[i].key, 0) || !ro_pmi1_word_ok(f[i].val, 1))
            return -EINVAL;

    n = snprintf(buf, bufsz, "cmd=%s", cmd);
    if (n < 0 || (size_t)n >= bufsz)
        return -ENOSPC;
    off = (size_t)n;
    for (size_t i = 0; i < nf; i++) {
        n = snprintf(buf + off, bufsz - off, " %s=%s", f[i].key, f[i].val);
        if (n < 0 || (size_t)n >= bufsz - off)
            return -ENOSPC;
        off += (size_t)n;
    }
    if (bufsz - off < 2)
        return -ENOSPC;
    buf[off++] = '\n';
    buf[off] = '\0';
    return (int)off;
}

int ro_pmi1_msg_parse(struct ro_pmi1_msg *m, const char *line, size_t len)
{
    char *p, *prev_end = NULL;

    if (len >= sizeof(m->line))
        return -EMSGSIZE;
    memcpy(m->line, line, len);
    m->line[len] = '\0';
    m->nf = 0;

    for (p = m->line;;) {
        char *word, *end, *eq;

        p += strspn(p, " \r");
        if (!*p)
            break;
        word = p;
        p += strcspn(p, " \r");
        end = p;
        if (*p)
            *p++ = '\0';
        eq = strchr(word, '=');
        if (!eq) {
            /* Not a field: the previous value runs on over this word, so undo its cut. */
            if (!prev_end)
                return -EBADMSG;
            *prev_end = ' ';
        } else {
            if (eq == word || m->nf == RO_PMI1_FIELDS_MAX)
                return -EBADMSG;
            *eq = '\0';
            m->f[m->nf].key = word;
            m->f[m->nf].val = eq + 1;
            m->nf++;
        }
        prev_end = end;
    }
    if (m->nf == 0 || strcmp(m->f[0].key, "cmd"))
        return -EBADMSG;
    return 0;
}

const char *ro_pmi1_msg_get(const struct ro_pmi1_msg *m, const char *key)
{
    for (size_t i = 0; i < m->nf; i++)
        if (!strcmp(m->f[i].key, key))
            return m->f[i].val;
    return NULL;
}

int ro_pmi1_msg_check(const struct ro_pmi1_msg *m, const char *cmd)
{
    const char *rc = ro_pmi1_msg_get(m, "rc");
    char *end;

    if (m->nf == 0 || strcmp(m->f[0].val, cmd))
        return -EPROTO;
    /* Hydra omits rc on some answers (maxes, my_kvsname, barrier_out): absent means 0. */
    if (!rc)
        return 0;
    if (strtol(rc, &end, 10) != 0 || end == rc || *end)
        return -EREMOTEIO;
    return 0;
}

int ro_pmi1_rbuf_take(struct ro_pmi1_rbuf *rb, struct ro_pmi1_msg *m)
{
    char *nl = memchr(rb->data, '\n', rb->len);
    size_t used;
    int rc;

    if (!nl)
        return rb->len == sizeof(rb->data) ? -EMSGSIZE : 0;
    rc = ro_pmi1_msg_parse(m, rb->data, (size_t)(nl - rb->data));
    used = (size_t)(nl - rb->data) + 1;
    memmove(rb->data, rb->data + used, rb->len - used);
    rb->len -= used;
    return rc ? rc : 1;
}

int ro_pmi1_hex_encode(const void *in, size_t len, char *out, size_t outsz)
{
    static const char digits[] = "0123456789abcdef";
    const unsigned char *b = in;

    if (len > (SIZE_MAX - 1) / 2 || outsz < 2 * len + 1)
        return -ENOSPC;
    for (size_t i = 0; i < len; i++) {
        out[2 * i] = digits[b[i] >> 4];
        out[2 * i + 1] = digits[b[i] & 0xf];
    }
    out[2 * len] = '\0';
    return 0;
}

static int ro_pmi1_hex_digit(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

int ro_pmi1_hex_decode(const char *hex, void *out, size_t len)
{
    unsigned char *b = out;

    if (len > SIZE_MAX / 2 || strnlen(hex, 2 * len + 1) != 2 * len)
        return -EINVAL;
    /* Validate everything first so out is untouched on error. */
    for (size_t i = 0; i < 2 * len; i++)
        if (ro_pmi1_hex_digit(hex[i]) < 0)
            return -EINVAL;
    for (size_t i = 0; i < len; i++)
        b[i] = (unsigned char)(ro_pmi1_hex_digit(hex[2 * i]) << 4 | ro_pmi1_hex_digit(hex[2 * i + 1]));
    return 0;
}

size_t ro_pmi1_chunk_bytes(int vallen_max)
{
    return vallen_max < 3 ? 0 : (size_t)(vallen_max - 1) / 2;
}

size_t ro_pmi1_chunk_count(size_t len, size_t chunk_bytes)
{
    return len / chunk_bytes + (len % chunk_bytes != 0);
}

size_t ro_pmi1_chunk_len(size_t len, size_t chunk_bytes, size_t idx)
{
    size_t off = idx * chunk_bytes;

    if (off >= len)
        return 0;
    return len - off < chunk_bytes ? len - off : chunk_bytes;
}

int ro_pmi1_key_format(char *buf, size_t keysz, unsigned seq, int rank, size_t idx)
{
    int n = snprintf(buf, keysz, "ro.ag.%u.%d.%zu", seq, rank, idx);

    if (n < 0 || (size_t)n >= keysz)
        return -ENOSPC;
    return n;
}
