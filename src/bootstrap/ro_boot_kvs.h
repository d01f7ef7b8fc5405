/* Allgather over a launcher's key-value space whose values hold at most `chunk` bytes
 * (PMI-1 and PMI-2): every rank puts its block in chunks, one barrier, then every rank
 * gets every peer's chunks. The implementation names the keys (its allgather count, the
 * rank, the chunk index) and encodes the values. */
#ifndef RO_BOOT_KVS_H
#define RO_BOOT_KVS_H

#include <stddef.h>

#include "bootstrap/ro_boot.h"

struct ro_boot_kvs_ops {
    int (*put)(struct ro_boot *b, size_t idx, const void *src, size_t len);   /* own rank */
    int (*get)(struct ro_boot *b, int rank, size_t idx, void *dst, size_t len);
};

int ro_boot_kvs_allgather(struct ro_boot *b, const struct ro_boot_kvs_ops *ops, size_t chunk,
                          const void *in, void *out, size_t len);

#endif
