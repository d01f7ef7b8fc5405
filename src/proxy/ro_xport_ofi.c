/* The "ofi" transport: the proxy's ops table over src/ofi, one-line wrappers that only
 * turn the opaque object back into struct ro_ofi. */
#include "config.h"
#include "proxy/ro_xport.h"

#include "ofi/ro_ofi.h"

static void ro_xport_ofi_on_done(void *x, ro_xport_done_fn fn, void *arg)
{
    ro_ofi_on_done(x, fn, arg);
}

static int ro_xport_ofi_put(void *x, int pe, uint64_t roff, const void *src, size_t len,
                            void *token)
{
    return ro_ofi_put(x, pe, roff, src, len, token);
}

static int ro_xport_ofi_get(void *x, int pe, uint64_t roff, void *dst, size_t len, void *token)
{
    return ro_ofi_get(x, pe, roff, dst, len, token);
}

static int ro_xport_ofi_amo(void *x, int pe, uint64_t roff, enum ro_dt dt, enum ro_amo_op op,
                            const void *operand, void *token)
{
    return ro_ofi_amo(x, pe, roff, dt, op, operand, token);
}

static int ro_xport_ofi_amo_fetch(void *x, int pe, uint64_t roff, enum ro_dt dt,
                                  enum ro_amo_op op, const void *operand, const void *compare,
                                  void *result, void *token)
{
    return ro_ofi_amo_fetch(x, pe, roff, dt, op, operand, compare, result, token);
}

static int ro_xport_ofi_progress(void *x)
{
    return ro_ofi_progress(x);
}

static bool ro_xport_ofi_ordered(const void *x)
{
    return ro_ofi_ordered(x);
}

static size_t ro_xport_ofi_inject_max(const void *x)
{
    return ro_ofi_inject_size(x);
}

static uint64_t ro_xport_ofi_in_flight(const void *x)
{
    return ro_ofi_in_flight(x);
}

const struct ro_xport_ops ro_xport_ofi_ops = {
    .name = "ofi",
    .on_done = ro_xport_ofi_on_done,
    .put = ro_xport_ofi_put,
    .get = ro_xport_ofi_get,
    .amo = ro_xport_ofi_amo,
    .amo_fetch = ro_xport_ofi_amo_fetch,
    .progress = ro_xport_ofi_progress,
    .ordered = ro_xport_ofi_ordered,
    .inject_max = ro_xport_ofi_inject_max,
    .in_flight = ro_xport_ofi_in_flight,
};
