#!/bin/sh
# The shared library exports every function and object the public header declares, and
# every typed name the lists of rocshmem_typelists.h expand to (expanded here by the C
# preprocessor, so the lists stay the only copy). Prints the missing names; exit 1 if any.
set -u
src=${srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}
build=${top_builddir:-$src}
lib=$build/.libs/librocshmem_ro.so
cpp() { ${CC:-cc} -E -P -I"$src/include" -I"$build/include" "$@"; }

if [ ! -f "$lib" ]; then
    echo "SKIP: $lib not built (shared libraries disabled?)"
    exit 77
fi
if ! command -v nm >/dev/null; then
    echo "SKIP: no nm"
    exit 77
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Typed names, one family per API.md table.
cat > "$tmp/typed.c" <<'EOF'
#include <rocshmem/rocshmem_typelists.h>
#define RMA(N, T, K)                                                                       \
    rocshmem_##N##_put rocshmem_ctx_##N##_put rocshmem_##N##_put_nbi rocshmem_ctx_##N##_put_nbi \
    rocshmem_##N##_get rocshmem_ctx_##N##_get rocshmem_##N##_get_nbi rocshmem_ctx_##N##_get_nbi \
    rocshmem_##N##_p rocshmem_ctx_##N##_p rocshmem_##N##_g rocshmem_ctx_##N##_g            \
    rocshmem_##N##_put_signal rocshmem_ctx_##N##_put_signal                                \
    rocshmem_##N##_put_signal_nbi rocshmem_ctx_##N##_put_signal_nbi                        \
    rocshmem_##N##_wait_until rocshmem_##N##_wait_until_all rocshmem_##N##_wait_until_any  \
    rocshmem_##N##_wait_until_some rocshmem_##N##_wait_until_all_vector                    \
    rocshmem_##N##_wait_until_any_vector rocshmem_##N##_wait_until_some_vector             \
    rocshmem_##N##_test
#define AMO_EXTENDED(N, T, K)                                                              \
    rocshmem_##N##_atomic_fetch rocshmem_ctx_##N##_atomic_fetch                            \
    rocshmem_##N##_atomic_set rocshmem_ctx_##N##_atomic_set                                \
    rocshmem_##N##_atomic_swap rocshmem_ctx_##N##_atomic_swap
#define AMO_STANDARD(N, T, K)                                                              \
    rocshmem_##N##_atomic_compare_swap rocshmem_ctx_##N##_atomic_compare_swap              \
    rocshmem_##N##_atomic_fetch_inc rocshmem_ctx_##N##_atomic_fetch_inc                    \
    rocshmem_##N##_atomic_inc rocshmem_ctx_##N##_atomic_inc                                \
    rocshmem_##N##_atomic_fetch_add rocshmem_ctx_##N##_atomic_fetch_add                    \
    rocshmem_##N##_atomic_add rocshmem_ctx_##N##_atomic_add
#define AMO_BITWISE_OP(N, OP)                                                              \
    rocshmem_##N##_atomic_fetch_##OP rocshmem_ctx_##N##_atomic_fetch_##OP                  \
    rocshmem_##N##_atomic_##OP rocshmem_ctx_##N##_atomic_##OP
#define AMO_BITWISE(N, T, K) AMO_BITWISE_OP(N, and) AMO_BITWISE_OP(N, or) AMO_BITWISE_OP(N, xor)
#define COLL_SCOPE(N, S)                                                                   \
    rocshmem_##N##_broadcast##S rocshmem_ctx_##N##_broadcast##S                            \
    rocshmem_##N##_fcollect##S rocshmem_ctx_##N##_fcollect##S                              \
    rocshmem_##N##_alltoall##S rocshmem_ctx_##N##_alltoall##S                              \
    rocshmem_##N##_alltoallv##S rocshmem_ctx_##N##_alltoallv##S
#define COLL(N, T, K) COLL_SCOPE(N, ) COLL_SCOPE(N, _wave) COLL_SCOPE(N, _wg)
#define REDUCE_SCOPE(N, OP, S)                                                             \
    rocshmem_##N##_##OP##_reduce##S rocshmem_ctx_##N##_##OP##_reduce##S                    \
    rocshmem_##N##_##OP##_reduce_scatter##S rocshmem_ctx_##N##_##OP##_reduce_scatter##S
#define REDUCE_OP(N, OP) REDUCE_SCOPE(N, OP, ) REDUCE_SCOPE(N, OP, _wave) REDUCE_SCOPE(N, OP, _wg)
#define REDUCE_ARITH(N, T, K) REDUCE_OP(N, sum) REDUCE_OP(N, prod) REDUCE_OP(N, min) REDUCE_OP(N, max)
#define REDUCE_BITWISE(N, T, K) REDUCE_OP(N, and) REDUCE_OP(N, or) REDUCE_OP(N, xor)
ROCSHMEM_FOR_RMA_TYPES(RMA)
ROCSHMEM_FOR_RMA_TYPES(COLL)
ROCSHMEM_FOR_REDUCE_ARITH_TYPES(REDUCE_ARITH)
ROCSHMEM_FOR_REDUCE_BITWISE_TYPES(REDUCE_BITWISE)
ROCSHMEM_FOR_AMO_EXTENDED_TYPES(AMO_EXTENDED)
ROCSHMEM_FOR_AMO_STANDARD_TYPES(AMO_STANDARD)
ROCSHMEM_FOR_AMO_BITWISE_TYPES(AMO_BITWISE)
EOF
cpp "$tmp/typed.c" | tr -s ' \t' '\n\n' | grep '^rocshmem_' > "$tmp/typed" || exit 1

# Everything the header declares: functions (a name before "("), and extern objects.
printf '#include <rocshmem/rocshmem.h>\n' > "$tmp/header.c"
cpp "$tmp/header.c" > "$tmp/header.i" || exit 1
grep -o 'rocshmem_[A-Za-z0-9_]*[[:space:]]*(' "$tmp/header.i" | tr -d ' \t(' > "$tmp/declared"
sed -n 's/^extern .*[^A-Za-z0-9_]\(ROCSHMEM_[A-Z0-9_]*\);$/\1/p' "$tmp/header.i" >> "$tmp/declared"

sort -u "$tmp/typed" "$tmp/declared" > "$tmp/expected"
nm -D --defined-only "$lib" | awk '{ sub(/@.*/, "", $NF); print $NF }' | sort -u > "$tmp/exported"
comm -23 "$tmp/expected" "$tmp/exported" > "$tmp/missing"

echo "$(wc -l < "$tmp/typed") typed names from the lists, $(wc -l < "$tmp/declared")" \
     "declared in rocshmem.h, $(wc -l < "$tmp/expected") distinct; $lib exports" \
     "$(wc -l < "$tmp/exported") symbols"
if [ "$(wc -l < "$tmp/typed")" -eq 0 ] || [ "$(wc -l < "$tmp/declared")" -eq 0 ]; then
    echo "FAIL: no names generated (preprocessor output empty?)"
    exit 1
fi
if [ -s "$tmp/missing" ]; then
    echo "FAIL: $(wc -l < "$tmp/missing") names not exported:"
    cat "$tmp/missing"
    exit 1
fi
echo "PASS: every expected name is exported"
