/* Point-to-point synchronization and ordering: wait_until with every comparison for
 * every RMA type, the _all/_any/_some waits and their _vector forms (with and without
 * status masks), test, fence and quiet ordering between PEs, barrier_all and sync_all
 * keeping PEs in step, and the queries (my_pe, n_pes, thread level, version, name,
 * rocshmem_ptr). Each wait waits for a value that only a peer's write can produce, so
 * a wait that returns early or an update that overtakes its data fails a check. */
#include "ro_test.h"

#include <stdint.h>

#define NV 8                   /* entries of each wait_until_{all,any,some} array */
#define FENCE_WORDS 128        /* 1 KiB of data ahead of each fence */
#define FENCE_SLOTS 64         /* source buffers in flight between two quiets */
#define QUIET_BYTES 4096

static int me, npes, left, right;
static rocshmem_ctx_t made;
static void *scratch;          /* symmetric, for the typed waits */
/* symmetric: [0] flag, [1] ack, [2..3] barrier_all counters, [4..5] sync_all counters */
static uint64_t *flags;
static uint64_t *data;         /* symmetric: fence and quiet payloads */

/* The value a peer writes for LT/LE waits: negative where the type has negatives, so a
 * signed type compared as unsigned hangs (and the watchdog names it). */
#define LOW_SINT  (-5)
#define LOW_FLOAT (-5)
#define LOW_UINT  5
#define LOW_CHAR  5

/* Each PE writes its right neighbour's arrays and waits on its own, written by its left
 * neighbour; one barrier per type separates the local setup from the peer's writes. */
enum { W_GT, W_GE, W_EQ, W_NE, W_LT, W_LE, W_COUNT };
enum { A_ALL, A_ALL_MASKED, A_ANY, A_ANY_MASKED, A_SOME, A_VALL, A_VALL_MASKED, A_VANY, A_VSOME,
       A_VSOME_MASKED, A_COUNT };

/* wait_until_some(_vector) may report fewer entries than will eventually match: call it
 * until `want` is found, masking what it reported, and check each report once. */
#define DEF_COLLECT_SOME(NAME, TYPE, KIND)                                                 \
    static void collect_some_##NAME(const char *what, TYPE *ivars, int *status,            \
                                    const TYPE *values, TYPE value, unsigned want)         \
    {                                                                                      \
        unsigned found = 0;                                                                \
        size_t idx[NV];                                                                    \
        while (found != want) {                                                            \
            size_t k = values ? rocshmem_##NAME##_wait_until_some_vector(ivars, NV, idx, status, \
                                                                         ROCSHMEM_CMP_EQ, values) \
                              : rocshmem_##NAME##_wait_until_some(ivars, NV, idx, status,  \
                                                                  ROCSHMEM_CMP_EQ, value); \
            RT_CHECK(what, #TYPE, k >= 1 && k <= NV, "returned %zu indices", k);           \
            for (size_t j = 0; j < k; j++) {                                               \
                RT_CHECK(what, #TYPE, idx[j] < NV && (want >> idx[j] & 1) && !status[idx[j]], \
                         "reported index %zu (expected set 0x%x, already found 0x%x)", idx[j], \
                         want, found);                                                     \
                status[idx[j]] = 1;                                                        \
                found |= 1u << idx[j];                                                     \
            }                                                                              \
        }                                                                                  \
    }
ROCSHMEM_FOR_RMA_TYPES(DEF_COLLECT_SOME)
#undef DEF_COLLECT_SOME

#define DEF_WAITS(NAME, TYPE, KIND)                                                        \
    static void waits_##NAME(void)                                                         \
    {                                                                                      \
        TYPE *w = scratch, *a = w + W_COUNT, ones[NV], seq[NV], got;                       \
        int st[NV], t;                                                                     \
        size_t r, idx[NV];                                                                 \
        const TYPE low = (TYPE)LOW_##KIND;                                                 \
        rt_step("wait_until family on %s", #NAME);                                         \
        /* Local setup; nobody writes here before the barrier. */                          \
        for (int k = 0; k < W_COUNT; k++)                                                  \
            w[k] = (TYPE)(k < W_LT ? 10 : 50);                                             \
        memset(a, 0, A_COUNT * NV * sizeof(TYPE));                                         \
        for (int i = 0; i < NV; i++) {                                                     \
            ones[i] = (TYPE)1;                                                             \
            seq[i] = (TYPE)(i + 1);                                                        \
        }                                                                                  \
        t = rocshmem_##NAME##_test(&w[W_GT], ROCSHMEM_CMP_GT, (TYPE)15);                   \
        RT_CHECK_EQ(#NAME "_test (GT, not yet)", #TYPE, t, 0);                             \
        t = rocshmem_##NAME##_test(&w[W_LE], ROCSHMEM_CMP_LE, low);                        \
        RT_CHECK_EQ(#NAME "_test (LE, not yet)", #TYPE, t, 0);                             \
        t = rocshmem_##NAME##_test(&w[W_EQ], ROCSHMEM_CMP_EQ, (TYPE)10);                   \
        RT_CHECK_EQ(#NAME "_test (EQ, holds)", #TYPE, t, 1);                               \
        rocshmem_barrier_all();                                                            \
                                                                                           \
        for (int k = 0; k < W_COUNT; k++)                                                  \
            rocshmem_##NAME##_p(&w[k], k < W_LT ? (TYPE)20 : low, right);                  \
        rocshmem_##NAME##_put(a + A_ALL * NV, ones, NV, right);                            \
        for (int i = 0; i < NV; i++)                                                       \
            if (i != 2)                                                                    \
                rocshmem_##NAME##_p(a + A_ALL_MASKED * NV + i, (TYPE)1, right);            \
        rocshmem_##NAME##_p(a + A_ANY * NV + 5, (TYPE)1, right);                           \
        rocshmem_##NAME##_p(a + A_ANY_MASKED * NV + 5, (TYPE)1, right);                    \
        rocshmem_##NAME##_p(a + A_ANY_MASKED * NV + 6, (TYPE)1, right);                    \
        rocshmem_##NAME##_p(a + A_SOME * NV + 1, (TYPE)1, right);                          \
        rocshmem_##NAME##_p(a + A_SOME * NV + 3, (TYPE)1, right);                          \
        rocshmem_##NAME##_p(a + A_SOME * NV + 4, (TYPE)1, right);                          \
        rocshmem_##NAME##_put(a + A_VALL * NV, seq, NV, right);                            \
        rocshmem_##NAME##_put(a + A_VALL_MASKED * NV, seq, NV - 1, right);                 \
        rocshmem_##NAME##_p(a + A_VANY * NV + 3, seq[3], right);                           \
        rocshmem_##NAME##_p(a + A_VSOME * NV + 0, seq[0], right);                          \
        rocshmem_##NAME##_p(a + A_VSOME * NV + 7, seq[7], right);                          \
        rocshmem_##NAME##_p(a + A_VSOME_MASKED * NV + 0, seq[0], right);                   \
        rocshmem_##NAME##_p(a + A_VSOME_MASKED * NV + 6, seq[6], right);                   \
        rocshmem_##NAME##_p(a + A_VSOME_MASKED * NV + 7, seq[7], right);                   \
                                                                                           \
        rocshmem_##NAME##_wait_until(&w[W_GT], ROCSHMEM_CMP_GT, (TYPE)15);                 \
        rocshmem_##NAME##_wait_until(&w[W_GE], ROCSHMEM_CMP_GE, (TYPE)20);                 \
        rocshmem_##NAME##_wait_until(&w[W_EQ], ROCSHMEM_CMP_EQ, (TYPE)20);                 \
        rocshmem_##NAME##_wait_until(&w[W_NE], ROCSHMEM_CMP_NE, (TYPE)10);                 \
        rocshmem_##NAME##_wait_until(&w[W_LT], ROCSHMEM_CMP_LT, (TYPE)10);                 \
        rocshmem_##NAME##_wait_until(&w[W_LE], ROCSHMEM_CMP_LE, low);                      \
        for (int k = 0; k < W_COUNT; k++) {                                                \
            got = w[k];                                                                    \
            RT_CHECK_EQ(#NAME "_wait_until", #TYPE, got, k < W_LT ? (TYPE)20 : low);       \
        }                                                                                  \
        t = rocshmem_##NAME##_test(&w[W_GT], ROCSHMEM_CMP_GT, (TYPE)15);                   \
        RT_CHECK_EQ(#NAME "_test (GT, holds)", #TYPE, t, 1);                               \
        t = rocshmem_##NAME##_test(&w[W_LT], ROCSHMEM_CMP_LT, (TYPE)10);                   \
        RT_CHECK_EQ(#NAME "_test (LT, holds)", #TYPE, t, 1);                               \
                                                                                           \
        rocshmem_##NAME##_wait_until_all(a + A_ALL * NV, NV, NULL, ROCSHMEM_CMP_EQ, (TYPE)1); \
        for (int i = 0; i < NV; i++)                                                       \
            RT_CHECK_EQ(#NAME "_wait_until_all", #TYPE, a[A_ALL * NV + i], (TYPE)1);       \
        memset(st, 0, sizeof(st));                                                         \
        st[2] = 1;                                                                         \
        rocshmem_##NAME##_wait_until_all(a + A_ALL_MASKED * NV, NV, st, ROCSHMEM_CMP_EQ, (TYPE)1); \
        for (int i = 0; i < NV; i++)                                                       \
            RT_CHECK_EQ(#NAME "_wait_until_all (status masks 2)", #TYPE,                   \
                        a[A_ALL_MASKED * NV + i], (TYPE)(i != 2));                         \
                                                                                           \
        r = rocshmem_##NAME##_wait_until_any(a + A_ANY * NV, NV, NULL, ROCSHMEM_CMP_EQ, (TYPE)1); \
        RT_CHECK_EQ(#NAME "_wait_until_any", #TYPE, r, (size_t)5);                         \
        memset(st, 0, sizeof(st));                                                         \
        st[5] = 1;                                                                         \
        r = rocshmem_##NAME##_wait_until_any(a + A_ANY_MASKED * NV, NV, st, ROCSHMEM_CMP_NE, \
                                             (TYPE)0);                                     \
        RT_CHECK_EQ(#NAME "_wait_until_any (status masks 5)", #TYPE, r, (size_t)6);        \
                                                                                           \
        memset(st, 0, sizeof(st));                                                         \
        collect_some_##NAME(#NAME "_wait_until_some", a + A_SOME * NV, st, NULL, (TYPE)1,  \
                            1u << 1 | 1u << 3 | 1u << 4);                                  \
                                                                                           \
        rocshmem_##NAME##_wait_until_all_vector(a + A_VALL * NV, NV, NULL, ROCSHMEM_CMP_EQ, seq); \
        for (int i = 0; i < NV; i++)                                                       \
            RT_CHECK_EQ(#NAME "_wait_until_all_vector", #TYPE, a[A_VALL * NV + i], seq[i]); \
        memset(st, 0, sizeof(st));                                                         \
        st[NV - 1] = 1;                                                                    \
        rocshmem_##NAME##_wait_until_all_vector(a + A_VALL_MASKED * NV, NV, st, ROCSHMEM_CMP_GE, \
                                                seq);                                      \
        for (int i = 0; i < NV; i++)                                                       \
            RT_CHECK_EQ(#NAME "_wait_until_all_vector (status masks 7)", #TYPE,            \
                        a[A_VALL_MASKED * NV + i], i < NV - 1 ? seq[i] : (TYPE)0);         \
        r = rocshmem_##NAME##_wait_until_any_vector(a + A_VANY * NV, NV, NULL, ROCSHMEM_CMP_EQ, \
                                                    seq);                                  \
        RT_CHECK_EQ(#NAME "_wait_until_any_vector", #TYPE, r, (size_t)3);                  \
        memset(st, 0, sizeof(st));                                                         \
        collect_some_##NAME(#NAME "_wait_until_some_vector", a + A_VSOME * NV, st, seq, (TYPE)0, \
                            1u << 0 | 1u << 7);                                            \
        memset(st, 0, sizeof(st));                                                         \
        st[0] = 1;                                                                         \
        collect_some_##NAME(#NAME "_wait_until_some_vector (status masks 0)",              \
                            a + A_VSOME_MASKED * NV, st, seq, (TYPE)0, 1u << 6 | 1u << 7); \
                                                                                           \
        /* Everything masked, or nothing to wait on: return at once (OpenSHMEM 1.5: any    \
         * gives SIZE_MAX, some gives 0), even where an entry would match. */              \
        for (int i = 0; i < NV; i++)                                                       \
            st[i] = 1;                                                                     \
        rocshmem_##NAME##_wait_until_all(a + A_ALL * NV, NV, st, ROCSHMEM_CMP_EQ, (TYPE)99); \
        rocshmem_##NAME##_wait_until_all_vector(a + A_VALL * NV, NV, st, ROCSHMEM_CMP_NE, seq); \
        r = rocshmem_##NAME##_wait_until_any(a + A_ANY * NV, NV, st, ROCSHMEM_CMP_EQ, (TYPE)1); \
        RT_CHECK_EQ(#NAME "_wait_until_any (all masked)", #TYPE, r, SIZE_MAX);             \
        r = rocshmem_##NAME##_wait_until_any_vector(a + A_VANY * NV, NV, st, ROCSHMEM_CMP_EQ, \
                                                    seq);                                  \
        RT_CHECK_EQ(#NAME "_wait_until_any_vector (all masked)", #TYPE, r, SIZE_MAX);      \
        r = rocshmem_##NAME##_wait_until_any(a + A_ANY * NV, 0, NULL, ROCSHMEM_CMP_EQ, (TYPE)1); \
        RT_CHECK_EQ(#NAME "_wait_until_any (no entries)", #TYPE, r, SIZE_MAX);             \
        r = rocshmem_##NAME##_wait_until_some(a + A_SOME * NV, NV, idx, st, ROCSHMEM_CMP_EQ, \
                                              (TYPE)1);                                    \
        RT_CHECK_EQ(#NAME "_wait_until_some (all masked)", #TYPE, r, (size_t)0);           \
        r = rocshmem_##NAME##_wait_until_some_vector(a + A_VSOME * NV, NV, idx, st,        \
                                                     ROCSHMEM_CMP_EQ, seq);                \
        RT_CHECK_EQ(#NAME "_wait_until_some_vector (all masked)", #TYPE, r, (size_t)0);    \
    }
ROCSHMEM_FOR_RMA_TYPES(DEF_WAITS)
#undef DEF_WAITS

/* ---- fence: data, fence, flag; the receiver must never see a flag before its data ---- */
static uint64_t fence_word(uint64_t round, int k)
{
    return round * 0x100000001b3ull ^ (uint64_t)k << 40;
}

static void fence_send(long rounds, int peer)
{
    /* Several sources in flight: an _nbi put may read its source until the next quiet. */
    static uint64_t src[FENCE_SLOTS][FENCE_WORDS];
    uint64_t *flag = &flags[0], *ackw = &flags[1];

    for (long r = 1; r <= rounds; r++) {
        uint64_t *s = src[r % FENCE_SLOTS];
        rt_wait_ge(ackw, (uint64_t)r - 1, "fence: ack of the previous round");
        if (r % FENCE_SLOTS == 0) {
            rocshmem_quiet();
            rocshmem_ctx_quiet(made);
        }
        for (int k = 0; k < FENCE_WORDS; k++)
            s[k] = fence_word((uint64_t)r, k);
        /* Every fence form in turn; the created context carries its own data and flag. */
        switch (r % 5) {
        case 0:
            rocshmem_putmem_nbi(data, s, sizeof(src[0]), peer);
            rocshmem_fence();
            rocshmem_uint64_p(flag, (uint64_t)r, peer);
            break;
        case 1:
            rocshmem_putmem_nbi(data, s, sizeof(src[0]), peer);
            rocshmem_fence_pe(peer);
            rocshmem_uint64_p(flag, (uint64_t)r, peer);
            break;
        case 2:
            rocshmem_ctx_putmem_nbi(ROCSHMEM_CTX_DEFAULT, data, s, sizeof(src[0]), peer);
            rocshmem_ctx_fence(ROCSHMEM_CTX_DEFAULT);
            rocshmem_ctx_uint64_p(ROCSHMEM_CTX_DEFAULT, flag, (uint64_t)r, peer);
            break;
        case 3:
            rocshmem_ctx_putmem_nbi(made, data, s, sizeof(src[0]), peer);
            rocshmem_ctx_fence(made);
            rocshmem_ctx_uint64_p(made, flag, (uint64_t)r, peer);
            break;
        default:
            rocshmem_ctx_putmem_nbi(made, data, s, sizeof(src[0]), peer);
            rocshmem_ctx_fence_pe(made, peer);
            rocshmem_ctx_uint64_atomic_set(made, flag, (uint64_t)r, peer);
            break;
        }
    }
    rocshmem_quiet();
    rocshmem_ctx_quiet(made);
}

static void fence_receive(long rounds, int peer)
{
    uint64_t *flag = &flags[0];

    for (long r = 1; r <= rounds; r++) {
        rocshmem_uint64_wait_until(flag, ROCSHMEM_CMP_GE, (uint64_t)r);
        RT_CHECK_EQ("fence (flag)", "uint64", *flag, (uint64_t)r);
        for (int k = 0; k < FENCE_WORDS; k++)
            if (data[k] != fence_word((uint64_t)r, k))
                RT_FAIL("fence: data behind its flag", "uint64",
                        "round %ld (fence form %ld), word %d: 0x%llx, expected 0x%llx", r, r % 5, k,
                        (unsigned long long)data[k],
                        (unsigned long long)fence_word((uint64_t)r, k));
        RT_COUNT(1);
        rocshmem_uint64_p(&flags[1], (uint64_t)r, peer);
    }
}

/* PE pairs (0,1), (2,3), ...: the even PE sends, the odd one receives. */
static void test_fence(long rounds)
{
    int peer = me ^ 1;

    rt_step("fence ordering, %ld rounds", rounds);
    flags[0] = flags[1] = 0;
    rocshmem_barrier_all();
    if (peer < npes) {
        if (me % 2 == 0)
            fence_send(rounds, peer);
        else
            fence_receive(rounds, peer);
    }
    rocshmem_barrier_all();
}

/* ---- quiet: an _nbi put, a quiet, then a flag; the flag must not pass the data ------ */
static void test_quiet(long rounds)
{
    static uint8_t src[QUIET_BYTES];
    const uint8_t *in = (const uint8_t *)data;
    uint64_t *flag = &flags[0], *ackw = &flags[1];

    flags[0] = flags[1] = 0;
    rocshmem_barrier_all();
    for (long r = 1; r <= rounds; r++) {
        rt_step("quiet round %ld", r);
        rt_wait_ge(ackw, (uint64_t)r - 1, "quiet: ack of the previous round");
        memset(src, (int)(r * 7 + me), sizeof(src));
        switch (r % 4) {
        case 0:
            rocshmem_putmem_nbi(data, src, sizeof(src), right);
            rocshmem_quiet();
            rocshmem_uint64_p(flag, (uint64_t)r, right);
            break;
        case 1:
            rocshmem_putmem_nbi(data, src, sizeof(src), right);
            rocshmem_pe_quiet(&right, 1);
            rocshmem_uint64_p(flag, (uint64_t)r, right);
            break;
        case 2:
            rocshmem_ctx_putmem_nbi(made, data, src, sizeof(src), right);
            rocshmem_ctx_quiet(made);
            rocshmem_uint64_p(flag, (uint64_t)r, right);
            break;
        default:
            rocshmem_ctx_putmem_nbi(made, data, src, sizeof(src), right);
            rocshmem_ctx_pe_quiet(made, &right, 1);
            rocshmem_uint64_p(flag, (uint64_t)r, right);
            break;
        }
        rocshmem_uint64_wait_until(flag, ROCSHMEM_CMP_EQ, (uint64_t)r);
        for (size_t k = 0; k < sizeof(src); k++)
            if (in[k] != (uint8_t)(r * 7 + left))
                RT_FAIL("quiet: data behind its flag", "uint8",
                        "round %ld (form %ld), byte %zu: %u, expected %u", r, r % 4, k, in[k],
                        (uint8_t)(r * 7 + left));
        RT_COUNT(1);
        rocshmem_uint64_p(ackw, (uint64_t)r, left);
    }
    rocshmem_barrier_all();
}

/* ---- barriers: a counter bumped on every PE before each barrier is exact after it ---- */
/* Iterations alternate between two counters: a PE already past barrier i bumps the other
 * counter, and cannot bump this one again before everyone has passed barrier i + 1. */
static void test_barriers(long iters, int use_sync)
{
    uint64_t *cnt = &flags[use_sync ? 4 : 2];
    const char *op = use_sync ? "sync_all" : "barrier_all";

    cnt[0] = cnt[1] = 0;
    rocshmem_barrier_all();
    for (long i = 0; i < iters; i++) {
        rt_step("%s iteration %ld", op, i);
        for (int t = 0; t < npes; t++)
            rocshmem_uint64_atomic_inc(&cnt[i % 2], t);
        if (use_sync) {
            /* sync_all does not complete this PE's operations: quiet does. */
            rocshmem_quiet();
            rocshmem_sync_all();
        } else {
            rocshmem_barrier_all();
        }
        RT_CHECK_EQ(op, "uint64 counter", cnt[i % 2], (uint64_t)npes * (uint64_t)(i / 2 + 1));
    }
    rocshmem_barrier_all();
}

/* ---- queries -------------------------------------------------------------------------- */
static void test_queries(int provided)
{
    int *ids = (int *)scratch, local = 0, major = -1, minor = -1, level = -1;
    char name[ROCSHMEM_MAX_NAME_LEN];
    void *q;

    rt_step("queries");
    RT_CHECK_EQ("init_thread (provided)", "int", provided, ROCSHMEM_THREAD_MULTIPLE);
    rocshmem_query_thread(&level);
    RT_CHECK_EQ("query_thread", "int", level, ROCSHMEM_THREAD_MULTIPLE);
    RT_CHECK_EQ("ctx_my_pe", "int", rocshmem_ctx_my_pe(made), me);
    RT_CHECK_EQ("ctx_n_pes", "int", rocshmem_ctx_n_pes(made), npes);
    rocshmem_info_get_version(&major, &minor);
    RT_CHECK("info_get_version", "int",
             major == ROCSHMEM_MAJOR_VERSION && minor == ROCSHMEM_MINOR_VERSION && major == 1 &&
             minor == 5, "got %d.%d, expected 1.5", major, minor);
    memset(name, 'x', sizeof(name));
    rocshmem_info_get_name(name);
    RT_CHECK("info_get_name", "char",
             memchr(name, '\0', sizeof(name)) && !strcmp(name, ROCSHMEM_VENDOR_STRING),
             "got \"%.40s\", expected \"%s\"", name, ROCSHMEM_VENDOR_STRING);

    /* my_pe/n_pes gathered on PE 0: every id exactly once, everyone agrees on n. */
    memset(ids, 0xff, 2 * (size_t)npes * sizeof(int));
    rocshmem_barrier_all();
    rocshmem_int_p(&ids[me], rocshmem_my_pe(), 0);
    rocshmem_int_p(&ids[npes + me], rocshmem_n_pes(), 0);
    rocshmem_barrier_all();
    if (me == 0)
        for (int p = 0; p < npes; p++) {
            RT_CHECK_EQ("my_pe (gathered)", "int", ids[p], p);
            RT_CHECK_EQ("n_pes (gathered)", "int", ids[npes + p], npes);
        }

    /* rocshmem_ptr: this PE's symmetric address maps to itself; private memory has no
     * mapping; a peer's is NULL or must work for stores. */
    RT_CHECK("rocshmem_ptr (own PE)", "void *", rocshmem_ptr(ids, me) == (void *)ids,
             "returned %p for %p", rocshmem_ptr(ids, me), (void *)ids);
    RT_CHECK("rocshmem_ptr (private memory)", "void *", rocshmem_ptr(&local, me) == NULL,
             "returned %p for a stack address", rocshmem_ptr(&local, me));
    rocshmem_barrier_all();
    q = rocshmem_ptr(&ids[me], right);
    if (q)
        *(volatile int *)q = 500 + me;
    else
        rocshmem_int_p(&ids[me], 500 + me, right);
    rocshmem_barrier_all();
    RT_CHECK_EQ("rocshmem_ptr (store through a peer's pointer, or a put)", "int", ids[left],
                500 + left);
    rocshmem_barrier_all();
}

int main(void)
{
    int provided = -1;

    RT_CHECK("init_thread", "int",
             rocshmem_init_thread(ROCSHMEM_THREAD_MULTIPLE, &provided) == ROCSHMEM_SUCCESS,
             "returned an error");
    rt_begin("func_sync", 2);
    me = rocshmem_my_pe();
    npes = rocshmem_n_pes();
    right = (me + 1) % npes;
    left = (me + npes - 1) % npes;
    scratch = rocshmem_malloc((W_COUNT + A_COUNT * NV) * sizeof(uint64_t) +
                              2 * (size_t)npes * sizeof(int));
    flags = rocshmem_calloc(8, sizeof(uint64_t));
    data = rocshmem_malloc(QUIET_BYTES > FENCE_WORDS * 8 ? QUIET_BYTES : FENCE_WORDS * 8);
    RT_CHECK("rocshmem_malloc", "-", scratch && flags && data, "returned NULL");
    RT_CHECK("rocshmem_ctx_create", "-", rocshmem_ctx_create(0, &made) == ROCSHMEM_SUCCESS,
             "returned an error");

    test_queries(provided);
    /* The barrier after each type completes the writes to entries that a status mask
     * hid (the waits did not wait for them) before the next type reuses the area. */
#define RUN_WAITS(NAME, TYPE, KIND) waits_##NAME(); rocshmem_barrier_all();
    ROCSHMEM_FOR_RMA_TYPES(RUN_WAITS)
#undef RUN_WAITS
    test_fence(rt_iters(10000, 100));
    test_quiet(rt_iters(400, 8));
    test_barriers(rt_iters(1000, 20), 0);
    test_barriers(rt_iters(1000, 20), 1);

    rocshmem_ctx_destroy(made);
    rocshmem_free(data);
    rocshmem_free(flags);
    rocshmem_free(scratch);
    return rt_end();
}
