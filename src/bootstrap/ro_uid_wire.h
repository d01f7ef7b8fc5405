/* Wire formats of the unique-id bootstrap (ro_boot_uid.c): the 128-byte unique id that
 * rocshmem_get_uniqueid hands out, the hello a rank sends to the rendezvous, the server's
 * answer, and the frames of the collectives afterwards. Pure encoders and decoders (no
 * sockets, no logging), so a unit test can take them apart. Multi-byte fields are big
 * endian; every reserved byte is written as zero. */
#ifndef RO_UID_WIRE_H
#define RO_UID_WIRE_H

#include <assert.h>
#include <stddef.h>
#include <stdint.h>

#define RO_UID_BYTES        128   /* sizeof(rocshmem_uniqueid_t) */
#define RO_UID_SECRET_BYTES 32
#define RO_UID_VERSION      1
#define RO_UID_FAMILY_IPV4  4

/* The unique id:
 *    0  magic "RoUI"     4  version     6  family (4: IPv4)     8  port     10  reserved
 *   12  address (IPv4: 4 bytes, then zeros)
 *   28  secret (random, from getrandom: only holders of the id may join)
 *   60  reserved, zero, up to 128 */
struct ro_uid_wire {
    uint8_t magic[4];
    uint8_t version[2];
    uint8_t family[2];
    uint8_t port[2];
    uint8_t reserved0[2];
    uint8_t addr[16];
    uint8_t secret[RO_UID_SECRET_BYTES];
    uint8_t reserved1[68];
};
static_assert(sizeof(struct ro_uid_wire) == RO_UID_BYTES, "the unique id is 128 bytes");
static_assert(offsetof(struct ro_uid_wire, secret) == 28, "secret at byte 28");

/* A decoded unique id: where the rendezvous listens and the secret it expects. */
struct ro_uid {
    uint8_t addr[4];                      /* IPv4, network order */
    uint16_t port;
    uint8_t secret[RO_UID_SECRET_BYTES];
};

void ro_uid_encode(const struct ro_uid *u, void *out /* RO_UID_BYTES */);
/* 0, or -EINVAL with *why set (bad magic, unknown version or family, port 0). */
int ro_uid_decode(const void *in /* RO_UID_BYTES */, struct ro_uid *u, const char **why);
/* "a.b.c.d:port" of u into buf. */
void ro_uid_format_addr(const struct ro_uid *u, char *buf, size_t len);
/* 1 when a and b name the same rendezvous (address, port and secret; the secret compared
 * in time that does not depend on where it differs). */
int ro_uid_same(const struct ro_uid *a, const struct ro_uid *b);

/* Hello, rank -> rendezvous, once after connecting:
 *    0  magic "RoUH"     4  version     6  reserved     8  rank     12  nranks
 *   16  secret (the unique id's) */
#define RO_UID_HELLO_BYTES 48
struct ro_uid_hello {
    int32_t rank, nranks;
    uint8_t secret[RO_UID_SECRET_BYTES];
};
void ro_uid_hello_encode(const struct ro_uid_hello *h, uint8_t out[RO_UID_HELLO_BYTES]);
/* 0, or -EBADMSG (not a hello of this version). */
int ro_uid_hello_decode(const uint8_t in[RO_UID_HELLO_BYTES], struct ro_uid_hello *h);

/* Answer, rendezvous -> rank:
 *    0  magic "RoUR"     4  status (enum ro_uid_status)     8  arg     12  reserved
 * arg: OK: the server's rank; BAD_NRANKS, BAD_RANK: the server's nranks; DUP_RANK: the
 * rank. */
#define RO_UID_REPLY_BYTES 16
enum ro_uid_status {
    RO_UID_OK = 0,
    RO_UID_BAD_HELLO = 1,
    RO_UID_BAD_SECRET = 2,
    RO_UID_BAD_NRANKS = 3,
    RO_UID_BAD_RANK = 4,
    RO_UID_DUP_RANK = 5,
};
struct ro_uid_reply {
    uint32_t status;
    int32_t arg;
};
void ro_uid_reply_encode(const struct ro_uid_reply *r, uint8_t out[RO_UID_REPLY_BYTES]);
int ro_uid_reply_decode(const uint8_t in[RO_UID_REPLY_BYTES], struct ro_uid_reply *r);
/* A few words for a status ("bad secret"). */
const char *ro_uid_status_str(uint32_t status);

/* Frame header, either way after the hello, followed by len bytes:
 *    0  type (DATA: an allgather block or result; ABORT: the job ends)
 *    4  code (ABORT: the exit code)     8  rank (ABORT: where it started)     12  reserved
 *   16  len */
#define RO_UID_FRAME_BYTES 24
#define RO_UID_ABORT_MAX   512    /* longest ABORT text */
enum { RO_UID_FRAME_DATA = 1, RO_UID_FRAME_ABORT = 2 };
struct ro_uid_frame {
    uint32_t type;
    int32_t code;
    int32_t rank;
    uint64_t len;
};
void ro_uid_frame_encode(const struct ro_uid_frame *f, uint8_t out[RO_UID_FRAME_BYTES]);
/* 0, or -EBADMSG (unknown type, or an ABORT longer than RO_UID_ABORT_MAX). */
int ro_uid_frame_decode(const uint8_t in[RO_UID_FRAME_BYTES], struct ro_uid_frame *f);

#endif
