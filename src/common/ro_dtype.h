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

static inline size_t ro_dt_size(enum ro_dt dt)
{
    static const unsigned char sizes[RO_DT_COUNT] = { 1, 1, 2, 2, 4, 4, 8, 8, 4, 8 };
    return sizes[dt];
}

extern const char *const ro_dt_names[RO_DT_COUNT];
extern const char *const ro_amo_names[RO_AMO_COUNT];

#endif
