/* Device-side runtime state: what API code needs to reach a peer (a descriptor for the
 * proxy, or a mapped address), set once by init (src/core) before any API call. On a GPU
 * target device code reads a copy in constant memory; here it is a plain global. */
#ifndef RO_GPU_H
#define RO_GPU_H

#include <stddef.h>
#include <stdint.h>

#include <rocshmem/rocshmem.h>

#include "common/ro_dtype.h"
#include "proxy/ro_ring.h"

/* A context owns rings for each kind of producer: GPU threads post to gpu_rings (whose
 * producers' line is device memory; none on a CPU-only PE), host threads to host_rings.
 * The default context is ctx 0. The pool of contexts and their rings is made at init, so
 * that device code can claim one without the host. */
/* One proxy thread drains 100+ M descriptors/s from 32 rings, 30 M/s from 8 (DESIGN.md). */
#define RO_CTX_MAX_RINGS 32
struct ro_ctx {
    /* Workgroup b posts to rings[b % nrings] of its kind: spreading the default context over
     * several rings keeps workgroups from contending on one tail and one full ring. A
     * thread's operations always meet one ring, so its own order (and fence) is kept. GPU
     * threads post through gpu_prods[k], the producers' line of gpu_rings[k]. */
    struct ro_ring *gpu_rings[RO_CTX_MAX_RINGS];
    struct ro_ring_prod *gpu_prods[RO_CTX_MAX_RINGS];
    struct ro_ring *host_rings[RO_CTX_MAX_RINGS];
    unsigned n_gpu_rings, n_host_rings;
    long options;
    uint64_t in_use;     /* claimed with a compare-and-swap */
};

/* A team: the PEs start, start + stride, ... (size of them), in WORLD's numbering. Teams
 * live in a pool made at init (host-visible entries, which are the handles, and a copy that
 * device code reads: ro_coll_team); fixed from creation to destroy. Each owns slot `slot`
 * of the team arena in the symmetric heap: its synchronization words (RO_TS_* below) and
 * `scratch_size` bytes of scratch, at the same offset on every member. */
struct ro_team {
    int start, stride, size;
    int my_idx;                    /* this PE's number in the team */
    int slot;                      /* its pool entry and arena slot */
    int num_contexts;
    int all_ipc;                   /* every member mapped by GPU IPC: on-node algorithms */
    int in_use;
    uint64_t *sync;                /* the slot's words in the heap */
    uint8_t *scratch;
    size_t scratch_size;
};

/* A team slot's synchronization words, in the heap; n is the job's PE count. psig[i] counts
 * the signals team member i has sent this PE (each an atomic add, so two of them may land in
 * either order), seen[i] those this PE has waited for: every signal is waited for exactly
 * once, so the k-th wait for member i is met once psig[i] >= k, whatever reordering the
 * rings and the transport make, and back-to-back collectives need no barrier between them.
 * epoch counts the phases this PE has begun (alike on every member: each call takes the
 * same count), and picks the half of the scratch a phase uses. */
#define RO_TEAM_SPLIT_WORDS 16     /* a bitmap of free slots: ROCSHMEM_MAX_TEAMS <= 1024 */
#define RO_TEAM_SYNC_WORDS(n) (1 + 2 * RO_TEAM_SPLIT_WORDS + 6 * (size_t)(n))
#define RO_TS_EPOCH 0
#define RO_TS_SPLIT_IN 1                               /* a split's bitmaps (reduced) */
#define RO_TS_SPLIT_OUT (RO_TS_SPLIT_IN + RO_TEAM_SPLIT_WORDS)
#define RO_TS_PSIG (RO_TS_SPLIT_OUT + RO_TEAM_SPLIT_WORDS)   /* [n] */
#define RO_TS_META_IN(n) (RO_TS_PSIG + (size_t)(n))          /* [2n] alltoallv's counts in */
#define RO_TS_META_OUT(n) (RO_TS_PSIG + 3 * (size_t)(n))     /* [2n] and out */
#define RO_TS_SEEN(n) (RO_TS_PSIG + 5 * (size_t)(n))         /* [n] */

struct ro_dev_state {
    int my_pe, n_pes;
    int thread_level;
    uint8_t *heap_base;
    size_t heap_size;
    /* The program's symmetric data (sheap/ro_sdata.h), host code only; size 0 where globals
     * are not symmetric, and always in device code. */
    uint8_t *data_base;
    size_t data_size;
    /* The team pool: entries as this side reads them (device code: the device's copy), and
     * the host's entries, whose addresses are the handles. */
    struct ro_team *teams;
    const struct ro_team *team_handles;
    unsigned max_teams;
    uint64_t timeout_ns;           /* bound on every wait for the proxy */
    struct ro_ctx *ctxs;           /* ctxs[0] is ROCSHMEM_CTX_DEFAULT */
    /* The producers' lines of the default context's GPU rings, as device code finds them in
     * constant memory: the copies in the pinned context pool cost a read across PCIe per
     * post, as the system-scope fence after each post drops them from L1. */
    struct ro_ring_prod *default_prods[RO_CTX_MAX_RINGS];
    unsigned n_default_rings;
    unsigned nctxs;
    /* The collectives' synchronization signals go through a context of their own, so that a
     * barrier's quiet of the user's context never waits for the last barrier's signals. */
    struct ro_ctx *coll_ctx;
    struct ro_pe_activity *activity;   /* shared with the proxy */
    /* The on-node path (GPU IPC, or shared host heaps of CPU-only PEs): ipc_base[pe] is PE
     * pe's heap base as this process maps it (this PE's own heap included), NULL where pe is
     * reached through the proxy; ipc_base is NULL when no PE is mapped. The device's copy
     * of the table is in device memory. */
    uint8_t **ipc_base;
    int proxy_peers;               /* some PE, or the globals, through the proxy    */
    /* Every mapped PE drives this PE's GPU: a GPU-scope fence orders the on-node path's
     * stores for all of them (0.25 us against 0.63 us at system scope on the H200). */
    int ipc_one_gpu;
    int proxy_sleeps;              /* the proxy may sleep when idle: waits must say so */
    int heap_on_device;            /* the heap is GPU memory: host code cannot touch it */
    /* Host barriers meet through the bootstrap: the heap is GPU memory, or the null
     * transport carries no AMO to a peer's counters. */
    int host_boot_barrier;
    /* Ends the job with a message; host target only (set by init). A GPU thread instead
     * prints its message and raises activity->fatal, which the proxy turns into the end. */
    void (*fatal)(const char *why);
    /* Host target only (set by init), for host API calls on a device heap: a copy between
     * any two addresses, complete on return, and the bootstrap's barrier. 0 on success. */
    int (*host_copy)(void *dst, const void *src, size_t len);
    int (*host_sync)(void);
    /* Host target only, NULL on a CPU-only PE (whose heap is never in GPU memory): an atomic
     * on GPU memory this process maps (ro_gpu_rt_ops.amo). 0 on success. */
    int (*host_amo)(void *dest, enum ro_dt dt, enum ro_amo_op op, const void *operand,
                    const void *compare, void *result);
};

#include "gpu/ro_arch.h"

/* On a GPU target, device code reads the device library's copy, ro_gpu_state_d, which
 * rocshmem_init publishes; a distinct name, so that its host shadow in the static device
 * library can never interpose on the host library's ro_gpu_state. It is constant memory:
 * kernels only read it, and the constant cache serves it to every call. */
#if defined(__CUDACC__) || defined(__HIPCC__)
extern __constant__ struct ro_dev_state ro_gpu_state_d;
#define ro_gpu_state ro_gpu_state_d
#else
extern struct ro_dev_state ro_gpu_state;
#endif

/* Claims a free context of the pool (not the default one): 0 and *ctx, or -1 when all
 * ROCSHMEM_MAX_NUM_CONTEXTS are taken. Any thread. */
RO_FN int  ro_gpu_ctx_claim(long options, rocshmem_ctx_t *ctx);
/* 1 for a claimed, non-default context of the pool. */
RO_FN int  ro_gpu_ctx_valid(const struct ro_ctx *c);
/* Quiets the context and returns it to the pool. */
RO_FN void ro_gpu_ctx_release(struct ro_ctx *c);
/* The quiet a barrier makes (ro_gpu_order.c). */
RO_FN void ro_gpu_barrier_quiet(rocshmem_ctx_t ctx, const char *api);

#endif
