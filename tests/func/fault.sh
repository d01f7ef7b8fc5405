#!/bin/sh
# A peer that dies or freezes while the others are inside an operation (tests/func/func_fault).
# - SIGKILL while the others are in rocshmem_barrier_all, in rocshmem_long_wait_until, or in
#   the middle of a putmem_nbi/long_p stream: the job must end with a nonzero status within
#   KILL_BOUND s of the kill, with a message about it (the launcher's or the library's).
# - SIGSTOP (alive, so the launcher sees nothing): with ROCSHMEM_RO_TIMEOUT=STOP_TIMEOUT the
#   survivors must end the job within STOP_TIMEOUT + 3 s with the library's message naming
#   the operation. wait_until is not among these cases: it has no timeout by design
#   (src/gpu/ro_gpu_wait.c), so a survivor there waits until someone else ends the job.
# In every case no process of the job may be left behind (zombies do not count: this
# machine's init does not reap orphans); the script kills leftovers (CONT, then KILL) anyway.
# Runs under Hydra and Open MPI, each skipped when absent; exit 77 when both are.
# Prints one PASS/FAIL line per case with the seconds from the fault to the end of the job.
set -u
here=$(cd "$(dirname "$0")" && pwd)
builddir=${top_builddir:-$here/../..}
run="$here/../run_pe.sh"
prog="$builddir/tests/func/func_fault"
KILL_BOUND=5
STOP_TIMEOUT=2
# The barrier's timeout message names the call the program made (not the sync_all inside it).
BARRIER_NAMES='rocshmem_barrier_all'
# Per case, above the program's own 15 s watchdog: a hang shows as a case over its bound.
export RO_TEST_TIMEOUT=25

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
log=$tmp/log dir=$tmp/pe
pass=0 fail=0 ran=0

hydra=${MPIEXEC_HYDRA:-$(command -v mpiexec.hydra)}
openmpi=${MPIRUN_OPENMPI:-$(command -v mpirun.openmpi)}
have() {
    case $1 in
    hydra) [ -n "$hydra" ] && [ -x "$hydra" ] ;;
    openmpi) [ -n "$openmpi" ] && [ -x "$openmpi" ] ;;
    esac
}

# Processes of the last job still there (not zombies): named, then CONTinued and KILLed.
# A killed PE leaves its shm provider's region behind (/dev/shm/rocshmem_ro-UID-PID-*,
# src/ofi/ro_ofi_ep.c): removed here, or every run would leave a few MB in /dev/shm.
leftovers() {
    left=
    for f in "$dir"/pe*.pid; do
        [ -f "$f" ] || continue
        pid=$(cat "$f")
        rm -f /dev/shm/rocshmem_ro-"$(id -u)"-"$pid"-*
        [ -r "/proc/$pid/stat" ] || continue
        [ "$(cat "/proc/$pid/comm" 2>/dev/null)" = func_fault ] || continue
        state=$(sed 's/^.*) //' "/proc/$pid/stat" | cut -d' ' -f1)
        [ "$state" = Z ] && continue
        left="$left ${f##*/}=$pid($state)"
        kill -CONT "$pid" 2>/dev/null
        kill -KILL "$pid" 2>/dev/null
    done
    [ -z "$left" ]
}

# usage: fault_case LAUNCHER PROVIDER NPES MODE kill|stop BOUND_S REGEX [VAR=VALUE]
# REGEX (grep -E) must match the output of the job; VAR=VALUE (several, separated by spaces)
# goes into its environment.
fault_case() {
    launcher=$1 provider=$2 npes=$3 mode=$4 how=$5 bound=$6 regex=$7 setting=${8:-RO_FAULT_CASE=1}
    name="$mode $how $launcher $provider ${npes}pe"
    why=
    have "$launcher" || { echo "SKIP $name: $launcher not found"; return; }
    ran=1
    rm -rf "$dir" && mkdir "$dir"
    # stdin from /dev/null: launchers forward stdin to rank 0.
    # shellcheck disable=SC2086 # one word per VAR=VALUE
    env $setting "$run" "$launcher" "$provider" "$npes" "$prog" "$mode" "$how" "$dir" </dev/null >"$log" 2>&1
    rc=$?
    end=$(date +%s.%N)
    if [ -f "$dir/fault_time" ]; then
        secs=$(awk -v a="$(cat "$dir/fault_time")" -v b="$end" 'BEGIN { printf "%.2f", b - a }')
        awk -v s="$secs" -v m="$bound" 'BEGIN { exit !(s <= m) }' ||
            why="$why; ended ${secs}s after the fault (bound ${bound}s)"
    else
        secs=-
        why="$why; the victim never raised its signal"
    fi
    case $rc in
    0) why="$why; exit status 0" ;;
    124) why="$why; the job hung until run_pe.sh's timeout" ;;
    esac
    grep -qE -- "$regex" "$log" || why="$why; no message matching /$regex/"
    # A survivor waiting in a barrier gives up while its proxy is free: the proxy reports
    # what is outstanding before it ends the job (src/proxy/ro_proxy_report.c).
    if [ "$how.$mode" = stop.barrier ]; then
        grep -qE -- "$proxy_report" "$log" || why="$why; no proxy report /$proxy_report/"
    fi
    if grep -q 'watchdog' "$log"; then why="$why; the program's watchdog fired"; fi
    leftovers || why="$why; left behind:$left"
    if [ -z "$why" ]; then
        pass=$((pass + 1))
        echo "PASS $name ${secs}s rc=$rc: $(grep -Eo -- "$regex" "$log" | head -1)"
    else
        fail=$((fail + 1))
        echo "FAIL $name ${secs}s rc=$rc${why}"
        sed 's/^/    /' "$log" | tail -30
    fi
}

kill_msg='signal 9|a peer may have died|transport (reported a )?failed'
stop_barrier="$BARRIER_NAMES: waited $STOP_TIMEOUT s"
proxy_report='proxy: the ofi transport has [0-9]+ operations posted and not completed'
# The nbi stream stalls in the proxy (the provider's EAGAIN on the put to the stopped PE)
# and in the API (no free ring slot for the next putmem_nbi or long_p) at about the same
# time; whichever gives up first ends the job (ro_core_fatal lets one through). That is the
# proxy path's case: where same-node PEs map each other's heaps (the default), stores into
# a frozen PE's heap land as they would in a running one's, and nothing pushes back.
stop_nbi="(rocshmem_putmem_nbi|rocshmem_long_p): waited $STOP_TIMEOUT s|to pe 1: provider still returns -FI_EAGAIN after $STOP_TIMEOUT s"
stop_bound=$((STOP_TIMEOUT + 3))

for launcher in hydra openmpi; do
    for mode in barrier wait_until nbi; do
        fault_case "$launcher" shm 2 "$mode" kill "$KILL_BOUND" "$kill_msg"
    done
    fault_case "$launcher" tcp 2 nbi kill "$KILL_BOUND" "$kill_msg"
    fault_case "$launcher" shm 2 barrier stop "$stop_bound" "$stop_barrier" \
        ROCSHMEM_RO_TIMEOUT=$STOP_TIMEOUT
    fault_case "$launcher" shm 2 nbi stop "$stop_bound" "$stop_nbi" \
        "ROCSHMEM_RO_TIMEOUT=$STOP_TIMEOUT ROCSHMEM_DISABLE_MIXED_IPC=1"
done
# Two survivors.
fault_case hydra shm 3 barrier kill "$KILL_BOUND" "$kill_msg"

echo "fault: $pass passed, $fail failed"
[ "$ran" -eq 1 ] || exit 77
[ "$fail" -eq 0 ] || exit 1
exit 0
