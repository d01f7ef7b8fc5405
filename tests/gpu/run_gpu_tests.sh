#!/bin/sh
# Runs the GPU tests on a machine with a GPU, in one go, and prints a pass/fail table.
# Several PEs share the one GPU through MPS (started here and stopped at the end).
#   usage: tests/gpu/run_gpu_tests.sh BUILD_DIR   (BUILD_DIR holds tests/gpu/gpu_func and .libs)
# Launcher: Open MPI's mpirun (PMIx); traffic stays on loopback.
set -u
build=${1:?usage: run_gpu_tests.sh BUILD_DIR}
prog=$build/tests/gpu/gpu_func
out=${OUT:-/tmp}/gpu_tests
mkdir -p "$out"
export FI_TCP_IFACE=lo FI_SOCKETS_IFACE=lo ROCSHMEM_RO_IFACE=lo ROCSHMEM_RO_TIMEOUT=60
export CUDA_MPS_PIPE_DIRECTORY=/tmp/ro_mps CUDA_MPS_LOG_DIRECTORY=/tmp/ro_mpslog
mkdir -p "$CUDA_MPS_PIPE_DIRECTORY" "$CUDA_MPS_LOG_DIRECTORY"
nvidia-cuda-mps-control -d && mps=1 || mps=0
mpirun=$(command -v mpirun)
table=""
run() {   # name, PEs, provider, extra env...
    name=$1 n=$2 prov=$3
    shift 3
    log="$out/$name.log"
    start=$(date +%s)
    env ROCSHMEM_RO_PROVIDER="$prov" "$@" timeout 300 "$mpirun" --allow-run-as-root --bind-to none \
        --oversubscribe -n "$n" -x FI_TCP_IFACE -x FI_SOCKETS_IFACE -x ROCSHMEM_RO_IFACE \
        -x ROCSHMEM_RO_TIMEOUT -x ROCSHMEM_RO_PROVIDER -x ROCSHMEM_DEBUG_LEVEL \
        -x CUDA_MPS_PIPE_DIRECTORY -x CUDA_MPS_LOG_DIRECTORY "$prog" >"$log" 2>&1
    rc=$?
    secs=$(( $(date +%s) - start ))
    if [ $rc -eq 0 ] && grep -q "gpu_func: PASS" "$log"; then res=PASS; else res="FAIL (exit $rc)"; fi
    table="$table$(printf '%-28s %-4s %-8s %-14s %4ss' "$name" "$n" "$prov" "$res" "$secs")
"
    echo "=== $name: $res"; cat "$log"
}
nvidia-smi -L
run gpu_func_shm_2pe 2 shm ROCSHMEM_DEBUG_LEVEL=2
run gpu_func_tcp_2pe 2 tcp
run gpu_func_shm_4pe 4 shm
run gpu_func_shm_1pe 1 shm
[ $mps = 1 ] && echo quit | nvidia-cuda-mps-control
echo
printf '%-28s %-4s %-8s %-14s %5s\n' test PEs provider result time
printf '%s' "$table"
