/* The one place that picks a collective's algorithm: by path (every member mapped, so the
 * group loads and stores their heaps, or some member behind the proxy), by team shape and by
 * size. Thresholds are here and nowhere else. */
#ifndef RO_COLL_PICK_H
#define RO_COLL_PICK_H

#include "coll/ro_coll.h"

enum ro_coll_alg {
    RO_ALG_NONE,       /* a team of one: local work only */
    RO_ALG_FLAT,       /* sync: every member signals every other, one round */
    RO_ALG_DISSEM,     /* sync: dissemination, ceil(log2 n) rounds of one signal */
    RO_ALG_PUSH,       /* broadcast: the root writes every member's dest; reduce: every
                          member writes its source into every member's scratch */
    RO_ALG_PULL,       /* broadcast: members read the root's source; reduce: from every source */
    RO_ALG_TREE,       /* broadcast: binomial tree of put-with-signal */
    RO_ALG_PARTS,      /* reduce: each member reduces its part, then all gather the parts */
    RO_ALG_RECDBL,     /* reduce: recursive doubling of put-with-signal, chunked */
    RO_ALG_DIRECT      /* reduce_scatter, fcollect, alltoall: one put per member */
};

enum ro_coll_kind { RO_COLL_SYNC, RO_COLL_BCAST, RO_COLL_REDUCE, RO_COLL_REDUCE_SCATTER };

/* One round of signals reaches every member at once on the on-node path; through the
 * proxy, or past a few members, log2 rounds cost less. */
#define RO_COLL_FLAT_MAX 8
/* Broadcast: below this the root alone copies (one step); above, every member copies its
 * own in parallel (two steps). */
#define RO_COLL_PUSH_MAX (64 * 1024)
/* Reduce: below this every member reduces the whole (no gather step). */
#define RO_COLL_PULL_MAX (16 * 1024)
/* Reduce: up to these sizes (and members) each member sends its source to every other
 * one's scratch and reduces what it got: one step of signals, not the two syncs of the
 * on-node algorithms or the log2 steps of recursive doubling. On the on-node path up to
 * 16 KiB (8 / 16 KiB on 2 PEs of an H100: 12.8 / 13.3 us by PULL, 8.1 / 8.9 by PUSH);
 * through the proxy up to 4 KiB, the size it was measured at. */
#define RO_COLL_PUSH_REDUCE_MAX_IPC (16 * 1024)
#define RO_COLL_PUSH_REDUCE_MAX 4096
#define RO_COLL_PUSH_REDUCE_PES 16

RO_DEVICE enum ro_coll_alg ro_coll_pick(enum ro_coll_kind kind, const struct ro_team *t,
                                        size_t bytes)
{
    if (t->size == 1)
        return RO_ALG_NONE;
    switch (kind) {
    case RO_COLL_SYNC:
        return t->all_ipc && t->size <= RO_COLL_FLAT_MAX ? RO_ALG_FLAT : RO_ALG_DISSEM;
    case RO_COLL_BCAST:
        if (!t->all_ipc)
            return RO_ALG_TREE;
        return bytes <= RO_COLL_PUSH_MAX ? RO_ALG_PUSH : RO_ALG_PULL;
    case RO_COLL_REDUCE:
        if (bytes <= (t->all_ipc ? RO_COLL_PUSH_REDUCE_MAX_IPC : RO_COLL_PUSH_REDUCE_MAX) &&
            t->size <= RO_COLL_PUSH_REDUCE_PES &&
            ((bytes + 15) & ~(size_t)15) * (size_t)t->size <= t->scratch_size / 2)
            return RO_ALG_PUSH;
        if (!t->all_ipc)
            return RO_ALG_RECDBL;
        return bytes <= RO_COLL_PULL_MAX ? RO_ALG_PULL : RO_ALG_PARTS;
    default:
        return t->all_ipc ? RO_ALG_PULL : RO_ALG_DIRECT;
    }
}

#endif
