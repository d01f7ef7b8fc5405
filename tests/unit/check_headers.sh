#!/bin/sh
# Each public header compiles alone as strict C11, as C++ (nvcc and hipcc compile it as
# C++), and with nvcc when the CUDA toolkit is on this machine: rocshmem's, and the other
# dialects' (shmem.h and its company, nvshmem.h).
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
exit $fail
