/* Stream-ordered calls (rocshmem_*_on_stream) interleaved with the program's own kernels on
 * two streams, one CUDA graph captured and replayed, and host atomics, waits and tests on
 * the heap (a device heap on the IPC path: the library's own kernel and copies). Each
 * check counts into a device word that the host reads at the end of a part.
 *   mpirun -n 2 gpu_stream */
#define GPU_TEST_NAME "gpu_stream"
#include "gpu_test.h"

#include <time.h>

#define N 4096          /* ints per buffer */
#define ITERS 4
#define REPLAYS 5

__device__ unsigned long long d_errors;

__device__ int pattern(int pe, int iter, int k) { return pe * 1000003 + iter * 7919 + k; }

__global__ void fill(int *buf, int pe, const int *iter_word, int iter)
{
    int it = iter_word ? *iter_word : iter;
    for (int k = threadIdx.x; k < N; k += blockDim.x)
        buf[k] = pattern(pe, it, k);
}

/* The first wrong word of a check is printed, naming the check (tag) and the iteration. */
__device__ void wrong(int tag, int it, int k, unsigned got, unsigned want)
{
    if (atomicAdd(&d_errors, 1ull) == 0)
        printf("gpu_stream: check %d, iteration %d: word %d is %u, expected %u\n", tag, it, k,
               got, want);
}

__global__ void check(const int *buf, int pe, const int *iter_word, int iter, int tag)
{
    int it = iter_word ? *iter_word : iter;
    for (int k = threadIdx.x; k < N; k += blockDim.x)
        if (buf[k] != pattern(pe, it, k))
            wrong(tag, it, k, (unsigned)buf[k], (unsigned)pattern(pe, it, k));
}

/* dst[k] must be the sum over PEs of pattern(pe, it, k). */
__global__ void check_sum(const int *buf, int npes, const int *iter_word, int iter, int tag)
{
    int it = iter_word ? *iter_word : iter;
    for (int k = threadIdx.x; k < N; k += blockDim.x) {
        unsigned want = 0;
        for (int pe = 0; pe < npes; pe++)
            want += (unsigned)pattern(pe, it, k);
        if ((unsigned)buf[k] != want)
            wrong(tag, it, k, (unsigned)buf[k], want);
    }
}

__global__ void bump(int *iter_word) { ++*iter_word; }

static unsigned long long take_errors(cudaStream_t s1, cudaStream_t s2)
{
    unsigned long long e = 0, zero = 0;
    CUDA_OK(cudaStreamSynchronize(s1));
    CUDA_OK(cudaStreamSynchronize(s2));
    CUDA_OK(cudaMemcpyFromSymbol(&e, d_errors, sizeof(e)));
    CUDA_OK(cudaMemcpyToSymbol(d_errors, &zero, sizeof(zero)));
    return e;
}

static void expect(int ok, const char *what)
{
    if (!ok) {
        printf(GPU_TEST_NAME " pe %d: %s\n", me, what);
        fails++;
    }
}

/* Puts, gets and put-with-signal in stream order with the program's kernels, on s1; a
 * reduction and a broadcast on a second team on s2 at the same time. */
static void part_two_streams(cudaStream_t s1, cudaStream_t s2, rocshmem_team_t dup)
{
    long before = fails;
    int *src = (int *)rocshmem_malloc(N * sizeof(int)), *dst = (int *)rocshmem_malloc(N * sizeof(int));
    int *got = (int *)rocshmem_malloc(N * sizeof(int)), *red = (int *)rocshmem_malloc(N * sizeof(int));
    int *src2 = (int *)rocshmem_malloc(N * sizeof(int)), *all = (int *)rocshmem_malloc(npes * 64 * sizeof(int));
    int *all_in = (int *)rocshmem_malloc(npes * 64 * sizeof(int));
    uint64_t *sig = (uint64_t *)rocshmem_malloc(sizeof(uint64_t));
    unsigned long long e;

    sym_zero(sig, sizeof(*sig));
    sync_all();
    for (int it = 0; it < ITERS; it++) {
        fill<<<1, 256, 0, s1>>>(src, me, NULL, it);
        rocshmem_putmem_signal_on_stream(dst, src, N * sizeof(int), sig, 1, ROCSHMEM_SIGNAL_ADD,
                                         peer, s1);
        rocshmem_signal_wait_until_on_stream(sig, ROCSHMEM_CMP_GE, (uint64_t)it + 1, s1);
        check<<<1, 256, 0, s1>>>(dst, from, NULL, it, 1);
        /* From `from`, whose signal says it has filled src for this iteration. */
        rocshmem_getmem_on_stream(got, src, N * sizeof(int), from, s1);
        rocshmem_quiet_on_stream(s1);
        check<<<1, 256, 0, s1>>>(got, from, NULL, it, 2);
        /* Nobody refills src before every PE has read it. */
        rocshmem_barrier_all_on_stream(s1);

        fill<<<1, 256, 0, s2>>>(src2, me, NULL, it);
        rocshmem_team_sync_on_stream(dup, s2);
        rocshmem_ctx_int_sum_reduce_on_stream(ROCSHMEM_CTX_DEFAULT, dup, red, src2, N, s2);
        check_sum<<<1, 256, 0, s2>>>(red, npes, NULL, it, 3);
        /* The root writes every member's red: after all of them have checked it. */
        rocshmem_team_sync_on_stream(dup, s2);
        rocshmem_broadcastmem_on_stream(dup, red, src2, N * sizeof(int), it % npes, s2);
        check<<<1, 256, 0, s2>>>(red, it % npes, NULL, it, 4);
        rocshmem_barrier_on_stream(dup, s2);
    }
    e = take_errors(s1, s2);
    expect(e == 0, "wrong words after put / get / put-with-signal / reduce / broadcast");

    /* alltoall and plain put with the syncs of WORLD, on s1. */
    {
        int host[64 * 16];
        for (int j = 0; j < npes * 64; j++)
            host[j] = me * 100000 + j;
        sym_write(all_in, host, npes * 64 * sizeof(int));
        rocshmem_sync_all_on_stream(s1);
        rocshmem_alltoallmem_on_stream(ROCSHMEM_TEAM_WORLD, all, all_in, 64 * sizeof(int), s1);
        rocshmem_putmem_on_stream(dst, src, N * sizeof(int), peer, s1);
        rocshmem_barrier_all_on_stream(s1);
        CUDA_OK(cudaStreamSynchronize(s1));
        sym_read(host, all, npes * 64 * sizeof(int));
        for (int j = 0; j < npes; j++)
            for (int k = 0; k < 64; k++)
                expect(host[j * 64 + k] == j * 100000 + me * 64 + k, "alltoall block");
        check<<<1, 256, 0, s1>>>(dst, from, NULL, ITERS - 1, 5);
        e = take_errors(s1, s2);
        expect(e == 0, "put on stream");
    }
    sync_all();
    rocshmem_free(sig); rocshmem_free(all_in); rocshmem_free(all); rocshmem_free(src2);
    rocshmem_free(red); rocshmem_free(got); rocshmem_free(dst); rocshmem_free(src);
    report("two streams, kernels between calls", before);
}

/* One iteration captured into a graph and replayed: fill, put, barrier, check, reduce,
 * check, barrier, next iteration number (a device word, so each replay checks anew). */
static void part_graph(cudaStream_t s1)
{
    long before = fails;
    int *src = (int *)rocshmem_malloc(N * sizeof(int)), *dst = (int *)rocshmem_malloc(N * sizeof(int));
    int *red = (int *)rocshmem_malloc(N * sizeof(int)), *iter_word;
    cudaGraph_t graph;
    cudaGraphExec_t exec;
    int iters = -1;

    CUDA_OK(cudaMalloc(&iter_word, sizeof(int)));
    CUDA_OK(cudaMemset(iter_word, 0, sizeof(int)));
    sync_all();
    CUDA_OK(cudaStreamBeginCapture(s1, cudaStreamCaptureModeGlobal));
    fill<<<1, 256, 0, s1>>>(src, me, iter_word, 0);
    rocshmem_putmem_on_stream(dst, src, N * sizeof(int), peer, s1);
    rocshmem_barrier_all_on_stream(s1);
    check<<<1, 256, 0, s1>>>(dst, from, iter_word, 0, 6);
    rocshmem_ctx_int_sum_reduce_on_stream(ROCSHMEM_CTX_DEFAULT, ROCSHMEM_TEAM_WORLD, red, src, N,
                                          s1);
    check_sum<<<1, 256, 0, s1>>>(red, npes, iter_word, 0, 7);
    rocshmem_barrier_all_on_stream(s1);
    bump<<<1, 1, 0, s1>>>(iter_word);
    CUDA_OK(cudaStreamEndCapture(s1, &graph));
    CUDA_OK(cudaGraphInstantiate(&exec, graph, 0));
    for (int r = 0; r < REPLAYS; r++)
        CUDA_OK(cudaGraphLaunch(exec, s1));
    CUDA_OK(cudaStreamSynchronize(s1));
    CUDA_OK(cudaMemcpy(&iters, iter_word, sizeof(int), cudaMemcpyDeviceToHost));
    expect(iters == REPLAYS, "graph replays counted");
    expect(take_errors(s1, s1) == 0, "wrong words in a graph replay");
    CUDA_OK(cudaGraphExecDestroy(exec));
    CUDA_OK(cudaGraphDestroy(graph));
    CUDA_OK(cudaFree(iter_word));
    sync_all();
    rocshmem_free(red); rocshmem_free(dst); rocshmem_free(src);
    report("a CUDA graph replayed 5 times", before);
}

/* Host atomics, waits, tests and signal_fetch on the heap: every PE adds to its peer's
 * counter and to its own, then waits for the counter `from` adds to. */
static void part_host_atomics(void)
{
    long before = fails;
    long *ctr = (long *)rocshmem_malloc(2 * sizeof(long)), v = -1, host[2];
    uint64_t *sig = (uint64_t *)rocshmem_malloc(sizeof(uint64_t));

    sym_zero(ctr, 2 * sizeof(long));
    sym_zero(sig, sizeof(*sig));
    sync_all();
    struct timespec t0, t1;

    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (int k = 0; k < 10; k++) {
        rocshmem_long_atomic_add(&ctr[0], 1, peer);
        v = rocshmem_long_atomic_fetch_add(&ctr[1], 2, me);
        expect(v == 2L * k, "fetch_add on this PE's own heap: old value");
    }
    rocshmem_quiet();
    clock_gettime(CLOCK_MONOTONIC, &t1);
    /* What a host atomic costs here (README): an add to the peer and a fetch_add here. */
    printf(GPU_TEST_NAME " pe %d: host add + fetch_add: %.1f us a pair\n", me,
           ((t1.tv_sec - t0.tv_sec) * 1e9 + (t1.tv_nsec - t0.tv_nsec)) / 1e3 / 10);
    clock_gettime(CLOCK_MONOTONIC, &t0);
    rocshmem_long_wait_until(&ctr[0], ROCSHMEM_CMP_EQ, 10);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    printf(GPU_TEST_NAME " pe %d: host wait_until: %.1f us\n", me,
           ((t1.tv_sec - t0.tv_sec) * 1e9 + (t1.tv_nsec - t0.tv_nsec)) / 1e3);
    expect(rocshmem_long_test(&ctr[0], ROCSHMEM_CMP_EQ, 10), "test after the wait");
    expect(rocshmem_long_atomic_compare_swap(&ctr[1], 20, 99, me) == 20, "compare_swap old value");
    expect(rocshmem_long_atomic_fetch(&ctr[1], me) == 99, "fetch after compare_swap");
    expect(rocshmem_long_atomic_swap(&ctr[1], 7, me) == 99, "swap old value");
    rocshmem_signal_set(sig, 41, peer);
    rocshmem_quiet();
    expect(rocshmem_signal_wait_until(sig, ROCSHMEM_CMP_EQ, 41) == 41, "signal_wait_until");
    expect(rocshmem_signal_fetch(sig) == 41, "signal_fetch");
    sync_all();
    sym_read(host, ctr, sizeof(host));
    expect(host[0] == 10 && host[1] == 7, "counters as the device sees them");
    rocshmem_free(sig);
    rocshmem_free(ctr);
    report("host atomics, waits and tests on the heap", before);
}

int main(void)
{
    cudaStream_t s1, s2;
    rocshmem_team_t dup = ROCSHMEM_TEAM_INVALID;

    gpu_test_start();
    CUDA_OK(cudaStreamCreateWithFlags(&s1, cudaStreamNonBlocking));
    CUDA_OK(cudaStreamCreateWithFlags(&s2, cudaStreamNonBlocking));
    if (rocshmem_team_split_strided(ROCSHMEM_TEAM_WORLD, 0, 1, npes, NULL, 0, &dup) != 0) {
        printf(GPU_TEST_NAME " pe %d: team split failed\n", me);
        fails++;
    } else {
        part_two_streams(s1, s2, dup);
        part_graph(s1);
    }
    part_host_atomics();
    rocshmem_team_destroy(dup);
    CUDA_OK(cudaStreamDestroy(s1));
    CUDA_OK(cudaStreamDestroy(s2));
    return gpu_test_finish();
}
