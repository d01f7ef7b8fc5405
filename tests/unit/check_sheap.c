/* Symmetric heap layer alone: the offset allocator checked against a reference model
 * (first fit over the gaps between live blocks), and the region over mmap'ed memory. */
#include "config.h"

#include <check.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check_log.h"
#include "check_run.h"
#include "sheap/ro_sheap.h"

/* ---- reference model ---------------------------------------------------------------- */

#define MODEL_MAX_LIVE 1024

struct live {
    size_t off, len;   /* len is the request rounded up to RO_SHEAP_ALIGN */
};

/* An allocator plus what it should contain: the live blocks in offset order. Every
 * other block must be free, and coalescing means one free block per gap between them. */
struct model {
    struct ro_sheap_alloc a;
    struct live live[MODEL_MAX_LIVE];
    size_t n;
};

static size_t round_up(size_t v, size_t align)
{
    return (v + align - 1) / align * align;
}

static size_t effective_align(size_t align)
{
    return align < RO_SHEAP_ALIGN ? RO_SHEAP_ALIGN : align;
}

static void model_init(struct model *m, size_t size)
{
    m->n = 0;
    ck_assert_int_eq(ro_sheap_alloc_init(&m->a, size), 0);
    ck_assert_uint_eq(m->a.size, size);
}

/* Free bytes, gap count and largest gap derived from the live list. */
static void model_gaps(const struct model *m, size_t *free_bytes, size_t *gaps, size_t *largest)
{
    size_t at = 0;

    *free_bytes = *gaps = *largest = 0;
    for (size_t i = 0; i <= m->n; i++) {
        size_t end = i < m->n ? m->live[i].off : m->a.size;
        if (end > at) {
            *free_bytes += end - at;
            *gaps += 1;
            *largest = end - at > *largest ? end - at : *largest;
        }
        if (i < m->n)
            at = m->live[i].off + m->live[i].len;
    }
}

/* The offset first fit must return for (size, align), or SIZE_MAX when nothing fits. */
static size_t model_first_fit(const struct model *m, size_t size, size_t align)
{
    size_t at = 0, len = round_up(size, RO_SHEAP_ALIGN);

    align = effective_align(align);
    for (size_t i = 0; i <= m->n; i++) {
        size_t end = i < m->n ? m->live[i].off : m->a.size;
        size_t start = round_up(at, align);
        if (start <= end && end - start >= len)
            return start;
        if (i < m->n)
            at = m->live[i].off + m->live[i].len;
    }
    return SIZE_MAX;
}

/* Live blocks lie in the heap, in order, without overlap, and the allocator's own
 * counts match the gaps between them. Each passing ck_assert costs a write to Check's
 * channel, so the per-block loop only asserts on the first bad block. */
static void model_check(const struct model *m)
{
    size_t free_bytes, gaps, largest;

    for (size_t i = 0; i < m->n; i++) {
        const struct live *l = &m->live[i];
        if (l->off % RO_SHEAP_ALIGN || l->off + l->len > m->a.size ||
            (i && m->live[i - 1].off + m->live[i - 1].len > l->off))
            ck_abort_msg("live block %zu [%zu, +%zu) unaligned, past heap end %zu or overlapping "
                         "the one before", i, l->off, l->len, m->a.size);
    }
    model_gaps(m, &free_bytes, &gaps, &largest);
    ck_assert_uint_eq(ro_sheap_alloc_free_bytes(&m->a), free_bytes);
    ck_assert_uint_eq(ro_sheap_alloc_blocks(&m->a), m->n + gaps);
    ck_assert_uint_eq(ro_sheap_alloc_largest_free(&m->a), largest);
}

/* Takes through the allocator and checks the result against first fit: success at the
 * predicted offset, or -ENOMEM exactly when no gap fits (and then nothing changed). */
static int model_take(struct model *m, size_t size, size_t align, size_t *off_out)
{
    size_t want = model_first_fit(m, size, align), off = SIZE_MAX, i;
    int rc = ro_sheap_alloc_take(&m->a, size, align, &off);

    if (want == SIZE_MAX) {
        ck_assert_msg(rc == -ENOMEM, "take(%zu, align %zu): rc %d, expected -ENOMEM (%d)", size,
                      align, rc, -ENOMEM);
        model_check(m);
        return rc;
    }
    ck_assert_msg(rc == 0, "take(%zu, align %zu): rc %d, expected 0 at offset %zu", size, align,
                  rc, want);
    ck_assert_msg(off == want, "take(%zu, align %zu): offset %zu, first fit is %zu", size, align,
                  off, want);
    ck_assert_uint_lt(m->n, MODEL_MAX_LIVE);
    for (i = m->n; i > 0 && m->live[i - 1].off > off; i--)
        m->live[i] = m->live[i - 1];
    m->live[i] = (struct live){ off, round_up(size, RO_SHEAP_ALIGN) };
    m->n++;
    model_check(m);
    if (off_out)
        *off_out = off;
    return 0;
}

static size_t model_take_ok(struct model *m, size_t size, size_t align)
{
    size_t off = SIZE_MAX;
    ck_assert_int_eq(model_take(m, size, align, &off), 0);
    return off;
}

static void model_give(struct model *m, size_t off)
{
    size_t i;

    for (i = 0; i < m->n && m->live[i].off != off; i++)
        ;
    ck_assert_msg(i < m->n, "test bug: %zu is not a live offset", off);
    ck_assert_int_eq(ro_sheap_alloc_give(&m->a, off), 0);
    memmove(&m->live[i], &m->live[i + 1], (m->n - i - 1) * sizeof(m->live[0]));
    m->n--;
    model_check(m);
}

/* Allocator state as its public counters show it, to prove a failed call changed nothing. */
struct snapshot {
    size_t free_bytes, largest, blocks;
};

static struct snapshot snap(const struct ro_sheap_alloc *a)
{
    return (struct snapshot){ ro_sheap_alloc_free_bytes(a), ro_sheap_alloc_largest_free(a),
                              ro_sheap_alloc_blocks(a) };
}

static void assert_unchanged(const struct ro_sheap_alloc *a, struct snapshot before)
{
    struct snapshot now = snap(a);
    ck_assert_uint_eq(now.free_bytes, before.free_bytes);
    ck_assert_uint_eq(now.largest, before.largest);
    ck_assert_uint_eq(now.blocks, before.blocks);
}

/* ---- allocator fixture: a 1 MiB allocator per test, emptied and checked at the end ---- */

#define HEAP (1u << 20)

static struct model m;

static void alloc_setup(void)
{
    model_init(&m, HEAP);
    model_check(&m);
}

/* Giving back what is left must leave one free block spanning the heap. */
static void alloc_teardown(void)
{
    while (m.n)
        model_give(&m, m.live[m.n - 1].off);
    ck_assert_uint_eq(ro_sheap_alloc_blocks(&m.a), 1);
    ck_assert_uint_eq(ro_sheap_alloc_free_bytes(&m.a), HEAP);
    ro_sheap_alloc_fini(&m.a);
    ck_assert_ptr_null(m.a.first);
}

/* ---- alignment ---------------------------------------------------------------------- */

START_TEST(test_align_default)
{
    /* Any alignment up to the granule gives granule-aligned, granule-sized blocks. */
    static const size_t aligns[] = { 1, 2, 8, 64, RO_SHEAP_ALIGN };
    for (size_t i = 0; i < sizeof(aligns) / sizeof(aligns[0]); i++) {
        size_t off = model_take_ok(&m, 1, aligns[i]);
        ck_assert_uint_eq(off, i * RO_SHEAP_ALIGN);
    }
    ck_assert_uint_eq(model_take_ok(&m, RO_SHEAP_ALIGN + 1, 1), 5 * RO_SHEAP_ALIGN);
    ck_assert_uint_eq(model_take_ok(&m, 1, 1), 7 * RO_SHEAP_ALIGN);
}
END_TEST

START_TEST(test_align_large)
{
    /* One granule at 0 first, so each larger alignment has to skip a pad. */
    model_take_ok(&m, 1, 1);
    for (size_t align = 2 * RO_SHEAP_ALIGN; align <= HEAP / 2; align *= 2) {
        size_t off = model_take_ok(&m, 100, align);
        ck_assert_msg(off % align == 0, "offset %zu not aligned to %zu", off, align);
    }
    /* An alignment only the heap start satisfies is taken while offset 0 is free; the
     * largest power of two too, without its rounding wrapping. */
    model_give(&m, 0);
    ck_assert_uint_eq(model_take_ok(&m, 1, (size_t)1 << 62), 0);
    model_take(&m, 1, (size_t)1 << 62, NULL);   /* -ENOMEM: no other offset is aligned */
    model_take(&m, 1, (size_t)1 << 63, NULL);
    model_give(&m, 0);
    ck_assert_uint_eq(model_take_ok(&m, 1, (size_t)1 << 63), 0);
}
END_TEST

/* Alignments far above the old 2 MiB bound, in a heap large enough to hold them (the
 * allocator knows no memory, so its size costs nothing). */
START_TEST(test_align_huge)
{
    enum { MIB = 1u << 20 };
    struct model big;
    struct snapshot before;
    size_t off = 12345;

    model_init(&big, 64 * (size_t)MIB);
    model_take_ok(&big, 1, 1);   /* offset 0 taken, as the runtime's reserved words are */
    ck_assert_uint_eq(model_take_ok(&big, 64, 4 * MIB), 4 * MIB);
    ck_assert_uint_eq(model_take_ok(&big, 64, 16 * MIB), 16 * MIB);
    ck_assert_uint_eq(model_take_ok(&big, 16 * MIB, 16 * MIB), 32 * MIB);
    /* No room: every 32 MiB-aligned offset but 0 is past the free space that fits. */
    before = snap(&big.a);
    ck_assert_int_eq(ro_sheap_alloc_take(&big.a, 32 * MIB, 32 * MIB, &off), -ENOMEM);
    ck_assert_int_eq(ro_sheap_alloc_take(&big.a, 64, 64 * MIB, &off), -ENOMEM);
    assert_unchanged(&big.a, before);
    ck_assert_uint_eq(off, 12345);
    /* The heap is not lost: the space around the aligned blocks is still handed out. */
    ck_assert_uint_eq(model_take_ok(&big, 2 * MIB, 2 * MIB), 2 * MIB);
    ck_assert_uint_eq(model_take_ok(&big, 16 * MIB - 128, 1), 16 * MIB + 128);
    while (big.n)
        model_give(&big, big.live[big.n - 1].off);
    ck_assert_uint_eq(ro_sheap_alloc_blocks(&big.a), 1);
    ro_sheap_alloc_fini(&big.a);
}
END_TEST

START_TEST(test_align_invalid)
{
    static const size_t bad[] = { 0, 3, 96, 129, 1000, 3 * RO_SHEAP_ALIGN, SIZE_MAX,
                                  ((size_t)1 << 63) + 1 };
    struct snapshot before;
    size_t off = 12345;

    model_take_ok(&m, 1, 1);
    before = snap(&m.a);
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        int rc = ro_sheap_alloc_take(&m.a, 64, bad[i], &off);
        ck_assert_msg(rc == -EINVAL, "alignment %zu: rc %d, expected -EINVAL (%d)", bad[i], rc,
                      -EINVAL);
        assert_unchanged(&m.a, before);
    }
    ck_assert_uint_eq(off, 12345);
}
END_TEST

START_TEST(test_size_invalid)
{
    /* Zero, and sizes whose rounding up to the granule (or the alignment) would wrap. */
    static const size_t bad[] = { 0, SIZE_MAX, SIZE_MAX - 1, SIZE_MAX - RO_SHEAP_ALIGN + 2 };
    struct snapshot before = snap(&m.a);
    size_t off = 12345;

    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        int rc = ro_sheap_alloc_take(&m.a, bad[i], RO_SHEAP_ALIGN, &off);
        ck_assert_msg(rc == -EINVAL, "size %zu: rc %d, expected -EINVAL (%d)", bad[i], rc, -EINVAL);
        assert_unchanged(&m.a, before);
    }
    ck_assert_uint_eq(off, 12345);
    /* Huge but representable: just too large. */
    ck_assert_int_eq(ro_sheap_alloc_take(&m.a, SIZE_MAX / 2, 1, &off), -ENOMEM);
    ck_assert_int_eq(ro_sheap_alloc_take(&m.a, HEAP + 1, 1, &off), -ENOMEM);
    assert_unchanged(&m.a, before);
}
END_TEST

/* ---- exhaustion --------------------------------------------------------------------- */

START_TEST(test_exhaustion)
{
    struct snapshot before;
    size_t off = 12345;

    ck_assert_uint_eq(model_take_ok(&m, HEAP - RO_SHEAP_ALIGN, 1), 0);
    ck_assert_uint_eq(model_take_ok(&m, RO_SHEAP_ALIGN, 1), HEAP - RO_SHEAP_ALIGN);
    before = snap(&m.a);
    ck_assert_uint_eq(before.free_bytes, 0);
    ck_assert_uint_eq(before.blocks, 2);
    ck_assert_int_eq(ro_sheap_alloc_take(&m.a, 1, 1, &off), -ENOMEM);
    assert_unchanged(&m.a, before);
    ck_assert_uint_eq(off, 12345);

    /* A granule free at the end, but aligned requests cannot use it. */
    model_give(&m, HEAP - RO_SHEAP_ALIGN);
    before = snap(&m.a);
    ck_assert_int_eq(ro_sheap_alloc_take(&m.a, RO_SHEAP_ALIGN + 1, 1, &off), -ENOMEM);
    ck_assert_int_eq(ro_sheap_alloc_take(&m.a, 1, HEAP, &off), -ENOMEM);
    assert_unchanged(&m.a, before);
    ck_assert_uint_eq(model_take_ok(&m, RO_SHEAP_ALIGN, 1), HEAP - RO_SHEAP_ALIGN);
}
END_TEST

START_TEST(test_empty_allocator)
{
    struct ro_sheap_alloc a;
    size_t off = 12345;

    ck_assert_int_eq(ro_sheap_alloc_init(&a, 0), 0);
    ck_assert_int_eq(ro_sheap_alloc_take(&a, 1, 1, &off), -ENOMEM);
    ck_assert_int_eq(ro_sheap_alloc_give(&a, 0), -EINVAL);
    ck_assert_uint_eq(ro_sheap_alloc_free_bytes(&a), 0);
    ck_assert_uint_eq(ro_sheap_alloc_blocks(&a), 0);
    ck_assert_uint_eq(off, 12345);
    ro_sheap_alloc_fini(&a);
}
END_TEST

/* ---- fragmentation ------------------------------------------------------------------ */

START_TEST(test_fragmentation)
{
    enum { N = 64, LEN = 4 * RO_SHEAP_ALIGN };
    size_t offs[N];
    struct snapshot before;
    size_t off;

    for (int i = 0; i < N; i++)
        offs[i] = model_take_ok(&m, LEN, 1);
    model_take_ok(&m, HEAP - N * LEN, 1);   /* fill the rest: holes are all that is free */
    for (int i = 0; i < N; i += 2)
        model_give(&m, offs[i]);
    before = snap(&m.a);
    ck_assert_uint_eq(before.free_bytes, N / 2 * LEN);
    ck_assert_uint_eq(before.largest, LEN);
    ck_assert_int_eq(ro_sheap_alloc_take(&m.a, 2 * LEN, 1, &off), -ENOMEM);
    assert_unchanged(&m.a, before);

    for (int i = 1; i < N; i += 2)
        model_give(&m, offs[i]);
    ck_assert_uint_eq(ro_sheap_alloc_largest_free(&m.a), N * LEN);
    ck_assert_uint_eq(model_take_ok(&m, N * LEN, 1), 0);
}
END_TEST

/* ---- coalescing --------------------------------------------------------------------- */

#define COALESCE_N 8

/* Orders in which the blocks of a full heap are given back. */
static const int coalesce_orders[][COALESCE_N] = {
    { 0, 1, 2, 3, 4, 5, 6, 7 },   /* forward */
    { 7, 6, 5, 4, 3, 2, 1, 0 },   /* backward */
    { 4, 3, 5, 2, 6, 1, 7, 0 },   /* middle first, growing outwards */
    { 1, 3, 5, 7, 0, 2, 4, 6 },   /* odd ones, then the holes between them */
    { 0, 7, 1, 6, 2, 5, 3, 4 },   /* both ends towards the middle */
};

START_TEST(test_coalesce)
{
    const int *order = coalesce_orders[_i];
    size_t offs[COALESCE_N];

    for (int k = 0; k < COALESCE_N; k++)
        offs[k] = model_take_ok(&m, HEAP / COALESCE_N, 1);
    ck_assert_uint_eq(ro_sheap_alloc_free_bytes(&m.a), 0);
    for (int k = 0; k < COALESCE_N; k++)
        model_give(&m, offs[order[k]]);   /* model_give checks one block per gap */
    ck_assert_uint_eq(ro_sheap_alloc_blocks(&m.a), 1);
    ck_assert_uint_eq(ro_sheap_alloc_largest_free(&m.a), HEAP);
}
END_TEST

/* ---- bad frees ---------------------------------------------------------------------- */

START_TEST(test_give_invalid)
{
    size_t a = model_take_ok(&m, 4 * RO_SHEAP_ALIGN, 1);
    size_t b = model_take_ok(&m, RO_SHEAP_ALIGN, 1);
    const size_t bad[] = {
        a + 1,                  /* inside a block */
        a + RO_SHEAP_ALIGN,     /* a granule boundary inside a block */
        b + RO_SHEAP_ALIGN,     /* start of the free tail */
        HEAP - RO_SHEAP_ALIGN,  /* inside the free tail */
        HEAP, HEAP + RO_SHEAP_ALIGN, SIZE_MAX,
    };
    struct snapshot before = snap(&m.a);

    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        int rc = ro_sheap_alloc_give(&m.a, bad[i]);
        ck_assert_msg(rc == -EINVAL, "give(%zu): rc %d, expected -EINVAL (%d)", bad[i], rc,
                      -EINVAL);
        assert_unchanged(&m.a, before);
    }
    model_give(&m, a);
    before = snap(&m.a);
    ck_assert_int_eq(ro_sheap_alloc_give(&m.a, a), -EINVAL);   /* double free */
    assert_unchanged(&m.a, before);
    ck_assert_uint_eq(model_take_ok(&m, RO_SHEAP_ALIGN, 1), a);   /* still usable */
}
END_TEST

/* ---- determinism and stress --------------------------------------------------------- */

/* xorshift64: the same sequence on every libc. */
static uint64_t rng_next(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

/* One random step: mostly takes while the heap has room, else a give of a random block. */
static void random_step(struct model *mm, uint64_t *seed)
{
    static const size_t aligns[] = { 1, 8, RO_SHEAP_ALIGN, 256, 1024, 4096, 65536 };
    uint64_t r = rng_next(seed);

    if (mm->n == 0 || (r % 100 < 55 && mm->n < MODEL_MAX_LIVE)) {
        size_t size = 1 + (size_t)(rng_next(seed) % (r % 8 ? 4096 : 65536));
        model_take(mm, size, aligns[rng_next(seed) % (sizeof(aligns) / sizeof(aligns[0]))], NULL);
    } else {
        model_give(mm, mm->live[rng_next(seed) % mm->n].off);
    }
}

START_TEST(test_deterministic)
{
    /* Every PE runs its own allocator: the same calls must give the same offsets. */
    static struct model other;
    uint64_t seed_a = 42, seed_b = 42;

    model_init(&other, HEAP);
    for (int step = 0; step < 1000; step++) {
        random_step(&m, &seed_a);
        random_step(&other, &seed_b);
        ck_assert_uint_eq(m.n, other.n);
        for (size_t i = 0; i < m.n; i++)
            if (m.live[i].off != other.live[i].off)
                ck_abort_msg("step %d: block %zu at %zu in one heap, %zu in the other", step, i,
                             m.live[i].off, other.live[i].off);
    }
    ro_sheap_alloc_fini(&other.a);
}
END_TEST

START_TEST(test_stress)
{
    /* Each step checks first fit and the block structure against the model. */
    uint64_t seed = 0x9e3779b97f4a7c15ull;
    for (int step = 0; step < 3000; step++)
        random_step(&m, &seed);
}
END_TEST

/* ---- region ------------------------------------------------------------------------- */

#define REGION_SIZE (1u << 20)
#define REGION_RESERVED (2 * RO_SHEAP_ALIGN)

static struct ro_sheap h;

static void region_setup(void)
{
    check_log_capture();
    ck_assert_int_eq(ro_sheap_open(&h, REGION_SIZE, REGION_RESERVED), 0);
    ck_assert_ptr_nonnull(h.base);
    ck_assert_uint_eq(h.size, REGION_SIZE);
    ck_assert_uint_eq(h.reserved, REGION_RESERVED);
}

static void region_teardown(void)
{
    ro_sheap_close(&h);
    ck_assert_ptr_null(h.base);
    ck_assert_str_eq(check_log_take(), "");
}

START_TEST(test_region_open)
{
    ck_assert_uint_eq((uintptr_t)h.base % (uintptr_t)sysconf(_SC_PAGESIZE), 0);
    ck_assert_uint_eq(ro_sheap_alloc_free_bytes(&h.alloc), REGION_SIZE - REGION_RESERVED);
    for (size_t i = 0; i < REGION_SIZE; i++)
        if (h.base[i])
            ck_abort_msg("heap byte %zu is %u, not zeroed", i, h.base[i]);
}
END_TEST

START_TEST(test_region_open_invalid)
{
    struct ro_sheap bad;
    ck_assert_int_eq(ro_sheap_open(&bad, REGION_SIZE, RO_SHEAP_ALIGN + 1), -EINVAL);
    ck_assert_ptr_nonnull(strstr(check_log_take(), "reserved"));
    ck_assert_int_eq(ro_sheap_open(&bad, REGION_SIZE, REGION_SIZE), -EINVAL);
    ck_assert_ptr_nonnull(strstr(check_log_take(), "reserved"));
}
END_TEST

START_TEST(test_region_take)
{
    /* Pointers lie after the reserved bytes, inside the heap, aligned as asked. */
    static const size_t aligns[] = { 1, RO_SHEAP_ALIGN, 256, 512, 4096 };
    uint8_t *lo = h.base + REGION_RESERVED, *hi = h.base + REGION_SIZE;

    for (size_t i = 0; i < sizeof(aligns) / sizeof(aligns[0]); i++) {
        size_t size = 1000;
        uint8_t *p = ro_sheap_take(&h, size, aligns[i], "rocshmem_align");
        ck_assert_ptr_nonnull(p);
        ck_assert_msg(p >= lo && p + size <= hi, "align %zu: %p..%p outside %p..%p", aligns[i],
                      (void *)p, (void *)(p + size), (void *)lo, (void *)hi);
        ck_assert_msg((uintptr_t)p % effective_align(aligns[i]) == 0,
                      "align %zu: pointer %p is %zu bytes past an aligned address", aligns[i],
                      (void *)p, (size_t)((uintptr_t)p % effective_align(aligns[i])));
        memset(p, 0xa5, size);
    }
}
END_TEST

START_TEST(test_region_take_above_page)
{
    /* mmap only promises page alignment; a larger alignment must still hold for the
     * pointer, or the request be refused. */
    for (size_t align = 2 * (size_t)sysconf(_SC_PAGESIZE); align <= REGION_SIZE / 4; align *= 2) {
        uint8_t *p = ro_sheap_take(&h, 64, align, "rocshmem_align");
        if (!p) {
            ck_assert_ptr_nonnull(strstr(check_log_take(), "alignment"));
            continue;
        }
        ck_assert_msg((uintptr_t)p % align == 0, "align %zu: pointer %p (base %p) misaligned",
                      align, (void *)p, (void *)h.base);
        ck_assert_int_eq(ro_sheap_give(&h, p), 0);
    }
}
END_TEST

START_TEST(test_region_take_fails)
{
    struct snapshot before = snap(&h.alloc);

    ck_assert_ptr_null(ro_sheap_take(&h, REGION_SIZE, 1, "rocshmem_align"));
    ck_assert_ptr_nonnull(strstr(check_log_take(), "exhausted"));
    ck_assert_ptr_null(ro_sheap_take(&h, 64, 3, "rocshmem_align"));
    ck_assert_ptr_nonnull(strstr(check_log_take(), "alignment 3"));
    assert_unchanged(&h.alloc, before);
}
END_TEST

START_TEST(test_region_give_invalid)
{
    struct snapshot before = snap(&h.alloc);
    uint8_t *p = ro_sheap_take(&h, 1000, 1, "rocshmem_align");
    int local;
    void *const bad[] = {
        p + 1, p + RO_SHEAP_ALIGN,   /* inside the block */
        h.base,                      /* the reserved bytes */
        h.base + REGION_SIZE,        /* end of the heap */
        &local, NULL,
    };

    ck_assert_ptr_nonnull(p);
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        ck_assert_msg(ro_sheap_give(&h, bad[i]) == -EINVAL, "give(%p) accepted", bad[i]);
        ck_assert_msg(strstr(check_log_take(), "nothing freed"), "give(%p) logged no error", bad[i]);
    }
    ck_assert_int_eq(ro_sheap_give(&h, p), 0);
    ck_assert_int_eq(ro_sheap_give(&h, p), -EINVAL);   /* double free */
    ck_assert_ptr_nonnull(strstr(check_log_take(), "nothing freed"));
    assert_unchanged(&h.alloc, before);
}
END_TEST

static const void *addr(uintptr_t a)
{
    return (const void *)a;
}

START_TEST(test_region_contains)
{
    uintptr_t b = (uintptr_t)h.base, e = b + REGION_SIZE;

    ck_assert_int_ne(ro_sheap_contains(&h, addr(b), REGION_SIZE), 0);
    ck_assert_int_ne(ro_sheap_contains(&h, addr(b), 0), 0);
    ck_assert_int_ne(ro_sheap_contains(&h, addr(e - 1), 1), 0);
    ck_assert_int_ne(ro_sheap_contains(&h, addr(e), 0), 0);   /* empty range at the end */
    ck_assert_int_eq(ro_sheap_contains(&h, addr(b), REGION_SIZE + 1), 0);
    ck_assert_int_eq(ro_sheap_contains(&h, addr(e - 1), 2), 0);
    ck_assert_int_eq(ro_sheap_contains(&h, addr(e), 1), 0);
    ck_assert_int_eq(ro_sheap_contains(&h, addr(e + 1), 0), 0);
    ck_assert_int_eq(ro_sheap_contains(&h, addr(b - 1), 0), 0);
    ck_assert_int_eq(ro_sheap_contains(&h, addr(b - 1), 2), 0);
    /* Lengths that wrap the address space when added to the pointer. */
    ck_assert_int_eq(ro_sheap_contains(&h, addr(b + 1), SIZE_MAX), 0);
    ck_assert_int_eq(ro_sheap_contains(&h, addr(e - 1), SIZE_MAX - (e - 1) + 2), 0);
    ck_assert_int_eq(ro_sheap_contains(&h, addr(UINTPTR_MAX), 1), 0);
}
END_TEST

/* ---- region: alignments above 2 MiB ------------------------------------------------- */

#define BIG_SIZE ((size_t)64 << 20)   /* mapped, but only the pages a test touches cost */
#define MIB_SZ ((size_t)1 << 20)

static struct ro_sheap hb;

static void big_setup(void)
{
    check_log_capture();
    ck_assert_int_eq(ro_sheap_open(&hb, BIG_SIZE, REGION_RESERVED), 0);
}

static void big_teardown(void)
{
    ro_sheap_close(&hb);
    ck_assert_str_eq(check_log_take(), "");
}

START_TEST(test_region_align_huge)
{
    /* Aligned pointers at aligned offsets: another PE making the same calls gets the same
     * offsets, so its pointers are aligned only if its base is aligned as well. */
    static const size_t aligns[] = { 4 * MIB_SZ, 16 * MIB_SZ, 32 * MIB_SZ };

    for (size_t i = 0; i < sizeof(aligns) / sizeof(aligns[0]); i++) {
        uint8_t *p = ro_sheap_take(&hb, 64, aligns[i], "rocshmem_align");
        ck_assert_msg(p != NULL, "align %zu: NULL (%s)", aligns[i], check_log_take());
        ck_assert_msg((uintptr_t)p % aligns[i] == 0, "align %zu: pointer %p misaligned",
                      aligns[i], (void *)p);
        ck_assert_uint_eq((size_t)(p - hb.base), aligns[i]);   /* first fit */
        memset(p, 0xa5, 64);
    }
    ck_assert_uint_eq((uintptr_t)hb.base % BIG_SIZE, 0);
}
END_TEST

START_TEST(test_region_align_refused)
{
    struct snapshot before = snap(&hb.alloc);
    uint8_t *p;

    /* Only offset 0 is aligned to the heap's size, and the reserved words hold it. */
    ck_assert_ptr_null(ro_sheap_take(&hb, 64, BIG_SIZE, "rocshmem_align"));
    ck_assert_ptr_nonnull(strstr(check_log_take(), "no room"));
    /* Room, but not above a 32 MiB boundary. */
    ck_assert_ptr_null(ro_sheap_take(&hb, 32 * MIB_SZ + 1, 32 * MIB_SZ, "rocshmem_align"));
    ck_assert_ptr_nonnull(strstr(check_log_take(), "no room"));
    /* Above the base's own alignment no offset is aligned on every PE. */
    ck_assert_ptr_null(ro_sheap_take(&hb, 64, (size_t)1 << 40, "rocshmem_align"));
    ck_assert_ptr_nonnull(strstr(check_log_take(), "heap base's alignment"));
    ck_assert_ptr_null(ro_sheap_take(&hb, 64, (size_t)1 << 63, "rocshmem_align"));
    ck_assert_ptr_nonnull(strstr(check_log_take(), "heap base's alignment"));
    assert_unchanged(&hb.alloc, before);
    /* Nothing was lost: the largest block that fits at that alignment still does. */
    p = ro_sheap_take(&hb, 32 * MIB_SZ, 32 * MIB_SZ, "rocshmem_align");
    ck_assert_ptr_eq(p, hb.base + 32 * MIB_SZ);
    memset(p + 32 * MIB_SZ - 4096, 0x5a, 4096);
    ck_assert_int_eq(ro_sheap_give(&hb, p), 0);
    assert_unchanged(&hb.alloc, before);
}
END_TEST

START_TEST(test_region_place_align)
{
    /* A heap in a region the caller made (a device heap): only RO_SHEAP_BASE_ALIGN is
     * promised for its base, and a larger alignment is refused, never misplaced. */
    const size_t size = 8 * MIB_SZ, len = size + RO_SHEAP_BASE_ALIGN;
    void *region = calloc(1, len);
    struct ro_sheap d;
    uint8_t *p;

    ck_assert_ptr_nonnull(region);
    ck_assert_int_eq(ro_sheap_place(&d, region, len, size, REGION_RESERVED), 0);
    p = ro_sheap_take(&d, 64, RO_SHEAP_BASE_ALIGN, "rocshmem_align");
    ck_assert_ptr_nonnull(p);
    ck_assert_uint_eq((uintptr_t)p % RO_SHEAP_BASE_ALIGN, 0);
    ck_assert_ptr_null(ro_sheap_take(&d, 64, 2 * RO_SHEAP_BASE_ALIGN, "rocshmem_align"));
    ck_assert_ptr_nonnull(strstr(check_log_take(), "heap base's alignment"));
    ro_sheap_close(&d);
    free(region);
}
END_TEST

/* ---- suite -------------------------------------------------------------------------- */

/* A TCase whose tests each get a fresh allocator (built in the forked child). */
static TCase *alloc_case(Suite *s, const char *name)
{
    TCase *tc = tcase_create(name);
    tcase_add_checked_fixture(tc, alloc_setup, alloc_teardown);
    suite_add_tcase(s, tc);
    return tc;
}

static Suite *sheap_suite(void)
{
    Suite *s = suite_create("sheap");
    TCase *tc;

    tcase_add_test(alloc_case(s, "align_default"), test_align_default);
    tcase_add_test(alloc_case(s, "align_large"), test_align_large);
    tcase_add_test(alloc_case(s, "align_huge"), test_align_huge);
    tcase_add_test(alloc_case(s, "align_invalid"), test_align_invalid);
    tcase_add_test(alloc_case(s, "size_invalid"), test_size_invalid);
    tcase_add_test(alloc_case(s, "exhaustion"), test_exhaustion);
    tcase_add_test(alloc_case(s, "fragmentation"), test_fragmentation);
    tcase_add_loop_test(alloc_case(s, "coalesce"), test_coalesce, 0,
                        (int)(sizeof(coalesce_orders) / sizeof(coalesce_orders[0])));
    tcase_add_test(alloc_case(s, "give_invalid"), test_give_invalid);
    tcase_add_test(alloc_case(s, "deterministic"), test_deterministic);
    tcase_add_test(alloc_case(s, "stress"), test_stress);

    tc = tcase_create("empty_allocator");
    tcase_add_test(tc, test_empty_allocator);
    suite_add_tcase(s, tc);

    tc = tcase_create("region");
    tcase_add_checked_fixture(tc, region_setup, region_teardown);
    tcase_add_test(tc, test_region_open);
    tcase_add_test(tc, test_region_open_invalid);
    tcase_add_test(tc, test_region_take);
    tcase_add_test(tc, test_region_take_above_page);
    tcase_add_test(tc, test_region_take_fails);
    tcase_add_test(tc, test_region_give_invalid);
    tcase_add_test(tc, test_region_contains);
    suite_add_tcase(s, tc);

    tc = tcase_create("region_large");
    tcase_add_checked_fixture(tc, big_setup, big_teardown);
    tcase_add_test(tc, test_region_align_huge);
    tcase_add_test(tc, test_region_align_refused);
    tcase_add_test(tc, test_region_place_align);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return ro_check_run(sheap_suite());
}
