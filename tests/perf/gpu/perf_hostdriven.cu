/* The host-driven baseline: the exchange of perf_pingpong -o signal done the traditional
 * way. Each round a kernel writes SIZE bytes, the kernel ends, the host sends them with
 * putmem_signal from the host API and waits on the host for the answer, and the next
 * kernel starts. Needs a host heap (host waits on a device heap are refused):
 * ROCSHMEM_HEAP_LOCATION=host ROCSHMEM_DISABLE_MIXED_IPC=1. Reports half a round trip,
 * timed on the host after the warm-up rounds.
 *   mpirun -n 2 perf_hostdriven -b 8 -e 64K -f 8 -n 200 */
#define PERF_NAME "perf_hostdriven"
#include "perf_common.h"

#include <time.h>

__global__ void k_produce(char *buf, size_t size, long v)
{
    for (size_t i = threadIdx.x; i < size; i += blockDim.x)
        buf[i] = (char)(v + (long)i);
}

static double now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

/* One round: a kernel fills src, then the host sends it with the signal v. */
static void send(char *dst, char *src, size_t size, uint64_t *sig, long v, int peer)
{
    k_produce<<<1, 256>>>(src, size, v);
    PERF_CUDA(cudaGetLastError());
    PERF_CUDA(cudaDeviceSynchronize());
    rocshmem_putmem_signal(dst, src, size, sig, (uint64_t)v, ROCSHMEM_SIGNAL_SET, peer);
}

int main(int argc, char **argv)
{
    struct perf_opts o;
    char *dst, *src;
    uint64_t *sig;
    long base = 0;

    perf_parse(argc, argv, &o, "signal", 8, 8);
    perf_start();
    perf_impl = "host-driven";
    dst = (char *)rocshmem_malloc(o.max);
    src = (char *)rocshmem_malloc(o.max);
    sig = (uint64_t *)rocshmem_calloc(1, sizeof(uint64_t));
    if (!dst || !src || !sig) {
        fprintf(stderr, PERF_NAME ": symmetric allocation failed\n");
        return 1;
    }
    perf_path_detect(sig, 1 - perf_me % 2);
    perf_header();
    for (size_t size = o.min; size <= o.max; size = perf_next_size(&o, size)) {
        double t0 = 0;
        perf_sync();
        for (long i = 1; perf_me < 2 && i <= o.warmup + o.iters; i++) {
            long v = base + i;
            if (i == o.warmup + 1)
                t0 = now_us();
            if (perf_me == 0) {
                send(dst, src, size, sig, v, 1);
                rocshmem_uint64_wait_until(sig, ROCSHMEM_CMP_EQ, (uint64_t)v);
            } else {
                rocshmem_uint64_wait_until(sig, ROCSHMEM_CMP_EQ, (uint64_t)v);
                send(dst, src, size, sig, v, 0);
            }
        }
        base += o.warmup + o.iters;
        if (perf_me == 0)
            perf_result("put_signal_pingpong", PERF_THREAD, size, "latency",
                        (now_us() - t0) / o.iters / 2, "us", "");
    }
    perf_sync();
    rocshmem_finalize();
    return 0;
}
