/* The type tables of API.md, each written once. Every typed declaration, definition,
 * test and the exported-symbol check expands from these lists.
 * X(TYPENAME, TYPE, KIND): KIND is SINT, UINT or FLOAT; with sizeof(TYPE) it names the
 * wire datatype, so `long` maps correctly on every ABI. */
#ifndef ROCSHMEM_TYPELISTS_H
#define ROCSHMEM_TYPELISTS_H

#define ROCSHMEM_FOR_AMO_STANDARD_TYPES(X)                                             \
    X(int, int, SINT) X(long, long, SINT) X(longlong, long long, SINT)                \
    X(uint, unsigned int, UINT) X(ulong, unsigned long, UINT)                         \
    X(ulonglong, unsigned long long, UINT) X(int32, int32_t, SINT)                    \
    X(int64, int64_t, SINT) X(uint32, uint32_t, UINT) X(uint64, uint64_t, UINT)       \
    X(size, size_t, UINT) X(ptrdiff, ptrdiff_t, SINT)

#define ROCSHMEM_FOR_AMO_EXTENDED_TYPES(X)                                             \
    ROCSHMEM_FOR_AMO_STANDARD_TYPES(X) X(float, float, FLOAT) X(double, double, FLOAT)

#define ROCSHMEM_FOR_AMO_BITWISE_TYPES(X)                                              \
    X(uint, unsigned int, UINT) X(ulong, unsigned long, UINT)                         \
    X(ulonglong, unsigned long long, UINT) X(int32, int32_t, SINT)                    \
    X(int64, int64_t, SINT) X(uint32, uint32_t, UINT) X(uint64, uint64_t, UINT)

/* RMA, signals, wait/test, broadcast/fcollect/alltoall. `char` is signed or not by ABI;
 * its KIND only matters for wait_until comparisons, where CHAR follows the compiler. */
#define ROCSHMEM_FOR_RMA_TYPES(X)                                                      \
    X(float, float, FLOAT) X(double, double, FLOAT) X(char, char, CHAR)               \
    X(schar, signed char, SINT) X(short, short, SINT) X(int, int, SINT)               \
    X(long, long, SINT) X(longlong, long long, SINT) X(uchar, unsigned char, UINT)    \
    X(ushort, unsigned short, UINT) X(uint, unsigned int, UINT)                       \
    X(ulong, unsigned long, UINT) X(ulonglong, unsigned long long, UINT)              \
    X(int8, int8_t, SINT) X(int16, int16_t, SINT) X(int32, int32_t, SINT)             \
    X(int64, int64_t, SINT) X(uint8, uint8_t, UINT) X(uint16, uint16_t, UINT)         \
    X(uint32, uint32_t, UINT) X(uint64, uint64_t, UINT) X(size, size_t, UINT)         \
    X(ptrdiff, ptrdiff_t, SINT)

/* Reductions: sum, prod, min and max on the arithmetic types; and, or and xor on the
 * integer ones. rocSHMEM's table (short, int, long, longlong; float and double for the
 * arithmetic operations) with OpenSHMEM 1.5's other integer types added. */
#define ROCSHMEM_FOR_REDUCE_BITWISE_TYPES(X)                                           \
    X(short, short, SINT) X(int, int, SINT) X(long, long, SINT)                       \
    X(longlong, long long, SINT) X(uchar, unsigned char, UINT)                        \
    X(ushort, unsigned short, UINT) X(uint, unsigned int, UINT)                       \
    X(ulong, unsigned long, UINT) X(ulonglong, unsigned long long, UINT)              \
    X(int8, int8_t, SINT) X(int16, int16_t, SINT) X(int32, int32_t, SINT)             \
    X(int64, int64_t, SINT) X(uint8, uint8_t, UINT) X(uint16, uint16_t, UINT)         \
    X(uint32, uint32_t, UINT) X(uint64, uint64_t, UINT) X(size, size_t, UINT)

#define ROCSHMEM_FOR_REDUCE_ARITH_TYPES(X)                                             \
    ROCSHMEM_FOR_REDUCE_BITWISE_TYPES(X) X(char, char, CHAR)                          \
    X(schar, signed char, SINT) X(ptrdiff, ptrdiff_t, SINT)                           \
    X(float, float, FLOAT) X(double, double, FLOAT)


#endif
