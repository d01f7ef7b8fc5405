/* The "null" transport: every operation completes when it is posted (posted == completed
 * always), with no libfabric and no peer, so a test or benchmark sees the cost of the
 * ring and the proxy alone. With a target region, put/get/AMOs are applied to local
 * memory at base + offset whatever the PE, so a test can check what went through the
 * proxy; without one they are only counted. */
#ifndef RO_XPORT_NULL_H
#define RO_XPORT_NULL_H

#include <stddef.h>
#include <stdint.h>

#include "proxy/ro_xport.h"

struct ro_xport_null {
    uint8_t *base;            /* target region of every PE, or NULL: only count */
    size_t len;
    /* Written by the proxy thread: read them after ro_proxy_close, or once every ring
     * is quiet (the proxy's release of ring->done follows its updates). */
    uint64_t puts, gets, amos, amo_fetches;
    uint64_t bytes;           /* put and get payload */
};

/* base may be NULL (len is then ignored): count only. */
void ro_xport_null_init(struct ro_xport_null *x, void *base, size_t len);

#endif
