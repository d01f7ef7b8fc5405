/* Encoders and decoders of the unique-id bootstrap's wire formats (layouts drawn in
 * ro_uid_wire.h). */
#include "config.h"
#include "bootstrap/ro_uid_wire.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

static const uint8_t ro_uid_magic[4] = { 'R', 'o', 'U', 'I' };
static const uint8_t ro_uid_hello_magic[4] = { 'R', 'o', 'U', 'H' };
static const uint8_t ro_uid_reply_magic[4] = { 'R', 'o', 'U', 'R' };

static void ro_put16(uint8_t *p, uint16_t v)
{
    p[0] = (uint8_t)(v >> 8);
    p[1] = (uint8_t)v;
}

static void ro_put32(uint8_t *p, uint32_t v)
{
    ro_put16(p, (uint16_t)(v >> 16));
    ro_put16(p + 2, (uint16_t)v);
}

static void ro_put64(uint8_t *p, uint64_t v)
{
    ro_put32(p, (uint32_t)(v >> 32));
    ro_put32(p + 4, (uint32_t)v);
}

static uint16_t ro_get16(const uint8_t *p)
{
    return (uint16_t)(p[0] << 8 | p[1]);
}

static uint32_t ro_get32(const uint8_t *p)
{
    return (uint32_t)ro_get16(p) << 16 | ro_get16(p + 2);
}

static uint64_t ro_get64(const uint8_t *p)
{
    return (uint64_t)ro_get32(p) << 32 | ro_get32(p + 4);
}

void ro_uid_encode(const struct ro_uid *u, void *out)
{
    struct ro_uid_wire w;

    memset(&w, 0, sizeof(w));
    memcpy(w.magic, ro_uid_magic, sizeof(w.magic));
    ro_put16(w.version, RO_UID_VERSION);
    ro_put16(w.family, RO_UID_FAMILY_IPV4);
    ro_put16(w.port, u->port);
    memcpy(w.addr, u->addr, sizeof(u->addr));
    memcpy(w.secret, u->secret, sizeof(w.secret));
    memcpy(out, &w, sizeof(w));
}

int ro_uid_decode(const void *in, struct ro_uid *u, const char **why)
{
    struct ro_uid_wire w;

    memcpy(&w, in, sizeof(w));
    if (memcmp(w.magic, ro_uid_magic, sizeof(w.magic))) {
        *why = "bad magic: it was not filled by rocshmem_get_uniqueid";
        return -EINVAL;
    }
    if (ro_get16(w.version) != RO_UID_VERSION) {
        *why = "unknown version: made by another release of rocshmem_ro";
        return -EINVAL;
    }
    if (ro_get16(w.family) != RO_UID_FAMILY_IPV4) {
        *why = "unknown address family";
        return -EINVAL;
    }
    if (ro_get16(w.port) == 0) {
        *why = "port 0";
        return -EINVAL;
    }
    memcpy(u->addr, w.addr, sizeof(u->addr));
    u->port = ro_get16(w.port);
    memcpy(u->secret, w.secret, sizeof(u->secret));
    return 0;
}

void ro_uid_format_addr(const struct ro_uid *u, char *buf, size_t len)
{
    snprintf(buf, len, "%u.%u.%u.%u:%u", u->addr[0], u->addr[1], u->addr[2], u->addr[3],
             u->port);
}

int ro_uid_same(const struct ro_uid *a, const struct ro_uid *b)
{
    uint8_t diff = 0;

    for (size_t i = 0; i < sizeof(a->secret); i++)
        diff |= (uint8_t)(a->secret[i] ^ b->secret[i]);
    return !diff && a->port == b->port && !memcmp(a->addr, b->addr, sizeof(a->addr));
}

void ro_uid_hello_encode(const struct ro_uid_hello *h, uint8_t out[RO_UID_HELLO_BYTES])
{
    memset(out, 0, RO_UID_HELLO_BYTES);
    memcpy(out, ro_uid_hello_magic, 4);
    ro_put16(out + 4, RO_UID_VERSION);
    ro_put32(out + 8, (uint32_t)h->rank);
    ro_put32(out + 12, (uint32_t)h->nranks);
    memcpy(out + 16, h->secret, RO_UID_SECRET_BYTES);
}

int ro_uid_hello_decode(const uint8_t in[RO_UID_HELLO_BYTES], struct ro_uid_hello *h)
{
    if (memcmp(in, ro_uid_hello_magic, 4) || ro_get16(in + 4) != RO_UID_VERSION)
        return -EBADMSG;
    h->rank = (int32_t)ro_get32(in + 8);
    h->nranks = (int32_t)ro_get32(in + 12);
    memcpy(h->secret, in + 16, RO_UID_SECRET_BYTES);
    return 0;
}

void ro_uid_reply_encode(const struct ro_uid_reply *r, uint8_t out[RO_UID_REPLY_BYTES])
{
    memset(out, 0, RO_UID_REPLY_BYTES);
    memcpy(out, ro_uid_reply_magic, 4);
    ro_put32(out + 4, r->status);
    ro_put32(out + 8, (uint32_t)r->arg);
}

int ro_uid_reply_decode(const uint8_t in[RO_UID_REPLY_BYTES], struct ro_uid_reply *r)
{
    if (memcmp(in, ro_uid_reply_magic, 4))
        return -EBADMSG;
    r->status = ro_get32(in + 4);
    r->arg = (int32_t)ro_get32(in + 8);
    return 0;
}

const char *ro_uid_status_str(uint32_t status)
{
    switch (status) {
    case RO_UID_OK:         return "ok";
    case RO_UID_BAD_HELLO:  return "bad hello";
    case RO_UID_BAD_SECRET: return "bad secret";
    case RO_UID_BAD_NRANKS: return "nranks mismatch";
    case RO_UID_BAD_RANK:   return "rank out of range";
    case RO_UID_DUP_RANK:   return "duplicate rank";
    default:                return "unknown status";
    }
}

void ro_uid_frame_encode(const struct ro_uid_frame *f, uint8_t out[RO_UID_FRAME_BYTES])
{
    memset(out, 0, RO_UID_FRAME_BYTES);
    ro_put32(out, f->type);
    ro_put32(out + 4, (uint32_t)f->code);
    ro_put32(out + 8, (uint32_t)f->rank);
    ro_put64(out + 16, f->len);
}

int ro_uid_frame_decode(const uint8_t in[RO_UID_FRAME_BYTES], struct ro_uid_frame *f)
{
    f->type = ro_get32(in);
    f->code = (int32_t)ro_get32(in + 4);
    f->rank = (int32_t)ro_get32(in + 8);
    f->len = ro_get64(in + 16);
    if (f->type != RO_UID_FRAME_DATA && f->type != RO_UID_FRAME_ABORT)
        return -EBADMSG;
    if (f->type == RO_UID_FRAME_ABORT && f->len > RO_UID_ABORT_MAX)
        return -EBADMSG;
    return 0;
}
