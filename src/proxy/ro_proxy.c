/* Proxy lifetime and its set of rings: what init, finalize and context creation call. */
#include "config.h"
#include "proxy/ro_proxy_int.h"

#include <errno.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/ro_log.h"
#include "proxy/ro_ring_mem.h"

/* Sleeping when idle pays only where the proxies share the cores with their PEs (several
 * PEs on a small node, as in CI): elsewhere the proxy has a core to itself, and a request
 * arriving during a sleep waits out the rest of it. */
static bool ro_proxy_cores_shared(int local_size)
{
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    bool shared = cores > 0 && cores < 2L * (local_size > 0 ? local_size : 1);

    RO_INFO("%ld cores for %d PEs on this node: the idle proxy %s", cores, local_size,
            shared ? "yields, then sleeps" : "only yields");
    return shared;
}

int ro_proxy_open(const struct ro_proxy_params *params, struct ro_proxy **out)
{
    struct ro_proxy *p = calloc(1, sizeof(*p));
    int rc;

    if (!p)
        return -ENOMEM;
    p->xport = (struct ro_xport){ .ops = params->xport, .obj = params->xport_obj };
    p->ordered = ro_xport_ordered(&p->xport);
    p->merge_max = ro_xport_inject_max(&p->xport);
    if (p->merge_max > RO_PROXY_MERGE_MAX)
        p->merge_max = RO_PROXY_MERGE_MAX;
    p->mem = params->mem;
    p->may_sleep = ro_proxy_cores_shared(params->local_size);
    p->ring_size = params->ring_size;
    p->max_rings = params->max_rings;
    p->bitmap_words = (params->npes + 63) / 64;
    p->npes = params->npes;
    p->heap_bound = params->heap_size ? params->heap_size : UINT64_MAX;
    p->data_bound = params->data_size;
    p->fatal = params->fatal;
    p->activity = params->activity;
    p->rings = calloc(p->max_rings, sizeof(*p->rings));
    p->bitmaps = calloc((size_t)p->max_rings * 2 * p->bitmap_words, sizeof(uint64_t));
    if (!p->rings || !p->bitmaps) {
        rc = -ENOMEM;
        goto err_rings;
    }
    rc = pthread_mutex_init(&p->rings_lock, NULL);
    if (rc) {
        RO_SYS_ERR("pthread_mutex_init", rc);
        rc = -rc;
        goto err_rings;
    }
    rc = ro_proxy_pin_open(p, params);
    if (rc)
        goto err_lock;
    rc = pthread_create(&p->thread, NULL, ro_proxy_main, p);
    if (rc) {
        RO_SYS_ERR("pthread_create(proxy)", rc);
        rc = -rc;
        goto err_pin;
    }
    *out = p;
    return 0;

err_pin:
    ro_proxy_pin_close(p);
err_lock:
    pthread_mutex_destroy(&p->rings_lock);
err_rings:
    free(p->bitmaps);
    free(p->rings);
    free(p);
    return rc;
}

int ro_proxy_close(struct ro_proxy *p)
{
    int rc;

    __atomic_store_n(&p->stop, 1, __ATOMIC_RELEASE);
    rc = pthread_join(p->thread, NULL);
    if (rc)
        RO_SYS_ERR("pthread_join(proxy)", rc);
    for (unsigned i = 0; i < p->max_rings; i++)
        ro_ring_destroy(p->mem, p->rings[i].ring);
    ro_proxy_pin_close(p);
    pthread_mutex_destroy(&p->rings_lock);
    free(p->bitmaps);
    free(p->rings);
    free(p);
    return -rc;
}

int ro_proxy_ring_add(struct ro_proxy *p, const struct ro_mem_ops *prod_mem, struct ro_ring **out)
{
    struct ro_ring *r;
    unsigned i;
    int rc;

    pthread_mutex_lock(&p->rings_lock);
    for (i = 0; i < p->max_rings && p->rings[i].ring; i++)
        ;
    if (i == p->max_rings) {
        rc = -EBUSY;
        goto out;
    }
    rc = ro_ring_create(p->mem, prod_mem, p->ring_size, &r);
    if (rc)
        goto out;
    /* The proxy skips this slot while its ring is NULL, so the state after the ring
     * pointer, which the proxy polls, may be reset here. */
    memset(&p->rings[i].next, 0, sizeof(p->rings[i]) - offsetof(struct ro_proxy_ring, next));
    ro_proxy_order_reset(p, &p->rings[i], i);
    /* Release: the reset state above must be seen by the proxy before the ring. */
    __atomic_store_n(&p->rings[i].ring, r, __ATOMIC_RELEASE);
    *out = r;
out:
    pthread_mutex_unlock(&p->rings_lock);
    return rc;
}

void ro_proxy_ring_remove(struct ro_proxy *p, struct ro_ring *r)
{
    uint64_t seen;

    pthread_mutex_lock(&p->rings_lock);
    for (unsigned i = 0; i < p->max_rings; i++)
        if (p->rings[i].ring == r)
            __atomic_store_n(&p->rings[i].ring, NULL, __ATOMIC_RELEASE);
    pthread_mutex_unlock(&p->rings_lock);
    /* Two full passes of the loop after the store: no pass can still hold `r`. */
    seen = __atomic_load_n(&p->loops, __ATOMIC_ACQUIRE);
    while (__atomic_load_n(&p->loops, __ATOMIC_ACQUIRE) < seen + 2)
        sched_yield();
    ro_ring_destroy(p->mem, r);
}

int ro_proxy_sleeps(const struct ro_proxy *p)
{
    return p->may_sleep;
}

int ro_proxy_cpu(const struct ro_proxy *p)
{
    return p->cpu;
}
