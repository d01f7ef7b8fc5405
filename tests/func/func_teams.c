/* Teams: splitting, queries, configuration, team contexts, destruction, slot reuse and
 * exhaustion, and bad input. Every team made here is a strided set of WORLD PEs, so each
 * PE knows every team's members independently of the library (struct shape below) and
 * checks each query against that:
 *   - team_split_strided: start 1 stride 2 (the odd PEs), start 0 stride 1 size n (all),
 *     a one-PE team; PEs left out get ROCSHMEM_TEAM_INVALID, and the queries answer -1
 *     for it (my_pe, n_pes, translate_pe both ways);
 *   - team_split_2d with xrange 2 (x teams: pairs of consecutive PEs, the last one short
 *     at an odd count; y teams: stride 2), xrange 1 and xrange n: my_pe, n_pes and
 *     translate_pe of both teams, between them and to WORLD;
 *   - split of a split: children of a strided team that is not WORLD (PE 0 out of the
 *     parent), and children of the 2d x teams (different parents on different PEs at once),
 *     with translate_pe to the parent, the grandparent and back;
 *   - team_get_config with the ROCSHMEM_TEAM_NUM_CONTEXTS mask (the value given at the
 *     split), without it (the default, 0, even when the config passed held a value) and a
 *     zero mask (nothing fetched); that many team contexts can be made;
 *   - team_create_ctx (host) and wg_team_create_ctx (a one-thread workgroup): ctx_my_pe and
 *     ctx_n_pes are team-relative; puts and gets through the context take team PE numbers
 *     (a put to the team's right neighbour lands on that WORLD PE);
 *   - team_destroy of WORLD, SHARED and INVALID is ignored (WORLD and SHARED still answer
 *     and WORLD still splits);
 *   - more split/destroy cycles than ROCSHMEM_MAX_TEAMS, of four shapes, while two teams
 *     stay alive, each new team used by a barrier and a sum reduction: slots are reused
 *     and their synchronization words are fit for use again;
 *   - exhaustion: with the odd PEs holding one team more than the even ones, splits of
 *     WORLD until one fails: it fails on every PE (nonzero, ROCSHMEM_TEAM_INVALID) after
 *     ROCSHMEM_MAX_TEAMS - 3 successes; split_2d fails then as well; after destroying them
 *     all a split succeeds again;
 *   - the heap run dry before a split (team space is reserved at split time): the split
 *     fails cleanly on every PE, or, where the library keeps team space elsewhere, the
 *     team works;
 *   - bad input: stride 0, size 0 and negative, start negative or past the end, members
 *     outside the parent (also for a parent that is not WORLD), an INVALID parent,
 *     split_2d with xrange 0 or negative: nonzero on every PE and ROCSHMEM_TEAM_INVALID
 *     (the slot count afterwards shows no slot leaked); get_config and team_create_ctx on
 *     INVALID: nonzero. */
#include "ro_test.h"

#include <stdint.h>

#define MAXPE        64
#define MAX_MADE     1024         /* ROCSHMEM_MAX_TEAMS accepts 2..1024 */
#define HEAP         "32M"        /* small, so that the heap-full case is cheap to reach */

static int me, npes;
static int max_teams;             /* ROCSHMEM_MAX_TEAMS, WORLD and SHARED included */
static int *sym_int;              /* symmetric: MAXPE ints, team-context puts land here */
static long *sym_long;            /* symmetric: 2 longs: this PE's value for gets, reductions */
static long *red_dst;             /* symmetric: one long */

/* A team in WORLD numbers: the PEs start, start + stride, ... (size of them). size 0: none. */
struct shape {
    int start, stride, size;
};

static int shape_index(struct shape s, int pe)
{
    int d = pe - s.start;
    if (s.size <= 0 || d < 0 || d % s.stride || d / s.stride >= s.size)
        return -1;
    return d / s.stride;
}

static int shape_pe(struct shape s, int i)
{
    return s.start + i * s.stride;
}

/* The child (start, stride, size in parent numbers) of a parent, in WORLD numbers. */
static struct shape shape_child(struct shape p, int start, int stride, int size)
{
    return (struct shape){ p.start + start * p.stride, p.stride * stride, size };
}

static struct shape world_shape(void)
{
    return (struct shape){ 0, 1, npes };
}

/* 2d split of WORLD with xrange x (OpenSHMEM: x teams are rows of x consecutive PEs, the
 * last row possibly short; y teams are the columns, stride x). */
static struct shape shape_2d_x(int x, int pe)
{
    int row = pe / x, len = npes - row * x < x ? npes - row * x : x;
    return (struct shape){ row * x, 1, len };
}

static struct shape shape_2d_y(int x, int pe)
{
    int col = pe % x;
    return (struct shape){ col, x, (npes - col + x - 1) / x };
}

/* The queries on one team handle that this PE holds (or INVALID, when it is not a member)
 * against the shape it should have. */
static void check_team(const char *what, rocshmem_team_t t, struct shape s)
{
    int idx = shape_index(s, me);
    char op[200];

    if (idx < 0) {
        snprintf(op, sizeof(op), "%s: PE %d is not a member", what, me);
        RT_CHECK(op, "team", t == ROCSHMEM_TEAM_INVALID,
                 "got a team handle %p, expected ROCSHMEM_TEAM_INVALID", (void *)t);
        RT_CHECK_EQ(op, "rocshmem_team_my_pe(INVALID)", rocshmem_team_my_pe(t), -1);
        RT_CHECK_EQ(op, "rocshmem_team_n_pes(INVALID)", rocshmem_team_n_pes(t), -1);
        RT_CHECK_EQ(op, "rocshmem_team_translate_pe(INVALID, 0, WORLD)",
                    rocshmem_team_translate_pe(t, 0, ROCSHMEM_TEAM_WORLD), -1);
        RT_CHECK_EQ(op, "rocshmem_team_translate_pe(WORLD, me, INVALID)",
                    rocshmem_team_translate_pe(ROCSHMEM_TEAM_WORLD, me, t), -1);
        return;
    }
    snprintf(op, sizeof(op), "%s (start %d stride %d size %d), PE %d", what, s.start, s.stride,
             s.size, me);
    RT_CHECK(op, "team", t != ROCSHMEM_TEAM_INVALID, "a member got ROCSHMEM_TEAM_INVALID");
    RT_CHECK_EQ(op, "rocshmem_team_my_pe", rocshmem_team_my_pe(t), idx);
    RT_CHECK_EQ(op, "rocshmem_team_n_pes", rocshmem_team_n_pes(t), s.size);
    for (int i = 0; i < s.size; i++) {
        if (rocshmem_team_translate_pe(t, i, ROCSHMEM_TEAM_WORLD) != shape_pe(s, i))
            RT_FAIL(op, "rocshmem_team_translate_pe(team, i, WORLD)", "i %d: got %d, expected %d",
                    i, rocshmem_team_translate_pe(t, i, ROCSHMEM_TEAM_WORLD), shape_pe(s, i));
        if (rocshmem_team_translate_pe(t, i, t) != i)
            RT_FAIL(op, "rocshmem_team_translate_pe(team, i, team)", "i %d: got %d", i,
                    rocshmem_team_translate_pe(t, i, t));
    }
    for (int pe = 0; pe < npes; pe++)
        if (rocshmem_team_translate_pe(ROCSHMEM_TEAM_WORLD, pe, t) != shape_index(s, pe))
            RT_FAIL(op, "rocshmem_team_translate_pe(WORLD, pe, team)", "pe %d: got %d, expected %d",
                    pe, rocshmem_team_translate_pe(ROCSHMEM_TEAM_WORLD, pe, t), shape_index(s, pe));
    RT_CHECK_EQ(op, "rocshmem_team_translate_pe(team, -1, WORLD)",
                rocshmem_team_translate_pe(t, -1, ROCSHMEM_TEAM_WORLD), -1);
    RT_CHECK_EQ(op, "rocshmem_team_translate_pe(team, n_pes, WORLD)",
                rocshmem_team_translate_pe(t, s.size, ROCSHMEM_TEAM_WORLD), -1);
    RT_CHECK_EQ(op, "rocshmem_team_translate_pe(team, 0, INVALID)",
                rocshmem_team_translate_pe(t, 0, ROCSHMEM_TEAM_INVALID), -1);
    RT_COUNT(2 * s.size + npes);
}

/* translate_pe between two teams this PE holds (src must be valid here). */
static void check_translate(const char *what, rocshmem_team_t a, struct shape sa,
                            rocshmem_team_t b, struct shape sb)
{
    if (a == ROCSHMEM_TEAM_INVALID || b == ROCSHMEM_TEAM_INVALID)
        return;
    for (int i = 0; i < sa.size; i++) {
        int want = shape_index(sb, shape_pe(sa, i));
        int got = rocshmem_team_translate_pe(a, i, b);
        if (got != want)
            RT_FAIL(what, "rocshmem_team_translate_pe", "PE %d: member %d of (%d,%d,%d) in "
                    "(%d,%d,%d): got %d, expected %d", me, i, sa.start, sa.stride, sa.size,
                    sb.start, sb.stride, sb.size, got, want);
    }
    RT_COUNT(sa.size);
}

static rocshmem_team_t split(rocshmem_team_t parent, struct shape pshape, int start, int stride,
                             int size, const char *what, struct shape *out)
{
    rocshmem_team_t t = ROCSHMEM_TEAM_WORLD;   /* overwritten by every outcome */
    int rc;

    rt_step("%s", what);
    rc = rocshmem_team_split_strided(parent, start, stride, size, NULL, 0, &t);
    RT_CHECK_EQ(what, "rocshmem_team_split_strided return", rc, 0);
    *out = shape_child(pshape, start, stride, size);
    check_team(what, t, *out);
    return t;
}

/* A team in use: a barrier and a sum over it (the slot's synchronization words work). */
static void use_team(const char *what, rocshmem_team_t t, struct shape s, long salt)
{
    long want = 0;
    char op[160];
    int rc;

    if (t == ROCSHMEM_TEAM_INVALID)
        return;
    snprintf(op, sizeof(op), "%s: barrier + long_sum_reduce", what);
    rt_step("%s", op);
    sym_long[0] = 1000 * me + salt;
    *red_dst = -1;
    rocshmem_barrier(t);
    rc = rocshmem_long_sum_reduce(t, red_dst, sym_long, 1);
    for (int i = 0; i < s.size; i++)
        want += 1000 * shape_pe(s, i) + salt;
    RT_CHECK_EQ(op, "return", rc, 0);
    RT_CHECK_EQ(op, "long", *red_dst, want);
}

/* ---- strided splits, 2d, split of split -------------------------------------------- */

static void test_strided(void)
{
    struct shape ws = world_shape(), so, sa, s1, sl;
    rocshmem_team_t odd, all, one, last;

    odd = split(ROCSHMEM_TEAM_WORLD, ws, 1, 2, npes / 2, "split_strided(WORLD, 1, 2, n/2)", &so);
    all = split(ROCSHMEM_TEAM_WORLD, ws, 0, 1, npes, "split_strided(WORLD, 0, 1, n)", &sa);
    one = split(ROCSHMEM_TEAM_WORLD, ws, npes - 1, 1, 1, "split_strided(WORLD, n-1, 1, 1)", &s1);
    /* A one-PE team whose stride does not matter. */
    last = split(ROCSHMEM_TEAM_WORLD, ws, 0, 3, 1, "split_strided(WORLD, 0, 3, 1)", &sl);
    check_translate("odd -> all", odd, so, all, sa);
    check_translate("all -> odd", all, sa, odd, so);
    check_translate("one -> odd", one, s1, odd, so);
    check_translate("odd -> one", odd, so, one, s1);
    check_translate("all -> WORLD", all, sa, ROCSHMEM_TEAM_WORLD, ws);
    use_team("odd team", odd, so, 1);
    use_team("all team", all, sa, 2);
    use_team("one-PE team", one, s1, 3);
    rocshmem_team_destroy(last);
    rocshmem_team_destroy(one);
    rocshmem_team_destroy(all);
    rocshmem_team_destroy(odd);
    rocshmem_barrier_all();
}

static void test_2d(int xrange)
{
    rocshmem_team_t x = ROCSHMEM_TEAM_INVALID, y = ROCSHMEM_TEAM_INVALID;
    struct shape sx = shape_2d_x(xrange, me), sy = shape_2d_y(xrange, me);
    char what[96];
    int rc;

    snprintf(what, sizeof(what), "split_2d(WORLD, xrange %d)", xrange);
    rt_step("%s", what);
    rc = rocshmem_team_split_2d(ROCSHMEM_TEAM_WORLD, xrange, NULL, 0, &x, NULL, 0, &y);
    RT_CHECK_EQ(what, "rocshmem_team_split_2d return", rc, 0);
    {
        char op[128];
        snprintf(op, sizeof(op), "%s x team", what);
        check_team(op, x, sx);
        snprintf(op, sizeof(op), "%s y team", what);
        check_team(op, y, sy);
        snprintf(op, sizeof(op), "%s x -> y", what);
        check_translate(op, x, sx, y, sy);
        snprintf(op, sizeof(op), "%s y -> x", what);
        check_translate(op, y, sy, x, sx);
        /* A PE at (my_x, my_y) is x member my_x and y member my_y. */
        snprintf(op, sizeof(op), "%s coordinates", what);
        RT_CHECK_EQ(op, "x my_pe = index % xrange", rocshmem_team_my_pe(x), me % xrange);
        RT_CHECK_EQ(op, "y my_pe = index / xrange", rocshmem_team_my_pe(y), me / xrange);
    }
    use_team("x team", x, sx, 10 + xrange);
    use_team("y team", y, sy, 20 + xrange);

    /* Split of a split, different parents at once: the first member of each x team. */
    if (xrange == 2) {
        struct shape sc;
        rocshmem_team_t c = split(x, sx, 0, 1, 1, "split_strided(x team of split_2d, 0, 1, 1)", &sc);
        check_translate("x child -> x", c, sc, x, sx);
        check_translate("x -> x child", x, sx, c, sc);
        check_translate("x child -> y", c, sc, y, sy);
        use_team("child of an x team", c, sc, 30);
        rocshmem_team_destroy(c);
        /* And of a y team (stride 2 in WORLD): its members 1, 2, ... (none where it has one). */
        if (sy.size >= 2) {
            c = split(y, sy, 1, 1, sy.size - 1, "split_strided(y team of split_2d, 1, 1, size-1)", &sc);
            check_translate("y child -> y", c, sc, y, sy);
            check_translate("y -> y child", y, sy, c, sc);
            use_team("child of a y team", c, sc, 31);
            rocshmem_team_destroy(c);
        }
    }
    rocshmem_team_destroy(y);
    rocshmem_team_destroy(x);
    rocshmem_barrier_all();
}

/* The parent leaves PE 0 out; only its members call the second split. */
static void test_split_of_split(void)
{
    struct shape ws = world_shape(), st, sc, sg;
    rocshmem_team_t tail, child, grand = ROCSHMEM_TEAM_INVALID;

    tail = split(ROCSHMEM_TEAM_WORLD, ws, 1, 1, npes - 1, "split_strided(WORLD, 1, 1, n-1)", &st);
    if (tail != ROCSHMEM_TEAM_INVALID) {
        child = split(tail, st, 0, 2, (st.size + 1) / 2,
                      "split_strided(tail team, 0, 2, (size+1)/2) (parent not WORLD)", &sc);
        check_translate("child -> tail (parent)", child, sc, tail, st);
        check_translate("tail -> child", tail, st, child, sc);
        check_translate("child -> WORLD", child, sc, ROCSHMEM_TEAM_WORLD, ws);
        use_team("child of the tail team", child, sc, 40);
        if (child != ROCSHMEM_TEAM_INVALID) {
            /* Three levels: the child's last member alone. */
            grand = split(child, sc, sc.size - 1, 1, 1, "split_strided(child, size-1, 1, 1)", &sg);
            check_translate("grandchild -> tail", grand, sg, tail, st);
            check_translate("tail -> grandchild", tail, st, grand, sg);
            use_team("grandchild", grand, sg, 41);
            rocshmem_team_destroy(grand);
        }
        rocshmem_team_destroy(child);
    }
    rocshmem_team_destroy(tail);
    rocshmem_barrier_all();
}

/* ---- configuration and team contexts ------------------------------------------------- */

static void test_config(void)
{
    rocshmem_team_config_t cfg = { 3 }, got;
    rocshmem_team_t t3 = ROCSHMEM_TEAM_INVALID, t0 = ROCSHMEM_TEAM_INVALID;
    rocshmem_team_t tn = ROCSHMEM_TEAM_INVALID, x = ROCSHMEM_TEAM_INVALID, y = ROCSHMEM_TEAM_INVALID;
    rocshmem_ctx_t ctxs[3];
    int rc;

    rt_step("team_get_config");
    rc = rocshmem_team_split_strided(ROCSHMEM_TEAM_WORLD, 0, 1, npes, &cfg,
                                     ROCSHMEM_TEAM_NUM_CONTEXTS, &t3);
    RT_CHECK_EQ("split_strided with num_contexts 3", "return", rc, 0);
    got.num_contexts = -7;
    RT_CHECK_EQ("team_get_config(NUM_CONTEXTS)", "return",
                rocshmem_team_get_config(t3, ROCSHMEM_TEAM_NUM_CONTEXTS, &got), 0);
    RT_CHECK_EQ("team_get_config(NUM_CONTEXTS) after num_contexts 3", "num_contexts",
                got.num_contexts, 3);
    got.num_contexts = -7;
    RT_CHECK_EQ("team_get_config(mask 0)", "return", rocshmem_team_get_config(t3, 0, &got), 0);
    RT_CHECK_EQ("team_get_config(mask 0) fetches nothing", "num_contexts", got.num_contexts, -7);
    /* The team's reserved contexts can all be made. */
    for (int k = 0; k < 3; k++) {
        RT_CHECK_EQ("team_create_ctx on a team with num_contexts 3", "return",
                    rocshmem_team_create_ctx(t3, 0, &ctxs[k]), 0);
        for (int j = 0; j < k; j++)
            RT_CHECK("team_create_ctx: distinct contexts", "ctx", ctxs[k].ctx_opaque != ctxs[j].ctx_opaque,
                     "context %d and %d are both %p", j, k, ctxs[k].ctx_opaque);
    }
    for (int k = 0; k < 3; k++)
        rocshmem_ctx_destroy(ctxs[k]);

    /* A config whose mask leaves num_contexts out: the default (0) applies. */
    cfg.num_contexts = 5;
    rc = rocshmem_team_split_strided(ROCSHMEM_TEAM_WORLD, 0, 1, npes, &cfg, 0, &t0);
    RT_CHECK_EQ("split_strided with a config but mask 0", "return", rc, 0);
    got.num_contexts = -7;
    RT_CHECK_EQ("team_get_config(NUM_CONTEXTS)", "return",
                rocshmem_team_get_config(t0, ROCSHMEM_TEAM_NUM_CONTEXTS, &got), 0);
    RT_CHECK_EQ("team_get_config after a split whose mask left num_contexts out", "num_contexts",
                got.num_contexts, 0);
    rc = rocshmem_team_split_strided(ROCSHMEM_TEAM_WORLD, 0, 1, npes, NULL, 0, &tn);
    RT_CHECK_EQ("split_strided with a NULL config", "return", rc, 0);
    got.num_contexts = -7;
    RT_CHECK_EQ("team_get_config(NUM_CONTEXTS)", "return",
                rocshmem_team_get_config(tn, ROCSHMEM_TEAM_NUM_CONTEXTS, &got), 0);
    RT_CHECK_EQ("team_get_config after a split with a NULL config", "num_contexts",
                got.num_contexts, 0);
    got.num_contexts = -7;
    RT_CHECK_EQ("team_get_config(WORLD, NUM_CONTEXTS)", "return",
                rocshmem_team_get_config(ROCSHMEM_TEAM_WORLD, ROCSHMEM_TEAM_NUM_CONTEXTS, &got), 0);
    RT_CHECK("team_get_config(WORLD, NUM_CONTEXTS)", "num_contexts", got.num_contexts >= 0,
             "got %d", got.num_contexts);
    RT_CHECK("team_get_config(INVALID)", "return",
             rocshmem_team_get_config(ROCSHMEM_TEAM_INVALID, ROCSHMEM_TEAM_NUM_CONTEXTS, &got) != 0,
             "returned 0");

    /* split_2d takes one config per axis. */
    {
        rocshmem_team_config_t xc = { 2 }, yc = { 4 };
        rc = rocshmem_team_split_2d(ROCSHMEM_TEAM_WORLD, 2, &xc, ROCSHMEM_TEAM_NUM_CONTEXTS, &x,
                                    &yc, ROCSHMEM_TEAM_NUM_CONTEXTS, &y);
        RT_CHECK_EQ("split_2d with x num_contexts 2, y 4", "return", rc, 0);
        got.num_contexts = -7;
        RT_CHECK_EQ("team_get_config(x team)", "return",
                    rocshmem_team_get_config(x, ROCSHMEM_TEAM_NUM_CONTEXTS, &got), 0);
        RT_CHECK_EQ("team_get_config(x team of split_2d)", "num_contexts", got.num_contexts, 2);
        got.num_contexts = -7;
        RT_CHECK_EQ("team_get_config(y team)", "return",
                    rocshmem_team_get_config(y, ROCSHMEM_TEAM_NUM_CONTEXTS, &got), 0);
        RT_CHECK_EQ("team_get_config(y team of split_2d)", "num_contexts", got.num_contexts, 4);
    }
    rocshmem_team_destroy(y);
    rocshmem_team_destroy(x);
    rocshmem_team_destroy(tn);
    rocshmem_team_destroy(t0);
    rocshmem_team_destroy(t3);
    rocshmem_barrier_all();
}

/* Puts and gets through a team context take team PE numbers. Every member puts its WORLD
 * number + base into slot [its team index] of its team-right neighbour and gets the
 * team-left neighbour's sym_long[1]; WORLD numbers are checked on arrival. */
static void team_ctx_traffic(const char *what, rocshmem_team_t t, struct shape s, int wg, int base)
{
    rocshmem_ctx_t ctx = ROCSHMEM_CTX_INVALID;
    int idx = shape_index(s, me), n = s.size, rc;
    char op[160];

    for (int i = 0; i < MAXPE; i++)
        sym_int[i] = -1;
    sym_long[1] = 7000 + me;
    rocshmem_barrier_all();
    if (idx >= 0) {
        int right = (idx + 1) % n, left = (idx + n - 1) % n, val = base + me;
        snprintf(op, sizeof(op), "%s: %s", what, wg ? "wg_team_create_ctx" : "team_create_ctx");
        rt_step("%s", op);
        rc = wg ? rocshmem_wg_team_create_ctx(t, 0, &ctx) : rocshmem_team_create_ctx(t, 0, &ctx);
        RT_CHECK_EQ(op, "return", rc, 0);
        RT_CHECK_EQ(op, "rocshmem_ctx_my_pe (team-relative)", rocshmem_ctx_my_pe(ctx), idx);
        RT_CHECK_EQ(op, "rocshmem_ctx_n_pes (team-relative)", rocshmem_ctx_n_pes(ctx), n);
        rocshmem_ctx_int_put(ctx, &sym_int[idx], &val, 1, right);
        rocshmem_ctx_quiet(ctx);
        RT_CHECK_EQ(op, "rocshmem_ctx_long_g from the team-left neighbour",
                    rocshmem_ctx_long_g(ctx, &sym_long[1], left), 7000 + shape_pe(s, left));
    }
    rocshmem_barrier_all();
    if (idx >= 0) {
        int left = (idx + n - 1) % n;
        snprintf(op, sizeof(op), "%s: ctx_int_put to the team-right neighbour", what);
        for (int i = 0; i < MAXPE; i++)
            RT_CHECK_EQ(op, i == left ? "int (slot of the team-left neighbour)" : "int (other slot)",
                        sym_int[i], i == left ? base + shape_pe(s, left) : -1);
        if (wg)
            rocshmem_wg_ctx_destroy(&ctx);
        else
            rocshmem_ctx_destroy(ctx);
    }
    rocshmem_barrier_all();
}

static void test_team_ctx(void)
{
    struct shape ws = world_shape(), so, sy;
    rocshmem_team_t odd, x = ROCSHMEM_TEAM_INVALID, y = ROCSHMEM_TEAM_INVALID;
    rocshmem_ctx_t ctx;

    rt_step("team contexts");
    RT_CHECK_EQ("rocshmem_ctx_my_pe(ROCSHMEM_CTX_DEFAULT)", "int",
                rocshmem_ctx_my_pe(ROCSHMEM_CTX_DEFAULT), me);
    RT_CHECK_EQ("rocshmem_ctx_n_pes(ROCSHMEM_CTX_DEFAULT)", "int",
                rocshmem_ctx_n_pes(ROCSHMEM_CTX_DEFAULT), npes);
    RT_CHECK("rocshmem_team_create_ctx(INVALID)", "return",
             rocshmem_team_create_ctx(ROCSHMEM_TEAM_INVALID, 0, &ctx) != 0, "returned 0");

    odd = split(ROCSHMEM_TEAM_WORLD, ws, 1, 2, npes / 2, "split_strided(WORLD, 1, 2, n/2)", &so);
    team_ctx_traffic("odd team", odd, so, 0, 100);
    team_ctx_traffic("odd team", odd, so, 1, 200);
    RT_CHECK_EQ("split_2d(WORLD, 2) for team contexts", "return",
                rocshmem_team_split_2d(ROCSHMEM_TEAM_WORLD, 2, NULL, 0, &x, NULL, 0, &y), 0);
    sy = shape_2d_y(2, me);
    /* Every PE is in one y team: the members of different y teams run at once. */
    team_ctx_traffic("y team of split_2d(2)", y, sy, 0, 300);
    team_ctx_traffic("x team of split_2d(2)", x, shape_2d_x(2, me), 1, 400);
    team_ctx_traffic("WORLD", ROCSHMEM_TEAM_WORLD, ws, 0, 500);
    rocshmem_team_destroy(y);
    rocshmem_team_destroy(x);
    rocshmem_team_destroy(odd);
    rocshmem_barrier_all();
}

/* ---- destroy, reuse, exhaustion -------------------------------------------------------- */

static void test_destroy_predefined(void)
{
    struct shape ws = world_shape(), sa;
    rocshmem_team_t shared = ROCSHMEM_TEAM_SHARED, t;
    int shared_n = rocshmem_team_n_pes(shared), shared_me = rocshmem_team_my_pe(shared);

    rt_step("team_destroy(WORLD / SHARED / INVALID)");
    rocshmem_team_destroy(ROCSHMEM_TEAM_WORLD);
    rocshmem_team_destroy(ROCSHMEM_TEAM_SHARED);
    rocshmem_team_destroy(ROCSHMEM_TEAM_INVALID);
    check_team("WORLD after team_destroy(WORLD)", ROCSHMEM_TEAM_WORLD, ws);
    RT_CHECK("SHARED after team_destroy(SHARED)", "team", ROCSHMEM_TEAM_SHARED == shared,
             "the handle changed");
    RT_CHECK("SHARED after team_destroy(SHARED)", "rocshmem_team_n_pes",
             shared_n >= 1 && rocshmem_team_n_pes(ROCSHMEM_TEAM_SHARED) == shared_n,
             "%d, %d before", rocshmem_team_n_pes(ROCSHMEM_TEAM_SHARED), shared_n);
    RT_CHECK("SHARED after team_destroy(SHARED)", "rocshmem_team_my_pe",
             shared_me >= 0 && rocshmem_team_my_pe(ROCSHMEM_TEAM_SHARED) == shared_me,
             "%d, %d before", rocshmem_team_my_pe(ROCSHMEM_TEAM_SHARED), shared_me);
    RT_CHECK_EQ("SHARED after team_destroy(SHARED): translate my_pe to WORLD", "int",
                rocshmem_team_translate_pe(ROCSHMEM_TEAM_SHARED, shared_me, ROCSHMEM_TEAM_WORLD), me);
    use_team("WORLD after team_destroy(WORLD)", ROCSHMEM_TEAM_WORLD, ws, 50);
    /* SHARED still splits (CPU PEs: SHARED is this PE alone, and so is the new team). */
    if (shared_n == 1) {
        rocshmem_team_t s1 = ROCSHMEM_TEAM_INVALID;
        RT_CHECK_EQ("split_strided(SHARED, my_pe, 1, 1)", "return",
                    rocshmem_team_split_strided(ROCSHMEM_TEAM_SHARED, shared_me, 1, 1, NULL, 0, &s1), 0);
        check_team("split_strided(SHARED, my_pe, 1, 1)", s1, (struct shape){ me, 1, 1 });
        use_team("team of SHARED's split", s1, (struct shape){ me, 1, 1 }, 51);
        rocshmem_team_destroy(s1);
    }
    t = split(ROCSHMEM_TEAM_WORLD, ws, 0, 1, npes, "split_strided(WORLD) after team_destroy(WORLD)", &sa);
    use_team("split of WORLD after team_destroy(WORLD)", t, sa, 52);
    rocshmem_team_destroy(t);
    rocshmem_barrier_all();
}

/* Splits and destroys, four shapes in turn, more times than there are slots, while the
 * odd team and a 2d pair stay alive. */
static void test_reuse(void)
{
    struct shape ws = world_shape(), so, sx = shape_2d_x(2, me), sy = shape_2d_y(2, me);
    rocshmem_team_t odd, x = ROCSHMEM_TEAM_INVALID, y = ROCSHMEM_TEAM_INVALID;
    long iters = rt_iters(2 * max_teams + 5, max_teams + 3);

    odd = split(ROCSHMEM_TEAM_WORLD, ws, 1, 2, npes / 2, "split_strided(WORLD, 1, 2, n/2) (kept)", &so);
    RT_CHECK_EQ("split_2d(WORLD, 2) (kept)", "return",
                rocshmem_team_split_2d(ROCSHMEM_TEAM_WORLD, 2, NULL, 0, &x, NULL, 0, &y), 0);
    for (long k = 0; k < iters; k++) {
        char what[128];
        struct shape s;
        rocshmem_team_t t, t2 = ROCSHMEM_TEAM_INVALID;
        int rc;

        switch (k % 4) {
        case 0:
            snprintf(what, sizeof(what), "reuse %ld: split_strided(WORLD, 0, 1, n)", k);
            t = split(ROCSHMEM_TEAM_WORLD, ws, 0, 1, npes, what, &s);
            break;
        case 1:
            snprintf(what, sizeof(what), "reuse %ld: split_strided(WORLD, %d, 1, 1)", k,
                     (int)(k % npes));
            t = split(ROCSHMEM_TEAM_WORLD, ws, (int)(k % npes), 1, 1, what, &s);
            break;
        case 2:
            snprintf(what, sizeof(what), "reuse %ld: split_2d(WORLD, 2)", k);
            rt_step("%s", what);
            t = ROCSHMEM_TEAM_INVALID;
            rc = rocshmem_team_split_2d(ROCSHMEM_TEAM_WORLD, 2, NULL, 0, &t, NULL, 0, &t2);
            RT_CHECK_EQ(what, "rocshmem_team_split_2d return", rc, 0);
            s = sx;
            check_team(what, t, sx);
            check_team(what, t2, sy);
            use_team(what, t2, sy, k);
            break;
        default:
            snprintf(what, sizeof(what), "reuse %ld: split_strided(y team, 0, 1, 1)", k);
            t = split(y, sy, 0, 1, 1, what, &s);
            break;
        }
        use_team(what, t, s, k);
        rocshmem_team_destroy(t2);
        rocshmem_team_destroy(t);
    }
    /* The kept teams still work. */
    use_team("kept odd team after the reuse loop", odd, so, 60);
    use_team("kept x team after the reuse loop", x, sx, 61);
    use_team("kept y team after the reuse loop", y, sy, 62);
    rocshmem_team_destroy(y);
    rocshmem_team_destroy(x);
    rocshmem_team_destroy(odd);
    rocshmem_barrier_all();
}

/* With the odd team alive (on the odd PEs only), splits of WORLD until one fails. */
static void test_exhaustion(void)
{
    struct shape ws = world_shape(), so;
    static rocshmem_team_t made[MAX_MADE + 1];
    rocshmem_team_t odd, t, x, y;
    int count = 0, rc = 0, want = max_teams - 3;
    int *counts = sym_int;

    odd = split(ROCSHMEM_TEAM_WORLD, ws, 1, 2, npes / 2, "split_strided(WORLD, 1, 2, n/2) (kept)", &so);
    rt_step("exhaustion: splits of WORLD until one fails");
    while (count < MAX_MADE) {
        t = ROCSHMEM_TEAM_WORLD;
        rc = rocshmem_team_split_strided(ROCSHMEM_TEAM_WORLD, 0, 1, npes, NULL, 0, &t);
        if (rc) {
            RT_CHECK("exhaustion: the failed split", "team", t == ROCSHMEM_TEAM_INVALID,
                     "split %d returned %d and team %p, expected ROCSHMEM_TEAM_INVALID", count, rc,
                     (void *)t);
            break;
        }
        RT_CHECK("exhaustion: a successful split", "team", t != ROCSHMEM_TEAM_INVALID,
                 "split %d returned 0 and ROCSHMEM_TEAM_INVALID", count);
        made[count++] = t;
    }
    RT_CHECK("exhaustion: some split fails", "return", rc != 0, "%d splits succeeded", count);
    /* WORLD, SHARED and the odd team (odd PEs) hold slots: every PE fails at the same
     * split, the first that some member cannot hold. */
    RT_CHECK_EQ("exhaustion: successful splits before the failure (ROCSHMEM_MAX_TEAMS - "
                "WORLD - SHARED - the odd team)", "int", count, want);
    for (int i = 0; i < npes; i++)
        counts[i] = -1;
    rocshmem_barrier_all();
    rocshmem_int_p(&counts[me], count, 0);
    rocshmem_barrier_all();
    if (me == 0)
        for (int i = 0; i < npes; i++)
            RT_CHECK_EQ("exhaustion: every PE failed at the same split (count of PE i)", "int",
                        counts[i], count);
    /* Still full: another split fails, and so does split_2d (both teams INVALID). */
    t = ROCSHMEM_TEAM_WORLD;
    rc = rocshmem_team_split_strided(ROCSHMEM_TEAM_WORLD, 0, 1, npes, NULL, 0, &t);
    RT_CHECK("exhaustion: split_strided again", "return", rc != 0 && t == ROCSHMEM_TEAM_INVALID,
             "returned %d, team %p", rc, (void *)t);
    x = y = ROCSHMEM_TEAM_WORLD;
    rc = rocshmem_team_split_2d(ROCSHMEM_TEAM_WORLD, 2, NULL, 0, &x, NULL, 0, &y);
    RT_CHECK("exhaustion: split_2d", "return",
             rc != 0 && x == ROCSHMEM_TEAM_INVALID && y == ROCSHMEM_TEAM_INVALID,
             "returned %d, teams %p and %p", rc, (void *)x, (void *)y);
    /* The teams made still work: the last and the first. */
    if (count > 0) {
        use_team("exhaustion: the last team made", made[count - 1], ws, 70);
        use_team("exhaustion: the first team made", made[0], ws, 71);
    }
    rt_step("exhaustion: destroy them all");
    for (int i = count - 1; i >= 0; i--)
        rocshmem_team_destroy(made[i]);
    rocshmem_team_destroy(odd);
    rocshmem_barrier_all();
    /* Whole again: max_teams - 2 splits succeed. */
    for (count = 0; count < want + 1; count++) {
        made[count] = ROCSHMEM_TEAM_INVALID;
        rc = rocshmem_team_split_strided(ROCSHMEM_TEAM_WORLD, 0, 1, npes, NULL, 0, &made[count]);
        RT_CHECK_EQ("splits after destroying every team (all slots free again)", "return", rc, 0);
    }
    use_team("exhaustion: a team made after the slots came back", made[count - 1], ws, 72);
    for (int i = 0; i < count; i++)
        rocshmem_team_destroy(made[i]);
    rocshmem_barrier_all();
}

/* The heap run dry (collective allocations down to 64 bytes) before a split. */
static void test_heap_full(void)
{
    void *held[128];
    int nheld = 0, rc;
    size_t sz = (size_t)64 << 20;
    rocshmem_team_t t = ROCSHMEM_TEAM_WORLD;

    rt_step("split with the heap full");
    while (sz >= 64 && nheld < 128) {
        void *p = rocshmem_malloc(sz);
        if (p)
            held[nheld++] = p;
        else
            sz /= 2;
    }
    rc = rocshmem_team_split_strided(ROCSHMEM_TEAM_WORLD, 0, 1, npes, NULL, 0, &t);
    if (rc) {
        RT_CHECK("split with the heap full: the failed split", "team", t == ROCSHMEM_TEAM_INVALID,
                 "returned %d and team %p, expected ROCSHMEM_TEAM_INVALID", rc, (void *)t);
    } else {
        RT_CHECK("split with the heap full: a successful split", "team", t != ROCSHMEM_TEAM_INVALID,
                 "returned 0 and ROCSHMEM_TEAM_INVALID");
        if (me == 0)
            printf("func_teams: note: a split succeeded with the heap full (%d allocations held): "
                   "team space does not come from the heap at split time\n", nheld);
        use_team("split with the heap full (it succeeded)", t, world_shape(), 80);
        rocshmem_team_destroy(t);
    }
    /* Every PE got the same answer. */
    for (int i = 0; i < npes; i++)
        sym_int[i] = -1;
    rocshmem_barrier_all();
    rocshmem_int_p(&sym_int[me], rc != 0, 0);
    rocshmem_barrier_all();
    if (me == 0)
        for (int i = 0; i < npes; i++)
            RT_CHECK_EQ("split with the heap full: same outcome on every PE (failed? of PE i)",
                        "int", sym_int[i], rc != 0);
    while (nheld > 0)
        rocshmem_free(held[--nheld]);
    t = ROCSHMEM_TEAM_INVALID;
    RT_CHECK_EQ("split after the heap was freed", "return",
                rocshmem_team_split_strided(ROCSHMEM_TEAM_WORLD, 0, 1, npes, NULL, 0, &t), 0);
    use_team("split after the heap was freed", t, world_shape(), 81);
    rocshmem_team_destroy(t);
    rocshmem_barrier_all();
}

/* ---- bad input ------------------------------------------------------------------------- */

static void bad_split(rocshmem_team_t parent, int start, int stride, int size, const char *what)
{
    rocshmem_team_t t = ROCSHMEM_TEAM_WORLD;
    int rc;
    rt_step("bad input: %s", what);
    rc = rocshmem_team_split_strided(parent, start, stride, size, NULL, 0, &t);
    RT_CHECK(what, "rocshmem_team_split_strided", rc != 0 && t == ROCSHMEM_TEAM_INVALID,
             "returned %d and team %p: expected nonzero and ROCSHMEM_TEAM_INVALID", rc, (void *)t);
}

static void bad_2d(rocshmem_team_t parent, int xrange, const char *what)
{
    rocshmem_team_t x = ROCSHMEM_TEAM_WORLD, y = ROCSHMEM_TEAM_WORLD;
    int rc;
    rt_step("bad input: %s", what);
    rc = rocshmem_team_split_2d(parent, xrange, NULL, 0, &x, NULL, 0, &y);
    RT_CHECK(what, "rocshmem_team_split_2d",
             rc != 0 && x == ROCSHMEM_TEAM_INVALID && y == ROCSHMEM_TEAM_INVALID,
             "returned %d and teams %p, %p: expected nonzero and ROCSHMEM_TEAM_INVALID", rc,
             (void *)x, (void *)y);
}

static void test_bad_input(void)
{
    struct shape ws = world_shape(), st;
    rocshmem_team_t tail;

    bad_split(ROCSHMEM_TEAM_WORLD, 0, 0, 2, "split_strided(WORLD, 0, stride 0, 2)");
    bad_split(ROCSHMEM_TEAM_WORLD, 0, 1, 0, "split_strided(WORLD, 0, 1, size 0)");
    bad_split(ROCSHMEM_TEAM_WORLD, 0, 1, -1, "split_strided(WORLD, 0, 1, size -1)");
    bad_split(ROCSHMEM_TEAM_WORLD, -1, 1, 1, "split_strided(WORLD, start -1, 1, 1)");
    bad_split(ROCSHMEM_TEAM_WORLD, npes, 1, 1, "split_strided(WORLD, start n, 1, 1)");
    bad_split(ROCSHMEM_TEAM_WORLD, 0, 1, npes + 1, "split_strided(WORLD, 0, 1, n+1)");
    bad_split(ROCSHMEM_TEAM_WORLD, npes - 1, 1, 2, "split_strided(WORLD, n-1, 1, 2)");
    bad_split(ROCSHMEM_TEAM_WORLD, 1, npes, 2, "split_strided(WORLD, 1, stride n, 2)");
    bad_split(ROCSHMEM_TEAM_WORLD, 0, 1, 1 << 30, "split_strided(WORLD, 0, 1, 2^30)");
    bad_split(ROCSHMEM_TEAM_WORLD, 1, 1 << 30, 3, "split_strided(WORLD, 1, stride 2^30, 3)");
    bad_split(ROCSHMEM_TEAM_INVALID, 0, 1, 1, "split_strided(INVALID, 0, 1, 1)");
    bad_2d(ROCSHMEM_TEAM_WORLD, 0, "split_2d(WORLD, xrange 0)");
    bad_2d(ROCSHMEM_TEAM_WORLD, -2, "split_2d(WORLD, xrange -2)");
    bad_2d(ROCSHMEM_TEAM_INVALID, 1, "split_2d(INVALID, 1)");
    /* A parent that is not WORLD: members outside it, though inside WORLD. */
    tail = split(ROCSHMEM_TEAM_WORLD, ws, 1, 1, npes - 1, "split_strided(WORLD, 1, 1, n-1)", &st);
    if (tail != ROCSHMEM_TEAM_INVALID) {
        bad_split(tail, 0, 1, st.size + 1, "split_strided(tail team, 0, 1, size+1)");
        bad_split(tail, -1, 1, 2, "split_strided(tail team, start -1, 1, 2)");
        bad_split(tail, 0, 0, 2, "split_strided(tail team, 0, stride 0, 2)");
        use_team("tail team after bad splits of it", tail, st, 90);
    }
    rocshmem_team_destroy(tail);
    rocshmem_barrier_all();
}

int main(void)
{
    const char *mt;

    setenv("ROCSHMEM_HEAP_SIZE", HEAP, 1);
    rocshmem_init();
    rt_begin("func_teams", 2);
    me = rocshmem_my_pe();
    npes = rocshmem_n_pes();
    mt = getenv("ROCSHMEM_MAX_TEAMS");
    max_teams = mt && *mt ? atoi(mt) : 32;
    RT_CHECK("test setup", "-", npes <= MAXPE && max_teams >= 8 && max_teams <= MAX_MADE,
             "%d PEs (at most %d), ROCSHMEM_MAX_TEAMS %d", npes, MAXPE, max_teams);
    sym_int = rocshmem_malloc(MAXPE * sizeof(int));
    sym_long = rocshmem_malloc(2 * sizeof(long));
    red_dst = rocshmem_malloc(sizeof(long));
    RT_CHECK("rocshmem_malloc", "-", sym_int && sym_long && red_dst, "returned NULL");

    check_team("WORLD", ROCSHMEM_TEAM_WORLD, world_shape());
    test_strided();
    test_2d(2);
    test_2d(1);
    test_2d(npes);
    test_split_of_split();
    test_config();
    test_team_ctx();
    test_destroy_predefined();
    test_bad_input();
    test_reuse();
    test_exhaustion();
    test_heap_full();

    rocshmem_free(red_dst);
    rocshmem_free(sym_long);
    rocshmem_free(sym_int);
    return rt_end();
}
