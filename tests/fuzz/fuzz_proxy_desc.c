/* libFuzzer target: random 64-byte descriptors through the proxy, over the null transport
 * carrying operations out on a local "heap". Every descriptor must be refused (with a
 * message, and completed so its producer does not hang) or executed inside the heap: never
 * a crash, a hang, a call of the proxy's fatal hook, or a write outside the heap.
 *
 * Input: an 8-byte header, then descriptors of 64 bytes (a shorter tail is ignored).
 *   byte 0     bit 0: the null transport holds up to byte 1 % 64 + 1 operations and
 *              completes them in an order drawn from bytes 6-7 (a transport without
 *              per-target order: fences and signals then make the proxy wait); bits 1-3:
 *              ring of 2 << (bits % 6) slots (2..64), so long inputs lap the ring;
 *   bytes 2-3  npes = 1 + value % 200 (the per-target bitmaps span up to 4 words);
 *   bytes 4-5  heap bytes = 8 + value % 8185 (4088 gives 4096).
 * Every field of a descriptor is fuzzed and written as a producer would, seq last, except:
 *   - seq: ticket + 1, as a producer writes it (anything else is a slot not yet written,
 *     which the proxy rightly waits for);
 *   - laddr: the producer's own buffer in its own process, which the proxy trusts as the
 *     caller's (ro_proxy_exec.c). Mapped into a scratch buffer of heap size the harness
 *     owns: scratch + laddr % (room for len bytes, or 8 for a fetch); NULL for an odd
 *     laddr of an empty transfer (OpenSHMEM allows any address for no elements).
 * Detection: the heap is an exact-size block between two 64-byte canaries, poisoned for
 * ASan (any touch is a report) and compared after each input otherwise; the scratch buffer
 * and the ring's return words are exact-size allocations; return words of slots whose
 * descriptors had no reason to write theirs must stay zero; the proxy must refuse exactly
 * the descriptors the contract, written out again here, calls bad, and pass every other
 * get and AMO to the transport. A hang is the proxy not
 * completing every descriptor within PASS_LIMIT passes of its loop.
 *
 * The proxy runs in this thread, deterministically: the harness builds the struct
 * ro_proxy that ro_proxy_open would (without its thread and hwloc pinning; the topology is
 * a synthetic one, so the loop's pinning binds nothing) and calls the proxy loop,
 * ro_proxy_main, with `stop` already set: each call is one pass (drain the ring, progress
 * the transport, publish completions). Keep the fields below in step with ro_proxy_open. */
#include "config.h"

#include <hwloc.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/ro_mem.h"
#include "proxy/ro_proxy_int.h"
#include "proxy/ro_ring_mem.h"
#include "proxy/ro_xport_null.h"

#include "fuzz_util.h"

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#include <sanitizer/asan_interface.h>
#define FUZZ_POISON(p, n) ASAN_POISON_MEMORY_REGION(p, n)
#define FUZZ_UNPOISON(p, n) ASAN_UNPOISON_MEMORY_REGION(p, n)
#endif
#endif
#ifndef FUZZ_POISON
#define FUZZ_POISON(p, n) ((void)(p), (void)(n))
#define FUZZ_UNPOISON(p, n) ((void)(p), (void)(n))
#endif

#define HDR 8
#define CANARY 64
#define CANARY_BYTE 0xcd
#define RING_MAX 64
#define PASS_LIMIT 100000

static hwloc_topology_t topo;
static struct ro_pe_activity activity;
static uint8_t *block;     /* canary, heap, canary */
static uint8_t *scratch;   /* laddr buffers, exactly heap_len bytes (per input) */

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void fuzz_proxy_fatal(const char *why)
{
    fuzz_fail("fuzz_proxy_desc: the proxy called its fatal hook (would end the job): %s", why);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    fuzz_quiet_log();
    if (hwloc_topology_init(&topo) || hwloc_topology_set_synthetic(topo, "pu:2") ||
        hwloc_topology_load(topo))
        fuzz_fail("fuzz_proxy_desc: synthetic hwloc topology");
    return 0;
}

static uint16_t u16_at(const uint8_t *d, size_t i)
{
    return (uint16_t)(d[i] | d[i + 1] << 8);
}

/* What the harness expects of the proxy, from the descriptor contract (ro_desc.h, the
 * API's AMO table) written out again here: the proxy must refuse exactly the descriptors
 * this finds bad, and pass the others on (counted per kind of transport call). */
struct expect {
    uint64_t refused, gets, amos;   /* amos: AMOs, fetching AMOs and signals */
};

static int amo_ok(const struct ro_desc *d, uint64_t off, size_t heap_len, int fetching)
{
    static const size_t size[RO_DT_COUNT] = { 1, 1, 2, 2, 4, 4, 8, 8, 4, 8 };
    int fp = d->dtype == RO_DT_FLOAT || d->dtype == RO_DT_DOUBLE;

    if (d->dtype >= RO_DT_COUNT || d->amo >= RO_AMO_COUNT)
        return 0;
    if (fp && (d->amo == RO_AMO_BAND || d->amo == RO_AMO_BOR || d->amo == RO_AMO_BXOR))
        return 0;
    if (!fetching && (d->amo == RO_AMO_READ || d->amo == RO_AMO_CSWAP))
        return 0;
    return off % size[d->dtype] == 0 && off < heap_len && size[d->dtype] <= heap_len - off;
}

static void expect_one(const struct ro_desc *d, size_t heap_len, unsigned npes, struct expect *e)
{
    int in = d->raddr <= heap_len && d->len <= heap_len - d->raddr, ok;

    switch (d->op) {
    case RO_OP_PUT: ok = in && !d->flags; break;
    case RO_OP_GET: ok = in && (!d->flags || (d->flags == RO_DESC_F_RET && d->len <= 8)); break;
    case RO_OP_PUT_INLINE: ok = in && !d->flags && d->len <= 8; break;
    case RO_OP_AMO: ok = !d->flags && amo_ok(d, d->raddr, heap_len, 0); break;
    case RO_OP_AMO_FETCH: ok = !(d->flags & ~RO_DESC_F_RET) && amo_ok(d, d->raddr, heap_len, 1); break;
    case RO_OP_PUT_SIGNAL: ok = in && !d->flags && amo_ok(d, d->arg[1], heap_len, 0); break;
    case RO_OP_FENCE: ok = !d->flags; break;
    default: ok = 0; break;
    }
    ok &= d->pe < npes;
    e->refused += !ok;
    e->gets += ok && d->op == RO_OP_GET;
    e->amos += ok && (d->op == RO_OP_AMO || d->op == RO_OP_AMO_FETCH || d->op == RO_OP_PUT_SIGNAL);
}

/* Descriptor t of the input, as its producer writes it into the ring. */
static void post(struct ro_ring *r, const uint8_t *raw, uint64_t t, size_t heap_len,
                 unsigned npes, uint8_t *ret_ok, struct expect *e)
{
    struct ro_desc d, *slot = &r->slots[t & r->mask];
    uint64_t need, off;

    memcpy(&d, raw, sizeof(d));
    need = d.op == RO_OP_AMO_FETCH ? 8 : d.len;
    off = need <= heap_len ? d.laddr % (heap_len - need + 1) : d.laddr % heap_len;
    /* An empty transfer's local address may be anything: NULL too. */
    d.laddr = need == 0 && (d.laddr & 1) ? 0 : (uint64_t)(uintptr_t)(scratch + off);
    if ((d.flags & RO_DESC_F_RET) && (d.op == RO_OP_GET || d.op == RO_OP_AMO_FETCH))
        ret_ok[t & r->mask] = 1;
    expect_one(&d, heap_len, npes, e);
    /* Everything but seq, then seq with release order, as ro_gpu_post does. */
    memcpy(slot, &d, offsetof(struct ro_desc, seq));
    __atomic_store_n(&slot->seq, t + 1, __ATOMIC_RELEASE);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct ro_xport_null x;
    struct ro_proxy *p;
    struct ro_ring *r;
    uint8_t ret_ok[RING_MAX] = { 0 };
    struct expect e = { 0 };
    size_t heap_len, n;
    uint8_t *heap;
    uint64_t t = 0, passes = 0;
    unsigned npes;

    if (size < HDR)
        return 0;
    n = (size - HDR) / sizeof(struct ro_desc);
    npes = 1 + u16_at(data, 2) % 200;
    heap_len = 8 + u16_at(data, 4) % 8185;

    block = malloc(2 * CANARY + heap_len);
    scratch = malloc(heap_len);
    p = calloc(1, sizeof(*p));
    if (!block || !scratch || !p)
        fuzz_fail("fuzz_proxy_desc: out of memory");
    heap = block + CANARY;
    memset(block, CANARY_BYTE, CANARY);
    memset(heap, 0, heap_len);
    memset(heap + heap_len, CANARY_BYTE, CANARY);
    memset(scratch, 0x3c, heap_len);
    FUZZ_POISON(block, CANARY);
    FUZZ_POISON(heap + heap_len, CANARY);

    ro_xport_null_init(&x, heap, heap_len);
    if (data[0] & 1)
        ro_xport_null_reorder(&x, 1 + data[1] % RO_XPORT_NULL_HOLD, u16_at(data, 6));

    /* What ro_proxy_open sets, for one ring and no thread. */
    p->xport = (struct ro_xport){ .ops = &ro_xport_null_ops, .obj = &x };
    p->ordered = ro_xport_ordered(&p->xport);
    p->merge_max = ro_xport_inject_max(&p->xport);
    if (p->merge_max > RO_PROXY_MERGE_MAX)
        p->merge_max = RO_PROXY_MERGE_MAX;
    p->mem = &ro_mem_host;
    p->may_sleep = false;
    p->ring_size = 2u << ((data[0] >> 1 & 7) % 6);
    p->max_rings = 1;
    p->bitmap_words = (npes + 63) / 64;
    p->npes = npes;
    p->heap_bound = heap_len;
    p->fatal = fuzz_proxy_fatal;
    p->activity = &activity;
    p->topo = topo;
    p->cpu = 0;
    p->stop = 1;   /* ro_proxy_main makes one pass per call */
    p->rings = calloc(p->max_rings, sizeof(*p->rings));
    p->bitmaps = calloc((size_t)p->max_rings * 2 * p->bitmap_words, sizeof(uint64_t));
    if (!p->rings || !p->bitmaps || pthread_mutex_init(&p->rings_lock, NULL))
        fuzz_fail("fuzz_proxy_desc: out of memory");
    if (ro_proxy_ring_add(p, &ro_mem_host, &r))
        fuzz_fail("fuzz_proxy_desc: ro_proxy_ring_add failed");

    /* Post what fits, let the proxy make a pass, until every descriptor has completed. */
    while (__atomic_load_n(&r->done, __ATOMIC_ACQUIRE) < n) {
        while (t < n && t - __atomic_load_n(&r->head, __ATOMIC_ACQUIRE) < r->size) {
            post(r, data + HDR + t * sizeof(struct ro_desc), t, heap_len, npes, ret_ok, &e);
            t++;
        }
        ro_proxy_main(p);
        if (++passes > PASS_LIMIT)
            fuzz_fail("fuzz_proxy_desc: the proxy is stuck: %llu of %zu descriptors done after "
                      "%d passes", (unsigned long long)r->done, n, PASS_LIMIT);
    }
    FUZZ_CHECK(r->done == n && x.held == 0, "done %llu of %zu, %u operations still held",
               (unsigned long long)r->done, n, x.held);
    FUZZ_CHECK(p->refused == e.refused, "the proxy refused %llu descriptors, expected %llu",
               (unsigned long long)p->refused, (unsigned long long)e.refused);
    FUZZ_CHECK(x.gets == e.gets && x.amos + x.amo_fetches == e.amos,
               "transport saw %llu gets and %llu AMOs, expected %llu and %llu",
               (unsigned long long)x.gets, (unsigned long long)(x.amos + x.amo_fetches),
               (unsigned long long)e.gets, (unsigned long long)e.amos);
    for (uint64_t s = 0; s < r->size; s++)
        FUZZ_CHECK(ret_ok[s] || r->ret[s] == 0, "return word %llu written by a descriptor "
                   "that has no result for it", (unsigned long long)s);
    FUZZ_UNPOISON(block, CANARY);
    FUZZ_UNPOISON(heap + heap_len, CANARY);
    for (size_t i = 0; i < CANARY; i++) {
        FUZZ_CHECK(block[i] == CANARY_BYTE, "write %zu bytes below the heap", CANARY - i);
        FUZZ_CHECK(heap[heap_len + i] == CANARY_BYTE, "write %zu bytes past the heap", i);
    }

    p->rings[0].ring = NULL;
    ro_ring_destroy(&ro_mem_host, r);
    pthread_mutex_destroy(&p->rings_lock);
    free(p->bitmaps);
    free(p->rings);
    free(p);
    free(scratch);
    free(block);
    return 0;
}
