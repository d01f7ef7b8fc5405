/* OpenSHMEM 1.5 chapter 10: the profiling interface. This program defines its own
 * shmem_long_put and shmem_barrier_all, as a tool would: each counts its calls and forwards
 * to the library's pshmem_long_put / pshmem_barrier_all (pshmem.h). That it links at all
 * shows the library's shmem_ names are weak (a strong definition there would clash with
 * these when linked statically); that the counts are exact shows every call by name, the
 * C11 generic shmem_put on a long included, reaches the program's definitions, and
 * that the data still arrives shows the forwarding works. Calls made directly to
 * pshmem_long_put and pshmem_barrier_all must not be counted; shmem_pcontrol takes every
 * level. */
#include <pshmem.h>

#include "osh_test.h"

#define N 16
#define PUTS 10

static long put_calls, barrier_calls;
static long g_dst[PUTS + 2][N];

void shmem_long_put(long *dest, const long *source, size_t nelems, int pe)
{
    put_calls++;
    pshmem_long_put(dest, source, nelems, pe);
}

void shmem_barrier_all(void)
{
    barrier_calls++;
    pshmem_barrier_all();
}

int main(void)
{
    long src[N];
    long barriers_before;
    int right, left;

    ot_start("osh_profiling");
    shmem_init();
    ot_begin(2);
    right = ot_right();
    left = ot_left();

    OT_CHECK("shmem_long_put", "profiling", shmem_long_put != pshmem_long_put,
             "shmem_long_put is the library's pshmem_long_put, not this program's");
    OT_CHECK("shmem_barrier_all", "profiling", shmem_barrier_all != pshmem_barrier_all,
             "shmem_barrier_all is the library's pshmem_barrier_all");

    ot_step("counted calls");
    shmem_pcontrol(0);
    shmem_pcontrol(1);
    shmem_pcontrol(2, "and any further arguments");
    pshmem_pcontrol(1);

    barriers_before = barrier_calls;
    shmem_barrier_all();
    for (int k = 0; k < PUTS; k++) {
        for (int i = 0; i < N; i++)
            src[i] = 1000L * ot_me + 100L * k + i;
        shmem_long_put(g_dst[k], src, N, right);
    }
    /* The C11 generic interface names shmem_long_put for a long. */
    for (int i = 0; i < N; i++)
        src[i] = 1000L * ot_me + 100L * PUTS + i;
    shmem_put(g_dst[PUTS], src, N, right);
    /* Direct calls to the pshmem_ names are not seen by the program's definitions. */
    for (int i = 0; i < N; i++)
        src[i] = 1000L * ot_me + 100L * (PUTS + 1) + i;
    pshmem_long_put(g_dst[PUTS + 1], src, N, right);
    pshmem_barrier_all();
    shmem_barrier_all();

    OT_CHECK_EQ("shmem_long_put", "calls seen by the program's definition", put_calls,
                (long)PUTS + 1);
    OT_CHECK_EQ("shmem_barrier_all", "calls seen by the program's definition",
                barrier_calls - barriers_before, 2L);
    for (int k = 0; k < PUTS + 2; k++)
        for (int i = 0; i < N; i++)
            OT_CHECK_ELEM(k < PUTS ? "shmem_long_put (profiled)"
                          : k == PUTS ? "shmem_put (generic, profiled)" : "pshmem_long_put",
                          "long", k * N + i, g_dst[k][i], 1000L * left + 100L * k + i);

    /* Other routines still reach the library unchanged. */
    ot_step("unprofiled routines");
    pshmem_barrier_all();   /* every PE has checked g_dst */
    shmem_long_p(&g_dst[0][0], -1L, right);
    shmem_quiet();
    pshmem_sync_all();
    OT_CHECK_EQ("shmem_long_p", "long", g_dst[0][0], -1L);
    OT_CHECK_EQ("pshmem_my_pe", "int", pshmem_my_pe(), shmem_my_pe());
    OT_CHECK_EQ("pshmem_n_pes", "int", pshmem_n_pes(), shmem_n_pes());

    /* ot_end's barrier is one more call of this program's shmem_barrier_all. */
    barriers_before = barrier_calls;
    shmem_barrier_all();
    OT_CHECK_EQ("shmem_barrier_all", "one more call", barrier_calls - barriers_before, 1L);
    return ot_end();
}
