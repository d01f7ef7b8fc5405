/* The type tables of rocshmem_typelists.h against the library: every typed function the
 * public header declares links (its address is taken), the _wave/_wg and put-with-signal
 * forms with the exact type API.md gives them, each row's KIND gives the wire datatype of
 * its C type, and the lists keep their documented sizes and relations. */
#include "config.h"

#include <check.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <rocshmem/rocshmem.h>

#include "check_run.h"
#include "common/ro_dtype.h"

/* ---- every typed function links ----------------------------------------------------- */

struct fn {
    const char *name;
    void (*addr)(void);
};

#define FN(f) { #f, (void (*)(void))f },

#define RMA_FNS(NAME, TYPE, KIND)                                                          \
    FN(rocshmem_##NAME##_put) FN(rocshmem_ctx_##NAME##_put)                                \
    FN(rocshmem_##NAME##_put_nbi) FN(rocshmem_ctx_##NAME##_put_nbi)                        \
    FN(rocshmem_##NAME##_get) FN(rocshmem_ctx_##NAME##_get)                                \
    FN(rocshmem_##NAME##_get_nbi) FN(rocshmem_ctx_##NAME##_get_nbi)                        \
    FN(rocshmem_##NAME##_p) FN(rocshmem_ctx_##NAME##_p)                                    \
    FN(rocshmem_##NAME##_g) FN(rocshmem_ctx_##NAME##_g)                                    \
    FN(rocshmem_##NAME##_put_signal) FN(rocshmem_ctx_##NAME##_put_signal)                  \
    FN(rocshmem_##NAME##_put_signal_nbi) FN(rocshmem_ctx_##NAME##_put_signal_nbi)          \
    FN(rocshmem_##NAME##_wait_until) FN(rocshmem_##NAME##_wait_until_all)                  \
    FN(rocshmem_##NAME##_wait_until_any) FN(rocshmem_##NAME##_wait_until_some)             \
    FN(rocshmem_##NAME##_wait_until_all_vector) FN(rocshmem_##NAME##_wait_until_any_vector) \
    FN(rocshmem_##NAME##_wait_until_some_vector) FN(rocshmem_##NAME##_test)
#define RMA_FNS_PER_TYPE 24

#define AMO_EXTENDED_FNS(NAME, TYPE, KIND)                                                 \
    FN(rocshmem_##NAME##_atomic_fetch) FN(rocshmem_ctx_##NAME##_atomic_fetch)              \
    FN(rocshmem_##NAME##_atomic_set) FN(rocshmem_ctx_##NAME##_atomic_set)                  \
    FN(rocshmem_##NAME##_atomic_swap) FN(rocshmem_ctx_##NAME##_atomic_swap)
#define AMO_EXTENDED_FNS_PER_TYPE 6

#define AMO_STANDARD_FNS(NAME, TYPE, KIND)                                                 \
    FN(rocshmem_##NAME##_atomic_compare_swap) FN(rocshmem_ctx_##NAME##_atomic_compare_swap) \
    FN(rocshmem_##NAME##_atomic_fetch_inc) FN(rocshmem_ctx_##NAME##_atomic_fetch_inc)      \
    FN(rocshmem_##NAME##_atomic_inc) FN(rocshmem_ctx_##NAME##_atomic_inc)                  \
    FN(rocshmem_##NAME##_atomic_fetch_add) FN(rocshmem_ctx_##NAME##_atomic_fetch_add)      \
    FN(rocshmem_##NAME##_atomic_add) FN(rocshmem_ctx_##NAME##_atomic_add)
#define AMO_STANDARD_FNS_PER_TYPE 10

#define AMO_BITWISE_OP_FNS(NAME, OP)                                                       \
    FN(rocshmem_##NAME##_atomic_fetch_##OP) FN(rocshmem_ctx_##NAME##_atomic_fetch_##OP)    \
    FN(rocshmem_##NAME##_atomic_##OP) FN(rocshmem_ctx_##NAME##_atomic_##OP)
#define AMO_BITWISE_FNS(NAME, TYPE, KIND)                                                  \
    AMO_BITWISE_OP_FNS(NAME, and) AMO_BITWISE_OP_FNS(NAME, or) AMO_BITWISE_OP_FNS(NAME, xor)
#define AMO_BITWISE_FNS_PER_TYPE 12

/* The _wave and _wg forms of every typed put/get (and _nbi), plain and ctx_. */
#define SCOPED_OP_FNS(NAME, OP)                                                            \
    FN(rocshmem_##NAME##_##OP##_wave) FN(rocshmem_ctx_##NAME##_##OP##_wave)                \
    FN(rocshmem_##NAME##_##OP##_wg) FN(rocshmem_ctx_##NAME##_##OP##_wg)
#define SCOPED_RMA_FNS(NAME, TYPE, KIND)                                                   \
    SCOPED_OP_FNS(NAME, put) SCOPED_OP_FNS(NAME, put_nbi)                                  \
    SCOPED_OP_FNS(NAME, get) SCOPED_OP_FNS(NAME, get_nbi)
#define SCOPED_RMA_FNS_PER_TYPE 16

/* The six put-with-signal forms of every type (blocking and _nbi, each at thread, _wave
 * and _wg scope), plain and ctx_. */
#define PUT_SIGNAL_FORM_FNS(NAME, SUFFIX)                                                  \
    FN(rocshmem_##NAME##_put_signal##SUFFIX) FN(rocshmem_ctx_##NAME##_put_signal##SUFFIX)
#define PUT_SIGNAL_FNS(NAME, TYPE, KIND)                                                   \
    PUT_SIGNAL_FORM_FNS(NAME, ) PUT_SIGNAL_FORM_FNS(NAME, _wave)                           \
    PUT_SIGNAL_FORM_FNS(NAME, _wg) PUT_SIGNAL_FORM_FNS(NAME, _nbi)                         \
    PUT_SIGNAL_FORM_FNS(NAME, _nbi_wave) PUT_SIGNAL_FORM_FNS(NAME, _nbi_wg)
#define PUT_SIGNAL_FNS_PER_TYPE 12

/* The untyped scoped forms: putmem/getmem (and _nbi) at _wave and _wg, the six
 * putmem_signal forms, the PE-wide barriers at _wave and _wg, workgroup contexts. */
#define SCOPED_MEM_FNS(OP)                                                                 \
    FN(rocshmem_##OP##_wave) FN(rocshmem_ctx_##OP##_wave)                                  \
    FN(rocshmem_##OP##_wg) FN(rocshmem_ctx_##OP##_wg)
#define PUTMEM_SIGNAL_FNS(SUFFIX)                                                          \
    FN(rocshmem_putmem_signal##SUFFIX) FN(rocshmem_ctx_putmem_signal##SUFFIX)
static const struct fn scope_fns[] = {
    SCOPED_MEM_FNS(putmem) SCOPED_MEM_FNS(getmem)
    SCOPED_MEM_FNS(putmem_nbi) SCOPED_MEM_FNS(getmem_nbi)
    PUTMEM_SIGNAL_FNS() PUTMEM_SIGNAL_FNS(_wave) PUTMEM_SIGNAL_FNS(_wg)
    PUTMEM_SIGNAL_FNS(_nbi) PUTMEM_SIGNAL_FNS(_nbi_wave) PUTMEM_SIGNAL_FNS(_nbi_wg)
    FN(rocshmem_barrier_all_wave) FN(rocshmem_barrier_all_wg)
    FN(rocshmem_sync_all_wave) FN(rocshmem_sync_all_wg)
    FN(rocshmem_wg_ctx_create) FN(rocshmem_wg_team_create_ctx) FN(rocshmem_wg_ctx_destroy)
};
#define SCOPE_FNS 35

/* ... and each has exactly the type API.md gives it (a mismatch stops the build). */
#define SAME_TYPE(f, T)                                                                    \
    _Static_assert(__builtin_types_compatible_p(__typeof__(&f), T), #f ": wrong type");
#define TYPED_RMA_T(TYPE) void (*)(TYPE *, const TYPE *, size_t, int)
#define CTX_TYPED_RMA_T(TYPE) void (*)(rocshmem_ctx_t, TYPE *, const TYPE *, size_t, int)
#define SCOPED_OP_TYPES(NAME, TYPE, OP)                                                    \
    SAME_TYPE(rocshmem_##NAME##_##OP##_wave, TYPED_RMA_T(TYPE))                            \
    SAME_TYPE(rocshmem_##NAME##_##OP##_wg, TYPED_RMA_T(TYPE))                              \
    SAME_TYPE(rocshmem_ctx_##NAME##_##OP##_wave, CTX_TYPED_RMA_T(TYPE))                    \
    SAME_TYPE(rocshmem_ctx_##NAME##_##OP##_wg, CTX_TYPED_RMA_T(TYPE))
#define PUT_SIGNAL_T(TYPE) void (*)(TYPE *, const TYPE *, size_t, uint64_t *, uint64_t, int, int)
#define CTX_PUT_SIGNAL_T(TYPE)                                                             \
    void (*)(rocshmem_ctx_t, TYPE *, const TYPE *, size_t, uint64_t *, uint64_t, int, int)
#define PUT_SIGNAL_FORM_TYPES(NAME, TYPE, SUFFIX)                                          \
    SAME_TYPE(rocshmem_##NAME##_put_signal##SUFFIX, PUT_SIGNAL_T(TYPE))                    \
    SAME_TYPE(rocshmem_ctx_##NAME##_put_signal##SUFFIX, CTX_PUT_SIGNAL_T(TYPE))
#define SCOPE_TYPES(NAME, TYPE, KIND)                                                      \
    SCOPED_OP_TYPES(NAME, TYPE, put) SCOPED_OP_TYPES(NAME, TYPE, put_nbi)                  \
    SCOPED_OP_TYPES(NAME, TYPE, get) SCOPED_OP_TYPES(NAME, TYPE, get_nbi)                  \
    PUT_SIGNAL_FORM_TYPES(NAME, TYPE, ) PUT_SIGNAL_FORM_TYPES(NAME, TYPE, _wave)           \
    PUT_SIGNAL_FORM_TYPES(NAME, TYPE, _wg) PUT_SIGNAL_FORM_TYPES(NAME, TYPE, _nbi)         \
    PUT_SIGNAL_FORM_TYPES(NAME, TYPE, _nbi_wave) PUT_SIGNAL_FORM_TYPES(NAME, TYPE, _nbi_wg)
ROCSHMEM_FOR_RMA_TYPES(SCOPE_TYPES)
#define MEM_RMA_T void (*)(void *, const void *, size_t, int)
#define PUTMEM_SIGNAL_T void (*)(void *, const void *, size_t, uint64_t *, uint64_t, int, int)
SAME_TYPE(rocshmem_putmem_wave, MEM_RMA_T) SAME_TYPE(rocshmem_getmem_nbi_wg, MEM_RMA_T)
SAME_TYPE(rocshmem_putmem_signal_nbi_wave, PUTMEM_SIGNAL_T)
SAME_TYPE(rocshmem_putmem_signal_wg, PUTMEM_SIGNAL_T)
SAME_TYPE(rocshmem_barrier_all_wg, void (*)(void)) SAME_TYPE(rocshmem_sync_all_wave, void (*)(void))
SAME_TYPE(rocshmem_wg_ctx_create, int (*)(long, rocshmem_ctx_t *))
SAME_TYPE(rocshmem_wg_team_create_ctx, int (*)(rocshmem_team_t, long, rocshmem_ctx_t *))
SAME_TYPE(rocshmem_wg_ctx_destroy, void (*)(rocshmem_ctx_t *))

static const struct fn rma_fns[] = { ROCSHMEM_FOR_RMA_TYPES(RMA_FNS) };
static const struct fn scoped_rma_fns[] = { ROCSHMEM_FOR_RMA_TYPES(SCOPED_RMA_FNS) };
static const struct fn put_signal_fns[] = { ROCSHMEM_FOR_RMA_TYPES(PUT_SIGNAL_FNS) };
static const struct fn amo_extended_fns[] = { ROCSHMEM_FOR_AMO_EXTENDED_TYPES(AMO_EXTENDED_FNS) };
static const struct fn amo_standard_fns[] = { ROCSHMEM_FOR_AMO_STANDARD_TYPES(AMO_STANDARD_FNS) };
static const struct fn amo_bitwise_fns[] = { ROCSHMEM_FOR_AMO_BITWISE_TYPES(AMO_BITWISE_FNS) };

#define N_OF(a) (sizeof(a) / sizeof((a)[0]))

static void assert_all_linked(const struct fn *fns, size_t n, size_t want, const char *list)
{
    ck_assert_msg(n == want, "%s: %zu functions, expected %zu", list, n, want);
    for (size_t i = 0; i < n; i++)
        if (!fns[i].addr)
            ck_abort_msg("%s: %s has no address", list, fns[i].name);
}

START_TEST(test_rma_functions)
{
    assert_all_linked(rma_fns, N_OF(rma_fns), 23 * RMA_FNS_PER_TYPE, "RMA");
}
END_TEST

START_TEST(test_scoped_functions)
{
    assert_all_linked(scoped_rma_fns, N_OF(scoped_rma_fns), 23 * SCOPED_RMA_FNS_PER_TYPE,
                      "RMA _wave/_wg");
    assert_all_linked(put_signal_fns, N_OF(put_signal_fns), 23 * PUT_SIGNAL_FNS_PER_TYPE,
                      "put_signal (six forms)");
    assert_all_linked(scope_fns, N_OF(scope_fns), SCOPE_FNS, "untyped _wave/_wg");
}
END_TEST

START_TEST(test_amo_functions)
{
    assert_all_linked(amo_extended_fns, N_OF(amo_extended_fns), 14 * AMO_EXTENDED_FNS_PER_TYPE,
                      "AMO extended");
    assert_all_linked(amo_standard_fns, N_OF(amo_standard_fns), 12 * AMO_STANDARD_FNS_PER_TYPE,
                      "AMO standard");
    assert_all_linked(amo_bitwise_fns, N_OF(amo_bitwise_fns), 7 * AMO_BITWISE_FNS_PER_TYPE,
                      "AMO bitwise");
}
END_TEST

/* ---- rows: C type, KIND and wire datatype ------------------------------------------- */

enum kind { KIND_SINT, KIND_UINT, KIND_FLOAT, KIND_CHAR };

struct row {
    const char *name;
    size_t size;
    enum kind kind;
    enum ro_dt dt;
    int is_signed;   /* what the C type really is */
};

#define ROW(NAME, TYPE, KIND)                                                              \
    { #NAME, sizeof(TYPE), KIND_##KIND, RO_DT_OF(TYPE, KIND), (TYPE)-1 < (TYPE)1 },

static const struct row rma_rows[] = { ROCSHMEM_FOR_RMA_TYPES(ROW) };
static const struct row standard_rows[] = { ROCSHMEM_FOR_AMO_STANDARD_TYPES(ROW) };
static const struct row extended_rows[] = { ROCSHMEM_FOR_AMO_EXTENDED_TYPES(ROW) };
static const struct row bitwise_rows[] = { ROCSHMEM_FOR_AMO_BITWISE_TYPES(ROW) };

static const struct {
    const char *list;
    const struct row *rows;
    size_t n, want;
} lists[] = {
    { "RMA", rma_rows, N_OF(rma_rows), 23 },
    { "AMO standard", standard_rows, N_OF(standard_rows), 12 },
    { "AMO extended", extended_rows, N_OF(extended_rows), 14 },
    { "AMO bitwise", bitwise_rows, N_OF(bitwise_rows), 7 },
};

static int dt_is_float(enum ro_dt dt)
{
    return dt == RO_DT_FLOAT || dt == RO_DT_DOUBLE;
}

static int dt_is_signed_int(enum ro_dt dt)
{
    return dt == RO_DT_INT8 || dt == RO_DT_INT16 || dt == RO_DT_INT32 || dt == RO_DT_INT64;
}

static int dt_is_unsigned_int(enum ro_dt dt)
{
    return dt == RO_DT_UINT8 || dt == RO_DT_UINT16 || dt == RO_DT_UINT32 || dt == RO_DT_UINT64;
}

/* The row's KIND agrees with its C type, and its datatype has the type's size and
 * signedness; CHAR follows the compiler's char. */
static const char *row_problem(const struct row *r)
{
    int want_signed = r->kind == KIND_CHAR ? (char)-1 < (char)1 : r->kind == KIND_SINT;

    if (ro_dt_size(r->dt) != r->size)
        return "datatype size differs from sizeof(TYPE)";
    if ((r->kind == KIND_FLOAT) != dt_is_float(r->dt))
        return "float datatype exactly for KIND FLOAT";
    if (r->kind == KIND_FLOAT && r->dt != (r->size == sizeof(float) ? RO_DT_FLOAT : RO_DT_DOUBLE))
        return "float and double datatypes swapped";
    if (r->kind == KIND_FLOAT)
        return NULL;
    if (want_signed ? !dt_is_signed_int(r->dt) : !dt_is_unsigned_int(r->dt))
        return "datatype signedness differs from KIND";
    if (r->is_signed != want_signed)
        return "KIND differs from the signedness of the C type";
    return NULL;
}

START_TEST(test_row_datatypes)
{
    for (size_t i = 0; i < lists[_i].n; i++) {
        const struct row *r = &lists[_i].rows[i];
        const char *why = row_problem(r);
        if (why)
            ck_abort_msg("%s row %s (size %zu, datatype %s): %s", lists[_i].list, r->name, r->size,
                         ro_dt_names[r->dt], why);
    }
}
END_TEST

START_TEST(test_row_counts)
{
    ck_assert_msg(lists[_i].n == lists[_i].want, "%s list has %zu rows, expected %zu",
                  lists[_i].list, lists[_i].n, lists[_i].want);
}
END_TEST

static const struct row *find_row(const struct row *rows, size_t n, const char *name)
{
    for (size_t i = 0; i < n; i++)
        if (!strcmp(rows[i].name, name))
            return &rows[i];
    return NULL;
}

static int same_row(const struct row *a, const struct row *b)
{
    return a->size == b->size && a->kind == b->kind && a->dt == b->dt;
}

START_TEST(test_bitwise_integer)
{
    for (size_t i = 0; i < N_OF(bitwise_rows); i++)
        if (bitwise_rows[i].kind == KIND_FLOAT || dt_is_float(bitwise_rows[i].dt))
            ck_abort_msg("bitwise row %s is not an integer type", bitwise_rows[i].name);
}
END_TEST

START_TEST(test_extended_is_standard_plus_float)
{
    /* Same rows as the standard list, and beyond them exactly float and double. */
    size_t extra = 0;

    for (size_t i = 0; i < N_OF(standard_rows); i++) {
        const struct row *e = find_row(extended_rows, N_OF(extended_rows), standard_rows[i].name);
        ck_assert_msg(e && same_row(e, &standard_rows[i]), "standard row %s missing from or "
                      "different in the extended list", standard_rows[i].name);
    }
    for (size_t i = 0; i < N_OF(extended_rows); i++) {
        const char *name = extended_rows[i].name;
        if (find_row(standard_rows, N_OF(standard_rows), name))
            continue;
        extra++;
        ck_assert_msg(!strcmp(name, "float") || !strcmp(name, "double"),
                      "extended row %s is neither standard nor float/double", name);
    }
    ck_assert_uint_eq(extra, 2);
    ck_assert_uint_eq(N_OF(extended_rows), N_OF(standard_rows) + 2);
}
END_TEST

START_TEST(test_amo_types_are_rma_types)
{
    /* An AMO row names the same C type as the RMA row of that name. */
    for (size_t l = 1; l < N_OF(lists); l++)
        for (size_t i = 0; i < lists[l].n; i++) {
            const struct row *a = &lists[l].rows[i];
            const struct row *r = find_row(rma_rows, N_OF(rma_rows), a->name);
            if (!r || !same_row(a, r))
                ck_abort_msg("%s row %s missing from or different in the RMA list", lists[l].list,
                             a->name);
        }
}
END_TEST

/* ---- suite -------------------------------------------------------------------------- */

static TCase *types_case(Suite *s, const char *name)
{
    TCase *tc = tcase_create(name);
    suite_add_tcase(s, tc);
    return tc;
}

static Suite *types_suite(void)
{
    Suite *s = suite_create("types");

    tcase_add_test(types_case(s, "rma_functions"), test_rma_functions);
    tcase_add_test(types_case(s, "scoped_functions"), test_scoped_functions);
    tcase_add_test(types_case(s, "amo_functions"), test_amo_functions);
    tcase_add_loop_test(types_case(s, "row_datatypes"), test_row_datatypes, 0, (int)N_OF(lists));
    tcase_add_loop_test(types_case(s, "row_counts"), test_row_counts, 0, (int)N_OF(lists));
    tcase_add_test(types_case(s, "bitwise_integer"), test_bitwise_integer);
    tcase_add_test(types_case(s, "extended_is_standard_plus_float"),
                   test_extended_is_standard_plus_float);
    tcase_add_test(types_case(s, "amo_types_are_rma_types"), test_amo_types_are_rma_types);
    return s;
}

int main(void)
{
    return ro_check_run(types_suite());
}
