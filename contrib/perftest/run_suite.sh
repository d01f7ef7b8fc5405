#!/bin/sh
# Runs the perftest suite on a GPU machine in one go and writes every program's output
# (tables and RESULT lines) under $OUT/perftest; contrib/perftest/plot.py turns them into
# CSV and charts. Two PEs: one per GPU where the machine has several (the library and the
# NVSHMEM programs pick the GPU of their local rank), else both on the one GPU through MPS;
# each RESULT line says which (layout=1gpu or layout=Ngpu). Paths:
#   ipc    the default for GPU programs: device heap, the peer mapped through GPU IPC
#   proxy  ROCSHMEM_HEAP_LOCATION=host ROCSHMEM_DISABLE_MIXED_IPC=1, provider shm
#   null   the proxy path with ROCSHMEM_RO_TRANSPORT=null: the ring and the proxy alone
# plus the floors: perf_floor (GPU <-> host thread round trip) and ofi_latency (raw
# libfabric between two processes), and the NVSHMEM reference programs when built.
#   usage: contrib/perftest/run_suite.sh BUILD_DIR [NVSHMEM_BIN_DIR NVSHMEM_LIB_DIR]
# BUILD_DIR holds tests/perf/gpu/perf_* (and .libs); tests/perf/ofi_latency when built.
set -u
build=${1:?usage: run_suite.sh BUILD_DIR [NVSHMEM_BIN_DIR NVSHMEM_LIB_DIR]}
nvbin=${2:-} nvlib=${3:-}
out=${OUT:-/tmp}/perftest
mkdir -p "$out"
export FI_TCP_IFACE=lo FI_SOCKETS_IFACE=lo ROCSHMEM_RO_IFACE=lo ROCSHMEM_RO_TIMEOUT=60
export ROCSHMEM_HEAP_SIZE=${ROCSHMEM_HEAP_SIZE:-1G}
export CUDA_MPS_PIPE_DIRECTORY=/tmp/ro_mps CUDA_MPS_LOG_DIRECTORY=/tmp/ro_mpslog
export NVSHMEM_DISABLE_NVLS=1 NCCL_NVLS_ENABLE=0
mkdir -p "$CUDA_MPS_PIPE_DIRECTORY" "$CUDA_MPS_LOG_DIRECTORY"
nvidia-cuda-mps-control -d && mps=1 || mps=0
ngpu=$(nvidia-smi -L 2>/dev/null | grep -c '^GPU')
[ "$ngpu" -ge 2 ] && export PERF_LAYOUT=2gpu || export PERF_LAYOUT=1gpu
bin=$build/tests/perf/gpu
path_env() {
    case $1 in
    ipc)   export ROCSHMEM_HEAP_LOCATION=auto ROCSHMEM_DISABLE_MIXED_IPC=0 ROCSHMEM_RO_TRANSPORT=ofi ;;
    proxy) export ROCSHMEM_HEAP_LOCATION=host ROCSHMEM_DISABLE_MIXED_IPC=1 ROCSHMEM_RO_TRANSPORT=ofi ;;
    null)  export ROCSHMEM_HEAP_LOCATION=host ROCSHMEM_DISABLE_MIXED_IPC=1 ROCSHMEM_RO_TRANSPORT=null ;;
    esac
    export ROCSHMEM_RO_PROVIDER=shm
}
n=0
pe2() {   # path, program, args...: two PEs under mpirun; output appended to $out/PATH.log
    p=$1
    shift
    path_env "$p"
    n=$((n + 1))
    echo "### $p: $*" >>"$out/$p.log"
    timeout 120 mpirun --allow-run-as-root --bind-to none --oversubscribe -n 2 \
        -x FI_TCP_IFACE -x FI_SOCKETS_IFACE -x ROCSHMEM_RO_IFACE -x ROCSHMEM_RO_TIMEOUT \
        -x ROCSHMEM_HEAP_SIZE -x ROCSHMEM_HEAP_LOCATION -x ROCSHMEM_DISABLE_MIXED_IPC \
        -x ROCSHMEM_RO_TRANSPORT -x ROCSHMEM_RO_PROVIDER -x CUDA_MPS_PIPE_DIRECTORY \
        -x CUDA_MPS_LOG_DIRECTORY -x PERF_LAYOUT \
        ${ROCSHMEM_RO_DEFAULT_CTX_RINGS:+-x ROCSHMEM_RO_DEFAULT_CTX_RINGS} \
        ${ROCSHMEM_RO_RING_SIZE:+-x ROCSHMEM_RO_RING_SIZE} \
        "$bin/$@" >>"$out/$p.log" 2>&1 ||
        echo "### FAILED (exit $?): $*" >>"$out/$p.log"
}
nvidia-smi -L >"$out/machine.txt"; nproc >>"$out/machine.txt"; date -u >>"$out/machine.txt"

"$bin/perf_floor" -n 20000 -w 1000 >"$out/floor.log" 2>&1
for prov in shm tcp; do
    [ -x "$build/tests/perf/ofi_latency" ] &&
        timeout 120 "$build/tests/perf/ofi_latency" -p "$prov" -b 8 -e 4M -f 4 -n 2000 \
            >>"$out/raw_ofi.log" 2>&1
done

for p in ipc proxy; do
    [ $p = ipc ] && it=1000 || it=200
    for s in thread wave wg; do
        pe2 $p perf_latency -o put -s $s -t 256 -b 8 -e 1M -f 8 -n $it -w 20
        pe2 $p perf_latency -o get -s $s -t 256 -b 8 -e 1M -f 8 -n $it -w 20
    done
    for op in p g fetch_add add cswap; do
        pe2 $p perf_latency -o $op -n $it -w 20
    done
    pe2 $p perf_pingpong -o p -n $it -w 20
    pe2 $p perf_pingpong -o signal -b 8 -e 64K -f 8 -n $it -w 20
    pe2 $p perf_pingpong -o signal -s wg -t 256 -b 8 -e 64K -f 8 -n $it -w 20
    for op in p add fetch_add cswap; do
        pe2 $p perf_rate -o $op -c 64 -t 256 -n 16 -w 1
    done
done
# Where a small operation's time goes: primitives next to the library calls made of them.
pe2 ipc perf_probe -o ipc -n 2000
pe2 proxy perf_probe -o proxy -n 2000
# The device API as a real call (linked without -dlto), against the inlined figures above.
pe2 ipc perf_latency_call -o put -s thread -b 8 -e 64K -f 8 -n 1000 -w 20
pe2 ipc perf_latency_call -o put -s wg -t 256 -b 8 -e 64K -f 8 -n 1000 -w 20
for op in p g fetch_add; do
    pe2 ipc perf_latency_call -o $op -n 1000 -w 20
done
pe2 ipc perf_bw_call -o put -s wg -t 1024 -c 1 -b 4K -e 64M -f 4 -n 20 -w 1
pe2 ipc perf_bw_call -o put -s wg -t 1024 -c 64 -b 4K -e 64M -f 4 -n 20 -w 1
for c in 1 4 16 64; do
    pe2 ipc perf_bw -o put -s wg -t 1024 -c $c -b 4K -e 64M -f 4 -n 20 -w 1
done
pe2 ipc perf_bw -o put -s wg -t 1024 -c 16 -b 64M -e 64M -n 20 -w 1 -B
pe2 ipc perf_bw -o get -s wg -t 1024 -c 16 -b 4K -e 64M -f 4 -n 20 -w 1
pe2 ipc perf_bw -o memcpy -b 4K -e 64M -f 4 -n 20 -w 1
# The host-driven baseline of the putmem_signal ping-pong (kernel ends, host sends, next
# kernel starts), on the proxy path: host waits need a host heap.
pe2 proxy perf_hostdriven -b 8 -e 64K -f 8 -n 200 -w 20
pe2 proxy perf_bw -o put -s wg -t 256 -c 1 -b 4K -e 4M -f 4 -n 20 -w 1
pe2 proxy perf_bw -o put -s wg -t 256 -c 16 -b 64K -e 16M -f 4 -n 10 -w 1
# The ring and the proxy alone: nbi p from 16k threads, then 4x as many as ring space:
# the default 4 rings of 4096 slots (16k and 64k threads); 32 rings of 4096 (16k threads);
# 32 rings of 1024 (16k threads, then 128k: 4x, all resident on the H200's 132 SMs).
pe2 null perf_rate -o p -c 64 -t 256 -n 64 -w 1
pe2 null perf_rate -o p -c 256 -t 256 -n 16 -w 1
export ROCSHMEM_RO_DEFAULT_CTX_RINGS=32
pe2 null perf_rate -o p -c 64 -t 256 -n 64 -w 1
pe2 proxy perf_rate -o p -c 64 -t 256 -n 16 -w 1
export ROCSHMEM_RO_RING_SIZE=1024
pe2 null perf_rate -o p -c 64 -t 256 -n 64 -w 1
pe2 null perf_rate -o p -c 512 -t 256 -n 16 -w 1
unset ROCSHMEM_RO_DEFAULT_CTX_RINGS ROCSHMEM_RO_RING_SIZE

if [ -n "$nvbin" ] && [ -x "$nvbin/nv_put_latency" ]; then
    nv() {
        echo "### nvshmem: $*" >>"$out/nvshmem.log"
        NVSHMEM_BOOTSTRAP=MPI LD_LIBRARY_PATH=$nvlib:${LD_LIBRARY_PATH:-} \
            NVSHMEM_IGNORE_CUDA_MPS_ACTIVE_THREAD_PERCENTAGE=1 NVSHMEM_DISABLE_NCCL=1 timeout 120 \
            mpirun --allow-run-as-root --bind-to none --oversubscribe -n 2 \
            -x NVSHMEM_BOOTSTRAP -x LD_LIBRARY_PATH -x NVSHMEM_DISABLE_NVLS -x NCCL_NVLS_ENABLE \
            -x NVSHMEM_IGNORE_CUDA_MPS_ACTIVE_THREAD_PERCENTAGE -x NVSHMEM_DISABLE_NCCL \
            -x CUDA_MPS_PIPE_DIRECTORY -x CUDA_MPS_LOG_DIRECTORY -x PERF_LAYOUT "$nvbin/$@" \
            >>"$out/nvshmem.log" 2>&1 || echo "### FAILED (exit $?): $*" >>"$out/nvshmem.log"
    }
    for s in thread warp block; do
        nv nv_put_latency -o put -s $s -t 256 -b 8 -e 1M -f 8 -n 1000 -w 20
    done
    for op in p g; do nv nv_put_latency -o $op -n 1000 -w 20; done
    nv nv_pingpong -o p -n 1000 -w 20
    nv nv_pingpong -o signal -b 8 -e 64K -f 8 -n 1000 -w 20
    for c in 1 4 16 64; do
        nv nv_bw -c $c -t 1024 -b 4K -e 64M -f 4 -n 20 -w 1
    done
    nv nv_atomic -n 1000 -w 20
fi
[ $mps = 1 ] && echo quit | nvidia-cuda-mps-control
grep -h "^RESULT" "$out"/*.log | wc -l | sed 's/$/ results/'
grep -h "FAILED" "$out"/*.log || true
