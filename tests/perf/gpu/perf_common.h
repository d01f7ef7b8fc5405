/* What the GPU perftest programs share: options, the path in use, timing, and the results,
 * printed as a table row and one machine-readable line each:
 *   RESULT name=<name> scope=<thread|wave|wg> size=<bytes> metric=<latency|bandwidth|rate>
 *          value=<v> unit=<us|GB/s|Mops/s> impl=rocshmem_ro path=<ipc|proxy-PROVIDER|null>
 *          pes=<n> [blocks=<c> threads=<t>]
 * Options (every program): -b MIN -e MAX -f FACTOR (sizes in bytes, K/M suffixes),
 * -n ITERS, -w WARMUP, -t THREADS per block, -c BLOCKS, -s thread|wave|wg, -o OP (the
 * program's list), -B (both PEs at once, where it applies). Benchmarks, not tests: exit 0
 * unless something failed outright. The including file defines PERF_NAME first. */
#ifndef PERF_COMMON_H
#define PERF_COMMON_H

#include <rocshmem/rocshmem.h>

#include <cuda_runtime.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum perf_scope { PERF_THREAD, PERF_WAVE, PERF_WG };
static const char *const perf_scope_names[] = { "thread", "wave", "wg" };

struct perf_opts {
    size_t min, max;
    double factor;
    int iters, warmup, threads, blocks, bidir;
    enum perf_scope scope;
    const char *op;
};

static int perf_me, perf_npes;
static char perf_path[64];
/* The build: linked with -dlto (the device API inlined) or without (PERF_IMPL). */
#ifndef PERF_IMPL
#define PERF_IMPL "rocshmem_ro"
#endif
static const char *perf_impl = PERF_IMPL;

#define PERF_CUDA(call)                                                                    \
    do {                                                                                   \
        cudaError_t e_ = (call);                                                           \
        if (e_ != cudaSuccess) {                                                           \
            fprintf(stderr, PERF_NAME " pe %d: %s: %s\n", perf_me, #call,                  \
                    cudaGetErrorString(e_));                                               \
            exit(1);                                                                       \
        }                                                                                  \
    } while (0)

static size_t perf_size_arg(const char *s)
{
    char *end;
    double v = strtod(s, &end);
    if (*end == 'K' || *end == 'k')
        v *= 1024;
    else if (*end == 'M' || *end == 'm')
        v *= 1024 * 1024;
    else if (*end == 'G' || *end == 'g')
        v *= 1024.0 * 1024 * 1024;
    return (size_t)v;
}

static void perf_usage(const char *ops)
{
    fprintf(stderr, "usage: " PERF_NAME " [-b MIN] [-e MAX] [-f FACTOR] [-n ITERS] [-w WARMUP] "
            "[-t THREADS] [-c BLOCKS] [-s thread|wave|wg] [-o %s] [-B]\n", ops);
    exit(2);
}

/* ops: the accepted -o values separated by '|', the first the default. */
static void perf_parse(int argc, char **argv, struct perf_opts *o, const char *ops,
                       size_t default_min, size_t default_max)
{
    static char op[32];
    int c;

    *o = (struct perf_opts){ default_min, default_max, 2.0, 1000, 100, 1, 1, 0, PERF_THREAD, op };
    snprintf(op, sizeof(op), "%.*s", (int)strcspn(ops, "|"), ops);
    while ((c = getopt(argc, argv, "b:e:f:n:w:t:c:s:o:B")) != -1) {
        switch (c) {
        case 'b': o->min = perf_size_arg(optarg); break;
        case 'e': o->max = perf_size_arg(optarg); break;
        case 'f': o->factor = atof(optarg); break;
        case 'n': o->iters = atoi(optarg); break;
        case 'w': o->warmup = atoi(optarg); break;
        case 't': o->threads = atoi(optarg); break;
        case 'c': o->blocks = atoi(optarg); break;
        case 'B': o->bidir = 1; break;
        case 's':
            if (!strcmp(optarg, "thread")) o->scope = PERF_THREAD;
            else if (!strcmp(optarg, "wave")) o->scope = PERF_WAVE;
            else if (!strcmp(optarg, "wg")) o->scope = PERF_WG;
            else perf_usage(ops);
            break;
        case 'o': {
            size_t n = strlen(optarg);
            const char *p = ops;
            while (p && (strncmp(p, optarg, n) || (p[n] && p[n] != '|')))
                p = (p = strchr(p, '|')) ? p + 1 : NULL;
            if (!p)
                perf_usage(ops);
            snprintf(op, sizeof(op), "%s", optarg);
            break;
        }
        default: perf_usage(ops);
        }
    }
    if (o->min < 1 || o->max < o->min || o->factor <= 1.0 || o->iters < 1 || o->warmup < 0 ||
        o->threads < 1 || o->threads > 1024 || o->blocks < 1)
        perf_usage(ops);
    /* A wave is one warp of the block; a thread-scope measurement is one thread. */
    if (o->scope == PERF_WAVE && o->threads < 32)
        o->threads = 32;
}

static size_t perf_next_size(const struct perf_opts *o, size_t s)
{
    size_t n = (size_t)((double)s * o->factor);
    return n > s ? n : s + 1;
}

/* Which path the run takes to the peer: the on-node mapping, or the proxy (and its
 * transport and provider, as the environment chose them). */
static void perf_path_detect(void *sym, int peer)
{
    const char *xport = getenv("ROCSHMEM_RO_TRANSPORT"), *prov = getenv("ROCSHMEM_RO_PROVIDER");
    const char *rings = getenv("ROCSHMEM_RO_DEFAULT_CTX_RINGS");
    const char *slots = getenv("ROCSHMEM_RO_RING_SIZE");

    if (rocshmem_ptr(sym, peer)) {
        snprintf(perf_path, sizeof(perf_path), "ipc");
        return;
    }
    if (xport && !strcmp(xport, "null"))
        snprintf(perf_path, sizeof(perf_path), "null");
    else
        snprintf(perf_path, sizeof(perf_path), "proxy-%s", prov && *prov ? prov : "default");
    /* A ring count or size other than the default's makes a series of its own. */
    if (rings && *rings)
        snprintf(perf_path + strlen(perf_path), sizeof(perf_path) - strlen(perf_path),
                 "-%srings", rings);
    if (slots && *slots)
        snprintf(perf_path + strlen(perf_path), sizeof(perf_path) - strlen(perf_path),
                 "-x%s", slots);
}

static void perf_start(void)
{
    setvbuf(stdout, NULL, _IONBF, 0);
    rocshmem_init();
    perf_me = rocshmem_my_pe();
    perf_npes = rocshmem_n_pes();
    if (perf_npes < 2) {
        fprintf(stderr, PERF_NAME ": needs 2 PEs\n");
        exit(2);
    }
}

static void perf_header(void)
{
    if (perf_me == 0)
        printf("%-22s %-7s %-14s %12s %12s %-7s\n", "name", "scope", "path", "size", "value",
               "unit");
}

/* One result. extra: " key=value ..." or "". */
static void perf_result(const char *name, enum perf_scope scope, size_t size, const char *metric,
                        double value, const char *unit, const char *extra)
{
    printf("%-22s %-7s %-14s %12zu %12.3f %-7s\n", name, perf_scope_names[scope], perf_path,
           size, value, unit);
    /* PERF_LAYOUT (set by run_suite.sh: 1gpu, or Ngpu for one PE per GPU) keeps the runs
     * of different machines apart in the CSV. */
    const char *layout = getenv("PERF_LAYOUT");
    printf("RESULT name=%s scope=%s size=%zu metric=%s value=%.4f unit=%s impl=%s path=%s "
           "pes=%d%s%s%s\n", name, perf_scope_names[scope], size, metric, value, unit, perf_impl,
           perf_path, perf_npes, extra, layout && *layout ? " layout=" : "",
           layout && *layout ? layout : "");
}

static void perf_sync(void)
{
    PERF_CUDA(cudaDeviceSynchronize());
    rocshmem_barrier_all();
}

/* Nanoseconds of the GPU's global timer. */
static __device__ uint64_t perf_clock_ns(void)
{
    uint64_t t;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
    return t;
}

#endif
