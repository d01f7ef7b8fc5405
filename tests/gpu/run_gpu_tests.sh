#!/bin/sh
# Runs the GPU tests on a machine with a GPU, in one go, and prints a pass/fail table; exits 1
# when any row failed.
# PE k drives GPU k mod (GPUs of the machine): with several GPUs, 2 PEs run one per GPU
# (IPC over NVLink or PCIe) and 4 two per GPU; PEs sharing a GPU do so through MPS (started
# here and stopped at the end). With more than 4 GPUs, one run per program fills them all.
#   usage: tests/gpu/run_gpu_tests.sh BUILD_DIR   (BUILD_DIR holds tests/gpu/gpu_*,
#          tests/rocshmem_hpp/rs_* and .libs)
# Launcher: Open MPI's mpirun (PMIx); traffic stays on loopback. Two paths:
#   ipc    the default for GPU programs: device heap, same-node PEs by GPU IPC;
#   proxy  ROCSHMEM_HEAP_LOCATION=host ROCSHMEM_DISABLE_MIXED_IPC=1: every PE through the
#          proxy and libfabric (the provider column).
# Each program runs on the IPC path with 2, 4 and 1 PEs and on the proxy path with 2 PEs over
# shm and tcp and 4 over shm (gpu_coll: teams and collectives on both paths; gpu_stream: the
# stream-ordered calls, a CUDA graph, host atomics and waits on the heap; rs_setup, rs_p2p,
# rs_coll: rocSHMEM-dialect programs, rocshmem.hpp).
# Then one refusal: a device heap whose peers need libfabric, which no provider here can
# register (no FI_HMEM): init must fail and name both fixes.
set -u
build=${1:?usage: run_gpu_tests.sh BUILD_DIR}
out=${OUT:-/tmp}/gpu_tests
mkdir -p "$out"
export FI_TCP_IFACE=lo FI_SOCKETS_IFACE=lo ROCSHMEM_RO_IFACE=lo ROCSHMEM_RO_TIMEOUT=60
export ROCSHMEM_DEBUG_LEVEL=${ROCSHMEM_DEBUG_LEVEL:-1}
export CUDA_MPS_PIPE_DIRECTORY=/tmp/ro_mps CUDA_MPS_LOG_DIRECTORY=/tmp/ro_mpslog
mkdir -p "$CUDA_MPS_PIPE_DIRECTORY" "$CUDA_MPS_LOG_DIRECTORY"
nvidia-cuda-mps-control -d && mps=1 || mps=0
mpirun=$(command -v mpirun)
table=""
launch() {   # PEs, log, program...
    n=$1 log=$2
    shift 2
    timeout 240 "$mpirun" --allow-run-as-root --bind-to none --oversubscribe -n "$n" \
        -x FI_TCP_IFACE -x FI_SOCKETS_IFACE -x ROCSHMEM_RO_IFACE -x ROCSHMEM_RO_TIMEOUT \
        -x ROCSHMEM_RO_PROVIDER -x ROCSHMEM_DEBUG_LEVEL -x ROCSHMEM_HEAP_LOCATION \
        -x ROCSHMEM_DISABLE_MIXED_IPC -x CUDA_MPS_PIPE_DIRECTORY -x CUDA_MPS_LOG_DIRECTORY \
        "$@" >"$log" 2>&1
}
ngpu=$(nvidia-smi -L 2>/dev/null | grep -c '^GPU')
failed=0
row() {   # name, PEs, GPUs, path, provider, result, seconds
    table="$table$(printf '%-10s %-4s %-4s %-6s %-8s %-16s %4ss' "$@")
"
    [ "$6" = PASS ] || failed=$((failed + 1))
}
run() {   # program, PEs, path (ipc | proxy), provider
    prog=$1 n=$2 path=$3 prov=$4
    log="$out/${prog}_${path}_${prov}_${n}pe.log"
    if [ "$path" = ipc ]; then
        export ROCSHMEM_HEAP_LOCATION=auto ROCSHMEM_DISABLE_MIXED_IPC=0
    else
        export ROCSHMEM_HEAP_LOCATION=host ROCSHMEM_DISABLE_MIXED_IPC=1
    fi
    export ROCSHMEM_RO_PROVIDER=$prov
    start=$(date +%s)
    bin=$build/tests/gpu/$prog
    [ -x "$bin" ] || bin=$build/tests/rocshmem_hpp/$prog
    launch "$n" "$log" "$bin"
    rc=$?
    if [ $rc -eq 0 ] && grep -q "^$prog: PASS" "$log"; then res=PASS; else res="FAIL (exit $rc)"; fi
    row "$prog" "$n" $(( n < ngpu ? n : ngpu )) "$path" "$prov" "$res" $(( $(date +%s) - start ))
    echo "=== $prog $n PEs $path $prov: $res"; cat "$log"
}
nvidia-smi -L
# RO_GPU_TESTS: the programs to run (default: all of them).
for prog in ${RO_GPU_TESTS:-gpu_func gpu_api gpu_ipc gpu_coll gpu_stream rs_setup rs_p2p rs_coll}; do
    run $prog 2 ipc shm
    run $prog 4 ipc shm
    run $prog 1 ipc shm
    run $prog 2 proxy shm
    run $prog 2 proxy tcp
    run $prog 4 proxy shm
    if [ "$ngpu" -gt 4 ]; then
        run $prog "$ngpu" ipc shm
        run $prog "$ngpu" proxy shm
    fi
done
# The examples (contrib/examples/gpu, CUDA builds) on the IPC path at 2 and 4 PEs: each
# must exit 0 and print "<name>: check ok" (and a time line).
run_example() {   # program, PEs
    prog=$1 n=$2
    log="$out/example_${prog}_ipc_${n}pe.log"
    export ROCSHMEM_HEAP_LOCATION=auto ROCSHMEM_DISABLE_MIXED_IPC=0 ROCSHMEM_RO_PROVIDER=shm
    start=$(date +%s)
    launch "$n" "$log" "$build/contrib/examples/gpu/$prog"
    rc=$?
    if [ $rc -eq 0 ] && grep -q "^$prog: check ok" "$log"; then res=PASS; else res="FAIL (exit $rc)"; fi
    row "$prog" "$n" $(( n < ngpu ? n : ngpu )) ipc shm "$res" $(( $(date +%s) - start ))
    echo "=== example $prog $n PEs ipc: $res"; cat "$log"
}
for prog in ${RO_GPU_EXAMPLES:-halo2d moe train_allreduce dht}; do
    run_example $prog 2
    run_example $prog 4
done
# The refusal: device heap, peers through libfabric.
log="$out/refuse_hmem.log"
export ROCSHMEM_HEAP_LOCATION=device ROCSHMEM_DISABLE_MIXED_IPC=1 ROCSHMEM_RO_PROVIDER=shm
start=$(date +%s)
launch 2 "$log" "$build/tests/gpu/gpu_func"
rc=$?
if [ $rc -ne 0 ] && grep -q "FI_HMEM" "$log" && grep -q "ROCSHMEM_HEAP_LOCATION=host" "$log"; then
    res=PASS
else
    res="FAIL (exit $rc)"
fi
row refuse 2 $(( ngpu < 2 ? ngpu : 2 )) device shm "$res" $(( $(date +%s) - start ))
echo "=== refusal of a device heap without FI_HMEM: $res"; cat "$log"
[ $mps = 1 ] && echo quit | nvidia-cuda-mps-control
echo
printf '%-10s %-4s %-4s %-6s %-8s %-16s %5s\n' test PEs GPUs path provider result time
printf '%s' "$table"
echo "$failed failed"
[ "$failed" = 0 ]
