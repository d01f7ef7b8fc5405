#!/bin/sh
# Runs contrib/repro/shm_amo_stall RUNS times at 4 PEs under Hydra, with two busy loops
# beside it (the load of a 2-core CI machine running other jobs), and counts the runs that
# passed, stalled (an operation waited out ROCSHMEM_RO_TIMEOUT) or failed otherwise.
# usage: run_shm_amo_stall.sh BUILD_DIR [RUNS [PROVIDER]]
# env: STALL_TIMEOUT (ROCSHMEM_RO_TIMEOUT, default 60), STALL_LOAD (busy loops, default 2),
#      STALL_ARGS (threads and rounds, default "8 6000"); logs in ${OUT:-/tmp}/shm_amo_stall.
#      The PEs go through the proxy and the provider (ROCSHMEM_DISABLE_MIXED_IPC=1 unless set):
#      with their heaps mapped from each other, same-node PEs never reach the provider.
set -u
export ROCSHMEM_DISABLE_MIXED_IPC=${ROCSHMEM_DISABLE_MIXED_IPC:-1}
build=$(cd "${1:?usage: run_shm_amo_stall.sh BUILD_DIR [RUNS [PROVIDER]]}" && pwd)
runs=${2:-5} provider=${3:-shm}
prog=$build/contrib/repro/shm_amo_stall
[ -x "$prog" ] || { echo "no $prog: run make in $build first"; exit 2; }
here=$(cd "$(dirname "$0")/../.." && pwd)
logs=${OUT:-/tmp}/shm_amo_stall
limit=${STALL_TIMEOUT:-60}
mkdir -p "$logs"

pids=
for _ in $(seq 1 "${STALL_LOAD:-2}"); do
    sh -c 'while :; do :; done' &
    pids="$pids $!"
done
trap 'kill $pids 2>/dev/null' EXIT INT TERM

pass=0 stall=0 other=0
for i in $(seq 1 "$runs"); do
    log=$logs/run$i.log
    t0=$(date +%s)
    ROCSHMEM_RO_TIMEOUT=$limit RO_TEST_TIMEOUT=$((limit * 3)) \
        sh "$here/tests/run_pe.sh" hydra "$provider" 4 "$prog" ${STALL_ARGS:-8 6000} >"$log" 2>&1
    rc=$?
    if [ $rc -eq 0 ]; then
        pass=$((pass + 1)) what=passed
    elif grep -q "for completion" "$log"; then
        stall=$((stall + 1)) what="stalled: $(grep -m1 -o 'waited [0-9]* s for completion[^;]*' "$log")"
    else
        other=$((other + 1)) what="failed (rc $rc), see $log"
    fi
    echo "run $i: $(( $(date +%s) - t0 )) s, $what"
done
echo "RESULT name=shm_amo_stall provider=$provider runs=$runs passed=$pass stalled=$stall other=$other"
