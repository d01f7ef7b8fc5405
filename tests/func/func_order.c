/* Ordering, streamed: every PE sends rounds to its right neighbour from its main thread
 * while a second thread receives the rounds of its left neighbour (THREAD_MULTIPLE).
 *   fence:           data (putmem_nbi), fence, then a put of the round number as a flag;
 *   put with signal: data and signal in one putmem_signal / put_signal call.
 * Round r uses slot r % SLOTS, so up to SLOTS rounds are in flight, and carries data of
 * 8 bytes to 16 KiB that name the round and the sender. The receiver waits until the slot's
 * flag (signal) is exactly r, then checks every word: data of an older round means the
 * flag overtook its data. It acknowledges every few rounds; a sender reuses a slot only
 * once the round that last used it was acknowledged, so no data is being written into a
 * slot while it is checked. Rounds per part: 100000 on shm, 20000 on tcp (and any other
 * provider but sockets), 500 on sockets; FUNC_ORDER_ROUNDS overrides.
 * Note: on the providers at hand (shm, tcp, sockets) operations from one endpoint to one
 * target land in order anyway, so this test cannot tell a missing fence from a present
 * one there; it checks the contract, and would catch reordering by the library itself
 * (its rings, batching or completion tracking) or by a provider that reorders. */
#include "ro_test.h"

#include <pthread.h>
#include <stdint.h>

#define SLOTS     16                 /* rounds in flight per direction */
#define ACK_EVERY 4                  /* the receiver acknowledges every ACK_EVERY rounds */
#define MAX_WORDS (16384 / 8 + 1)
static const size_t round_words[4] = { 1, 33, 512, MAX_WORDS };

static int me, npes, left, right;
static long rounds;
static uint64_t *data;               /* symmetric [SLOTS][MAX_WORDS]: from the left */
static uint64_t *flag;               /* symmetric [SLOTS]: fence part, a put of the round */
static uint64_t *sig;                /* symmetric [SLOTS]: put-with-signal part */
static uint64_t *ack;                /* symmetric [2]: last round the right neighbour checked */
static uint64_t *src;                /* private [SLOTS][MAX_WORDS] */
static uint64_t flag_src[SLOTS];
static rocshmem_ctx_t made;

enum part { P_FENCE, P_SIGNAL };
static const char *const part_name[2] = { "fence then flag put", "put with signal" };

/* Names the sender, the part and the round; the slots keep the first part's data. */
static uint64_t word(int pe, int part, long r, size_t k)
{
    return ((uint64_t)r * 0x9e3779b97f4a7c15ull) ^ ((uint64_t)pe << 48) ^
           ((uint64_t)part << 40) ^ (uint64_t)k;
}

static size_t nwords(long r)
{
    return round_words[r % 4];
}

/* 10^5 rounds where a round costs a few microseconds (shm); fewer where it costs more:
 * tcp, and sockets (milliseconds per operation on two cores). */
static long order_rounds(void)
{
    const char *over = getenv("FUNC_ORDER_ROUNDS");
    const char *prov = getenv("ROCSHMEM_RO_PROVIDER");
    if (over && atol(over) > 0)
        return atol(over);
    if (rt_slow())
        return 500;
    return prov && !strcmp(prov, "shm") ? 100000 : 20000;
}

/* The receiving thread of one part. */
static void *receiver(void *arg)
{
    enum part p = (enum part)(intptr_t)arg;
    uint64_t *marks = p == P_FENCE ? flag : sig;

    for (long r = 1; r <= rounds; r++) {
        size_t s = (size_t)(r % SLOTS), n = nwords(r);
        const volatile uint64_t *d = data + s * MAX_WORDS;
        if (p == P_FENCE) {
            rocshmem_uint64_wait_until(&marks[s], ROCSHMEM_CMP_EQ, (uint64_t)r);
        } else {
            uint64_t got = rocshmem_signal_wait_until(&marks[s], ROCSHMEM_CMP_GE, (uint64_t)r);
            if (got != (uint64_t)r)
                RT_FAIL(part_name[p], "uint64 signal", "round %ld (slot %zu): signal %llu",
                        r, s, (unsigned long long)got);
        }
        for (size_t k = 0; k < n; k++)
            if (d[k] != word(left, p, r, k)) {
                long seen = -1;
                for (long q = r - 1; q >= 0 && q > r - 64 * SLOTS; q--)
                    if (d[k] == word(left, p, q, k))
                        seen = q;
                RT_FAIL(part_name[p], "uint64", "round %ld (slot %zu, %zu words from PE %d): "
                        "the flag was there, word %zu was not: 0x%llx (round %ld), expected "
                        "0x%llx", r, s, n, left, k, (unsigned long long)d[k], seen,
                        (unsigned long long)word(left, p, r, k));
            }
        RT_COUNT(1);
        if (r % ACK_EVERY == 0 || r == rounds)
            rocshmem_signal_set(&ack[p], (uint64_t)r, left);
    }
    return NULL;
}

/* Round r's data into the right neighbour's slot, then its flag or signal, in one of
 * several forms of the same operations. */
static void send_round(enum part p, long r)
{
    size_t s = (size_t)(r % SLOTS), n = nwords(r);
    uint64_t *in = src + s * MAX_WORDS, *out = data + s * MAX_WORDS;
    uint64_t prev = r > SLOTS ? (uint64_t)(r - SLOTS) : 0;

    for (size_t k = 0; k < n; k++)
        in[k] = word(me, p, r, k);
    if (p == P_FENCE) {
        switch (r % 3) {
        case 0:
            rocshmem_putmem_nbi(out, in, n * 8, right);
            rocshmem_fence();
            rocshmem_uint64_p(&flag[s], (uint64_t)r, right);
            break;
        case 1:
            rocshmem_ctx_uint64_put_nbi(made, out, in, n, right);
            rocshmem_ctx_fence(made);
            rocshmem_ctx_uint64_p(made, &flag[s], (uint64_t)r, right);
            break;
        default:
            rocshmem_putmem_nbi(out, in, n * 8, right);
            rocshmem_fence_pe(right);
            flag_src[s] = (uint64_t)r;   /* an _nbi source: free again after quiet */
            rocshmem_uint64_put_nbi(&flag[s], &flag_src[s], 1, right);
            break;
        }
        return;
    }
    switch (r % 4) {
    case 0:
        rocshmem_putmem_signal_nbi(out, in, n * 8, &sig[s], (uint64_t)r, ROCSHMEM_SIGNAL_SET,
                                   right);
        break;
    case 1:
        rocshmem_ctx_putmem_signal_nbi(made, out, in, n * 8, &sig[s], (uint64_t)r - prev,
                                       ROCSHMEM_SIGNAL_ADD, right);
        break;
    case 2:
        rocshmem_uint64_put_signal_nbi(out, in, n, &sig[s], (uint64_t)r - prev,
                                       ROCSHMEM_SIGNAL_ADD, right);
        break;
    default:
        rocshmem_putmem_signal(out, in, n * 8, &sig[s], (uint64_t)r, ROCSHMEM_SIGNAL_SET, right);
        break;
    }
}

static void run_part(enum part p)
{
    pthread_t th;
    double t0 = rt_now();

    rt_step("%s: %ld rounds", part_name[p], rounds);
    rocshmem_barrier_all();
    RT_CHECK("pthread_create", "-", !pthread_create(&th, NULL, receiver, (void *)(intptr_t)p),
             "receiver thread");
    for (long r = 1; r <= rounds; r++) {
        /* The slot's last round was checked; its source is free after a quiet, which
         * comes every SLOTS / 2 rounds. */
        if (r > SLOTS)
            rocshmem_signal_wait_until(&ack[p], ROCSHMEM_CMP_GE, (uint64_t)(r - SLOTS));
        send_round(p, r);
        if (r % (SLOTS / 2) == 0) {
            rocshmem_quiet();
            rocshmem_ctx_quiet(made);
        }
    }
    rocshmem_quiet();
    rocshmem_ctx_quiet(made);
    pthread_join(th, NULL);
    rocshmem_barrier_all();
    if (me == 0)
        printf("func_order: %s: %ld rounds in %.1f s\n", part_name[p], rounds, rt_now() - t0);
}

int main(void)
{
    int provided = -1;

    RT_CHECK("init_thread", "-",
             rocshmem_init_thread(ROCSHMEM_THREAD_MULTIPLE, &provided) == ROCSHMEM_SUCCESS &&
             provided == ROCSHMEM_THREAD_MULTIPLE, "provided %d", provided);
    rt_begin("func_order", 2);
    me = rocshmem_my_pe();
    npes = rocshmem_n_pes();
    right = (me + 1) % npes;
    left = (me + npes - 1) % npes;
    rounds = order_rounds();

    data = rocshmem_calloc((size_t)SLOTS * MAX_WORDS, sizeof(uint64_t));
    flag = rocshmem_calloc(2 * SLOTS + 2, sizeof(uint64_t));
    src = malloc((size_t)SLOTS * MAX_WORDS * sizeof(uint64_t));
    RT_CHECK("rocshmem_calloc", "-", data && flag && src, "returned NULL");
    sig = flag + SLOTS;
    ack = sig + SLOTS;
    RT_CHECK("rocshmem_ctx_create", "-", rocshmem_ctx_create(0, &made) == ROCSHMEM_SUCCESS,
             "returned an error");

    run_part(P_FENCE);
    run_part(P_SIGNAL);

    rocshmem_ctx_destroy(made);
    rocshmem_free(flag);
    rocshmem_free(data);
    free(src);
    return rt_end();
}
