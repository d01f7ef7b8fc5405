/* The "ofi" transport: the proxy's ops table over src/ofi, one-line wrappers that only
 * turn the opaque object back into struct ro_ofi. */
#include "config.h"
#include "proxy/ro_xport.h"

#include "ofi/ro_ofi.h"

static int ro_xport_ofi_put(void *x, int pe, uint64_t roff, const void *src, size_t len)
{
    return ro_ofi_put(x, pe, roff, src, len);
}

static int ro_xport_ofi_get(void *x, int pe, uint64_t roff, void *dst, size_t len)
{
    return ro_ofi_get(x, pe, roff, dst, len);
}

static int ro_xport_ofi_amo(void *x, int pe, uint64_t roff, enum ro_dt dt, enum ro_amo_op op,
                            const void *operand)
{
    return ro_ofi_amo(x, pe, roff, dt, op, operand);
}

static int ro_xport_ofi_amo_fetch(void *x, int pe, uint64_t roff, enum ro_dt dt,
                                  enum ro_amo_op op, const void *operand, const void *compare,
                                  void *result)
{
    return ro_ofi_amo_fetch(x, pe, roff, dt, op, operand, compare, result);
}

static int ro_xport_ofi_progress(void *x)
{
    return ro_ofi_progress(x);
}

static struct ro_xport_count ro_xport_ofi_posted(void *x)
{
    struct ro_ofi_count c = ro_ofi_posted(x);
    return (struct ro_xport_count){ .w = c.w, .r = c.r };
}

static struct ro_xport_count ro_xport_ofi_completed(void *x)
{
    struct ro_ofi_count c = ro_ofi_completed(x);
    return (struct ro_xport_count){ .w = c.w, .r = c.r };
}

const struct ro_xport_ops ro_xport_ofi_ops = {
    .name = "ofi",
    .put = ro_xport_ofi_put,
    .get = ro_xport_ofi_get,
    .amo = ro_xport_ofi_amo,
    .amo_fetch = ro_xport_ofi_amo_fetch,
    .progress = ro_xport_ofi_progress,
    .posted = ro_xport_ofi_posted,
    .completed = ro_xport_ofi_completed,
};
