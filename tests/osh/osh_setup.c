/* OpenSHMEM 1.5 chapters 9.1-9.3: library setup, query and memory management.
 *   - shmem_init_thread(SHMEM_THREAD_MULTIPLE) returns 0 and a valid level, which
 *     shmem_query_thread then reports; (plain shmem_init starts every other program);
 *   - shmem_my_pe / shmem_n_pes: every PE has a distinct number below n_pes, all agree on
 *     n_pes (each PE writes its number into slot my_pe of a global array on every PE);
 *   - shmem_pe_accessible for every PE, and not for -1 or n_pes;
 *   - shmem_addr_accessible: heap, global and function-static objects are, on every PE; a
 *     stack object and a malloc'd one are not; nor anything on PE -1 or n_pes;
 *   - shmem_info_get_version (1.5, the SHMEM_MAJOR/MINOR_VERSION macros) and
 *     shmem_info_get_name (SHMEM_VENDOR_STRING, NUL-terminated within SHMEM_MAX_NAME_LEN);
 *   - shmem_ptr on this PE gives the object's own address (heap and global); where it
 *     gives an address on another PE, loads and stores through it reach that PE's object;
 *   - shmem_malloc, shmem_calloc (zeroed), shmem_align (aligned to 8 .. 4096) and
 *     shmem_malloc_with_hints (each hint and none): non-NULL, distinct, usable by puts and
 *     AMOs from other PEs; shmem_free of each and of NULL;
 *   - a request too large for any heap (and a calloc whose count * size overflows) gives
 *     NULL on every PE;
 *   - a zero size (malloc, calloc with either count zero, align, malloc_with_hints) gives
 *     NULL without a barrier: PE 0 makes those calls alone while the others wait for a
 *     word it writes afterwards, so a hidden barrier shows as a timeout, not as a pass;
 *   - heap blocks freed and allocated again in a loop stay usable. */
#include <shmemx.h>   /* no extensions yet, but every program may include it */

#include "osh_test.h"

#define NSLOTS 64

static int who[NSLOTS];            /* global: slot p is written by PE p */
static long glob_word = 7;         /* global with an initializer (data, not bss) */
static int zero_done;              /* PE 0 writes 1 here once its zero-size calls return */

static void check_thread_level(int rc, int provided)
{
    int queried = -1;

    OT_CHECK_EQ("shmem_init_thread", "return", rc, 0);
    OT_CHECK("shmem_init_thread", "provided",
             provided == SHMEM_THREAD_SINGLE || provided == SHMEM_THREAD_FUNNELED ||
                 provided == SHMEM_THREAD_SERIALIZED || provided == SHMEM_THREAD_MULTIPLE,
             "provided %d is none of the four levels", provided);
    shmem_query_thread(&queried);
    OT_CHECK_EQ("shmem_query_thread", "int", queried, provided);
}

static void check_pe_numbers(void)
{
    int me = shmem_my_pe(), n = shmem_n_pes();

    ot_step("my_pe / n_pes");
    OT_CHECK("shmem_n_pes", "int", n >= 1 && n <= NSLOTS, "n_pes %d", n);
    OT_CHECK("shmem_my_pe", "int", me >= 0 && me < n, "my_pe %d with n_pes %d", me, n);
    OT_CHECK_EQ("shmem_my_pe", "repeat", shmem_my_pe(), me);
    for (int i = 0; i < NSLOTS; i++)
        who[i] = -1;
    shmem_barrier_all();
    for (int pe = 0; pe < n; pe++)
        shmem_int_p(&who[me], me, pe);
    shmem_barrier_all();
    for (int i = 0; i < NSLOTS; i++)
        OT_CHECK_ELEM("shmem_my_pe", "every PE's number", i, who[i], i < n ? i : -1);
}

static void check_accessible(int *heap)
{
    static double fn_static[4];
    int stack_obj = 0;
    long *priv = malloc(sizeof(long));
    int n = ot_npes;

    ot_step("pe_accessible / addr_accessible");
    for (int pe = 0; pe < n; pe++) {
        OT_CHECK("shmem_pe_accessible", "int", shmem_pe_accessible(pe) == 1,
                 "PE %d: %d", pe, shmem_pe_accessible(pe));
        OT_CHECK("shmem_addr_accessible", "heap", shmem_addr_accessible(heap, pe) == 1,
                 "heap %p on PE %d: %d", (void *)heap, pe, shmem_addr_accessible(heap, pe));
        OT_CHECK("shmem_addr_accessible", "heap interior",
                 shmem_addr_accessible(heap + 3, pe) == 1, "PE %d", pe);
        OT_CHECK("shmem_addr_accessible", "global", shmem_addr_accessible(&glob_word, pe) == 1,
                 "&glob_word on PE %d: %d", pe, shmem_addr_accessible(&glob_word, pe));
        OT_CHECK("shmem_addr_accessible", "global bss", shmem_addr_accessible(&who[5], pe) == 1,
                 "&who[5] on PE %d", pe);
        OT_CHECK("shmem_addr_accessible", "function static",
                 shmem_addr_accessible(&fn_static[1], pe) == 1, "PE %d", pe);
        OT_CHECK("shmem_addr_accessible", "stack", shmem_addr_accessible(&stack_obj, pe) == 0,
                 "a stack object is not symmetric, PE %d said %d", pe,
                 shmem_addr_accessible(&stack_obj, pe));
        OT_CHECK("shmem_addr_accessible", "malloc", shmem_addr_accessible(priv, pe) == 0,
                 "a malloc'd object is not symmetric, PE %d said %d", pe,
                 shmem_addr_accessible(priv, pe));
    }
    OT_CHECK_EQ("shmem_pe_accessible", "PE -1", shmem_pe_accessible(-1), 0);
    OT_CHECK_EQ("shmem_pe_accessible", "PE n_pes", shmem_pe_accessible(n), 0);
    OT_CHECK_EQ("shmem_pe_accessible", "PE n_pes + 5", shmem_pe_accessible(n + 5), 0);
    OT_CHECK_EQ("shmem_addr_accessible", "PE -1", shmem_addr_accessible(heap, -1), 0);
    OT_CHECK_EQ("shmem_addr_accessible", "PE n_pes", shmem_addr_accessible(heap, n), 0);
    free(priv);
}

static void check_info(void)
{
    int major = -1, minor = -1;
    char name[SHMEM_MAX_NAME_LEN + 16];
    size_t len;

    ot_step("info_get_version / info_get_name");
    shmem_info_get_version(&major, &minor);
    OT_CHECK_EQ("shmem_info_get_version", "major", major, 1);
    OT_CHECK_EQ("shmem_info_get_version", "minor", minor, 5);
    OT_CHECK_EQ("shmem_info_get_version", "SHMEM_MAJOR_VERSION", major, SHMEM_MAJOR_VERSION);
    OT_CHECK_EQ("shmem_info_get_version", "SHMEM_MINOR_VERSION", minor, SHMEM_MINOR_VERSION);
    OT_CHECK("SHMEM_MAX_NAME_LEN", "constant", SHMEM_MAX_NAME_LEN > 1,
             "SHMEM_MAX_NAME_LEN is %d", (int)SHMEM_MAX_NAME_LEN);
    OT_CHECK("SHMEM_VENDOR_STRING", "constant",
             strlen(SHMEM_VENDOR_STRING) > 0 && strlen(SHMEM_VENDOR_STRING) < SHMEM_MAX_NAME_LEN,
             "'%s' (%zu chars) must fit SHMEM_MAX_NAME_LEN %d with its NUL",
             SHMEM_VENDOR_STRING, strlen(SHMEM_VENDOR_STRING), (int)SHMEM_MAX_NAME_LEN);
    memset(name, 'x', sizeof(name));
    shmem_info_get_name(name);
    len = strnlen(name, SHMEM_MAX_NAME_LEN);
    OT_CHECK("shmem_info_get_name", "char[]", len < SHMEM_MAX_NAME_LEN,
             "no NUL within SHMEM_MAX_NAME_LEN (%d) bytes", (int)SHMEM_MAX_NAME_LEN);
    OT_CHECK("shmem_info_get_name", "char[]", !strcmp(name, SHMEM_VENDOR_STRING),
             "got '%s', SHMEM_VENDOR_STRING is '%s'", name, SHMEM_VENDOR_STRING);
    for (size_t i = SHMEM_MAX_NAME_LEN; i < sizeof(name); i++)
        OT_CHECK("shmem_info_get_name", "char[]", name[i] == 'x',
                 "wrote byte %zu, past SHMEM_MAX_NAME_LEN", i);
}

static void check_ptr(long *heap)
{
    int me = ot_me, right = ot_right();
    long *p;

    ot_step("shmem_ptr");
    OT_CHECK("shmem_ptr", "heap, own PE", shmem_ptr(heap, me) == heap, "gave %p for %p",
             shmem_ptr(heap, me), (void *)heap);
    OT_CHECK("shmem_ptr", "heap interior, own PE", shmem_ptr(heap + 2, me) == heap + 2,
             "gave %p for %p", shmem_ptr(heap + 2, me), (void *)(heap + 2));
    OT_CHECK("shmem_ptr", "global, own PE", shmem_ptr(&glob_word, me) == &glob_word,
             "gave %p for %p", shmem_ptr(&glob_word, me), (void *)&glob_word);
    /* Another PE: NULL is a valid answer; an address must reach that PE's object. The
     * storer raises heap[2] on the target, so the target knows to check heap[1]. */
    heap[0] = 1000 + me;
    heap[1] = heap[2] = 0;
    shmem_barrier_all();
    p = shmem_ptr(heap, right);
    if (p) {
        OT_CHECK_EQ("shmem_ptr", "load from the right neighbour", *(volatile long *)p,
                    1000 + right);
        *(volatile long *)&p[1] = 2000 + me;
        *(volatile long *)&p[2] = 1;
    }
    shmem_barrier_all();
    if (*(volatile long *)&heap[2])
        OT_CHECK_EQ("shmem_ptr", "store from the left neighbour", *(volatile long *)&heap[1],
                    2000 + ot_left());
    shmem_barrier_all();
}

/* Puts and an AMO from the left neighbour land in a block of bytes bytes. */
static void check_block_usable(const char *api, unsigned char *blk, size_t bytes)
{
    unsigned char src[256];
    size_t n = bytes < sizeof(src) ? bytes : sizeof(src);
    int left = ot_left();

    for (size_t i = 0; i < n; i++)
        src[i] = (unsigned char)(ot_me * 17 + i);
    shmem_barrier_all();
    shmem_putmem(blk, src, n, ot_right());
    shmem_barrier_all();
    for (size_t i = 0; i < n; i++)
        OT_CHECK_ELEM(api, "putmem into the block", i, blk[i], (unsigned char)(left * 17 + i));
    shmem_barrier_all();
}

static void check_memory(void)
{
    const long hints[] = { 0, SHMEM_MALLOC_ATOMICS_REMOTE, SHMEM_MALLOC_SIGNAL_REMOTE,
                           SHMEM_MALLOC_ATOMICS_REMOTE | SHMEM_MALLOC_SIGNAL_REMOTE };
    const size_t aligns[] = { 8, 16, 64, 256, 4096 };
    void *blk[16];
    int nb = 0;

    ot_step("shmem_malloc");
    blk[nb] = shmem_malloc(1000);
    OT_CHECK("shmem_malloc", "1000 bytes", blk[nb] != NULL, "NULL");
    check_block_usable("shmem_malloc", blk[nb], 1000);
    nb++;
    blk[nb] = shmem_malloc(1);
    OT_CHECK("shmem_malloc", "1 byte", blk[nb] != NULL, "NULL");
    check_block_usable("shmem_malloc", blk[nb], 1);
    nb++;

    ot_step("shmem_calloc");
    {
        long *c = shmem_calloc(100, sizeof(long));
        OT_CHECK("shmem_calloc", "100 longs", c != NULL, "NULL");
        for (int i = 0; i < 100; i++)
            OT_CHECK_ELEM("shmem_calloc", "zeroed", i, c[i], 0);
        check_block_usable("shmem_calloc", (unsigned char *)c, 100 * sizeof(long));
        blk[nb++] = c;
    }

    ot_step("shmem_align");
    for (size_t k = 0; k < sizeof(aligns) / sizeof(aligns[0]); k++) {
        void *a = shmem_align(aligns[k], 24);
        OT_CHECK("shmem_align", "24 bytes", a != NULL, "NULL for alignment %zu", aligns[k]);
        OT_CHECK("shmem_align", "24 bytes", (uintptr_t)a % aligns[k] == 0,
                 "%p is not aligned to %zu", a, aligns[k]);
        check_block_usable("shmem_align", a, 24);
        blk[nb++] = a;
    }

    ot_step("shmem_malloc_with_hints");
    for (size_t k = 0; k < sizeof(hints) / sizeof(hints[0]); k++) {
        uint64_t *h = shmem_malloc_with_hints(4 * sizeof(uint64_t), hints[k]);
        OT_CHECK("shmem_malloc_with_hints", "4 words", h != NULL, "NULL for hints %ld",
                 hints[k]);
        h[0] = 0;
        shmem_barrier_all();
        shmem_uint64_atomic_add(&h[0], (uint64_t)ot_me + 1, 0);
        shmem_barrier_all();
        if (ot_me == 0)
            OT_CHECK_EQ("shmem_malloc_with_hints", "atomic_add into it", h[0],
                        (uint64_t)ot_npes * (ot_npes + 1) / 2);
        check_block_usable("shmem_malloc_with_hints", (unsigned char *)h, 4 * sizeof(uint64_t));
        blk[nb++] = h;
    }

    /* Every block distinct and not overlapping the others' first bytes. */
    for (int i = 0; i < nb; i++)
        for (int j = i + 1; j < nb; j++)
            OT_CHECK("shmem_malloc", "distinct blocks", blk[i] != blk[j],
                     "blocks %d and %d are both %p", i, j, blk[i]);

    /* A request no heap can grant: NULL on every PE (all ask alike, so any barrier the
     * library holds is met). */
    ot_step("shmem_malloc / shmem_calloc too large");
    OT_CHECK("shmem_malloc", "2^62 bytes", shmem_malloc((size_t)1 << 62) == NULL, "not NULL");
    OT_CHECK("shmem_calloc", "count * size overflows size_t",
             shmem_calloc(SIZE_MAX / 2, 4) == NULL, "not NULL");

    ot_step("shmem_free");
    for (int i = nb - 1; i >= 0; i--)
        shmem_free(blk[i]);
    shmem_free(NULL);

    ot_step("malloc/free cycles");
    for (int r = 0; r < 20; r++) {
        size_t sz = 64 + (size_t)r * 40;
        unsigned char *p = shmem_malloc(sz);
        OT_CHECK("shmem_malloc", "cycle", p != NULL, "NULL in cycle %d", r);
        if (r % 5 == 0)
            check_block_usable("shmem_malloc", p, sz);
        shmem_free(p);
    }
}

/* Zero sizes: NULL, and no barrier (1.5). PE 0 alone makes the calls; the others wait
 * for its word, without taking part in any collective meanwhile. */
static void check_zero_sizes(void)
{
    ot_step("zero-size allocations (no barrier)");
    zero_done = 0;
    shmem_barrier_all();
    if (ot_me == 0) {
        ot_step("PE 0 alone: shmem_malloc(0) and friends");
        OT_CHECK("shmem_malloc", "0 bytes", shmem_malloc(0) == NULL, "not NULL");
        OT_CHECK("shmem_calloc", "0 elements", shmem_calloc(0, 8) == NULL, "not NULL");
        OT_CHECK("shmem_calloc", "0-byte elements", shmem_calloc(8, 0) == NULL, "not NULL");
        OT_CHECK("shmem_align", "0 bytes", shmem_align(64, 0) == NULL, "not NULL");
        OT_CHECK("shmem_malloc_with_hints", "0 bytes",
                 shmem_malloc_with_hints(0, SHMEM_MALLOC_ATOMICS_REMOTE) == NULL, "not NULL");
        shmem_free(NULL);
        for (int pe = 1; pe < ot_npes; pe++)
            shmem_int_atomic_set(&zero_done, 1, pe);
        shmem_quiet();
    } else {
        OT_POLL("shmem_malloc(0) on PE 0", "no barrier",
                shmem_int_test(&zero_done, SHMEM_CMP_EQ, 1),
                "PE 0 did not return from its zero-size allocations while the other PEs "
                "were in no collective: a zero size must not barrier");
    }
    shmem_barrier_all();
    /* And every PE together: still NULL. */
    OT_CHECK("shmem_malloc", "0 bytes, every PE", shmem_malloc(0) == NULL, "not NULL");
    shmem_barrier_all();
}

int main(void)
{
    int provided = -1, rc;
    long *heap;

    ot_start("osh_setup");
    rc = shmem_init_thread(SHMEM_THREAD_MULTIPLE, &provided);
    ot_begin(2);
    check_thread_level(rc, provided);
    check_pe_numbers();

    heap = shmem_malloc(8 * sizeof(long));
    OT_CHECK("shmem_malloc", "8 longs", heap != NULL, "NULL");
    check_accessible((int *)heap);
    check_info();
    OT_CHECK_EQ("global initializer", "long", glob_word, 7);
    check_ptr(heap);
    check_memory();
    check_zero_sizes();
    shmem_free(heap);
    return ot_end();
}
