/* The libfabric transport as the proxy sees it. Every data-path call is made by the
 * proxy thread only, which is why the domain runs with FI_THREAD_DOMAIN and no locks.
 * Remote addresses are byte offsets into the target PE's registered heap. */
#ifndef RO_OFI_H
#define RO_OFI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "common/ro_dtype.h"
#include "common/ro_gpu_rt.h"

#define RO_OFI_NAME_MAX 256   /* bytes of an endpoint name exchanged through the bootstrap */

struct ro_ofi;

struct ro_ofi_params {
    const char *provider;   /* NULL or "": FI_PROVIDER, else first provider that fits */
    const char *iface;      /* NULL or "": provider default; e.g. "lo" */
    int pe, npes;
    int amo_emulate;        /* emulate every AMO with compare-and-swap (testing) */
    size_t max_msg;         /* 0, or a cap on bytes per libfabric operation (testing) */
    unsigned timeout_s;     /* bound on retrying -FI_EAGAIN and on an emulated AMO's wait */
    /* Not RO_HEAP_MEM_HOST: the heap is GPU memory of this kind and device (FI_HMEM): only
     * providers that can register it fit, and ro_ofi_open returns -ENODATA when none can. */
    enum ro_heap_mem hmem;
    int hmem_device;
};

/* What a peer needs to reach one symmetric region of this PE (common/ro_sym.h). */
struct ro_ofi_mr_info {
    uint64_t key;
    uint64_t base;          /* added to offsets: the region's address with FI_MR_VIRT_ADDR, else 0 */
};

/* Called by ro_ofi_progress (and by a post that has to wait for room) once for every
 * completed operation, with the token it was posted with. */
typedef void (*ro_ofi_done_fn)(void *token, void *arg);

/* Setup (main thread, before the proxy starts). Each returns 0 or a negative errno. */
int  ro_ofi_open(const struct ro_ofi_params *p, struct ro_ofi **out);
int  ro_ofi_ep_name(struct ro_ofi *o, void *name, size_t *len);
/* names: npes entries, RO_OFI_NAME_MAX bytes apart, in PE order. */
int  ro_ofi_av_insert(struct ro_ofi *o, const void *names);
/* Registers symmetric region `region` (RO_SYM_HEAP: the heap, in the memory ro_ofi_params
 * named; RO_SYM_DATA: the program's data, host memory) as a target of remote access. */
int  ro_ofi_mr_reg(struct ro_ofi *o, unsigned region, void *base, size_t len,
                   struct ro_ofi_mr_info *mine);
/* all: RO_SYM_REGIONS entries per PE, in PE order, as gathered from every PE's
 * ro_ofi_mr_reg (zeros for a region a PE did not register). */
int  ro_ofi_mr_peers(struct ro_ofi *o, const struct ro_ofi_mr_info *all);
int  ro_ofi_close(struct ro_ofi *o);

/* Data path (proxy thread). Non-blocking: each call returns how many completions `token`
 * will receive through the done callback (0 when the operation is already complete, more
 * than one for a fragmented put or get), or a negative errno after logging the cause (any
 * failure but -FI_EAGAIN, which is retried with progress up to a bound); the caller then
 * aborts the job. Completion means done at the target: data in its memory, AMO applied. */
void ro_ofi_on_done(struct ro_ofi *o, ro_ofi_done_fn fn, void *arg);
int  ro_ofi_put(struct ro_ofi *o, int pe, uint64_t roff, const void *src, size_t len,
                void *token);
int  ro_ofi_get(struct ro_ofi *o, int pe, uint64_t roff, void *dst, size_t len, void *token);
int  ro_ofi_amo(struct ro_ofi *o, int pe, uint64_t roff, enum ro_dt dt, enum ro_amo_op op,
                const void *operand, void *token);
/* Fetching AMO (SUM/BAND/BOR/BXOR/WRITE/READ/CSWAP); compare is used by CSWAP only. */
int  ro_ofi_amo_fetch(struct ro_ofi *o, int pe, uint64_t roff, enum ro_dt dt, enum ro_amo_op op,
                      const void *operand, const void *compare, void *result, void *token);
/* Drives provider progress (also for operations targeting this PE), hands completions to
 * the done callback and reports any completion error with fi_cq_strerror; returns a
 * negative errno after such an error. */
int  ro_ofi_progress(struct ro_ofi *o);
/* Whether operations to one target take effect there in the order they were posted
 * (the provider grants FI_ORDER_RAW, WAR and WAW for RMA and atomics): then a fence or the
 * signal of a put-with-signal needs no waiting at the initiator. */
bool ro_ofi_ordered(const struct ro_ofi *o);
/* The largest put sent with FI_INJECT: its source is copied before ro_ofi_put returns. */
size_t ro_ofi_inject_size(const struct ro_ofi *o);

/* For rocshmem_info and logs: provider name, and a multi-line capability description. */
const char *ro_ofi_provider_name(const struct ro_ofi *o);
/* Operations posted to the provider and not yet completed by it, the library's own
 * included (an emulated AMO's compare-and-swaps). */
uint64_t ro_ofi_in_flight(const struct ro_ofi *o);
void ro_ofi_describe(const struct ro_ofi *o, FILE *out);

#endif
