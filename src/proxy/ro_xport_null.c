/* The "null" transport (see ro_xport_null.h): counts every operation and, with a target
 * region, carries it out on local memory with memcpy and plain arithmetic. Only the proxy
 * thread touches the region while operations flow, so no atomics are needed there. */
#include "config.h"
#include "proxy/ro_xport_null.h"

#include <errno.h>
#include <string.h>

#include "common/ro_log.h"

void ro_xport_null_init(struct ro_xport_null *x, void *base, size_t len)
{
    memset(x, 0, sizeof(*x));
    x->base = base;
    x->len = base ? len : 0;
}

/* The target of [roff, roff + len) in the region, or NULL (logged) when it lies outside. */
static uint8_t *ro_xport_null_at(struct ro_xport_null *x, const char *what, int pe, uint64_t roff,
                                 size_t len)
{
    if (RO_UNLIKELY(roff > x->len || len > x->len - roff)) {
        RO_ERR("null transport: %s of %zu bytes at offset %llu to pe %d lies outside the "
               "%zu-byte target region", what, len, (unsigned long long)roff, pe, x->len);
        return NULL;
    }
    return x->base + roff;
}

static int ro_xport_null_put(void *xv, int pe, uint64_t roff, const void *src, size_t len)
{
    struct ro_xport_null *x = xv;
    x->puts++;
    x->bytes += len;
    if (x->base) {
        uint8_t *dst = ro_xport_null_at(x, "put", pe, roff, len);
        if (!dst)
            return -EINVAL;
        memcpy(dst, src, len);
    }
    return 0;
}

static int ro_xport_null_get(void *xv, int pe, uint64_t roff, void *dst, size_t len)
{
    struct ro_xport_null *x = xv;
    x->gets++;
    x->bytes += len;
    if (x->base) {
        const uint8_t *src = ro_xport_null_at(x, "get", pe, roff, len);
        if (!src)
            return -EINVAL;
        memcpy(dst, src, len);
    }
    return 0;
}

union ro_xport_word {
    uint8_t u8;
    uint16_t u16;
    uint32_t u32;
    uint64_t u64;
    float f;
    double d;
};

/* An integer word of `size` bytes, zero-extended: two's complement makes SUM, AND, OR and
 * XOR the same on the unsigned bits for the signed types. */
static uint64_t ro_xport_word_int(const union ro_xport_word *w, size_t size)
{
    return size == 1 ? w->u8 : size == 2 ? w->u16 : size == 4 ? w->u32 : w->u64;
}

static union ro_xport_word ro_xport_word_make(uint64_t v, size_t size)
{
    union ro_xport_word w = { .u64 = 0 };
    switch (size) {
    case 1: w.u8 = (uint8_t)v; break;
    case 2: w.u16 = (uint16_t)v; break;
    case 4: w.u32 = (uint32_t)v; break;
    default: w.u64 = v; break;
    }
    return w;
}

/* What `op` leaves in a word that held `old`; CSWAP is decided by the caller. */
static union ro_xport_word ro_xport_null_apply(enum ro_dt dt, enum ro_amo_op op,
                                               union ro_xport_word old,
                                               union ro_xport_word arg)
{
    size_t size = ro_dt_size(dt);
    uint64_t a = ro_xport_word_int(&old, size), b = ro_xport_word_int(&arg, size), v;
    union ro_xport_word w = { .u64 = 0 };

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
        v = a + b;
        break;
    case RO_AMO_BAND: v = a & b; break;
    case RO_AMO_BOR: v = a | b; break;
    case RO_AMO_BXOR: v = a ^ b; break;
    case RO_AMO_WRITE: return arg;
    default: return old;   /* READ */
    }
    return ro_xport_word_make(v, size);
}

/* Carries out one AMO on the region; `result` (may be NULL) gets the old value. */
static int ro_xport_null_amo_at(struct ro_xport_null *x, int pe, uint64_t roff, enum ro_dt dt,
                                enum ro_amo_op op, const void *operand, const void *compare,
                                void *result)
{
    size_t size;
    uint8_t *mem;
    union ro_xport_word old = { .u64 = 0 }, arg = { .u64 = 0 }, cmp = { .u64 = 0 }, nw;

    if (RO_UNLIKELY((unsigned)dt >= RO_DT_COUNT || (unsigned)op >= RO_AMO_COUNT)) {
        RO_ERR("null transport: amo with datatype %d, operation %d to pe %d", (int)dt, (int)op,
               pe);
        return -EINVAL;
    }
    size = ro_dt_size(dt);
    mem = ro_xport_null_at(x, "amo", pe, roff, size);
    if (!mem)
        return -EINVAL;
    memcpy(&old, mem, size);
    memcpy(&arg, operand, size);
    if (op == RO_AMO_CSWAP) {
        memcpy(&cmp, compare, size);
        nw = memcmp(&old, &cmp, size) ? old : arg;
    } else {
        nw = ro_xport_null_apply(dt, op, old, arg);
    }
    memcpy(mem, &nw, size);
    if (result)
        memcpy(result, &old, size);
    return 0;
}

static int ro_xport_null_amo(void *xv, int pe, uint64_t roff, enum ro_dt dt, enum ro_amo_op op,
                             const void *operand)
{
    struct ro_xport_null *x = xv;
    x->amos++;
    return x->base ? ro_xport_null_amo_at(x, pe, roff, dt, op, operand, NULL, NULL) : 0;
}

static int ro_xport_null_amo_fetch(void *xv, int pe, uint64_t roff, enum ro_dt dt,
                                   enum ro_amo_op op, const void *operand, const void *compare,
                                   void *result)
{
    struct ro_xport_null *x = xv;
    x->amo_fetches++;
    return x->base ? ro_xport_null_amo_at(x, pe, roff, dt, op, operand, compare, result) : 0;
}

static int ro_xport_null_progress(void *xv)
{
    (void)xv;
    return 0;
}

/* Everything posted has completed: one count serves both. */
static struct ro_xport_count ro_xport_null_count(void *xv)
{
    const struct ro_xport_null *x = xv;
    return (struct ro_xport_count){ .w = x->puts + x->amos, .r = x->gets + x->amo_fetches };
}

const struct ro_xport_ops ro_xport_null_ops = {
    .name = "null",
    .put = ro_xport_null_put,
    .get = ro_xport_null_get,
    .amo = ro_xport_null_amo,
    .amo_fetch = ro_xport_null_amo_fetch,
    .progress = ro_xport_null_progress,
    .posted = ro_xport_null_count,
    .completed = ro_xport_null_count,
};
