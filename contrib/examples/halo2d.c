/* A 2-D halo exchange: the PEs form a px x py grid, each owning a tile of a global grid
 * with a one-cell halo. Every iteration, one workgroup per PE updates its tile (Jacobi,
 * 5 points), packs its up to four faces and sends each to its neighbour with one
 * put-with-signal (ROCSHMEM_SIGNAL_ADD), then waits until each incoming face's signal has
 * counted this iteration and unpacks it into its halo. The whole loop is one kernel: no
 * host in the loop. Check: every PE also runs the global grid serially and compares its
 * tile. Prints the time per iteration.
 *   usage: halo2d [-x TILE_X] [-y TILE_Y] [-s ITERATIONS] [-t THREADS]
 * Runs as C on CPU-only PEs and as CUDA (the same file, nvcc -x cu). */
#include "ex_launch.h"

enum { W, E, S, N, NDIRS };   /* faces: west/east are columns, south/north rows */
#define OPP(d) ((d) ^ 1)      /* the face it lands on at the neighbour: W<->E, S<->N */

struct halo_args {
    double *u[2];         /* (tx + 2) x (ty + 2) tiles, row-major; u[k % 2] after step k */
    double *sendbuf;      /* NDIRS faces of flen cells, packed for the puts */
    double *recvbuf;      /* 2 x NDIRS faces: [parity][the face it came in on] */
    uint64_t *sig;        /* NDIRS: faces received on each side, summed over iterations */
    uint64_t *t_ns;       /* [0] start, [1] end of the loop (GPU or host clock) */
    int nb[NDIRS];        /* neighbour PE on each side, or -1 at the global boundary */
    int tx, ty, flen, iters;
};

/* The initial global grid: cells 1..NX x 1..NY, zero on the boundary ring 0 and N+1. */
static double init_value(int gx, int gy, int NX, int NY)
{
    if (gx < 1 || gy < 1 || gx > NX || gy > NY)
        return 0.0;
    return (double)((gx * 37 + gy * 101) % 97) / 97.0;
}

EX_HOST_DEVICE double jacobi5(double w, double e, double s, double n)
{
    return 0.25 * (w + e + s + n);
}

/* The cell of face d's element k, on the tile's boundary (halo = 0) or in its halo. */
EX_HOST_DEVICE int face_cell(int d, int k, int tx, int ty, int halo)
{
    int ld = tx + 2;
    switch (d) {
    case W: return (k + 1) * ld + (halo ? 0 : 1);
    case E: return (k + 1) * ld + (halo ? tx + 1 : tx);
    case S: return (halo ? 0 : 1) * ld + k + 1;
    default: return (halo ? ty + 1 : ty) * ld + k + 1;
    }
}

EX_KERNEL(k_halo, struct halo_args, a)
{
    unsigned tid = ex_tid(), nt = ex_bdim();
    int ld = a.tx + 2, cells = a.tx * a.ty;

    ex_sync_block();
    if (tid == 0)
        a.t_ns[0] = ex_clock_ns();
    for (int it = 1; it <= a.iters; it++) {
        const double *cur = a.u[(it - 1) % 2];
        double *nxt = a.u[it % 2];
        double *recv = a.recvbuf + (size_t)(it % 2) * NDIRS * a.flen;

        /* 1. The interior, from cur (whose halo holds the neighbours' step it - 1). */
        for (int c = (int)tid; c < cells; c += (int)nt) {
            int i = c % a.tx + 1, j = c / a.tx + 1, x = j * ld + i;
            nxt[x] = jacobi5(cur[x - 1], cur[x + 1], cur[x - ld], cur[x + ld]);
        }
        ex_sync_block();
        /* 2. Pack the faces. */
        for (int d = 0; d < NDIRS; d++) {
            int len = d < S ? a.ty : a.tx;
            if (a.nb[d] < 0)
                continue;
            for (int k = (int)tid; k < len; k += (int)nt)
                a.sendbuf[d * a.flen + k] = nxt[face_cell(d, k, a.tx, a.ty, 0)];
        }
        ex_sync_block();
        /* 3. One put-with-signal per face, into this iteration's parity of the neighbour's
         * receive faces. Note: a neighbour overwrites parity it % 2 again only at it + 2,
         * after our face of it + 1, which we send only once we unpacked this one, so one
         * buffer per parity is enough. The blocking form returns with sendbuf reusable. */
        for (int d = 0; d < NDIRS; d++) {
            int len = d < S ? a.ty : a.tx;
            if (a.nb[d] < 0)
                continue;
            rocshmem_putmem_signal_wg(recv + OPP(d) * a.flen, a.sendbuf + d * a.flen,
                                      (size_t)len * sizeof(double), &a.sig[OPP(d)], 1,
                                      ROCSHMEM_SIGNAL_ADD, a.nb[d]);
        }
        /* 4. Wait for our faces of this iteration (a neighbour may already be one ahead:
         * hence >=), then unpack them into nxt's halo. */
        if (tid == 0)
            for (int d = 0; d < NDIRS; d++)
                if (a.nb[d] >= 0)
                    rocshmem_signal_wait_until(&a.sig[d], ROCSHMEM_CMP_GE, (uint64_t)it);
        ex_sync_block();
        for (int d = 0; d < NDIRS; d++) {
            int len = d < S ? a.ty : a.tx;
            if (a.nb[d] < 0)
                continue;
            for (int k = (int)tid; k < len; k += (int)nt)
                nxt[face_cell(d, k, a.tx, a.ty, 1)] = recv[d * a.flen + k];
        }
        ex_sync_block();
    }
    if (tid == 0)
        a.t_ns[1] = ex_clock_ns();
}

/* The same iterations on the whole grid; returns the grid after them ((NX+2) x (NY+2)). */
static double *serial_grid(int NX, int NY, int iters)
{
    int ld = NX + 2;
    size_t n = (size_t)(NX + 2) * (size_t)(NY + 2);
    double *g[2];

    g[0] = (double *)ex_host_alloc(n * sizeof(double));
    g[1] = (double *)ex_host_alloc(n * sizeof(double));
    for (int y = 0; y < NY + 2; y++)
        for (int x = 0; x < ld; x++)
            g[0][y * ld + x] = init_value(x, y, NX, NY);
    for (int it = 1; it <= iters; it++) {
        const double *c = g[(it - 1) % 2];
        double *o = g[it % 2];
        for (int y = 1; y <= NY; y++)
            for (int x = 1; x <= NX; x++) {
                int k = y * ld + x;
                o[k] = jacobi5(c[k - 1], c[k + 1], c[k - ld], c[k + ld]);
            }
    }
    free(g[(iters + 1) % 2]);
    return g[iters % 2];
}

int main(int argc, char **argv)
{
    const char *usage = "usage: halo2d [-x TILE_X] [-y TILE_Y] [-s ITERATIONS] [-t THREADS]";
    int tx = EX_GPU ? 256 : 32, ty = EX_GPU ? 256 : 32, iters = EX_GPU ? 1000 : 40;
    unsigned threads = EX_GPU ? 1024 : EX_THREADS;
    struct halo_args a;
    int opt, px, py, cx, cy, NX, NY;
    long errors = 0;

    ex_start();
    while ((opt = getopt(argc, argv, "x:y:s:t:")) != -1) {
        long v = optarg ? ex_opt_long(optarg, usage) : 0;
        switch (opt) {
        case 'x': tx = (int)v; break;
        case 'y': ty = (int)v; break;
        case 's': iters = (int)v; break;
        case 't': threads = (unsigned)v; break;
        default: ex_opt_long("", usage);
        }
    }
    /* The PE grid: px the largest divisor of n_pes not above its square root. */
    for (px = 1; (px + 1) * (px + 1) <= ex_npes; px++)
        ;
    while (ex_npes % px)
        px--;
    py = ex_npes / px;
    cx = ex_me % px;
    cy = ex_me / px;
    NX = px * tx;
    NY = py * ty;

    memset(&a, 0, sizeof(a));
    a.tx = tx;
    a.ty = ty;
    a.iters = iters;
    a.flen = tx > ty ? tx : ty;
    a.nb[W] = cx > 0 ? ex_me - 1 : -1;
    a.nb[E] = cx < px - 1 ? ex_me + 1 : -1;
    a.nb[S] = cy > 0 ? ex_me - px : -1;
    a.nb[N] = cy < py - 1 ? ex_me + px : -1;

    size_t tile = (size_t)(tx + 2) * (size_t)(ty + 2);
    a.u[0] = (double *)ex_malloc(tile * sizeof(double));
    a.u[1] = (double *)ex_malloc(tile * sizeof(double));
    a.sendbuf = (double *)ex_malloc((size_t)NDIRS * a.flen * sizeof(double));
    a.recvbuf = (double *)ex_malloc(2 * (size_t)NDIRS * a.flen * sizeof(double));
    a.sig = (uint64_t *)ex_malloc(NDIRS * sizeof(uint64_t));
    a.t_ns = (uint64_t *)ex_malloc(2 * sizeof(uint64_t));

    /* Both tiles start as the global grid's cells there, halo included (the neighbours'
     * initial values, or the zero boundary, which no one sends). */
    double *h = (double *)ex_host_alloc(tile * sizeof(double));
    for (int j = 0; j < ty + 2; j++)
        for (int i = 0; i < tx + 2; i++)
            h[j * (tx + 2) + i] = init_value(cx * tx + i, cy * ty + j, NX, NY);
    ex_to_sym(a.u[0], h, tile * sizeof(double));
    ex_to_sym(a.u[1], h, tile * sizeof(double));
    ex_sym_zero(a.sig, NDIRS * sizeof(uint64_t));
    /* Every PE's signals are zero and tiles set before any face is sent. */
    rocshmem_barrier_all();

    EX_LAUNCH(k_halo, 1, threads, a);

    uint64_t t_ns[2];
    ex_from_sym(t_ns, a.t_ns, sizeof(t_ns));
    ex_from_sym(h, a.u[iters % 2], tile * sizeof(double));
    double *g = serial_grid(NX, NY, iters);
    for (int j = 1; j <= ty; j++)
        for (int i = 1; i <= tx; i++) {
            double want = g[(cy * ty + j) * (NX + 2) + cx * tx + i], got = h[j * (tx + 2) + i];
            double diff = got > want ? got - want : want - got;
            if (!(diff <= 1e-12)) {
                if (errors++ < 5)
                    printf("halo2d pe %d: cell (%d, %d) is %.17g, expected %.17g\n", ex_me,
                           cx * tx + i, cy * ty + j, got, want);
            }
        }
    free(g);
    free(h);
    if (ex_me == 0)
        printf("halo2d: %d x %d PEs, tile %d x %d, %d iterations, %u threads per PE: "
               "%.2f us per iteration\n", px, py, tx, ty, iters, threads,
               (double)(t_ns[1] - t_ns[0]) / 1e3 / iters);
    rocshmem_barrier_all();
    rocshmem_free(a.t_ns);
    rocshmem_free(a.sig);
    rocshmem_free(a.recvbuf);
    rocshmem_free(a.sendbuf);
    rocshmem_free(a.u[1]);
    rocshmem_free(a.u[0]);
    return ex_finish("halo2d", errors);
}
