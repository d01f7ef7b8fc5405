#!/bin/sh
# Scale on one machine: tests/perf/scale_pes at growing PE counts, CPU-only PEs under
# Hydra over libfabric's shm provider (SCALE_PROVIDER names another), on loopback; shm
# reaches at most 256 PEs (its address vector: the library refuses more and names tcp and
# rxd). For 512 and 1024 PEs on one machine, SCALE_PROVIDER="udp;ofi_rxd": tcp's buffers per
# peer need 28-46 GB at 1024 (BENCHMARKS.md).
# Per count: the job's wall time and scale_pes's table (init, barrier, 8-byte allreduce,
# alltoall, finalize; memory, file descriptors and threads per PE); logs under $OUT/scale
# (default /tmp/scale), and a summary of the RESULT lines at the end. A count that fails
# is reported with its log's tail and the next one still runs.
#   usage: contrib/perftest/run_scale.sh BUILD_DIR [COUNTS]   (default "8 32 128 512 1024")
#   env:   ROCSHMEM_HEAP_SIZE (default 4M here: a small heap per PE), SCALE_REPS (20),
#          SCALE_TIMEOUT (seconds per count, 1800), SCALE_LAUNCHER (hydra or openmpi),
#          SCALE_PROVIDER (shm)
set -u
build=${1:?usage: run_scale.sh BUILD_DIR [COUNTS]}
counts=${2:-"8 32 128 512 1024"}
src=$(cd "$(dirname "$0")/../.." && pwd)
out=${OUT:-/tmp}/scale
mkdir -p "$out"
export ROCSHMEM_HEAP_SIZE=${ROCSHMEM_HEAP_SIZE:-4M} ROCSHMEM_RO_TIMEOUT=${ROCSHMEM_RO_TIMEOUT:-600}
export RO_TEST_TIMEOUT=${SCALE_TIMEOUT:-1800}
launcher=${SCALE_LAUNCHER:-hydra} provider=${SCALE_PROVIDER:-shm}
echo "run_scale: $(nproc) cores, $(free -g | awk '/^Mem:/ {print $2}') GiB, open files limit $(ulimit -n), launcher $launcher, provider $provider, heap $ROCSHMEM_HEAP_SIZE"
# /dev/shm in use before the runs (a killed job's shm regions stay behind): the summary
# shows what each job added.
shm_base=$(df -k /dev/shm | awk 'NR == 2 { print $3 }')
for n in $counts; do
    log=$out/scale-$n.log
    t0=$(date +%s.%N)
    sh "$src/tests/run_pe.sh" "$launcher" "$provider" "$n" "$build/tests/perf/scale_pes" "${SCALE_REPS:-20}" >"$log" 2>&1
    rc=$?
    wall=$(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
    echo "RESULT name=job_wall pes=$n metric=time value=$wall unit=s stat=launcher rc=$rc" >>"$log"
    echo "== $n PEs: exit $rc, $wall s"
    if [ $rc -eq 0 ]; then
        grep -v '^RESULT' "$log" | sed -n '/^scale_pes:/,$p'
    else
        tail -n 15 "$log"
    fi
done
echo "== summary (max over PEs; memory in KiB; shm: /dev/shm the job added, all PEs)"
printf '%6s %10s %10s %12s %12s %12s %10s %10s %8s %8s %10s\n' pes job_s init_ms barrier_us \
    allreduce_us alltoall_us rss_KiB pss_KiB fds threads shm_KiB
for n in $counts; do
    log=$out/scale-$n.log
    v() { awk -v k="name=$1" -v s="stat=$2" '$1 == "RESULT" && $2 == k && $0 ~ s {
            for (i = 2; i <= NF; i++) if ($i ~ /^value=/) { sub("value=", "", $i); print $i; exit } }' "$log"; }
    init=$(v init max)
    printf '%6s %10s %10s %12s %12s %12s %10s %10s %8s %8s %10s\n' "$n" "$(v job_wall launcher)" \
        "$(awk -v u="${init:-0}" 'BEGIN { printf "%.1f", u / 1000 }')" "$(v barrier_all max)" "$(v allreduce_8B max)" \
        "$(v alltoall_8B max)" "$(v rss max)" "$(v pss max)" "$(v open_fds max)" \
        "$(v threads max)" "$(awk -v u="$(v dev_shm_used sum)" -v b="$shm_base" 'BEGIN { printf "%.0f", u - b }')"
done
