/* Scale on one machine: what init, a barrier, an 8-byte allreduce, an alltoall of 8 bytes
 * per pair and finalize cost at a given PE count, and what each PE holds (memory, file
 * descriptors, threads). A benchmark, not a test: run it at growing PE counts
 * (contrib/perftest/run_scale.sh) and compare per-PE figures against n log n. Prints a table
 * (PE 0) and machine-readable lines:
 *   RESULT name=<what> pes=<n> metric=<time|bytes|count> value=<v> unit=<us|KiB|n> stat=<max|median|sum>
 * Collective times are each PE's median over the repetitions; "max" is the slowest PE's. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/statvfs.h>
#include <time.h>

#include <rocshmem/rocshmem.h>

static double now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof(*v), cmp_double);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* A field of /proc/self/status or /proc/self/smaps_rollup in kB; -1 when absent. */
static double proc_kb(const char *file, const char *field)
{
    char line[256];
    size_t len = strlen(field);
    double v = -1;
    FILE *f = fopen(file, "r");

    if (!f)
        return -1;
    while (fgets(line, sizeof(line), f))
        if (strncmp(line, field, len) == 0 && line[len] == ':') {
            v = atof(line + len + 1);
            break;
        }
    fclose(f);
    return v;
}

static double open_fds(void)
{
    DIR *d = opendir("/proc/self/fd");
    double n = 0;

    if (!d)
        return -1;
    while (readdir(d))
        n++;
    closedir(d);
    return n - 3;   /* ".", ".." and the directory's own descriptor */
}

enum { M_INIT, M_BARRIER, M_ALLREDUCE, M_ALLTOALL, M_RSS, M_PSS, M_FDS, M_THREADS, M_COUNT };
static const struct {
    const char *name, *metric, *unit;
} metrics[M_COUNT] = {
    { "init", "time", "us" },           { "barrier_all", "time", "us" },
    { "allreduce_8B", "time", "us" },   { "alltoall_8B", "time", "us" },
    { "rss", "bytes", "KiB" },          { "pss", "bytes", "KiB" },
    { "open_fds", "count", "n" },       { "threads", "count", "n" },
};

int main(int argc, char **argv)
{
    int reps = argc > 1 ? atoi(argv[1]) : 20;
    double t0 = now_us(), *times;
    double *mine, *vmax, *vsum;
    long *src, *dst, *a2a_src, *a2a_dst;
    int me, n, ok = 1;

    if (reps < 1)
        reps = 1;
    rocshmem_init();
    mine = rocshmem_malloc(M_COUNT * sizeof(double));
    vmax = rocshmem_malloc(M_COUNT * sizeof(double));
    vsum = rocshmem_malloc(M_COUNT * sizeof(double));
    mine[M_INIT] = now_us() - t0;   /* from main: a slow PE's start shows too */
    me = rocshmem_my_pe();
    n = rocshmem_n_pes();
    src = rocshmem_malloc(sizeof(long));
    dst = rocshmem_malloc(sizeof(long));
    a2a_src = rocshmem_malloc((size_t)n * sizeof(long));
    a2a_dst = rocshmem_malloc((size_t)n * sizeof(long));
    times = malloc((size_t)reps * sizeof(double));
    if (!mine || !vmax || !vsum || !src || !dst || !a2a_src || !a2a_dst || !times) {
        fprintf(stderr, "scale_pes: PE %d: out of memory\n", me);
        rocshmem_global_exit(1);
    }
    rocshmem_barrier_all();

    for (int r = 0; r < reps; r++) {
        double t = now_us();
        rocshmem_barrier_all();
        times[r] = now_us() - t;
    }
    mine[M_BARRIER] = median(times, reps);

    for (int r = 0; r < reps; r++) {
        double t;
        *src = me + r;
        t = now_us();
        rocshmem_long_sum_reduce(ROCSHMEM_TEAM_WORLD, dst, src, 1);
        times[r] = now_us() - t;
        if (*dst != (long)n * (n - 1) / 2 + (long)n * r)
            ok = 0;
    }
    mine[M_ALLREDUCE] = median(times, reps);

    for (int r = 0; r < reps; r++) {
        double t;
        for (int j = 0; j < n; j++)
            a2a_src[j] = (long)me * n + j + r;
        rocshmem_barrier_all();   /* a2a_dst of the last round was read */
        t = now_us();
        rocshmem_long_alltoall(ROCSHMEM_TEAM_WORLD, a2a_dst, a2a_src, 1);
        times[r] = now_us() - t;
        for (int j = 0; j < n; j++)
            if (a2a_dst[j] != (long)j * n + me + r)
                ok = 0;
    }
    mine[M_ALLTOALL] = median(times, reps);

    mine[M_RSS] = proc_kb("/proc/self/status", "VmRSS");
    mine[M_PSS] = proc_kb("/proc/self/smaps_rollup", "Pss");
    mine[M_FDS] = open_fds();
    mine[M_THREADS] = proc_kb("/proc/self/status", "Threads");
    rocshmem_double_max_reduce(ROCSHMEM_TEAM_WORLD, vmax, mine, M_COUNT);
    rocshmem_double_sum_reduce(ROCSHMEM_TEAM_WORLD, vsum, mine, M_COUNT);

    if (me == 0) {
        struct statvfs sv;
        double shm_kib = -1;
        if (statvfs("/dev/shm", &sv) == 0)
            shm_kib = (double)(sv.f_blocks - sv.f_bfree) * sv.f_frsize / 1024;
        printf("scale_pes: %d PEs, %d repetitions%s\n", n, reps, ok ? "" : " (WRONG RESULTS)");
        printf("%-14s %14s %14s\n", "what", "max over PEs", "mean per PE");
        for (int m = 0; m < M_COUNT; m++) {
            printf("%-14s %14.1f %14.1f %s\n", metrics[m].name, vmax[m], vsum[m] / n,
                   metrics[m].unit);
            printf("RESULT name=%s pes=%d metric=%s value=%.1f unit=%s stat=max\n",
                   metrics[m].name, n, metrics[m].metric, vmax[m], metrics[m].unit);
            printf("RESULT name=%s pes=%d metric=%s value=%.1f unit=%s stat=mean\n",
                   metrics[m].name, n, metrics[m].metric, vsum[m] / n, metrics[m].unit);
        }
        printf("RESULT name=dev_shm_used pes=%d metric=bytes value=%.0f unit=KiB stat=sum\n",
               n, shm_kib);
    }
    free(times);
    rocshmem_barrier_all();
    double tf = now_us();
    rocshmem_finalize();
    if (me == 0)
        printf("RESULT name=finalize pes=%d metric=time value=%.1f unit=us stat=pe0\n", n,
               now_us() - tf);
    if (!ok)
        fprintf(stderr, "scale_pes: PE %d: a collective gave a wrong result\n", me);
    return ok ? 0 : 1;
}
