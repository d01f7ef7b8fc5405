/* The "null" transport (see ro_xport_null.h): counts every operation and, with a target
 * region, carries it out on local memory. Only the proxy thread writes the region, but a
 * test may read it meanwhile, so AMO results are stored with release order: whoever sees
 * an AMO's value also sees every put carried out before it. */
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

void ro_xport_null_reorder(struct ro_xport_null *x, unsigned hold, uint64_t seed)
{
    x->hold = hold < 1 ? 1 : hold > RO_XPORT_NULL_HOLD ? RO_XPORT_NULL_HOLD : hold;
    x->rng = seed | 1;
}

static void ro_xport_null_on_done(void *xv, ro_xport_done_fn fn, void *arg)
{
    struct ro_xport_null *x = xv;
    x->done = fn;
    x->done_arg = arg;
}

/* xorshift64: cheap, and a seed replays the same order. */
static unsigned ro_xport_null_rand(struct ro_xport_null *x, unsigned n)
{
    x->rng ^= x->rng << 13;
    x->rng ^= x->rng >> 7;
    x->rng ^= x->rng << 17;
    return (unsigned)(x->rng % n);
}

/* The target of [roff, roff + len) in the region, or NULL (logged) when it lies outside. */
static uint8_t *ro_xport_null_at(struct ro_xport_null *x, const struct ro_xport_null_op *o,
                                 size_t len)
{
    static const char *const what[] = { "put", "get", "amo" };

    if (RO_UNLIKELY(o->roff > x->len || len > x->len - o->roff)) {
        RO_ERR("null transport: %s of %zu bytes at offset %llu to pe %d lies outside the "
               "%zu-byte target region", what[o->kind], len, (unsigned long long)o->roff,
               o->pe, x->len);
        return NULL;
    }
    return x->base + o->roff;
}

static void ro_xport_null_store(uint8_t *mem, union ro_word w, size_t size)
{
    switch (size) {
    case 1: __atomic_store_n(mem, w.u8, __ATOMIC_RELEASE); break;
    case 2: __atomic_store_n((uint16_t *)(void *)mem, w.u16, __ATOMIC_RELEASE); break;
    case 4: __atomic_store_n((uint32_t *)(void *)mem, w.u32, __ATOMIC_RELEASE); break;
    default: __atomic_store_n((uint64_t *)(void *)mem, w.u64, __ATOMIC_RELEASE); break;
    }
}

static int ro_xport_null_amo_at(struct ro_xport_null *x, const struct ro_xport_null_op *o)
{
    const size_t size = ro_dt_size(o->dt);
    uint8_t *mem = ro_xport_null_at(x, o, size);
    union ro_word old, nw;

    if (!mem)
        return -EINVAL;
    old = ro_word_load(mem, size);
    if (o->op == RO_AMO_CSWAP)
        nw = ro_word_bits(old, size) == ro_word_bits(o->compare, size) ? o->operand : old;
    else
        nw = ro_word_apply(o->dt, o->op, old, o->operand);
    ro_xport_null_store(mem, nw, size);
    if (o->dst)
        memcpy(o->dst, &old, size);
    return 0;
}

/* Carries one operation out on the region (when there is one). */
static int ro_xport_null_apply(struct ro_xport_null *x, const struct ro_xport_null_op *o)
{
    uint8_t *mem;

    if (!x->base)
        return 0;
    if (o->kind == RO_NULL_AMO)
        return ro_xport_null_amo_at(x, o);
    mem = ro_xport_null_at(x, o, o->len);
    if (!mem)
        return -EINVAL;
    /* Nothing to move: the local address of an empty transfer may be anything, NULL too
     * (memcpy's arguments may not be NULL even for 0 bytes). */
    if (!o->len)
        return 0;
    if (o->kind == RO_NULL_PUT)
        memcpy(mem, o->injected ? o->data : o->src, o->len);
    else
        memcpy(o->dst, mem, o->len);
    return 0;
}

/* Carries out the held operation at index i and completes it. */
static int ro_xport_null_release(struct ro_xport_null *x, unsigned i)
{
    struct ro_xport_null_op o = x->ops[i];

    x->ops[i] = x->ops[--x->held];
    if (ro_xport_null_apply(x, &o))
        return -EINVAL;
    x->done(o.token, x->done_arg);
    return 0;
}

/* Completes at once, or holds the operation back (carrying out a random held one first
 * when every place is taken). Returns the completions owed, or a negative errno. */
static int ro_xport_null_post(struct ro_xport_null *x, const struct ro_xport_null_op *o)
{
    if (!x->hold)
        return ro_xport_null_apply(x, o);
    if (x->held == x->hold && ro_xport_null_release(x, ro_xport_null_rand(x, x->held)))
        return -EINVAL;
    x->ops[x->held++] = *o;
    return 1;
}

static int ro_xport_null_put(void *xv, int pe, uint64_t roff, const void *src, size_t len,
                             void *token)
{
    struct ro_xport_null *x = xv;
    x->puts++;
    x->bytes += len;
    if (!x->base && !x->hold)
        return 0;   /* counting only: the benchmark's case, kept short */
    struct ro_xport_null_op o = { .kind = RO_NULL_PUT, .pe = pe, .roff = roff, .src = src,
                                  .len = len, .token = token };
    /* A held put keeps a copy, like a provider's inject: the source may be reused on return
     * (one carried out at once has read it by then). */
    if (x->hold && len <= RO_XPORT_NULL_INJECT) {
        if (len)   /* an empty put's source may be NULL */
            memcpy(o.data, src, len);
        o.injected = 1;
    }
    return ro_xport_null_post(x, &o);
}

static int ro_xport_null_get(void *xv, int pe, uint64_t roff, void *dst, size_t len,
                             void *token)
{
    struct ro_xport_null *x = xv;
    const struct ro_xport_null_op o = { .kind = RO_NULL_GET, .pe = pe, .roff = roff,
                                        .dst = dst, .len = len, .token = token };
    x->gets++;
    x->bytes += len;
    return ro_xport_null_post(x, &o);
}

static int ro_xport_null_amo_post(struct ro_xport_null *x, int pe, uint64_t roff,
                                  enum ro_dt dt, enum ro_amo_op op, const void *operand,
                                  const void *compare, void *result, void *token)
{
    struct ro_xport_null_op o = { .kind = RO_NULL_AMO, .pe = pe, .roff = roff, .dt = dt,
                                  .op = op, .dst = result, .token = token };

    if (RO_UNLIKELY((unsigned)dt >= RO_DT_COUNT || (unsigned)op >= RO_AMO_COUNT)) {
        RO_ERR("null transport: amo with datatype %d, operation %d to pe %d", (int)dt, (int)op,
               pe);
        return -EINVAL;
    }
    if (op != RO_AMO_READ)
        o.operand = ro_word_load(operand, ro_dt_size(dt));
    if (op == RO_AMO_CSWAP)
        o.compare = ro_word_load(compare, ro_dt_size(dt));
    return ro_xport_null_post(x, &o);
}

static int ro_xport_null_amo(void *xv, int pe, uint64_t roff, enum ro_dt dt, enum ro_amo_op op,
                             const void *operand, void *token)
{
    struct ro_xport_null *x = xv;
    x->amos++;
    return ro_xport_null_amo_post(x, pe, roff, dt, op, operand, NULL, NULL, token);
}

static int ro_xport_null_amo_fetch(void *xv, int pe, uint64_t roff, enum ro_dt dt,
                                   enum ro_amo_op op, const void *operand, const void *compare,
                                   void *result, void *token)
{
    struct ro_xport_null *x = xv;
    x->amo_fetches++;
    return ro_xport_null_amo_post(x, pe, roff, dt, op, operand, compare, result, token);
}

/* Carries out a random number of held operations, each picked at random. */
static int ro_xport_null_progress(void *xv)
{
    struct ro_xport_null *x = xv;

    if (!x->held)
        return 0;
    for (unsigned n = 1 + ro_xport_null_rand(x, x->held); n; n--)
        if (ro_xport_null_release(x, ro_xport_null_rand(x, x->held)))
            return -EINVAL;
    return 0;
}

static bool ro_xport_null_ordered(const void *xv)
{
    const struct ro_xport_null *x = xv;
    return x->hold == 0;
}

static size_t ro_xport_null_inject_max(const void *xv)
{
    (void)xv;
    return RO_XPORT_NULL_INJECT;
}

static uint64_t ro_xport_null_in_flight(const void *xv)
{
    const struct ro_xport_null *x = xv;
    return x->held;
}

const struct ro_xport_ops ro_xport_null_ops = {
    .name = "null",
    .on_done = ro_xport_null_on_done,
    .put = ro_xport_null_put,
    .get = ro_xport_null_get,
    .amo = ro_xport_null_amo,
    .amo_fetch = ro_xport_null_amo_fetch,
    .progress = ro_xport_null_progress,
    .ordered = ro_xport_null_ordered,
    .inject_max = ro_xport_null_inject_max,
    .in_flight = ro_xport_null_in_flight,
};
