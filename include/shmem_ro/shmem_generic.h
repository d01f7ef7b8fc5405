/* OpenSHMEM 1.5's C11 type-generic interfaces (shmem_put(dest, source, nelems, pe) and
 * shmem_put(ctx, dest, source, nelems, pe) for every typed routine that has them): a
 * _Generic selection on the first argument picks the context form or not, and one on the
 * typed argument picks the routine. Association lists name C's own types only, since two
 * compatible types may not both appear (int32_t is int, size_t is unsigned long, ...). A
 * type with no routine selects _shmem_ro_no_such_type, whose call then fails to compile.
 * Included by shmem.h, in C11 and later only. */
#ifndef _SHMEM_RO_GENERIC_H
#define _SHMEM_RO_GENERIC_H

#if !defined(__cplusplus) && defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L

static inline void _shmem_ro_no_such_type(void) {}

#define _SHMEM_RO_ARG0_(a, ...) a
#define _SHMEM_RO_ARG1_(a, b, ...) b
#define _SHMEM_RO_ARG0(...) _SHMEM_RO_ARG0_(__VA_ARGS__, 0)
#define _SHMEM_RO_ARG1(...) _SHMEM_RO_ARG1_(__VA_ARGS__, 0, 0)

/* C's types of each table, as X(P, O, TYPENAME, TYPE): P and O (the routine's context
 * prefix and operation) pass through to the association X makes. */
#define _SHMEM_RO_C11_RMA(X, P, O)                                                       \
    X(P, O, float, float) X(P, O, double, double) X(P, O, longdouble, long double)       \
    X(P, O, char, char) X(P, O, schar, signed char) X(P, O, short, short)                \
    X(P, O, int, int) X(P, O, long, long) X(P, O, longlong, long long)                   \
    X(P, O, uchar, unsigned char) X(P, O, ushort, unsigned short)                        \
    X(P, O, uint, unsigned int) X(P, O, ulong, unsigned long)                            \
    X(P, O, ulonglong, unsigned long long)
#define _SHMEM_RO_C11_AMO_STANDARD(X, P, O)                                              \
    X(P, O, int, int) X(P, O, long, long) X(P, O, longlong, long long)                   \
    X(P, O, uint, unsigned int) X(P, O, ulong, unsigned long)                            \
    X(P, O, ulonglong, unsigned long long)
#define _SHMEM_RO_C11_AMO_EXTENDED(X, P, O)                                              \
    _SHMEM_RO_C11_AMO_STANDARD(X, P, O) X(P, O, float, float) X(P, O, double, double)
#define _SHMEM_RO_C11_AMO_BITWISE(X, P, O)                                               \
    X(P, O, uint, unsigned int) X(P, O, ulong, unsigned long)                            \
    X(P, O, ulonglong, unsigned long long) X(P, O, int32, int32_t) X(P, O, int64, int64_t)
#define _SHMEM_RO_C11_P2P(X, P, O)                                                       \
    X(P, O, short, short) X(P, O, int, int) X(P, O, long, long)                          \
    X(P, O, longlong, long long) X(P, O, ushort, unsigned short)                         \
    X(P, O, uint, unsigned int) X(P, O, ulong, unsigned long)                            \
    X(P, O, ulonglong, unsigned long long)
#define _SHMEM_RO_C11_REDUCE_BITWISE(X, P, O)                                            \
    X(P, O, uchar, unsigned char) X(P, O, ushort, unsigned short)                        \
    X(P, O, uint, unsigned int) X(P, O, ulong, unsigned long)                            \
    X(P, O, ulonglong, unsigned long long) X(P, O, int8, int8_t) X(P, O, int16, int16_t) \
    X(P, O, int32, int32_t) X(P, O, int64, int64_t)
#define _SHMEM_RO_C11_REDUCE_ARITH(X, P, O)                                              \
    X(P, O, char, char) X(P, O, schar, signed char) X(P, O, short, short)                \
    X(P, O, int, int) X(P, O, long, long) X(P, O, longlong, long long)                   \
    X(P, O, uchar, unsigned char) X(P, O, ushort, unsigned short)                        \
    X(P, O, uint, unsigned int) X(P, O, ulong, unsigned long)                            \
    X(P, O, ulonglong, unsigned long long) X(P, O, float, float) X(P, O, double, double)

/* TYPE *: shmem_<P><TYPENAME>_<O>; the _CONST form also takes const TYPE * (a routine whose
 * typed argument is its source). */
#define _SHMEM_RO_ASSOC(P, O, NAME, TYPE) TYPE *: shmem_##P##NAME##_##O,
#define _SHMEM_RO_ASSOC_CONST(P, O, NAME, TYPE)                                          \
    TYPE *: shmem_##P##NAME##_##O, const TYPE *: shmem_##P##NAME##_##O,
#define _SHMEM_RO_SEL(TABLE, A, P, O) TABLE(A, P, O) default: _shmem_ro_no_such_type

/* A routine with a context form: the context, when the first argument is one, else the
 * typed first argument, picks it. */
#define _SHMEM_RO_CTX_GENERIC(TABLE, A, O, ...)                                          \
    _Generic(_SHMEM_RO_ARG0(__VA_ARGS__),                                                \
             shmem_ctx_t: _Generic(_SHMEM_RO_ARG1(__VA_ARGS__), _SHMEM_RO_SEL(TABLE, A, ctx_, O)), \
             default: _Generic(_SHMEM_RO_ARG0(__VA_ARGS__), _SHMEM_RO_SEL(TABLE, A, , O)))(__VA_ARGS__)
/* No context form; the typed argument is the first (ARG0) or follows the team (ARG1). */
#define _SHMEM_RO_GENERIC(TABLE, WHICH, O, ...)                                          \
    _Generic(WHICH(__VA_ARGS__), _SHMEM_RO_SEL(TABLE, _SHMEM_RO_ASSOC, , O))(__VA_ARGS__)

/* 9.6 RMA, signals */
#define shmem_put(...) _SHMEM_RO_CTX_GENERIC(_SHMEM_RO_C11_RMA, _SHMEM_RO_ASSOC, put, __VA_ARGS__)
#define shmem_get(...) _SHMEM_RO_CTX_GENERIC(_SHMEM_RO_C11_RMA, _SHMEM_RO_ASSOC, get, __VA_ARGS__)
#define shmem_put_nbi(...) _SHMEM_RO_CTX_GENERIC(_SHMEM_RO_C11_RMA, _SHMEM_RO_ASSOC, put_nbi, __VA_ARGS__)
#define shmem_get_nbi(...) _SHMEM_RO_CTX_GENERIC(_SHMEM_RO_C11_RMA, _SHMEM_RO_ASSOC, get_nbi, __VA_ARGS__)
#define shmem_iput(...) _SHMEM_RO_CTX_GENERIC(_SHMEM_RO_C11_RMA, _SHMEM_RO_ASSOC, iput, __VA_ARGS__)
#define shmem_iget(...) _SHMEM_RO_CTX_GENERIC(_SHMEM_RO_C11_RMA, _SHMEM_RO_ASSOC, iget, __VA_ARGS__)
#define shmem_p(...) _SHMEM_RO_CTX_GENERIC(_SHMEM_RO_C11_RMA, _SHMEM_RO_ASSOC, p, __VA_ARGS__)
#define shmem_g(...) _SHMEM_RO_CTX_GENERIC(_SHMEM_RO_C11_RMA, _SHMEM_RO_ASSOC_CONST, g, __VA_ARGS__)
#define shmem_put_signal(...)                                                            \
    _SHMEM_RO_CTX_GENERIC(_SHMEM_RO_C11_RMA, _SHMEM_RO_ASSOC, put_signal, __VA_ARGS__)
#define shmem_put_signal_nbi(...)                                                        \
    _SHMEM_RO_CTX_GENERIC(_SHMEM_RO_C11_RMA, _SHMEM_RO_ASSOC, put_signal_nbi, __VA_ARGS__)

/* 9.7 AMOs: the non-blocking fetching forms pick by their fetch argument. */
#define _SHMEM_RO_AMO(T, O, ...)                                                         \
    _SHMEM_RO_CTX_GENERIC(_SHMEM_RO_C11_AMO_##T, _SHMEM_RO_ASSOC, atomic_##O, __VA_ARGS__)
#define shmem_atomic_fetch(...)                                                          \
    _SHMEM_RO_CTX_GENERIC(_SHMEM_RO_C11_AMO_EXTENDED, _SHMEM_RO_ASSOC_CONST, atomic_fetch, __VA_ARGS__)
#define shmem_atomic_fetch_nbi(...) _SHMEM_RO_AMO(EXTENDED, fetch_nbi, __VA_ARGS__)
#define shmem_atomic_set(...) _SHMEM_RO_AMO(EXTENDED, set, __VA_ARGS__)
#define shmem_atomic_swap(...) _SHMEM_RO_AMO(EXTENDED, swap, __VA_ARGS__)
#define shmem_atomic_swap_nbi(...) _SHMEM_RO_AMO(EXTENDED, swap_nbi, __VA_ARGS__)
#define shmem_atomic_compare_swap(...) _SHMEM_RO_AMO(STANDARD, compare_swap, __VA_ARGS__)
#define shmem_atomic_compare_swap_nbi(...) _SHMEM_RO_AMO(STANDARD, compare_swap_nbi, __VA_ARGS__)
#define shmem_atomic_fetch_inc(...) _SHMEM_RO_AMO(STANDARD, fetch_inc, __VA_ARGS__)
#define shmem_atomic_fetch_inc_nbi(...) _SHMEM_RO_AMO(STANDARD, fetch_inc_nbi, __VA_ARGS__)
#define shmem_atomic_inc(...) _SHMEM_RO_AMO(STANDARD, inc, __VA_ARGS__)
#define shmem_atomic_fetch_add(...) _SHMEM_RO_AMO(STANDARD, fetch_add, __VA_ARGS__)
#define shmem_atomic_fetch_add_nbi(...) _SHMEM_RO_AMO(STANDARD, fetch_add_nbi, __VA_ARGS__)
#define shmem_atomic_add(...) _SHMEM_RO_AMO(STANDARD, add, __VA_ARGS__)
#define shmem_atomic_fetch_and(...) _SHMEM_RO_AMO(BITWISE, fetch_and, __VA_ARGS__)
#define shmem_atomic_fetch_and_nbi(...) _SHMEM_RO_AMO(BITWISE, fetch_and_nbi, __VA_ARGS__)
#define shmem_atomic_and(...) _SHMEM_RO_AMO(BITWISE, and, __VA_ARGS__)
#define shmem_atomic_fetch_or(...) _SHMEM_RO_AMO(BITWISE, fetch_or, __VA_ARGS__)
#define shmem_atomic_fetch_or_nbi(...) _SHMEM_RO_AMO(BITWISE, fetch_or_nbi, __VA_ARGS__)
#define shmem_atomic_or(...) _SHMEM_RO_AMO(BITWISE, or, __VA_ARGS__)
#define shmem_atomic_fetch_xor(...) _SHMEM_RO_AMO(BITWISE, fetch_xor, __VA_ARGS__)
#define shmem_atomic_fetch_xor_nbi(...) _SHMEM_RO_AMO(BITWISE, fetch_xor_nbi, __VA_ARGS__)
#define shmem_atomic_xor(...) _SHMEM_RO_AMO(BITWISE, xor, __VA_ARGS__)

/* 9.9 Collectives: the typed argument follows the team. */
#define shmem_broadcast(...) _SHMEM_RO_GENERIC(_SHMEM_RO_C11_RMA, _SHMEM_RO_ARG1, broadcast, __VA_ARGS__)
#define shmem_collect(...) _SHMEM_RO_GENERIC(_SHMEM_RO_C11_RMA, _SHMEM_RO_ARG1, collect, __VA_ARGS__)
#define shmem_alltoalls(...) _SHMEM_RO_GENERIC(_SHMEM_RO_C11_RMA, _SHMEM_RO_ARG1, alltoalls, __VA_ARGS__)
#define shmem_fcollect(...) _SHMEM_RO_GENERIC(_SHMEM_RO_C11_RMA, _SHMEM_RO_ARG1, fcollect, __VA_ARGS__)
#define shmem_alltoall(...) _SHMEM_RO_GENERIC(_SHMEM_RO_C11_RMA, _SHMEM_RO_ARG1, alltoall, __VA_ARGS__)
#define shmem_and_reduce(...) _SHMEM_RO_GENERIC(_SHMEM_RO_C11_REDUCE_BITWISE, _SHMEM_RO_ARG1, and_reduce, __VA_ARGS__)
#define shmem_or_reduce(...) _SHMEM_RO_GENERIC(_SHMEM_RO_C11_REDUCE_BITWISE, _SHMEM_RO_ARG1, or_reduce, __VA_ARGS__)
#define shmem_xor_reduce(...) _SHMEM_RO_GENERIC(_SHMEM_RO_C11_REDUCE_BITWISE, _SHMEM_RO_ARG1, xor_reduce, __VA_ARGS__)
#define shmem_max_reduce(...) _SHMEM_RO_GENERIC(_SHMEM_RO_C11_REDUCE_ARITH, _SHMEM_RO_ARG1, max_reduce, __VA_ARGS__)
#define shmem_min_reduce(...) _SHMEM_RO_GENERIC(_SHMEM_RO_C11_REDUCE_ARITH, _SHMEM_RO_ARG1, min_reduce, __VA_ARGS__)
#define shmem_sum_reduce(...) _SHMEM_RO_GENERIC(_SHMEM_RO_C11_REDUCE_ARITH, _SHMEM_RO_ARG1, sum_reduce, __VA_ARGS__)
#define shmem_prod_reduce(...) _SHMEM_RO_GENERIC(_SHMEM_RO_C11_REDUCE_ARITH, _SHMEM_RO_ARG1, prod_reduce, __VA_ARGS__)

/* 9.10 Point-to-point synchronization */
#define _SHMEM_RO_P2P(O, ...) _SHMEM_RO_GENERIC(_SHMEM_RO_C11_P2P, _SHMEM_RO_ARG0, O, __VA_ARGS__)
#define shmem_wait_until(...) _SHMEM_RO_P2P(wait_until, __VA_ARGS__)
#define shmem_wait_until_all(...) _SHMEM_RO_P2P(wait_until_all, __VA_ARGS__)
#define shmem_wait_until_any(...) _SHMEM_RO_P2P(wait_until_any, __VA_ARGS__)
#define shmem_wait_until_some(...) _SHMEM_RO_P2P(wait_until_some, __VA_ARGS__)
#define shmem_wait_until_all_vector(...) _SHMEM_RO_P2P(wait_until_all_vector, __VA_ARGS__)
#define shmem_wait_until_any_vector(...) _SHMEM_RO_P2P(wait_until_any_vector, __VA_ARGS__)
#define shmem_wait_until_some_vector(...) _SHMEM_RO_P2P(wait_until_some_vector, __VA_ARGS__)
#define shmem_test(...) _SHMEM_RO_P2P(test, __VA_ARGS__)
#define shmem_test_all(...) _SHMEM_RO_P2P(test_all, __VA_ARGS__)
#define shmem_test_any(...) _SHMEM_RO_P2P(test_any, __VA_ARGS__)
#define shmem_test_some(...) _SHMEM_RO_P2P(test_some, __VA_ARGS__)
#define shmem_test_all_vector(...) _SHMEM_RO_P2P(test_all_vector, __VA_ARGS__)
#define shmem_test_any_vector(...) _SHMEM_RO_P2P(test_any_vector, __VA_ARGS__)
#define shmem_test_some_vector(...) _SHMEM_RO_P2P(test_some_vector, __VA_ARGS__)

#endif
#endif
