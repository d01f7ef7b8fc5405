/* Symmetric offsets: how a remote address travels in a descriptor. A symmetric object is
 * either in the heap or, on PEs whose globals are symmetric (CPU PEs; see
 * src/sheap/ro_sdata.h), in the program's own data and bss. Both are the same size on every
 * PE but lie at different addresses, so a descriptor carries the object's offset in its
 * region, with the region in bit 62; the transport turns it into the target's (address,
 * key) in one place (ro_ofi_target) and the proxy bounds it per region. Needs nothing: GPU
 * code includes it. */
#ifndef RO_SYM_H
#define RO_SYM_H

#define RO_SYM_HEAP 0u
#define RO_SYM_DATA 1u
#define RO_SYM_REGIONS 2u

#define RO_SYM_DATA_BIT (1ull << 62)
#define RO_SYM_REGION(off) ((unsigned)((off) >> 62) & 1u)
#define RO_SYM_REGION_OFF(off) ((off) & ~RO_SYM_DATA_BIT)

#endif
