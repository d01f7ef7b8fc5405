/* Creating the host thread groups that ro_arch_host.h synchronises (test support). */
#ifndef RO_ARCH_HOST_GROUP_H
#define RO_ARCH_HOST_GROUP_H

#include <pthread.h>
#include <stdint.h>

#include "gpu/ro_arch.h"

struct ro_host_group {
    pthread_barrier_t bar;
    unsigned size;
    uint64_t *slots;
};

int  ro_host_group_init(struct ro_host_group *g, unsigned size);
void ro_host_group_fini(struct ro_host_group *g);

#endif
