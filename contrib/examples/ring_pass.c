/* A first rocshmem_ro program: every PE puts its number into the next PE's heap,
 * signals it, waits for the value from the previous PE, and adds one to a counter on
 * PE 0 with an atomic. Run it with 4 PEs:
 *   mpiexec.hydra -n 4 ./ring_pass      or      mpirun --bind-to none -n 4 ./ring_pass */
#include <stdio.h>

#include <rocshmem/rocshmem.h>

int main(void)
{
    rocshmem_init();
    int me = rocshmem_my_pe(), n = rocshmem_n_pes();
    int *box = rocshmem_calloc(1, sizeof(int));
    uint64_t *arrived = rocshmem_calloc(1, sizeof(uint64_t));
    long *count = rocshmem_calloc(1, sizeof(long));
    int mine = 100 + me;

    /* The value and the signal travel together: the signal lands after the data. */
    rocshmem_putmem_signal(box, &mine, sizeof(mine), arrived, 1, ROCSHMEM_SIGNAL_SET, (me + 1) % n);
    rocshmem_signal_wait_until(arrived, ROCSHMEM_CMP_EQ, 1);
    rocshmem_long_atomic_inc(count, 0);
    rocshmem_barrier_all();

    printf("PE %d of %d got %d from PE %d\n", me, n, *box, (me + n - 1) % n);
    if (me == 0)
        printf("PE 0 counted %ld arrivals (expected %d)\n", *count, n);
    int ok = *box == 100 + (me + n - 1) % n && (me != 0 || *count == n);
    rocshmem_free(count);
    rocshmem_free(arrived);
    rocshmem_free(box);
    rocshmem_finalize();
    return ok ? 0 : 1;
}
