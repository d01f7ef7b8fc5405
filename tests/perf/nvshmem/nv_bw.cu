/* NVSHMEM reference: put bandwidth from PE 0 to PE 1. One kernel of BLOCKS blocks of
 * THREADS threads; SIZE bytes are split over the blocks (block b its own slice, the last
 * block the remainder) and each block puts its slice with nvshmemx_putmem_nbi_block ITERS
 * times, then quiets (after __syncthreads, thread 0). Timed with cudaEvents around the
 * launch (a WARMUP-iteration launch first); GB/s = SIZE * ITERS / time. name=put_bw,
 * scope=block (the puts are block-scope whatever -s says).
 * -B: PE 0 and PE 1 send to each other at once; PE 0 prints both PEs' own figures, each
 * with " bidir=1 pe=<p>" added. */
#include "nv_common.h"

__global__ void bw_kernel(char *dst, const char *src, size_t size, int peer, int iters)
{
    size_t slice = size / gridDim.x;
    size_t off = (size_t)blockIdx.x * slice;
    size_t len = (blockIdx.x == gridDim.x - 1) ? size - off : slice;
    int i;

    if (len != 0)
        for (i = 0; i < iters; i++)
            nvshmemx_putmem_nbi_block(dst + off, src + off, len, peer);
    __syncthreads();
    if (threadIdx.x == 0)
        nvshmem_quiet();
}

int main(int argc, char **argv)
{
    nv_opts_t o;
    int rc, sender, peer;
    size_t size;
    char *dst, *src;
    double *res;
    cudaEvent_t start, stop;
    cudaStream_t stream;

    nv_parse(argc, argv, &o, "B", " [-B]");
    rc = nv_start();
    if (rc)
        return rc;
    sender = nv_me == 0 || (o.bidir && nv_me == 1);
    peer = nv_me == 0 ? 1 : 0;
    if (nv_me == 0 && o.scope != NV_SCOPE_BLOCK && o.scope != NV_SCOPE_THREAD)
        fprintf(stderr, "%s: -s %s ignored: the puts are block-scope\n", nv_prog,
                nv_scope_names[o.scope]);

    dst = (char *)nvshmem_malloc(o.max_size);
    src = (char *)nvshmem_malloc(o.max_size);
    res = (double *)nvshmem_malloc(sizeof *res);
    if (!dst || !src || !res) {
        fprintf(stderr, "%s pe %d: nvshmem_malloc(%zu) failed\n", nv_prog, nv_me, o.max_size);
        nvshmem_global_exit(1);
    }
    NV_CUDA(cudaMemset(dst, 0, o.max_size));
    NV_CUDA(cudaMemset(src, 0x5a, o.max_size));
    NV_CUDA(cudaEventCreate(&start));
    NV_CUDA(cudaEventCreate(&stop));
    NV_CUDA(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
    NV_CUDA(cudaDeviceSynchronize());
    nvshmem_barrier_all();

    nv_print_header();
    for (size = o.min_size; size != 0 && size <= o.max_size; size = nv_next_size(&o, size)) {
        double gbps = 0;

        if (sender && o.warmup > 0) {
            bw_kernel<<<o.blocks, o.threads, 0, stream>>>(dst, src, size, peer, o.warmup);
            NV_KERNEL_DONE();
        }
        nvshmem_barrier_all();
        if (sender) {
            float ms = 0;

            NV_CUDA(cudaEventRecord(start, stream));
            bw_kernel<<<o.blocks, o.threads, 0, stream>>>(dst, src, size, peer, o.iters);
            NV_CUDA(cudaGetLastError());
            NV_CUDA(cudaEventRecord(stop, stream));
            NV_CUDA(cudaEventSynchronize(stop));
            NV_KERNEL_DONE();
            NV_CUDA(cudaEventElapsedTime(&ms, start, stop));
            gbps = ms > 0 ? (double)size * o.iters / (ms * 1e6) : 0;
        }
        nvshmem_barrier_all();
        char extra[96];
        if (o.bidir) {
            double other = nv_value_of_pe(gbps, res, 1);

            snprintf(extra, sizeof(extra), "blocks=%d threads=%d bidir=1 pe=0", o.blocks, o.threads);
            nv_result("put", "wg", size, "bandwidth", gbps, "GB/s", extra);
            snprintf(extra, sizeof(extra), "blocks=%d threads=%d bidir=1 pe=1", o.blocks, o.threads);
            nv_result("put", "wg", size, "bandwidth", other, "GB/s", extra);
        } else {
            snprintf(extra, sizeof(extra), "blocks=%d threads=%d bidir=0 pe=0", o.blocks, o.threads);
            nv_result("put", "wg", size, "bandwidth", gbps, "GB/s", extra);
        }
        nvshmem_barrier_all();
    }

    NV_CUDA(cudaStreamDestroy(stream));
    NV_CUDA(cudaEventDestroy(stop));
    NV_CUDA(cudaEventDestroy(start));
    nvshmem_free(res);
    nvshmem_free(src);
    nvshmem_free(dst);
    nv_finish();
    return 0;
}
