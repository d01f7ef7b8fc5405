/* rocSHMEM dialect: barriers and collectives, from a kernel as rocSHMEM's tests call them
 * (3.x names, the 2.x _wg_ infix names, reductions templated on ROCSHMEM_OP, the 3.4 barrier()
 * of the world team) and from the host (a team reduction, rocSHMEM's active-set broadcast
 * with pSync, the stream-ordered calls). Every result is checked on the host. */
#define RS_NAME "rs_coll"
#include "rs_test.h"

#define NE 64       /* elements per PE */
#define MAXPE 8
#define BLK 8       /* alltoall block */

struct sym {
    int src[NE * MAXPE];          /* me * 100 + i */
    long lsrc[NE];
    double dsrc[NE];
    unsigned usrc[NE];
    int seen[4];                  /* tokens read after each barrier form */
    int token[4];
    int bcast[NE], fcol[NE * MAXPE], a2a[BLK * MAXPE], a2a_noctx[BLK * MAXPE],
        a2a_2x[BLK * MAXPE], fcol_2x[NE * MAXPE];
    long lbcast[NE], red_long[NE];
    int red_int[NE], red_2x[NE];
    double red_dbl[NE];
    unsigned red_xor[NE];
    int host_red[NE], aset_bcast[NE], stream_red[NE], stream_bc[NE], stream_a2a[BLK * MAXPE];
    long psync[ROCSHMEM_BCAST_SYNC_SIZE];
};

/* As rocSHMEM's functional tests write it: one template per family, specialized per type
 * and operation onto the typed names. */
template <typename T, ROCSHMEM_OP Op>
__device__ int wg_team_reduce(rocshmem_ctx_t ctx, rocshmem_team_t team, T *dest,
                              const T *source, int nreduce);
#define RS_REDUCE(T, TNAME, OPNAME, OP)                                                    \
    template <>                                                                            \
    __device__ int wg_team_reduce<T, OP>(rocshmem_ctx_t ctx, rocshmem_team_t team, T *dest, \
                                         const T *source, int nreduce)                     \
    {                                                                                      \
        return rocshmem_ctx_##TNAME##_##OPNAME##_reduce_wg(ctx, team, dest, source, nreduce); \
    }
RS_REDUCE(int, int, sum, ROCSHMEM_SUM)
RS_REDUCE(long, long, max, ROCSHMEM_MAX)
RS_REDUCE(double, double, sum, ROCSHMEM_SUM)
RS_REDUCE(unsigned, uint, xor, ROCSHMEM_XOR)

/* After a put of a token to peer and one barrier form, the token from `from` is here. */
__device__ void token_round(struct sym *s, int k, int peer)
{
    if (threadIdx.x == 0)
        rocshmem_int_p(&s->token[k], rocshmem_my_pe() + 1, peer);
}

__device__ void token_seen(struct sym *s, int k)
{
    if (threadIdx.x == 0)
        s->seen[k] = *(volatile int *)&s->token[k];
    __syncthreads();
}

__global__ void coll_kernel(struct sym *s, int peer, int *errs)
{
    __shared__ rocshmem_ctx_t ctx;
    rocshmem_team_t team = ROCSHMEM_TEAM_WORLD;
    const int n = rocshmem_n_pes();

    rocshmem_wg_init();
    rocshmem_wg_ctx_create(ROCSHMEM_CTX_WG_PRIVATE, &ctx);

    token_round(s, 0, peer);
    rocshmem_barrier_wg();                 /* 3.4: the world team */
    token_seen(s, 0);
    token_round(s, 1, peer);
    rocshmem_wg_barrier_all();             /* 2.x */
    token_seen(s, 1);
    token_round(s, 2, peer);
    rocshmem_ctx_wg_barrier_all(ctx);      /* 2.x */
    token_seen(s, 2);
    token_round(s, 3, peer);
    if (threadIdx.x == 0)
        rocshmem_barrier();                /* 3.4, one thread */
    __syncthreads();
    token_seen(s, 3);
    rocshmem_wg_team_sync(team);           /* 2.x syncs */
    rocshmem_ctx_wg_team_sync(ctx, team);
    rocshmem_wg_sync_all();
    rocshmem_ctx_wg_sync_all(ctx);

    rocshmem_ctx_int_broadcast_wg(ctx, team, s->bcast, s->src, NE, 0);
    rocshmem_ctx_long_wg_broadcast(ctx, team, s->lbcast, s->lsrc, NE, n - 1);
    rocshmem_ctx_int_fcollect_wg(ctx, team, s->fcol, s->src, NE);
    rocshmem_ctx_int_wg_fcollect(ctx, team, s->fcol_2x, s->src, NE);
    rocshmem_ctx_int_alltoall_wg(ctx, team, s->a2a, s->src, BLK);
    rocshmem_int_alltoall_wg(team, s->a2a_noctx, s->src, BLK);
    rocshmem_ctx_int_wg_alltoall(ctx, team, s->a2a_2x, s->src, BLK);
    DEXPECT(errs, (wg_team_reduce<int, ROCSHMEM_SUM>(ctx, team, s->red_int, s->src, NE) == 0));
    DEXPECT(errs, (wg_team_reduce<long, ROCSHMEM_MAX>(ctx, team, s->red_long, s->lsrc, NE) == 0));
    DEXPECT(errs, (wg_team_reduce<double, ROCSHMEM_SUM>(ctx, team, s->red_dbl, s->dsrc, NE) == 0));
    DEXPECT(errs, (wg_team_reduce<unsigned, ROCSHMEM_XOR>(ctx, team, s->red_xor, s->usrc, NE) == 0));
    DEXPECT(errs, rocshmem_ctx_int_max_wg_reduce(ctx, team, s->red_2x, s->src, NE) == 0);
    rocshmem_ctx_quiet(ctx);

    rocshmem_wg_ctx_destroy(&ctx);
    rocshmem_wg_finalize();
}

static int src_of(int pe, int i) { return pe * 100 + i; }

static void check_kernel(const struct sym *h)
{
    const long before = fails;
    const int n = npes;

    for (int k = 0; k < 4; k++)
        EXPECT(h->seen[k] == from + 1, "barrier form %d: token %d", k, h->seen[k]);
    for (int i = 0; i < NE; i++) {
        long isum = 0;
        double dsum = 0;
        unsigned x = 0;
        for (int j = 0; j < n; j++) {
            isum += src_of(j, i);
            dsum += j + 0.5 * i;
            x ^= (1u << j) ^ (unsigned)i;
        }
        EXPECT(h->bcast[i] == src_of(0, i), "bcast[%d] %d", i, h->bcast[i]);
        EXPECT(h->lbcast[i] == src_of(n - 1, i), "2.x bcast[%d] %ld", i, h->lbcast[i]);
        EXPECT(h->red_int[i] == isum, "sum[%d] %d", i, h->red_int[i]);
        EXPECT(h->red_long[i] == src_of(n - 1, i), "max[%d] %ld", i, h->red_long[i]);
        EXPECT(h->red_dbl[i] == dsum, "dsum[%d] %g", i, h->red_dbl[i]);
        EXPECT(h->red_xor[i] == x, "xor[%d] %u", i, h->red_xor[i]);
        EXPECT(h->red_2x[i] == src_of(n - 1, i), "2.x max[%d] %d", i, h->red_2x[i]);
        for (int j = 0; j < n; j++)
            EXPECT(h->fcol[j * NE + i] == src_of(j, i) && h->fcol_2x[j * NE + i] == src_of(j, i),
                   "fcollect block %d [%d]", j, i);
    }
    for (int j = 0; j < n; j++)
        for (int k = 0; k < BLK; k++) {
            const int want = src_of(j, me * BLK + k);
            EXPECT(h->a2a[j * BLK + k] == want && h->a2a_noctx[j * BLK + k] == want &&
                   h->a2a_2x[j * BLK + k] == want, "alltoall block %d [%d]", j, k);
        }
    report("kernel: barriers, bcast, fcollect, alltoall, reduce", before);
}

/* Host: a team reduction, the active-set broadcast with pSync, and the stream calls. */
static void check_host(struct sym *s)
{
    long before = fails;
    static struct sym h;
    hipStream_t st;

    EXPECT(rocshmem_ctx_int_sum_reduce(ROCSHMEM_CTX_DEFAULT, ROCSHMEM_TEAM_WORLD, s->host_red,
                                       s->src, NE) == 0, "host reduce");
    rocshmem_ctx_int_broadcast(ROCSHMEM_CTX_DEFAULT, s->aset_bcast, s->src, NE, 0, 0, 0, npes,
                               s->psync);
    rocshmem_barrier_all();
    sym_read(&h, s, 1);
    for (int i = 0; i < NE; i++) {
        long isum = 0;
        for (int j = 0; j < npes; j++)
            isum += src_of(j, i);
        EXPECT(h.host_red[i] == isum, "host sum[%d] %d", i, h.host_red[i]);
        EXPECT(h.aset_bcast[i] == (me == 0 ? 0 : src_of(0, i)), "pSync bcast[%d] %d", i,
               h.aset_bcast[i]);
    }
    for (size_t i = 0; i < ROCSHMEM_BCAST_SYNC_SIZE; i++)
        EXPECT(h.psync[i] == ROCSHMEM_SYNC_VALUE, "pSync[%zu] left at %ld", i, h.psync[i]);
    report("host: team reduce, active-set broadcast (pSync)", before);

    before = fails;
    CHECK_HIP(hipStreamCreate(&st));
    rocshmem_barrier_all_on_stream(st);
    EXPECT(rocshmem_ctx_int_sum_reduce_on_stream(ROCSHMEM_CTX_DEFAULT, ROCSHMEM_TEAM_WORLD,
                                                 s->stream_red, s->src, NE, st) == 0,
           "reduce_on_stream");
    rocshmem_broadcastmem_on_stream(ROCSHMEM_TEAM_WORLD, s->stream_bc, s->src, NE * sizeof(int),
                                    npes - 1, st);
    rocshmem_alltoallmem_on_stream(ROCSHMEM_TEAM_WORLD, s->stream_a2a, s->src,
                                   BLK * sizeof(int), st);
    rocshmem_quiet_on_stream(st);
    rocshmem_barrier_all_on_stream(st);
    CHECK_HIP(hipStreamSynchronize(st));
    CHECK_HIP(hipStreamDestroy(st));
    sym_read(&h, s, 1);
    for (int i = 0; i < NE; i++) {
        EXPECT(h.stream_red[i] == h.host_red[i], "stream sum[%d] %d", i, h.stream_red[i]);
        EXPECT(h.stream_bc[i] == src_of(npes - 1, i), "stream bcast[%d] %d", i, h.stream_bc[i]);
    }
    for (int j = 0; j < npes; j++)
        for (int k = 0; k < BLK; k++)
            EXPECT(h.stream_a2a[j * BLK + k] == src_of(j, me * BLK + k), "stream alltoall");
    report("stream: barrier_all, reduce, broadcastmem, alltoallmem", before);
}

int main()
{
    rs_start();
    if (npes > MAXPE) {
        printf(RS_NAME ": at most %d PEs\n", MAXPE);
        return 1;
    }
    struct sym *s = (struct sym *)rocshmem_calloc(1, sizeof(struct sym));
    static struct sym h;

    for (int i = 0; i < NE * MAXPE; i++)
        h.src[i] = src_of(me, i);
    for (int i = 0; i < NE; i++) {
        h.lsrc[i] = src_of(me, i);
        h.dsrc[i] = me + 0.5 * i;
        h.usrc[i] = (1u << me) ^ (unsigned)i;
    }
    sym_write(s, &h, 1);
    rocshmem_barrier_all();
    hipLaunchKernelGGL(coll_kernel, dim3(1), dim3(64), 0, 0, s, peer, dev_fails);
    CHECK_HIP(hipGetLastError());
    phase_end();
    sym_read(&h, s, 1);
    check_kernel(&h);
    check_host(s);
    rocshmem_free(s);
    return rs_finish();
}
