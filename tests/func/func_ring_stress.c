/* The ring under load through the whole library and a real provider: on PE 0, 8 threads
 * (ROCSHMEM_THREAD_MULTIPLE) issue random-size rocshmem_putmem_nbi (1-64 bytes, seeded)
 * into their own areas of PE 1's symmetric buffer, all on the default context's ring,
 * which is kept small (ROCSHMEM_RO_RING_SIZE=256 unless set) so the threads keep finding
 * it full. Then quiet and barrier, and PE 1 checks every byte of the buffer, including
 * that nothing landed past each thread's last put. 10^6 puts on shm; tcp and sockets
 * move fewer (ops_total) to stay well under the run's timeout on two cores;
 * FUNC_RING_STRESS_OPS sets the count. */
#include "ro_test.h"

#include <pthread.h>
#include <stdint.h>

#define NTHREADS 8
#define MAX_LEN 64
#define SEED 0x5eed2026u
#define RING_SIZE "256"

static long per_thread;
static size_t area;        /* bytes per thread in dst: per_thread * MAX_LEN */
static uint8_t *dst;       /* symmetric: NTHREADS areas, written on PE 1 only */

/* Puts in the whole run. On this 2-core machine, alone: shm about 150-180 k puts/s (10^6
 * in 6-7 s), tcp (tcp;ofi_rxm) about 60 k/s, sockets about 20 k/s; two to five times
 * slower while other jobs share the cores, so tcp and sockets move fewer. */
static long ops_total(void)
{
    const char *p = getenv("ROCSHMEM_RO_PROVIDER");
    /* The sanitizer runs (tests/unit/sanitize.sh) take fewer: TSan slows each put ~10x. */
    const char *over = getenv("FUNC_RING_STRESS_OPS");
    if (over && atol(over) > 0)
        return atol(over);
    if (p && !strcmp(p, "sockets"))
        return 20000;
    if (p && !strcmp(p, "tcp"))
        return 100000;
    return 1000000;
}

/* splitmix64: a thread's put sizes and bytes are a fixed function of SEED and the thread,
 * so PE 1 can replay them. */
static uint64_t gen_next(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static uint64_t gen_seed(int t)
{
    return SEED ^ ((uint64_t)(t + 1) << 40);
}

static size_t gen_len(uint64_t *s, uint64_t *bytes)
{
    size_t len = 1 + gen_next(s) % MAX_LEN;
    *bytes = gen_next(s);
    return len;
}

static uint8_t put_byte(uint64_t bytes, size_t k)
{
    return (uint8_t)((bytes >> ((k & 7) * 8)) + (k >> 3) * 0x9d);
}

/* Each put's source stays untouched until the quiet after the join: the buffer is as
 * large as everything the thread sends, and main frees it after the quiet. */
static void *worker(void *arg)
{
    int t = (int)(intptr_t)arg;
    uint64_t gen = gen_seed(t), bytes;
    uint8_t *src = malloc(area), *remote = dst + (size_t)t * area;
    size_t off = 0;

    RT_CHECK("malloc", "-", src != NULL, "thread %d: out of memory", t);
    for (long n = 0; n < per_thread; n++) {
        size_t len = gen_len(&gen, &bytes);
        for (size_t k = 0; k < len; k++)
            src[off + k] = put_byte(bytes, k);
        rocshmem_putmem_nbi(remote + off, src + off, len, 1);
        off += len;
    }
    return src;
}

static void send_all(void)
{
    pthread_t th[NTHREADS];
    void *src[NTHREADS];
    double t0 = rt_now(), secs;

    rt_step("%d threads issuing %ld putmem_nbi each", NTHREADS, per_thread);
    for (int t = 0; t < NTHREADS; t++)
        RT_CHECK("pthread_create", "-", !pthread_create(&th[t], NULL, worker, (void *)(intptr_t)t),
                 "thread %d", t);
    for (int t = 0; t < NTHREADS; t++)
        pthread_join(th[t], &src[t]);
    rt_step("rocshmem_quiet after the threads joined");
    rocshmem_quiet();
    secs = rt_now() - t0;
    for (int t = 0; t < NTHREADS; t++)
        free(src[t]);
    printf("func_ring_stress: %ld putmem_nbi from %d threads in %.2f s (%.0f puts/s), ring %s\n",
           per_thread * NTHREADS, NTHREADS, secs, per_thread * NTHREADS / secs,
           getenv("ROCSHMEM_RO_RING_SIZE"));
}

static void check_area(int t)
{
    static const uint8_t zeros[4096];
    uint64_t gen = gen_seed(t), bytes;
    const uint8_t *base = dst + (size_t)t * area, *at = base, *end = base + area;
    uint8_t want[MAX_LEN];

    for (long n = 0; n < per_thread; n++) {
        size_t len = gen_len(&gen, &bytes);
        for (size_t k = 0; k < len; k++)
            want[k] = put_byte(bytes, k);
        if (memcmp(at, want, len))
            for (size_t k = 0; k < len; k++)
                if (at[k] != want[k])
                    RT_FAIL("putmem_nbi from threads", "uint8",
                            "thread %d put %ld (%zu bytes at offset %zu): byte %zu is %u, "
                            "expected %u", t, n, len, (size_t)(at - dst), k, at[k], want[k]);
        at += len;
        RT_COUNT(1);
    }
    for (size_t n; at < end; at += n) {   /* past the last put: never written */
        n = (size_t)(end - at) < sizeof(zeros) ? (size_t)(end - at) : sizeof(zeros);
        if (memcmp(at, zeros, n))
            for (size_t k = 0; k < n; k++)
                if (at[k])
                    RT_FAIL("putmem_nbi from threads", "uint8",
                            "thread %d: stray byte %u at offset %zu, past its last put", t,
                            at[k], (size_t)(at + k - dst));
    }
}

int main(void)
{
    int provided = -1;

    /* Before init: a small ring, so the eight threads keep meeting a full one. */
    setenv("ROCSHMEM_RO_RING_SIZE", RING_SIZE, 0);
    RT_CHECK("init_thread", "-",
             rocshmem_init_thread(ROCSHMEM_THREAD_MULTIPLE, &provided) == ROCSHMEM_SUCCESS &&
             provided == ROCSHMEM_THREAD_MULTIPLE, "provided %d", provided);
    rt_begin("func_ring_stress", 2);
    per_thread = ops_total() / NTHREADS;
    area = (size_t)per_thread * MAX_LEN;
    dst = rocshmem_calloc(NTHREADS, area);
    RT_CHECK("rocshmem_calloc", "-", dst != NULL, "returned NULL");

    if (rocshmem_my_pe() == 0)
        send_all();
    rt_step("barrier after PE 0's quiet");
    rocshmem_barrier_all();
    if (rocshmem_my_pe() == 1) {
        double t0 = rt_now();
        rt_step("PE 1 checking every byte");
        for (int t = 0; t < NTHREADS; t++)
            check_area(t);
        printf("func_ring_stress: PE 1 checked %ld puts and every byte of its %zu in %.2f s\n",
               per_thread * NTHREADS, NTHREADS * area, rt_now() - t0);
    }
    rt_step("rocshmem_free");
    rocshmem_free(dst);
    return rt_end();
}
