/* Argument checks and the timeout that ends a wait: the error paths of the device API. */
#include "config.h"
#include "gpu/ro_gpu_post.h"

#include <stdio.h>

#include "gpu/ro_gpu_log.h"

RO_FN int ro_gpu_check(const char *api, const void *addr, size_t len, int pe)
{
    const uint8_t *base = ro_gpu_state.heap_base;
    if (RO_UNLIKELY(pe < 0 || pe >= ro_gpu_state.n_pes)) {
        RO_GPU_ERR("%s: invalid PE %d (this job has PEs 0..%d); operation dropped", api, pe,
               ro_gpu_state.n_pes - 1);
        return -1;
    }
    if (RO_UNLIKELY(!base)) {
        RO_GPU_ERR("%s: called before rocshmem_init or after rocshmem_finalize; operation dropped", api);
        return -1;
    }
    /* OpenSHMEM: a transfer of no elements has no effect, so its address is never used and
     * need not point anywhere (NULL is common); the caller moves nothing. */
    if (len == 0)
        return 0;
    if (RO_UNLIKELY(!ro_gpu_in_heap(addr, len) && !ro_gpu_in_data(addr, len))) {
        RO_GPU_ERR("%s: [%p, +%zu) is not inside the symmetric heap [%p, +%zu)%s; operation "
                   "dropped", api, addr, len, (const void *)base, ro_gpu_state.heap_size,
                   ro_gpu_state.data_size ? " or the program's symmetric data" : "");
        return -1;
    }
    return 0;
}

#define RO_GPU_TIMEOUT_FMT                                                                 \
    "%s: waited %llu s for %s (have %llu, need %llu); a peer may have died or the proxy "  \
    "is stuck (ROCSHMEM_RO_TIMEOUT sets the bound)"

#if defined(__CUDACC__) || defined(__HIPCC__)
/* A GPU thread cannot end the job itself: it prints why, raises the flag the proxy watches
 * (the proxy then ends the job), and stops its kernel. */
RO_FN void ro_gpu_timeout(const char *api, const char *what, uint64_t have, uint64_t want)
{
    RO_GPU_ERR(RO_GPU_TIMEOUT_FMT, api,
               (unsigned long long)(ro_gpu_state.timeout_ns / 1000000000u), what,
               (unsigned long long)have, (unsigned long long)want);
    ro_store_release64_sys(&ro_gpu_state.activity->fatal, 1);
    __trap();
}
#else
/* As on a GPU, the proxy ends the job, after its report of what is outstanding
 * (ro_proxy_report.c); a proxy that does not within RO_GPU_TIMEOUT_GRACE_NS is stuck itself,
 * and this thread ends the job. */
#define RO_GPU_TIMEOUT_GRACE_NS 1000000000u
RO_FN void ro_gpu_timeout(const char *api, const char *what, uint64_t have, uint64_t want)
{
    char why[256];
    snprintf(why, sizeof(why), RO_GPU_TIMEOUT_FMT, api,
             (unsigned long long)(ro_gpu_state.timeout_ns / 1000000000u), what,
             (unsigned long long)have, (unsigned long long)want);
    RO_GPU_ERR("%s", why);
    ro_store_release64_sys(&ro_gpu_state.activity->fatal, 1);
    ro_nanosleep(RO_GPU_TIMEOUT_GRACE_NS);
    ro_gpu_state.fatal(why);
}
#endif
