/* The host library's own kernels (CUDA and HIP, one source): the stream-ordered calls
 * (rocshmem_*_on_stream), each a small kernel that makes the device call in stream order,
 * and the atomics that host calls on a device heap need a GPU thread for. Compiled with
 * relocatable device code and linked with the device API's objects into librocshmem_ro
 * itself (src/cuda/Makefile.include, src/hip/Makefile.include): a GPU module of the
 * library's own, whose copy of the device view ro_k_publish fills at init, so that these
 * calls work in programs that never link the device library. */
#include "config.h"

/* First: the runtime's header declares the device memcpy that inline code below uses. */
#include "gpu/ro_gpu_runtime.h"

#include <pthread.h>
#include <string.h>

#include "kernels/ro_kernels.h"
#include "gpu/ro_gpu_ipc.h"
#include "gpu/ro_gpu_publish.h"

extern "C" {
#include "common/ro_log.h"
}

/* After the launch of an API call's kernel: ROCSHMEM_SUCCESS, or ROCSHMEM_ERROR after
 * reporting the launch that failed, naming the call. */
static int ro_k_launched(const char *api)
{
    RO_RT(Error_t) e = RO_RT(GetLastError)();

    if (e == RO_RT(Success))
        return ROCSHMEM_SUCCESS;
    RO_ERR("%s: kernel launch failed: %s (%s)", api, RO_RT(GetErrorString)(e),
           RO_RT(GetErrorName)(e));
    return ROCSHMEM_ERROR;
}

/* Launches the kernel of an API call; its value is ro_k_launched's. */
#define RO_K_LAUNCH(api, grid, block, stream, kernel, ...)                                 \
    (kernel<<<(grid), (block), 0, (RO_RT(Stream_t))(stream)>>>(__VA_ARGS__), ro_k_launched(api))

/* Threads of a data-moving call's one block: enough to copy at full rate on the on-node
 * path, few for small messages (a block launches and meets faster). */
static unsigned ro_k_threads(size_t bytes)
{
    return bytes >= 64 * 1024 ? 1024 : bytes >= 4096 ? 256 : 32;
}
/* Collectives and syncs: one block whose threads share the copies and the waits. */
#define RO_K_COLL_THREADS 1024

/* ---- host atomics on a device heap ------------------------------------------------- */

static RO_RT(Stream_t) ro_k_stream;      /* internal, non-blocking: never waits for the user's */
static uint64_t *ro_k_result;         /* pinned, mapped: the old value of the last atomic */
static pthread_mutex_t ro_k_lock = PTHREAD_MUTEX_INITIALIZER;

__global__ void ro_k_amo(void *dest, int dt, int op, uint64_t operand, uint64_t compare,
                         uint64_t *result)
{
    uint64_t old = 0;
    ro_gpu_ipc_amo(dest, (enum ro_dt)dt, (enum ro_amo_op)op, &operand, &compare, &old,
                   "a host atomic");
    *result = old;
}

extern "C" int ro_k_amo(void *dest, enum ro_dt dt, enum ro_amo_op op, const void *operand,
                        const void *compare, void *result)
{
    uint64_t a = 0, c = 0;
    size_t size = ro_dt_size(dt);
    RO_RT(Error_t) e;

    if (operand)
        memcpy(&a, operand, size);
    if (compare)
        memcpy(&c, compare, size);
    pthread_mutex_lock(&ro_k_lock);
    ro_k_amo<<<1, 1, 0, ro_k_stream>>>(dest, (int)dt, (int)op, a, c, ro_k_result);
    e = RO_RT(GetLastError)();
    if (e == RO_RT(Success))
        e = RO_RT(StreamSynchronize)(ro_k_stream);
    if (e == RO_RT(Success) && result)
        memcpy(result, ro_k_result, size);
    pthread_mutex_unlock(&ro_k_lock);
    if (e != RO_RT(Success)) {
        RO_ERR("host atomic on the device heap: kernel on the internal stream: %s (%s)",
               RO_RT(GetErrorString)(e), RO_RT(GetErrorName)(e));
        return -EIO;
    }
    return 0;
}

extern "C" int ro_k_publish(void)
{
    RO_RT(Error_t) e;

    if (!ro_k_stream) {
        e = RO_RT(StreamCreateWithFlags)(&ro_k_stream, RO_RT(StreamNonBlocking));
        if (e == RO_RT(Success))
            e = ro_rt_host_alloc_mapped((void **)&ro_k_result, sizeof(*ro_k_result));
        if (e != RO_RT(Success)) {
            RO_ERR("the library's kernels: " RO_RT_NAME "StreamCreateWithFlags / mapped host "
                   "memory: %s (%s)", RO_RT(GetErrorString)(e), RO_RT(GetErrorName)(e));
            return -EIO;
        }
    }
    return ro_gpu_publish("the library's own kernels") ? -EIO : 0;
}

/* ---- stream-ordered calls ---------------------------------------------------------- */

__global__ void ro_k_put(void *dest, const void *source, size_t n, int pe)
{
    rocshmem_putmem_wg(dest, source, n, pe);
    /* Stream order means complete: what the next kernel of the stream does with dest on pe
     * (a signal, a barrier) comes after the data. */
    if (threadIdx.x == 0)
        rocshmem_quiet();
}

__global__ void ro_k_get(void *dest, const void *source, size_t n, int pe)
{
    rocshmem_getmem_wg(dest, source, n, pe);
}

__global__ void ro_k_put_signal(void *dest, const void *source, size_t n, uint64_t *sig_addr,
                                uint64_t signal, int sig_op, int pe)
{
    rocshmem_putmem_signal_wg(dest, source, n, sig_addr, signal, sig_op, pe);
    if (threadIdx.x == 0)
        rocshmem_quiet();
}

__global__ void ro_k_signal_wait(uint64_t *sig_addr, int cmp, uint64_t value)
{
    rocshmem_signal_wait_until(sig_addr, cmp, value);
}

__global__ void ro_k_quiet(void)
{
    rocshmem_quiet();
}

__global__ void ro_k_barrier(rocshmem_team_t team)
{
    rocshmem_barrier_wg(team);
}

__global__ void ro_k_sync(rocshmem_team_t team)
{
    rocshmem_team_sync_wg(team);
}

__global__ void ro_k_alltoall(rocshmem_team_t team, void *dest, const void *source, size_t n)
{
    rocshmem_ctx_alltoallmem_wg(ROCSHMEM_CTX_DEFAULT, team, dest, source, n);
}

__global__ void ro_k_broadcast(rocshmem_team_t team, void *dest, const void *source, size_t n,
                               int root)
{
    rocshmem_ctx_broadcastmem_wg(ROCSHMEM_CTX_DEFAULT, team, dest, source, n, root);
}

extern "C" {

void rocshmem_putmem_on_stream(void *dest, const void *source, size_t nelems, int pe,
                               rocshmem_ro_stream_t stream)
{
    RO_K_LAUNCH("rocshmem_putmem_on_stream", 1, ro_k_threads(nelems), stream, ro_k_put, dest,
                source, nelems, pe);
}

void rocshmem_getmem_on_stream(void *dest, const void *source, size_t nelems, int pe,
                               rocshmem_ro_stream_t stream)
{
    RO_K_LAUNCH("rocshmem_getmem_on_stream", 1, ro_k_threads(nelems), stream, ro_k_get, dest,
                source, nelems, pe);
}

void rocshmem_putmem_signal_on_stream(void *dest, const void *source, size_t nelems,
                                      uint64_t *sig_addr, uint64_t signal, int sig_op, int pe,
                                      rocshmem_ro_stream_t stream)
{
    RO_K_LAUNCH("rocshmem_putmem_signal_on_stream", 1, ro_k_threads(nelems), stream,
                ro_k_put_signal, dest, source, nelems, sig_addr, signal, sig_op, pe);
}

void rocshmem_signal_wait_until_on_stream(uint64_t *sig_addr, int cmp, uint64_t cmp_value,
                                          rocshmem_ro_stream_t stream)
{
    RO_K_LAUNCH("rocshmem_signal_wait_until_on_stream", 1, 1, stream, ro_k_signal_wait,
                sig_addr, cmp, cmp_value);
}

void rocshmem_quiet_on_stream(rocshmem_ro_stream_t stream)
{
    RO_K_LAUNCH("rocshmem_quiet_on_stream", 1, 1, stream, ro_k_quiet);
}

void rocshmem_barrier_on_stream(rocshmem_team_t team, rocshmem_ro_stream_t stream)
{
    RO_K_LAUNCH("rocshmem_barrier_on_stream", 1, RO_K_COLL_THREADS, stream, ro_k_barrier,
                team);
}

void rocshmem_barrier_all_on_stream(rocshmem_ro_stream_t stream)
{
    rocshmem_barrier_on_stream(ROCSHMEM_TEAM_WORLD, stream);
}

void rocshmem_team_sync_on_stream(rocshmem_team_t team, rocshmem_ro_stream_t stream)
{
    RO_K_LAUNCH("rocshmem_team_sync_on_stream", 1, RO_K_COLL_THREADS, stream, ro_k_sync, team);
}

void rocshmem_sync_all_on_stream(rocshmem_ro_stream_t stream)
{
    rocshmem_team_sync_on_stream(ROCSHMEM_TEAM_WORLD, stream);
}

void rocshmem_alltoallmem_on_stream(rocshmem_team_t team, void *dest, const void *source,
                                    size_t size, rocshmem_ro_stream_t stream)
{
    RO_K_LAUNCH("rocshmem_alltoallmem_on_stream", 1, RO_K_COLL_THREADS, stream, ro_k_alltoall,
                team, dest, source, size);
}

void rocshmem_broadcastmem_on_stream(rocshmem_team_t team, void *dest, const void *source,
                                     size_t nelems, int pe_root, rocshmem_ro_stream_t stream)
{
    RO_K_LAUNCH("rocshmem_broadcastmem_on_stream", 1, RO_K_COLL_THREADS, stream,
                ro_k_broadcast, team, dest, source, nelems, pe_root);
}

}   /* extern "C" */

/* The typed reductions: a kernel and a host call per (type, operation), from the type lists
 * that declare them. The host call returns 0 once the kernel is enqueued (the device call's
 * own result is reported when it runs). */
#define RO_K_REDUCE(NAME, TYPE, OP)                                                        \
    __global__ void ro_k_##NAME##_##OP##_reduce(rocshmem_ctx_t ctx, rocshmem_team_t team,  \
                                                TYPE *dest, const TYPE *source, int n)     \
    {                                                                                      \
        rocshmem_ctx_##NAME##_##OP##_reduce_wg(ctx, team, dest, source, n);                \
    }                                                                                      \
    extern "C" int rocshmem_ctx_##NAME##_##OP##_reduce_on_stream(                          \
        rocshmem_ctx_t ctx, rocshmem_team_t team, TYPE *dest, const TYPE *source,          \
        int nreduce, rocshmem_ro_stream_t stream)                                          \
    {                                                                                      \
        return RO_K_LAUNCH("rocshmem_ctx_" #NAME "_" #OP "_reduce_on_stream", 1,           \
                           RO_K_COLL_THREADS, stream, ro_k_##NAME##_##OP##_reduce, ctx, team, \
                           dest, source, nreduce);                                         \
    }
#define RO_K_REDUCE_ARITH(NAME, TYPE, KIND)                                                \
    RO_K_REDUCE(NAME, TYPE, sum) RO_K_REDUCE(NAME, TYPE, prod)                             \
    RO_K_REDUCE(NAME, TYPE, min) RO_K_REDUCE(NAME, TYPE, max)
#define RO_K_REDUCE_BITWISE(NAME, TYPE, KIND)                                              \
    RO_K_REDUCE(NAME, TYPE, and) RO_K_REDUCE(NAME, TYPE, or) RO_K_REDUCE(NAME, TYPE, xor)
ROCSHMEM_FOR_REDUCE_ARITH_TYPES(RO_K_REDUCE_ARITH)
ROCSHMEM_FOR_REDUCE_BITWISE_TYPES(RO_K_REDUCE_BITWISE)
