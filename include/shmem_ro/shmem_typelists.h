/* The type tables of OpenSHMEM 1.5, each written once: shmem.h's declarations, the C11
 * generic selections, the library's definitions (src/shmem) and the tests expand from them.
 * X(TYPENAME, TYPE). Implementation names (leading underscore, capital): a program sees no
 * name here that the specification does not reserve for the implementation. */
#ifndef _SHMEM_RO_TYPELISTS_H
#define _SHMEM_RO_TYPELISTS_H

/* Table 5, standard RMA types: RMA, signals, broadcast, collect, fcollect, alltoall(s). */
#define _SHMEM_RO_FOR_RMA_TYPES(X)                                                       \
    X(float, float) X(double, double) X(longdouble, long double) X(char, char)           \
    X(schar, signed char) X(short, short) X(int, int) X(long, long)                      \
    X(longlong, long long) X(uchar, unsigned char) X(ushort, unsigned short)             \
    X(uint, unsigned int) X(ulong, unsigned long) X(ulonglong, unsigned long long)       \
    X(int8, int8_t) X(int16, int16_t) X(int32, int32_t) X(int64, int64_t)                \
    X(uint8, uint8_t) X(uint16, uint16_t) X(uint32, uint32_t) X(uint64, uint64_t)        \
    X(size, size_t) X(ptrdiff, ptrdiff_t)

/* The SIZE forms (bits): putSIZE, getSIZE, iputSIZE, igetSIZE and their variants. */
#define _SHMEM_RO_FOR_SIZES(X) X(8) X(16) X(32) X(64) X(128)

/* Tables 6-8: standard, extended and bitwise AMO types. */
#define _SHMEM_RO_FOR_AMO_STANDARD_TYPES(X)                                              \
    X(int, int) X(long, long) X(longlong, long long) X(uint, unsigned int)               \
    X(ulong, unsigned long) X(ulonglong, unsigned long long) X(int32, int32_t)           \
    X(int64, int64_t) X(uint32, uint32_t) X(uint64, uint64_t) X(size, size_t)            \
    X(ptrdiff, ptrdiff_t)
#define _SHMEM_RO_FOR_AMO_EXTENDED_TYPES(X)                                              \
    _SHMEM_RO_FOR_AMO_STANDARD_TYPES(X) X(float, float) X(double, double)
#define _SHMEM_RO_FOR_AMO_BITWISE_TYPES(X)                                               \
    X(uint, unsigned int) X(ulong, unsigned long) X(ulonglong, unsigned long long)       \
    X(int32, int32_t) X(int64, int64_t) X(uint32, uint32_t) X(uint64, uint64_t)

/* Table 12, point-to-point synchronization types: wait_until and test families. */
#define _SHMEM_RO_FOR_P2P_TYPES(X)                                                       \
    X(short, short) X(int, int) X(long, long) X(longlong, long long)                     \
    X(ushort, unsigned short) X(uint, unsigned int) X(ulong, unsigned long)              \
    X(ulonglong, unsigned long long) X(int32, int32_t) X(int64, int64_t)                 \
    X(uint32, uint32_t) X(uint64, uint64_t) X(size, size_t) X(ptrdiff, ptrdiff_t)

/* Table 10, team reductions: and, or, xor on the bitwise types; max, min, sum, prod on the
 * arithmetic ones. long double and the complex types are not offered (README). */
#define _SHMEM_RO_FOR_REDUCE_BITWISE_TYPES(X)                                            \
    X(uchar, unsigned char) X(ushort, unsigned short) X(uint, unsigned int)              \
    X(ulong, unsigned long) X(ulonglong, unsigned long long) X(int8, int8_t)             \
    X(int16, int16_t) X(int32, int32_t) X(int64, int64_t) X(uint8, uint8_t)              \
    X(uint16, uint16_t) X(uint32, uint32_t) X(uint64, uint64_t) X(size, size_t)
#define _SHMEM_RO_FOR_REDUCE_ARITH_TYPES(X)                                              \
    X(char, char) X(schar, signed char) X(short, short) X(int, int) X(long, long)        \
    X(longlong, long long) X(ptrdiff, ptrdiff_t) X(uchar, unsigned char)                 \
    X(ushort, unsigned short) X(uint, unsigned int) X(ulong, unsigned long)              \
    X(ulonglong, unsigned long long) X(int8, int8_t) X(int16, int16_t)                   \
    X(int32, int32_t) X(int64, int64_t) X(uint8, uint8_t) X(uint16, uint16_t)            \
    X(uint32, uint32_t) X(uint64, uint64_t) X(size, size_t) X(float, float)              \
    X(double, double)

/* The operations of the bitwise and the arithmetic reductions, as X(TYPENAME, TYPE, OP):
 * _SHMEM_RO_FOR_REDUCE_BITWISE_TYPES' types take the first, ..._ARITH_TYPES' the second. */
#define _SHMEM_RO_BITWISE_OPS(X, NAME, TYPE) X(NAME, TYPE, and) X(NAME, TYPE, or) X(NAME, TYPE, xor)
#define _SHMEM_RO_ARITH_OPS(X, NAME, TYPE)                                               \
    X(NAME, TYPE, max) X(NAME, TYPE, min) X(NAME, TYPE, sum) X(NAME, TYPE, prod)

/* The deprecated active-set reductions (shmem_TYPENAME_OP_to_all): and, or, xor on the
 * integers; max, min, sum, prod also on float and double (long double and the complex
 * types are not offered, as for the team reductions). */
#define _SHMEM_RO_FOR_TO_ALL_BITWISE_TYPES(X)                                            \
    X(short, short) X(int, int) X(long, long) X(longlong, long long)
#define _SHMEM_RO_FOR_TO_ALL_ARITH_TYPES(X)                                              \
    _SHMEM_RO_FOR_TO_ALL_BITWISE_TYPES(X) X(float, float) X(double, double)

/* The deprecated AMO names (before 1.4: shmem_TYPENAME_fadd and so on) and shmem_TYPENAME_wait. */
#define _SHMEM_RO_FOR_OLD_AMO_TYPES(X) X(int, int) X(long, long) X(longlong, long long)
#define _SHMEM_RO_FOR_OLD_AMO_EXT_TYPES(X)                                               \
    _SHMEM_RO_FOR_OLD_AMO_TYPES(X) X(float, float) X(double, double)
#define _SHMEM_RO_FOR_OLD_WAIT_TYPES(X)                                                  \
    X(short, short) X(int, int) X(long, long) X(longlong, long long)

#endif
