#!/bin/sh
# Runs the GPU tests on a machine with a GPU, in one go, and prints a pass/fail table.
# Several PEs share the one GPU through MPS (started here and stopped at the end).
#   usage: tests/gpu/run_gpu_tests.sh BUILD_DIR   (BUILD_DIR holds tests/gpu/gpu_* and .libs)
# Launcher: Open MPI's mpirun (PMIx); traffic stays on loopback.
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
run() {   # program, PEs, provider, extra env...
    name=$1_$3_$2pe n=$2 prov=$3 prog=$build/tests/gpu/$1
    shift 3
    log="$out/$name.log"
    start=$(date +%s)
    env ROCSHMEM_RO_PROVIDER="$prov" "$@" timeout 300 "$mpirun" --allow-run-as-root --bind-to none \
        --oversubscribe -n "$n" -x FI_TCP_IFACE -x FI_SOCKETS_IFACE -x ROCSHMEM_RO_IFACE \
        -x ROCSHMEM_RO_TIMEOUT -x ROCSHMEM_RO_PROVIDER -x ROCSHMEM_DEBUG_LEVEL \
        -x CUDA_MPS_PIPE_DIRECTORY -x CUDA_MPS_LOG_DIRECTORY "$prog" >"$log" 2>&1
    rc=$?
    secs=$(( $(date +%s) - start ))
    if [ $rc -eq 0 ] && grep -q "^$(basename "$prog"): PASS" "$log"; then res=PASS; else res="FAIL (exit $rc)"; fi
    table="$table$(printf '%-28s %-4s %-8s %-14s %4ss' "$name" "$n" "$prov" "$res" "$secs")
"
    echo "=== $name: $res"; cat "$log"
}
nvidia-smi -L
for prog in gpu_func gpu_api; do
    run $prog 2 shm
    run $prog 2 tcp
    run $prog 4 shm
    run $prog 1 shm
done
[ $mps = 1 ] && echo quit | nvidia-cuda-mps-control
echo
printf '%-28s %-4s %-8s %-14s %5s\n' test PEs provider result time
printf '%s' "$table"
