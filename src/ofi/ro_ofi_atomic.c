/* AMOs as the proxy issues them. At open, fi_atomicvalid & co. fill a table saying, per
 * datatype, operation and form, whether the provider does it natively; the rest is emulated
 * with compare-and-swap on the same-size unsigned type. Data path: proxy thread only. */
#include "config.h"
#include "ofi/ro_ofi_int.h"

#include <errno.h>
#include <string.h>

#include "common/ro_word.h"

/* Every AMO post ends here. Returns the completions owed: 1. */
static int ro_ofi_amo_posted(struct ro_ofi *o)
{
    o->posted++;
    return 1;
}

/* Posts one compare-and-swap on the unsigned type of `size` bytes and waits for it. */
static int ro_ofi_cas(struct ro_ofi *o, int pe, struct ro_ofi_target t, size_t size,
                      const union ro_word *desired, const union ro_word *expect,
                      union ro_word *seen)
{
    const enum fi_datatype cdt = ro_ofi_dt_uint_of_size[size];
    int ret;

    o->cas_done = false;
    RO_OFI_POST(o, pe, fi_compare_atomic(o->ep, desired, 1, NULL, expect, NULL, seen, NULL,
                                         o->addrs[pe], t.addr, t.key, cdt, FI_CSWAP,
                                         &ro_ofi_cas_token), err);
    ro_ofi_amo_posted(o);
    ret = ro_ofi_wait_cas(o, "emulated amo (fi_compare_atomic)", pe);
err:
    return ret;
}

/* Carries out any AMO with compare-and-swap and returns once it is complete (so it hands
 * the proxy no completion to wait for); `result` (may be NULL) receives the value found
 * before the update. The first compare guesses 0, so an op on a zero word takes one round
 * trip and any other op two, as a fetch-then-swap would. */
static int ro_ofi_amo_emulate(struct ro_ofi *o, int pe, uint64_t roff, enum ro_dt dt,
                              enum ro_amo_op op, const void *operand, const void *compare,
                              void *result)
{
    const size_t size = ro_dt_size(dt);
    const struct ro_ofi_target t = ro_ofi_target(o, pe, roff);
    union ro_word arg = { .u64 = 0 }, expect = { .u64 = 0 }, desired, seen = { .u64 = 0 };
    struct ro_ofi_wait w;
    int ret;

    if (op != RO_AMO_READ)
        arg = ro_word_load(operand, size);
    if (op == RO_AMO_CSWAP) {
        /* Compares bit patterns: for float and double, -0.0 and 0.0 differ and NaN matches
         * itself, unlike a native floating-point compare. */
        expect = ro_word_load(compare, size);
        ret = ro_ofi_cas(o, pe, t, size, &arg, &expect, &seen);
        goto done;
    }
    ro_ofi_wait_start(o, &w);
    for (;;) {
        desired = ro_word_apply(dt, op, expect, arg);
        ret = ro_ofi_cas(o, pe, t, size, &desired, &expect, &seen);
        /* A read is done after one compare: `seen` is the value, whether or not it swapped. */
        if (ret || op == RO_AMO_READ ||
            ro_word_bits(seen, size) == ro_word_bits(expect, size))
            break;
        if (!ro_ofi_wait_step(&w)) {
            RO_ERR("emulated %s on %s at pe %d: compare-and-swap kept losing to other "
                   "updates for %d s", ro_amo_names[op], ro_dt_names[dt], pe, o->wait_sec);
            return -ETIMEDOUT;
        }
        expect = seen;
    }
done:
    if (!ret && result)
        memcpy(result, &seen, size);
    return ret;   /* 0: nothing left to complete */
}

static enum ro_ofi_amo_how ro_ofi_amo_how(const struct ro_ofi *o, enum ro_dt dt,
                                          enum ro_amo_op op, enum ro_ofi_amo_form form)
{
    if ((unsigned)dt >= RO_DT_COUNT || (unsigned)op >= RO_AMO_COUNT)
        return RO_OFI_AMO_NONE;
    return (enum ro_ofi_amo_how)o->amo[dt][op][form];
}

static int ro_ofi_amo_unavailable(const struct ro_ofi *o, enum ro_dt dt, enum ro_amo_op op,
                                  const char *form)
{
    RO_ERR("%s amo %s on %s: not available with provider %s (see rocshmem_info)", form,
           (unsigned)op < RO_AMO_COUNT ? ro_amo_names[op] : "?",
           (unsigned)dt < RO_DT_COUNT ? ro_dt_names[dt] : "?", o->info->fabric_attr->prov_name);
    return -ENOTSUP;
}

/* A non-fetching AMO as one fi_atomicmsg, so it can carry FI_DELIVERY_COMPLETE (see
 * ro_ofi_quirk). Not FI_INJECT: the operand stays valid until completion anyway, and tcp
 * (1.17) never completes an injected atomic posted with FI_COMPLETION (ofi_pair hung on
 * the first one: rxm skips the CQ entry of atomics it sent as injects). */
static int ro_ofi_amo_post(struct ro_ofi *o, int pe, struct ro_ofi_target t, enum ro_dt dt,
                           enum ro_amo_op op, const void *operand, void *token)
{
    const struct fi_ioc ioc = { .addr = (void *)operand, .count = 1 };
    const struct fi_rma_ioc rma = { .addr = t.addr, .count = 1, .key = t.key };
    const struct fi_msg_atomic msg = {
        .msg_iov = &ioc, .iov_count = 1, .addr = o->addrs[pe], .rma_iov = &rma,
        .rma_iov_count = 1, .datatype = ro_ofi_dt[dt], .op = ro_ofi_op[op], .context = token,
    };
    const uint64_t flags = o->write_flags | FI_COMPLETION;
    int ret = 0;

    RO_OFI_POST(o, pe, fi_atomicmsg(o->ep, &msg, flags), err);
    return ro_ofi_amo_posted(o);
err:
    return ret;
}

int ro_ofi_amo(struct ro_ofi *o, int pe, uint64_t roff, enum ro_dt dt, enum ro_amo_op op,
               const void *operand, void *token)
{
    RO_OFI_PE_CHECK(o, pe);
    const struct ro_ofi_target t = ro_ofi_target(o, pe, roff);
    int ret = 0;

    switch (ro_ofi_amo_how(o, dt, op, RO_OFI_AMO_PLAIN)) {
    case RO_OFI_AMO_NATIVE:
        if (!o->amo_plain_fetch)
            return ro_ofi_amo_post(o, pe, t, dt, op, operand, token);
        /* Completes on the target's reply, unlike shm's fi_atomic (see ro_ofi_quirk); shm
         * copies the operand at post time, so the proxy may still reuse it on return. */
        RO_OFI_POST(o, pe, fi_fetch_atomic(o->ep, operand, 1, NULL, &o->amo_discard, NULL,
                                           o->addrs[pe], t.addr, t.key, ro_ofi_dt[dt],
                                           ro_ofi_op[op], token), err);
        return ro_ofi_amo_posted(o);
    case RO_OFI_AMO_EMULATED:
        return ro_ofi_amo_emulate(o, pe, roff, dt, op, operand, NULL, NULL);
    default:
        return ro_ofi_amo_unavailable(o, dt, op, "non-fetching");
    }
err:
    return ret;
}

int ro_ofi_amo_fetch(struct ro_ofi *o, int pe, uint64_t roff, enum ro_dt dt, enum ro_amo_op op,
                     const void *operand, const void *compare, void *result, void *token)
{
    RO_OFI_PE_CHECK(o, pe);
    const struct ro_ofi_target t = ro_ofi_target(o, pe, roff);
    /* FI_ATOMIC_READ ignores the operand, but providers may still copy it at post time:
     * give them readable memory of the right size. */
    const void *buf = operand ? operand : result;
    int ret = 0;

    switch (ro_ofi_amo_how(o, dt, op, RO_OFI_AMO_FETCH)) {
    case RO_OFI_AMO_NATIVE:
        /* operand, compare and result must stay valid until this completes. */
        if (op == RO_AMO_CSWAP)
            RO_OFI_POST(o, pe, fi_compare_atomic(o->ep, buf, 1, NULL, compare, NULL, result,
                                                 NULL, o->addrs[pe], t.addr, t.key, ro_ofi_dt[dt],
                                                 FI_CSWAP, token), err);
        else
            RO_OFI_POST(o, pe, fi_fetch_atomic(o->ep, buf, 1, NULL, result, NULL,
                                               o->addrs[pe], t.addr, t.key, ro_ofi_dt[dt],
                                               ro_ofi_op[op], token), err);
        return ro_ofi_amo_posted(o);
    case RO_OFI_AMO_EMULATED:
        return ro_ofi_amo_emulate(o, pe, roff, dt, op, operand, compare, result);
    default:
        return ro_ofi_amo_unavailable(o, dt, op, "fetching");
    }
err:
    return ret;
}

/* Whether the API has (dt, op) in `form`: READ and CSWAP only fetch, and the bitwise ops
 * are for integers only. */
static bool ro_ofi_amo_exists(enum ro_dt dt, enum ro_amo_op op, enum ro_ofi_amo_form form)
{
    bool bitwise = op == RO_AMO_BAND || op == RO_AMO_BOR || op == RO_AMO_BXOR;

    if (bitwise && (dt == RO_DT_FLOAT || dt == RO_DT_DOUBLE))
        return false;
    return form == RO_OFI_AMO_FETCH || (op != RO_AMO_READ && op != RO_AMO_CSWAP);
}

/* Whether the provider does (dt, op) in `form` in one call. */
static bool ro_ofi_atomic_native(struct ro_ofi *o, enum ro_dt dt, enum ro_amo_op op,
                                 enum ro_ofi_amo_form form)
{
    size_t count = 0;
    int rc;

    /* Non-fetching AMOs sent as fetching ones need the fetching form. */
    if (form == RO_OFI_AMO_PLAIN && o->amo_plain_fetch)
        form = RO_OFI_AMO_FETCH;
    if (op == RO_AMO_CSWAP)
        rc = form == RO_OFI_AMO_FETCH
            ? fi_compare_atomicvalid(o->ep, ro_ofi_dt[dt], FI_CSWAP, &count) : -FI_EOPNOTSUPP;
    else if (form == RO_OFI_AMO_FETCH)
        rc = fi_fetch_atomicvalid(o->ep, ro_ofi_dt[dt], ro_ofi_op[op], &count);
    else if (op == RO_AMO_READ)
        rc = -FI_EOPNOTSUPP;
    else
        rc = fi_atomicvalid(o->ep, ro_ofi_dt[dt], ro_ofi_op[op], &count);
    return rc == 0 && count >= 1;
}

/* Fills o->amo. Emulation needs compare-and-swap on the unsigned type of each size; 32 and
 * 64 bits are required (every API type rests on them), 8 and 16 bits are used where there.
 * Returns -ENOTSUP, logged at `level`, for a provider without them. */
int ro_ofi_atomic_query(struct ro_ofi *o, int emulate, int level)
{
    static const size_t sizes[] = { 1, 2, 4, 8 };
    bool cas[9] = { false };

    for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
        size_t count = 0, s = sizes[i];
        cas[s] = fi_compare_atomicvalid(o->ep, ro_ofi_dt_uint_of_size[s], FI_CSWAP,
                                        &count) == 0 && count >= 1;
    }
    if (!cas[4] || !cas[8]) {
        RO_LOG(level, "provider %s: no FI_CSWAP on %s (fi_compare_atomicvalid), so AMOs can "
               "be neither done nor emulated", o->info->fabric_attr->prov_name,
               cas[4] ? "FI_UINT64" : "FI_UINT32");
        return -ENOTSUP;
    }
    for (int dt = 0; dt < RO_DT_COUNT; dt++)
        for (int op = 0; op < RO_AMO_COUNT; op++)
            for (int form = 0; form < RO_OFI_AMO_FORMS; form++) {
                enum ro_ofi_amo_how how = RO_OFI_AMO_NONE;
                bool exists = ro_ofi_amo_exists(dt, op, form);
                if (exists && !emulate && ro_ofi_atomic_native(o, dt, op, form))
                    how = RO_OFI_AMO_NATIVE;
                else if (exists && cas[ro_dt_size(dt)])
                    how = RO_OFI_AMO_EMULATED;
                o->amo[dt][op][form] = (unsigned char)how;
            }
    return 0;
}

void ro_ofi_atomic_describe(const struct ro_ofi *o, FILE *out)
{
    static const char mark[] = { [RO_OFI_AMO_NONE] = '-', [RO_OFI_AMO_NATIVE] = 'N',
                                 [RO_OFI_AMO_EMULATED] = 'E' };

    fprintf(out, "amo (non-fetching/fetching: N native, E emulated with cswap, - none)\n");
    fprintf(out, "  %-7s", "");
    for (int op = 0; op < RO_AMO_COUNT; op++)
        fprintf(out, " %-5s", ro_amo_names[op]);
    fprintf(out, "\n");
    for (int dt = 0; dt < RO_DT_COUNT; dt++) {
        fprintf(out, "  %-7s", ro_dt_names[dt]);
        for (int op = 0; op < RO_AMO_COUNT; op++)
            fprintf(out, " %c/%c  ", mark[o->amo[dt][op][RO_OFI_AMO_PLAIN]],
                    mark[o->amo[dt][op][RO_OFI_AMO_FETCH]]);
        fprintf(out, "\n");
    }
}
