/* Latency of small blocking operations between PE 0 and PE 1, through the ring, the
 * proxy and the provider: put + quiet, p + quiet, get, fetch-add. A benchmark, not a
 * test. Prints a table and one machine-readable line per result:
 *   RESULT name=<op> size=8 metric=latency value=<us> unit=us provider=<prov> */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include <rocshmem/rocshmem.h>

static double now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

enum { OP_PUT, OP_P, OP_GET, OP_FADD, OP_COUNT };
static const char *const op_names[OP_COUNT] = { "put+quiet", "p+quiet", "get", "fetch_add" };

static void run_op(int op, long *dst, long *src, int peer)
{
    switch (op) {
    case OP_PUT: rocshmem_putmem(dst, src, sizeof(long), peer); rocshmem_quiet(); break;
    case OP_P: rocshmem_long_p(dst, 1, peer); rocshmem_quiet(); break;
    case OP_GET: rocshmem_getmem(src, dst, sizeof(long), peer); break;
    default: (void)rocshmem_long_atomic_fetch_add(dst, 1, peer); break;
    }
}

int main(int argc, char **argv)
{
    int iters = argc > 1 ? atoi(argv[1]) : 10000, warmup = iters / 10 + 1;
    const char *prov = getenv("ROCSHMEM_RO_PROVIDER");

    rocshmem_init();
    if (rocshmem_n_pes() < 2) {
        fprintf(stderr, "put_latency: needs 2 PEs\n");
        rocshmem_finalize();
        return 77;
    }
    long *dst = rocshmem_calloc(1, sizeof(long)), *src = rocshmem_calloc(1, sizeof(long));
    if (rocshmem_my_pe() == 0)
        printf("%-12s %8s %12s\n", "operation", "bytes", "latency(us)");
    for (int op = 0; op < OP_COUNT; op++) {
        if (rocshmem_my_pe() == 0) {
            for (int i = 0; i < warmup; i++)
                run_op(op, dst, src, 1);
            double t0 = now_us();
            for (int i = 0; i < iters; i++)
                run_op(op, dst, src, 1);
            double us = (now_us() - t0) / iters;
            printf("%-12s %8zu %12.2f\n", op_names[op], sizeof(long), us);
            printf("RESULT name=%s scope=thread size=%zu metric=latency value=%.3f unit=us provider=%s\n",
                   op_names[op], sizeof(long), us, prov ? prov : "default");
        }
        rocshmem_barrier_all();
    }
    rocshmem_free(src);
    rocshmem_free(dst);
    rocshmem_finalize();
    return 0;
}
