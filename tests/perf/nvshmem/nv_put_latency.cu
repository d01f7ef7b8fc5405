/* NVSHMEM reference: latency of blocking operations from PE 0 to PE 1, timed inside one
 * kernel with %globaltimer over ITERS iterations after WARMUP untimed ones.
 *   -o put (default): putmem of SIZE bytes + quiet       name=put_latency
 *   -o get:           getmem of SIZE bytes               name=get_latency
 *   -o p:             long_p + quiet (size 8)            name=p_latency
 *   -o g:             long_g (size 8)                    name=g_latency
 * Scope for put/get: thread (one thread, nvshmem_putmem/getmem), warp (32 threads,
 * nvshmemx_*mem_warp), block (THREADS threads, nvshmemx_*mem_block); p and g are one
 * thread. Reports microseconds per iteration. */
#include "nv_common.h"

enum { OP_PUT, OP_GET, OP_P, OP_G };

static __device__ __forceinline__ void group_quiet(int scope)
{
    if (scope == NV_SCOPE_THREAD) {
        nvshmem_quiet();
    } else {
        __syncthreads();
        if (threadIdx.x == 0)
            nvshmem_quiet();
        __syncthreads();
    }
}

/* out[0]: nanoseconds of the timed iterations; out[1]: a sink for g's values. */
__global__ void lat_kernel(int op, int scope, char *remote, char *local, size_t size, int peer,
                           int warmup, int iters, unsigned long long *out)
{
    unsigned long long t0 = 0;
    long acc = 0;
    int total = warmup + iters, i;

    for (i = 0; i < total; i++) {
        if (i == warmup) {
            __syncthreads();
            if (threadIdx.x == 0)
                t0 = nv_globaltimer();
        }
        switch (op) {
        case OP_PUT:
            if (scope == NV_SCOPE_THREAD)
                nvshmem_putmem(remote, local, size, peer);
            else if (scope == NV_SCOPE_WARP)
                nvshmemx_putmem_warp(remote, local, size, peer);
            else
                nvshmemx_putmem_block(remote, local, size, peer);
            group_quiet(scope);
            break;
        case OP_GET:
            if (scope == NV_SCOPE_THREAD)
                nvshmem_getmem(local, remote, size, peer);
            else if (scope == NV_SCOPE_WARP)
                nvshmemx_getmem_warp(local, remote, size, peer);
            else
                nvshmemx_getmem_block(local, remote, size, peer);
            break;
        case OP_P:
            nvshmem_long_p((long *)remote, (long)i, peer);
            nvshmem_quiet();
            break;
        default:
            acc += nvshmem_long_g((long *)remote, peer);
            break;
        }
    }
    __syncthreads();
    if (threadIdx.x == 0) {
        out[0] = nv_globaltimer() - t0;
        out[1] = (unsigned long long)acc;
    }
}

int main(int argc, char **argv)
{
    nv_opts_t o;
    int op, rc, threads, scope;
    const char *name;
    size_t size, first, last, bufsize;
    char *remote, *local;
    unsigned long long *d_out, h_out[2];

    nv_parse(argc, argv, &o, "o:", " [-o put|get|p|g]");
    if (!o.op || !strcmp(o.op, "put")) {
        op = OP_PUT;
        name = "put";
    } else if (!strcmp(o.op, "get")) {
        op = OP_GET;
        name = "get";
    } else if (!strcmp(o.op, "p")) {
        op = OP_P;
        name = "p";
    } else if (!strcmp(o.op, "g")) {
        op = OP_G;
        name = "g";
    } else {
        fprintf(stderr, "%s: -o must be put, get, p or g\n", nv_prog);
        return 2;
    }
    if (op == OP_P || op == OP_G) {
        first = last = sizeof(long);
        scope = NV_SCOPE_THREAD;
        threads = 1;
    } else {
        first = o.min_size;
        last = o.max_size;
        scope = o.scope;
        threads = nv_scope_threads(&o);
    }

    rc = nv_start();
    if (rc)
        return rc;

    bufsize = last < sizeof(long) ? sizeof(long) : last;
    remote = (char *)nvshmem_malloc(bufsize);
    local = (char *)nvshmem_malloc(bufsize);
    if (!remote || !local) {
        fprintf(stderr, "%s pe %d: nvshmem_malloc(%zu) failed\n", nv_prog, nv_me, bufsize);
        nvshmem_global_exit(1);
    }
    NV_CUDA(cudaMemset(remote, 0, bufsize));
    NV_CUDA(cudaMemset(local, 0x5a, bufsize));
    NV_CUDA(cudaMalloc((void **)&d_out, sizeof h_out));
    NV_CUDA(cudaDeviceSynchronize());
    nvshmem_barrier_all();

    nv_print_header();
    for (size = first; size != 0 && size <= last;
         size = (first == last) ? 0 : nv_next_size(&o, size)) {
        if (nv_me == 0) {
            lat_kernel<<<1, threads>>>(op, scope, remote, local, size, 1, o.warmup, o.iters,
                                       d_out);
            NV_KERNEL_DONE();
            NV_CUDA(cudaMemcpy(h_out, d_out, sizeof h_out, cudaMemcpyDeviceToHost));
            nv_result(name, nv_scope_names[scope], size, "latency",
                      (double)h_out[0] / 1e3 / o.iters, "us", NULL);
        }
        nvshmem_barrier_all();
    }

    NV_CUDA(cudaFree(d_out));
    nvshmem_free(local);
    nvshmem_free(remote);
    nv_finish();
    return 0;
}
