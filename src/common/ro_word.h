/* One AMO operand or target word of 1, 2, 4 or 8 bytes, and what each AMO leaves in it:
 * for every place where our own code, not a NIC, carries an AMO out (the compare-and-swap
 * emulation in src/ofi, the null transport in src/proxy). */
#ifndef RO_WORD_H
#define RO_WORD_H

#include <stddef.h>
#include <stdint.h>

#include "common/ro_dtype.h"

/* The member of each size sits at the start of the union on any byte order, so `size`
 * bytes copied to or from its address are that member. */
union ro_word {
    uint8_t u8;
    uint16_t u16;
    uint32_t u32;
    uint64_t u64;
    float f;
    double d;
};

/* `size` bytes from p, the rest zero. */
union ro_word ro_word_load(const void *p, size_t size);
/* The `size`-byte integer in w, zero-extended: what CSWAP compares (bit patterns). */
uint64_t ro_word_bits(union ro_word w, size_t size);
/* The value `op` leaves in a word that held `old`. READ leaves `old`; CSWAP is decided by
 * the caller, which compares ro_word_bits. */
union ro_word ro_word_apply(enum ro_dt dt, enum ro_amo_op op, union ro_word old,
                            union ro_word arg);

#endif
