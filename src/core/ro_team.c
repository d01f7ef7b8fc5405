/* Teams: the pool (host entries, which are the handles, and the copy device code reads), the
 * team arena in the symmetric heap (one slot per pool entry: synchronization words and
 * scratch), WORLD and SHARED at init, and the host calls that split, query and destroy.
 * A split agrees on a slot free on every member of the new team by an OR-reduction of the
 * parent's members' slot bitmaps over the parent: the slot's words lie at the same offset on
 * every member, and no PE uses one slot for two teams. */
#include "config.h"
#include "core/ro_team.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "common/ro_log.h"
#include "coll/ro_coll.h"
#include "core/ro_core.h"

#define RO_MAX_TEAMS_MAX (RO_TEAM_SPLIT_WORDS * 64)

/* Bytes of one slot: the words, then the scratch, each 128-byte aligned. */
static size_t ro_team_slot_bytes(void)
{
    size_t words = RO_TEAM_SYNC_WORDS(ro_core.boot->size) * sizeof(uint64_t);
    return ((words + 127) & ~(size_t)127) + ((ro_core.env.RO_TEAM_SCRATCH + 127) & ~(size_t)127);
}

int ro_team_arena_size(size_t *bytes)
{
    if (ro_core.env.MAX_TEAMS < 2 || ro_core.env.MAX_TEAMS > RO_MAX_TEAMS_MAX) {
        RO_ERR("ROCSHMEM_MAX_TEAMS=%u: must be 2..%d (WORLD and SHARED are teams)",
               ro_core.env.MAX_TEAMS, RO_MAX_TEAMS_MAX);
        return -EINVAL;
    }
    if (ro_core.env.RO_TEAM_SCRATCH < 1024 || ro_core.env.RO_TEAM_SCRATCH > ((size_t)1 << 30)) {
        RO_ERR("ROCSHMEM_RO_TEAM_SCRATCH=%zu: must be 1K..1G", ro_core.env.RO_TEAM_SCRATCH);
        return -EINVAL;
    }
    *bytes = (size_t)ro_core.env.MAX_TEAMS * ro_team_slot_bytes();
    return 0;
}

/* The device's copy of entry i follows the host's (no copy where they are one). */
static int ro_team_publish(int i)
{
    if (ro_core.teams_dev == ro_core.teams)
        return 0;
    return ro_core.gpu->copy(&ro_core.teams_dev[i], &ro_core.teams[i], sizeof(struct ro_team));
}

/* Fills entry `slot` for the team start, stride, size (WORLD numbering) of which this PE is
 * member my_idx, with fresh synchronization words, and publishes it. */
static int ro_team_fill(int slot, int start, int stride, int size, int my_idx, int num_contexts)
{
    struct ro_team *t = &ro_core.teams[slot];
    uint8_t *base = ro_core.heap.base + ro_core.team_arena_off + (size_t)slot * ro_team_slot_bytes();
    size_t words = RO_TEAM_SYNC_WORDS(ro_core.boot->size) * sizeof(uint64_t);
    int rc;

    memset(t, 0, sizeof(*t));
    t->start = start;
    t->stride = stride;
    t->size = size;
    t->my_idx = my_idx;
    t->slot = slot;
    t->num_contexts = num_contexts;
    /* CPU-only PEs keep the proxy path's algorithms though their heaps are mapped (their
     * steps still store into the mapped heaps): on 2 cores the on-node ones' flat waits
     * made an 8-PE barrier 14.8 ms, these 56 us (BENCHMARKS.md). Those also copy through
     * the peers' mapped buffers, which a collective on a global (symmetric on CPU PEs
     * only, and in no mapped heap) does not have. */
    t->all_ipc = ro_core.ipc_base != NULL && !ro_core.heap_shared;
    for (int i = 0; i < size && t->all_ipc; i++)
        t->all_ipc = ro_core.ipc_base[start + i * stride] != NULL;
    t->sync = (uint64_t *)(void *)base;
    t->scratch = base + ((words + 127) & ~(size_t)127);
    t->scratch_size = (ro_core.env.RO_TEAM_SCRATCH + 127) & ~(size_t)127;
    if (ro_core.heap_on_device)
        rc = ro_core.gpu->zero(t->sync, words);
    else {
        memset(t->sync, 0, words);
        rc = 0;
    }
    t->in_use = 1;
    return rc ? rc : ro_team_publish(slot);
}

int ro_team_init(void)
{
    int n = ro_core.boot->size, me = ro_core.boot->rank, rc;
    const struct ro_team *shared;
    int first = -1, stride = 1, size = 0, even = 1;

    ro_core.teams = calloc(ro_core.env.MAX_TEAMS, sizeof(*ro_core.teams));
    if (!ro_core.teams)
        return -ENOMEM;
    if (ro_core.gpu == &ro_gpu_rt_none) {
        ro_core.teams_dev = ro_core.teams;
    } else {
        ro_core.teams_dev = ro_core.gpu->dev_mem->alloc(ro_core.env.MAX_TEAMS *
                                                        sizeof(*ro_core.teams), "the team pool");
        if (!ro_core.teams_dev)
            return -ENOMEM;
    }
    /* SHARED: the PEs this PE maps, when they are evenly spaced (they are when a launcher
     * places ranks by node or round robin); else this PE alone, with a warning. */
    for (int pe = 0; pe < n && ro_core.ipc_base; pe++) {
        if (!ro_core.ipc_base[pe])
            continue;
        if (first < 0)
            first = pe;
        else if (size == 1)
            stride = pe - first;
        else if (pe != first + size * stride)
            even = 0;
        size++;
    }
    if (size < 2 || !even) {
        if (!even)
            RO_WARN("the PEs this PE maps are not evenly spaced: ROCSHMEM_TEAM_SHARED holds "
                    "this PE alone");
        first = me;
        stride = 1;
        size = 1;
    }
    rc = ro_team_fill(0, 0, 1, n, me, 0);
    if (!rc)
        rc = ro_team_fill(1, first, stride, size, (me - first) / stride, 0);
    if (rc)
        return rc;
    ROCSHMEM_TEAM_WORLD = &ro_core.teams[0];
    shared = &ro_core.teams[1];
    ROCSHMEM_TEAM_SHARED = (rocshmem_team_t)shared;
    return 0;
}

void ro_team_fini(void)
{
    if (ro_core.teams_dev && ro_core.teams_dev != ro_core.teams)
        ro_core.gpu->dev_mem->free(ro_core.teams_dev);
    free(ro_core.teams);
    ro_core.teams = ro_core.teams_dev = NULL;
}

/* The parent's entry for a host call, or NULL after a message. */
static const struct ro_team *ro_team_of(rocshmem_team_t h, const char *api)
{
    const struct ro_team *t;

    if (!ro_core.initialized) {
        RO_ERR("%s: called before rocshmem_init", api);
        return NULL;
    }
    t = ro_gpu_team(h);
    if (!t)
        RO_ERR("%s: not a valid team (ROCSHMEM_TEAM_INVALID, destroyed, or not a team handle)",
               api);
    return t;
}

/* Collective over `parent`: a slot free on every PE of the new team, or -1 (on every member
 * of the parent) when there is none. mine: this PE joins the new team. */
static int ro_team_agree_slot(const struct ro_team *parent, int mine)
{
    uint64_t used[RO_TEAM_SPLIT_WORDS] = { 0 };
    uint64_t *in = &parent->sync[RO_TS_SPLIT_IN], *out = &parent->sync[RO_TS_SPLIT_OUT];

    for (unsigned i = 0; mine && i < ro_core.env.MAX_TEAMS; i++)
        if (ro_core.teams[i].in_use)
            used[i / 64] |= 1ull << (i % 64);
    for (int w = 0; w < RO_TEAM_SPLIT_WORDS; w++)
        ro_coll_word_set(&in[w], used[w]);
    if (rocshmem_uint64_or_reduce((rocshmem_team_t)parent, out, in,
                                  RO_TEAM_SPLIT_WORDS))
        return -1;
    for (unsigned i = 0; i < ro_core.env.MAX_TEAMS; i++)
        if (!(ro_coll_word_get(&out[i / 64]) >> (i % 64) & 1))
            return (int)i;
    return -1;
}

/* Collective over parent: this PE joins the team (start, stride, size) of the parent's
 * numbering when `mine` (each PE may name its own team, as split_2d's rows do; the teams
 * named must not overlap), else gets ROCSHMEM_TEAM_INVALID. 0, or -1 on every member. */
static int ro_team_split(const struct ro_team *parent, int mine, int start, int stride, int size,
                         const rocshmem_team_config_t *config, long mask,
                         rocshmem_team_t *new_team, const char *api)
{
    int slot = ro_team_agree_slot(parent, mine), rc = 0;

    *new_team = ROCSHMEM_TEAM_INVALID;
    if (slot < 0) {
        RO_ERR("%s: every one of the ROCSHMEM_MAX_TEAMS=%u team slots is in use on some member "
               "(destroy teams, or raise ROCSHMEM_MAX_TEAMS); no team made", api,
               ro_core.env.MAX_TEAMS);
        return -1;
    }
    if (mine) {
        int wstart = parent->start + start * parent->stride;
        int wstride = parent->stride * stride;
        int my_idx = (ro_core.boot->rank - wstart) / wstride;
        rc = ro_team_fill(slot, wstart, wstride, size, my_idx,
                          config && (mask & ROCSHMEM_TEAM_NUM_CONTEXTS) ? config->num_contexts : 0);
        if (rc)
            ro_core_fatal("rocshmem_team_split: setting up the team's words failed (logged above)");
        *new_team = (rocshmem_team_t)&ro_core.teams[slot];
    }
    /* No member signals into the new slot before every member has reset it. */
    rocshmem_team_sync((rocshmem_team_t)parent);
    return rc;
}

/* This PE's place among start, start + stride, ... (size of them): its index, or -1. */
static int ro_team_member(int idx, int start, int stride, int size)
{
    int d = idx - start;
    return d >= 0 && d % stride == 0 && d / stride < size ? d / stride : -1;
}

int rocshmem_team_split_strided(rocshmem_team_t parent, int start, int stride, int size,
                                const rocshmem_team_config_t *config, long config_mask,
                                rocshmem_team_t *new_team)
{
    const char *api = "rocshmem_team_split_strided";
    const struct ro_team *p = ro_team_of(parent, api);

    if (new_team)
        *new_team = ROCSHMEM_TEAM_INVALID;
    if (!p || !new_team)
        return ROCSHMEM_ERROR;
    if (size == 1 && stride < 1)
        stride = 1;
    if (start < 0 || stride < 1 || size < 1 || start >= p->size ||
        (size - 1) > (p->size - 1 - start) / stride) {
        RO_ERR("%s: start %d, stride %d, size %d do not name members of the parent (it has %d)",
               api, start, stride, size, p->size);
        return ROCSHMEM_ERROR;
    }
    return ro_team_split(p, ro_team_member(p->my_idx, start, stride, size) >= 0, start, stride,
                         size, config, config_mask, new_team, api) ? ROCSHMEM_ERROR
                                                                   : ROCSHMEM_SUCCESS;
}

/* Members in rows of xrange: the x team is this PE's row, the y team its column. */
int rocshmem_team_split_2d(rocshmem_team_t parent, int xrange,
                           const rocshmem_team_config_t *xaxis_config, long xaxis_mask,
                           rocshmem_team_t *xaxis_team,
                           const rocshmem_team_config_t *yaxis_config, long yaxis_mask,
                           rocshmem_team_t *yaxis_team)
{
    const char *api = "rocshmem_team_split_2d";
    const struct ro_team *p = ro_team_of(parent, api);
    int n, me, row, col, rc;

    if (xaxis_team)
        *xaxis_team = ROCSHMEM_TEAM_INVALID;
    if (yaxis_team)
        *yaxis_team = ROCSHMEM_TEAM_INVALID;
    if (!p || !xaxis_team || !yaxis_team)
        return ROCSHMEM_ERROR;
    if (xrange < 1) {
        RO_ERR("%s: xrange %d must be at least 1", api, xrange);
        return ROCSHMEM_ERROR;
    }
    n = p->size;
    me = p->my_idx;
    if (xrange > n)
        xrange = n;
    row = me / xrange;
    col = me % xrange;
    rc = ro_team_split(p, 1, row * xrange, 1, n - row * xrange < xrange ? n - row * xrange : xrange,
                       xaxis_config, xaxis_mask, xaxis_team, api);
    if (!rc)
        rc = ro_team_split(p, 1, col, xrange, (n - col + xrange - 1) / xrange, yaxis_config,
                           yaxis_mask, yaxis_team, api);
    if (rc && *xaxis_team != ROCSHMEM_TEAM_INVALID) {
        rocshmem_team_destroy(*xaxis_team);
        *xaxis_team = ROCSHMEM_TEAM_INVALID;
    }
    return rc ? ROCSHMEM_ERROR : ROCSHMEM_SUCCESS;
}

void rocshmem_team_destroy(rocshmem_team_t team)
{
    const struct ro_team *t;

    if (team == ROCSHMEM_TEAM_INVALID || team == ROCSHMEM_TEAM_WORLD ||
        team == ROCSHMEM_TEAM_SHARED)
        return;
    t = ro_team_of(team, "rocshmem_team_destroy");
    if (!t)
        return;
    /* Collective over the team: no member may still signal into the slot. */
    rocshmem_team_sync(team);
    ro_core.teams[t->slot].in_use = 0;
    if (ro_team_publish(t->slot))
        ro_core_fatal("rocshmem_team_destroy: updating the device's team pool failed");
}

int rocshmem_team_get_config(rocshmem_team_t team, long config_mask, rocshmem_team_config_t *config)
{
    const struct ro_team *t = ro_team_of(team, "rocshmem_team_get_config");

    if (!t || !config)
        return ROCSHMEM_ERROR;
    if (config_mask & ROCSHMEM_TEAM_NUM_CONTEXTS)
        config->num_contexts = t->num_contexts;
    return ROCSHMEM_SUCCESS;
}

int rocshmem_team_create_ctx(rocshmem_team_t team, long options, rocshmem_ctx_t *ctx)
{
    if (!ro_team_of(team, "rocshmem_team_create_ctx") || !ctx)
        return ROCSHMEM_ERROR;
    if (rocshmem_ctx_create(options, ctx))
        return ROCSHMEM_ERROR;
    ctx->team_opaque = team;
    return ROCSHMEM_SUCCESS;
}
