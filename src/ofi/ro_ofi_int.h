/* Private to src/ofi: the transport object every ro_ofi_*.c file works on, the check macro
 * and the helpers the files share. The proxy sees only ro_ofi.h; nothing here leaves the
 * folder. */
#ifndef RO_OFI_INT_H
#define RO_OFI_INT_H

#include "ofi/ro_ofi.h"

#include <stdbool.h>
#include <stdint.h>

#include <rdma/fabric.h>
#include <rdma/fi_atomic.h>
#include <rdma/fi_cm.h>
#include <rdma/fi_domain.h>
#include <rdma/fi_endpoint.h>
#include <rdma/fi_errno.h>
#include <rdma/fi_rma.h>

#include "common/ro_log.h"
#include "common/ro_sym.h"

/* The oldest libfabric API configure accepts; every attribute used here exists in it. */
#define RO_OFI_VERSION FI_VERSION(1, 10)


/* Checks a libfabric call that returns 0 or a negative FI_ errno. On failure logs
 * "fi_xxx(...): <fi_strerror> (<rc>)", stores rc in the caller's `ret` and jumps to `label`.
 * FI_ errnos are negated errno values, so `ret` is already a negative errno. */
#define RO_OFI_CHECK(call, label)                                                          \
    do {                                                                                   \
        ssize_t rc_ = (call);                                                              \
        if (RO_UNLIKELY(rc_ < 0)) {                                                        \
            RO_ERR("%s: %s (%zd)", #call, fi_strerror((int)-rc_), rc_);                    \
            ret = (int)rc_;                                                                \
            goto label;                                                                    \
        }                                                                                  \
    } while (0)

/* Posts with `call` (re-evaluated on every try) for pe `pe`: retries -FI_EAGAIN with
 * progress for up to wait_sec; on failure logs, stores a negative errno in the
 * caller's `ret` and jumps to `label`. */
#define RO_OFI_POST(o, pe, call, label)                                                    \
    do {                                                                                   \
        struct ro_ofi_wait w_;                                                             \
        bool waiting_ = false;                                                             \
        ssize_t rc_;                                                                       \
        while ((rc_ = (call)) == -FI_EAGAIN) {                                             \
            if (!waiting_)                                                                 \
                ro_ofi_wait_start(o, &w_);                                                    \
            waiting_ = true;                                                               \
            ret = ro_ofi_eagain((o), &w_, #call, (pe));                                    \
            if (ret)                                                                       \
                goto label;                                                                \
        }                                                                                  \
        if (RO_UNLIKELY(rc_ < 0)) {                                                        \
            RO_ERR("%s to pe %d: %s (%zd)", #call, (pe), fi_strerror((int)-rc_), rc_);      \
            ret = (int)rc_;                                                                \
            goto label;                                                                    \
        }                                                                                  \
    } while (0)

/* Argument checks worth their cost only in debug builds: the proxy decodes pe itself. */
#ifdef RO_ENABLE_DEBUG
#define RO_OFI_PE_CHECK(o, pe)                                                             \
    do {                                                                                   \
        if ((pe) < 0 || (pe) >= (o)->npes || !(o)->addrs || !(o)->peers) {                 \
            RO_ERR("pe %d: out of range (npes %d) or peers not set up", (pe), (o)->npes);  \
            return -EINVAL;                                                                \
        }                                                                                  \
    } while (0)
#else
#define RO_OFI_PE_CHECK(o, pe) do { } while (0)
#endif

/* How an AMO (datatype, operation, form) is carried out. */
enum ro_ofi_amo_how {
    RO_OFI_AMO_NONE = 0,  /* not offered: no such form, or no compare-and-swap to build it on */
    RO_OFI_AMO_NATIVE,    /* one fi_atomic / fi_fetch_atomic / fi_compare_atomic */
    RO_OFI_AMO_EMULATED   /* compare-and-swap loop on the same-size unsigned type */
};

enum ro_ofi_amo_form { RO_OFI_AMO_PLAIN = 0, RO_OFI_AMO_FETCH = 1, RO_OFI_AMO_FORMS = 2 };

struct ro_ofi {
    /* Written at setup, read-only on the data path. */
    struct fi_info *info;
    struct fid_fabric *fabric;
    struct fid_domain *domain;
    struct fid_av *av;
    struct fid_cq *cq;              /* one entry per completed operation, or its error */
    struct fid_ep *ep;
    struct fid_mr *mr[RO_SYM_REGIONS];
    /* How long a data-path call retries -FI_EAGAIN, and how long an emulated AMO waits
     * for its own completions, before it gives up and reports what it was doing. */
    unsigned wait_sec;
    fi_addr_t *addrs;               /* npes entries, from ro_ofi_av_insert */
    /* npes * RO_SYM_REGIONS entries, from ro_ofi_mr_peers: ro_ofi_target reads them. */
    struct ro_ofi_mr_info *peers;
    int pe, npes;
    bool virt_addr;                 /* FI_MR_VIRT_ADDR came back: remote addresses are virtual */
    bool prov_key;                  /* FI_MR_PROV_KEY came back: the provider picks MR keys */
    bool mr_endpoint;               /* FI_MR_ENDPOINT came back: bind the MR to the endpoint */
    uint64_t write_flags;           /* on every put and non-fetching AMO (ro_ofi_quirk) */
    bool amo_plain_fetch;           /* non-fetching AMOs go out as fetching ones (ro_ofi_quirk) */
    bool ordered;                   /* see ro_ofi_ordered */
    enum fi_hmem_iface hmem_iface;  /* FI_HMEM_SYSTEM, or the GPU kind of a device heap */
    int hmem_device;
    size_t inject_size;             /* puts and AMOs up to this size go out with FI_INJECT */
    size_t max_msg;                 /* fragment size for put/get */
    unsigned char amo[RO_DT_COUNT][RO_AMO_COUNT][RO_OFI_AMO_FORMS];  /* enum ro_ofi_amo_how */

    ro_ofi_done_fn done;            /* the proxy's completion callback and its argument */
    void *done_arg;

    /* Written by the data path (proxy thread) only. */
    uint64_t posted, completed;     /* operations, for timeout messages */
    uint64_t amo_discard;           /* result of non-fetching AMOs sent as fetching; unread */
    bool cas_done;                  /* set when the emulation's own compare-and-swap completes */
};

/* Where symmetric offset roff (common/ro_sym.h) lands on PE pe: the address a post sends
 * and the key of the region it falls in. The proxy has bounded the offset per region. */
struct ro_ofi_target {
    uint64_t addr, key;
};
static inline struct ro_ofi_target ro_ofi_target(const struct ro_ofi *o, int pe, uint64_t roff)
{
    const struct ro_ofi_mr_info *r = &o->peers[(size_t)pe * RO_SYM_REGIONS + RO_SYM_REGION(roff)];

    return (struct ro_ofi_target){ .addr = r->base + RO_SYM_REGION_OFF(roff), .key = r->key };
}

/* What a provider needs beyond the standard calls for completion to mean "done at the
 * target", which is what the proxy's quiet relies on. */
struct ro_ofi_quirk {
    const char *prov;
    bool no_delivery_complete;      /* do not ask for FI_DELIVERY_COMPLETE */
    bool amo_plain_fetch;           /* send non-fetching AMOs as fetching ones */
    bool peers_max_ep_cnt;          /* domain_attr->ep_cnt also caps the address vector */
};

/* ro_ofi_attr.c: required attributes and the code tables. */
extern const enum fi_datatype ro_ofi_dt[RO_DT_COUNT];
extern const enum fi_op ro_ofi_op[RO_AMO_COUNT];
extern const enum fi_datatype ro_ofi_dt_uint_of_size[9];  /* index: size in bytes 1, 2, 4, 8 */
struct fi_info *ro_ofi_hints_alloc(const char *prov_name, bool hmem);
const struct ro_ofi_quirk *ro_ofi_quirk_find(const char *prov_name);
void ro_ofi_hints_explain(const struct fi_info *hints, const char *prov_name);
bool ro_ofi_addr_is_ip(uint32_t addr_format);

/* ro_ofi_ep.c: fabric, domain, completion objects, endpoint. */
int  ro_ofi_ep_open(struct ro_ofi *o);
void ro_ofi_ep_close(struct ro_ofi *o);

/* ro_ofi_atomic.c: the AMO table. */
int  ro_ofi_atomic_query(struct ro_ofi *o, int emulate, int level);
void ro_ofi_atomic_describe(const struct ro_ofi *o, FILE *out);

/* ro_ofi_progress.c: bounded waiting for the other data-path files. */
struct ro_ofi_wait {
    uint64_t end_ns;
    unsigned spins;
};
void ro_ofi_wait_start(const struct ro_ofi *o, struct ro_ofi_wait *w);
/* One more round of waiting: yields the CPU now and then; false once wait_sec passed. */
bool ro_ofi_wait_step(struct ro_ofi_wait *w);
/* Called after a post returned -FI_EAGAIN: drives progress, returns 0 to retry, or a negative
 * errno (a completion error, or the bound passed: then `what` names the retried call). */
int  ro_ofi_eagain(struct ro_ofi *o, struct ro_ofi_wait *w, const char *what, int pe);
/* The token of the emulation's own compare-and-swap: progress sets cas_done for it
 * instead of calling the proxy. */
extern char ro_ofi_cas_token;
/* Waits until o->cas_done, driving progress. */
int  ro_ofi_wait_cas(struct ro_ofi *o, const char *what, int pe);

#endif
