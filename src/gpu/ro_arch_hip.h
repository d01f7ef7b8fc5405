/* HIP target of ro_arch.h (hipcc/clang, AMD GPUs; built for gfx90a by default). A wave is
 * a wavefront of warpSize lanes (64 on gfx9, the compiler's __AMDGCN_WAVEFRONT_SIZE);
 * positions are flattened over the three dimensions of the launch, the order in which the
 * hardware forms waves. A wave runs in lockstep under an exec mask, so the lanes of a call
 * are the active ones (a ballot of 1) and wave-wide operations need no member mask.
 * System-scope operations reach host-mapped memory (rings, the host heap) across PCIe. */
#ifndef RO_ARCH_HIP_H
#define RO_ARCH_HIP_H

#include <hip/hip_runtime.h>
#include <stdint.h>

#define RO_DEVICE static __device__ __forceinline__
#define RO_HOST_DEVICE __host__ __device__
#define RO_FN __device__
#define RO_SLOW_FN static __device__ __attribute__((noinline))   /* see ro_arch_cuda.h */
#define RO_LOAD_ACQUIRE(p, out)                                                            \
    ((out) = __hip_atomic_load((p), __ATOMIC_ACQUIRE, __HIP_MEMORY_SCOPE_SYSTEM))

/* s_memrealtime counts at a constant 100 MHz on gfx9 (MI100, MI200, MI300) and gfx10/11;
 * HIP 5.2 has no attribute to query it (later ROCm: hipDeviceAttributeWallClockRate).
 * Build with -DRO_HIP_WALL_CLOCK_MHZ=... (a divisor of 1000) for a part that differs. */
#ifndef RO_HIP_WALL_CLOCK_MHZ
#define RO_HIP_WALL_CLOCK_MHZ 100
#endif

RO_DEVICE int ro_thread_id(void)
{ return (int)(threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z)); }
RO_DEVICE int ro_block_id(void)
{ return (int)(blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z)); }
RO_DEVICE int ro_block_dim(void) { return (int)(blockDim.x * blockDim.y * blockDim.z); }
RO_DEVICE int ro_wave_size(void) { return warpSize; }
RO_DEVICE int ro_lane_id(void) { return ro_thread_id() & (warpSize - 1); }
RO_DEVICE uint64_t ro_wave_active_mask(void) { return __ballot(1); }

RO_DEVICE int ro_popcount64(uint64_t m) { return __popcll(m); }
RO_DEVICE int ro_lowest_lane(uint64_t m) { return __ffsll((long long)m) - 1; }

RO_DEVICE uint64_t ro_wave_ballot(int pred) { return __ballot(pred); }
RO_DEVICE uint64_t ro_wave_bcast64(uint64_t v, int src_lane)
{ return __shfl((unsigned long long)v, src_lane); }
/* The lanes of `lanes` (this lane among them) that pass the same key. HIP 5.2 has no
 * __match_any: one round per distinct key, led by the lowest lane not yet matched. Every
 * lane of `lanes` sees the same `left` each round (it only shrinks by ballots masked to
 * `lanes`), so they loop alike; active lanes outside `lanes` are masked out of the ballots,
 * and each round's leader is in `lanes`, hence still active, when its key is read. */
RO_DEVICE uint64_t ro_lanes_match64(uint64_t lanes, uint64_t key)
{
    uint64_t left = lanes, mine = 0;

    while (left) {
        uint64_t k = __shfl((unsigned long long)key, ro_lowest_lane(left));
        uint64_t same = __ballot(key == k) & left;
        if (key == k)
            mine = same;
        left &= ~same;
    }
    return mine;
}
RO_DEVICE uint64_t ro_lanes_bcast64(uint64_t lanes, uint64_t v, int src_lane)
{ (void)lanes; return __shfl((unsigned long long)v, src_lane); }
/* Lanes already run in lockstep; what __syncwarp adds is ordering of their memory
 * operations among them, and keeping the compiler from moving code across. */
RO_DEVICE void ro_wave_sync(void)
{
    __builtin_amdgcn_fence(__ATOMIC_RELEASE, "wavefront");
    __builtin_amdgcn_wave_barrier();
    __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "wavefront");
}
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

RO_DEVICE uint64_t ro_atomic_add64(uint64_t *p, uint64_t v)
{ return __hip_atomic_fetch_add(p, v, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT); }
RO_DEVICE uint64_t ro_atomic_add64_sys(uint64_t *p, uint64_t v)
{ return __hip_atomic_fetch_add(p, v, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_SYSTEM); }
RO_DEVICE uint64_t ro_atomic_cas64(uint64_t *p, uint64_t expect, uint64_t v)
{
    __hip_atomic_compare_exchange_strong(p, &expect, v, __ATOMIC_RELAXED, __ATOMIC_RELAXED,
                                         __HIP_MEMORY_SCOPE_AGENT);
    return expect;
}
RO_DEVICE uint64_t ro_atomic_cas64_sys(uint64_t *p, uint64_t expect, uint64_t v)
{
    __hip_atomic_compare_exchange_strong(p, &expect, v, __ATOMIC_RELAXED, __ATOMIC_RELAXED,
                                         __HIP_MEMORY_SCOPE_SYSTEM);
    return expect;
}
RO_DEVICE uint64_t ro_atomic_swap64(uint64_t *p, uint64_t v)
{ return __hip_atomic_exchange(p, v, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT); }
RO_DEVICE uint64_t ro_atomic_swap64_sys(uint64_t *p, uint64_t v)
{ return __hip_atomic_exchange(p, v, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_SYSTEM); }

RO_DEVICE uint64_t ro_atomic_cas64_acquire_sys(uint64_t *p, uint64_t expect, uint64_t v)
{
    __hip_atomic_compare_exchange_strong(p, &expect, v, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED,
                                         __HIP_MEMORY_SCOPE_SYSTEM);
    return expect;
}

RO_DEVICE uint32_t ro_atomic_cas32_sys(uint32_t *p, uint32_t expect, uint32_t v)
{
    __hip_atomic_compare_exchange_strong(p, &expect, v, __ATOMIC_RELAXED, __ATOMIC_RELAXED,
                                         __HIP_MEMORY_SCOPE_SYSTEM);
    return expect;
}

RO_DEVICE uint64_t ro_load_acquire64_sys(const uint64_t *p)
{ return __hip_atomic_load(p, __ATOMIC_ACQUIRE, __HIP_MEMORY_SCOPE_SYSTEM); }
RO_DEVICE void ro_store_release64_sys(uint64_t *p, uint64_t v)
{ __hip_atomic_store(p, v, __ATOMIC_RELEASE, __HIP_MEMORY_SCOPE_SYSTEM); }
/* Agent (GPU) scope: words only this GPU's threads share (the producers' lines). */
RO_DEVICE uint64_t ro_load_acquire64(const uint64_t *p)
{ return __hip_atomic_load(p, __ATOMIC_ACQUIRE, __HIP_MEMORY_SCOPE_AGENT); }
RO_DEVICE void ro_store_release64(uint64_t *p, uint64_t v)
{ __hip_atomic_store(p, v, __ATOMIC_RELEASE, __HIP_MEMORY_SCOPE_AGENT); }
/* Relaxed loads, then one acquire fence for them all (see CUDA's). */
RO_DEVICE uint64_t ro_load_batch64(const uint64_t *p) { return *(const volatile uint64_t *)p; }
RO_DEVICE void ro_acquire_batch(void) { __atomic_thread_fence(__ATOMIC_ACQUIRE); }
/* In-order cores: the stores a strong load's value decides come after it (see CUDA's). */
RO_DEVICE uint64_t ro_load_ctrl64(const uint64_t *p) { return *(const volatile uint64_t *)p; }
RO_DEVICE uint64_t ro_load_volatile64(const uint64_t *p) { return *(const volatile uint64_t *)p; }
RO_DEVICE void ro_store_relaxed64(uint64_t *p, uint64_t v) { *(volatile uint64_t *)p = v; }

/* 16 bytes from memory another process or GPU writes (IPC peers), past the caches that do
 * not see others' writes (not measured on AMD: kept strong). */
RO_DEVICE struct ro_v16 ro_load16(const void *p)
{
    const volatile uint64_t *s = (const volatile uint64_t *)p;
    struct ro_v16 v;
    v.a = s[0];
    v.b = s[1];
    return v;
}
RO_DEVICE void ro_store16(void *p, struct ro_v16 v)
{
    ((uint64_t *)p)[0] = v.a;
    ((uint64_t *)p)[1] = v.b;
}

/* A pointer that does not change while kernels run, through the read-only data cache. */
RO_DEVICE void *ro_load_readonly_ptr(void *const *p)
{ return (void *)__ldg((const unsigned long long *)p); }
RO_DEVICE unsigned ro_load_readonly_u32(const unsigned *p) { return __ldg(p); }

RO_DEVICE void ro_fence_wg(void) { __threadfence_block(); }
RO_DEVICE void ro_fence_device(void) { __threadfence(); }
RO_DEVICE void ro_fence_system(void) { __threadfence_system(); }
/* A store to host memory may linger in the GPU's caches: push it out now. */
RO_DEVICE void ro_flush_sys(void) { __threadfence_system(); }

/* wall_clock64 is declared for the device pass only; the builtin is seen by both. */
RO_DEVICE uint64_t ro_clock_ns(void)
{ return (uint64_t)__builtin_amdgcn_s_memrealtime() * (1000u / RO_HIP_WALL_CLOCK_MHZ); }
/* s_sleep takes an immediate (about 64 cycles a unit), not a time: nap in short steps and
 * re-check the real clock. Bounded like the CUDA target (1 ms at most). */
RO_DEVICE void ro_nanosleep(uint64_t ns)
{
    uint64_t end = ro_clock_ns() + (ns > 1000000u ? 1000000u : ns);
    while (ro_clock_ns() < end)
        __builtin_amdgcn_s_sleep(8);
}
RO_DEVICE void ro_cpu_relax(void) { }
/* The device sources stop a kernel with CUDA's __trap(), which HIP 5.2 lacks (hip_runtime.h
 * is in already, so a later HIP that declares it is not rewritten). */
#ifndef __trap
#define __trap() __builtin_trap()
#endif
/* A waiting wave steps aside so others (and the PCIe traffic it waits for) get through. */
RO_DEVICE void ro_yield(void) { __builtin_amdgcn_s_sleep(4); }

#endif
