/* Where the proxy thread runs. ROCSHMEM_RO_PROXY_CPU names the cores; otherwise the
 * last core of the PE's binding, and when the PE is not bound (it may run anywhere),
 * the PEs of a node spread their proxies from the last core downwards, unless they have
 * fewer than two cores each: then the proxy stays unpinned. */
#include "config.h"
#include "proxy/ro_proxy_int.h"

#include <errno.h>

#include "common/ro_log.h"

int ro_proxy_pin_open(struct ro_proxy *p, const struct ro_proxy_params *params)
{
    hwloc_bitmap_t set = NULL, allowed;
    int rc = -EINVAL, n, idx;

    p->cpu = -1;
    if (hwloc_topology_init(&p->topo) < 0 || hwloc_topology_load(p->topo) < 0) {
        RO_SYS_ERR("hwloc_topology_init/load", errno);
        return -errno;
    }
    set = hwloc_bitmap_alloc();
    if (!set) {
        RO_SYS_ERR("hwloc_bitmap_alloc", ENOMEM);
        rc = -ENOMEM;
        goto err_topo;
    }
    allowed = (hwloc_bitmap_t)hwloc_topology_get_allowed_cpuset(p->topo);
    if (params->cpu_list && *params->cpu_list) {
        if (hwloc_bitmap_list_sscanf(set, params->cpu_list) < 0 || hwloc_bitmap_iszero(set) ||
            !hwloc_bitmap_isincluded(set, allowed)) {
            RO_ERR("ROCSHMEM_RO_PROXY_CPU=%s: not a core list within this machine's cores "
                   "(e.g. 3 or 2-3)", params->cpu_list);
            goto err_set;
        }
    } else {
        if (hwloc_get_cpubind(p->topo, set, HWLOC_CPUBIND_PROCESS) < 0) {
            RO_SYS_ERR("hwloc_get_cpubind(process)", errno);
            rc = -errno;
            goto err_set;
        }
        n = hwloc_bitmap_weight(set);
        idx = hwloc_bitmap_last(set);
        /* Measured on the H200 machine: Open MPI binds each of 2 PEs to one core, and the
         * proxy sharing it with a busy main thread added 4 ms (a scheduler slice) to every
         * GPU thread's p + quiet. */
        if (n == 1)
            RO_WARN("this PE is bound to the single core %d, which its proxy thread must "
                    "share; bind PEs to two or more cores each (Open MPI: mpirun --bind-to "
                    "none) or name a free core in ROCSHMEM_RO_PROXY_CPU", idx);
        if (n > 0 && hwloc_bitmap_isequal(set, allowed)) {   /* an unbound PE */
            /* Fewer than two cores per PE: no core is the proxy's alone, and a proxy pinned
             * to one cannot move when that core is busy. On 2 cores with 4 PEs a pinned
             * proxy went unscheduled for 48 s (BENCHMARKS.md, 2026-12-07). */
            if (p->may_sleep) {
                RO_INFO("%d cores for %d PEs, none bound: proxy thread left unpinned", n,
                        params->local_size);
                hwloc_bitmap_free(set);
                return 0;
            }
            /* Take the (local_rank % n)-th core counted from the end. */
            if (params->local_size > 1) {
                idx = hwloc_bitmap_first(set);
                for (int k = n - 1 - params->local_rank % n; k > 0; k--)
                    idx = hwloc_bitmap_next(set, idx);
            }
        }
        if (idx < 0) {
            RO_ERR("hwloc_get_cpubind(process): empty binding; proxy left unpinned");
            goto err_set;
        }
        hwloc_bitmap_only(set, (unsigned)idx);
    }
    p->cpu = hwloc_bitmap_first(set);
    hwloc_bitmap_free(set);
    return 0;

err_set:
    hwloc_bitmap_free(set);
err_topo:
    hwloc_topology_destroy(p->topo);
    return rc;
}

void ro_proxy_pin_close(struct ro_proxy *p)
{
    hwloc_topology_destroy(p->topo);
}

/* Runs on the proxy thread. A failure leaves the thread unpinned, with a warning:
 * slower, not wrong. */
int ro_proxy_pin_self(struct ro_proxy *p)
{
    hwloc_bitmap_t set;
    int rc = 0;

    if (p->cpu < 0)
        return 0;
    set = hwloc_bitmap_alloc();
    if (!set)
        return -ENOMEM;
    hwloc_bitmap_only(set, (unsigned)p->cpu);
    if (hwloc_set_cpubind(p->topo, set, HWLOC_CPUBIND_THREAD) < 0) {
        rc = -errno;
        RO_WARN("hwloc_set_cpubind(thread, core %d): %s; proxy thread left unpinned", p->cpu,
                ro_strerror(errno));
    } else {
        RO_INFO("proxy thread pinned to core %d", p->cpu);
    }
    hwloc_bitmap_free(set);
    return rc;
}
