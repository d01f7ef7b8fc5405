/* An allreduce inside a training-step-like kernel: one kernel runs S steps; in each, every
 * PE computes a local gradient for W weights (a function of PE, step and index), the PEs
 * sum the gradients with a device-side rocshmem_ctx_float_sum_reduce_wg on
 * ROCSHMEM_TEAM_WORLD, and each applies the SGD update w -= lr * sum. Check: the final
 * weights against the closed form on every PE, and that every PE holds the same weights (a
 * max and a min reduction of them agree). Prints the time per step.
 *   usage: train_allreduce [-w WEIGHTS] [-s STEPS] [-t THREADS]
 * Runs as C on CPU-only PEs and as CUDA (the same file, nvcc -x cu). */
#include "ex_launch.h"

/* Gradients are small integers and the rate a power of two, so every sum and update is
 * exact in float whatever the reduction's order: the check compares exactly. */
#define LR 0.015625f   /* 1/64 */

struct train_args {
    float *w;            /* W weights */
    float *grad[2];      /* W: this PE's gradient, by step parity */
    float *gsum[2];      /* W: the summed gradient, by step parity */
    float *wmax, *wmin;  /* W: max and min of the final weights over the PEs */
    uint64_t *t_ns;      /* start and end of the steps */
    int me, W, steps;
};

EX_HOST_DEVICE float initial_weight(int i)
{
    return (float)(i % 11);
}

EX_HOST_DEVICE float gradient(int pe, int step, int i)
{
    return (float)((pe + 1) * ((step + i) % 7) - 3);
}

EX_KERNEL(k_train, struct train_args, a)
{
    unsigned tid = ex_tid(), nt = ex_bdim();
    rocshmem_ctx_t ctx = ROCSHMEM_CTX_DEFAULT;

    ex_sync_block();
    if (tid == 0)
        a.t_ns[0] = ex_clock_ns();
    for (int s = 0; s < a.steps; s++) {
        /* Note: a member reaches step s + 2's reduction (which reuses these buffers) only
         * after every member entered step s + 1's, i.e. finished reading step s's sum, so
         * two buffers by parity need no sync between the reductions. */
        float *g = a.grad[s % 2], *sum = a.gsum[s % 2];
        /* "Backward": this PE's gradient. */
        for (int i = (int)tid; i < a.W; i += (int)nt)
            g[i] = gradient(a.me, s, i);
        ex_sync_block();
        /* Allreduce: every thread of the workgroup calls, with the same arguments. */
        rocshmem_ctx_float_sum_reduce_wg(ctx, ROCSHMEM_TEAM_WORLD, sum, g, a.W);
        ex_sync_block();
        /* Optimizer step. */
        for (int i = (int)tid; i < a.W; i += (int)nt)
            a.w[i] -= LR * sum[i];
    }
    ex_sync_block();
    if (tid == 0)
        a.t_ns[1] = ex_clock_ns();
    rocshmem_ctx_float_max_reduce_wg(ctx, ROCSHMEM_TEAM_WORLD, a.wmax, a.w, a.W);
    rocshmem_ctx_float_min_reduce_wg(ctx, ROCSHMEM_TEAM_WORLD, a.wmin, a.w, a.W);
}

int main(int argc, char **argv)
{
    const char *usage = "usage: train_allreduce [-w WEIGHTS] [-s STEPS] [-t THREADS]";
    int W = EX_GPU ? 1 << 18 : 2048, steps = EX_GPU ? 200 : 20;
    unsigned threads = EX_GPU ? 1024 : EX_THREADS;
    struct train_args a;
    long errors = 0;
    int opt;

    ex_start();
    while ((opt = getopt(argc, argv, "w:s:t:")) != -1) {
        long v = optarg ? ex_opt_long(optarg, usage) : 0;
        switch (opt) {
        case 'w': W = (int)v; break;
        case 's': steps = (int)v; break;
        case 't': threads = (unsigned)v; break;
        default: ex_opt_long("", usage);
        }
    }

    size_t bytes = (size_t)W * sizeof(float);
    memset(&a, 0, sizeof(a));
    a.me = ex_me;
    a.W = W;
    a.steps = steps;
    a.w = (float *)ex_malloc(bytes);
    a.grad[0] = (float *)ex_malloc(bytes);
    a.grad[1] = (float *)ex_malloc(bytes);
    a.gsum[0] = (float *)ex_malloc(bytes);
    a.gsum[1] = (float *)ex_malloc(bytes);
    a.wmax = (float *)ex_malloc(bytes);
    a.wmin = (float *)ex_malloc(bytes);
    a.t_ns = (uint64_t *)ex_malloc(2 * sizeof(uint64_t));

    float *h = (float *)ex_host_alloc(bytes), *hmax = (float *)ex_host_alloc(bytes);
    float *hmin = (float *)ex_host_alloc(bytes);
    for (int i = 0; i < W; i++)
        h[i] = initial_weight(i);
    ex_to_sym(a.w, h, bytes);
    rocshmem_barrier_all();

    EX_LAUNCH(k_train, 1, threads, a);

    uint64_t t_ns[2];
    ex_from_sym(t_ns, a.t_ns, sizeof(t_ns));
    ex_from_sym(h, a.w, bytes);
    ex_from_sym(hmax, a.wmax, bytes);
    ex_from_sym(hmin, a.wmin, bytes);
    /* Closed form: w_S = w_0 - lr * sum over steps s and PEs p of ((p + 1) c - 3), where
     * c = (s + i) % 7: per step, c n (n + 1) / 2 - 3 n. */
    long n = ex_npes;
    for (int i = 0; i < W; i++) {
        double total = 0;
        for (int s = 0; s < steps; s++)
            total += (double)(((s + i) % 7) * n * (n + 1) / 2 - 3 * n);
        double want = (double)initial_weight(i) - (double)LR * total;
        if ((double)h[i] != want || hmax[i] != h[i] || hmin[i] != h[i]) {
            if (errors++ < 5)
                printf("train_allreduce pe %d: weight %d is %.9g (max over PEs %.9g, min "
                       "%.9g), expected %.9g\n", ex_me, i, (double)h[i], (double)hmax[i],
                       (double)hmin[i], want);
        }
    }
    if (ex_me == 0)
        printf("train_allreduce: %d PEs, %d weights, %d steps, %u threads per PE: %.2f us per "
               "step (gradient, allreduce of %zu bytes, update)\n", ex_npes, W, steps, threads,
               (double)(t_ns[1] - t_ns[0]) / 1e3 / steps, bytes);
    free(hmin);
    free(hmax);
    free(h);
    rocshmem_barrier_all();
    rocshmem_free(a.t_ns);
    rocshmem_free(a.wmin);
    rocshmem_free(a.wmax);
    rocshmem_free(a.gsum[1]);
    rocshmem_free(a.gsum[0]);
    rocshmem_free(a.grad[1]);
    rocshmem_free(a.grad[0]);
    rocshmem_free(a.w);
    return ex_finish("train_allreduce", errors);
}
