/* One AMO operand or target word of 1, 2, 4 or 8 bytes, and what each AMO leaves in it:
 * for every place where our own code, not a NIC, carries an AMO out (the compare-and-swap
 * emulation in src/ofi, the null transport in src/proxy, the GPU's compare-and-swap loops on
 * IPC-mapped peers in src/gpu). Inline, so that device code compiles it too. */
#ifndef RO_WORD_H
#define RO_WORD_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

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
RO_DTYPE_FN union ro_word ro_word_load(const void *p, size_t size)
{
    union ro_word w;

    w.u64 = 0;
    memcpy(&w, p, size);
    return w;
}

/* The `size`-byte integer in w, zero-extended: what CSWAP compares (bit patterns). */
RO_DTYPE_FN uint64_t ro_word_bits(union ro_word w, size_t size)
{
    switch (size) {
    case 1: return w.u8;
    case 2: return w.u16;
    case 4: return w.u32;
    default: return w.u64;
    }
}

/* Truncates v to `size` bytes: that is the wraparound of unsigned and two's-complement
 * signed arithmetic alike, so integer SUM, AND, OR and XOR need no per-type code. */
RO_DTYPE_FN union ro_word ro_word_of_bits(uint64_t v, size_t size)
{
    union ro_word w;

    w.u64 = 0;
    switch (size) {
    case 1: w.u8 = (uint8_t)v; break;
    case 2: w.u16 = (uint16_t)v; break;
    case 4: w.u32 = (uint32_t)v; break;
    default: w.u64 = v; break;
    }
    return w;
}

/* The value `op` leaves in a word that held `old`. READ leaves `old`; CSWAP is decided by
 * the caller, which compares ro_word_bits. */
RO_DTYPE_FN union ro_word ro_word_apply(enum ro_dt dt, enum ro_amo_op op, union ro_word old,
                                        union ro_word arg)
{
    const size_t size = ro_dt_size(dt);
    const uint64_t a = ro_word_bits(old, size), b = ro_word_bits(arg, size);
    union ro_word w;

    w.u64 = 0;
    switch (op) {
    case RO_AMO_SUM:
        if (dt == RO_DT_FLOAT) {
            w.f = old.f + arg.f;
            return w;
        }
        if (dt == RO_DT_DOUBLE) {
            w.d = old.d + arg.d;
            return w;
        }
        return ro_word_of_bits(a + b, size);
    case RO_AMO_BAND: return ro_word_of_bits(a & b, size);
    case RO_AMO_BOR: return ro_word_of_bits(a | b, size);
    case RO_AMO_BXOR: return ro_word_of_bits(a ^ b, size);
    case RO_AMO_WRITE: return arg;
    default: return old;   /* READ, CSWAP */
    }
}

#endif
