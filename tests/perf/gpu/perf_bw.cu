/* Bandwidth of nbi puts or gets from PE 0 to PE 1 (with -B, from both PEs at once): -c
 * blocks of -t threads, each block moving its slice of every SIZE-byte transfer with
 * putmem_nbi_wg / getmem_nbi_wg (_wave: each warp its slice; thread: each thread), -n
 * transfers per launch, then one quiet per block. Timed with CUDA events around the launch
 * after a warm-up launch, on a non-blocking stream as NVSHMEM's nv_bw does. GB/s = 1e9 bytes
 * per second of payload moved by this PE.
 * -o memcpy: the reference, cudaMemcpy device to device of SIZE bytes on this PE's GPU.
 *   mpirun -n 2 perf_bw -o put -c 16 -t 1024 -b 4K -e 64M -n 20 */
#define PERF_NAME "perf_bw"
#include "perf_common.h"

enum { OP_PUT, OP_GET, OP_MEMCPY };

/* The slice of every SIZE-byte transfer that this block (_wg), warp (_wave) or thread
 * moves. */
static __device__ void bw_slice(enum perf_scope scope, size_t size, size_t *off, size_t *len)
{
    size_t units = scope == PERF_WG ? gridDim.x
                 : scope == PERF_WAVE ? (size_t)gridDim.x * (blockDim.x / 32)
                 : (size_t)gridDim.x * blockDim.x;
    size_t unit = scope == PERF_WG ? blockIdx.x
                : scope == PERF_WAVE ? blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32
                : (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    size_t per = size / units;

    *off = unit * per;
    *len = unit == units - 1 ? size - *off : per;
}

/* One kernel per operation and scope, as NVSHMEM's program has one for its one call: a
 * kernel holding all six calls had 576 bytes of stack per thread and register pressure
 * from the largest, which every call paid for (as perf_latency found). */
#define PERF_K_BW(NAME, SCOPE_ENUM, CALL)                                                  \
    __global__ void __launch_bounds__(1024) k_bw_##NAME(char *remote, char *local,        \
                                                        size_t size, int pe, int iters)   \
    {                                                                                      \
        size_t off, len;                                                                   \
                                                                                           \
        bw_slice(SCOPE_ENUM, size, &off, &len);                                            \
        for (int i = 0; i < iters; i++)                                                    \
            CALL;                                                                          \
        if (SCOPE_ENUM == PERF_THREAD || (SCOPE_ENUM == PERF_WAVE && threadIdx.x % 32 == 0) \
            || threadIdx.x == 0)                                                           \
            rocshmem_quiet();                                                              \
    }
PERF_K_BW(put_thread, PERF_THREAD, rocshmem_putmem_nbi(remote + off, local + off, len, pe))
PERF_K_BW(put_wave, PERF_WAVE, rocshmem_putmem_nbi_wave(remote + off, local + off, len, pe))
PERF_K_BW(put_wg, PERF_WG, rocshmem_putmem_nbi_wg(remote + off, local + off, len, pe))
PERF_K_BW(get_thread, PERF_THREAD, rocshmem_getmem_nbi(local + off, remote + off, len, pe))
PERF_K_BW(get_wave, PERF_WAVE, rocshmem_getmem_nbi_wave(local + off, remote + off, len, pe))
PERF_K_BW(get_wg, PERF_WG, rocshmem_getmem_nbi_wg(local + off, remote + off, len, pe))
#undef PERF_K_BW
typedef void (*perf_k_bw)(char *, char *, size_t, int, int);
/* [op][scope], scope in enum perf_scope's order. */
static const perf_k_bw k_bw[2][3] = { { k_bw_put_thread, k_bw_put_wave, k_bw_put_wg },
                                      { k_bw_get_thread, k_bw_get_wave, k_bw_get_wg } };

int main(int argc, char **argv)
{
    struct perf_opts o;
    int op, sender;
    char *remote, *local;
    cudaEvent_t a, b;
    cudaStream_t st;
    float ms;

    perf_parse(argc, argv, &o, "put|get|memcpy", 8, 64 << 20);
    op = !strcmp(o.op, "put") ? OP_PUT : !strcmp(o.op, "get") ? OP_GET : OP_MEMCPY;
    if (o.threads == 1 && o.scope != PERF_THREAD)
        o.threads = 1024;
    perf_start();
    remote = (char *)rocshmem_malloc(o.max);
    local = (char *)rocshmem_malloc(o.max);
    if (!remote || !local) {
        fprintf(stderr, PERF_NAME ": symmetric allocation of 2 x %zu bytes failed (raise "
                "ROCSHMEM_HEAP_SIZE)\n", o.max);
        return 1;
    }
    PERF_CUDA(cudaEventCreate(&a));
    PERF_CUDA(cudaEventCreate(&b));
    PERF_CUDA(cudaStreamCreateWithFlags(&st, cudaStreamNonBlocking));
    perf_path_detect(remote, (perf_me + 1) % perf_npes);
    perf_header();
    sender = perf_me == 0 || o.bidir;
    for (size_t size = o.min; size <= o.max; size = perf_next_size(&o, size)) {
        int peer = (perf_me + 1) % perf_npes;
        size_t units = o.scope == PERF_WG ? (size_t)o.blocks
                     : o.scope == PERF_WAVE ? (size_t)o.blocks * (o.threads / 32)
                     : (size_t)o.blocks * o.threads;
        if (size < units)
            continue;
        perf_sync();
        if (sender && op == OP_MEMCPY) {
            PERF_CUDA(cudaMemcpy(remote, local, size, cudaMemcpyDefault));
        } else if (sender) {
            k_bw[op][o.scope]<<<o.blocks, o.threads, 0, st>>>(remote, local, size, peer, 1);
            PERF_CUDA(cudaGetLastError());
            PERF_CUDA(cudaDeviceSynchronize());
        }
        perf_sync();
        if (sender) {
            PERF_CUDA(cudaEventRecord(a, st));
            if (op == OP_MEMCPY)
                for (int i = 0; i < o.iters; i++)
                    PERF_CUDA(cudaMemcpyAsync(remote, local, size, cudaMemcpyDefault, st));
            else
                k_bw[op][o.scope]<<<o.blocks, o.threads, 0, st>>>(remote, local, size, peer,
                                                                  o.iters);
            PERF_CUDA(cudaEventRecord(b, st));
            PERF_CUDA(cudaEventSynchronize(b));
            PERF_CUDA(cudaEventElapsedTime(&ms, a, b));
        }
        perf_sync();
        if (sender && (perf_me == 0 || o.bidir)) {
            char extra[80];
            snprintf(extra, sizeof(extra), " blocks=%d threads=%d bidir=%d pe=%d", o.blocks,
                     o.threads, o.bidir, perf_me);
            perf_result(o.op, o.scope, size, "bandwidth", (double)size * o.iters / (ms * 1e6),
                        "GB/s", extra);
        }
    }
    perf_sync();
    PERF_CUDA(cudaStreamDestroy(st));
    rocshmem_finalize();
    return 0;
}
