/* OpenSHMEM 1.5 chapters 9.11-9.12: memory ordering and distributed locks.
 *   - fence: each PE streams ROUNDS rounds to its right neighbour: a block of data (every
 *     element the round number), shmem_fence, then a flag (the round number). The
 *     receiver waits for each round's flag and then reads the block: since data only
 *     grows, every element must be at least the flag it saw (a data put overtaken by its
 *     flag shows as a smaller element). Variants: blocking long_put, long_put_nbi, and
 *     the ctx_ forms with shmem_ctx_fence on a created context;
 *   - quiet: the same stream with the data on one context (put_nbi, then ctx_quiet, or
 *     shmem_quiet for the default context) and the flag on another: only the quiet orders
 *     them; after shmem_quiet a get from the target sees the data;
 *   - test_lock: while PE 0 holds a lock every other PE's test_lock fails (nonzero); when
 *     all PEs try a free lock at once exactly one gets it (0);
 *   - set_lock / clear_lock (and test_lock retried with backoff) guard a non-atomic
 *     read-modify-write of a counter on PE 0 (g, then p): after every PE's ITERS
 *     increments the counter is exact; inside the critical section an owner word on PE 0
 *     is swapped to this PE and back, so two holders at once show up. Locks both global
 *     and in the heap. */
#include "osh_test.h"

#define ROUNDS 100
#define BLOCK 64
#define ITERS 25

static long g_block[BLOCK];
static long g_flag;

enum { V_PUT, V_PUT_NBI, V_CTX, V_QUIET_CTX, V_QUIET_DEFAULT, NVARIANT };
static const char *vnames[NVARIANT] = {
    "long_put, fence", "long_put_nbi, fence", "ctx_long_put_nbi, ctx_fence",
    "ctx_long_put_nbi, ctx_quiet, flag on the default context",
    "long_put_nbi, quiet, flag on another context"
};

static void stream(int v, shmem_ctx_t ctx)
{
    int right = ot_right(), left = ot_left();
    long src[BLOCK];

    ot_step("ordering: %s", vnames[v]);
    for (int i = 0; i < BLOCK; i++)
        g_block[i] = 0;
    g_flag = 0;
    shmem_barrier_all();
    for (long r = 1; r <= ROUNDS; r++) {
        long seen;
        for (int i = 0; i < BLOCK; i++)
            src[i] = r;
        switch (v) {
        case V_PUT:
            shmem_long_put(g_block, src, BLOCK, right);
            shmem_fence();
            shmem_long_p(&g_flag, r, right);
            break;
        case V_PUT_NBI:
            shmem_long_put_nbi(g_block, src, BLOCK, right);
            shmem_fence();
            shmem_long_p(&g_flag, r, right);
            break;
        case V_CTX:
            shmem_ctx_long_put_nbi(ctx, g_block, src, BLOCK, right);
            shmem_ctx_fence(ctx);
            shmem_ctx_long_p(ctx, &g_flag, r, right);
            break;
        case V_QUIET_CTX:
            shmem_ctx_long_put_nbi(ctx, g_block, src, BLOCK, right);
            shmem_ctx_quiet(ctx);
            shmem_long_p(&g_flag, r, right);
            break;
        case V_QUIET_DEFAULT:
            shmem_long_put_nbi(g_block, src, BLOCK, right);
            shmem_quiet();
            shmem_ctx_long_p(ctx, &g_flag, r, right);
            break;
        }
        /* put_nbi's source may be reused only after the data left: wait for it here,
         * after the flag was issued, so the flag and the data travel together. */
        shmem_ctx_quiet(ctx);
        shmem_quiet();
        shmem_long_wait_until(&g_flag, SHMEM_CMP_GE, r);
        seen = *(volatile long *)&g_flag;
        for (int i = 0; i < BLOCK; i++) {
            long d = *(volatile long *)&g_block[i];
            OT_CHECK(vnames[v], "long", d >= seen,
                     "round %ld: flag from PE %d is %ld but data element %d is %ld: the "
                     "data was overtaken by the flag", r, left, seen, i, d);
        }
    }
    shmem_barrier_all();
    OT_CHECK_EQ(vnames[v], "final flag", g_flag, (long)ROUNDS);
    for (int i = 0; i < BLOCK; i++)
        OT_CHECK_ELEM(vnames[v], "final data", i, g_block[i], (long)ROUNDS);
    shmem_barrier_all();
}

static void check_quiet_get(void)
{
    long src[BLOCK], back[BLOCK];
    int right = ot_right();

    ot_step("quiet, then get");
    shmem_barrier_all();
    for (int i = 0; i < BLOCK; i++)
        src[i] = 5000L + ot_me * 100 + i;
    shmem_long_put_nbi(g_block, src, BLOCK, right);
    shmem_quiet();
    shmem_long_get(back, g_block, BLOCK, right);
    for (int i = 0; i < BLOCK; i++)
        OT_CHECK_ELEM("shmem_quiet", "put_nbi complete: a get sees it", i, back[i], src[i]);
    shmem_barrier_all();
}

static long g_lock, g_counter;
static int g_owner, g_wins;

static void check_test_lock(long *lock)
{
    ot_step("test_lock while PE 0 holds the lock");
    if (ot_me == 0)
        shmem_set_lock(lock);
    shmem_barrier_all();
    if (ot_me != 0)
        OT_CHECK("shmem_test_lock", "held by PE 0", shmem_test_lock(lock) != 0,
                 "got a lock PE 0 holds");
    shmem_barrier_all();
    if (ot_me == 0)
        shmem_clear_lock(lock);
    g_wins = 0;
    shmem_barrier_all();

    ot_step("test_lock by every PE at once");
    if (shmem_test_lock(lock) == 0) {
        shmem_int_atomic_inc(&g_wins, 0);
        shmem_quiet();
        shmem_barrier_all();
        shmem_clear_lock(lock);
    } else {
        shmem_barrier_all();
    }
    if (ot_me == 0)
        OT_CHECK_EQ("shmem_test_lock", "free lock, every PE tries once", g_wins, 1);
    shmem_barrier_all();
}

static void check_lock_counter(long *lock, long *counter, const char *where)
{
    ot_step("set_lock/clear_lock counter, %s", where);
    if (ot_me == 0)
        *counter = 0;
    g_owner = 0;
    shmem_barrier_all();
    for (int k = 0; k < ITERS; k++) {
        long v;
        int prev;
        if (k % 2) {
            OT_POLL("shmem_test_lock", where, shmem_test_lock(lock) == 0,
                    "to take the lock (iteration %d)", k);
        } else {
            shmem_set_lock(lock);
        }
        prev = shmem_int_atomic_swap(&g_owner, ot_me + 1, 0);
        OT_CHECK("shmem_set_lock", where, prev == 0,
                 "PE %d holds the lock too (owner word %d)", prev - 1, prev);
        v = shmem_long_g(counter, 0);
        shmem_long_p(counter, v + 1, 0);
        prev = shmem_int_atomic_swap(&g_owner, 0, 0);
        OT_CHECK("shmem_set_lock", where, prev == ot_me + 1,
                 "owner word changed to %d while this PE held the lock", prev);
        shmem_clear_lock(lock);
    }
    shmem_barrier_all();
    if (ot_me == 0)
        OT_CHECK_EQ("lock-protected g/p increments", where, *counter, (long)ot_npes * ITERS);
    shmem_barrier_all();
}

int main(void)
{
    shmem_ctx_t ctx;
    long *hlock, *hcounter;

    ot_start("osh_order_lock");
    shmem_init();
    ot_begin(2);
    OT_CHECK_EQ("shmem_ctx_create", "0", shmem_ctx_create(0, &ctx), 0);
    hlock = shmem_calloc(2, sizeof(long));
    OT_CHECK("shmem_calloc", "lock", hlock != NULL, "NULL");
    hcounter = hlock + 1;

    for (int v = 0; v < NVARIANT; v++)
        stream(v, ctx);
    check_quiet_get();

    check_test_lock(&g_lock);
    check_test_lock(hlock);
    check_lock_counter(&g_lock, &g_counter, "global lock and counter");
    check_lock_counter(hlock, hcounter, "heap lock and counter");

    shmem_ctx_destroy(ctx);
    shmem_free(hlock);
    return ot_end();
}
