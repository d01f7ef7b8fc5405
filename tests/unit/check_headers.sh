#!/bin/sh
# Each public header compiles alone as strict C11, as C++ (nvcc and hipcc compile it as
# C++), and with nvcc when the CUDA toolkit is on this machine: rocshmem's, and the other
# dialects' (shmem.h and its company, nvshmem.h). rocshmem.hpp, C++ only: alone with g++ and
# nvcc; a deprecated 2.x name warns and names its 3.x spelling; included after rocshmem.h,
# or by a C compiler, it stops with its message.
set -u
src=${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}
build=${top_builddir:-$src}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
nvcc=$(command -v nvcc || ls /usr/local/cuda/bin/nvcc 2>/dev/null || true)

for h in rocshmem/rocshmem.h rocshmem/rocshmem_typelists.h rocshmem/rocshmem_version.h \
        shmem.h shmemx.h pshmem.h mpp/shmem.h mpp/shmemx.h nvshmem.h nvshmemx.h; do
    printf '#include <%s>\n#include <%s>\nint main(void) { return 0; }\n' "$h" "$h" > "$tmp/t.c"
    cp "$tmp/t.c" "$tmp/t.cu"
    cp "$tmp/t.c" "$tmp/t.cpp"
    inc="-I$src/include -I$build/include"
    if ${CC:-cc} -std=c11 -pedantic -Wall -Wextra -Werror $inc -c "$tmp/t.c" -o "$tmp/t.o"; then
        echo "PASS $h: cc -std=c11 -pedantic"
    else
        echo "FAIL $h: cc -std=c11 -pedantic"; fail=1
    fi
    if command -v g++ >/dev/null; then
        if g++ -std=c++17 -Wall -Werror $inc -c "$tmp/t.cpp" -o "$tmp/t.o"; then
            echo "PASS $h: g++ -std=c++17"
        else
            echo "FAIL $h: g++ -std=c++17"; fail=1
        fi
    fi
    if [ -n "$nvcc" ]; then
        if "$nvcc" -rdc=true -arch=sm_90 $inc -c "$tmp/t.cu" -o "$tmp/t.o"; then
            echo "PASS $h: nvcc"
        else
            echo "FAIL $h: nvcc"; fail=1
        fi
    fi
done
inc="-I$src/include -I$build/include"
printf '#include <rocshmem/rocshmem.hpp>\n#include <rocshmem/rocshmem.hpp>\nint main() { return 0; }\n' > "$tmp/h.cpp"
cp "$tmp/h.cpp" "$tmp/h.cu"
if g++ -std=c++17 -Wall -Wextra -Werror $inc -c "$tmp/h.cpp" -o "$tmp/t.o"; then
    echo "PASS rocshmem/rocshmem.hpp: g++ -std=c++17"
else
    echo "FAIL rocshmem/rocshmem.hpp: g++ -std=c++17"; fail=1
fi
if [ -n "$nvcc" ]; then
    if "$nvcc" -rdc=true -arch=sm_90 $inc -c "$tmp/h.cu" -o "$tmp/t.o"; then
        echo "PASS rocshmem/rocshmem.hpp: nvcc"
    else
        echo "FAIL rocshmem/rocshmem.hpp: nvcc"; fail=1
    fi
fi
expect_message() { # what, pattern, compiler and arguments...: its output names the pattern
    what=$1 pattern=$2
    shift 2
    "$@" >"$tmp/out" 2>&1
    if grep -q "$pattern" "$tmp/out"; then
        echo "PASS rocshmem/rocshmem.hpp: $what"
    else
        echo "FAIL rocshmem/rocshmem.hpp: $what: no '$pattern' in:"; cat "$tmp/out"; fail=1
    fi
}
printf '#include <rocshmem/rocshmem.hpp>\nusing namespace rocshmem;\nvoid f(rocshmem_ctx_t c, int *d) { rocshmem_ctx_int_sum_wg_reduce(c, ROCSHMEM_TEAM_WORLD, d, d, 1); }\n' > "$tmp/d.cpp"
expect_message "a 2.x name is deprecated" "renamed it rocshmem_ctx_int_sum_reduce_wg" \
    g++ -std=c++17 $inc -c "$tmp/d.cpp" -o "$tmp/t.o"
printf '#include <rocshmem/rocshmem.h>\n#include <rocshmem/rocshmem.hpp>\n' > "$tmp/o.cpp"
expect_message "after rocshmem.h" "before rocshmem.h, shmem.h and nvshmem.h" \
    g++ -std=c++17 $inc -c "$tmp/o.cpp" -o "$tmp/t.o"
printf '#include <rocshmem/rocshmem.hpp>\n' > "$tmp/c.c"
expect_message "from C" "C programs include <rocshmem/rocshmem.h>" \
    ${CC:-cc} -std=c11 $inc -c "$tmp/c.c" -o "$tmp/t.o"
exit $fail
