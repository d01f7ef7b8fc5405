/* Reproducer of a stall in libfabric 1.17's shm provider (README, "Known provider defects").
 * Every PE runs THREADS host threads; each, ITERS times, puts a few bytes with a signal add
 * to PE me+1 and adds 1 to a word on PE me+2, with a quiet every 16 rounds. At the end
 * every signal and every counter must read ITERS. On two busy cores one PE in a few runs
 * stops serving the atomics aimed at it: its peers' operations to it never complete, and
 * the job ends through ROCSHMEM_RO_TIMEOUT with "waited N s for completion". Run it with
 * contrib/repro/run_shm_amo_stall.sh. usage: shm_amo_stall [THREADS [ITERS]] */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include <rocshmem/rocshmem.h>

#define MAX_THREADS 64
#define SLOT 64

static int me, npes, iters;
static char *data;          /* SLOT bytes per thread, put to by PE me-1 */
static uint64_t *words;     /* [0, MAX_THREADS): signals; [MAX_THREADS, 2*MAX_THREADS): adds */
static char src[SLOT];

static void *worker(void *arg)
{
    const int t = (int)(intptr_t)arg;

    for (int i = 0; i < iters; i++) {
        rocshmem_putmem_signal_nbi(data + t * SLOT, src, 2 + (size_t)(i % 32), &words[t], 1,
                                   ROCSHMEM_SIGNAL_ADD, (me + 1) % npes);
        rocshmem_uint64_atomic_add(&words[MAX_THREADS + t], 1, (me + 2) % npes);
        if (i % 16 == 15)
            rocshmem_quiet();
    }
    rocshmem_quiet();
    return NULL;
}

int main(int argc, char **argv)
{
    const int nthreads = argc > 1 ? atoi(argv[1]) : 8;
    pthread_t th[MAX_THREADS];
    int provided, bad = 0;

    iters = argc > 2 ? atoi(argv[2]) : 6000;
    if (nthreads < 1 || nthreads > MAX_THREADS || iters < 1) {
        fprintf(stderr, "usage: %s [THREADS (1..%d) [ITERS]]\n", argv[0], MAX_THREADS);
        return 2;
    }
    if (rocshmem_init_thread(ROCSHMEM_THREAD_MULTIPLE, &provided) ||
        provided != ROCSHMEM_THREAD_MULTIPLE) {
        fprintf(stderr, "rocshmem_init_thread(MULTIPLE) failed\n");
        return 1;
    }
    me = rocshmem_my_pe();
    npes = rocshmem_n_pes();
    data = rocshmem_malloc(SLOT * MAX_THREADS);
    words = rocshmem_calloc(2 * MAX_THREADS, sizeof(uint64_t));
    if (!data || !words) {
        fprintf(stderr, "pe %d: symmetric allocation failed\n", me);
        rocshmem_global_exit(1);
    }
    printf("pe %d pid %d\n", me, (int)getpid());
    fflush(stdout);
    rocshmem_barrier_all();
    for (int t = 0; t < nthreads; t++)
        if (pthread_create(&th[t], NULL, worker, (void *)(intptr_t)t)) {
            fprintf(stderr, "pe %d: pthread_create failed\n", me);
            rocshmem_global_exit(1);
        }
    for (int t = 0; t < nthreads; t++)
        pthread_join(th[t], NULL);
    rocshmem_barrier_all();
    for (int t = 0; t < nthreads; t++)
        if (words[t] != (uint64_t)iters || words[MAX_THREADS + t] != (uint64_t)iters) {
            printf("pe %d thread %d: signal %llu, add %llu, want %d\n", me, t,
                   (unsigned long long)words[t], (unsigned long long)words[MAX_THREADS + t], iters);
            bad = 1;
        }
    printf("pe %d %s\n", me, bad ? "FAIL" : "ok");
    rocshmem_finalize();
    return bad;
}
