/* Bad arguments must be reported and dropped, never crash a PE or corrupt memory.
 * tests/func/bad_input.sh runs this program and checks stderr for each message; the
 * program itself checks what it can see: fetches from an invalid PE return 0, dropped
 * operations change nothing, and the PEs still work together afterwards.
 * With --init-only it only starts and stops the library: the script uses that to check
 * how rocshmem_init fails on a bad environment. With --peer-stops, PE 1 freezes itself
 * (SIGSTOP: alive, so the launcher sees nothing, but its proxy no longer serves) while
 * PE 0 reads from it: PE 0 must end the job after ROCSHMEM_RO_TIMEOUT, not hang. With
 * --global-exit N, PE 0 calls rocshmem_global_exit(N) while the other PEs wait for a word
 * nobody sets: the job must end with status N (0 is no error, and not logged as one). */
#include "ro_test.h"

#include <signal.h>
#include <stdint.h>

static int peer_stops(void)
{
    long *v;

    rocshmem_init();
    v = rocshmem_calloc(1, sizeof(long));
    if (rocshmem_my_pe() == 1)
        raise(SIGSTOP);
    else
        for (;;)   /* ends through the library's timeout, which aborts the job */
            (void)rocshmem_long_atomic_fetch_add(v, 1, 1);
    return 0;
}

static int global_exit(int status)
{
    int *never;

    rocshmem_init();
    never = rocshmem_calloc(1, sizeof(int));
    if (rocshmem_my_pe() == 0)
        rocshmem_global_exit(status);
    else
        rocshmem_int_wait_until(never, ROCSHMEM_CMP_EQ, 1);
    fprintf(stderr, "func_bad_input: PE %d: FAIL rocshmem_global_exit(%d) returned or did not "
            "end PE %d\n", rocshmem_my_pe(), status, rocshmem_my_pe());
    return 99;
}

/* The name and its terminator, nothing after them: a caller's buffer may be exactly
 * strlen(name) + 1 bytes long in all but its declared size. */
static void info_get_name(void)
{
    char name[ROCSHMEM_MAX_NAME_LEN + 8];
    size_t n;

    rt_step("rocshmem_info_get_name");
    memset(name, 0x7e, sizeof(name));
    rocshmem_info_get_name(name);
    n = strnlen(name, ROCSHMEM_MAX_NAME_LEN);
    RT_CHECK("rocshmem_info_get_name", "char", n > 0 && n < ROCSHMEM_MAX_NAME_LEN,
             "no name, or no terminator within ROCSHMEM_MAX_NAME_LEN bytes");
    for (size_t k = n + 1; k < sizeof(name); k++)
        RT_CHECK("rocshmem_info_get_name (bytes after the terminator untouched)", "char",
                 name[k] == 0x7e, "byte %zu after a %zu-byte name is 0x%02x", k, n,
                 (unsigned char)name[k]);
}

int main(int argc, char **argv)
{
    int me, npes, right, left, priv = 0;
    int *x;
    uint64_t *sig;
    char buf[16] = "0123456789abcde";
    rocshmem_ctx_t dflt;

    if (argc > 1 && !strcmp(argv[1], "--peer-stops"))
        return peer_stops();
    if (argc > 2 && !strcmp(argv[1], "--global-exit"))
        return global_exit(atoi(argv[2]));
    if (argc > 1 && !strcmp(argv[1], "--init-only")) {
        rocshmem_init();
        rocshmem_finalize();
        return 0;
    }
    rocshmem_init();
    rt_begin("func_bad_input", 2);
    me = rocshmem_my_pe();
    npes = rocshmem_n_pes();
    right = (me + 1) % npes;
    left = (me + npes - 1) % npes;
    x = rocshmem_calloc(4, sizeof(int));
    sig = rocshmem_calloc(1, sizeof(uint64_t));
    RT_CHECK("rocshmem_calloc", "-", x && sig, "returned NULL");
    x[0] = 42;
    rocshmem_barrier_all();

    rt_step("invalid PEs");
    rocshmem_putmem(x, buf, sizeof(int), npes);
    rocshmem_getmem(buf, x, sizeof(int), -1);
    rocshmem_int_p(x, 1, npes + 5);
    RT_CHECK_EQ("int_g from an invalid PE", "int", rocshmem_int_g(x, npes), 0);
    rocshmem_int_atomic_add(x, 1, npes);
    RT_CHECK_EQ("int_atomic_fetch_add on an invalid PE", "int",
                rocshmem_int_atomic_fetch_add(x, 1, -3), 0);
    rocshmem_putmem_signal(x, buf, sizeof(int), sig, 1, ROCSHMEM_SIGNAL_SET, npes);

    rt_step("addresses outside the symmetric heap");
    rocshmem_putmem(&priv, buf, sizeof(priv), right);
    rocshmem_getmem(buf, &priv, sizeof(priv), right);
    rocshmem_int_atomic_inc(&priv, right);

    rt_step("misaligned atomics");
    rocshmem_int_atomic_add((int *)((char *)x + 1), 1, right);
    RT_CHECK_EQ("int_atomic_fetch_add on a misaligned address", "int",
                rocshmem_int_atomic_fetch_add((int *)((char *)x + 2), 1, right), 0);

    rt_step("invalid comparison, signal op, free, context");
    rocshmem_int_wait_until(x, 42, 0);
    RT_CHECK_EQ("int_test with comparison 42", "int", rocshmem_int_test(x, 42, 42), 0);
    rocshmem_putmem_signal(x, buf, sizeof(int), sig, 1, 7, right);
    rocshmem_free(&priv);
    dflt = ROCSHMEM_CTX_DEFAULT;
    rocshmem_ctx_destroy(dflt);

    /* Nothing above may have reached any PE's heap. */
    rocshmem_barrier_all();
    RT_CHECK_EQ("dropped operations left x untouched", "int", x[0], 42);
    RT_CHECK_EQ("dropped operations left the signal untouched", "uint64", *sig, (uint64_t)0);

    info_get_name();

    rt_step("correct operations afterwards");
    rocshmem_int_p(&x[1], 100 + me, right);
    rocshmem_barrier_all();
    RT_CHECK_EQ("int_p after bad input", "int", x[1], 100 + left);
    rocshmem_free(sig);
    rocshmem_free(x);
    return rt_end();
}
