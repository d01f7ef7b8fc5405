/* MoE-style token dispatch and combine: each PE holds T tokens of D floats, each routed to
 * one of E experts (a deterministic pseudo-random choice); expert e lives on PE e % n_pes.
 * Dispatch is a variable-size all-to-all: the PEs exchange how many tokens go where
 * (rocshmem_ctx_alltoallmem_wg), then where they land, then each PE sends its tokens for
 * each destination contiguously with one put-with-signal per destination. The expert
 * scales each token by (expert + 1); combine sends every block back the same way, and each
 * token returns to its home slot. One workgroup per PE runs it all in one kernel, ROUNDS
 * times. Check: every token against x * (expert + 1). Prints dispatch and combine times.
 *   usage: moe [-T TOKENS] [-D FLOATS] [-e EXPERTS] [-r ROUNDS] [-t THREADS]
 * Runs as C on CPU-only PEs and as CUDA (the same file, nvcc -x cu). */
#include "ex_launch.h"

/* A token on the wire: its slot at home, its expert, then its D floats. */
struct tok_hdr {
    uint32_t slot, expert;
};

struct moe_args {
    const float *x;            /* T x D: this PE's tokens */
    float *out;                /* T x D: combined results, in the tokens' home slots */
    char *sendbuf;             /* T records, grouped by destination PE */
    char *recvbuf;             /* n_pes x T records: tokens for this PE's experts */
    char *backbuf;             /* T records, as sendbuf: the tokens coming home */
    uint64_t *send_info;       /* per destination PE: tokens, their first record in sendbuf */
    uint64_t *recv_info;       /* per source PE: the same, as that PE sent it */
    uint64_t *recv_displ;      /* per source PE: where its tokens land in our recvbuf */
    uint64_t *dest_displ;      /* per destination PE: where ours land in its recvbuf */
    int *count, *cursor;       /* per destination PE: local counters */
    uint64_t *sig;             /* [0] dispatch blocks received, [1] combine blocks received */
    uint64_t *t_ns;            /* per round: start, dispatched, experts done, combined */
    unsigned long long *errs;  /* tokens that reached a PE not owning their expert */
    int me, npes, T, D, E, rounds;
};

EX_HOST_DEVICE uint32_t mix32(uint32_t v)
{
    v ^= v >> 16;
    v *= 0x7feb352du;
    v ^= v >> 15;
    v *= 0x846ca68bu;
    v ^= v >> 16;
    return v;
}

EX_HOST_DEVICE int expert_of(int pe, int t, int E)
{
    return (int)(mix32((uint32_t)pe * 0x9e3779b9u + (uint32_t)t + 1u) % (uint32_t)E);
}

/* Token values are multiples of 1/4 below 256: scaled by up to a few hundred they stay
 * exact in float, so the check compares exactly. */
EX_HOST_DEVICE float token_value(int pe, int t, int k)
{
    return (float)((pe * 131 + t * 7 + k * 3) % 1024) * 0.25f;
}

EX_KERNEL(k_moe, struct moe_args, a)
{
    unsigned tid = ex_tid(), nt = ex_bdim();
    size_t rec = sizeof(struct tok_hdr) + (size_t)a.D * sizeof(float);
    rocshmem_ctx_t ctx = ROCSHMEM_CTX_DEFAULT;
    uint64_t want_dispatch = 0, want_combine = 0;   /* thread 0's running signal targets */

    for (int r = 0; r < a.rounds; r++) {
        uint64_t *t_ns = a.t_ns + 4 * r;
        /* Every PE is done with the last round's buffers (and its puts are complete:
         * barrier = quiet + sync) before anyone writes them again. */
        rocshmem_barrier_all_wg();
        if (tid == 0)
            t_ns[0] = ex_clock_ns();

        /* 1. Route: count the tokens per destination PE. */
        for (int t = (int)tid; t < a.T; t += (int)nt)
            ex_atomic_add_int(&a.count[expert_of(a.me, t, a.E) % a.npes], 1);
        ex_sync_block();
        if (tid == 0) {
            uint64_t off = 0;
            for (int d = 0; d < a.npes; d++) {
                a.send_info[2 * d] = (uint64_t)a.count[d];
                a.send_info[2 * d + 1] = off;
                a.cursor[d] = (int)off;
                off += (uint64_t)a.count[d];
                a.count[d] = 0;
            }
        }
        ex_sync_block();
        /* 2. Pack each token into its destination's run of sendbuf (any order within it:
         * the header says which slot it is). */
        for (int t = (int)tid; t < a.T; t += (int)nt) {
            int e = expert_of(a.me, t, a.E);
            int pos = ex_atomic_add_int(&a.cursor[e % a.npes], 1);
            struct tok_hdr *hd = (struct tok_hdr *)(a.sendbuf + (size_t)pos * rec);
            float *dst = (float *)(hd + 1);
            hd->slot = (uint32_t)t;
            hd->expert = (uint32_t)e;
            for (int k = 0; k < a.D; k++) {
                dst[k] = a.x[(size_t)t * a.D + k];
                a.out[(size_t)t * a.D + k] = -1.0f;
            }
        }
        ex_sync_block();
        /* 3. Counts (and offsets) to every PE; each receiver places its sources one after
         * another and tells each source where its run starts. */
        rocshmem_ctx_alltoallmem_wg(ctx, ROCSHMEM_TEAM_WORLD, a.recv_info, a.send_info,
                                    2 * sizeof(uint64_t));
        if (tid == 0) {
            uint64_t off = 0;
            for (int s = 0; s < a.npes; s++) {
                a.recv_displ[s] = off;
                off += a.recv_info[2 * s];
                want_dispatch += a.recv_info[2 * s] != 0;
            }
        }
        ex_sync_block();
        rocshmem_ctx_alltoallmem_wg(ctx, ROCSHMEM_TEAM_WORLD, a.dest_displ, a.recv_displ,
                                    sizeof(uint64_t));
        /* 4. Dispatch: one put-with-signal per destination with tokens for it. sendbuf is
         * not written again before the next round's barrier, which completes the puts. */
        for (int d = 0; d < a.npes; d++) {
            uint64_t n = a.send_info[2 * d];
            if (n)
                rocshmem_ctx_putmem_signal_nbi_wg(ctx, a.recvbuf + a.dest_displ[d] * rec,
                                                  a.sendbuf + a.send_info[2 * d + 1] * rec,
                                                  n * rec, &a.sig[0], 1, ROCSHMEM_SIGNAL_ADD, d);
        }
        if (tid == 0)
            rocshmem_signal_wait_until(&a.sig[0], ROCSHMEM_CMP_GE, want_dispatch);
        ex_sync_block();
        if (tid == 0)
            t_ns[1] = ex_clock_ns();

        /* 5. The experts: scale every received token by (expert + 1), in place. */
        uint64_t nrecv = a.recv_displ[a.npes - 1] + a.recv_info[2 * (a.npes - 1)];
        for (uint64_t i = tid; i < nrecv * (uint64_t)a.D; i += nt) {
            struct tok_hdr *hd = (struct tok_hdr *)(a.recvbuf + (i / a.D) * rec);
            float *v = (float *)(hd + 1);
            v[i % a.D] *= (float)(hd->expert + 1);
            if (i % a.D == 0 && (int)(hd->expert % (uint32_t)a.npes) != a.me)
                ex_atomic_add_ull(a.errs, 1);
        }
        ex_sync_block();
        if (tid == 0)
            t_ns[2] = ex_clock_ns();

        /* 6. Combine: each source's run goes back to where it came from in its sendbuf
         * layout, one put-with-signal per source. */
        for (int s = 0; s < a.npes; s++) {
            uint64_t n = a.recv_info[2 * s];
            if (n)
                rocshmem_ctx_putmem_signal_nbi_wg(ctx, a.backbuf + a.recv_info[2 * s + 1] * rec,
                                                  a.recvbuf + a.recv_displ[s] * rec, n * rec,
                                                  &a.sig[1], 1, ROCSHMEM_SIGNAL_ADD, s);
        }
        if (tid == 0) {
            for (int d = 0; d < a.npes; d++)
                want_combine += a.send_info[2 * d] != 0;
            rocshmem_signal_wait_until(&a.sig[1], ROCSHMEM_CMP_GE, want_combine);
        }
        ex_sync_block();
        /* 7. Every token to its home slot. */
        for (uint64_t i = tid; i < (uint64_t)a.T * (uint64_t)a.D; i += nt) {
            const struct tok_hdr *hd = (const struct tok_hdr *)(a.backbuf + (i / a.D) * rec);
            a.out[(size_t)hd->slot * a.D + i % a.D] = ((const float *)(hd + 1))[i % a.D];
        }
        ex_sync_block();
        if (tid == 0)
            t_ns[3] = ex_clock_ns();
    }
    rocshmem_barrier_all_wg();
}

int main(int argc, char **argv)
{
    const char *usage = "usage: moe [-T TOKENS] [-D FLOATS] [-e EXPERTS] [-r ROUNDS] [-t THREADS]";
    int T = EX_GPU ? 2048 : 128, D = EX_GPU ? 512 : 16, E = 0, rounds = EX_GPU ? 20 : 3;
    unsigned threads = EX_GPU ? 1024 : EX_THREADS;
    struct moe_args a;
    long errors = 0;
    int opt;

    ex_start();
    while ((opt = getopt(argc, argv, "T:D:e:r:t:")) != -1) {
        long v = optarg ? ex_opt_long(optarg, usage) : 0;
        switch (opt) {
        case 'T': T = (int)v; break;
        case 'D': D = (int)v; break;
        case 'e': E = (int)v; break;
        case 'r': rounds = (int)v; break;
        case 't': threads = (unsigned)v; break;
        default: ex_opt_long("", usage);
        }
    }
    if (!E)
        E = 2 * ex_npes;
    /* Whole records of 4-byte floats after an 8-byte header: keep them 8-byte aligned. */
    D += D & 1;

    size_t rec = sizeof(struct tok_hdr) + (size_t)D * sizeof(float);
    size_t np = (size_t)ex_npes;
    memset(&a, 0, sizeof(a));
    a.me = ex_me;
    a.npes = ex_npes;
    a.T = T;
    a.D = D;
    a.E = E;
    a.rounds = rounds;
    a.x = (const float *)ex_malloc((size_t)T * D * sizeof(float));
    a.out = (float *)ex_malloc((size_t)T * D * sizeof(float));
    a.sendbuf = (char *)ex_malloc((size_t)T * rec);
    a.recvbuf = (char *)ex_malloc(np * T * rec);
    a.backbuf = (char *)ex_malloc((size_t)T * rec);
    a.send_info = (uint64_t *)ex_malloc(2 * np * sizeof(uint64_t));
    a.recv_info = (uint64_t *)ex_malloc(2 * np * sizeof(uint64_t));
    a.recv_displ = (uint64_t *)ex_malloc(np * sizeof(uint64_t));
    a.dest_displ = (uint64_t *)ex_malloc(np * sizeof(uint64_t));
    a.count = (int *)ex_malloc(np * sizeof(int));
    a.cursor = (int *)ex_malloc(np * sizeof(int));
    a.sig = (uint64_t *)ex_malloc(2 * sizeof(uint64_t));
    a.t_ns = (uint64_t *)ex_malloc(4 * (size_t)rounds * sizeof(uint64_t));
    a.errs = (unsigned long long *)ex_malloc(sizeof(unsigned long long));

    float *h = (float *)ex_host_alloc((size_t)T * D * sizeof(float));
    for (int t = 0; t < T; t++)
        for (int k = 0; k < D; k++)
            h[(size_t)t * D + k] = token_value(ex_me, t, k);
    ex_to_sym((void *)a.x, h, (size_t)T * D * sizeof(float));
    ex_sym_zero(a.count, np * sizeof(int));
    ex_sym_zero(a.sig, 2 * sizeof(uint64_t));
    ex_sym_zero(a.errs, sizeof(unsigned long long));
    /* Every PE's signals are zero before anyone sends (the kernel's first barrier would
     * do as well; this one also orders the copies above). */
    rocshmem_barrier_all();

    EX_LAUNCH(k_moe, 1, threads, a);

    unsigned long long misrouted;
    ex_from_sym(h, a.out, (size_t)T * D * sizeof(float));
    ex_from_sym(&misrouted, a.errs, sizeof(misrouted));
    if (misrouted) {
        printf("moe pe %d: %llu tokens reached a PE that does not hold their expert\n", ex_me,
               misrouted);
        errors += (long)misrouted;
    }
    for (int t = 0; t < T; t++) {
        int e = expert_of(ex_me, t, E);
        for (int k = 0; k < D; k++) {
            float want = token_value(ex_me, t, k) * (float)(e + 1), got = h[(size_t)t * D + k];
            if (got != want && errors++ < 5)
                printf("moe pe %d: token %d (expert %d) element %d is %g, expected %g\n", ex_me,
                       t, e, k, (double)got, (double)want);
        }
    }
    uint64_t *t_ns = (uint64_t *)ex_host_alloc(4 * (size_t)rounds * sizeof(uint64_t));
    ex_from_sym(t_ns, a.t_ns, 4 * (size_t)rounds * sizeof(uint64_t));
    /* Averages over the rounds after the first (a warm-up), where there are some. */
    double disp = 0, expert = 0, comb = 0;
    int first = rounds > 1 ? 1 : 0;
    for (int r = first; r < rounds; r++) {
        disp += (double)(t_ns[4 * r + 1] - t_ns[4 * r]);
        expert += (double)(t_ns[4 * r + 2] - t_ns[4 * r + 1]);
        comb += (double)(t_ns[4 * r + 3] - t_ns[4 * r + 2]);
    }
    if (ex_me == 0)
        printf("moe: %d PEs, %d tokens x %d floats per PE, %d experts, %d rounds: "
               "dispatch %.1f us, experts %.1f us, combine %.1f us (PE 0, mean per round)\n",
               ex_npes, T, D, E, rounds, disp / 1e3 / (rounds - first),
               expert / 1e3 / (rounds - first), comb / 1e3 / (rounds - first));
    free(t_ns);
    free(h);
    rocshmem_barrier_all();
    rocshmem_free(a.errs);
    rocshmem_free(a.t_ns);
    rocshmem_free(a.sig);
    rocshmem_free(a.cursor);
    rocshmem_free(a.count);
    rocshmem_free(a.dest_displ);
    rocshmem_free(a.recv_displ);
    rocshmem_free(a.recv_info);
    rocshmem_free(a.send_info);
    rocshmem_free(a.backbuf);
    rocshmem_free(a.recvbuf);
    rocshmem_free(a.sendbuf);
    rocshmem_free(a.out);
    rocshmem_free((void *)a.x);
    return ex_finish("moe", errors);
}
