/* OpenSHMEM 1.5 chapter 9.10: point-to-point synchronization. The left neighbour writes
 * (shmem_TYPE_p, some after a short sleep so that waits really wait), this PE waits.
 *   - wait_until on every type of Table 12, with each comparison (EQ, NE, GT, GE, LT, LE)
 *     from a start value that does not satisfy it; the data put before the variable (with
 *     a fence between) is visible on return;
 *   - wait_until_all (with a status mask excluding a variable that is never written, and
 *     with NULL), wait_until_any (the only unmasked satisfied index is returned),
 *     wait_until_some (only unmasked satisfied indices, each once; all of them once a
 *     flag says every write is done), and the three _vector forms with a value per
 *     element, on int, long, unsigned long long and size_t;
 *   - empty sets: nelems 0 or every element masked: wait_until_all returns, _any gives
 *     SIZE_MAX, _some gives 0, without waiting;
 *   - test, test_all, test_any, test_some and their _vector forms on local values of every
 *     type: true and false results, status masks, SIZE_MAX and 0 for nothing satisfied and
 *     for empty sets, test_all of an empty set is 1;
 *   - test and test_any polled (bounded) until a neighbour's write arrives. */
#include "osh_test.h"

#define NCMP 6
static const int cmps[NCMP] = { SHMEM_CMP_EQ, SHMEM_CMP_NE, SHMEM_CMP_GT, SHMEM_CMP_GE,
                                SHMEM_CMP_LT, SHMEM_CMP_LE };
static const char *cnames[NCMP] = { "EQ", "NE", "GT", "GE", "LT", "LE" };
/* Start (not satisfying), the comparison value, and the final value the writer stores. */
static const int cstart[NCMP] = { 0, 7, 10, 10, 100, 100 };
static const int cvalue[NCMP] = { 9, 7, 20, 30, 50, 40 };
static const int cfinal[NCMP] = { 9, 8, 21, 30, 49, 40 };

#define P2P_TYPES(X)                                                                       \
    X(short, short) X(int, int) X(long, long) X(longlong, long long)                       \
    X(ushort, unsigned short) X(uint, unsigned int) X(ulong, unsigned long)                \
    X(ulonglong, unsigned long long) X(int32, int32_t) X(int64, int64_t)                   \
    X(uint32, uint32_t) X(uint64, uint64_t) X(size, size_t) X(ptrdiff, ptrdiff_t)

/* ---- wait_until, every type and comparison ---------------------------------------- */
#define DEF_WAIT(NAME, TYPE)                                                               \
    static TYPE w_iv_##NAME[NCMP];                                                         \
    static long w_data_##NAME[NCMP];                                                       \
    static void wait_reset_##NAME(void)                                                    \
    {                                                                                      \
        for (int k = 0; k < NCMP; k++) {                                                   \
            w_iv_##NAME[k] = (TYPE)cstart[k];                                              \
            w_data_##NAME[k] = -1;                                                         \
        }                                                                                  \
    }                                                                                      \
    static void wait_send_##NAME(int right)                                                \
    {                                                                                      \
        for (int k = 0; k < NCMP; k++) {                                                   \
            shmem_long_p(&w_data_##NAME[k], 1000L * ot_me + k, right);                     \
            shmem_fence();                                                                 \
            shmem_##NAME##_p(&w_iv_##NAME[k], (TYPE)cfinal[k], right);                     \
        }                                                                                  \
    }                                                                                      \
    static void wait_recv_##NAME(int left)                                                 \
    {                                                                                      \
        for (int k = 0; k < NCMP; k++) {                                                   \
            ot_step("shmem_%s_wait_until %s %d", #NAME, cnames[k], cvalue[k]);             \
            shmem_##NAME##_wait_until(&w_iv_##NAME[k], cmps[k], (TYPE)cvalue[k]);          \
            OT_CHECK_EQ("shmem_" #NAME "_wait_until", cnames[k],                           \
                        *(volatile TYPE *)&w_iv_##NAME[k], (TYPE)cfinal[k]);               \
            OT_CHECK_EQ("shmem_" #NAME "_wait_until: data put before the variable",       \
                        cnames[k], *(volatile long *)&w_data_##NAME[k], 1000L * left + k); \
        }                                                                                  \
    }
P2P_TYPES(DEF_WAIT)

static void check_wait_until(void)
{
    ot_step("wait_until, every type");
#define RESET(NAME, TYPE) wait_reset_##NAME();
#define SEND(NAME, TYPE) wait_send_##NAME(ot_right());
#define RECV(NAME, TYPE) wait_recv_##NAME(ot_left());
    P2P_TYPES(RESET)
    shmem_barrier_all();
    /* Half of the types are sent after a pause, so their waits block for a while. */
    ot_sleep_ms(ot_me % 2 ? 20 : 0);
    P2P_TYPES(SEND)
    P2P_TYPES(RECV)
    shmem_barrier_all();
#undef RESET
#undef SEND
#undef RECV
}

/* ---- the array waits ----------------------------------------------------------------- */
enum { ALL_A, ALL_B, ANY_A, SOME_A, ALL_V, ANY_V, SOME_V, NCASE };
#define DEF_MANY(NAME, TYPE)                                                               \
    static TYPE m_iv_##NAME[NCASE][4];                                                     \
    static long m_done_##NAME[2];                                                          \
    static void many_reset_##NAME(void)                                                    \
    {                                                                                      \
        memset(m_iv_##NAME, 0, sizeof(m_iv_##NAME));                                       \
        m_done_##NAME[0] = m_done_##NAME[1] = 0;                                           \
    }                                                                                      \
    static void many_send_##NAME(int to)                                                   \
    {                                                                                      \
        TYPE(*iv)[4] = m_iv_##NAME;                                                        \
        shmem_##NAME##_p(&iv[ALL_A][0], (TYPE)5, to);                                      \
        shmem_##NAME##_p(&iv[ALL_A][2], (TYPE)5, to);                                      \
        ot_sleep_ms(2);                                                                    \
        shmem_##NAME##_p(&iv[ALL_A][3], (TYPE)5, to);                                      \
        for (int i = 0; i < 4; i++)                                                        \
            shmem_##NAME##_p(&iv[ALL_B][i], (TYPE)5, to);                                  \
        shmem_##NAME##_p(&iv[ANY_A][0], (TYPE)5, to);                                      \
        shmem_quiet();                                                                     \
        ot_sleep_ms(2);                                                                    \
        shmem_##NAME##_p(&iv[ANY_A][2], (TYPE)5, to);                                      \
        shmem_##NAME##_p(&iv[SOME_A][1], (TYPE)5, to);                                     \
        ot_sleep_ms(1);                                                                    \
        shmem_##NAME##_p(&iv[SOME_A][2], (TYPE)5, to);                                     \
        shmem_##NAME##_p(&iv[SOME_A][3], (TYPE)5, to);                                     \
        shmem_fence();                                                                     \
        shmem_long_p(&m_done_##NAME[0], 1, to);                                            \
        shmem_##NAME##_p(&iv[ALL_V][0], (TYPE)1, to);                                      \
        shmem_##NAME##_p(&iv[ALL_V][1], (TYPE)2, to);                                      \
        ot_sleep_ms(1);                                                                    \
        shmem_##NAME##_p(&iv[ALL_V][2], (TYPE)3, to);                                      \
        shmem_##NAME##_p(&iv[ANY_V][0], (TYPE)10, to);                                     \
        shmem_quiet();                                                                     \
        ot_sleep_ms(2);                                                                    \
        shmem_##NAME##_p(&iv[ANY_V][1], (TYPE)2, to);                                      \
        shmem_##NAME##_p(&iv[SOME_V][0], (TYPE)1, to);                                     \
        ot_sleep_ms(1);                                                                    \
        shmem_##NAME##_p(&iv[SOME_V][2], (TYPE)3, to);                                     \
        shmem_fence();                                                                     \
        shmem_long_p(&m_done_##NAME[1], 1, to);                                            \
        shmem_quiet();                                                                     \
    }                                                                                      \
    static void many_recv_##NAME(void)                                                     \
    {                                                                                      \
        TYPE(*iv)[4] = m_iv_##NAME, vals[4] = { 1, 2, 3, 4 };                              \
        const int st_all[4] = { 0, 1, 0, 0 }, st_any[4] = { 1, 0, 0, 0 },                  \
                  st_some[4] = { 0, 0, 1, 0 }, st_allv[4] = { 0, 0, 0, 1 };                \
        size_t idx[4], k, r;                                                               \
        ot_step("shmem_%s_wait_until_all (masked)", #NAME);                                \
        shmem_##NAME##_wait_until_all(iv[ALL_A], 4, st_all, SHMEM_CMP_EQ, (TYPE)5);        \
        for (int i = 0; i < 4; i++)                                                        \
            OT_CHECK_ELEM("shmem_" #NAME "_wait_until_all", "status {0,1,0,0}", i,         \
                          *(volatile TYPE *)&iv[ALL_A][i], (TYPE)(i == 1 ? 0 : 5));        \
        ot_step("shmem_%s_wait_until_all (NULL status)", #NAME);                           \
        shmem_##NAME##_wait_until_all(iv[ALL_B], 4, NULL, SHMEM_CMP_EQ, (TYPE)5);          \
        for (int i = 0; i < 4; i++)                                                        \
            OT_CHECK_ELEM("shmem_" #NAME "_wait_until_all", "NULL status", i,              \
                          *(volatile TYPE *)&iv[ALL_B][i], (TYPE)5);                       \
        ot_step("shmem_%s_wait_until_any (masked)", #NAME);                                \
        r = shmem_##NAME##_wait_until_any(iv[ANY_A], 4, st_any, SHMEM_CMP_EQ, (TYPE)5);    \
        OT_CHECK("shmem_" #NAME "_wait_until_any", "status {1,0,0,0}", r == 2,             \
                 "returned %zu; index 0 is masked, only index 2 is ever satisfied", r);    \
        ot_step("shmem_%s_wait_until_some (masked)", #NAME);                               \
        k = shmem_##NAME##_wait_until_some(iv[SOME_A], 4, idx, st_some, SHMEM_CMP_EQ,      \
                                           (TYPE)5);                                       \
        OT_CHECK("shmem_" #NAME "_wait_until_some", "status {0,0,1,0}", k >= 1 && k <= 2,  \
                 "returned %zu", k);                                                       \
        for (size_t j = 0; j < k; j++)                                                     \
            OT_CHECK("shmem_" #NAME "_wait_until_some", "status {0,0,1,0}",                \
                     (idx[j] == 1 || idx[j] == 3) && (j == 0 || idx[j] != idx[0]),         \
                     "index %zu: %zu (only 1 and 3, once each)", j, idx[j]);               \
        shmem_long_wait_until(&m_done_##NAME[0], SHMEM_CMP_EQ, 1);                         \
        k = shmem_##NAME##_wait_until_some(iv[SOME_A], 4, idx, st_some, SHMEM_CMP_EQ,      \
                                           (TYPE)5);                                       \
        OT_CHECK("shmem_" #NAME "_wait_until_some", "all written", k == 2 &&               \
                 ((idx[0] == 1 && idx[1] == 3) || (idx[0] == 3 && idx[1] == 1)),           \
                 "returned %zu (%zu, %zu); indices 1 and 3 are satisfied and unmasked", k, \
                 idx[0], k > 1 ? idx[1] : (size_t)0);                                      \
        ot_step("shmem_%s_wait_until_all_vector", #NAME);                                  \
        shmem_##NAME##_wait_until_all_vector(iv[ALL_V], 4, st_allv, SHMEM_CMP_GE, vals);   \
        for (int i = 0; i < 4; i++)                                                        \
            OT_CHECK_ELEM("shmem_" #NAME "_wait_until_all_vector", "status {0,0,0,1}", i,  \
                          *(volatile TYPE *)&iv[ALL_V][i], (TYPE)(i == 3 ? 0 : i + 1));    \
        ot_step("shmem_%s_wait_until_any_vector", #NAME);                                  \
        r = shmem_##NAME##_wait_until_any_vector(iv[ANY_V], 4, st_any, SHMEM_CMP_GE, vals); \
        OT_CHECK("shmem_" #NAME "_wait_until_any_vector", "status {1,0,0,0}", r == 1,      \
                 "returned %zu; index 0 is masked, only index 1 is ever satisfied", r);    \
        ot_step("shmem_%s_wait_until_some_vector", #NAME);                                 \
        k = shmem_##NAME##_wait_until_some_vector(iv[SOME_V], 4, idx, NULL, SHMEM_CMP_GE,  \
                                                  vals);                                   \
        OT_CHECK("shmem_" #NAME "_wait_until_some_vector", "NULL status", k >= 1 && k <= 2, \
                 "returned %zu", k);                                                       \
        for (size_t j = 0; j < k; j++)                                                     \
            OT_CHECK("shmem_" #NAME "_wait_until_some_vector", "NULL status",              \
                     (idx[j] == 0 || idx[j] == 2) && (j == 0 || idx[j] != idx[0]),         \
                     "index %zu: %zu (only 0 and 2, once each)", j, idx[j]);               \
        shmem_long_wait_until(&m_done_##NAME[1], SHMEM_CMP_EQ, 1);                         \
        k = shmem_##NAME##_wait_until_some_vector(iv[SOME_V], 4, idx, NULL, SHMEM_CMP_GE,  \
                                                  vals);                                   \
        OT_CHECK("shmem_" #NAME "_wait_until_some_vector", "all written", k == 2 &&        \
                 ((idx[0] == 0 && idx[1] == 2) || (idx[0] == 2 && idx[1] == 0)),           \
                 "returned %zu (%zu, %zu); indices 0 and 2 are satisfied", k, idx[0],      \
                 k > 1 ? idx[1] : (size_t)0);                                              \
    }                                                                                      \
    static void many_empty_##NAME(void)                                                    \
    {                                                                                      \
        TYPE iv[4] = { 1, 1, 1, 1 }, vals[4] = { 2, 2, 2, 2 };                             \
        const int masked[4] = { 1, 1, 1, 1 };                                              \
        size_t idx[4] = { 99, 99, 99, 99 }, r;                                             \
        ot_step("shmem_%s_wait_until_* on empty sets", #NAME);                             \
        shmem_##NAME##_wait_until_all(iv, 0, NULL, SHMEM_CMP_EQ, (TYPE)2);                 \
        shmem_##NAME##_wait_until_all(iv, 4, masked, SHMEM_CMP_EQ, (TYPE)2);               \
        shmem_##NAME##_wait_until_all_vector(iv, 0, NULL, SHMEM_CMP_EQ, vals);             \
        shmem_##NAME##_wait_until_all_vector(iv, 4, masked, SHMEM_CMP_EQ, vals);           \
        r = shmem_##NAME##_wait_until_any(iv, 0, NULL, SHMEM_CMP_EQ, (TYPE)2);             \
        OT_CHECK("shmem_" #NAME "_wait_until_any", "nelems 0", r == SIZE_MAX, "%zu", r);   \
        r = shmem_##NAME##_wait_until_any(iv, 4, masked, SHMEM_CMP_EQ, (TYPE)2);           \
        OT_CHECK("shmem_" #NAME "_wait_until_any", "all masked", r == SIZE_MAX, "%zu", r); \
        r = shmem_##NAME##_wait_until_any_vector(iv, 4, masked, SHMEM_CMP_EQ, vals);       \
        OT_CHECK("shmem_" #NAME "_wait_until_any_vector", "all masked", r == SIZE_MAX,     \
                 "%zu", r);                                                                \
        r = shmem_##NAME##_wait_until_some(iv, 0, idx, NULL, SHMEM_CMP_EQ, (TYPE)2);       \
        OT_CHECK("shmem_" #NAME "_wait_until_some", "nelems 0", r == 0, "%zu", r);         \
        r = shmem_##NAME##_wait_until_some(iv, 4, idx, masked, SHMEM_CMP_EQ, (TYPE)2);     \
        OT_CHECK("shmem_" #NAME "_wait_until_some", "all masked", r == 0, "%zu", r);       \
        r = shmem_##NAME##_wait_until_some_vector(iv, 4, idx, masked, SHMEM_CMP_EQ, vals); \
        OT_CHECK("shmem_" #NAME "_wait_until_some_vector", "all masked", r == 0, "%zu", r); \
    }
#define MANY_TYPES(X)                                                                      \
    X(int, int) X(long, long) X(ulonglong, unsigned long long) X(size, size_t)
MANY_TYPES(DEF_MANY)

static void check_wait_many(void)
{
#define RESET(NAME, TYPE) many_reset_##NAME();
#define SEND(NAME, TYPE) many_send_##NAME(ot_right());
#define RECV(NAME, TYPE) many_recv_##NAME();
#define EMPTY(NAME, TYPE) many_empty_##NAME();
    ot_step("wait_until_all/any/some");
    MANY_TYPES(EMPTY)
    MANY_TYPES(RESET)
    shmem_barrier_all();
    MANY_TYPES(SEND)
    MANY_TYPES(RECV)
    shmem_barrier_all();
#undef RESET
#undef SEND
#undef RECV
#undef EMPTY
}

/* ---- test and its array forms, on local values ----------------------------------------- */
#define DEF_TEST(NAME, TYPE)                                                               \
    static TYPE t_iv_##NAME[4];                                                            \
    static void tests_##NAME(void)                                                         \
    {                                                                                      \
        TYPE *iv = t_iv_##NAME, vv[4] = { 0, 5, 1, 4 };                                    \
        const int st_a[4] = { 1, 0, 1, 0 }, st_b[4] = { 0, 1, 0, 0 }, st_c[4] = { 0, 0, 0, 1 }, \
                  st_d[4] = { 0, 0, 1, 1 }, st_e[4] = { 1, 0, 0, 0 }, all[4] = { 1, 1, 1, 1 }; \
        size_t idx[4], r;                                                                  \
        int t;                                                                             \
        ot_step("shmem_%s_test*", #NAME);                                                  \
        iv[0] = 0; iv[1] = 5; iv[2] = 0; iv[3] = 5;                                        \
        for (int k = 0; k < NCMP; k++) {                                                   \
            TYPE x = (TYPE)cstart[k];                                                      \
            OT_CHECK_EQ("shmem_" #NAME "_test (not satisfied)", cnames[k],                 \
                        shmem_##NAME##_test(&x, cmps[k], (TYPE)cvalue[k]), 0);             \
            x = (TYPE)cfinal[k];                                                           \
            OT_CHECK_EQ("shmem_" #NAME "_test (satisfied)", cnames[k],                     \
                        shmem_##NAME##_test(&x, cmps[k], (TYPE)cvalue[k]), 1);             \
        }                                                                                  \
        t = shmem_##NAME##_test_all(iv, 4, NULL, SHMEM_CMP_EQ, (TYPE)5);                   \
        OT_CHECK_EQ("shmem_" #NAME "_test_all", "NULL status, two of four", t, 0);         \
        t = shmem_##NAME##_test_all(iv, 4, st_a, SHMEM_CMP_EQ, (TYPE)5);                   \
        OT_CHECK_EQ("shmem_" #NAME "_test_all", "status {1,0,1,0}", t, 1);                 \
        t = shmem_##NAME##_test_all(iv, 4, st_b, SHMEM_CMP_EQ, (TYPE)5);                   \
        OT_CHECK_EQ("shmem_" #NAME "_test_all", "status {0,1,0,0}", t, 0);                 \
        t = shmem_##NAME##_test_all(iv, 0, NULL, SHMEM_CMP_EQ, (TYPE)5);                   \
        OT_CHECK_EQ("shmem_" #NAME "_test_all", "nelems 0", t, 1);                         \
        t = shmem_##NAME##_test_all(iv, 4, NULL, SHMEM_CMP_LE, (TYPE)5);                   \
        OT_CHECK_EQ("shmem_" #NAME "_test_all", "LE 5", t, 1);                             \
        r = shmem_##NAME##_test_any(iv, 4, NULL, SHMEM_CMP_EQ, (TYPE)5);                   \
        OT_CHECK("shmem_" #NAME "_test_any", "NULL status", r == 1 || r == 3, "%zu", r);   \
        r = shmem_##NAME##_test_any(iv, 4, st_b, SHMEM_CMP_EQ, (TYPE)5);                   \
        OT_CHECK("shmem_" #NAME "_test_any", "status {0,1,0,0}", r == 3, "%zu", r);        \
        r = shmem_##NAME##_test_any(iv, 4, NULL, SHMEM_CMP_EQ, (TYPE)7);                   \
        OT_CHECK("shmem_" #NAME "_test_any", "none satisfied", r == SIZE_MAX, "%zu", r);   \
        r = shmem_##NAME##_test_any(iv, 0, NULL, SHMEM_CMP_EQ, (TYPE)5);                   \
        OT_CHECK("shmem_" #NAME "_test_any", "nelems 0", r == SIZE_MAX, "%zu", r);         \
        r = shmem_##NAME##_test_any(iv, 4, all, SHMEM_CMP_EQ, (TYPE)5);                    \
        OT_CHECK("shmem_" #NAME "_test_any", "all masked", r == SIZE_MAX, "%zu", r);       \
        r = shmem_##NAME##_test_some(iv, 4, idx, NULL, SHMEM_CMP_EQ, (TYPE)5);             \
        OT_CHECK("shmem_" #NAME "_test_some", "NULL status",                               \
                 r == 2 && ((idx[0] == 1 && idx[1] == 3) || (idx[0] == 3 && idx[1] == 1)), \
                 "returned %zu (%zu, %zu)", r, idx[0], r > 1 ? idx[1] : (size_t)0);        \
        r = shmem_##NAME##_test_some(iv, 4, idx, st_c, SHMEM_CMP_EQ, (TYPE)5);             \
        OT_CHECK("shmem_" #NAME "_test_some", "status {0,0,0,1}", r == 1 && idx[0] == 1,   \
                 "returned %zu (%zu)", r, idx[0]);                                         \
        r = shmem_##NAME##_test_some(iv, 4, idx, NULL, SHMEM_CMP_EQ, (TYPE)7);             \
        OT_CHECK("shmem_" #NAME "_test_some", "none satisfied", r == 0, "%zu", r);         \
        r = shmem_##NAME##_test_some(iv, 0, idx, NULL, SHMEM_CMP_EQ, (TYPE)5);             \
        OT_CHECK("shmem_" #NAME "_test_some", "nelems 0", r == 0, "%zu", r);               \
        r = shmem_##NAME##_test_some(iv, 4, idx, all, SHMEM_CMP_EQ, (TYPE)5);              \
        OT_CHECK("shmem_" #NAME "_test_some", "all masked", r == 0, "%zu", r);             \
        /* Vector: {0,5,0,5} EQ {0,5,1,4}: elements 0 and 1 satisfied. */                  \
        t = shmem_##NAME##_test_all_vector(iv, 4, NULL, SHMEM_CMP_EQ, vv);                 \
        OT_CHECK_EQ("shmem_" #NAME "_test_all_vector", "NULL status", t, 0);               \
        t = shmem_##NAME##_test_all_vector(iv, 4, st_d, SHMEM_CMP_EQ, vv);                 \
        OT_CHECK_EQ("shmem_" #NAME "_test_all_vector", "status {0,0,1,1}", t, 1);          \
        t = shmem_##NAME##_test_all_vector(iv, 0, NULL, SHMEM_CMP_EQ, vv);                 \
        OT_CHECK_EQ("shmem_" #NAME "_test_all_vector", "nelems 0", t, 1);                  \
        t = shmem_##NAME##_test_all_vector(iv, 4, NULL, SHMEM_CMP_GE, vv);                 \
        OT_CHECK_EQ("shmem_" #NAME "_test_all_vector", "GE", t, 0);                        \
        r = shmem_##NAME##_test_any_vector(iv, 4, NULL, SHMEM_CMP_EQ, vv);                 \
        OT_CHECK("shmem_" #NAME "_test_any_vector", "NULL status", r == 0 || r == 1, "%zu", r); \
        r = shmem_##NAME##_test_any_vector(iv, 4, st_e, SHMEM_CMP_EQ, vv);                 \
        OT_CHECK("shmem_" #NAME "_test_any_vector", "status {1,0,0,0}", r == 1, "%zu", r); \
        r = shmem_##NAME##_test_any_vector(iv, 4, NULL, SHMEM_CMP_GT, vv);                 \
        OT_CHECK("shmem_" #NAME "_test_any_vector", "GT", r == 3, "%zu", r);               \
        r = shmem_##NAME##_test_any_vector(iv, 4, all, SHMEM_CMP_EQ, vv);                  \
        OT_CHECK("shmem_" #NAME "_test_any_vector", "all masked", r == SIZE_MAX, "%zu", r); \
        r = shmem_##NAME##_test_some_vector(iv, 4, idx, NULL, SHMEM_CMP_EQ, vv);           \
        OT_CHECK("shmem_" #NAME "_test_some_vector", "NULL status",                        \
                 r == 2 && ((idx[0] == 0 && idx[1] == 1) || (idx[0] == 1 && idx[1] == 0)), \
                 "returned %zu (%zu, %zu)", r, idx[0], r > 1 ? idx[1] : (size_t)0);        \
        r = shmem_##NAME##_test_some_vector(iv, 4, idx, st_e, SHMEM_CMP_LT, vv);           \
        OT_CHECK("shmem_" #NAME "_test_some_vector", "LT, status {1,0,0,0}",               \
                 r == 1 && idx[0] == 2, "returned %zu (%zu)", r, idx[0]);                  \
        r = shmem_##NAME##_test_some_vector(iv, 4, idx, all, SHMEM_CMP_EQ, vv);            \
        OT_CHECK("shmem_" #NAME "_test_some_vector", "all masked", r == 0, "%zu", r);      \
    }
P2P_TYPES(DEF_TEST)

/* test and test_any polled until the left neighbour's late write arrives. */
static int g_flag;
static long g_flags[4];

static void check_test_polling(void)
{
    size_t r = SIZE_MAX;

    ot_step("test polled until a remote write");
    g_flag = 0;
    memset(g_flags, 0, sizeof(g_flags));
    shmem_barrier_all();
    ot_sleep_ms(10);
    shmem_int_p(&g_flag, 1 + ot_me, ot_right());
    shmem_long_p(&g_flags[2], 7, ot_right());
    shmem_quiet();
    OT_POLL("shmem_int_test", "remote write", shmem_int_test(&g_flag, SHMEM_CMP_NE, 0),
            "for the left neighbour's write");
    OT_CHECK_EQ("shmem_int_test", "value seen", g_flag, 1 + ot_left());
    OT_POLL("shmem_long_test_any", "remote write",
            (r = shmem_long_test_any(g_flags, 4, NULL, SHMEM_CMP_EQ, 7)) != SIZE_MAX,
            "for the left neighbour's write");
    OT_CHECK("shmem_long_test_any", "remote write", r == 2, "%zu", r);
    shmem_barrier_all();
}

int main(void)
{
    ot_start("osh_p2p");
    shmem_init();
    ot_begin(2);
#define RUN_TESTS(NAME, TYPE) tests_##NAME();
    P2P_TYPES(RUN_TESTS)
    check_wait_until();
    check_wait_many();
    check_test_polling();
    return ot_end();
}
