/* Host target of ro_arch.h. A plain caller is a workgroup and a wave of one thread; the
 * test-support launcher (tests/support) runs groups of host threads as workgroups and
 * waves by pointing ro_host_self at each thread's place in the launch, so _wave and _wg
 * code runs with real groups. Thread-scope calls never synchronise with other lanes:
 * host threads do not run in lockstep, so the coalesced group of a thread-scope call is
 * the thread alone (ro_wave_active_mask).
 * Atomics use the GCC __atomic builtins on plain uint64_t rather than <stdatomic.h>
 * _Atomic types, because the same structs (rings) are shared with nvcc/hipcc code that
 * cannot use _Atomic members; the memory orders are the same. */
#ifndef RO_ARCH_HOST_H
#define RO_ARCH_HOST_H

#include <sched.h>
#include <stdint.h>
#include <time.h>

#define RO_DEVICE static inline
#define RO_HOST_DEVICE
#define RO_FN                  /* a function of the device API sources in src/gpu */
#define RO_SLOW_FN static      /* see ro_arch_cuda.h */
/* An acquire load of *p, whatever its size, into out. */
#define RO_LOAD_ACQUIRE(p, out) __atomic_load((p), &(out), __ATOMIC_ACQUIRE)

/* A wave or a workgroup of host threads (ro_arch_host_group.c). */
struct ro_host_group;
/* One thread's place in a launch. */
struct ro_host_thread {
    unsigned thread_id, block_id, block_dim, wave_size;
    struct ro_host_group *wave, *wg;
};
/* NULL outside a launch. */
extern __thread const struct ro_host_thread *ro_host_self;

void     ro_host_group_barrier(struct ro_host_group *g);
uint64_t ro_host_group_ballot(struct ro_host_group *g, unsigned idx, int pred);
uint64_t ro_host_group_bcast(struct ro_host_group *g, unsigned idx, uint64_t v, unsigned src);

static inline int ro_thread_id(void) { return ro_host_self ? (int)ro_host_self->thread_id : 0; }
static inline int ro_block_id(void) { return ro_host_self ? (int)ro_host_self->block_id : 0; }
static inline int ro_block_dim(void) { return ro_host_self ? (int)ro_host_self->block_dim : 1; }
static inline int ro_wave_size(void) { return ro_host_self ? (int)ro_host_self->wave_size : 1; }
static inline int ro_lane_id(void) { return ro_thread_id() % ro_wave_size(); }
static inline uint64_t ro_wave_active_mask(void) { return 1ull << ro_lane_id(); }

static inline int ro_popcount64(uint64_t m) { return __builtin_popcountll(m); }
static inline int ro_lowest_lane(uint64_t m) { return __builtin_ctzll(m); }

static inline uint64_t ro_wave_ballot(int pred)
{ return ro_host_self ? ro_host_group_ballot(ro_host_self->wave, (unsigned)ro_lane_id(), pred)
                      : (uint64_t)(pred != 0); }
static inline uint64_t ro_wave_bcast64(uint64_t v, int src_lane)
{ return ro_host_self ? ro_host_group_bcast(ro_host_self->wave, (unsigned)ro_lane_id(), v,
                                            (unsigned)src_lane) : v; }
static inline uint64_t ro_wg_bcast64(uint64_t v, int src_thread)
{ return ro_host_self ? ro_host_group_bcast(ro_host_self->wg, (unsigned)ro_thread_id(), v,
                                            (unsigned)src_thread) : v; }
/* Host lanes that post together always share the key (a thread-scope call is one lane;
 * only tests hand a whole wave to ro_gpu_post_lanes, on one ring). */
static inline uint64_t ro_lanes_match64(uint64_t lanes, uint64_t key) { (void)key; return lanes; }
static inline uint64_t ro_lanes_bcast64(uint64_t lanes, uint64_t v, int src_lane)
{ (void)lanes; return ro_wave_bcast64(v, src_lane); }
static inline void ro_wave_sync(void) { if (ro_host_self) ro_host_group_barrier(ro_host_self->wave); }
static inline void ro_wg_barrier(void) { if (ro_host_self) ro_host_group_barrier(ro_host_self->wg); }

static inline uint64_t ro_atomic_add64(uint64_t *p, uint64_t v)
{ return __atomic_fetch_add(p, v, __ATOMIC_RELAXED); }
static inline uint64_t ro_atomic_add64_sys(uint64_t *p, uint64_t v)
{ return __atomic_fetch_add(p, v, __ATOMIC_RELAXED); }
static inline uint64_t ro_atomic_cas64(uint64_t *p, uint64_t expect, uint64_t v)
{ __atomic_compare_exchange_n(p, &expect, v, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED); return expect; }
static inline uint64_t ro_atomic_cas64_sys(uint64_t *p, uint64_t expect, uint64_t v)
{ return ro_atomic_cas64(p, expect, v); }
static inline uint64_t ro_atomic_swap64(uint64_t *p, uint64_t v)
{ return __atomic_exchange_n(p, v, __ATOMIC_RELAXED); }
static inline uint64_t ro_atomic_swap64_sys(uint64_t *p, uint64_t v)
{ return ro_atomic_swap64(p, v); }

static inline uint64_t ro_atomic_cas64_acquire_sys(uint64_t *p, uint64_t expect, uint64_t v)
{ __atomic_compare_exchange_n(p, &expect, v, 0, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED); return expect; }

static inline uint32_t ro_atomic_cas32_sys(uint32_t *p, uint32_t expect, uint32_t v)
{ __atomic_compare_exchange_n(p, &expect, v, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED); return expect; }

static inline uint64_t ro_load_acquire64_sys(const uint64_t *p)
{ return __atomic_load_n(p, __ATOMIC_ACQUIRE); }
static inline void ro_store_release64_sys(uint64_t *p, uint64_t v)
{ __atomic_store_n(p, v, __ATOMIC_RELEASE); }
static inline uint64_t ro_load_acquire64(const uint64_t *p)
{ return __atomic_load_n(p, __ATOMIC_ACQUIRE); }
static inline void ro_store_release64(uint64_t *p, uint64_t v)
{ __atomic_store_n(p, v, __ATOMIC_RELEASE); }
/* A batch of loads that act as acquires once ro_acquire_batch follows: here each one is
 * an acquire itself (TSan models no fences). */
static inline uint64_t ro_load_batch64(const uint64_t *p)
{ return __atomic_load_n(p, __ATOMIC_ACQUIRE); }
static inline void ro_acquire_batch(void) { }
/* C11 orders nothing by a control dependency: an acquire (free on x86). */
static inline uint64_t ro_load_ctrl64(const uint64_t *p)
{ return __atomic_load_n(p, __ATOMIC_ACQUIRE); }
static inline uint64_t ro_load_volatile64(const uint64_t *p)
{ return __atomic_load_n(p, __ATOMIC_RELAXED); }
static inline void ro_store_relaxed64(uint64_t *p, uint64_t v)
{ __atomic_store_n(p, v, __ATOMIC_RELAXED); }

static inline struct ro_v16 ro_load16(const void *p)
{ struct ro_v16 v; __builtin_memcpy(&v, p, 16); return v; }
static inline void ro_store16(void *p, struct ro_v16 v) { __builtin_memcpy(p, &v, 16); }

static inline void *ro_load_readonly_ptr(void *const *p) { return *p; }
static inline unsigned ro_load_readonly_u32(const unsigned *p) { return *p; }

static inline void ro_fence_wg(void) { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
static inline void ro_fence_device(void) { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
static inline void ro_fence_system(void) { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
/* Stores reach other CPUs' view at once: nothing to push. */
static inline void ro_flush_sys(void) { }

static inline uint64_t ro_clock_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static inline void ro_nanosleep(uint64_t ns)
{
    struct timespec ts = { (time_t)(ns / 1000000000u), (long)(ns % 1000000000u) };
    nanosleep(&ts, NULL);
}

/* A spinning thread gives its core away early: the proxy and other PEs may share it. */
static inline void ro_cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    __asm__ volatile("yield");
#endif
}

static inline void ro_yield(void) { sched_yield(); }

#endif
