/* The ring and the proxy together, under load: a real proxy thread (ro_proxy_open) drains
 * plain threads posting with the real ro_gpu_post into the null transport, which applies
 * every put and AMO to a local target region. Afterwards the region is compared byte for
 * byte with what the producers meant to write, and the transport's counts with what they
 * posted: nothing lost, nothing done twice. Rings are small so producers keep hitting a
 * full ring. Links no libfabric: the null transport needs none. */
#include "config.h"

#include <check.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check_log.h"
#include "check_run.h"
#include "gpu/ro_gpu_post.h"
#include "proxy/ro_proxy.h"
#include "proxy/ro_xport_null.h"

#define RO_TEST_FATAL_EXIT 42

#define PRODUCERS 8
#define TOTAL 1000000u                  /* puts, all producers together */
#define PER_PRODUCER (TOTAL / PRODUCERS)
#define RING_SIZE 256
#define MAX_LEN 64                      /* put sizes are 1..MAX_LEN bytes */
#define SRC_WINDOWS 4                   /* a producer's source: windows reused in turn */
#define SRC_WINDOW 4096
#define SEED 0x5eed2026u
/* Case "rings and fences": per producer, every SIGNAL_EVERY-th put carries a signal,
 * every FENCE_EVERY-th is followed by a fence and an inline put of its index, and every
 * ADD_EVERY-th is preceded by an add to a counter shared by all producers. */
#define SIGNAL_EVERY 16
#define FENCE_EVERY 64
#define ADD_EVERY 32

static void ro_test_fatal(const char *why)
{
    fprintf(stderr, "check_ring_proxy: fatal: %s\n", why);
    _exit(RO_TEST_FATAL_EXIT);
}

/* Target region: each producer's puts packed in its own area, then the words of the
 * second case (one signal and one cursor per producer, one shared counter). */
#define AREA ((size_t)PER_PRODUCER * MAX_LEN)
#define META_OFF ((size_t)PRODUCERS * AREA)
#define SIGNAL_OFF(id) (META_OFF + 8u * (size_t)(id))
#define CURSOR_OFF(id) (META_OFF + 8u * (PRODUCERS + (size_t)(id)))
#define COUNTER_OFF (META_OFF + 16u * PRODUCERS)
#define REGION_LEN (COUNTER_OFF + 8u)

static struct ro_pe_activity activity;
static struct ro_xport_null xnull;
static struct ro_proxy *proxy;
static uint8_t *region;

/* splitmix64: each producer's sizes and bytes are a fixed function of SEED and its id, so
 * the checker can replay them. */
static uint64_t gen_next(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static uint64_t gen_seed(int id)
{
    return SEED ^ ((uint64_t)(id + 1) << 40);
}

/* One put as the generator dictates: its length and the seed of its bytes. */
struct put_spec {
    size_t len;
    uint64_t bytes;
};

static struct put_spec gen_put(uint64_t *s)
{
    struct put_spec p;
    p.len = 1 + gen_next(s) % MAX_LEN;
    p.bytes = gen_next(s);
    return p;
}

static uint8_t put_byte(uint64_t bytes, size_t k)
{
    return (uint8_t)((bytes >> ((k & 7) * 8)) + (k >> 3) * 0x9d);
}

struct producer {
    int id;
    int own_ring;                 /* case 2: adds its own ring, posts fences, signals, adds */
    struct ro_ring *ring;
    uint8_t src[SRC_WINDOWS][SRC_WINDOW];
    uint64_t last[SRC_WINDOWS];   /* ticket + 1 of the newest put reading each window */
    unsigned win;
    size_t cur;
    uint64_t descs;               /* descriptors posted */
    uint64_t full_seen;           /* posts that found the ring full */
};

static struct producer producers[PRODUCERS];

/* Source bytes for a put of `len`: the current window, or the next one once every put
 * that read it has completed (ring->done past its newest ticket), so a put's source is
 * never overwritten before the proxy has carried it out. */
static uint8_t *src_take(struct producer *pr, size_t len)
{
    uint8_t *s;
    if (pr->cur + len > SRC_WINDOW) {
        pr->win = (pr->win + 1) % SRC_WINDOWS;
        pr->cur = 0;
        if (pr->last[pr->win])
            ro_gpu_wait_ge(&pr->ring->done, pr->last[pr->win], "check_ring_proxy",
                           "a source window's puts");
    }
    s = &pr->src[pr->win][pr->cur];
    pr->cur += len;
    return s;
}

static uint64_t post(struct producer *pr, const struct ro_desc *d)
{
    struct ro_ring *r = pr->ring;
    /* A sample, not exact: a full ring at the moment this producer arrives. */
    if (ro_load_volatile64(&r->prod->tail) - ro_load_volatile64(&r->head) >= r->size)
        pr->full_seen++;
    pr->descs++;
    return ro_gpu_post(r->prod, d, "check_ring_proxy");
}

/* Posts the next generated put (op RO_OP_PUT or RO_OP_PUT_SIGNAL) at *roff. */
static void post_put(struct producer *pr, uint64_t *gen, size_t *roff, uint8_t op)
{
    struct put_spec p = gen_put(gen);
    uint8_t *s = src_take(pr, p.len);
    struct ro_desc d = { 0 };

    for (size_t k = 0; k < p.len; k++)
        s[k] = put_byte(p.bytes, k);
    d.op = op;
    d.pe = 1;
    d.raddr = *roff;
    d.laddr = (uint64_t)(uintptr_t)s;
    d.len = p.len;
    if (op == RO_OP_PUT_SIGNAL) {
        d.dtype = RO_DT_UINT64;
        d.amo = RO_AMO_SUM;
        d.arg[0] = 1;
        d.arg[1] = SIGNAL_OFF(pr->id);
    }
    pr->last[pr->win] = post(pr, &d) + 1;
    *roff += p.len;
}

static void post_word(struct producer *pr, uint8_t op, uint64_t roff, uint64_t v)
{
    struct ro_desc d = { 0 };
    d.op = op;
    d.pe = 1;
    d.raddr = roff;
    d.len = 8;
    d.dtype = RO_DT_UINT64;
    d.amo = RO_AMO_SUM;
    d.arg[0] = v;
    post(pr, &d);
}

static void *producer_main(void *arg)
{
    struct producer *pr = arg;
    uint64_t gen = gen_seed(pr->id);
    size_t roff = (size_t)pr->id * AREA;

    if (pr->own_ring && ro_proxy_ring_add(proxy, &ro_mem_host, &pr->ring))
        return (void *)1;
    for (uint64_t n = 0; n < PER_PRODUCER; n++) {
        if (pr->own_ring && n % ADD_EVERY == 0)
            post_word(pr, RO_OP_AMO, COUNTER_OFF, (uint64_t)pr->id + 1);
        post_put(pr, &gen, &roff,
                 pr->own_ring && n % SIGNAL_EVERY == SIGNAL_EVERY - 1 ? RO_OP_PUT_SIGNAL : RO_OP_PUT);
        if (pr->own_ring && n % FENCE_EVERY == FENCE_EVERY - 1) {
            post_word(pr, RO_OP_FENCE, 0, 0);
            post_word(pr, RO_OP_PUT_INLINE, CURSOR_OFF(pr->id), n);
        }
    }
    if (pr->own_ring)
        ro_gpu_prods_quiet(&pr->ring->prod, 1, "check_ring_proxy");
    return NULL;
}

static void proxy_setup(unsigned max_rings)
{
    struct ro_proxy_params params = {
        .xport = &ro_xport_null_ops,
        .xport_obj = &xnull,
        .mem = &ro_mem_host,
        .ring_size = RING_SIZE,
        .max_rings = max_rings,
        .npes = 2,
        .cpu_list = NULL,
        .local_rank = 0,
        .local_size = 1,
        .activity = &activity,
        .fatal = ro_test_fatal,
    };

    ro_gpu_state.activity = &activity;
    ro_gpu_state.timeout_ns = 30ull * 1000000000u;
    ro_gpu_state.fatal = ro_test_fatal;
    region = calloc(1, REGION_LEN);
    ck_assert_ptr_nonnull(region);
    ro_xport_null_init(&xnull, region, REGION_LEN);
    ck_assert_str_eq(ro_xport_null_ops.name, "null");
    ck_assert_int_eq(ro_proxy_open(&params, &proxy), 0);
}

static void run_producers(struct ro_ring *shared, int own_ring)
{
    pthread_t th[PRODUCERS];
    for (int i = 0; i < PRODUCERS; i++) {
        producers[i] = (struct producer){ .id = i, .own_ring = own_ring, .ring = shared };
        ck_assert_int_eq(pthread_create(&th[i], NULL, producer_main, &producers[i]), 0);
    }
    for (int i = 0; i < PRODUCERS; i++) {
        void *ret = NULL;
        ck_assert_int_eq(pthread_join(th[i], &ret), 0);
        ck_assert_ptr_null(ret);
    }
}

/* Replays producer `id`'s puts against the region; returns their payload bytes. */
static uint64_t check_area(int id)
{
    uint64_t gen = gen_seed(id), bytes = 0;
    const uint8_t *area = region + (size_t)id * AREA, *at = area;

    for (uint64_t n = 0; n < PER_PRODUCER; n++) {
        struct put_spec p = gen_put(&gen);
        for (size_t k = 0; k < p.len; k++)
            if (at[k] != put_byte(p.bytes, k))
                ck_abort_msg("producer %d put %llu (%zu bytes at offset %zu): byte %zu is %u, "
                             "expected %u", id, (unsigned long long)n, p.len,
                             (size_t)(at - region), k, at[k], put_byte(p.bytes, k));
        at += p.len;
        bytes += p.len;
    }
    for (; at < area + AREA; at++)   /* past the last put: never written */
        if (*at)
            ck_abort_msg("producer %d: stray byte %u at offset %zu past its puts", id, *at,
                         (size_t)(at - region));
    return bytes;
}

static void close_proxy(void)
{
    ck_assert_int_eq(ro_proxy_close(proxy), 0);
    proxy = NULL;
}

/* 8 producers x 125000 random-size puts (1-64 bytes) on one 256-slot ring. */
START_TEST(test_shared_ring_puts)
{
    struct ro_ring *ring;
    uint64_t bytes = 0, full = 0;

    proxy_setup(1);
    ck_assert_int_eq(ro_proxy_ring_add(proxy, &ro_mem_host, &ring), 0);
    run_producers(ring, 0);
    ro_gpu_prods_quiet(&ring->prod, 1, "check_ring_proxy");
    ck_assert_uint_eq(ring->prod->tail, TOTAL);
    ck_assert_uint_eq(ring->done, TOTAL);
    close_proxy();   /* joins the proxy thread: its counts are final */

    for (int i = 0; i < PRODUCERS; i++) {
        bytes += check_area(i);
        full += producers[i].full_seen;
    }
    ck_assert_uint_eq(xnull.puts, TOTAL);
    ck_assert_uint_eq(xnull.gets + xnull.amos + xnull.amo_fetches, 0);
    ck_assert_uint_eq(xnull.bytes, bytes);
    ck_assert_uint_gt(full, 0);   /* backpressure really happened */
    free(region);
}
END_TEST

/* The same puts, one 256-slot ring per producer, with fences, put-with-signal, AMOs and
 * inline puts mixed in; the proxy drains all eight rings in batches. */
START_TEST(test_rings_and_fences)
{
    uint64_t bytes = 0, full = 0, signals = 0, fences = 0, adds = 0, counter = 0, v;

    proxy_setup(PRODUCERS);
    run_producers(NULL, 1);   /* each producer quiets its own ring before returning */
    for (uint64_t n = 0; n < PER_PRODUCER; n++) {
        signals += n % SIGNAL_EVERY == SIGNAL_EVERY - 1;
        fences += n % FENCE_EVERY == FENCE_EVERY - 1;
        adds += n % ADD_EVERY == 0;
    }
    for (int i = 0; i < PRODUCERS; i++) {
        struct ro_ring *r = producers[i].ring;
        ck_assert_uint_eq(producers[i].descs, PER_PRODUCER + 2 * fences + adds);
        ck_assert_uint_eq(r->prod->tail, producers[i].descs);
        ck_assert_uint_eq(r->done, r->prod->tail);
        ro_proxy_ring_remove(proxy, r);
        full += producers[i].full_seen;
    }
    close_proxy();

    for (int i = 0; i < PRODUCERS; i++) {
        bytes += check_area(i);
        memcpy(&v, region + SIGNAL_OFF(i), 8);
        ck_assert_uint_eq(v, signals);
        memcpy(&v, region + CURSOR_OFF(i), 8);
        ck_assert_uint_eq(v, PER_PRODUCER - 1 - (PER_PRODUCER % FENCE_EVERY));
        counter += (uint64_t)(i + 1) * adds;
    }
    memcpy(&v, region + COUNTER_OFF, 8);
    ck_assert_uint_eq(v, counter);
    ck_assert_uint_eq(xnull.puts, (uint64_t)PRODUCERS * (PER_PRODUCER + fences));
    ck_assert_uint_eq(xnull.amos, (uint64_t)PRODUCERS * (signals + adds));
    ck_assert_uint_eq(xnull.gets + xnull.amo_fetches, 0);
    ck_assert_uint_eq(xnull.bytes, bytes + 8u * PRODUCERS * fences);
    ck_assert_uint_gt(full, 0);
    free(region);
}
END_TEST

/* Bursts of 8-byte inline puts to consecutive words, as a wave's p to adjacent elements:
 * the proxy sends runs of them that it finds in the ring together as one put (the null
 * transport here holds and reorders operations, so a merged put's source must have been
 * copied at posting). Every word must hold its value, and some runs must have merged. */
#define BURSTS 4000
#define BURST 32
START_TEST(test_adjacent_puts_merge)
{
    struct ro_ring *ring;
    uint64_t descs = 0, bad = 0;

    proxy_setup(1);
    ro_xport_null_reorder(&xnull, 16, SEED);
    ck_assert_int_eq(ro_proxy_ring_add(proxy, &ro_mem_host, &ring), 0);
    for (uint64_t b = 0; b < BURSTS; b++) {
        for (uint64_t k = 0; k < BURST; k++, descs++) {
            struct ro_desc d = { 0 };
            d.op = RO_OP_PUT_INLINE;
            d.pe = 1;
            d.raddr = 8u * (b * BURST + k);
            d.len = 8;
            d.arg[0] = b << 8 | k | 1ull << 63;
            ro_gpu_post(ring->prod, &d, "check_ring_proxy");
        }
    }
    ro_gpu_prods_quiet(&ring->prod, 1, "check_ring_proxy");
    for (uint64_t w = 0; w < (uint64_t)BURSTS * BURST; w++) {
        uint64_t v;
        memcpy(&v, region + 8u * w, 8);
        bad += v != ((w / BURST) << 8 | (w % BURST) | 1ull << 63);
    }
    ck_assert_uint_eq(bad, 0);
    ck_assert_uint_eq(xnull.bytes, 8u * descs);
    ck_assert_uint_lt(xnull.puts, descs);
    printf("check_ring_proxy: %llu adjacent inline puts went out as %llu\n",
           (unsigned long long)descs, (unsigned long long)xnull.puts);
    ro_proxy_ring_remove(proxy, ring);
    ck_assert_int_eq(ro_proxy_close(proxy), 0);
    free(region);
}
END_TEST

/* A put outside the target region is a transport error: the proxy ends the job through
 * the fatal hook instead of writing out of bounds. */
START_TEST(test_put_out_of_region)
{
    struct ro_ring *ring;
    uint64_t word = 7;
    struct ro_desc d = { 0 };

    proxy_setup(1);
    ck_assert_int_eq(ro_proxy_ring_add(proxy, &ro_mem_host, &ring), 0);
    d.op = RO_OP_PUT;
    d.raddr = REGION_LEN - 4;
    d.laddr = (uint64_t)(uintptr_t)&word;
    d.len = 8;
    ro_gpu_post_wait(ring->prod, &d, "check_ring_proxy");   /* must not return */
}
END_TEST

/* Descriptors no producer of ours writes (a kernel's bug, ring memory written over) are
 * refused: logged, completed without effect (post_wait returns), the job goes on. Before,
 * an unknown op ended the job, and a bad pe, range, inline length, datatype, AMO or return
 * flag reached the transport unchecked: past the per-target bitmaps and libfabric's peer
 * table, outside the heap (raddr + len wrapping too), past the descriptor or the return
 * word (found with tests/fuzz/fuzz_proxy_desc). */
#define SMALL_HEAP 4096
static const struct {
    struct ro_desc d;
    const char *why;
} refused[] = {
    { { .op = 0, .pe = 1 }, "unknown operation" },
    { { .op = RO_OP_COUNT, .pe = 1 }, "unknown operation" },
    { { .op = 255, .pe = 1 }, "unknown operation" },
    { { .op = RO_OP_PUT, .pe = 2, .len = 8 }, "no such PE" },
    { { .op = RO_OP_FENCE, .pe = 0xffffffffu }, "no such PE" },
    { { .op = RO_OP_PUT, .pe = 1, .raddr = SMALL_HEAP, .len = 1 }, "outside the symmetric heap" },
    { { .op = RO_OP_PUT, .pe = 1, .raddr = SMALL_HEAP - 6, .len = 8 }, "outside the symmetric heap" },
    { { .op = RO_OP_PUT, .pe = 1, .raddr = UINT64_MAX - 3, .len = 8 }, "outside the symmetric heap" },
    { { .op = RO_OP_GET, .pe = 1, .raddr = 8, .len = UINT64_MAX }, "outside the symmetric heap" },
    /* The data region (common/ro_sym.h) exists only where globals are symmetric: not here. */
    { { .op = RO_OP_PUT, .pe = 1, .raddr = RO_SYM_DATA_BIT, .len = 1 }, "outside the symmetric heap" },
    /* Empty too (found with tests/fuzz/fuzz_proxy_desc): the transport has no region there. */
    { { .op = RO_OP_PUT, .pe = 1, .raddr = RO_SYM_DATA_BIT, .len = 0 }, "outside the symmetric heap" },
    { { .op = RO_OP_AMO, .pe = 1, .dtype = RO_DT_UINT64, .raddr = RO_SYM_DATA_BIT },
      "outside the symmetric heap" },
    { { .op = RO_OP_PUT, .pe = 1, .raddr = 1ull << 63, .len = 1 }, "outside the symmetric heap" },
    { { .op = RO_OP_GET, .pe = 1, .raddr = 0, .len = 16, .flags = RO_DESC_F_RET }, "flags" },
    { { .op = RO_OP_PUT, .pe = 1, .raddr = 0, .len = 8, .flags = RO_DESC_F_RET }, "flags" },
    { { .op = RO_OP_PUT_INLINE, .pe = 1, .raddr = 0, .len = 9 }, "more than 8 bytes" },
    { { .op = RO_OP_PUT_INLINE, .pe = 1, .raddr = SMALL_HEAP - 4, .len = 8 }, "outside the symmetric heap" },
    { { .op = RO_OP_AMO, .pe = 1, .dtype = RO_DT_COUNT }, "no such atomic" },
    { { .op = RO_OP_AMO, .pe = 1, .dtype = RO_DT_UINT64, .amo = RO_AMO_COUNT }, "no such atomic" },
    { { .op = RO_OP_AMO, .pe = 1, .dtype = RO_DT_FLOAT, .amo = RO_AMO_BAND }, "no such atomic" },
    { { .op = RO_OP_AMO, .pe = 1, .dtype = RO_DT_UINT64, .amo = RO_AMO_CSWAP }, "no such atomic" },
    { { .op = RO_OP_AMO, .pe = 1, .dtype = RO_DT_UINT64, .raddr = 4 }, "not aligned" },
    { { .op = RO_OP_AMO, .pe = 1, .dtype = RO_DT_UINT64, .raddr = SMALL_HEAP }, "outside the symmetric heap" },
    { { .op = RO_OP_AMO, .pe = 1, .dtype = RO_DT_INT8, .raddr = SMALL_HEAP }, "outside the symmetric heap" },
    { { .op = RO_OP_AMO_FETCH, .pe = 1, .dtype = RO_DT_UINT64, .amo = 200 }, "no such atomic" },
    { { .op = RO_OP_AMO_FETCH, .pe = 1, .dtype = RO_DT_UINT64, .flags = 0x80 }, "unknown flags" },
    { { .op = RO_OP_PUT_SIGNAL, .pe = 1, .dtype = RO_DT_UINT64, .arg = { 1, SMALL_HEAP } },
      "outside the symmetric heap" },
    { { .op = RO_OP_PUT_SIGNAL, .pe = 1, .dtype = RO_DT_UINT64, .arg = { 1, 1028 } }, "not aligned" },
    { { .op = RO_OP_PUT_SIGNAL, .pe = 1, .raddr = SMALL_HEAP, .len = 8, .dtype = RO_DT_UINT64,
        .arg = { 1, 8 } }, "outside the symmetric heap" },
    { { .op = RO_OP_PUT_SIGNAL, .pe = 1, .dtype = RO_DT_UINT64, .amo = RO_AMO_READ, .arg = { 1, 8 } },
      "no such atomic" },
    { { .op = RO_OP_FENCE, .pe = 0, .flags = 2 }, "flags" },
};

static struct {
    uint8_t heap[SMALL_HEAP + 64];   /* the heap, then bytes that must stay untouched */
    uint64_t word;
} small_mem;

static struct ro_ring *small_setup(unsigned hold)
{
    struct ro_proxy_params params = {
        .xport = &ro_xport_null_ops, .xport_obj = &xnull, .mem = &ro_mem_host,
        .ring_size = 64, .max_rings = 1, .npes = 2, .heap_size = SMALL_HEAP,
        .local_rank = 0, .local_size = 1, .activity = &activity, .fatal = ro_test_fatal,
    };
    struct ro_ring *ring;

    check_log_capture();
    ro_gpu_state.activity = &activity;
    ro_gpu_state.timeout_ns = 30ull * 1000000000u;
    ro_gpu_state.fatal = ro_test_fatal;
    /* The null transport's region is larger than the heap the proxy is told of: what the
     * proxy lets through lands there, and the test sees it. */
    ro_xport_null_init(&xnull, small_mem.heap, sizeof(small_mem.heap));
    if (hold)
        ro_xport_null_reorder(&xnull, hold, SEED);
    ck_assert_int_eq(ro_proxy_open(&params, &proxy), 0);
    ck_assert_int_eq(ro_proxy_ring_add(proxy, &ro_mem_host, &ring), 0);
    return ring;
}

START_TEST(test_bad_descriptors_refused)
{
    struct ro_ring *ring = small_setup(0);
    struct ro_desc d = { 0 };
    const char *log;
    uint64_t v;

    for (size_t i = 0; i < sizeof(refused) / sizeof(refused[0]); i++) {
        d = refused[i].d;
        d.laddr = (uint64_t)(uintptr_t)&small_mem.word;
        ro_gpu_post_wait(ring->prod, &d, "check_ring_proxy");   /* completes: no hang */
        log = check_log_take();
        ck_assert_msg(strstr(log, "refused") && strstr(log, refused[i].why),
                      "descriptor %zu (op %u): expected a refusal saying \"%s\", logged: \"%s\"",
                      i, d.op, refused[i].why, log);
    }
    for (size_t i = 0; i < sizeof(small_mem.heap); i++)
        ck_assert_msg(small_mem.heap[i] == 0, "byte %zu written by a refused descriptor", i);
    ck_assert_uint_eq(xnull.puts + xnull.gets + xnull.amos + xnull.amo_fetches, 0);

    /* The proxy goes on, and the heap's last bytes are reachable. */
    d = (struct ro_desc){ .op = RO_OP_PUT_INLINE, .pe = 1, .raddr = SMALL_HEAP - 8, .len = 8,
                          .arg = { 0x0102030405060708ull } };
    ro_gpu_post_wait(ring->prod, &d, "check_ring_proxy");
    d = (struct ro_desc){ .op = RO_OP_AMO, .pe = 1, .raddr = SMALL_HEAP - 8,
                          .dtype = RO_DT_UINT64, .amo = RO_AMO_SUM, .arg = { 1 } };
    ro_gpu_post_wait(ring->prod, &d, "check_ring_proxy");
    /* An empty put at the heap's end, from NULL: nothing moves (the null transport called
     * memcpy(dst, NULL, 0) here, which UBSan reports). */
    d = (struct ro_desc){ .op = RO_OP_PUT, .pe = 1, .raddr = SMALL_HEAP, .len = 0 };
    ro_gpu_post_wait(ring->prod, &d, "check_ring_proxy");
    memcpy(&v, small_mem.heap + SMALL_HEAP - 8, 8);
    ck_assert_uint_eq(v, 0x0102030405060709ull);
    ck_assert_str_eq(check_log_take(), "");

    /* Refusals stop being logged after the first 32 (a runaway kernel must not flood the
     * log); they are still refused. */
    d = refused[0].d;
    for (int i = 0; i < 40; i++)
        ro_gpu_post_wait(ring->prod, &d, "check_ring_proxy");
    log = check_log_take();
    ck_assert_msg(strstr(log, "refused"), "no refusal logged: \"%s\"", log);
    ro_gpu_post_wait(ring->prod, &d, "check_ring_proxy");
    ck_assert_str_eq(check_log_take(), "");
    ro_proxy_ring_remove(proxy, ring);
    close_proxy();
}
END_TEST

/* Adjacent inline puts merge only while every one of them is valid: a bad one in a run is
 * refused alone, and the merged put never passes the heap's end. */
START_TEST(test_bad_descriptor_in_merge_run)
{
    struct ro_ring *ring = small_setup(0);
    struct ro_desc d = { 0 };
    uint64_t v;

    for (uint64_t k = 0; k < 6; k++) {
        d = (struct ro_desc){ .op = RO_OP_PUT_INLINE, .pe = 1, .raddr = SMALL_HEAP - 32 + 8 * k,
                              .len = k == 2 ? 16 : 8, .arg = { k + 1, 0xeeeeeeeeeeeeeeeeull } };
        ro_gpu_post(ring->prod, &d, "check_ring_proxy");
    }
    ro_gpu_prods_quiet(&ring->prod, 1, "check_ring_proxy");
    for (uint64_t k = 0; k < 4; k++) {
        memcpy(&v, small_mem.heap + SMALL_HEAP - 32 + 8 * k, 8);
        ck_assert_uint_eq(v, k == 2 ? 0 : k + 1);
    }
    for (size_t i = SMALL_HEAP; i < sizeof(small_mem.heap); i++)
        ck_assert_msg(small_mem.heap[i] == 0, "byte %zu past the heap written", i);
    ck_assert_msg(strstr(check_log_take(), "more than 8 bytes"), "the 16-byte inline put was not refused");
    ro_proxy_ring_remove(proxy, ring);
    close_proxy();
}
END_TEST

/* Empty puts from NULL on a transport that holds operations (its inject copy called
 * memcpy(buf, NULL, 0): found by fuzz_proxy_desc under UBSan). */
START_TEST(test_empty_put_held)
{
    struct ro_ring *ring = small_setup(8);
    struct ro_desc d = { .op = RO_OP_PUT, .pe = 1, .raddr = 16, .len = 0 };

    for (int i = 0; i < 20; i++)
        ro_gpu_post(ring->prod, &d, "check_ring_proxy");
    d = (struct ro_desc){ .op = RO_OP_GET, .pe = 1, .raddr = 16, .len = 0 };
    ro_gpu_post(ring->prod, &d, "check_ring_proxy");
    ro_gpu_prods_quiet(&ring->prod, 1, "check_ring_proxy");
    ck_assert_uint_eq(xnull.puts, 20);
    ck_assert_uint_eq(xnull.bytes, 0);
    ck_assert_str_eq(check_log_take(), "");
    ro_proxy_ring_remove(proxy, ring);
    close_proxy();
}
END_TEST

static Suite *ring_proxy_suite(void)
{
    Suite *s = suite_create("ring_proxy");
    TCase *tc;

    tc = tcase_create("shared ring");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_shared_ring_puts);
    suite_add_tcase(s, tc);

    tc = tcase_create("rings and fences");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_rings_and_fences);
    suite_add_tcase(s, tc);

    tc = tcase_create("adjacent puts merge");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_adjacent_puts_merge);
    suite_add_tcase(s, tc);

    tc = tcase_create("bad descriptors refused");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_bad_descriptors_refused);
    tcase_add_test(tc, test_bad_descriptor_in_merge_run);
    tcase_add_test(tc, test_empty_put_held);
    suite_add_tcase(s, tc);

    tc = tcase_create("transport error");
    tcase_set_timeout(tc, 30);
    tcase_add_exit_test(tc, test_put_out_of_region, RO_TEST_FATAL_EXIT);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return ro_check_run(ring_proxy_suite());
}
