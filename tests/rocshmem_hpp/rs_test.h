/* What the rocSHMEM-dialect programs share. They are written as rocSHMEM programs are: HIP
 * runtime calls, <rocshmem/rocshmem.hpp>, `using namespace rocshmem;`, rocSHMEM 2.x and 3.x
 * spellings. hipcc builds them as they are; nvcc builds them with cuda/hip/hip_runtime.h
 * standing in for HIP's header. The including file defines RS_NAME (its name, as printed).
 *
 * Checks: CHECK_HIP for runtime calls; EXPECT on the host; DEXPECT in kernels, which counts
 * into a device word the host adds to `fails`. Each part prints one line, ok or FAILED; the
 * program ends with "RS_NAME: PASS" (PE 0) when no PE failed a check. */
#ifndef RS_TEST_H
#define RS_TEST_H

#include <hip/hip_runtime.h>
#include <rocshmem/rocshmem.hpp>

#include <cstdio>
#include <cstdlib>
#include <cstring>

using namespace rocshmem;

static int me, npes, peer, from;   /* each PE writes to peer and is written by `from` */
static long fails;
static int *dev_fails;             /* device-side check failures */

#define CHECK_HIP(cmd)                                                                     \
    do {                                                                                   \
        hipError_t e_ = (cmd);                                                             \
        if (e_ != hipSuccess) {                                                            \
            printf(RS_NAME " pe %d: %s: %s\n" RS_NAME ": FAIL\n", me, #cmd,                \
                   hipGetErrorString(e_));                                                 \
            exit(1);                                                                       \
        }                                                                                  \
    } while (0)

#define EXPECT(cond, ...)                                                                  \
    do {                                                                                   \
        if (!(cond)) {                                                                     \
            printf(RS_NAME " pe %d: line %d: %s: ", me, __LINE__, #cond);                  \
            printf(__VA_ARGS__);                                                           \
            printf("\n");                                                                  \
            fails++;                                                                       \
        }                                                                                  \
    } while (0)

#define DEXPECT(errs, cond)                                                                \
    do {                                                                                   \
        if (!(cond)) {                                                                     \
            atomicAdd((errs), 1);                                                          \
            printf(RS_NAME " pe %d: line %d: %s\n", rocshmem_my_pe(), __LINE__, #cond);    \
        }                                                                                  \
    } while (0)

/* The heap may be GPU or host memory: the host reaches it through copies. */
template <typename T> static void sym_write(T *sym, const T *host, size_t n)
{
    CHECK_HIP(hipMemcpy(sym, host, n * sizeof(T), hipMemcpyDefault));
}

template <typename T> static void sym_read(T *host, const T *sym, size_t n)
{
    CHECK_HIP(hipMemcpy(host, sym, n * sizeof(T), hipMemcpyDefault));
}

/* Kernels done, device failures counted, every PE here. */
static void phase_end()
{
    int n = 0;

    CHECK_HIP(hipDeviceSynchronize());
    CHECK_HIP(hipMemcpy(&n, dev_fails, sizeof(n), hipMemcpyDeviceToHost));
    CHECK_HIP(hipMemset(dev_fails, 0, sizeof(int)));
    fails += n;
    rocshmem_barrier_all();
}

static void report(const char *part, long before)
{
    printf(RS_NAME " pe %d: %-44s %s\n", me, part, fails == before ? "ok" : "FAILED");
}

static void rs_start()
{
    int ndev = 0;

    setvbuf(stdout, NULL, _IONBF, 0);
    rocshmem_init();
    me = rocshmem_my_pe();
    npes = rocshmem_n_pes();
    peer = (me + 1) % npes;
    from = (me + npes - 1) % npes;
    CHECK_HIP(hipGetDeviceCount(&ndev));
    CHECK_HIP(hipMalloc(&dev_fails, sizeof(int)));
    CHECK_HIP(hipMemset(dev_fails, 0, sizeof(int)));
}

/* Returns the exit status: every PE's failures are summed first. */
static int rs_finish()
{
    long *all = (long *)rocshmem_malloc(sizeof(long));
    long sum = 0;

    CHECK_HIP(hipMemcpy(all, &fails, sizeof(long), hipMemcpyDefault));
    rocshmem_barrier_all();
    rocshmem_ctx_long_sum_reduce(ROCSHMEM_CTX_DEFAULT, ROCSHMEM_TEAM_WORLD, all, all, 1);
    CHECK_HIP(hipMemcpy(&sum, all, sizeof(long), hipMemcpyDefault));
    rocshmem_free(all);
    CHECK_HIP(hipFree(dev_fails));
    rocshmem_finalize();
    printf(RS_NAME " pe %d: %s\n", me, fails ? "FAIL" : "PASS");
    if (me == 0)
        printf(RS_NAME ": %s\n", sum ? "FAIL" : "PASS");
    return sum ? 1 : 0;
}

#endif
