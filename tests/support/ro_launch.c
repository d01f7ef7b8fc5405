/* The host-thread launcher behind ro_launch.h: one pthread per thread of the launch,
 * each pointing ro_host_self at its place and its groups. */
#include "config.h"
#include "ro_launch.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#include "gpu/ro_arch_host_group.h"

struct ro_launch_thread {
    struct ro_host_thread self;
    void (*kernel)(void *arg);
    void *arg;
};

static void *ro_launch_main(void *p)
{
    struct ro_launch_thread *t = p;
    ro_host_self = &t->self;
    t->kernel(t->arg);
    ro_host_self = NULL;
    return NULL;
}

int ro_launch_thread_id(void) { return ro_thread_id(); }
int ro_launch_block_id(void) { return ro_block_id(); }
int ro_launch_lane_id(void) { return ro_lane_id(); }

int ro_launch(unsigned nblocks, unsigned block_dim, unsigned wave_size,
              void (*kernel)(void *arg), void *arg)
{
    unsigned nthreads = nblocks * block_dim, nwaves = nthreads / (wave_size ? wave_size : 1);
    struct ro_host_group *wgs = NULL, *waves = NULL;
    struct ro_launch_thread *threads = NULL;
    pthread_t *tids = NULL;
    unsigned made_wg = 0, made_wave = 0;
    int rc = -EINVAL;

    if (!nblocks || !block_dim || !wave_size || wave_size > 64 || block_dim % wave_size)
        return -EINVAL;
    rc = -ENOMEM;
    wgs = calloc(nblocks, sizeof(*wgs));
    waves = calloc(nwaves, sizeof(*waves));
    threads = calloc(nthreads, sizeof(*threads));
    tids = calloc(nthreads, sizeof(*tids));
    if (!wgs || !waves || !threads || !tids)
        goto out;
    for (rc = 0; made_wg < nblocks && !rc; made_wg += !rc)
        rc = ro_host_group_init(&wgs[made_wg], block_dim);
    for (; made_wave < nwaves && !rc; made_wave += !rc)
        rc = ro_host_group_init(&waves[made_wave], wave_size);
    for (unsigned i = 0; i < nthreads && !rc; i++) {
        threads[i] = (struct ro_launch_thread){
            .self = { .thread_id = i % block_dim, .block_id = i / block_dim,
                      .block_dim = block_dim, .wave_size = wave_size,
                      .wave = &waves[i / wave_size], .wg = &wgs[i / block_dim] },
            .kernel = kernel, .arg = arg,
        };
        /* Threads already started would wait forever at their first barrier: a launch
         * that cannot start every thread ends the test program. */
        if (pthread_create(&tids[i], NULL, ro_launch_main, &threads[i])) {
            perror("ro_launch: pthread_create");
            abort();
        }
    }
    for (unsigned i = 0; i < nthreads && !rc; i++)
        pthread_join(tids[i], NULL);
out:
    for (unsigned i = 0; i < made_wave; i++)
        ro_host_group_fini(&waves[i]);
    for (unsigned i = 0; i < made_wg; i++)
        ro_host_group_fini(&wgs[i]);
    free(tids);
    free(threads);
    free(waves);
    free(wgs);
    return rc;
}
