/* The libfabric transport as the proxy sees it. Every data-path call is made by the
 * proxy thread only, which is why the domain runs with FI_THREAD_DOMAIN and no locks.
 * Remote addresses are byte offsets into the target PE's registered heap. */
#ifndef RO_OFI_H
#define RO_OFI_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "common/ro_dtype.h"

#define RO_OFI_NAME_MAX 256   /* bytes of an endpoint name exchanged through the bootstrap */

struct ro_ofi;

struct ro_ofi_params {
    const char *provider;   /* NULL or "": FI_PROVIDER, else first provider that fits */
    const char *iface;      /* NULL or "": provider default; e.g. "lo" */
    int pe, npes;
    int amo_emulate;        /* emulate every AMO with compare-and-swap (testing) */
    size_t max_msg;         /* 0, or a cap on bytes per libfabric operation (testing) */
    unsigned timeout_s;     /* bound on retrying -FI_EAGAIN and on an emulated AMO's wait */
};

/* What a peer needs to reach this PE's heap. */
struct ro_ofi_mr_info {
    uint64_t key;
    uint64_t base;          /* added to offsets: the heap address with FI_MR_VIRT_ADDR, else 0 */
};

/* Operations posted to and completed by the provider so far. Writes and non-fetching AMOs
 * count on `w`, or on `r` where they are sent as fetching (shm) or emulated; reads and
 * fetching AMOs on `r`. A caller waiting for completion waits for both. */
struct ro_ofi_count {
    uint64_t w, r;
};

/* Setup (main thread, before the proxy starts). Each returns 0 or a negative errno. */
int  ro_ofi_open(const struct ro_ofi_params *p, struct ro_ofi **out);
int  ro_ofi_ep_name(struct ro_ofi *o, void *name, size_t *len);
/* names: npes entries, RO_OFI_NAME_MAX bytes apart, in PE order. */
int  ro_ofi_av_insert(struct ro_ofi *o, const void *names);
int  ro_ofi_mr_reg(struct ro_ofi *o, void *base, size_t len, struct ro_ofi_mr_info *mine);
/* all: npes entries in PE order, as gathered from every PE's ro_ofi_mr_reg. */
int  ro_ofi_mr_peers(struct ro_ofi *o, const struct ro_ofi_mr_info *all);
int  ro_ofi_close(struct ro_ofi *o);

/* Data path (proxy thread). Non-blocking: completion shows in ro_ofi_completed(). A call
 * retries -FI_EAGAIN with progress up to a bound; any other failure is logged with the
 * provider's message and returned as a negative errno, and the caller aborts the job. */
int  ro_ofi_put(struct ro_ofi *o, int pe, uint64_t roff, const void *src, size_t len);
int  ro_ofi_get(struct ro_ofi *o, int pe, uint64_t roff, void *dst, size_t len);
int  ro_ofi_amo(struct ro_ofi *o, int pe, uint64_t roff, enum ro_dt dt, enum ro_amo_op op,
                const void *operand);
/* Fetching AMO (SUM/BAND/BOR/BXOR/WRITE/READ/CSWAP); compare is used by CSWAP only. */
int  ro_ofi_amo_fetch(struct ro_ofi *o, int pe, uint64_t roff, enum ro_dt dt, enum ro_amo_op op,
                      const void *operand, const void *compare, void *result);
/* Drives provider progress (also for operations targeting this PE) and reports any
 * completion error with fi_cq_strerror; returns a negative errno after such an error. */
int  ro_ofi_progress(struct ro_ofi *o);
struct ro_ofi_count ro_ofi_posted(const struct ro_ofi *o);
struct ro_ofi_count ro_ofi_completed(struct ro_ofi *o);

/* For rocshmem_info and logs: provider name, and a multi-line capability description. */
const char *ro_ofi_provider_name(const struct ro_ofi *o);
void ro_ofi_describe(const struct ro_ofi *o, FILE *out);

#endif
