/* rocSHMEM dialect: setup, memory, contexts and teams, as a rocSHMEM 2.x/3.x program writes
 * them. Host: rocSHMEM's constants and their values, init, the version and name queries (the
 * name within rocSHMEM's 64-byte buffer), the heap, contexts compared with == and !=, team
 * splits and queries with ROCSHMEM_TEAM_INVALID as a constant. Device: the 2.x workgroup
 * init/finalize names, a WG_PRIVATE context, PE and team queries from a kernel. */
#define RS_NAME "rs_setup"
#include "rs_test.h"

static_assert(ROCSHMEM_CTX_ZERO == 0 && ROCSHMEM_CTX_NOSTORE == 1 &&
              ROCSHMEM_CTX_SERIALIZED == 2 && ROCSHMEM_CTX_WG_PRIVATE == 4 &&
              ROCSHMEM_CTX_SHARED == 8, "rocSHMEM's context option values");
static_assert(rocshmem::ROCSHMEM_TEAM_INVALID == nullptr, "a constant, in the namespace");
static_assert(ROCSHMEM_MAX_NAME_LEN == 64 && ROCSHMEM_UNIQUE_ID_BYTES == 128 &&
              sizeof(rocshmem_uniqueid_t) == 128, "rocSHMEM's sizes");
static_assert(ROCSHMEM_INIT_WITH_MPI_COMM == 0 && ROCSHMEM_INIT_WITH_UNIQUEID == 1 &&
              ROCSHMEM_TEAM_DEFAULT_CONFIGS == 0 && ROCSHMEM_TEAM_NUM_CONTEXTS == 1,
              "rocSHMEM's flag values");
static_assert(ROCSHMEM_SUM == 0 && ROCSHMEM_XOR == 6 && ROCSHMEM_REPLACE == 7,
              "rocSHMEM's ROCSHMEM_OP values");
static_assert(ROCSHMEM_SIGNAL_SET == 0 && ROCSHMEM_SIGNAL_ADD == 1 && ROCSHMEM_CMP_GE == 3,
              "comparison and signal values");

enum { OUT_RC, OUT_PE, OUT_NPES, OUT_CTX_PE, OUT_CTX_INVALID, OUT_TEAM_PE, OUT_TEAM_NPES,
       OUT_TRANSLATE, OUT_PROVIDED, OUT_TEAM_CTX_RC, OUT_TEAM_CTX_PE, OUT_N };

/* One workgroup: the 2.x preamble, a private context, and the queries. */
__global__ void setup_kernel(int *out, rocshmem_team_t team)
{
    __shared__ rocshmem_ctx_t ctx;
    __shared__ rocshmem_ctx_t team_ctx;
    int provided = -1;

    rocshmem_wg_init();
    rocshmem_wg_init_thread(ROCSHMEM_THREAD_MULTIPLE, &provided);
    int rc = rocshmem_wg_ctx_create(ROCSHMEM_CTX_WG_PRIVATE, &ctx);
    int team_rc = -1;
    if (team != ROCSHMEM_TEAM_INVALID)
        team_rc = rocshmem_wg_team_create_ctx(team, ROCSHMEM_CTX_SERIALIZED, &team_ctx);
    if (threadIdx.x == 0) {
        out[OUT_RC] = rc;
        out[OUT_PE] = rocshmem_my_pe();
        out[OUT_NPES] = rocshmem_n_pes();
        out[OUT_CTX_PE] = rocshmem_ctx_my_pe(ctx);
        out[OUT_CTX_INVALID] = ctx == ROCSHMEM_CTX_INVALID;
        out[OUT_TEAM_PE] = rocshmem_team_my_pe(team);
        out[OUT_TEAM_NPES] = rocshmem_team_n_pes(team);
        out[OUT_TRANSLATE] = rocshmem_team_translate_pe(team, 0, ROCSHMEM_TEAM_WORLD);
        out[OUT_PROVIDED] = provided;
        out[OUT_TEAM_CTX_RC] = team_rc;
        out[OUT_TEAM_CTX_PE] = team_rc == ROCSHMEM_SUCCESS ? rocshmem_ctx_my_pe(team_ctx) : -2;
    }
    __syncthreads();
    if (team_rc == ROCSHMEM_SUCCESS)
        rocshmem_wg_ctx_destroy(&team_ctx);
    if (rc == ROCSHMEM_SUCCESS)
        rocshmem_wg_ctx_destroy(&ctx);
    rocshmem_wg_finalize();
}

static void check_queries()
{
    const long before = fails;
    struct { char name[ROCSHMEM_MAX_NAME_LEN]; char canary[16]; } buf;
    int major = 0, minor = 0, vmajor = -1, vminor = -1, vpatch = -1;

    memset(&buf, 0x5a, sizeof(buf));
    rocshmem_info_get_name(buf.name);
    EXPECT(memchr(buf.name, 0, sizeof(buf.name)) != NULL, "name not terminated in 64 bytes");
    for (size_t i = 0; i < sizeof(buf.canary); i++)
        EXPECT(buf.canary[i] == 0x5a, "info_get_name wrote past ROCSHMEM_MAX_NAME_LEN");
    EXPECT(strcmp(buf.name, ROCSHMEM_VENDOR_STRING) == 0, "name %s", buf.name);
    rocshmem_info_get_version(&major, &minor);
    EXPECT(major == ROCSHMEM_MAJOR_VERSION && minor == ROCSHMEM_MINOR_VERSION, "%d.%d", major, minor);
    rocshmem_vendor_get_version_info(&vmajor, &vminor, &vpatch);
    EXPECT(vmajor == ROCSHMEM_VENDOR_MAJOR_VERSION && vminor == ROCSHMEM_VENDOR_MINOR_VERSION &&
           vpatch == ROCSHMEM_VENDOR_PATCH_VERSION, "vendor %d.%d.%d", vmajor, vminor, vpatch);
    EXPECT(strcmp(rocshmem::VERSION, ROCSHMEM_VERSION) == 0, "VERSION %s", rocshmem::VERSION);
    int provided = -1;
    rocshmem_query_thread(&provided);
    EXPECT(provided == ROCSHMEM_THREAD_SINGLE, "query_thread %d", provided);
    EXPECT(rocshmem_my_pe() == me && rocshmem_n_pes() == npes, "PE queries");
    report("version, name (64 B), vendor, thread level", before);
}

static void check_heap()
{
    const long before = fails;
    int *a = (int *)rocshmem_malloc(100 * sizeof(int));
    long *c = (long *)rocshmem_calloc(33, sizeof(long));
    double *al = (double *)rocshmem_align(256, 8 * sizeof(double));
    long host[33];

    EXPECT(a && c && al, "allocation");
    EXPECT(((uintptr_t)al & 255) == 0, "align(256) gave %p", (void *)al);
    sym_read(host, c, 33);
    for (int i = 0; i < 33; i++)
        EXPECT(host[i] == 0, "calloc word %d is %ld", i, host[i]);
    EXPECT(rocshmem_ptr(a, me) != NULL, "rocshmem_ptr to this PE");
    rocshmem_free(al);
    rocshmem_free(c);
    rocshmem_free(a);
    EXPECT(rocshmem_malloc(0) == NULL, "malloc(0)");
    report("malloc, calloc, align, ptr, free", before);
}

static void check_contexts()
{
    const long before = fails;
    rocshmem_ctx_t ctx = ROCSHMEM_CTX_INVALID, copy;

    EXPECT(rocshmem_ctx_create(ROCSHMEM_CTX_SERIALIZED | ROCSHMEM_CTX_NOSTORE, &ctx) ==
           ROCSHMEM_SUCCESS, "ctx_create");
    copy = ctx;
    EXPECT(ctx != ROCSHMEM_CTX_INVALID && ctx == copy && !(ctx == ROCSHMEM_CTX_DEFAULT),
           "context comparisons");
    EXPECT(rocshmem_ctx_my_pe(ctx) == me && rocshmem_ctx_n_pes(ctx) == npes, "ctx queries");
    rocshmem_ctx_destroy(ctx);
    report("host context, == and !=", before);
}

/* Even PEs form a team (PEs left out get ROCSHMEM_TEAM_INVALID); a kernel queries it. */
static void check_teams_and_kernel()
{
    const long before = fails;
    rocshmem_team_t evens = ROCSHMEM_TEAM_INVALID, x = ROCSHMEM_TEAM_INVALID,
                    y = ROCSHMEM_TEAM_INVALID;
    const int nevens = (npes + 1) / 2;
    int *out, host[OUT_N];

    EXPECT(rocshmem_team_split_strided(ROCSHMEM_TEAM_WORLD, 0, 2, nevens, nullptr, 0, &evens) ==
           0, "split_strided");
    EXPECT((me % 2 == 0) == (evens != ROCSHMEM_TEAM_INVALID), "membership");
    if (evens != ROCSHMEM_TEAM_INVALID)
        EXPECT(rocshmem_team_my_pe(evens) == me / 2 && rocshmem_team_n_pes(evens) == nevens,
               "evens queries");
    EXPECT(rocshmem_team_split_2d(ROCSHMEM_TEAM_WORLD, 2, nullptr, 0, &x, nullptr, 0, &y) == 0,
           "split_2d");
    EXPECT(rocshmem_team_my_pe(x) == me % 2 && rocshmem_team_my_pe(y) == me / 2, "2d queries");

    CHECK_HIP(hipMalloc(&out, sizeof(host)));
    hipLaunchKernelGGL(setup_kernel, dim3(1), dim3(64), 0, 0, out, evens);
    CHECK_HIP(hipGetLastError());
    CHECK_HIP(hipDeviceSynchronize());
    CHECK_HIP(hipMemcpy(host, out, sizeof(host), hipMemcpyDeviceToHost));
    CHECK_HIP(hipFree(out));
    EXPECT(host[OUT_RC] == ROCSHMEM_SUCCESS && host[OUT_CTX_INVALID] == 0, "wg_ctx_create %d",
           host[OUT_RC]);
    EXPECT(host[OUT_PE] == me && host[OUT_NPES] == npes && host[OUT_CTX_PE] == me,
           "device PE queries %d %d %d", host[OUT_PE], host[OUT_NPES], host[OUT_CTX_PE]);
    EXPECT(host[OUT_PROVIDED] == ROCSHMEM_THREAD_SINGLE, "wg_init_thread gave %d",
           host[OUT_PROVIDED]);
    if (evens != ROCSHMEM_TEAM_INVALID) {
        EXPECT(host[OUT_TEAM_PE] == me / 2 && host[OUT_TEAM_NPES] == nevens &&
               host[OUT_TRANSLATE] == 0, "device team queries %d %d %d", host[OUT_TEAM_PE],
               host[OUT_TEAM_NPES], host[OUT_TRANSLATE]);
        EXPECT(host[OUT_TEAM_CTX_RC] == ROCSHMEM_SUCCESS && host[OUT_TEAM_CTX_PE] == me / 2,
               "team context %d, my_pe %d", host[OUT_TEAM_CTX_RC], host[OUT_TEAM_CTX_PE]);
    } else {
        EXPECT(host[OUT_TEAM_PE] == -1 && host[OUT_TEAM_NPES] == -1, "invalid team queries");
    }
    rocshmem_team_destroy(y);
    rocshmem_team_destroy(x);
    rocshmem_team_destroy(evens);
    report("teams; kernel: wg_init, WG_PRIVATE ctx, queries", before);
}

int main()
{
    rs_start();
    check_queries();
    check_heap();
    check_contexts();
    check_teams_and_kernel();
    return rs_finish();
}
