/* The command descriptor: the whole contract between API callers (producers) and the
 * proxy. One 64-byte line, written by one thread, with the sequence word last.
 * Needs only <stdint.h>: GPU code includes it. */
#ifndef RO_DESC_H
#define RO_DESC_H

#include <assert.h>
#include <stddef.h>
#include <stdint.h>

enum ro_desc_op {
    RO_OP_PUT = 1,     /* laddr -> raddr, len bytes                                      */
    RO_OP_PUT_INLINE,  /* arg[0] holds up to 8 data bytes -> raddr (p, small puts)       */
    RO_OP_GET,         /* raddr -> laddr, len bytes                                      */
    RO_OP_AMO,         /* amo(dtype) on raddr with operand arg[0], no result             */
    RO_OP_AMO_FETCH,   /* same, old value -> laddr; CSWAP compares with arg[1]           */
    RO_OP_PUT_SIGNAL,  /* PUT, then amo on signal word arg[1] with arg[0], after the data */
    RO_OP_FENCE,       /* later descriptors of this ring start after earlier ones finish */
    RO_OP_COUNT
};

/* The result of a GET or AMO_FETCH of at most 8 bytes goes to the ring's return word of
 * this descriptor's slot (ring->ret) instead of laddr: GPU callers' own variables are
 * not reachable by the proxy or the NIC. */
#define RO_DESC_F_RET 0x1

struct ro_desc {
    uint64_t raddr;    /* byte offset in the target PE's heap                            */
    uint64_t laddr;    /* local source (put), destination (get) or fetch result          */
    uint64_t len;      /* bytes moved by PUT/GET/PUT_SIGNAL                              */
    uint32_t pe;       /* target PE                                                      */
    uint8_t op;        /* enum ro_desc_op                                                */
    uint8_t dtype;     /* enum ro_dt (AMO, signal)                                       */
    uint8_t amo;       /* enum ro_amo_op (AMO, signal)                                   */
    uint8_t flags;     /* RO_DESC_F_*                                                    */
    uint64_t arg[3];   /* operands, see enum ro_desc_op                                  */
    uint64_t seq;      /* ticket + 1, written last with release order: the proxy trusts
                          nothing in the line before it sees its own expected value      */
};
static_assert(sizeof(struct ro_desc) == 64, "descriptor must be one cache line");
static_assert(offsetof(struct ro_desc, seq) == 56, "seq must be the last word");

#endif
