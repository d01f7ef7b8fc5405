/* Ring throughput and latency with 1, 2, 4 and 8 producer threads. A benchmark, not a test.
 *   ring_bench null  one proxy thread over the null transport (no network: every operation
 *                    completes when posted), producers calling ro_gpu_post directly: the
 *                    ring and the proxy alone. One ring shared by all threads, and one ring
 *                    per thread. Producers run on every core but the proxy's (when there
 *                    is another), so each descriptor crosses cores as it would from a GPU
 *                    and producers never wait for the proxy to be scheduled.
 *   ring_bench ofi   the whole library over a provider, as 2 PEs (mpiexec.hydra -n 2): PE 0
 *                    threads call rocshmem_long_p, then PE 0 quiets; PE 1 is the target.
 * Figures: descriptors/s of nbi p-style puts (8 bytes inline in the descriptor), from the
 * first post until all have completed, the median of REPS runs (the spread is printed too);
 * latency of a blocking 8-byte put (post, then wait for its completion), the mean over the
 * iterations. Prints a table and one machine-readable line per result:
 *   RESULT name=<p_nbi|put> scope=thread size=8 metric=<rate|latency> value=<v>
 *          unit=<Mdesc/s|us> provider=<null|provider> threads=<n> rings=<shared|per-thread>
 * usage: ring_bench null|ofi [descriptors per run] [latency iterations] */
#include "config.h"

#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <rocshmem/rocshmem.h>

#include "gpu/ro_gpu_post.h"
#include "proxy/ro_proxy.h"
#include "proxy/ro_xport_null.h"

#define RO_STR_(x) #x
#define RO_STR(x) RO_STR_(x)
#define MAX_THREADS 8
#define REPS 5
static const int thread_counts[] = { 1, 2, 4, 8 };
#define NCOUNTS (int)(sizeof(thread_counts) / sizeof(thread_counts[0]))

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void print_rate_header(void)
{
    printf("%-9s %7s %-10s %12s %10s %21s\n", "transport", "threads", "rings", "descriptors",
           "Mdesc/s", "(min-max of " RO_STR(REPS) " runs)");
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* rates: REPS runs of `total` descriptors each, in descriptors/s. */
static void print_rate(const char *prov, int threads, const char *rings, long total,
                       double *rates)
{
    double mid;
    qsort(rates, REPS, sizeof(*rates), cmp_double);
    mid = rates[REPS / 2] / 1e6;
    printf("%-9s %7d %-10s %12ld %10.3f %10.3f - %-8.3f\n", prov, threads, rings, total, mid,
           rates[0] / 1e6, rates[REPS - 1] / 1e6);
    printf("RESULT name=p_nbi scope=thread size=8 metric=rate value=%.3f unit=Mdesc/s "
           "provider=%s threads=%d rings=%s\n", mid, prov, threads, rings);
}

static void print_latency(const char *prov, double us)
{
    printf("%-9s %-24s %5d %12.2f\n", prov, "blocking put (8 B)", 8, us);
    printf("RESULT name=put scope=thread size=8 metric=latency value=%.3f unit=us provider=%s "
           "threads=1 rings=shared\n", us, prov);
}

/* Threads start together: the clock starts when the barrier opens. */
static pthread_barrier_t start;

struct producer {
    struct ro_ring *ring;   /* null mode */
    long *dst;              /* ofi mode: this thread's part of the symmetric array */
    long n;
};

/* ---- null transport: the ring and the proxy alone ---- */

static struct ro_pe_activity activity;
static cpu_set_t producer_cpus;   /* this process's cores but the proxy's; empty: unpinned */

static void producer_cpus_set(struct ro_proxy *p)
{
    int cpu = ro_proxy_cpu(p);
    CPU_ZERO(&producer_cpus);
    if (sched_getaffinity(0, sizeof(producer_cpus), &producer_cpus)) {
        CPU_ZERO(&producer_cpus);
        return;
    }
    if (cpu >= 0)
        CPU_CLR(cpu, &producer_cpus);
}

static void producer_pin(pthread_attr_t *attr)
{
    pthread_attr_init(attr);
    if (CPU_COUNT(&producer_cpus))
        pthread_attr_setaffinity_np(attr, sizeof(producer_cpus), &producer_cpus);
}

static void bench_fatal(const char *why)
{
    fprintf(stderr, "ring_bench: fatal: %s\n", why);
    exit(1);
}

static struct ro_proxy *null_proxy_open(struct ro_xport_null *x, unsigned max_rings)
{
    struct ro_proxy_params params = {
        .xport = &ro_xport_null_ops,
        .xport_obj = x,
        .mem = &ro_mem_host,
        .ring_size = 4096,   /* ROCSHMEM_RO_RING_SIZE's default */
        .max_rings = max_rings,
        .npes = 2,
        .local_rank = 0,
        .local_size = 1,
        .activity = &activity,
        .fatal = bench_fatal,
    };
    struct ro_proxy *p;

    ro_xport_null_init(x, NULL, 0);   /* no target region: count only */
    if (ro_proxy_open(&params, &p)) {
        fprintf(stderr, "ring_bench: ro_proxy_open failed\n");
        exit(1);
    }
    return p;
}

static void *null_producer(void *arg)
{
    struct producer *pr = arg;
    struct ro_desc d = { 0 };

    d.op = RO_OP_PUT_INLINE;
    d.pe = 1;
    d.len = 8;
    pthread_barrier_wait(&start);
    for (long i = 0; i < pr->n; i++) {
        d.raddr = (uint64_t)i * 8;
        d.arg[0] = (uint64_t)i;
        ro_gpu_post(pr->ring->prod, &d, "ring_bench");
    }
    return NULL;
}

/* One run: descriptors/s. */
static double null_rate(int nthreads, int ring_per_thread, long total)
{
    struct ro_xport_null x;
    struct ro_proxy *p = null_proxy_open(&x, MAX_THREADS);
    struct producer pr[MAX_THREADS];
    struct ro_ring *rings[MAX_THREADS];
    pthread_t th[MAX_THREADS];
    int nrings = ring_per_thread ? nthreads : 1;
    double t0, secs;

    for (int i = 0; i < nrings; i++)
        if (ro_proxy_ring_add(p, &ro_mem_host, &rings[i]))
            bench_fatal("ro_proxy_ring_add failed");
    pthread_barrier_init(&start, NULL, (unsigned)nthreads + 1);
    producer_cpus_set(p);
    for (int t = 0; t < nthreads; t++) {
        pthread_attr_t attr;
        pr[t] = (struct producer){ .ring = rings[ring_per_thread ? t : 0], .n = total / nthreads };
        producer_pin(&attr);
        pthread_create(&th[t], &attr, null_producer, &pr[t]);
        pthread_attr_destroy(&attr);
    }
    pthread_barrier_wait(&start);
    t0 = now_s();
    for (int t = 0; t < nthreads; t++)
        pthread_join(th[t], NULL);
    for (int i = 0; i < nrings; i++)
        ro_gpu_prods_quiet(&rings[i]->prod, 1, "ring_bench");
    secs = now_s() - t0;
    pthread_barrier_destroy(&start);
    ro_proxy_close(p);
    /* Bytes, not puts: the proxy sends adjacent inline puts as one. */
    if (x.bytes != 8u * (uint64_t)(total / nthreads) * (uint64_t)nthreads)
        bench_fatal("the null transport carried a different number of bytes than were posted");
    return (double)(total / nthreads * nthreads) / secs;
}

struct latency_run {
    struct ro_ring *ring;
    long iters;
    double us;
};

static void *null_latency_main(void *arg)
{
    struct latency_run *lr = arg;
    struct ro_ring *ring = lr->ring;
    long iters = lr->iters;
    struct ro_desc d = { 0 };
    uint64_t word = 42;
    double t0;

    d.op = RO_OP_PUT;
    d.pe = 1;
    d.laddr = (uint64_t)(uintptr_t)&word;
    d.len = 8;
    for (long i = 0; i < iters / 10 + 1; i++)
        ro_gpu_post_wait(ring->prod, &d, "ring_bench");
    t0 = now_s();
    for (long i = 0; i < iters; i++)
        ro_gpu_post_wait(ring->prod, &d, "ring_bench");
    lr->us = (now_s() - t0) / iters * 1e6;
    return NULL;
}

static void null_latency(long iters)
{
    struct ro_xport_null x;
    struct ro_proxy *p = null_proxy_open(&x, 1);
    struct latency_run lr = { .iters = iters };
    pthread_attr_t attr;
    pthread_t th;

    if (ro_proxy_ring_add(p, &ro_mem_host, &lr.ring))
        bench_fatal("ro_proxy_ring_add failed");
    producer_cpus_set(p);
    producer_pin(&attr);
    pthread_create(&th, &attr, null_latency_main, &lr);
    pthread_join(th, NULL);
    pthread_attr_destroy(&attr);
    print_latency("null", lr.us);
    ro_proxy_close(p);
}

static int bench_null(long total, long iters)
{
    ro_gpu_state.activity = &activity;
    ro_gpu_state.timeout_ns = 120ull * 1000000000u;
    ro_gpu_state.fatal = bench_fatal;
    {
        struct ro_xport_null x;
        struct ro_proxy *p = null_proxy_open(&x, 1);
        producer_cpus_set(p);
        printf("# proxy on core %d, producers on %d other core(s)%s\n", ro_proxy_cpu(p),
               CPU_COUNT(&producer_cpus), CPU_COUNT(&producer_cpus) ? "" : " (unpinned)");
        ro_proxy_close(p);
    }
    print_rate_header();
    for (int per = 0; per < 2; per++)
        for (int c = 0; c < NCOUNTS; c++) {
            int n = thread_counts[c];
            double rates[REPS];
            for (int r = 0; r < REPS; r++)
                rates[r] = null_rate(n, per, total);
            print_rate("null", n, per ? "per-thread" : "shared", total / n * n, rates);
        }
    printf("\n%-9s %-24s %5s %12s\n", "transport", "operation", "bytes", "latency(us)");
    null_latency(iters);
    return 0;
}

/* ---- the whole library over a provider ---- */

static void *ofi_producer(void *arg)
{
    struct producer *pr = arg;
    pthread_barrier_wait(&start);
    for (long i = 0; i < pr->n; i++)
        rocshmem_long_p(&pr->dst[i], i, 1);
    return NULL;
}

/* One run on PE 0: descriptors/s. */
static double ofi_rate(int nthreads, long total, long *dst)
{
    struct producer pr[MAX_THREADS];
    pthread_t th[MAX_THREADS];
    long per = total / nthreads;
    double t0, secs;

    pthread_barrier_init(&start, NULL, (unsigned)nthreads + 1);
    for (int t = 0; t < nthreads; t++) {
        pr[t] = (struct producer){ .dst = dst + t * per, .n = per };
        pthread_create(&th[t], NULL, ofi_producer, &pr[t]);
    }
    pthread_barrier_wait(&start);
    t0 = now_s();
    for (int t = 0; t < nthreads; t++)
        pthread_join(th[t], NULL);
    rocshmem_quiet();
    secs = now_s() - t0;
    pthread_barrier_destroy(&start);
    return (double)(per * nthreads) / secs;
}

static int bench_ofi(long total, long iters)
{
    const char *prov = getenv("ROCSHMEM_RO_PROVIDER");
    int provided = -1, me;
    long *dst, src = 42;

    if (rocshmem_init_thread(ROCSHMEM_THREAD_MULTIPLE, &provided) != ROCSHMEM_SUCCESS ||
        provided != ROCSHMEM_THREAD_MULTIPLE) {
        fprintf(stderr, "ring_bench: rocshmem_init_thread(MULTIPLE) failed\n");
        return 1;
    }
    if (rocshmem_n_pes() < 2) {
        fprintf(stderr, "ring_bench ofi: needs 2 PEs (mpiexec.hydra -n 2)\n");
        rocshmem_finalize();
        return 77;
    }
    prov = prov && *prov ? prov : "default";
    me = rocshmem_my_pe();
    dst = rocshmem_calloc((size_t)total, sizeof(long));
    if (me == 0)
        print_rate_header();
    for (int c = 0; c < NCOUNTS; c++) {
        int n = thread_counts[c];
        double rates[REPS];
        for (int r = 0; r < REPS; r++) {
            if (me == 0)
                rates[r] = ofi_rate(n, total, dst);
            rocshmem_barrier_all();
        }
        if (me == 0)
            print_rate(prov, n, "shared", total / n * n, rates);
    }
    if (me == 0) {
        printf("\n%-9s %-24s %5s %12s\n", "transport", "operation", "bytes", "latency(us)");
        for (long i = 0; i < iters / 10 + 1; i++)
            rocshmem_putmem(dst, &src, sizeof(src), 1);
        double t0 = now_s();
        for (long i = 0; i < iters; i++)
            rocshmem_putmem(dst, &src, sizeof(src), 1);
        print_latency(prov, (now_s() - t0) / iters * 1e6);
    }
    rocshmem_barrier_all();
    rocshmem_free(dst);
    rocshmem_finalize();
    return 0;
}

int main(int argc, char **argv)
{
    int null = argc > 1 && !strcmp(argv[1], "null");
    long total, iters;

    if (argc < 2 || (!null && strcmp(argv[1], "ofi"))) {
        fprintf(stderr, "usage: ring_bench null|ofi [descriptors per run] [latency iterations]\n"
                        "  ofi: run as 2 PEs, e.g. mpiexec.hydra -n 2 ring_bench ofi\n");
        return 2;
    }
    setvbuf(stdout, NULL, _IOLBF, 0);   /* lines appear as they are measured */
    total = argc > 2 ? atol(argv[2]) : null ? 2000000 : 100000;
    iters = argc > 3 ? atol(argv[3]) : null ? 200000 : 20000;
    if (total < MAX_THREADS || iters < 1) {
        fprintf(stderr, "ring_bench: at least %d descriptors and 1 iteration\n", MAX_THREADS);
        return 2;
    }
    return null ? bench_null(total, iters) : bench_ofi(total, iters);
}
