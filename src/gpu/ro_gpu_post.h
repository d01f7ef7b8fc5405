/* Producer side of a ring, and every wait an API call makes on the proxy. Each wait
 * is bounded by ROCSHMEM_RO_TIMEOUT and names its API when it gives up, so a dead peer
 * or a stuck proxy becomes a message, not a hang. */
#ifndef RO_GPU_POST_H
#define RO_GPU_POST_H

#include <string.h>

#include "gpu/ro_arch.h"
#include "gpu/ro_gpu.h"

RO_DEVICE struct ro_ctx *ro_gpu_ctx(rocshmem_ctx_t ctx)
{
    return (struct ro_ctx *)ctx.ctx_opaque;
}

/* Spin briefly, then yield, then sleep: four PEs and their proxies share two cores.
 * Yielding lasts long (ms) because any sleep costs at least the timer slack (50 us). */
RO_DEVICE void ro_gpu_backoff(unsigned *iter)
{
    unsigned i = (*iter)++;
    if (i < 32)
        ro_cpu_relax();
    else if (i < 20000)
        ro_yield();
    else
        ro_nanosleep(20000);
}

void ro_gpu_timeout(const char *api, const char *what, uint64_t have, uint64_t want);

/* Brackets a wait that did not succeed at once, so the proxy keeps polling meanwhile. */
RO_DEVICE void ro_gpu_wait_begin(void)
{
    ro_atomic_add64(&ro_gpu_state.activity->waiters, 1);
}

RO_DEVICE void ro_gpu_wait_end(void)
{
    ro_atomic_add64(&ro_gpu_state.activity->waiters, (uint64_t)-1);
}

/* Waits until *word >= want (or > want-1 for tickets), bounded. */
RO_DEVICE void ro_gpu_wait_ge(const uint64_t *word, uint64_t want, const char *api, const char *what)
{
    unsigned iter = 0;
    uint64_t start = 0, v;
    if (ro_load_acquire64_sys(word) >= want)
        return;
    ro_gpu_wait_begin();
    while ((v = ro_load_acquire64_sys(word)) < want) {
        ro_gpu_backoff(&iter);
        if ((iter & 255) == 0) {
            uint64_t now = ro_clock_ns();
            if (!start)
                start = now;
            else if (now - start > ro_gpu_state.timeout_ns)
                ro_gpu_timeout(api, what, v, want);
        }
    }
    ro_gpu_wait_end();
}

/* Reserves a ticket, waits for its slot to be free, writes `d` with seq last.
 * Returns the ticket; the descriptor is complete once ring->done > ticket. */
RO_DEVICE uint64_t ro_gpu_post(struct ro_ring *r, const struct ro_desc *d, const char *api)
{
    uint64_t t = ro_atomic_add64(&r->tail, 1);
    struct ro_desc *slot = &r->slots[t & r->mask];

    /* head_cache only ever holds a value head once had, so it never overstates space. */
    if (t - ro_load_volatile64(&r->head_cache) >= r->size) {
        ro_gpu_wait_ge(&r->head, t - r->size + 1, api, "a free ring slot");
        __atomic_store_n(&r->head_cache, ro_load_volatile64(&r->head), __ATOMIC_RELAXED);
    }
    memcpy(slot, d, offsetof(struct ro_desc, seq));
    /* Release: the descriptor's fields above must be visible before the proxy sees seq. */
    ro_store_release64_sys(&slot->seq, t + 1);
    return t;
}

/* Posts and waits for completion (blocking put/get, fetching AMOs). */
RO_DEVICE void ro_gpu_post_wait(struct ro_ring *r, const struct ro_desc *d, const char *api)
{
    uint64_t t = ro_gpu_post(r, d, api);
    ro_gpu_wait_ge(&r->done, t + 1, api, "completion of the operation");
}

/* Waits for everything posted to `r` so far. */
RO_DEVICE void ro_gpu_ring_quiet(struct ro_ring *r, const char *api)
{
    ro_gpu_wait_ge(&r->done, ro_load_volatile64(&r->tail), api, "completion of all operations");
}

/* Argument checks shared by every remote-access API: 0 when `pe` is valid and
 * [addr, addr + len) lies in the symmetric heap; else logs and returns -1, and the
 * caller drops the operation (a get/fetch then returns zeros). */
int ro_gpu_check(const char *api, const void *addr, size_t len, int pe);

RO_DEVICE uint64_t ro_gpu_heap_off(const void *addr)
{
    return (uint64_t)((const uint8_t *)addr - ro_gpu_state.heap_base);
}

#endif
