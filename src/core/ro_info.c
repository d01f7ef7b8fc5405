/* What rocshmem_info prints: build options and environment (before init), then what
 * init chose (bootstrap, provider and its capabilities, proxy core). */
#include "config.h"
#include "core/ro_core.h"

void ro_core_build_print(FILE *out)
{
    fprintf(out, "%s (OpenSHMEM %d.%d)\n", ROCSHMEM_VENDOR_STRING, ROCSHMEM_MAJOR_VERSION,
            ROCSHMEM_MINOR_VERSION);
    fprintf(out, "build: %s\n", RO_BUILD_CONFIG);
    fprintf(out, "environment (effective value, default, meaning):\n");
    ro_env_print(&ro_core.env, out);
}

void ro_core_info_print(FILE *out)
{
    fprintf(out, "bootstrap: %s (PE %d of %d, %d on this node)\n", ro_core.boot->ops->name,
            ro_core.boot->rank, ro_core.boot->size, ro_core.local_size);
    fprintf(out, "gpu: %s\n", ro_core.gpu->describe());
    fprintf(out, "heap: %zu bytes at %p (%s memory; rocshmem_align up to %zu)\n",
            ro_core.heap.size, (void *)ro_core.heap.base, ro_core.heap_on_device ? "GPU" : "host",
            ro_core.heap.base_align);
    fprintf(out, "on-node path (%s): %d PEs mapped (ROCSHMEM_TEAM_SHARED: start %d, stride "
            "%d, size %d); %s\n", ro_core.heap_shared ? "shared host heaps" : "GPU IPC",
            ro_core.ipc_base ? ROCSHMEM_TEAM_SHARED->size : 0,
            ROCSHMEM_TEAM_SHARED->start, ROCSHMEM_TEAM_SHARED->stride, ROCSHMEM_TEAM_SHARED->size,
            ro_gpu_state.proxy_peers ? "other PEs, or the globals, through the proxy"
                                     : "nothing through the proxy");
    if (ro_proxy_cpu(ro_core.proxy) >= 0)
        fprintf(out, "proxy: core %d, ", ro_proxy_cpu(ro_core.proxy));
    else
        fprintf(out, "proxy: unpinned, ");
    fprintf(out, "%u descriptors per ring, up to %u contexts\n", (unsigned)ro_core.env.RO_RING_SIZE,
            ro_core.env.MAX_NUM_CONTEXTS);
    ro_ofi_describe(ro_core.ofi, out);
}
