#!/bin/sh
# Builds the NVSHMEM reference perftests (tests/perf/nvshmem/*.cu) into OUTDIR:
#   contrib/perftest/build_nvshmem.sh NVSHMEM_HOME OUTDIR
# NVSHMEM_HOME holds include/nvshmem.h and lib/ (libnvshmem_host.so[.3],
# libnvshmem_device.a), e.g. the nvidia-nvshmem-cu13 wheel's nvidia/nvshmem directory
# (python3 -c 'import nvidia.nvshmem as m; print(list(m.__path__)[0])'
# where it is installed). Where lib/ has only libnvshmem_host.so.3, a libnvshmem_host.so
# link to it is made in a temporary directory for -l. The programs get an rpath to
# NVSHMEM_HOME/lib. Environment: NVCC (default: nvcc on PATH, else
# /usr/local/cuda/bin/nvcc), NVSHMEM_ARCH (default sm_90), NVCCFLAGS (extra flags).
# Run the programs with two PEs, e.g. NVSHMEM_BOOTSTRAP=MPI mpirun -np 2 OUTDIR/nv_bw
# (nv_coll, the collectives, with 2 or more).
set -eu

if [ $# -ne 2 ]; then
    echo "usage: $0 NVSHMEM_HOME OUTDIR" >&2
    exit 2
fi

here=$(cd "$(dirname "$0")" && pwd)
src=$(cd "$here/../../tests/perf/nvshmem" && pwd)
home=$(cd "$1" && pwd)
mkdir -p "$2"
out=$(cd "$2" && pwd)
inc=$home/include
lib=$home/lib
arch=${NVSHMEM_ARCH:-sm_90}

if [ -z "${NVCC:-}" ]; then
    if command -v nvcc >/dev/null 2>&1; then
        NVCC=$(command -v nvcc)
    else
        NVCC=/usr/local/cuda/bin/nvcc
    fi
fi
if [ ! -x "$NVCC" ] && ! command -v "$NVCC" >/dev/null 2>&1; then
    echo "$0: no nvcc (set NVCC)" >&2
    exit 1
fi

for f in "$inc/nvshmem.h" "$inc/nvshmemx.h" "$lib/libnvshmem_device.a"; do
    if [ ! -f "$f" ]; then
        echo "$0: $f not found: is $home an NVSHMEM install?" >&2
        exit 1
    fi
done

tmp=$(mktemp -d "${TMPDIR:-/tmp}/build_nvshmem.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM

# -lnvshmem_host needs the unversioned name.
hostdir=$lib
if [ ! -e "$lib/libnvshmem_host.so" ]; then
    if [ -e "$lib/libnvshmem_host.so.3" ]; then
        ln -s "$lib/libnvshmem_host.so.3" "$tmp/libnvshmem_host.so"
        hostdir=$tmp
    else
        echo "$0: neither $lib/libnvshmem_host.so nor libnvshmem_host.so.3" >&2
        exit 1
    fi
fi

# -lcuda: the driver's libcuda.so where the linker finds it, else the toolkit's stub
# (link time only; at run time the driver's libcuda.so.1 is loaded).
cudalib=
if ! ldconfig -p 2>/dev/null | grep -q 'libcuda\.so '; then
    nvcc_dir=$(dirname "$(command -v "$NVCC" 2>/dev/null || echo "$NVCC")")
    for d in "$nvcc_dir/../lib64/stubs" "$nvcc_dir/../targets/x86_64-linux/lib/stubs" \
             "$nvcc_dir/../targets/sbsa-linux/lib/stubs"; do
        if [ -e "$d/libcuda.so" ]; then
            cudalib="-L$(cd "$d" && pwd)"
            break
        fi
    done
fi

status=0
for p in nv_put_latency nv_pingpong nv_bw nv_atomic nv_coll; do
    echo "  NVCC $out/$p"
    # shellcheck disable=SC2086  # NVCCFLAGS and cudalib are word lists
    if ! "$NVCC" -O2 -rdc=true -arch="$arch" ${NVCCFLAGS:-} -I"$inc" -I"$src" \
            -o "$out/$p" "$src/$p.cu" \
            -L"$hostdir" -L"$lib" $cudalib \
            -lnvshmem_host -lnvshmem_device -lcuda \
            -Xlinker -rpath -Xlinker "$lib"; then
        echo "$0: $p failed" >&2
        status=1
    fi
done
exit $status
