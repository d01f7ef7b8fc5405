/* Ping-pong between PE 0 and PE 1, one kernel on each at once (MPS when they share a GPU):
 * -o p: a long p to the peer's flag, then a wait on our own flag for its answer;
 * -o signal: putmem_signal of SIZE bytes with SIGNAL_SET (thread, _wave or _wg scope),
 * then signal_wait_until on our own signal. Reports half a round trip, timed in the kernel
 * after the warm-up rounds.
 *   mpirun -n 2 perf_pingpong -o signal -s wg -t 256 -b 8 -e 64K */
#define PERF_NAME "perf_pingpong"
#include "perf_common.h"

enum { OP_P, OP_SIGNAL };

static __device__ void send(int op, enum perf_scope scope, long *flag, char *buf,
                            const char *src, size_t size, uint64_t *sig, long v, int peer)
{
    if (op == OP_P)
        rocshmem_long_p(flag, v, peer);
    else if (scope == PERF_THREAD)
        rocshmem_putmem_signal(buf, src, size, sig, (uint64_t)v, ROCSHMEM_SIGNAL_SET, peer);
    else if (scope == PERF_WAVE)
        rocshmem_putmem_signal_wave(buf, src, size, sig, (uint64_t)v, ROCSHMEM_SIGNAL_SET, peer);
    else
        rocshmem_putmem_signal_wg(buf, src, size, sig, (uint64_t)v, ROCSHMEM_SIGNAL_SET, peer);
}

static __device__ void wait_for(int op, enum perf_scope scope, long *flag, uint64_t *sig, long v)
{
    if (threadIdx.x == 0) {
        if (op == OP_P)
            rocshmem_long_wait_until(flag, ROCSHMEM_CMP_EQ, v);
        else
            rocshmem_signal_wait_until(sig, ROCSHMEM_CMP_EQ, (uint64_t)v);
    }
    if (scope != PERF_THREAD)
        __syncthreads();
}

/* One kernel per operation and scope (OP and SCOPE are constants in each): with every case
 * in one kernel, capped at 64 registers, the thread-scope put-with-signal spilled to local
 * memory (as perf_latency and perf_bw found). */
#define PERF_K_PINGPONG(NAME, OP, SCOPE)                                                   \
    __global__ void __launch_bounds__(1024) k_pingpong_##NAME(                             \
        long *flag, char *buf, const char *src, size_t size, uint64_t *sig, int me,        \
        int peer, long base, int iters, int warmup, uint64_t *ns)                          \
    {                                                                                      \
        uint64_t t0 = 0;                                                                   \
                                                                                           \
        for (long i = 1; i <= warmup + iters; i++) {                                       \
            long v = base + i;                                                             \
            if (i == warmup + 1)                                                           \
                t0 = perf_clock_ns();                                                      \
            if (me == 0) {                                                                 \
                send(OP, SCOPE, flag, buf, src, size, sig, v, peer);                       \
                wait_for(OP, SCOPE, flag, sig, v);                                         \
            } else {                                                                       \
                wait_for(OP, SCOPE, flag, sig, v);                                         \
                send(OP, SCOPE, flag, buf, src, size, sig, v, peer);                       \
            }                                                                              \
        }                                                                                  \
        if (threadIdx.x == 0)                                                              \
            *ns = perf_clock_ns() - t0;                                                    \
    }
PERF_K_PINGPONG(p, OP_P, PERF_THREAD)
PERF_K_PINGPONG(signal_thread, OP_SIGNAL, PERF_THREAD)
PERF_K_PINGPONG(signal_wave, OP_SIGNAL, PERF_WAVE)
PERF_K_PINGPONG(signal_wg, OP_SIGNAL, PERF_WG)
#undef PERF_K_PINGPONG
typedef void (*perf_k_pingpong)(long *, char *, const char *, size_t, uint64_t *, int, int,
                                long, int, int, uint64_t *);
/* p, then put-with-signal by scope in enum perf_scope's order. */
static const perf_k_pingpong k_signal[] = { k_pingpong_signal_thread, k_pingpong_signal_wave,
                                            k_pingpong_signal_wg };

int main(int argc, char **argv)
{
    struct perf_opts o;
    int op;
    long *flag, base = 0;
    char *buf, *src;
    uint64_t *sig, *ns, host_ns;

    perf_parse(argc, argv, &o, "p|signal", 8, 8);
    op = strcmp(o.op, "p") ? OP_SIGNAL : OP_P;
    if (op == OP_P) {
        o.scope = PERF_THREAD;
        o.min = o.max = 8;
    }
    perf_start();
    flag = (long *)rocshmem_calloc(1, sizeof(long));
    sig = (uint64_t *)rocshmem_calloc(1, sizeof(uint64_t));
    buf = (char *)rocshmem_malloc(o.max);
    src = (char *)rocshmem_malloc(o.max);
    if (!flag || !sig || !buf || !src) {
        fprintf(stderr, PERF_NAME ": symmetric allocation failed\n");
        return 1;
    }
    PERF_CUDA(cudaMalloc((void **)&ns, sizeof(*ns)));
    perf_path_detect(flag, 1 - perf_me % 2);
    perf_header();
    for (size_t size = o.min; size <= o.max; size = perf_next_size(&o, size)) {
        int threads = o.scope == PERF_THREAD ? 1 : o.scope == PERF_WAVE ? 32 : o.threads;
        perf_sync();
        /* Only PEs 0 and 1 play; the flags only grow, so every size starts past the last. */
        if (perf_me < 2) {
            perf_k_pingpong k = op == OP_P ? k_pingpong_p : k_signal[o.scope];
            k<<<1, threads>>>(flag, buf, src, size, sig, perf_me, 1 - perf_me, base, o.iters,
                              o.warmup, ns);
            PERF_CUDA(cudaGetLastError());
            PERF_CUDA(cudaDeviceSynchronize());
            PERF_CUDA(cudaMemcpy(&host_ns, ns, sizeof(host_ns), cudaMemcpyDeviceToHost));
        }
        base += o.iters + o.warmup;
        if (perf_me == 0) {
            char extra[48];
            snprintf(extra, sizeof(extra), " threads=%d", threads);
            perf_result(op == OP_P ? "p_pingpong" : "put_signal_pingpong", o.scope, size,
                        "latency", host_ns / 1e3 / o.iters / 2, "us", extra);
        }
    }
    perf_sync();
    rocshmem_finalize();
    return 0;
}
