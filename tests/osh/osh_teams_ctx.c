/* OpenSHMEM 1.5 chapters 9.4-9.5: teams and communication contexts. Each team made here
 * is a strided set of WORLD PEs, so every PE knows the members on its own and checks the
 * library's answers against that:
 *   - SHMEM_TEAM_WORLD (my_pe, n_pes, translate to itself, -1 for a PE outside it) and
 *     SHMEM_TEAM_SHARED (this PE is a member; its members translate into WORLD and back);
 *   - team_split_strided: the even PEs (with num_contexts 2 in its config), the PEs
 *     1..n-1, a one-PE team, and a split of a split (every other member of 1..n-1): my_pe,
 *     n_pes, translate_pe to and from WORLD and between teams, SHMEM_TEAM_INVALID and -1
 *     answers for PEs left out; team_sync on each;
 *   - team_split_2d with xrange 2: x teams of consecutive pairs, y teams of stride 2; with
 *     xrange n_pes: one x team of all, y teams of one PE each;
 *   - team_get_config: num_contexts as given with the mask, nothing with mask 0; the two
 *     contexts num_contexts asked for can be made; INVALID gives nonzero;
 *   - ctx_create with each option (0, SERIALIZED, PRIVATE, NOSTORE): 0, a handle that is
 *     neither SHMEM_CTX_INVALID nor SHMEM_CTX_DEFAULT, distinct handles; puts, gets, AMOs,
 *     fence and quiet through it land where they should; ctx_get_team gives WORLD;
 *   - SHMEM_CTX_DEFAULT: RMA through it, ctx_get_team gives WORLD; ctx_get_team of
 *     SHMEM_CTX_INVALID: nonzero and SHMEM_TEAM_INVALID;
 *   - team_create_ctx on a split team: ctx_get_team gives that team; PE numbers in calls
 *     through it are team numbers (p, g, put, iput, put_signal and AMOs to team PE k land
 *     on WORLD PE start + k*stride);
 *     team_create_ctx on SHMEM_TEAM_INVALID: nonzero and SHMEM_CTX_INVALID;
 *   - ctx_destroy of each, and of SHMEM_CTX_INVALID (no action); team_destroy of each. */
#include "osh_test.h"

#define MAXPE 64

static long inbox[MAXPE];          /* global: slot k written by the PE of WORLD number k */
static long amo_word;              /* global: target of AMOs through contexts */
static uint64_t tsig;              /* global: signal of put_signal through team contexts */

struct shape {
    int start, stride, size;       /* in WORLD numbers */
};

static int shape_index(struct shape s, int pe)
{
    int d = pe - s.start;
    if (s.size <= 0 || d < 0 || d % s.stride || d / s.stride >= s.size)
        return -1;
    return d / s.stride;
}

static int shape_pe(struct shape s, int i) { return s.start + i * s.stride; }

/* Checks every query of team t against its shape (t INVALID where this PE is out). */
static void check_team(const char *what, shmem_team_t t, struct shape s)
{
    int mine = shape_index(s, ot_me);

    ot_step("team queries: %s", what);
    if (mine < 0) {
        OT_CHECK("shmem_team_split", what, t == SHMEM_TEAM_INVALID,
                 "PE %d is not a member but got a team handle", ot_me);
        OT_CHECK_EQ("shmem_team_my_pe", "SHMEM_TEAM_INVALID", shmem_team_my_pe(t), -1);
        OT_CHECK_EQ("shmem_team_n_pes", "SHMEM_TEAM_INVALID", shmem_team_n_pes(t), -1);
        OT_CHECK_EQ("shmem_team_translate_pe", "from SHMEM_TEAM_INVALID",
                    shmem_team_translate_pe(t, 0, SHMEM_TEAM_WORLD), -1);
        OT_CHECK_EQ("shmem_team_translate_pe", "to SHMEM_TEAM_INVALID",
                    shmem_team_translate_pe(SHMEM_TEAM_WORLD, ot_me, t), -1);
        return;
    }
    OT_CHECK("shmem_team_split", what, t != SHMEM_TEAM_INVALID,
             "PE %d is member %d but got SHMEM_TEAM_INVALID", ot_me, mine);
    OT_CHECK_EQ("shmem_team_my_pe", what, shmem_team_my_pe(t), mine);
    OT_CHECK_EQ("shmem_team_n_pes", what, shmem_team_n_pes(t), s.size);
    for (int i = 0; i < s.size; i++) {
        OT_CHECK_EQ("shmem_team_translate_pe", what,
                    shmem_team_translate_pe(t, i, SHMEM_TEAM_WORLD), shape_pe(s, i));
    }
    for (int pe = 0; pe < ot_npes; pe++)
        OT_CHECK_EQ("shmem_team_translate_pe", what,
                    shmem_team_translate_pe(SHMEM_TEAM_WORLD, pe, t), shape_index(s, pe));
    OT_CHECK_EQ("shmem_team_translate_pe", "member s.size (out of range)",
                shmem_team_translate_pe(t, s.size, SHMEM_TEAM_WORLD), -1);
    OT_CHECK_EQ("shmem_team_translate_pe", "member -1",
                shmem_team_translate_pe(t, -1, SHMEM_TEAM_WORLD), -1);
    OT_CHECK_EQ("shmem_team_sync", what, shmem_team_sync(t), 0);
}

static void check_world_shared(void)
{
    int sh_me, sh_n;

    ot_step("SHMEM_TEAM_WORLD");
    OT_CHECK("SHMEM_TEAM_WORLD", "handle", SHMEM_TEAM_WORLD != SHMEM_TEAM_INVALID,
             "SHMEM_TEAM_WORLD is SHMEM_TEAM_INVALID after shmem_init");
    check_team("SHMEM_TEAM_WORLD", SHMEM_TEAM_WORLD, (struct shape){ 0, 1, ot_npes });
    OT_CHECK_EQ("shmem_team_translate_pe", "WORLD PE n_pes",
                shmem_team_translate_pe(SHMEM_TEAM_WORLD, ot_npes, SHMEM_TEAM_WORLD), -1);

    ot_step("SHMEM_TEAM_SHARED");
    OT_CHECK("SHMEM_TEAM_SHARED", "handle", SHMEM_TEAM_SHARED != SHMEM_TEAM_INVALID,
             "SHMEM_TEAM_SHARED is SHMEM_TEAM_INVALID after shmem_init");
    sh_me = shmem_team_my_pe(SHMEM_TEAM_SHARED);
    sh_n = shmem_team_n_pes(SHMEM_TEAM_SHARED);
    OT_CHECK("shmem_team_n_pes", "SHMEM_TEAM_SHARED", sh_n >= 1 && sh_n <= ot_npes, "%d", sh_n);
    OT_CHECK("shmem_team_my_pe", "SHMEM_TEAM_SHARED", sh_me >= 0 && sh_me < sh_n,
             "%d of %d", sh_me, sh_n);
    OT_CHECK_EQ("shmem_team_translate_pe", "SHARED me to WORLD",
                shmem_team_translate_pe(SHMEM_TEAM_SHARED, sh_me, SHMEM_TEAM_WORLD), ot_me);
    for (int i = 0; i < sh_n; i++) {
        int w = shmem_team_translate_pe(SHMEM_TEAM_SHARED, i, SHMEM_TEAM_WORLD);
        OT_CHECK("shmem_team_translate_pe", "SHARED to WORLD", w >= 0 && w < ot_npes,
                 "member %d gave %d", i, w);
        OT_CHECK_EQ("shmem_team_translate_pe", "WORLD to SHARED",
                    shmem_team_translate_pe(SHMEM_TEAM_WORLD, w, SHMEM_TEAM_SHARED), i);
    }
}

/* Puts through a team context numbered by the team: each member puts its WORLD number into
 * inbox[its WORLD number] on the team's next member. */
static void check_team_ctx(const char *what, shmem_team_t t, struct shape s)
{
    int mine = shape_index(s, ot_me);
    shmem_ctx_t ctx = SHMEM_CTX_INVALID;
    shmem_team_t got = SHMEM_TEAM_INVALID;
    int rc;

    ot_step("team_create_ctx: %s", what);
    for (int i = 0; i < MAXPE; i++)
        inbox[i] = -1;
    shmem_barrier_all();
    if (mine >= 0) {
        int next = (mine + 1) % s.size, prev = (mine + s.size - 1) % s.size;
        long v;

        rc = shmem_team_create_ctx(t, 0, &ctx);
        OT_CHECK_EQ("shmem_team_create_ctx", what, rc, 0);
        OT_CHECK("shmem_team_create_ctx", what, ctx != SHMEM_CTX_INVALID, "SHMEM_CTX_INVALID");
        OT_CHECK("shmem_team_create_ctx", what, ctx != SHMEM_CTX_DEFAULT, "SHMEM_CTX_DEFAULT");
        OT_CHECK_EQ("shmem_ctx_get_team", what, shmem_ctx_get_team(ctx, &got), 0);
        OT_CHECK("shmem_ctx_get_team", what, got == t, "not the team the context was made for");
        shmem_ctx_long_p(ctx, &inbox[ot_me], (long)ot_me, next);
        shmem_ctx_quiet(ctx);
        OT_CHECK_EQ("shmem_team_sync", what, shmem_team_sync(t), 0);
        for (int i = 0; i < MAXPE; i++)
            OT_CHECK_ELEM("shmem_ctx_long_p", "team numbering: only the previous member writes",
                          i, inbox[i], i == shape_pe(s, prev) ? (long)i : -1L);
        /* A get through the context, numbered by the team, from the next member. */
        v = shmem_ctx_long_g(ctx, &inbox[shape_pe(s, mine)], next);
        OT_CHECK_EQ("shmem_ctx_long_g", "team numbering", v, (long)shape_pe(s, mine));
        OT_CHECK_EQ("shmem_team_sync", what, shmem_team_sync(t), 0);

        /* More kinds of call through the team context, each numbered by the team: a put,
         * a strided put, a put-with-signal and an AMO, all to the next member. */
        {
            long src[4] = { 10L * ot_me, 10L * ot_me + 1, 10L * ot_me + 2, 10L * ot_me + 3 };
            int p = shape_pe(s, prev);
            uint64_t sig;
            for (int i = 0; i < MAXPE; i++)
                inbox[i] = -1;
            tsig = 0;
            amo_word = 0;
            OT_CHECK_EQ("shmem_team_sync", what, shmem_team_sync(t), 0);
            shmem_ctx_long_put(ctx, &inbox[0], src, 2, next);
            shmem_ctx_long_iput(ctx, &inbox[4], &src[2], 2, 1, 2, next);
            shmem_ctx_long_atomic_add(ctx, &amo_word, (long)ot_me + 1, next);
            shmem_ctx_quiet(ctx);
            shmem_ctx_long_put_signal(ctx, &inbox[10], &src[0], 1, &tsig, 1, SHMEM_SIGNAL_ADD,
                                      next);
            sig = shmem_signal_wait_until(&tsig, SHMEM_CMP_GE, 1);
            OT_CHECK_EQ("shmem_ctx_long_put_signal", "team numbering: signal", sig, 1);
            OT_CHECK_EQ("shmem_ctx_long_put_signal", "team numbering: data", inbox[10], 10L * p);
            shmem_ctx_quiet(ctx);
            OT_CHECK_EQ("shmem_team_sync", what, shmem_team_sync(t), 0);
            OT_CHECK_EQ("shmem_ctx_long_put", "team numbering", inbox[0], 10L * p);
            OT_CHECK_EQ("shmem_ctx_long_put", "team numbering", inbox[1], 10L * p + 1);
            OT_CHECK_EQ("shmem_ctx_long_iput", "team numbering", inbox[4], 10L * p + 2);
            OT_CHECK_EQ("shmem_ctx_long_iput", "team numbering (stride 2)", inbox[5], -1L);
            OT_CHECK_EQ("shmem_ctx_long_iput", "team numbering (stride 2)", inbox[6], 10L * p + 3);
            OT_CHECK_EQ("shmem_ctx_long_atomic_add", "team numbering", amo_word, (long)p + 1);
            OT_CHECK_EQ("shmem_ctx_long_atomic_fetch", "team numbering",
                        shmem_ctx_long_atomic_fetch(ctx, &amo_word, next),
                        (long)ot_me + 1);
            OT_CHECK_EQ("shmem_team_sync", what, shmem_team_sync(t), 0);
        }
        shmem_ctx_destroy(ctx);
    }
    shmem_barrier_all();
}

static void check_contexts(void)
{
    const long options[] = { 0, SHMEM_CTX_SERIALIZED, SHMEM_CTX_PRIVATE, SHMEM_CTX_NOSTORE,
                             SHMEM_CTX_SERIALIZED | SHMEM_CTX_PRIVATE };
    enum { NOPT = sizeof(options) / sizeof(options[0]) };
    shmem_ctx_t ctx[NOPT];
    shmem_team_t t = SHMEM_TEAM_INVALID;
    int right = ot_right(), left = ot_left(), adds = 0, nostore;

    ot_step("SHMEM_CTX_DEFAULT / SHMEM_CTX_INVALID");
    OT_CHECK("SHMEM_CTX_DEFAULT", "handle", SHMEM_CTX_DEFAULT != SHMEM_CTX_INVALID,
             "SHMEM_CTX_DEFAULT == SHMEM_CTX_INVALID");
    OT_CHECK_EQ("shmem_ctx_get_team", "SHMEM_CTX_DEFAULT",
                shmem_ctx_get_team(SHMEM_CTX_DEFAULT, &t), 0);
    OT_CHECK("shmem_ctx_get_team", "SHMEM_CTX_DEFAULT", t == SHMEM_TEAM_WORLD,
             "not SHMEM_TEAM_WORLD");
    t = SHMEM_TEAM_WORLD;
    OT_CHECK("shmem_ctx_get_team", "SHMEM_CTX_INVALID",
             shmem_ctx_get_team(SHMEM_CTX_INVALID, &t) != 0, "returned 0");
    OT_CHECK("shmem_ctx_get_team", "SHMEM_CTX_INVALID", t == SHMEM_TEAM_INVALID,
             "team not set to SHMEM_TEAM_INVALID");

    for (int i = 0; i < MAXPE; i++)
        inbox[i] = -1;
    amo_word = 0;
    shmem_barrier_all();
    shmem_ctx_long_p(SHMEM_CTX_DEFAULT, &inbox[ot_me], 100L + ot_me, right);
    shmem_ctx_quiet(SHMEM_CTX_DEFAULT);
    shmem_barrier_all();
    OT_CHECK_EQ("shmem_ctx_long_p", "SHMEM_CTX_DEFAULT", inbox[left], 100L + left);
    OT_CHECK_EQ("shmem_ctx_long_g", "SHMEM_CTX_DEFAULT",
                shmem_ctx_long_g(SHMEM_CTX_DEFAULT, &inbox[ot_me], right), 100L + ot_me);
    shmem_barrier_all();

    for (int k = 0; k < NOPT; k++) {
        long src[4], back[4];
        int rc;

        ot_step("shmem_ctx_create(options %ld)", options[k]);
        ctx[k] = SHMEM_CTX_INVALID;
        rc = shmem_ctx_create(options[k], &ctx[k]);
        OT_CHECK_EQ("shmem_ctx_create", "return", rc, 0);
        OT_CHECK("shmem_ctx_create", "handle", ctx[k] != SHMEM_CTX_INVALID,
                 "options %ld: SHMEM_CTX_INVALID with return 0", options[k]);
        OT_CHECK("shmem_ctx_create", "handle", ctx[k] != SHMEM_CTX_DEFAULT,
                 "options %ld: SHMEM_CTX_DEFAULT", options[k]);
        for (int j = 0; j < k; j++)
            OT_CHECK("shmem_ctx_create", "handle", ctx[k] != ctx[j],
                     "options %ld: same handle as context %d", options[k], j);
        t = SHMEM_TEAM_INVALID;
        OT_CHECK_EQ("shmem_ctx_get_team", "created context", shmem_ctx_get_team(ctx[k], &t), 0);
        OT_CHECK("shmem_ctx_get_team", "created context", t == SHMEM_TEAM_WORLD,
                 "options %ld: not SHMEM_TEAM_WORLD", options[k]);

        /* RMA and AMOs through it, completed by its own quiet (a barrier completes the
         * default context only). A NOSTORE context only reads: its data is put through
         * the default context. */
        nostore = (options[k] & SHMEM_CTX_NOSTORE) != 0;
        for (int i = 0; i < 4; i++)
            src[i] = 1000L * (k + 1) + 10L * ot_me + i;
        for (int i = 0; i < MAXPE; i++)
            inbox[i] = -1;
        shmem_barrier_all();
        if (!nostore) {
            shmem_ctx_long_put(ctx[k], &inbox[0], src, 2, right);
            shmem_ctx_fence(ctx[k]);
            shmem_ctx_long_put_nbi(ctx[k], &inbox[2], &src[2], 2, right);
            shmem_ctx_long_atomic_add(ctx[k], &amo_word, 1, 0);
            shmem_ctx_quiet(ctx[k]);
            adds++;
        } else {
            shmem_long_put(&inbox[0], src, 4, right);
        }
        shmem_barrier_all();
        for (int i = 0; i < 4; i++)
            OT_CHECK_ELEM("shmem_ctx_long_put(_nbi)", "created context", i, inbox[i],
                          1000L * (k + 1) + 10L * left + i);
        if (ot_me == 0)
            OT_CHECK_EQ("shmem_ctx_long_atomic_add", "created context", amo_word,
                        (long)adds * ot_npes);
        shmem_ctx_long_get(ctx[k], back, inbox, 4, right);
        for (int i = 0; i < 4; i++)
            OT_CHECK_ELEM("shmem_ctx_long_get", "created context", i, back[i],
                          1000L * (k + 1) + 10L * ot_me + i);
        memset(back, 0, sizeof(back));
        shmem_ctx_long_get_nbi(ctx[k], back, inbox, 4, right);
        shmem_ctx_quiet(ctx[k]);
        for (int i = 0; i < 4; i++)
            OT_CHECK_ELEM("shmem_ctx_long_get_nbi", "created context", i, back[i],
                          1000L * (k + 1) + 10L * ot_me + i);
        OT_CHECK_EQ("shmem_ctx_long_g", "created context",
                    shmem_ctx_long_g(ctx[k], &inbox[3], right), 1000L * (k + 1) + 10L * ot_me + 3);
        OT_CHECK_EQ("shmem_ctx_long_atomic_fetch", "created context",
                    shmem_ctx_long_atomic_fetch(ctx[k], &amo_word, 0), (long)adds * ot_npes);
        shmem_barrier_all();
    }
    ot_step("shmem_ctx_destroy");
    for (int k = NOPT - 1; k >= 0; k--)
        shmem_ctx_destroy(ctx[k]);
    shmem_ctx_destroy(SHMEM_CTX_INVALID);   /* 1.5: no action */
    shmem_barrier_all();
}

int main(void)
{
    shmem_team_t even = SHMEM_TEAM_INVALID, rest = SHMEM_TEAM_INVALID, one = SHMEM_TEAM_INVALID;
    shmem_team_t sub = SHMEM_TEAM_INVALID, xt = SHMEM_TEAM_INVALID, yt = SHMEM_TEAM_INVALID;
    shmem_team_config_t conf, got;
    struct shape s_even, s_rest, s_one, s_sub, s_x, s_y;
    shmem_ctx_t bad = SHMEM_CTX_DEFAULT;
    int rc, n;

    ot_start("osh_teams_ctx");
    shmem_init();
    ot_begin(2);
    n = ot_npes;
    check_world_shared();

    ot_step("team_split_strided: even PEs");
    conf.num_contexts = 2;
    s_even = (struct shape){ 0, 2, (n + 1) / 2 };
    rc = shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 2, s_even.size, &conf,
                                  SHMEM_TEAM_NUM_CONTEXTS, &even);
    OT_CHECK_EQ("shmem_team_split_strided", "even PEs", rc, 0);
    check_team("even PEs", even, s_even);
    if (even != SHMEM_TEAM_INVALID) {
        shmem_ctx_t c2[2] = { SHMEM_CTX_INVALID, SHMEM_CTX_INVALID };
        got.num_contexts = -1;
        OT_CHECK_EQ("shmem_team_get_config", "even PEs",
                    shmem_team_get_config(even, SHMEM_TEAM_NUM_CONTEXTS, &got), 0);
        OT_CHECK_EQ("shmem_team_get_config", "num_contexts", got.num_contexts, 2);
        got.num_contexts = -5;
        OT_CHECK_EQ("shmem_team_get_config", "mask 0", shmem_team_get_config(even, 0, &got), 0);
        OT_CHECK_EQ("shmem_team_get_config", "mask 0 fetches nothing", got.num_contexts, -5);
        /* The two contexts the configuration asked for. */
        for (int k = 0; k < 2; k++) {
            OT_CHECK_EQ("shmem_team_create_ctx", "num_contexts 2",
                        shmem_team_create_ctx(even, 0, &c2[k]), 0);
            OT_CHECK("shmem_team_create_ctx", "num_contexts 2", c2[k] != SHMEM_CTX_INVALID,
                     "context %d is SHMEM_CTX_INVALID", k);
        }
        OT_CHECK("shmem_team_create_ctx", "num_contexts 2", c2[0] != c2[1], "same handle twice");
        shmem_ctx_destroy(c2[1]);
        shmem_ctx_destroy(c2[0]);
    }
    OT_CHECK("shmem_team_get_config", "SHMEM_TEAM_INVALID",
             shmem_team_get_config(SHMEM_TEAM_INVALID, SHMEM_TEAM_NUM_CONTEXTS, &got) != 0,
             "returned 0");

    ot_step("team_split_strided: PEs 1..n-1");
    s_rest = (struct shape){ 1, 1, n - 1 };
    rc = shmem_team_split_strided(SHMEM_TEAM_WORLD, 1, 1, n - 1, NULL, 0, &rest);
    OT_CHECK_EQ("shmem_team_split_strided", "PEs 1..n-1", rc, 0);
    check_team("PEs 1..n-1", rest, s_rest);

    ot_step("team_split_strided: one PE");
    s_one = (struct shape){ n - 1, 1, 1 };
    rc = shmem_team_split_strided(SHMEM_TEAM_WORLD, n - 1, 1, 1, NULL, 0, &one);
    OT_CHECK_EQ("shmem_team_split_strided", "PE n-1 alone", rc, 0);
    check_team("PE n-1 alone", one, s_one);

    /* A split of a split: members 0, 2, 4, ... of PEs 1..n-1 (collective over that team). */
    ot_step("team_split_strided of a split");
    s_sub = (struct shape){ 1, 2, (n - 1 + 1) / 2 };
    if (rest != SHMEM_TEAM_INVALID) {
        rc = shmem_team_split_strided(rest, 0, 2, s_sub.size, NULL, 0, &sub);
        OT_CHECK_EQ("shmem_team_split_strided", "split of PEs 1..n-1", rc, 0);
    }
    check_team("every other of PEs 1..n-1", sub, s_sub);
    if (sub != SHMEM_TEAM_INVALID) {
        int rm = shmem_team_my_pe(rest);
        OT_CHECK_EQ("shmem_team_translate_pe", "child to parent",
                    shmem_team_translate_pe(sub, shmem_team_my_pe(sub), rest), rm);
        OT_CHECK_EQ("shmem_team_translate_pe", "parent to child",
                    shmem_team_translate_pe(rest, rm, sub), rm / 2);
    }
    if (even != SHMEM_TEAM_INVALID && rest != SHMEM_TEAM_INVALID) {
        /* Even PEs of 1..n-1 (2, 4, ...) are members of both. */
        int em = shmem_team_my_pe(even);
        OT_CHECK_EQ("shmem_team_translate_pe", "even to 1..n-1",
                    shmem_team_translate_pe(even, em, rest), ot_me - 1);
    }
    shmem_barrier_all();

    ot_step("team_split_2d, xrange 2");
    s_x = (struct shape){ ot_me / 2 * 2, 1, (ot_me / 2 * 2 + 2 <= n) ? 2 : 1 };
    s_y = (struct shape){ ot_me % 2, 2, (n - ot_me % 2 + 1) / 2 };
    rc = shmem_team_split_2d(SHMEM_TEAM_WORLD, 2, NULL, 0, &xt, NULL, 0, &yt);
    OT_CHECK_EQ("shmem_team_split_2d", "xrange 2", rc, 0);
    check_team("2d x team", xt, s_x);
    check_team("2d y team", yt, s_y);
    if (xt != SHMEM_TEAM_INVALID && yt != SHMEM_TEAM_INVALID)
        OT_CHECK_EQ("shmem_team_translate_pe", "x team to y team",
                    shmem_team_translate_pe(xt, shmem_team_my_pe(xt), yt), ot_me / 2);
    shmem_barrier_all();

    ot_step("team_split_2d, xrange n_pes");
    {
        shmem_team_t xa = SHMEM_TEAM_INVALID, ya = SHMEM_TEAM_INVALID;
        rc = shmem_team_split_2d(SHMEM_TEAM_WORLD, n, NULL, 0, &xa, NULL, 0, &ya);
        OT_CHECK_EQ("shmem_team_split_2d", "xrange n_pes", rc, 0);
        check_team("2d x team, xrange n_pes", xa, (struct shape){ 0, 1, n });
        check_team("2d y team, xrange n_pes", ya, (struct shape){ ot_me, 1, 1 });
        shmem_team_destroy(ya);
        shmem_team_destroy(xa);
    }
    shmem_barrier_all();

    check_contexts();
    check_team_ctx("even PEs", even, s_even);
    check_team_ctx("PEs 1..n-1", rest, s_rest);
    check_team_ctx("2d y team", yt, s_y);

    ot_step("team_create_ctx on SHMEM_TEAM_INVALID");
    OT_CHECK("shmem_team_create_ctx", "SHMEM_TEAM_INVALID",
             shmem_team_create_ctx(SHMEM_TEAM_INVALID, 0, &bad) != 0, "returned 0");
    OT_CHECK("shmem_team_create_ctx", "SHMEM_TEAM_INVALID", bad == SHMEM_CTX_INVALID,
             "context not set to SHMEM_CTX_INVALID");

    ot_step("team_destroy");
    shmem_team_destroy(xt);
    shmem_team_destroy(yt);
    shmem_team_destroy(sub);
    shmem_team_destroy(one);
    shmem_team_destroy(rest);
    shmem_team_destroy(even);
    shmem_barrier_all();
    /* A split after the destroys still works (their resources came back). */
    ot_step("team_split_strided after team_destroy");
    even = SHMEM_TEAM_INVALID;
    rc = shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 2, s_even.size, NULL, 0, &even);
    OT_CHECK_EQ("shmem_team_split_strided", "after destroy", rc, 0);
    check_team("even PEs again", even, s_even);
    shmem_team_destroy(even);
    return ot_end();
}
