#!/bin/sh
# The CUDA target builds where no GPU is (CI): configures a copy of the source tree with
# --with-cuda, builds the host library, librocshmem_ro_device.a and the GPU test program
# (nvcc, -rdc=true, linked as an application would be), and checks the device library
# exports no host function of the API: nvcc's stubs for __device__ functions would
# override the host library's real ones (they exit(1)). Skips (77) without nvcc or git.
set -u
src=${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}
cuda=${CUDA_HOME:-/usr/local/cuda}
[ -x "$cuda/bin/nvcc" ] || { echo "skip: no nvcc under $cuda"; exit 77; }
command -v git >/dev/null && [ -e "$src/.git" ] || { echo "skip: needs the git tree"; exit 77; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The tracked files plus any not yet committed, without the in-tree build's outputs.
mkdir "$work/tree"
(cd "$src" && { git ls-files; git ls-files --others --exclude-standard; } | sort -u |
    tar -cf - -T -) | tar -C "$work/tree" -xf - || exit 1
cd "$work/tree" || exit 1
step() { echo "== $*"; "$@" >"$work/step.log" 2>&1 || { tail -40 "$work/step.log"; echo "FAIL: $*"; exit 1; }; }
step autoreconf -fi
step ./configure --with-cuda="$cuda" --without-pmi2
step make -j"$(nproc)"
for f in .libs/librocshmem_ro.so librocshmem_ro_device.a tests/gpu/gpu_func; do
    [ -e "$f" ] || { echo "FAIL: $f was not built"; exit 1; }
done
leaked=$(nm --defined-only -g librocshmem_ro_device.a 2>/dev/null | awk '$2 == "T" && $3 ~ /^rocshmem_/ && $3 !~ /^rocshmem_ro_/ { print $3 }' | head -5 | tr '\n' ' ')
if [ -n "$leaked" ]; then
    echo "FAIL: the device library defines host functions of the API: $leaked"
    exit 1
fi
nm --defined-only -g librocshmem_ro_device.a | grep -q " T rocshmem_ro_init_gpu$" ||
    { echo "FAIL: rocshmem_ro_init_gpu missing from the device library"; exit 1; }
echo "PASS: CUDA build (librocshmem_ro.so, librocshmem_ro_device.a, tests/gpu/gpu_func)"
