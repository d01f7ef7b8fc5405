/* Provider progress and completions, called by the proxy in its loop: drains the CQ, one
 * entry per completed operation carrying the token it was posted with, and reports errors;
 * also the bounded waits of the other data-path files. */
#include "config.h"
#include "ofi/ro_ofi_int.h"

#include <errno.h>
#include <inttypes.h>
#include <sched.h>
#include <time.h>

#include <rdma/fi_eq.h>

#define RO_OFI_CQ_BATCH 8

static uint64_t ro_ofi_now_ns(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* Reads one error entry and says which kind of operation failed and why, in libfabric's
 * words and the provider's. Returns the error as a negative errno. */
static int ro_ofi_cq_error(struct ro_ofi *o)
{
    struct fi_cq_err_entry err = { 0 };
    char flags[128], prov_msg[256];
    ssize_t n;
    int ret;

    n = fi_cq_readerr(o->cq, &err, 0);
    if (n < 0) {
        RO_ERR("fi_cq_readerr(cq, &err, 0): %s (%zd)", fi_strerror((int)-n), n);
        return (int)n;
    }
    snprintf(flags, sizeof(flags), "%s", fi_tostr(&err.flags, FI_TYPE_CQ_EVENT_FLAGS));
    RO_ERR("operation [%s] failed: %s (%d); provider %s says: %s (%d)", flags,
           fi_strerror(err.err), err.err, o->info->fabric_attr->prov_name,
           fi_cq_strerror(o->cq, err.prov_errno, err.err_data, prov_msg, sizeof(prov_msg)),
           err.prov_errno);
    ret = err.err > 0 ? -err.err : -EIO;
    return ret;
}

char ro_ofi_cas_token;

void ro_ofi_on_done(struct ro_ofi *o, ro_ofi_done_fn fn, void *arg)
{
    o->done = fn;
    o->done_arg = arg;
}

static void ro_ofi_complete(struct ro_ofi *o, void *token)
{
    o->completed++;
    if (token == &ro_ofi_cas_token)
        o->cas_done = true;
    else
        o->done(token, o->done_arg);
}

int ro_ofi_progress(struct ro_ofi *o)
{
    struct fi_cq_entry entries[RO_OFI_CQ_BATCH];
    ssize_t n;

    /* Reading the CQ is also what moves tcp and shm along, including the atomics other PEs
     * aim at this PE, so it runs even when nothing of ours is outstanding. */
    while ((n = fi_cq_read(o->cq, entries, RO_OFI_CQ_BATCH)) > 0) {
        for (ssize_t i = 0; i < n; i++)
            ro_ofi_complete(o, entries[i].op_context);
        if (n < RO_OFI_CQ_BATCH)
            break;
    }
    if (RO_LIKELY(n == -FI_EAGAIN || n >= 0))
        return 0;
    if (n == -FI_EAVAIL)
        return ro_ofi_cq_error(o);
    RO_ERR("fi_cq_read(cq, entries, %d): %s (%zd)", RO_OFI_CQ_BATCH, fi_strerror((int)-n), n);
    return (int)n;
}

bool ro_ofi_ordered(const struct ro_ofi *o)
{
    return o->ordered;
}

void ro_ofi_wait_start(const struct ro_ofi *o, struct ro_ofi_wait *w)
{
    w->end_ns = ro_ofi_now_ns() + (uint64_t)o->wait_sec * 1000000000u;
    w->spins = 0;
}

bool ro_ofi_wait_step(struct ro_ofi_wait *w)
{
    /* The target may share our core (2 vCPUs here, or an oversubscribed node) and must run
     * to make progress: give the CPU away now and then instead of spinning flat out. */
    if (++w->spins % 16 == 0)
        sched_yield();
    return ro_ofi_now_ns() < w->end_ns;
}

/* Counts, for a timeout message, so it shows how far completion got. */
static void ro_ofi_log_counts(struct ro_ofi *o, const char *what, int pe, const char *why)
{
    RO_ERR("%s to pe %d: %s after %d s; %" PRIu64 " operations posted, %" PRIu64
           " completed (is pe %d driving progress?)", what, pe, why, o->wait_sec, o->posted,
           o->completed, pe);
}

int ro_ofi_eagain(struct ro_ofi *o, struct ro_ofi_wait *w, const char *what, int pe)
{
    int ret = ro_ofi_progress(o);

    if (ret)
        return ret;
    if (!ro_ofi_wait_step(w)) {
        ro_ofi_log_counts(o, what, pe, "provider still returns -FI_EAGAIN");
        return -ETIMEDOUT;
    }
    return 0;
}

int ro_ofi_wait_cas(struct ro_ofi *o, const char *what, int pe)
{
    struct ro_ofi_wait w;
    int ret;

    ro_ofi_wait_start(o, &w);
    while (!o->cas_done) {
        ret = ro_ofi_progress(o);
        if (ret)
            return ret;
        if (!ro_ofi_wait_step(&w)) {
            ro_ofi_log_counts(o, what, pe, "not complete");
            return -ETIMEDOUT;
        }
    }
    return 0;
}
