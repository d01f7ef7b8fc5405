/* The program's symmetric data: OpenSHMEM makes a program's global and static variables
 * symmetric, as host implementations do, so that `static long x; shmem_long_p(&x, 1, pe)`
 * reaches pe's x. Every PE runs the same executable, so its writable data and bss have the
 * same size and layout everywhere and differ only in their load address: the transport
 * registers them beside the heap as a second symmetric region (common/ro_sym.h). Only the
 * executable's own data: shared libraries' globals are not symmetric. */
#ifndef RO_SDATA_H
#define RO_SDATA_H

#include <stddef.h>
#include <stdint.h>

struct ro_sdata {
    uint8_t *base;
    size_t len;
};

/* The executable's writable data and bss, without the part made read-only after
 * relocation (RELRO). 0, or -ENOENT (logged) when the program has none to find. */
int ro_sdata_find(struct ro_sdata *out);

#endif
