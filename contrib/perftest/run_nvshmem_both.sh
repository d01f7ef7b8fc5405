#!/bin/sh
# The NVSHMEM reference programs (tests/perf/nvshmem), one source built twice, run on both
# runtimes in alternating passes: with NVSHMEM (NV_BIN_DIR, from build_nvshmem.sh) and with
# rocshmem_ro through include/nvshmem.h (BUILD_DIR/tests/perf/nvshmem, from a CUDA build's
# make). Two PEs on one machine (both on the one GPU through MPS where it has one), four
# for the collectives too. Output: $OUT/nvboth/{nvshmem,rocshmem_ro}.log, each RESULT line
# of the programs with runtime=... and pass=... added.
#   usage: contrib/perftest/run_nvshmem_both.sh BUILD_DIR NV_BIN_DIR NV_LIB_DIR [PASSES]
set -u
build=${1:?usage: run_nvshmem_both.sh BUILD_DIR NV_BIN_DIR NV_LIB_DIR [PASSES]}
nvbin=${2:?NV_BIN_DIR} nvlib=${3:?NV_LIB_DIR} passes=${4:-3}
out=${OUT:-/tmp}/nvboth
mkdir -p "$out"
export FI_TCP_IFACE=lo FI_SOCKETS_IFACE=lo ROCSHMEM_RO_IFACE=lo ROCSHMEM_RO_TIMEOUT=60
export CUDA_MPS_PIPE_DIRECTORY=/tmp/ro_mps CUDA_MPS_LOG_DIRECTORY=/tmp/ro_mpslog
export NVSHMEM_DISABLE_NVLS=1 NCCL_NVLS_ENABLE=0 NVSHMEM_BOOTSTRAP=MPI
export NVSHMEM_IGNORE_CUDA_MPS_ACTIVE_THREAD_PERCENTAGE=1 NVSHMEM_DISABLE_NCCL=1
mkdir -p "$CUDA_MPS_PIPE_DIRECTORY" "$CUDA_MPS_LOG_DIRECTORY"
nvidia-cuda-mps-control -d && mps=1 || mps=0
ngpu=$(nvidia-smi -L 2>/dev/null | grep -c '^GPU')
[ "$ngpu" -ge 2 ] && export PERF_LAYOUT=2gpu || export PERF_LAYOUT=1gpu

# runtime, PEs, program and arguments: one run, its RESULT lines tagged.
one() {
    rt=$1 np=$2
    shift 2
    if [ "$rt" = nvshmem ]; then dir=$nvbin; else dir=$build/tests/perf/nvshmem; fi
    echo "### $rt pass $pass, $np PEs: $*" >>"$out/$rt.log"
    LD_LIBRARY_PATH=$nvlib:${LD_LIBRARY_PATH:-} timeout 120 \
        mpirun --allow-run-as-root --bind-to none --oversubscribe -n "$np" \
        -x FI_TCP_IFACE -x FI_SOCKETS_IFACE -x ROCSHMEM_RO_IFACE -x ROCSHMEM_RO_TIMEOUT \
        -x NVSHMEM_BOOTSTRAP -x LD_LIBRARY_PATH -x NVSHMEM_DISABLE_NVLS -x NCCL_NVLS_ENABLE \
        -x NVSHMEM_IGNORE_CUDA_MPS_ACTIVE_THREAD_PERCENTAGE -x NVSHMEM_DISABLE_NCCL \
        -x CUDA_MPS_PIPE_DIRECTORY -x CUDA_MPS_LOG_DIRECTORY -x PERF_LAYOUT \
        "$dir/$@" >"$out/run.tmp" 2>&1
    rc=$?
    sed "s/^RESULT /RESULT runtime=$rt pass=$pass /" "$out/run.tmp" >>"$out/$rt.log"
    [ "$rc" -eq 0 ] || echo "### FAILED (exit $rc): $*" >>"$out/$rt.log"
}
both() {   # PEs, program and arguments: NVSHMEM, then ours
    one nvshmem "$@"
    one rocshmem_ro "$@"
}

pass=1
while [ "$pass" -le "$passes" ]; do
    both 2 nv_put_latency -o put -s thread -b 8 -e 4K -f 8 -n 1000 -w 20
    both 2 nv_put_latency -o p -n 1000 -w 20
    both 2 nv_put_latency -o g -n 1000 -w 20
    both 2 nv_pingpong -o p -n 1000 -w 20
    both 2 nv_pingpong -o signal -b 8 -e 4K -f 8 -n 1000 -w 20
    both 2 nv_atomic -n 1000 -w 20
    both 2 nv_bw -c 4 -t 1024 -b 64K -e 16M -f 16 -n 20 -w 1
    for np in 2 4; do
        for op in barrier reduce_int broadcast alltoall; do
            both "$np" nv_coll -o "$op" -t 1024 -b 8 -e 64K -f 64 -n 200 -w 20
        done
    done
    pass=$((pass + 1))
done
[ "$mps" = 1 ] && echo quit | nvidia-cuda-mps-control
grep -c '^RESULT' "$out/nvshmem.log" "$out/rocshmem_ro.log"
grep -h 'FAILED' "$out/nvshmem.log" "$out/rocshmem_ro.log" | head
