/* Wire datatypes and AMO operations: our own codes, so the GPU side never sees libfabric
 * types. src/ofi maps them to enum fi_datatype / fi_op in one table. */
#ifndef RO_DTYPE_H
#define RO_DTYPE_H

#include <stddef.h>

enum ro_dt {
    RO_DT_INT8, RO_DT_UINT8, RO_DT_INT16, RO_DT_UINT16, RO_DT_INT32, RO_DT_UINT32,
    RO_DT_INT64, RO_DT_UINT64, RO_DT_FLOAT, RO_DT_DOUBLE, RO_DT_COUNT
};

enum ro_amo_op {
    RO_AMO_SUM, RO_AMO_BAND, RO_AMO_BOR, RO_AMO_BXOR,
    RO_AMO_WRITE,   /* set (non-fetching) or swap (fetching) */
    RO_AMO_READ,    /* fetch only */
    RO_AMO_CSWAP,   /* fetch only; compare operand in the descriptor */
    RO_AMO_COUNT
};

/* Datatype code of a C type, from its KIND column in rocshmem_typelists.h. */
#define RO_DT_SINT(T)  (sizeof(T) == 1 ? RO_DT_INT8 : sizeof(T) == 2 ? RO_DT_INT16 :       \
                        sizeof(T) == 4 ? RO_DT_INT32 : RO_DT_INT64)
#define RO_DT_UINT(T)  (sizeof(T) == 1 ? RO_DT_UINT8 : sizeof(T) == 2 ? RO_DT_UINT16 :     \
                        sizeof(T) == 4 ? RO_DT_UINT32 : RO_DT_UINT64)
#define RO_DT_FLOAT(T) (sizeof(T) == 4 ? RO_DT_FLOAT : RO_DT_DOUBLE)
#define RO_DT_CHAR(T)  ((char)-1 < 0 ? RO_DT_SINT(T) : RO_DT_UINT(T))
#define RO_DT_OF(T, KIND) ((enum ro_dt)RO_DT_##KIND(T))

/* GPU code (the device API) asks too. */
#if defined(__CUDACC__) || defined(__HIPCC__)
#define RO_DTYPE_FN static inline __host__ __device__
#else
#define RO_DTYPE_FN static inline
#endif

RO_DTYPE_FN size_t ro_dt_size(enum ro_dt dt)
{
    switch (dt) {
    case RO_DT_INT8: case RO_DT_UINT8: return 1;
    case RO_DT_INT16: case RO_DT_UINT16: return 2;
    case RO_DT_INT32: case RO_DT_UINT32: case RO_DT_FLOAT: return 4;
    default: return 8;
    }
}

extern const char *const ro_dt_names[RO_DT_COUNT];
extern const char *const ro_amo_names[RO_AMO_COUNT];

#endif
