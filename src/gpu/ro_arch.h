/* The few primitives device code needs, for exactly one target. Contract (each target
 * header defines all of them, one to three lines each, no policy):
 *   RO_DEVICE, RO_HOST_DEVICE, RO_FN            function qualifiers
 *   RO_LOAD_ACQUIRE(p, out)                   acquire load of any size
 *   ro_thread_id, ro_block_id, ro_block_dim   position in the launch
 *   ro_lane_id, ro_wave_size, ro_wave_active_mask (lanes of this call's coalesced group),
 *   ro_popcount64, ro_lowest_lane (of a lane mask),
 *   ro_wave_ballot, ro_wave_bcast64, ro_wave_sync (every lane of the wave calls these)
 *   ro_lanes_match64, ro_lanes_bcast64 (every lane of the given mask calls these)
 *   ro_wg_barrier, ro_wg_bcast64 (every thread of the workgroup calls these)
 *   ro_atomic_{add,cas,swap}64[_sys], ro_atomic_cas32_sys   relaxed read-modify-write,
 *                                             device / system scope
 *   ro_atomic_cas64_acquire_sys               compare-and-swap with acquire (a claim)
 *   ro_load16, ro_store16                     16 aligned bytes (struct ro_v16), the load
 *                                             seeing what this thread synchronised with
 *   ro_load_acquire64[_sys], ro_store_release64[_sys]   device / system scope
 *   ro_load_batch64, ro_acquire_batch         loads that act as acquires once the one
 *                                             ro_acquire_batch after them is done
 *   ro_load_ctrl64                            a load whose value decides whether later
 *                                             stores happen, ordered before them
 *   ro_load_volatile64, ro_store_relaxed64    relaxed (no order with other memory)
 *   ro_load_readonly_{ptr,u32}                a word kernels never change (read-only cache)
 *   ro_fence_{wg,device,system}, ro_flush_sys (make a store to host memory visible now)
 *   ro_nanosleep, ro_clock_ns, ro_cpu_relax, ro_yield (give the processor to others)
 * Targets: host (ro_arch_host.h), CUDA (ro_arch_cuda.h), HIP (ro_arch_hip.h). */
#ifndef RO_ARCH_H
#define RO_ARCH_H

#include <stdint.h>

/* 16 bytes moved as one access. */
struct ro_v16 {
    uint64_t a, b;
};

#if defined(__CUDACC__)
#include "gpu/ro_arch_cuda.h"
#elif defined(__HIPCC__)
#include "gpu/ro_arch_hip.h"
#else
#include "gpu/ro_arch_host.h"
#endif

#endif
