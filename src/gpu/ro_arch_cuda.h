/* CUDA target of ro_arch.h (nvcc, sm_70 and later: independent thread scheduling, so every
 * lane mask is explicit). A wave is a warp of 32 lanes; positions are flattened over the
 * three dimensions of the launch, the order in which CUDA forms warps. System-scope
 * operations reach host-mapped memory (rings, the host heap) across PCIe. */
#ifndef RO_ARCH_CUDA_H
#define RO_ARCH_CUDA_H

#include <stdint.h>

#define RO_DEVICE static __device__ __forceinline__
#define RO_HOST_DEVICE __host__ __device__
#define RO_FN __device__
/* The proxy path of a call that has an on-node path: out of line, so that the on-node path
 * inlined into the caller stays small (registers; loops the compiler can pipeline). */
#define RO_SLOW_FN static __device__ __noinline__
#define RO_LOAD_ACQUIRE(p, out)                                                            \
    __nv_atomic_load((p), &(out), __NV_ATOMIC_ACQUIRE, __NV_THREAD_SCOPE_SYSTEM)

RO_DEVICE int ro_thread_id(void)
{ return (int)(threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z)); }
RO_DEVICE int ro_block_id(void)
{ return (int)(blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z)); }
RO_DEVICE int ro_block_dim(void) { return (int)(blockDim.x * blockDim.y * blockDim.z); }
RO_DEVICE int ro_wave_size(void) { return 32; }
RO_DEVICE int ro_lane_id(void) { return ro_thread_id() & 31; }
RO_DEVICE uint64_t ro_wave_active_mask(void) { return __activemask(); }

RO_DEVICE int ro_popcount64(uint64_t m) { return __popcll(m); }
RO_DEVICE int ro_lowest_lane(uint64_t m) { return __ffsll((long long)m) - 1; }

RO_DEVICE uint64_t ro_wave_ballot(int pred) { return __ballot_sync(0xffffffffu, pred); }
RO_DEVICE uint64_t ro_wave_bcast64(uint64_t v, int src_lane)
{ return __shfl_sync(0xffffffffu, (unsigned long long)v, src_lane); }
/* The lanes of `lanes` (this lane among them) that pass the same key. */
RO_DEVICE uint64_t ro_lanes_match64(uint64_t lanes, uint64_t key)
{ return __match_any_sync((unsigned)lanes, (unsigned long long)key); }
RO_DEVICE uint64_t ro_lanes_bcast64(uint64_t lanes, uint64_t v, int src_lane)
{ return __shfl_sync((unsigned)lanes, (unsigned long long)v, src_lane); }
RO_DEVICE void ro_wave_sync(void) { __syncwarp(); }
RO_DEVICE void ro_wg_barrier(void) { __syncthreads(); }
RO_DEVICE uint64_t ro_wg_bcast64(uint64_t v, int src_thread)
{
    __shared__ uint64_t slot;
    __syncthreads();
    if (ro_thread_id() == src_thread)
        slot = v;
    __syncthreads();
    return slot;
}

/* The library's atomics only ever meet global memory (heaps, rings, producers' lines):
 * said so, the compiler drops the generic atomic's test for a shared-memory address and the
 * branch after it. */
#define RO_GLOBAL(p) __builtin_assume(__isGlobal(p))
RO_DEVICE uint64_t ro_atomic_add64(uint64_t *p, uint64_t v)
{ RO_GLOBAL(p); return atomicAdd((unsigned long long *)p, (unsigned long long)v); }
RO_DEVICE uint64_t ro_atomic_add64_sys(uint64_t *p, uint64_t v)
{ RO_GLOBAL(p); return atomicAdd_system((unsigned long long *)p, (unsigned long long)v); }
RO_DEVICE uint64_t ro_atomic_cas64(uint64_t *p, uint64_t expect, uint64_t v)
{
    RO_GLOBAL(p);
    return atomicCAS((unsigned long long *)p, (unsigned long long)expect, (unsigned long long)v);
}
RO_DEVICE uint64_t ro_atomic_cas64_sys(uint64_t *p, uint64_t expect, uint64_t v)
{
    RO_GLOBAL(p);
    return atomicCAS_system((unsigned long long *)p, (unsigned long long)expect,
                            (unsigned long long)v);
}
RO_DEVICE uint64_t ro_atomic_swap64(uint64_t *p, uint64_t v)
{ RO_GLOBAL(p); return atomicExch((unsigned long long *)p, (unsigned long long)v); }
RO_DEVICE uint64_t ro_atomic_swap64_sys(uint64_t *p, uint64_t v)
{ RO_GLOBAL(p); return atomicExch_system((unsigned long long *)p, (unsigned long long)v); }

RO_DEVICE uint64_t ro_atomic_cas64_acquire_sys(uint64_t *p, uint64_t expect, uint64_t v)
{
    uint64_t old;
    asm volatile("atom.acquire.sys.cas.b64 %0, [%1], %2, %3;"
                 : "=l"(old) : "l"(p), "l"(expect), "l"(v) : "memory");
    return old;
}

RO_DEVICE uint32_t ro_atomic_cas32_sys(uint32_t *p, uint32_t expect, uint32_t v)
{ RO_GLOBAL(p); return atomicCAS_system((unsigned *)p, (unsigned)expect, (unsigned)v); }

RO_DEVICE uint64_t ro_load_acquire64_sys(const uint64_t *p)
{
    uint64_t v;
    asm volatile("ld.acquire.sys.u64 %0, [%1];" : "=l"(v) : "l"(p) : "memory");
    return v;
}
RO_DEVICE void ro_store_release64_sys(uint64_t *p, uint64_t v)
{ asm volatile("st.release.sys.u64 [%0], %1;" : : "l"(p), "l"(v) : "memory"); }
/* GPU scope: words only this GPU's threads share (the producers' lines in device memory). */
RO_DEVICE uint64_t ro_load_acquire64(const uint64_t *p)
{
    uint64_t v;
    asm volatile("ld.acquire.gpu.u64 %0, [%1];" : "=l"(v) : "l"(p) : "memory");
    return v;
}
RO_DEVICE void ro_store_release64(uint64_t *p, uint64_t v)
{ asm volatile("st.release.gpu.u64 [%0], %1;" : : "l"(p), "l"(v) : "memory"); }
/* Strong relaxed loads, then one acquire fence for them all: an acquire invalidates L1,
 * once per batch rather than once per load. */
RO_DEVICE uint64_t ro_load_batch64(const uint64_t *p) { return *(const volatile uint64_t *)p; }
RO_DEVICE void ro_acquire_batch(void) { asm volatile("fence.acq_rel.gpu;" : : : "memory"); }
/* A GPU core issues in order and never performs a store ahead of the branch that decides
 * it, so a strong relaxed load orders the stores its value decides. An acquire would also
 * invalidate L1 on every call: the null-transport p rate fell from 87 to 46 M/s (H200). */
RO_DEVICE uint64_t ro_load_ctrl64(const uint64_t *p) { return *(const volatile uint64_t *)p; }
RO_DEVICE uint64_t ro_load_volatile64(const uint64_t *p) { return *(const volatile uint64_t *)p; }
RO_DEVICE void ro_store_relaxed64(uint64_t *p, uint64_t v) { *(volatile uint64_t *)p = v; }

/* 16 bytes by a weak load, which L1 may serve (as NVSHMEM's copies load): another PE's
 * write to them is seen once this thread has synchronised with it, since an acquire at GPU
 * or system scope (waits, barriers, fences) invalidates L1. Bypassing L1 (.cg) had put the
 * same source of repeated small puts at L2 latency, half NVSHMEM's 4 KiB bandwidth. The
 * loads of a copy are issued before its stores, so they overlap. */
RO_DEVICE struct ro_v16 ro_load16(const void *p)
{
    struct ro_v16 v;
    asm volatile("ld.global.v2.u64 {%0, %1}, [%2];" : "=l"(v.a), "=l"(v.b) : "l"(p));
    return v;
}
RO_DEVICE void ro_store16(void *p, struct ro_v16 v)
{ asm volatile("st.global.v2.u64 [%0], {%1, %2};" : : "l"(p), "l"(v.a), "l"(v.b) : "memory"); }

/* A pointer that does not change while kernels run, through the read-only data cache. */
RO_DEVICE void *ro_load_readonly_ptr(void *const *p)
{ return (void *)__ldg((const unsigned long long *)p); }
RO_DEVICE unsigned ro_load_readonly_u32(const unsigned *p) { return __ldg(p); }

RO_DEVICE void ro_fence_wg(void) { __threadfence_block(); }
RO_DEVICE void ro_fence_device(void) { __threadfence(); }
RO_DEVICE void ro_fence_system(void) { __threadfence_system(); }
/* A store to host memory may linger in the GPU's caches: push it out now. The fence costs
 * the GPU 0.65 us but the round trip to a host thread is shorter with it (perf_floor on the
 * H200: 2.18 us with, 2.83 us without). */
RO_DEVICE void ro_flush_sys(void) { __threadfence_system(); }

RO_DEVICE uint64_t ro_clock_ns(void)
{
    uint64_t t;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
    return t;
}
RO_DEVICE void ro_nanosleep(uint64_t ns) { __nanosleep(ns > 1000000u ? 1000000u : (unsigned)ns); }
RO_DEVICE void ro_cpu_relax(void) { }
/* A waiting warp steps aside so others (and the PCIe traffic it waits for) get through. */
RO_DEVICE void ro_yield(void) { __nanosleep(200); }

#endif
