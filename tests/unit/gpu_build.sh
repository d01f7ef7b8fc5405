#!/bin/sh
# A GPU target builds where no GPU is (CI). usage: gpu_build.sh cuda|hip
# Configures a copy of the source tree with --with-cuda or --with-hip, builds the host
# library, librocshmem_ro_device.a and the GPU test program (linked as an application would
# be: nvcc -rdc=true, hipcc -fgpu-rdc), and checks that the device library exports no host
# function of the API: one there would override the host library's real one in an
# application linked with both (nvcc's stubs for __device__ functions do, and exit(1)).
# Skips (77) without the compiler or without the git tree.
set -u
target=${1:?usage: gpu_build.sh cuda|hip}
src=${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}
case $target in
cuda)
    cuda=${CUDA_HOME:-/usr/local/cuda}
    [ -x "$cuda/bin/nvcc" ] || { echo "skip: no nvcc under $cuda"; exit 77; }
    with="--with-cuda=$cuda" prog=tests/gpu/gpu_func exported=rocshmem_ro_cuda_device ;;
hip)
    hipcc=$(command -v hipcc || { [ -x /opt/rocm/bin/hipcc ] && echo /opt/rocm/bin/hipcc; })
    [ -n "$hipcc" ] || { echo "skip: no hipcc on PATH or in /opt/rocm/bin"; exit 77; }
    with="--with-hip=$(dirname "$(dirname "$hipcc")")" prog=tests/hip/gpu_func
    exported=rocshmem_ro_hip_device ;;
*)
    echo "usage: gpu_build.sh cuda|hip"; exit 2 ;;
esac
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
step ./configure "$with" --without-pmi2
step make -j"$(nproc)"
for f in .libs/librocshmem_ro.so librocshmem_ro_device.a "$prog"; do
    [ -e "$f" ] || { echo "FAIL: $f was not built"; exit 1; }
done
leaked=$(nm --defined-only -g librocshmem_ro_device.a 2>/dev/null | awk '$2 == "T" && $3 ~ /^rocshmem_/ && $3 !~ /^rocshmem_ro_/ { print $3 }' | head -5 | tr '\n' ' ')
if [ -n "$leaked" ]; then
    echo "FAIL: the device library defines host functions of the API: $leaked"
    exit 1
fi
nm --defined-only -g librocshmem_ro_device.a | grep -q " T rocshmem_ro_init_gpu$" ||
    { echo "FAIL: rocshmem_ro_init_gpu missing from the device library"; exit 1; }
nm -D --defined-only .libs/librocshmem_ro.so | grep -q " T $exported$" ||
    { echo "FAIL: the host library does not export $exported"; exit 1; }
echo "PASS: $target build (librocshmem_ro.so, librocshmem_ro_device.a, $prog)"
