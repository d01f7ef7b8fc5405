/* Waves and workgroups of host threads: a barrier and one exchange word per member,
 * which is all ballot and broadcast need. Used only inside a test-support launch. */
#include "config.h"
#include "gpu/ro_arch_host_group.h"

#include <errno.h>
#include <stdlib.h>

#include "common/ro_log.h"

__thread const struct ro_host_thread *ro_host_self;

int ro_host_group_init(struct ro_host_group *g, unsigned size)
{
    int rc;
    g->size = size;
    g->slots = calloc(size, sizeof(*g->slots));
    if (!g->slots)
        return -ENOMEM;
    rc = pthread_barrier_init(&g->bar, NULL, size);
    if (rc) {
        RO_SYS_ERR("pthread_barrier_init", rc);
        free(g->slots);
        return -rc;
    }
    return 0;
}

void ro_host_group_fini(struct ro_host_group *g)
{
    pthread_barrier_destroy(&g->bar);
    free(g->slots);
}

void ro_host_group_barrier(struct ro_host_group *g)
{
    pthread_barrier_wait(&g->bar);
}

/* Each member publishes, all meet, each reads, all meet again so that the slots may be
 * reused by the next collective. pthread barriers order the memory accesses around them. */
uint64_t ro_host_group_ballot(struct ro_host_group *g, unsigned idx, int pred)
{
    uint64_t mask = 0;
    g->slots[idx] = pred != 0;
    pthread_barrier_wait(&g->bar);
    for (unsigned i = 0; i < g->size && i < 64; i++)
        mask |= g->slots[i] << i;
    pthread_barrier_wait(&g->bar);
    return mask;
}

uint64_t ro_host_group_bcast(struct ro_host_group *g, unsigned idx, uint64_t v, unsigned src)
{
    uint64_t out;
    if (idx == src)
        g->slots[src] = v;
    pthread_barrier_wait(&g->bar);
    out = g->slots[src];
    pthread_barrier_wait(&g->bar);
    return out;
}
