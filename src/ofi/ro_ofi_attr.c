/* What the transport asks of a provider, as data (the fi_getinfo hints), what to say when a
 * named provider falls short, and the one table from our datatype and AMO codes to
 * libfabric's. Used at open; the code tables are also read by ro_ofi_atomic.c. */
#include "config.h"
#include "ofi/ro_ofi_int.h"

#include <stdlib.h>
#include <string.h>

const enum fi_datatype ro_ofi_dt[RO_DT_COUNT] = {
    [RO_DT_INT8] = FI_INT8,     [RO_DT_UINT8] = FI_UINT8,
    [RO_DT_INT16] = FI_INT16,   [RO_DT_UINT16] = FI_UINT16,
    [RO_DT_INT32] = FI_INT32,   [RO_DT_UINT32] = FI_UINT32,
    [RO_DT_INT64] = FI_INT64,   [RO_DT_UINT64] = FI_UINT64,
    [RO_DT_FLOAT] = FI_FLOAT,   [RO_DT_DOUBLE] = FI_DOUBLE,
};

const enum fi_op ro_ofi_op[RO_AMO_COUNT] = {
    [RO_AMO_SUM] = FI_SUM,            [RO_AMO_BAND] = FI_BAND,
    [RO_AMO_BOR] = FI_BOR,            [RO_AMO_BXOR] = FI_BXOR,
    [RO_AMO_WRITE] = FI_ATOMIC_WRITE, [RO_AMO_READ] = FI_ATOMIC_READ,
    [RO_AMO_CSWAP] = FI_CSWAP,
};

/* Emulation runs compare-and-swap on the unsigned type of the operand's size. */
const enum fi_datatype ro_ofi_dt_uint_of_size[9] = {
    [1] = FI_UINT8, [2] = FI_UINT16, [4] = FI_UINT32, [8] = FI_UINT64,
};

/* Everything the proxy needs from one endpoint. */
static const struct {
    enum fi_ep_type ep_type;
    uint64_t caps;
    int mr_mode;
    enum fi_threading threading;
    enum fi_av_type av_type;
} ro_ofi_required = {
    .ep_type = FI_EP_RDM,
    .caps = FI_RMA | FI_ATOMIC | FI_READ | FI_WRITE | FI_REMOTE_READ | FI_REMOTE_WRITE,
    /* The modes we can honour; the provider keeps the ones it needs. No FI_MR_LOCAL: the
     * proxy hands the provider unregistered user buffers (put sources, get destinations,
     * AMO operands and results); only the heap, the remote side, is registered. */
    .mr_mode = FI_MR_VIRT_ADDR | FI_MR_ALLOCATED | FI_MR_PROV_KEY | FI_MR_ENDPOINT,
    /* Only the proxy thread posts and polls, so the provider may skip its locks. */
    .threading = FI_THREAD_DOMAIN,
    .av_type = FI_AV_TABLE,
};

/* Provider quirks (libfabric 1.17, measured here with tests/unit/ofi_pair: its "visible"
 * test puts or adds, waits for completion, and has the target look at its own memory).
 *
 * Every provider not listed gets FI_DELIVERY_COMPLETE on puts and non-fetching AMOs. Without
 * it, tcp;ofi_rxm completes a write once the bytes are handed to the socket: in 6 of 6 runs
 * the target's memory still held old data after the initiator saw completion. Flags go on
 * each post (fi_writemsg / fi_atomicmsg), not into tx_attr->op_flags: rxm's fi_inject_write
 * ignores the endpoint's op flags and stayed transmit-complete (1 run in 8 failed). */
static const struct ro_ofi_quirk ro_ofi_quirks[] = {
    /* shm: FI_DELIVERY_COMPLETE with many non-fetching fi_atomic in flight corrupts the target
     * or crashes (TESTING.md). Puts need no flag: with CMA (works here) shm writes the
     * target's memory itself before it completes. But non-fetching atomics complete when
     * queued at the target, before the target applies them: in each of 3 runs about half
     * of ofi_pair's 88 non-fetching AMO checks read the old value with a get right after
     * completion, and 4 to 14 of 40 completed adds were not yet in the target's memory.
     * Send them as fetching atomics, which complete on the target's reply.
     * Its address vector holds at most SMR_MAX_PEERS (256) peers, which it reports only as
     * domain_attr->ep_cnt; fi_av_open of a larger one fails with a bare -FI_ENOSYS. */
    { .prov = "shm", .no_delivery_complete = true, .amo_plain_fetch = true,
      .peers_max_ep_cnt = true },
};

const struct ro_ofi_quirk *ro_ofi_quirk_find(const char *prov_name)
{
    static const struct ro_ofi_quirk none = { .prov = "" };

    for (size_t i = 0; i < sizeof(ro_ofi_quirks) / sizeof(ro_ofi_quirks[0]); i++)
        if (strcmp(prov_name, ro_ofi_quirks[i].prov) == 0)
            return &ro_ofi_quirks[i];
    return &none;
}

/* Returns hints for fi_getinfo, or NULL when out of memory. prov_name may be NULL. hmem:
 * the heap is GPU memory, which the provider must register (FI_HMEM). */
struct fi_info *ro_ofi_hints_alloc(const char *prov_name, bool hmem)
{
    struct fi_info *hints = fi_allocinfo();

    if (!hints)
        return NULL;
    hints->ep_attr->type = ro_ofi_required.ep_type;
    hints->caps = ro_ofi_required.caps;
    hints->domain_attr->mr_mode = ro_ofi_required.mr_mode;
    hints->domain_attr->threading = ro_ofi_required.threading;
    hints->domain_attr->av_type = ro_ofi_required.av_type;
    if (hmem) {
        hints->caps |= FI_HMEM;
        hints->domain_attr->mr_mode |= FI_MR_HMEM;
    }
    /* tx op_flags stay at the provider default: completion semantics are chosen per post
     * (ro_ofi_quirks), since FI_DELIVERY_COMPLETE as a default op flag breaks shm. */
    if (prov_name) {
        hints->fabric_attr->prov_name = strdup(prov_name);
        if (!hints->fabric_attr->prov_name) {
            fi_freeinfo(hints);
            return NULL;
        }
    }
    return hints;
}

bool ro_ofi_addr_is_ip(uint32_t addr_format)
{
    return addr_format == FI_SOCKADDR || addr_format == FI_SOCKADDR_IN ||
           addr_format == FI_SOCKADDR_IN6;
}

/* How far one fi_info falls short of the hints: missing capability bits, or else the first
 * attribute it does not match. Writes a phrase into buf. fi_tostr returns one static buffer,
 * so each string is copied out before the next call. */
static void ro_ofi_info_shortfall(const struct fi_info *fi, const struct fi_info *hints,
                                  char *buf, size_t len)
{
    uint64_t missing = hints->caps & ~fi->caps;
    char want[128], have[128];

    if (fi->ep_attr->type != hints->ep_attr->type) {
        snprintf(want, sizeof(want), "%s", fi_tostr(&hints->ep_attr->type, FI_TYPE_EP_TYPE));
        snprintf(have, sizeof(have), "%s", fi_tostr(&fi->ep_attr->type, FI_TYPE_EP_TYPE));
        snprintf(buf, len, "no %s endpoint (it offers %s)", want, have);
    } else if (missing) {
        snprintf(buf, len, "missing capability %s", fi_tostr(&missing, FI_TYPE_CAPS));
    } else {
        snprintf(want, sizeof(want), "%s", fi_tostr(&hints->domain_attr->mr_mode,
                                                    FI_TYPE_MR_MODE));
        snprintf(have, sizeof(have), "%s", fi_tostr(&hints->domain_attr->threading,
                                                    FI_TYPE_THREADING));
        snprintf(buf, len, "has the capabilities but refuses threading %s, av FI_AV_TABLE "
                 "or mr_mode %s", have, want);
    }
}

/* Called when fi_getinfo found nothing for a provider the user named: asks the provider what
 * it does offer and logs what is missing, e.g. "provider net: missing capability FI_ATOMIC". */
void ro_ofi_hints_explain(const struct fi_info *hints, const char *prov_name)
{
    struct fi_info *probe = fi_allocinfo(), *list = NULL;
    char why[512] = "";
    int rc;

    if (!probe || !(probe->fabric_attr->prov_name = strdup(prov_name))) {
        RO_ERR("provider %s: no endpoint with the needed attributes", prov_name);
        goto free_probe;
    }
    rc = fi_getinfo(RO_OFI_VERSION, NULL, NULL, 0, probe, &list);
    if (rc) {
        RO_ERR("provider %s: not available here (fi_getinfo: %s); `fi_info -l` lists the "
               "providers, and FI_PROVIDER may be filtering it out", prov_name,
               fi_strerror(-rc));
        goto free_probe;
    }
    /* Report against the closest entry: an RDM one if there is any. */
    const struct fi_info *best = list;
    for (const struct fi_info *fi = list; fi; fi = fi->next)
        if (fi->ep_attr->type == hints->ep_attr->type) {
            best = fi;
            break;
        }
    ro_ofi_info_shortfall(best, hints, why, sizeof(why));
    RO_ERR("provider %s: %s", prov_name, why);
    fi_freeinfo(list);
free_probe:
    fi_freeinfo(probe);
}
