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
# Then the collectives (perf_coll, nv_coll, perf_coll_hostdriven) at 2 and 4 PEs, logged to
# $OUT/perftest/coll-*.log, bounded to PERF_COLL_BUDGET seconds (default 240) in all.
# PERF_SECTIONS picks what runs: "p2p coll" (the default), "p2p" or "coll".
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
    ipc|host) export ROCSHMEM_HEAP_LOCATION=auto ROCSHMEM_DISABLE_MIXED_IPC=0 ROCSHMEM_RO_TRANSPORT=ofi ;;
    proxy) export ROCSHMEM_HEAP_LOCATION=host ROCSHMEM_DISABLE_MIXED_IPC=1 ROCSHMEM_RO_TRANSPORT=ofi ;;
    null)  export ROCSHMEM_HEAP_LOCATION=host ROCSHMEM_DISABLE_MIXED_IPC=1 ROCSHMEM_RO_TRANSPORT=null ;;
    esac
    export ROCSHMEM_RO_PROVIDER=shm
}
n=0
# pen NP PATH PROGRAM ARGS...: NP PEs under mpirun, at most $tmo seconds (default 120);
# output appended to $out/${logtag}PATH.log. PATH host: programs without the library
# (perf_coll_hostdriven; the ipc environment, so that mpirun -x finds every variable).
pen() {
    np=$1 p=$2
    shift 2
    path_env "$p"
    n=$((n + 1))
    log=$out/${logtag:-}$p.log
    echo "### $p, $np PEs: $*" >>"$log"
    timeout "${tmo:-120}" mpirun --allow-run-as-root --bind-to none --oversubscribe -n "$np" \
        -x FI_TCP_IFACE -x FI_SOCKETS_IFACE -x ROCSHMEM_RO_IFACE -x ROCSHMEM_RO_TIMEOUT \
        -x ROCSHMEM_HEAP_SIZE -x ROCSHMEM_HEAP_LOCATION -x ROCSHMEM_DISABLE_MIXED_IPC \
        -x ROCSHMEM_RO_TRANSPORT -x ROCSHMEM_RO_PROVIDER -x CUDA_MPS_PIPE_DIRECTORY \
        -x CUDA_MPS_LOG_DIRECTORY -x PERF_LAYOUT \
        ${ROCSHMEM_RO_DEFAULT_CTX_RINGS:+-x ROCSHMEM_RO_DEFAULT_CTX_RINGS} \
        ${ROCSHMEM_RO_RING_SIZE:+-x ROCSHMEM_RO_RING_SIZE} \
        "$bin/$@" >>"$log" 2>&1 ||
        echo "### FAILED (exit $?): $*" >>"$log"
}
pe2() { pen 2 "$@"; }   # path, program, args...: two PEs
pe4() { pen 4 "$@"; }   # four PEs (on one GPU: MPS)
# nvn NP PROGRAM ARGS...: an NVSHMEM reference program on NP PEs, into
# $out/${logtag}nvshmem.log.
nvn() {
    np=$1
    shift
    log=$out/${logtag:-}nvshmem.log
    echo "### nvshmem, $np PEs: $*" >>"$log"
    NVSHMEM_BOOTSTRAP=MPI LD_LIBRARY_PATH=$nvlib:${LD_LIBRARY_PATH:-} \
        NVSHMEM_IGNORE_CUDA_MPS_ACTIVE_THREAD_PERCENTAGE=1 NVSHMEM_DISABLE_NCCL=1 \
        timeout "${tmo:-120}" \
        mpirun --allow-run-as-root --bind-to none --oversubscribe -n "$np" \
        -x NVSHMEM_BOOTSTRAP -x LD_LIBRARY_PATH -x NVSHMEM_DISABLE_NVLS -x NCCL_NVLS_ENABLE \
        -x NVSHMEM_IGNORE_CUDA_MPS_ACTIVE_THREAD_PERCENTAGE -x NVSHMEM_DISABLE_NCCL \
        -x CUDA_MPS_PIPE_DIRECTORY -x CUDA_MPS_LOG_DIRECTORY -x PERF_LAYOUT \
        ${NVSHMEM_SYMMETRIC_SIZE:+-x NVSHMEM_SYMMETRIC_SIZE} \
        ${NVSHMEM_REDUCE_SCRATCH_SIZE:+-x NVSHMEM_REDUCE_SCRATCH_SIZE} "$nvbin/$@" \
        >>"$log" 2>&1 || echo "### FAILED (exit $?): $*" >>"$log"
}
want() {   # section: whether PERF_SECTIONS names it
    case " ${PERF_SECTIONS:-p2p coll} " in *" $1 "*) return 0 ;; esac
    return 1
}
nvidia-smi -L >"$out/machine.txt"; nproc >>"$out/machine.txt"; date -u >>"$out/machine.txt"

# The point-to-point suite (not indented, so that its lines stay as they were).
if want p2p; then
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
    nv() { nvn 2 "$@"; }
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
fi   # want p2p

# Collectives (issue "Teams and collectives", Speed): each at _wg scope, one block of 1024
# threads per PE, on WORLD; ours on the IPC path (8 B to 64 MiB) and the proxy path (to
# 4 MiB: shm provider, host heap), NVSHMEM's reference, the host-driven Open MPI baseline
# (kernel ends, D2H copy, MPI, H2D copy). 2 PEs first, then 4 (the one GPU: MPS). One
# program run per collective, each at most 50 s; once PERF_COLL_BUDGET seconds (default
# 240) have gone by, the runs left are skipped and listed in coll-skipped.log, so the
# section stays bounded even when a collective hangs. Iterations: -n for small sizes,
# fewer above 1 MiB (the programs cap them at 256 MiB / size, at least 5).
if want coll; then
coll_t0=$(date +%s)
coll_budget=${PERF_COLL_BUDGET:-240}
coll_ops="barrier barrier_all barrier_all_thread reduce_int reduce_float broadcast fcollect \
alltoall reduce_scatter"
coll() {   # runner, args...: one collective run, unless the budget is spent
    if [ $(($(date +%s) - coll_t0)) -ge "$coll_budget" ]; then
        echo "### SKIPPED (PERF_COLL_BUDGET=$coll_budget s spent): $*" >>"$out/coll-skipped.log"
        return 0
    fi
    "$@"
}
logtag=coll- tmo=50
for np in 2 4; do
    if [ -x "$bin/perf_coll" ]; then
        for op in $coll_ops; do
            coll pen "$np" ipc perf_coll -o "$op" -t 1024 -b 8 -e 64M -f 2 -n 1000 -w 50
        done
    else
        echo "### perf_coll not built" >>"$out/coll-ipc.log"
    fi
    if [ -n "$nvbin" ] && [ -x "$nvbin/nv_coll" ]; then
        for op in $coll_ops; do
            # NVSHMEM's reducescatter takes inputs up to half its per-team scratch (512 KiB
            # by default, reserved for each of its 32 teams): 128 MiB of it for 64 MiB.
            [ "$op" = reduce_scatter ] &&
                export NVSHMEM_REDUCE_SCRATCH_SIZE=128M NVSHMEM_SYMMETRIC_SIZE=6G
            coll nvn "$np" nv_coll -o "$op" -t 1024 -b 8 -e 64M -f 2 -n 1000 -w 50
            unset NVSHMEM_REDUCE_SCRATCH_SIZE NVSHMEM_SYMMETRIC_SIZE
        done
    fi
    if [ -x "$bin/perf_coll" ]; then
        for op in $coll_ops; do
            coll pen "$np" proxy perf_coll -o "$op" -t 1024 -b 8 -e 4M -f 2 -n 200 -w 10
        done
    fi
    # The host-driven baseline, all its collectives in one run (no library in it).
    if [ "$np" = 2 ] && [ -x "$bin/perf_coll_hostdriven" ]; then
        coll pen 2 host perf_coll_hostdriven -o all -t 1024 -b 8 -e 64M -f 2 -n 200 -w 10
    elif [ "$np" = 2 ]; then
        echo "### perf_coll_hostdriven not built (no MPI headers where it was built)" \
            >>"$out/coll-host.log"
    fi
done
unset logtag tmo
echo "collectives: $(($(date +%s) - coll_t0)) s" >>"$out/machine.txt"
fi   # want coll

[ $mps = 1 ] && echo quit | nvidia-cuda-mps-control
grep -h "^RESULT" "$out"/*.log | wc -l | sed 's/$/ results/'
grep -h "FAILED\|SKIPPED" "$out"/*.log || true
