/* The "null" transport: no libfabric and no peer, so a test or benchmark sees the cost of
 * the ring and the proxy alone. With a target region, put/get/AMOs are carried out on local
 * memory at base + offset whatever the PE, so a test can check what went through the proxy;
 * without one they are only counted. By default every operation completes when it is posted;
 * ro_xport_null_reorder makes it hold operations back and carry them out later in a random
 * order, like a network with many paths, to test what the proxy itself keeps in order. */
#ifndef RO_XPORT_NULL_H
#define RO_XPORT_NULL_H

#include <stddef.h>
#include <stdint.h>

#include "common/ro_word.h"
#include "proxy/ro_xport.h"

#define RO_XPORT_NULL_HOLD 64     /* most operations held back at once */
#define RO_XPORT_NULL_INJECT 256  /* puts up to this size are copied when posted */

enum ro_xport_null_kind { RO_NULL_PUT, RO_NULL_GET, RO_NULL_AMO };

/* One held operation; the memory it points at stays valid until its completion (the
 * transport contract). */
struct ro_xport_null_op {
    enum ro_xport_null_kind kind;
    int pe;
    uint64_t roff;
    const void *src;         /* PUT, unless its bytes are in data (injected) */
    uint8_t data[RO_XPORT_NULL_INJECT];
    int injected;
    void *dst;               /* GET; AMO result or NULL */
    size_t len;
    enum ro_dt dt;
    enum ro_amo_op op;
    union ro_word operand, compare;
    void *token;
};

struct ro_xport_null {
    uint8_t *base;            /* target region of every PE, or NULL: only count */
    size_t len;
    unsigned hold;            /* 0: complete at once; else hold up to this many */
    uint64_t rng;
    unsigned held;
    struct ro_xport_null_op ops[RO_XPORT_NULL_HOLD];
    ro_xport_done_fn done;
    void *done_arg;
    /* Written by the proxy thread: read them after ro_proxy_close, or once every ring
     * is quiet (the proxy's release of ring->done follows its updates). */
    uint64_t puts, gets, amos, amo_fetches;
    uint64_t bytes;           /* put and get payload */
};

/* base may be NULL (len is then ignored): count only. */
void ro_xport_null_init(struct ro_xport_null *x, void *base, size_t len);
/* Hold up to `hold` operations (1..RO_XPORT_NULL_HOLD) and carry them out in an order drawn
 * from `seed`. Call before the proxy starts. */
void ro_xport_null_reorder(struct ro_xport_null *x, unsigned hold, uint64_t seed);

#endif
