#!/bin/sh
# A GPU target builds where no GPU is (CI). usage: gpu_build.sh cuda|hip
# Configures a copy of the source tree with --with-cuda or --with-hip, builds the host
# library, librocshmem_ro_device.a and the GPU test programs (linked as an application would
# be: nvcc -rdc=true, hipcc -fgpu-rdc), and checks that the device library exports no host
# function of the API: one there would override the host library's real one in an
# application linked with both (nvcc's stubs for __device__ functions do, and exit(1)).
# Skips (77) without the compiler or without the git tree.
set -u
target=${1:?usage: gpu_build.sh cuda|hip}
case $target in
cuda)
    cuda=${CUDA_HOME:-/usr/local/cuda}
    [ -x "$cuda/bin/nvcc" ] || { echo "skip: no nvcc under $cuda"; exit 77; }
    with="--with-cuda=$cuda"
    progs="tests/gpu/gpu_func tests/gpu/gpu_stream tests/rocshmem_hpp/rs_setup tests/rocshmem_hpp/rs_p2p tests/rocshmem_hpp/rs_coll" ;;
hip)
    hipcc=$(command -v hipcc || { [ -x /opt/rocm/bin/hipcc ] && echo /opt/rocm/bin/hipcc; })
    [ -n "$hipcc" ] || { echo "skip: no hipcc on PATH or in /opt/rocm/bin"; exit 77; }
    with="--with-hip=$(dirname "$(dirname "$hipcc")")"
    progs="tests/hip/gpu_func tests/hip/gpu_stream tests/hip/rs_setup tests/hip/rs_p2p tests/hip/rs_coll" ;;
*)
    echo "usage: gpu_build.sh cuda|hip"; exit 2 ;;
esac
. "$(dirname "$0")/tree_copy.sh"
step autoreconf -fi

# configure's check of the CUDA -dlto link, on two views of the toolkit (symlink copies):
# one with nvvm/lib64/libnvvm.so, where nvlink's LTO step finds libnvvm (-dlto, through the
# toolkit's own nvcc), one with no libnvvm at all (no -dlto, and the summary says so). This
# machine's own toolkit is the third case, built in full below. VPATH configures: the tree
# itself is configured last.
lto_outcome() { # VIEW-NAME EXPECTED-RO_CUDA_DLTO SUMMARY-PATTERN
    mkdir "$work/$1"
    (cd "$work/$1" && "$work/tree/configure" --with-cuda="$work/$1-cuda" --without-pmi2) \
        >"$work/step.log" 2>&1 || { tail -40 "$work/step.log"; echo "FAIL: configure on $1"; exit 1; }
    got=$(sed -n 's/^RO_CUDA_DLTO = *//p' "$work/$1/Makefile")
    said=$(sed -n 's/^ *CUDA -dlto link *: //p' "$work/step.log")
    [ "$got" = "$2" ] && echo "$said" | grep -q "$3" ||
        { echo "FAIL: on a toolkit $1, RO_CUDA_DLTO='$got' (want '$2'), summary: $said"; exit 1; }
    echo "PASS: toolkit $1: RO_CUDA_DLTO='$got', summary: $said"
}
if [ "$target" = cuda ]; then
    cuda_top=$(cd "$cuda" && pwd -P)
    nvvm_lib=$(ls "$cuda_top"/lib64/libnvvm.so "$cuda_top"/lib/libnvvm.so 2>/dev/null | head -1)
    if [ -n "$nvvm_lib" ]; then
        for v in with-libnvvm without-libnvvm; do
            cp -rs "$cuda_top" "$work/$v-cuda" || exit 1
            # cp -rs points every link into the real toolkit, its links to folders (lib64 ->
            # lib) too: point those at the view's copy of the folder.
            find "$work/$v-cuda" -type l | while read -r l; do
                t=$(readlink -f "$(readlink "$l")")
                case $t in "$cuda_top"/*) [ -d "$t" ] && ln -sfn "$work/$v-cuda${t#"$cuda_top"}" "$l" ;; esac
            done
        done
        mkdir -p "$work/with-libnvvm-cuda/nvvm/lib64"
        ln -sf "$nvvm_lib" "$work/with-libnvvm-cuda/nvvm/lib64/libnvvm.so"
        find "$work/without-libnvvm-cuda" -name 'libnvvm.so*' -exec rm -f {} +
        lto_outcome with-libnvvm -dlto '^yes$'
        lto_outcome without-libnvvm '' '^NO:'
    else
        echo "note: no libnvvm.so under $cuda_top/lib64 or lib: the -dlto outcomes are not checked"
    fi
fi

step ./configure "$with" --without-pmi2
# What is checked below, not the whole tree (CI time): the GPU examples and the other
# programs build for the GPU machine's runs (tests/gpu/run_gpu_tests.sh).
targets="librocshmem_ro.la librocshmem_ro_device.a $progs"
[ "$target" = cuda ] && targets="$targets tests/perf/gpu/perf_latency"
# HIP at -O0 (CI time; src/hip/Makefile.include says why): compiled and linked, not run, here.
if [ "$target" = hip ]; then
    step make -j"$(nproc)" RO_HIP_OPT=-O0 $targets
else
    step make -j"$(nproc)" $targets
fi
for f in .libs/librocshmem_ro.so librocshmem_ro_device.a $progs; do
    [ -e "$f" ] || { echo "FAIL: $f was not built"; exit 1; }
done
leaked=$(nm --defined-only -g librocshmem_ro_device.a 2>/dev/null | awk '$2 == "T" && $3 ~ /^rocshmem_/ && $3 !~ /^rocshmem_ro_/ { print $3 }' | head -5 | tr '\n' ' ')
if [ -n "$leaked" ]; then
    echo "FAIL: the device library defines host functions of the API: $leaked"
    exit 1
fi
# The init entries rocshmem.h routes GPU translation units to.
for f in rocshmem_ro_init_gpu rocshmem_ro_init_thread_gpu rocshmem_ro_init_attr_gpu; do
    nm --defined-only -g librocshmem_ro_device.a | grep -q " T $f$" ||
        { echo "FAIL: $f missing from the device library"; exit 1; }
done
# The host library's GPU entries: the device query, and the stream-ordered calls, whose
# kernels are device-linked into it; the module's own device-link registration stays private
# (two __hip_fatbin or __cudaRegisterLinkedBinary definitions would clash with the
# application's).
exports=$(nm -D --defined-only .libs/librocshmem_ro.so)
for f in rocshmem_ro_gpu_device rocshmem_putmem_on_stream rocshmem_barrier_all_on_stream \
        rocshmem_ctx_int_sum_reduce_on_stream; do
    echo "$exports" | grep -q " T $f$" || { echo "FAIL: the host library does not export $f"; exit 1; }
done
private=$(echo "$exports" | awk '$3 ~ /^(__hip_fatbin|__hip_gpubin_handle|__cudaRegisterLinkedBinary|__fatbinwrap)/ { print $3 }' | head -3 | tr '\n' ' ')
[ -z "$private" ] || { echo "FAIL: the host library exports its device link's registration: $private"; exit 1; }
readelf -lW .libs/librocshmem_ro.so | awk '$1 == "GNU_STACK" && $7 ~ /E/ { bad = 1 } END { exit bad }' ||
    { echo "FAIL: librocshmem_ro.so asks for an executable stack"; exit 1; }
if [ "$target" = cuda ]; then
    # This toolkit's outcome: the perftest links, with -dlto wherever configure made it work.
    [ -x tests/perf/gpu/perf_latency ] || { echo "FAIL: tests/perf/gpu/perf_latency was not built"; exit 1; }
    echo "this toolkit: RO_CUDA_DLTO='$(sed -n 's/^RO_CUDA_DLTO = *//p' Makefile)'," \
        "NVCC_LTO=$(sed -n 's/^NVCC_LTO = *//p' Makefile), build $(sed -n 's/^#define RO_BUILD_CONFIG //p' config.h)"
fi
echo "PASS: $target build (librocshmem_ro.so, librocshmem_ro_device.a, $progs)"
