/* Printable names of the wire datatypes and AMO operations (logs, rocshmem_info). */
#include "config.h"
#include "common/ro_dtype.h"

const char *const ro_dt_names[RO_DT_COUNT] = {
    "int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64", "float", "double"
};
const char *const ro_amo_names[RO_AMO_COUNT] = {
    "sum", "band", "bor", "bxor", "write", "read", "cswap"
};
