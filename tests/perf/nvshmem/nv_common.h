/* What the NVSHMEM reference perftests share: option parsing (the same options as the
 * rocshmem_ro GPU perftests), CUDA error checks, the device selection and NVSHMEM start,
 * the GPU clock, and the result printer.
 *
 * Options (every program takes them all; each uses the ones that apply to it):
 *   -b MIN     smallest message size in bytes (default 8; K, M or G suffix allowed)
 *   -e MAX     largest message size in bytes (default 8)
 *   -f FACTOR  size step factor (default 2)
 *   -n ITERS   timed iterations (default 1000)
 *   -w WARMUP  untimed iterations before them (default 100)
 *   -t THREADS threads per block (default 1)
 *   -c BLOCKS  blocks (default 1)
 *   -s SCOPE   thread | warp | block (default thread)
 *   -o OP      operation, per program (nv_put_latency: put|get|p|g; nv_pingpong: p|signal)
 *   -B         bidirectional (nv_bw)
 *
 * Every result is printed by PE 0 as a table line and one machine-readable line:
 *   RESULT name=<name> scope=<scope> size=<bytes> metric=<latency|bandwidth|rate>
 *          value=<v> unit=<us|GB/s|Mops/s> impl=nvshmem pes=<n>[ <extra keys>]
 *
 * NVSHMEM is started with nvshmem_init(); the bootstrap comes from the environment
 * (NVSHMEM_BOOTSTRAP=MPI under mpirun). Plain C apart from what nvcc needs. */
#ifndef NV_COMMON_H
#define NV_COMMON_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cuda_runtime.h>
#include <nvshmem.h>
#include <nvshmemx.h>

enum { NV_SCOPE_THREAD = 0, NV_SCOPE_WARP = 1, NV_SCOPE_BLOCK = 2 };
/* Printed as the rocshmem_ro perftests name their scopes, so results line up. */
static const char *const nv_scope_names[3] = { "thread", "wave", "wg" };

typedef struct {
    size_t min_size, max_size;
    size_t factor;
    int iters, warmup;
    int threads, blocks;
    int scope;
    const char *op;             /* -o, NULL when not given */
    int bidir;                  /* -B */
} nv_opts_t;

static int nv_me, nv_npes;
static const char *nv_prog = "nv";

#define NV_CUDA(call)                                                                     \
    do {                                                                                  \
        cudaError_t e_ = (call);                                                          \
        if (e_ != cudaSuccess) {                                                          \
            fprintf(stderr, "%s pe %d: %s: %s (%s:%d)\n", nv_prog, nv_me, #call,          \
                    cudaGetErrorString(e_), __FILE__, __LINE__);                          \
            exit(1);                                                                      \
        }                                                                                 \
    } while (0)

/* After a kernel launch: launch errors now, execution errors at the synchronize. */
#define NV_KERNEL_DONE()                                                                  \
    do {                                                                                  \
        NV_CUDA(cudaGetLastError());                                                      \
        NV_CUDA(cudaDeviceSynchronize());                                                 \
    } while (0)

static inline void nv_usage(const char *extra_help)
{
    fprintf(stderr,
            "usage: %s [-b MIN] [-e MAX] [-f FACTOR] [-n ITERS] [-w WARMUP] [-t THREADS]\n"
            "          [-c BLOCKS] [-s thread|warp|block]%s\n",
            nv_prog, extra_help ? extra_help : "");
}

/* A size: decimal bytes, optionally followed by K, M or G (powers of 1024). */
static inline int nv_parse_size(const char *s, size_t *out)
{
    char *end;
    unsigned long long v;

    if (!s || !*s || *s == '-')
        return -1;
    v = strtoull(s, &end, 10);
    if (end == s)
        return -1;
    switch (*end) {
    case '\0': break;
    case 'k': case 'K': v <<= 10; end++; break;
    case 'm': case 'M': v <<= 20; end++; break;
    case 'g': case 'G': v <<= 30; end++; break;
    default: return -1;
    }
    if (*end == 'B' || *end == 'b')
        end++;
    if (*end != '\0')
        return -1;
    *out = (size_t)v;
    return 0;
}

static inline int nv_parse_int(const char *s, int min, int *out)
{
    char *end;
    long v;

    if (!s || !*s)
        return -1;
    v = strtol(s, &end, 10);
    if (*end != '\0' || v < min || v > 0x7fffffffL)
        return -1;
    *out = (int)v;
    return 0;
}

/* Parses argv before NVSHMEM starts, so that a bad option ends every PE alike.
 * extra: the program's own option letters on top of the common ones ("o:", "B", "");
 * extra_help: their usage text. Exits 2 on a bad option. */
static inline void nv_parse(int argc, char **argv, nv_opts_t *o, const char *extra,
                     const char *extra_help)
{
    char optstr[64];
    int c, bad = 0;

    if (argv && argv[0]) {
        const char *slash = strrchr(argv[0], '/');
        nv_prog = slash ? slash + 1 : argv[0];
    }
    o->min_size = 8;
    o->max_size = 8;
    o->factor = 2;
    o->iters = 1000;
    o->warmup = 100;
    o->threads = 1;
    o->blocks = 1;
    o->scope = NV_SCOPE_THREAD;
    o->op = NULL;
    o->bidir = 0;

    snprintf(optstr, sizeof optstr, "b:e:f:n:w:t:c:s:h%s", extra ? extra : "");
    while ((c = getopt(argc, argv, optstr)) != -1) {
        switch (c) {
        case 'b': bad |= nv_parse_size(optarg, &o->min_size) || o->min_size == 0; break;
        case 'e': bad |= nv_parse_size(optarg, &o->max_size) || o->max_size == 0; break;
        case 'f': bad |= nv_parse_size(optarg, &o->factor) || o->factor < 2; break;
        case 'n': bad |= nv_parse_int(optarg, 1, &o->iters); break;
        case 'w': bad |= nv_parse_int(optarg, 0, &o->warmup); break;
        case 't': bad |= nv_parse_int(optarg, 1, &o->threads) || o->threads > 1024; break;
        case 'c': bad |= nv_parse_int(optarg, 1, &o->blocks); break;
        case 's':
            if (!strcmp(optarg, "thread"))
                o->scope = NV_SCOPE_THREAD;
            else if (!strcmp(optarg, "warp") || !strcmp(optarg, "wave"))
                o->scope = NV_SCOPE_WARP;
            else if (!strcmp(optarg, "block") || !strcmp(optarg, "wg"))
                o->scope = NV_SCOPE_BLOCK;
            else
                bad = 1;
            break;
        case 'o': o->op = optarg; break;
        case 'B': o->bidir = 1; break;
        case 'h': nv_usage(extra_help); exit(0);
        default: bad = 1; break;
        }
        if (bad) {
            if (c != '?')
                fprintf(stderr, "%s: bad value for -%c: %s\n", nv_prog, c,
                        optarg ? optarg : "");
            nv_usage(extra_help);
            exit(2);
        }
    }
    if (optind < argc) {
        fprintf(stderr, "%s: unexpected argument: %s\n", nv_prog, argv[optind]);
        nv_usage(extra_help);
        exit(2);
    }
    if (o->max_size < o->min_size) {
        fprintf(stderr, "%s: -e %zu is below -b %zu\n", nv_prog, o->max_size, o->min_size);
        exit(2);
    }
}

/* Next size of the -b/-e/-f sweep; 0 past the end (and on overflow). */
static inline size_t nv_next_size(const nv_opts_t *o, size_t size)
{
    if (size > o->max_size / o->factor)
        return 0;
    return size * o->factor;
}

/* One GPU per local rank, modulo the GPUs there are (two PEs share GPU 0 under MPS on a
 * one-GPU machine). NVSHMEM wants the device chosen before nvshmem_init. */
static inline void nv_select_device(void)
{
    const char *vars[] = { "OMPI_COMM_WORLD_LOCAL_RANK", "MPI_LOCALRANKID",
                           "MV2_COMM_WORLD_LOCAL_RANK", "SLURM_LOCALID", "PMI_LOCAL_RANK" };
    int ndev = 0, local = 0;
    unsigned i;

    NV_CUDA(cudaGetDeviceCount(&ndev));
    for (i = 0; i < sizeof vars / sizeof vars[0]; i++) {
        const char *v = getenv(vars[i]);
        if (v && *v) {
            local = atoi(v);
            break;
        }
    }
    NV_CUDA(cudaSetDevice(ndev > 0 ? local % ndev : 0));
}

/* Starts NVSHMEM. Returns 0, or 77 (after finalizing) when there are fewer than 2 PEs. */
static inline int nv_start(void)
{
    nv_select_device();
    nvshmem_init();
    nv_me = nvshmem_my_pe();
    nv_npes = nvshmem_n_pes();
    if (nv_npes < 2) {
        if (nv_me == 0)
            fprintf(stderr, "%s: needs at least 2 PEs (has %d)\n", nv_prog, nv_npes);
        nvshmem_finalize();
        return 77;
    }
    return 0;
}

static inline void nv_finish(void)
{
    NV_CUDA(cudaDeviceSynchronize());
    nvshmem_barrier_all();
    nvshmem_finalize();
}

/* The GPU's global nanosecond clock (an AMD GPU's, built with hipcc: its 100 MHz
 * constant clock, as gfx9 and later parts run it). */
static __device__ __forceinline__ unsigned long long nv_globaltimer(void)
{
#if defined(__HIP_DEVICE_COMPILE__)
    return (unsigned long long)wall_clock64() * 10u;
#else
    unsigned long long t;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
    return t;
#endif
}

static inline void nv_print_header(void)
{
    if (nv_me != 0)
        return;
    printf("%-22s %-6s %12s %14s %s\n", "name", "scope", "bytes", "value", "unit");
    fflush(stdout);
}

/* One result, on PE 0 only. extra: further " key=value" pairs or NULL. */
static inline void nv_result(const char *name, const char *scope, size_t size, const char *metric,
                      double value, const char *unit, const char *extra)
{
    if (nv_me != 0)
        return;
    printf("%-22s %-6s %12zu %14.3f %s%s%s\n", name, scope, size, value, unit,
           extra ? " " : "", extra ? extra : "");
    const char *layout = getenv("PERF_LAYOUT");   /* as in perf_common.h */
    printf("RESULT name=%s scope=%s size=%zu metric=%s value=%.3f unit=%s impl=nvshmem pes=%d%s%s"
           "%s%s\n", name, scope, size, metric, value, unit, nv_npes, extra ? " " : "",
           extra ? extra : "", layout && *layout ? " layout=" : "", layout && *layout ? layout : "");
    fflush(stdout);
}

static __global__ void nv_double_g_kernel(double *out, const double *sym, int pe)
{
    *out = nvshmem_double_g(sym, pe);
}

/* Collective: every PE passes its own value; PE 0 gets PE `pe`'s value back (other PEs
 * get their own). sym: a symmetric double. */
static inline double nv_value_of_pe(double mine, double *sym, int pe)
{
    double v = mine;

    NV_CUDA(cudaMemcpy(sym, &mine, sizeof mine, cudaMemcpyHostToDevice));
    NV_CUDA(cudaDeviceSynchronize());
    nvshmem_barrier_all();
    if (nv_me == 0 && pe != 0) {
        double *d;
        NV_CUDA(cudaMalloc((void **)&d, sizeof *d));
        nv_double_g_kernel<<<1, 1>>>(d, sym, pe);
        NV_KERNEL_DONE();
        NV_CUDA(cudaMemcpy(&v, d, sizeof v, cudaMemcpyDeviceToHost));
        NV_CUDA(cudaFree(d));
    }
    nvshmem_barrier_all();
    return v;
}

/* Threads per block for a scope: thread 1, warp 32, block THREADS. */
static inline int nv_scope_threads(const nv_opts_t *o)
{
    return o->scope == NV_SCOPE_THREAD ? 1 : o->scope == NV_SCOPE_WARP ? 32 : o->threads;
}

#endif
