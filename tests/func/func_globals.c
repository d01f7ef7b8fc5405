/* Global and static variables are symmetric on CPU PEs, as OpenSHMEM requires: RMA, atomics,
 * put-with-signal, waits and collectives whose remote objects are the program's own data
 * (initialized data, bss, function-local statics) reach the same variable on the peer,
 * mixed freely with heap objects, and rocshmem_ptr gives a PE its own global. An object on
 * the stack is still refused. */
#include "ro_test.h"

#include <stdint.h>
#include <string.h>

#define N 64

static int me, npes, left, right;
/* bss */
static long bss_words[N];
static uint64_t bss_sig;
static int bss_counter;
/* initialized data: every PE starts with the same values */
static long data_words[N] = { 1, 2, 3 };
long global_long = 7;
double global_double = 0.5;
static long coll_src[N], coll_dst[4 * N];

static long val(int pe, int i)
{
    return (long)pe * 1000 + i;
}

static void test_rma(void)
{
    static long from_left[N];   /* a function-local static: data too */
    long *heap = rocshmem_malloc(N * sizeof(long));
    long got[N];

    rt_step("put and get on globals");
    RT_CHECK("rocshmem_malloc", "long", heap != NULL, "NULL");
    for (int i = 0; i < N; i++)
        data_words[i] = val(me, i);
    rocshmem_barrier_all();
    /* global -> global, both directions of the data path */
    rocshmem_long_put(from_left, data_words, N, right);
    rocshmem_long_put_nbi(bss_words, data_words, N, right);
    rocshmem_quiet();
    rocshmem_barrier_all();
    for (int i = 0; i < N; i++) {
        RT_CHECK_EQ("long_put into a static", "long", from_left[i], val(left, i));
        RT_CHECK_EQ("long_put_nbi into bss", "long", bss_words[i], val(left, i));
    }
    /* get of a global, into the heap and into a local */
    rocshmem_long_get(heap, data_words, N, right);
    rocshmem_getmem(got, bss_words, sizeof(got), left);
    for (int i = 0; i < N; i++) {
        RT_CHECK_EQ("long_get of a global", "long", heap[i], val(right, i));
        RT_CHECK_EQ("getmem of bss", "long", got[i], val((left + npes - 1) % npes, i));
    }
    /* single elements */
    rocshmem_long_p(&global_long, 100 + me, right);
    rocshmem_double_p(&global_double, 0.25 * me, right);
    rocshmem_barrier_all();
    RT_CHECK_EQ("long_p to a global", "long", global_long, 100 + left);
    RT_CHECK("double_p to a global", "double", global_double == 0.25 * left, "%g",
             global_double);
    RT_CHECK_EQ("long_g of a global", "long", rocshmem_long_g(&global_long, right), 100 + me);
    rocshmem_barrier_all();
    rocshmem_free(heap);
}

static void test_amo_signal(void)
{
    int rounds = (int)rt_iters(50, 5);

    rt_step("atomics on a global");
    bss_counter = 0;
    rocshmem_barrier_all();
    for (int r = 0; r < rounds; r++)
        for (int pe = 0; pe < npes; pe++)
            rocshmem_int_atomic_add(&bss_counter, 1, pe);
    rocshmem_quiet();
    rocshmem_barrier_all();
    RT_CHECK_EQ("int_atomic_add from every PE", "int", bss_counter, rounds * npes);
    RT_CHECK_EQ("int_atomic_fetch of a global", "int",
                rocshmem_int_atomic_fetch(&bss_counter, right), rounds * npes);
    rocshmem_barrier_all();
    RT_CHECK_EQ("int_atomic_compare_swap on a global", "int",
                rocshmem_int_atomic_compare_swap(&bss_counter, rounds * npes, -right, right),
                rounds * npes);
    rocshmem_barrier_all();
    RT_CHECK_EQ("int_atomic_compare_swap result", "int", bss_counter, -me);

    rt_step("put-with-signal to globals, wait on a global");
    bss_sig = 0;
    rocshmem_barrier_all();
    for (int i = 0; i < N; i++)
        data_words[i] = val(me, i) + 7;
    rocshmem_putmem_signal(bss_words, data_words, N * sizeof(long), &bss_sig, 1,
                           ROCSHMEM_SIGNAL_ADD, right);
    RT_CHECK_EQ("signal_wait_until on a global", "uint64",
                rocshmem_signal_wait_until(&bss_sig, ROCSHMEM_CMP_GE, 1), (uint64_t)1);
    for (int i = 0; i < N; i++)
        RT_CHECK_EQ("data before its signal", "long", bss_words[i], val(left, i) + 7);
    rocshmem_long_atomic_set(&global_long, 5, right);
    rocshmem_long_wait_until(&global_long, ROCSHMEM_CMP_EQ, 5);
    RT_CHECK_EQ("long_wait_until on a global", "long", global_long, 5);
    rocshmem_barrier_all();
}

static void test_collectives(void)
{
    rt_step("collectives on globals");
    for (int i = 0; i < N; i++)
        coll_src[i] = val(me, i);
    rocshmem_barrier_all();
    rocshmem_long_fcollect(ROCSHMEM_TEAM_WORLD, coll_dst, coll_src, N);
    for (int pe = 0; pe < npes; pe++)
        for (int i = 0; i < N; i++)
            RT_CHECK_EQ("long_fcollect into a global", "long", coll_dst[pe * N + i], val(pe, i));
    /* A PE that returns first may start the next collective into coll_dst. */
    rocshmem_barrier_all();
    rocshmem_long_broadcast(ROCSHMEM_TEAM_WORLD, coll_dst, coll_src, N, npes - 1);
    for (int i = 0; i < N; i++)
        RT_CHECK_EQ("long_broadcast into a global", "long", coll_dst[i], val(npes - 1, i));
    rocshmem_barrier_all();
    rocshmem_long_sum_reduce(ROCSHMEM_TEAM_WORLD, coll_dst, coll_src, N);
    for (int i = 0; i < N; i++) {
        long want = 0;
        for (int pe = 0; pe < npes; pe++)
            want += val(pe, i);
        RT_CHECK_EQ("long_sum_reduce into a global", "long", coll_dst[i], want);
    }
    rocshmem_barrier_all();
}

static void test_ptr_and_refusal(void)
{
    long on_stack = 3;

    rt_step("rocshmem_ptr of globals, a stack object refused");
    RT_CHECK("rocshmem_ptr (own global)", "long", rocshmem_ptr(&global_long, me) == &global_long,
             "%p", rocshmem_ptr(&global_long, me));
    RT_CHECK("rocshmem_ptr (stack)", "long", rocshmem_ptr(&on_stack, me) == NULL, "%p",
             rocshmem_ptr(&on_stack, me));
    /* Refused with a message: the peer's copy stays as it was. */
    rocshmem_long_p(&on_stack, 9, right);
    rocshmem_barrier_all();
    RT_CHECK_EQ("a stack object is not symmetric", "long", on_stack, 3);
}

int main(void)
{
    rocshmem_init();
    rt_begin("func_globals", 2);
    me = rocshmem_my_pe();
    npes = rocshmem_n_pes();
    right = (me + 1) % npes;
    left = (me + npes - 1) % npes;
    test_rma();
    test_amo_signal();
    test_collectives();
    test_ptr_and_refusal();
    return rt_end();
}
