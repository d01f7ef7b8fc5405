/* NVSHMEM reference: ping-pong between PE 0 and PE 1, both running a kernel at once
 * (nvshmemx_collective_launch). PE 0 times WARMUP + ITERS round trips inside its kernel
 * with %globaltimer (the last ITERS only) and reports half a round trip in microseconds.
 *   -o p (default): PE 0 long_p's i to PE 1's flag, PE 1 waits for it (long_wait_until)
 *                   and long_p's i back; size 8                     name=p_pingpong
 *   -o signal:      putmem_signal of SIZE bytes with NVSHMEM_SIGNAL_SET, answered the
 *                   same way, each side waiting with signal_wait_until
 *                                                                   name=put_signal_pingpong
 *                   scope thread (nvshmem_putmem_signal), warp (32 threads,
 *                   nvshmemx_putmem_signal_warp) or block (THREADS threads,
 *                   nvshmemx_putmem_signal_block).
 * Flag and signal values grow across launches (base), so nothing needs resetting. PEs
 * above 1 launch an empty kernel. */
#include "nv_common.h"

enum { MODE_P, MODE_SIGNAL };

__global__ void pp_kernel(int mode, int scope, int me, long *flag, uint64_t *sig, char *dst,
                          const char *src, size_t size, long base, int warmup, int iters,
                          unsigned long long *out)
{
    unsigned long long t0 = 0;
    int total = warmup + iters, i;
    int peer = 1 - me;
    int tid = threadIdx.x;

    if (me > 1)
        return;
    for (i = 0; i < total; i++) {
        long v = base + i + 1;

        if (me == 0 && i == warmup) {
            __syncthreads();
            if (tid == 0)
                t0 = nv_globaltimer();
        }
        if (mode == MODE_P) {
            if (tid != 0)
                continue;
            if (me == 0) {
                nvshmem_long_p(flag, v, peer);
                nvshmem_long_wait_until(flag, NVSHMEM_CMP_EQ, v);
            } else {
                nvshmem_long_wait_until(flag, NVSHMEM_CMP_EQ, v);
                nvshmem_long_p(flag, v, peer);
            }
        } else {
            if (me == 1) {
                if (tid == 0)
                    nvshmem_signal_wait_until(sig, NVSHMEM_CMP_EQ, (uint64_t)v);
                __syncthreads();
            }
            if (scope == NV_SCOPE_THREAD)
                nvshmem_putmem_signal(dst, src, size, sig, (uint64_t)v, NVSHMEM_SIGNAL_SET,
                                      peer);
            else if (scope == NV_SCOPE_WARP)
                nvshmemx_putmem_signal_warp(dst, src, size, sig, (uint64_t)v,
                                            NVSHMEM_SIGNAL_SET, peer);
            else
                nvshmemx_putmem_signal_block(dst, src, size, sig, (uint64_t)v,
                                             NVSHMEM_SIGNAL_SET, peer);
            if (me == 0) {
                if (tid == 0)
                    nvshmem_signal_wait_until(sig, NVSHMEM_CMP_EQ, (uint64_t)v);
                __syncthreads();
            }
        }
    }
    __syncthreads();
    if (tid == 0) {
        if (me == 0)
            out[0] = nv_globaltimer() - t0;
        nvshmem_quiet();
    }
}

int main(int argc, char **argv)
{
    nv_opts_t o;
    int mode, rc, threads, scope, warmup, iters, me;
    const char *name;
    size_t size, first, last, bufsize;
    long *flag, base = 0;
    uint64_t *sig;
    char *dst, *src;
    unsigned long long *d_out, h_out = 0;

    nv_parse(argc, argv, &o, "o:", " [-o p|signal]");
    if (!o.op || !strcmp(o.op, "p")) {
        mode = MODE_P;
        name = "p_pingpong";
        first = last = sizeof(long);
        scope = NV_SCOPE_THREAD;
        threads = 1;
    } else if (!strcmp(o.op, "signal")) {
        mode = MODE_SIGNAL;
        name = "put_signal_pingpong";
        first = o.min_size;
        last = o.max_size;
        scope = o.scope;
        threads = nv_scope_threads(&o);
    } else {
        fprintf(stderr, "%s: -o must be p or signal\n", nv_prog);
        return 2;
    }

    rc = nv_start();
    if (rc)
        return rc;
    me = nv_me;

    bufsize = last;
    flag = (long *)nvshmem_malloc(sizeof *flag);
    sig = (uint64_t *)nvshmem_malloc(sizeof *sig);
    dst = (char *)nvshmem_malloc(bufsize);
    src = (char *)nvshmem_malloc(bufsize);
    if (!flag || !sig || !dst || !src) {
        fprintf(stderr, "%s pe %d: nvshmem_malloc failed\n", nv_prog, nv_me);
        nvshmem_global_exit(1);
    }
    NV_CUDA(cudaMemset(flag, 0, sizeof *flag));
    NV_CUDA(cudaMemset(sig, 0, sizeof *sig));
    NV_CUDA(cudaMemset(dst, 0, bufsize));
    NV_CUDA(cudaMemset(src, 0x5a, bufsize));
    NV_CUDA(cudaMalloc((void **)&d_out, sizeof h_out));
    NV_CUDA(cudaDeviceSynchronize());
    nvshmem_barrier_all();

    warmup = o.warmup;
    iters = o.iters;
    nv_print_header();
    for (size = first; size != 0 && size <= last;
         size = (first == last) ? 0 : nv_next_size(&o, size)) {
        void *args[] = { &mode, &scope, &me, &flag, &sig, &dst, &src, &size, &base,
                         &warmup, &iters, &d_out };

        rc = nvshmemx_collective_launch((const void *)pp_kernel, dim3(1), dim3(threads), args,
                                        0, 0);
        if (rc != 0) {
            fprintf(stderr, "%s pe %d: nvshmemx_collective_launch failed: %d\n", nv_prog,
                    nv_me, rc);
            nvshmem_global_exit(1);
        }
        NV_KERNEL_DONE();
        base += warmup + iters;
        if (nv_me == 0) {
            NV_CUDA(cudaMemcpy(&h_out, d_out, sizeof h_out, cudaMemcpyDeviceToHost));
            nv_result(name, nv_scope_names[scope], size, "latency",
                      (double)h_out / 1e3 / (2.0 * iters), "us", NULL);
        }
        nvshmem_barrier_all();
    }

    NV_CUDA(cudaFree(d_out));
    nvshmem_free(src);
    nvshmem_free(dst);
    nvshmem_free(sig);
    nvshmem_free(flag);
    nv_finish();
    return 0;
}
