/* The on-node path: the heaps of same-node PEs are mapped into this process (GPU IPC, or
 * CPU-only PEs' shared host heaps; set up by init), and operations on them are loads,
 * stores and system-scope atomics, with no descriptor and no proxy. Device code does them
 * itself; host code copies through the GPU runtime (memcpy on a CPU-only PE) and leaves a
 * device heap's atomics to a GPU thread.
 * Completion: a store is done once a system-scope fence follows it (fence and quiet). */
#ifndef RO_GPU_IPC_H
#define RO_GPU_IPC_H

#include "common/ro_word.h"
#include "gpu/ro_gpu_log.h"
#include "gpu/ro_gpu_post.h"

/* [addr, addr + len) of PE pe as this process reaches it by load and store, or NULL when
 * pe is reached through the proxy. Bad arguments also give NULL: the proxy path, which
 * every caller falls back to, reports them. */
RO_DEVICE uint8_t *ro_gpu_ipc_addr(const void *addr, size_t len, int pe)
{
    int pe_ok = (unsigned)pe < (unsigned)ro_gpu_state.n_pes, ok;
    uint8_t *peer;

    if (!ro_gpu_state.ipc_base)
        return NULL;
    /* The peer's base is loaded first (from slot 0 for a bad pe, refused below), and the
     * checks of the arguments, which need no load, are combined without a branch while it
     * is in flight. With the short-circuit form they ran after the load: 35 instructions
     * between the load and a fetch_add's atomic in the SASS (sm_90), 12 now. */
    peer = (uint8_t *)ro_load_readonly_ptr((void *const *)&ro_gpu_state.ipc_base[pe_ok ? pe : 0]);
    ok = pe_ok & ro_gpu_in_heap(addr, len);
    return ok && peer ? peer + ro_gpu_heap_off(addr) : NULL;
}

/* At least the number of members of a group with a share of ro_gpu_ipc_copy(dst, src, n)
 * when dst and src are placed, modulo 16, as `a` and `b` (a peer's heap is mapped with this
 * PE's alignment, checked at init): the 16-byte words, then at most 8 lanes of the tail. */
RO_DEVICE size_t ro_gpu_ipc_copy_lanes(const void *a, const void *b, size_t n)
{
    return ((((uintptr_t)a | (uintptr_t)b) & 15) == 0) ? n / 16 + 8 : n;
}

/* An AMO on a mapped word (4 or 8 bytes, aligned: checked by the caller), at system scope
 * so that every PE's threads see one order: a GPU thread's, or a CPU-only PE's on a shared
 * host heap. The old value goes to *result when it is not NULL. Integer add, swap, read and
 * compare-and-swap of 8 bytes map onto one atomic; the rest is a compare-and-swap loop over
 * ro_word_apply. */
RO_DEVICE void ro_gpu_ipc_amo_word(void *dest, enum ro_dt dt, enum ro_amo_op op,
                                   const void *operand, const void *compare, void *result,
                                   const char *api)
{
    const size_t size = ro_dt_size(dt);
    union ro_word arg, old, cmp, want;
    int is_int = dt != RO_DT_FLOAT && dt != RO_DT_DOUBLE;

    arg.u64 = cmp.u64 = 0;
    if (operand)
        arg = ro_word_load(operand, size);
    if (compare)
        cmp = ro_word_load(compare, size);
    if (size == 8) {
        uint64_t *p = (uint64_t *)dest;
        if (op == RO_AMO_SUM && is_int)
            old.u64 = ro_atomic_add64_sys(p, arg.u64);
        else if (op == RO_AMO_WRITE)
            old.u64 = ro_atomic_swap64_sys(p, arg.u64);
        else if (op == RO_AMO_READ)
            old.u64 = ro_load_acquire64_sys(p);
        else if (op == RO_AMO_CSWAP)
            old.u64 = ro_atomic_cas64_sys(p, cmp.u64, arg.u64);
        else {
            uint64_t seen = ro_load_volatile64(p);
            do {
                old.u64 = seen;
                want = ro_word_apply(dt, op, old, arg);
            } while ((seen = ro_atomic_cas64_sys(p, old.u64, want.u64)) != old.u64);
        }
    } else if (size == 4) {
        uint32_t *p = (uint32_t *)dest, seen = *(volatile uint32_t *)p;
        old.u64 = 0;
        for (;;) {
            old.u32 = seen;
            if (op == RO_AMO_READ)
                break;
            if (op == RO_AMO_CSWAP)
                want = seen == cmp.u32 ? arg : old;
            else
                want = ro_word_apply(dt, op, old, arg);
            if ((seen = ro_atomic_cas32_sys(p, old.u32, want.u32)) == old.u32)
                break;
        }
    } else {
        RO_GPU_ERR("%s: no %zu-byte atomics; operation dropped", api, size);
        old.u64 = 0;
    }
    if (result)
        memcpy(result, &old, size);
}

#if defined(__CUDACC__) || defined(__HIPCC__)
/* Member `rank` of a group of `nthreads` (all of them call this with the same arguments)
 * copies its share: 16-byte words when both ends allow it, so a workgroup's loads and
 * stores coalesce, four loads in flight per thread before their stores (one thread alone is
 * bound by load latency otherwise), then the bytes left. */
RO_DEVICE void ro_gpu_ipc_copy(void *dst, const void *src, size_t n, int rank, int nthreads)
{
    uint8_t *d = (uint8_t *)dst;
    const uint8_t *s = (const uint8_t *)src;
    size_t i, t = (size_t)nthreads;

    /* One 8-byte word (an 8-byte put or put-with-signal) at once, past the checks of the
     * paths below: 8 B put + quiet 1.074 -> 0.925 us, put-with-signal ping-pong 1.588 ->
     * 1.429 us (H100). */
    if (n == 8 && (((uintptr_t)d | (uintptr_t)s) & 7) == 0) {
        if (rank == 0)
            *(uint64_t *)dst = *(const uint64_t *)src;
        return;
    }
    /* The common case in few instructions: whole 16-byte words with 32-bit indices. Each of
     * a workgroup's 32 warps runs this path, so an instruction per thread costs the group
     * 8 cycles of issue (4 schedulers): a 4 KiB _wg call through the general path below took
     * 0.5 us more than a bare copy on the H200, through this one 0.43 us more. */
    if (((((uintptr_t)d | (uintptr_t)s | n) & 15) == 0) && n < ((size_t)1 << 35)) {
        const unsigned words = (unsigned)(n / 16), tt = (unsigned)nthreads;
        unsigned k = (unsigned)rank;
        struct ro_v16 *dv = (struct ro_v16 *)dst;
        const struct ro_v16 *sv = (const struct ro_v16 *)src;
        for (; k + 3 * tt < words; k += 4 * tt) {
            struct ro_v16 v0 = ro_load16(sv + k), v1 = ro_load16(sv + k + tt);
            struct ro_v16 v2 = ro_load16(sv + k + 2 * tt), v3 = ro_load16(sv + k + 3 * tt);
            ro_store16(dv + k, v0);
            ro_store16(dv + k + tt, v1);
            ro_store16(dv + k + 2 * tt, v2);
            ro_store16(dv + k + 3 * tt, v3);
        }
        for (; k < words; k += tt)
            ro_store16(dv + k, ro_load16(sv + k));
        return;
    }
    if ((((uintptr_t)d | (uintptr_t)s) & 15) == 0) {
        size_t words = n / 16;
        for (i = (size_t)rank; i + 3 * t < words; i += 4 * t) {
            struct ro_v16 v0 = ro_load16(s + 16 * i);
            struct ro_v16 v1 = ro_load16(s + 16 * (i + t));
            struct ro_v16 v2 = ro_load16(s + 16 * (i + 2 * t));
            struct ro_v16 v3 = ro_load16(s + 16 * (i + 3 * t));
            ro_store16(d + 16 * i, v0);
            ro_store16(d + 16 * (i + t), v1);
            ro_store16(d + 16 * (i + 2 * t), v2);
            ro_store16(d + 16 * (i + 3 * t), v3);
        }
        for (; i < words; i += t)
            ro_store16(d + 16 * i, ro_load16(s + 16 * i));
        d += 16 * words;
        s += 16 * words;
        n -= 16 * words;
    }
    /* 8-byte words, not bytes, where both ends allow (an 8-byte put took the byte loop at
     * 2.5 us against 1.5 us for 64 bytes on the H200). Weak loads and stores, as ro_load16's
     * and ro_store16's: the fence that completes a copy orders weak stores too. (A volatile
     * load is a strong one that skips L1; volatile stores measured the same as weak ones
     * on an 8-byte put-with-signal, 1.672 against 1.673 us, H100.) */
    if ((((uintptr_t)d | (uintptr_t)s) & 7) == 0) {
        size_t words = n / 8;
        for (i = (size_t)rank; i < words; i += t)
            ((uint64_t *)d)[i] = ((const uint64_t *)s)[i];
        d += 8 * words;
        s += 8 * words;
        n -= 8 * words;
    }
    for (i = (size_t)rank; i < n; i += (size_t)nthreads)
        d[i] = s[i];
}

/* One value of 1, 2, 4 or 8 bytes, p (to the peer) and g (from it): a single access to the
 * peer's word, past the caches. The caller's side is a plain access, so that a g's value can
 * stay in a register (a volatile store to it would put it in local memory). */
#define RO_IPC_WORD(NAME, DST_Q, SRC_Q)                                                    \
    RO_DEVICE void NAME(void *dst, const void *src, size_t size)                           \
    {                                                                                      \
        switch (size) {                                                                    \
        case 1: *(DST_Q uint8_t *)dst = *(const SRC_Q uint8_t *)src; break;                \
        case 2: *(DST_Q uint16_t *)dst = *(const SRC_Q uint16_t *)src; break;              \
        case 4: *(DST_Q uint32_t *)dst = *(const SRC_Q uint32_t *)src; break;              \
        case 8: *(DST_Q uint64_t *)dst = *(const SRC_Q uint64_t *)src; break;              \
        default: ro_gpu_ipc_copy(dst, src, size, 0, 1); break;                             \
        }                                                                                  \
    }
RO_IPC_WORD(ro_gpu_ipc_word_put, volatile, )
RO_IPC_WORD(ro_gpu_ipc_word_get, , volatile)
#undef RO_IPC_WORD

RO_DEVICE void ro_gpu_ipc_amo(void *dest, enum ro_dt dt, enum ro_amo_op op, const void *operand,
                              const void *compare, void *result, const char *api)
{
    ro_gpu_ipc_amo_word(dest, dt, op, operand, compare, result, api);
}

/* An acquire load of a word of this PE's heap, of any size. */
#define RO_HEAP_LOAD(p, out) RO_LOAD_ACQUIRE(p, out)

#else
/* Host code: the mapped heaps are GPU memory, reached with the GPU runtime's copies, or the
 * shared host heaps of CPU-only PEs, which that runtime ("none") copies with memcpy. */

RO_DEVICE void ro_gpu_ipc_copy(void *dst, const void *src, size_t n, int rank, int nthreads)
{
    (void)nthreads;
    if (rank == 0 && ro_gpu_state.host_copy(dst, src, n))
        ro_gpu_state.fatal("a host copy to or from the device heap failed (logged above)");
}

/* p and g: the same copy either way. */
RO_DEVICE void ro_gpu_ipc_word_put(void *dst, const void *src, size_t size)
{
    ro_gpu_ipc_copy(dst, src, size, 0, 1);
}
#define ro_gpu_ipc_word_get ro_gpu_ipc_word_put

/* An acquire load of a word of this PE's heap: on a GPU heap, a copy through the GPU
 * runtime (complete on return, so it sees what the GPU's writes have made visible). */
#define RO_HEAP_LOAD(p, out)                                                               \
    do {                                                                                   \
        if (ro_gpu_state.heap_on_device)                                                   \
            ro_gpu_ipc_word_get(&(out), (p), sizeof(out));                                 \
        else                                                                               \
            RO_LOAD_ACQUIRE(p, out);                                                       \
    } while (0)

/* On a device heap a GPU thread does it: the host library's own kernel
 * (ro_dev_state.host_amo), which both GPU targets have; a heap is in GPU memory only on a PE
 * that drives a GPU. A shared host heap is the CPU's. */
RO_DEVICE void ro_gpu_ipc_amo(void *dest, enum ro_dt dt, enum ro_amo_op op, const void *operand,
                              const void *compare, void *result, const char *api)
{
    if (!ro_gpu_state.heap_on_device) {
        ro_gpu_ipc_amo_word(dest, dt, op, operand, compare, result, api);
        return;
    }
    if (ro_gpu_state.host_amo(dest, dt, op, operand, compare, result)) {
        RO_GPU_ERR("%s from the host on the device heap: the library's kernel failed (logged "
                   "above)", api);
        ro_gpu_state.fatal("a host atomic on the device heap failed");
    }
}
#endif

#endif
