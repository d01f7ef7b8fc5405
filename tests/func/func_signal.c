/* Put-with-signal and the signal operations. Every PE streams rounds to its right
 * neighbour: data plus a signal that names the round, then waits for the data of the
 * same round from its left neighbour, checks it and acknowledges. A sender starts round
 * r + 1 only after the ack of round r, so the signal a receiver sees is exactly its
 * round: a stale signal, or data landing after its signal, fails the check. */
#include "ro_test.h"

#include <stdint.h>

#define BIG_BYTES (64u * 1024u)
#define TNEL 5
#define TV(TYPE, pe, i, r) ((TYPE)(((pe) * 13 + (i) * 7 + (int)((r) % 61)) % 97))

static int me, npes, left, right;
static uint64_t *sig, *ack;          /* symmetric: round signal from left, ack from right */
static uint64_t *counter, *slots;    /* symmetric: for signal_add/set/fetch alone */
static uint8_t *dst;                 /* symmetric: data from left */
static rocshmem_ctx_t made;
static uint64_t round_no;

/* The put-with-signal form a round uses; rotating through all four with the signal ops
 * makes every combination occur within a dozen rounds. */
enum form { F_PLAIN, F_NBI, F_CTX, F_CTX_NBI, F_COUNT };
static const char *const form_suffix[F_COUNT] = {
    "", "_nbi", " (ctx_ form, created context)", "_nbi (ctx_ form, ROCSHMEM_CTX_DEFAULT)"
};

/* ADD of 1 and SET of the round number leave the same value: the receiver waits for
 * the round number either way. */
static int sig_op(void)
{
    return round_no % 3 == 0 ? ROCSHMEM_SIGNAL_ADD : ROCSHMEM_SIGNAL_SET;
}

static uint64_t sig_value(void)
{
    return sig_op() == ROCSHMEM_SIGNAL_ADD ? 1 : round_no;
}

static void begin_round(void)
{
    round_no++;
    rt_step("round %llu: waiting for the ack of the previous round", (unsigned long long)round_no);
    if (round_no > 1) {
        uint64_t got = rocshmem_signal_wait_until(ack, ROCSHMEM_CMP_GE, round_no - 1);
        RT_CHECK_EQ("signal_wait_until (ack)", "uint64", got, round_no - 1);
    }
    /* An _nbi source may be rewritten only after quiet. */
    rocshmem_quiet();
    rocshmem_ctx_quiet(made);
}

/* Waits with each comparison in turn; every one of them holds only once the signal of
 * this round has landed. */
static void wait_round(const char *what)
{
    static const int cmps[4] = {
        ROCSHMEM_CMP_EQ, ROCSHMEM_CMP_GE, ROCSHMEM_CMP_GT, ROCSHMEM_CMP_NE
    };
    int cmp = cmps[round_no % 4];
    uint64_t arg = (cmp == ROCSHMEM_CMP_GT || cmp == ROCSHMEM_CMP_NE) ? round_no - 1 : round_no;
    uint64_t got;

    rt_step("round %llu: %s: waiting for the signal", (unsigned long long)round_no, what);
    got = rocshmem_signal_wait_until(sig, cmp, arg);
    RT_CHECK_EQ(what, "signal_wait_until's return", got, round_no);
    got = rocshmem_signal_fetch(sig);
    RT_CHECK_EQ(what, "signal_fetch after the wait", got, round_no);
}

static void ack_left(void)
{
    switch (round_no % 4) {
    case 0: rocshmem_signal_set(ack, round_no, left); break;
    case 1: rocshmem_signal_add(ack, 1, left); break;
    case 2: rocshmem_ctx_signal_set(made, ack, round_no, left); break;
    default: rocshmem_ctx_signal_add(ROCSHMEM_CTX_DEFAULT, ack, 1, left); break;
    }
}

static void put_signal_bytes(enum form f, const void *src, size_t nbytes)
{
    switch (f) {
    case F_PLAIN:
        rocshmem_putmem_signal(dst, src, nbytes, sig, sig_value(), sig_op(), right);
        break;
    case F_NBI:
        rocshmem_putmem_signal_nbi(dst, src, nbytes, sig, sig_value(), sig_op(), right);
        break;
    case F_CTX:
        rocshmem_ctx_putmem_signal(made, dst, src, nbytes, sig, sig_value(), sig_op(), right);
        break;
    default:
        rocshmem_ctx_putmem_signal_nbi(ROCSHMEM_CTX_DEFAULT, dst, src, nbytes, sig, sig_value(),
                                       sig_op(), right);
        break;
    }
}

static uint64_t word(int pe, uint64_t round, size_t k)
{
    return ((uint64_t)pe << 48 | round) ^ (k * 0x9e3779b97f4a7c15ull);
}

/* Rounds of `nbytes` (a multiple of 8), the whole message checked word by word. */
static void stream_bytes(long rounds, size_t nbytes)
{
    /* Static: an _nbi put may read it until the next round's quiet. */
    static uint64_t src[BIG_BYTES / 8];
    const uint64_t *in = (const uint64_t *)dst;
    char what[96];

    for (long i = 0; i < rounds; i++) {
        enum form f;
        begin_round();
        f = (enum form)(round_no % F_COUNT);
        for (size_t k = 0; k < nbytes / 8; k++)
            src[k] = word(me, round_no, k);
        put_signal_bytes(f, src, nbytes);
        snprintf(what, sizeof(what), "putmem_signal%s %zu bytes, %s", form_suffix[f], nbytes,
                 sig_op() == ROCSHMEM_SIGNAL_ADD ? "SIGNAL_ADD" : "SIGNAL_SET");
        wait_round(what);
        for (size_t k = 0; k < nbytes / 8; k++)
            if (in[k] != word(left, round_no, k))
                RT_FAIL(what, "uint64", "round %llu, word %zu: 0x%llx, expected 0x%llx",
                        (unsigned long long)round_no, k, (unsigned long long)in[k],
                        (unsigned long long)word(left, round_no, k));
        RT_COUNT(1);
        ack_left();
    }
}

/* Each typed put_signal form in turn, a few elements each. */
#define DEF_TYPED(NAME, TYPE, KIND)                                                        \
    static void typed_##NAME(void)                                                         \
    {                                                                                      \
        static TYPE src[TNEL];                                                             \
        const TYPE *in = (const TYPE *)dst;                                                \
        char what[96];                                                                     \
        for (int f = 0; f < F_COUNT; f++) {                                                \
            begin_round();                                                                 \
            for (int i = 0; i < TNEL; i++)                                                 \
                src[i] = TV(TYPE, me, i, round_no);                                        \
            switch (f) {                                                                   \
            case F_PLAIN:                                                                  \
                rocshmem_##NAME##_put_signal((TYPE *)dst, src, TNEL, sig, sig_value(),     \
                                             sig_op(), right);                             \
                break;                                                                     \
            case F_NBI:                                                                    \
                rocshmem_##NAME##_put_signal_nbi((TYPE *)dst, src, TNEL, sig, sig_value(), \
                                                 sig_op(), right);                         \
                break;                                                                     \
            case F_CTX:                                                                    \
                rocshmem_ctx_##NAME##_put_signal(made, (TYPE *)dst, src, TNEL, sig,        \
                                                 sig_value(), sig_op(), right);            \
                break;                                                                     \
            default:                                                                       \
                rocshmem_ctx_##NAME##_put_signal_nbi(ROCSHMEM_CTX_DEFAULT, (TYPE *)dst, src, \
                                                     TNEL, sig, sig_value(), sig_op(), right); \
                break;                                                                     \
            }                                                                              \
            snprintf(what, sizeof(what), "%s_put_signal%s, %s", #NAME, form_suffix[f],     \
                     sig_op() == ROCSHMEM_SIGNAL_ADD ? "SIGNAL_ADD" : "SIGNAL_SET");       \
            wait_round(what);                                                              \
            for (int i = 0; i < TNEL; i++)                                                 \
                RT_CHECK_EQ(what, #TYPE, in[i], TV(TYPE, left, i, round_no));              \
            ack_left();                                                                    \
        }                                                                                  \
    }
ROCSHMEM_FOR_RMA_TYPES(DEF_TYPED)
#undef DEF_TYPED

/* signal_add/set (plain and ctx_) on their own: totals and per-PE slots. */
static void signal_ops(void)
{
    uint64_t total = (uint64_t)npes * (uint64_t)(npes + 1) / 2;

    rt_step("signal_add/signal_set/signal_fetch");
    counter[0] = counter[1] = 0;
    memset(slots, 0, 2 * (size_t)npes * sizeof(uint64_t));
    rocshmem_barrier_all();
    for (int t = 0; t < npes; t++) {
        rocshmem_signal_add(&counter[0], (uint64_t)me + 1, t);
        rocshmem_ctx_signal_add(made, &counter[1], (uint64_t)me + 1, t);
    }
    rocshmem_signal_set(&slots[me], 1000 + (uint64_t)me, right);
    rocshmem_ctx_signal_set(made, &slots[npes + me], 2000 + (uint64_t)me, right);
    /* A barrier completes the default context's operations only (OpenSHMEM 1.5). */
    rocshmem_ctx_quiet(made);
    rocshmem_barrier_all();
    RT_CHECK_EQ("signal_add", "uint64", rocshmem_signal_fetch(&counter[0]), total);
    RT_CHECK_EQ("ctx_signal_add", "uint64", rocshmem_signal_fetch(&counter[1]), total);
    RT_CHECK_EQ("signal_set", "uint64", rocshmem_signal_fetch(&slots[left]), 1000 + (uint64_t)left);
    RT_CHECK_EQ("ctx_signal_set", "uint64", rocshmem_signal_fetch(&slots[npes + left]),
                2000 + (uint64_t)left);
}

int main(void)
{
    rocshmem_init();
    rt_begin("func_signal", 2);
    me = rocshmem_my_pe();
    npes = rocshmem_n_pes();
    right = (me + 1) % npes;
    left = (me + npes - 1) % npes;

    sig = rocshmem_calloc(2, sizeof(uint64_t));
    counter = rocshmem_calloc(2, sizeof(uint64_t));
    slots = rocshmem_calloc(2 * (size_t)npes, sizeof(uint64_t));
    dst = rocshmem_malloc(BIG_BYTES);
    RT_CHECK("rocshmem_calloc", "-", sig && counter && slots && dst, "returned NULL");
    ack = sig + 1;
    RT_CHECK("rocshmem_ctx_create", "-", rocshmem_ctx_create(0, &made) == ROCSHMEM_SUCCESS,
             "returned an error");

    signal_ops();
    stream_bytes(rt_iters(2000, 20), 8);
    stream_bytes(rt_iters(200, 5), BIG_BYTES);
#define RUN_TYPED(NAME, TYPE, KIND) typed_##NAME();
    ROCSHMEM_FOR_RMA_TYPES(RUN_TYPED)
#undef RUN_TYPED

    rocshmem_ctx_destroy(made);
    rocshmem_free(dst);
    rocshmem_free(slots);
    rocshmem_free(counter);
    rocshmem_free(sig);
    return rt_end();
}
