/* Chunked allgather shared by the PMI-1 and PMI-2 bootstraps. */
#include "config.h"
#include "bootstrap/ro_boot_kvs.h"

#include <string.h>

#include "bootstrap/ro_pmi1_wire.h"

int ro_boot_kvs_allgather(struct ro_boot *b, const struct ro_boot_kvs_ops *ops, size_t chunk,
                          const void *in, void *out, size_t len)
{
    size_t n = ro_pmi1_chunk_count(len, chunk);
    int rc = 0;

    for (size_t c = 0; c < n && !rc; c++)
        rc = ops->put(b, c, (const char *)in + c * chunk, ro_pmi1_chunk_len(len, chunk, c));
    /* Note: Hydra's proxy caches puts and sends them upstream at barrier_in; a get is
     * only sure to find a peer's key after the barrier that follows that peer's puts. */
    if (!rc)
        rc = b->ops->barrier(b);
    for (int r = 0; r < b->size && !rc; r++) {
        char *dst = (char *)out + (size_t)r * len;

        if (r == b->rank) {
            memmove(dst, in, len);
            continue;
        }
        for (size_t c = 0; c < n && !rc; c++)
            rc = ops->get(b, r, c, dst + c * chunk, ro_pmi1_chunk_len(len, chunk, c));
    }
    return rc;
}
