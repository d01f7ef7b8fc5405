#!/bin/sh
# Bad input under a real launcher (Hydra, 2 PEs, shm): func_bad_input must log one
# message per bad call and still exit 0; rocshmem_global_exit must end the job with its
# status, logging an error only for a nonzero one; a bad ROCSHMEM_BOOTSTRAP,
# ROCSHMEM_HEAP_SIZE or provider must end the job quickly with a nonzero status and a
# message naming the variable (or provider) and the value. Skips (77) only when
# mpiexec.hydra is missing.
set -u
here=$(cd "$(dirname "$0")" && pwd)
builddir=${top_builddir:-$here/../..}
run="$here/../run_pe.sh"
prog="$builddir/tests/func/func_bad_input"
hydra=${MPIEXEC_HYDRA:-$(command -v mpiexec.hydra)}
[ -n "$hydra" ] && [ -x "$hydra" ] || { echo "skip: mpiexec.hydra not found"; exit 77; }

log=$(mktemp)
trap 'rm -f "$log"' EXIT
fail=0

# Startup failures must not hang: a short limit, and the launcher's timeout status
# (124, or 137 after the kill) counts as a failure of its own.
export RO_TEST_TIMEOUT=60
# Launchers forward stdin to rank 0: give them none, so they cannot consume ours.

# name, expected status (0 or "nonzero"), then the fixed strings stderr must contain;
# one that starts with "!" must not occur, one that starts with "~" is a grep regex
# that must match.
check() {
    name=$1 want=$2 rc=$3 bad=0
    shift 3
    case $want:$rc in
    0:0) ;;
    nonzero:124|nonzero:137) echo "FAIL $name: timed out (hang) instead of failing"; bad=1 ;;
    nonzero:0) echo "FAIL $name: exited 0, expected a failure"; bad=1 ;;
    nonzero:*) ;;
    *) echo "FAIL $name: exit status $rc, expected $want"; bad=1 ;;
    esac
    for msg in "$@"; do
        case $msg in
        "!"*) ! grep -qF -- "${msg#?}" "$log" ||
                { echo "FAIL $name: \"${msg#?}\" in the output"; bad=1; } ;;
        "~"*) grep -q -- "${msg#?}" "$log" ||
                { echo "FAIL $name: nothing matches \"${msg#?}\" in the output"; bad=1; } ;;
        *)  grep -qF -- "$msg" "$log" || { echo "FAIL $name: no \"$msg\" in the output"; bad=1; } ;;
        esac
    done
    if [ "$bad" -ne 0 ]; then
        fail=1
        sed 's/^/    /' "$log" | tail -40
    else
        echo "PASS $name"
    fi
}

"$run" hydra shm 2 "$prog" </dev/null >"$log" 2>&1
check "bad arguments" 0 $? \
    "rocshmem_putmem: invalid PE" "rocshmem_getmem: invalid PE" "rocshmem_int_p: invalid PE" \
    "rocshmem_int_g: invalid PE" "rocshmem_int_atomic_add: invalid PE" \
    "rocshmem_int_atomic_fetch_add: invalid PE" "rocshmem_putmem_signal: invalid PE" \
    "not inside the symmetric heap" \
    "is not aligned to its 4-byte type" \
    "rocshmem_int_wait_until: comparison 42" "rocshmem_int_test: comparison 42" \
    "sig_op 7" "not a block" "rocshmem_ctx_destroy: not a context" "func_bad_input: PASS"

# rocshmem_global_exit ends every PE with its status; 0 is a normal end, logged at info
# level (shown at ROCSHMEM_DEBUG_LEVEL=2), and no error is logged anywhere.
ROCSHMEM_DEBUG_LEVEL=2 "$run" hydra shm 2 "$prog" --global-exit 0 </dev/null >"$log" 2>&1
check "rocshmem_global_exit(0)" 0 $? "~] info .*rocshmem_global_exit(0) called on PE 0" \
    "!] error " "!FAIL"
"$run" hydra shm 2 "$prog" --global-exit 3 </dev/null >"$log" 2>&1
check "rocshmem_global_exit(3)" nonzero $? "~] error .*rocshmem_global_exit(3) called on PE 0" \
    "!FAIL"

ROCSHMEM_BOOTSTRAP=bogus "$run" hydra shm 2 "$prog" --init-only </dev/null >"$log" 2>&1
check "ROCSHMEM_BOOTSTRAP=bogus" nonzero $? "ROCSHMEM_BOOTSTRAP=bogus"

ROCSHMEM_HEAP_SIZE=12Q "$run" hydra shm 2 "$prog" --init-only </dev/null >"$log" 2>&1
check "ROCSHMEM_HEAP_SIZE=12Q" nonzero $? "ROCSHMEM_HEAP_SIZE=12Q"

# Values that parse but would overflow what init sizes from them (found by fuzzing).
for bad in ROCSHMEM_MAX_NUM_CONTEXTS=4294967295 ROCSHMEM_RO_RING_SIZE=4G ROCSHMEM_DEBUG_LEVEL=2147483648; do
    env "$bad" "$run" hydra shm 2 "$prog" --init-only </dev/null >"$log" 2>&1
    check "$bad" nonzero $? "${bad%%=*}=" "must be"
done

ROCSHMEM_RO_PROXY_CPU=99 "$run" hydra shm 2 "$prog" --init-only </dev/null >"$log" 2>&1
check "ROCSHMEM_RO_PROXY_CPU=99" nonzero $? "ROCSHMEM_RO_PROXY_CPU=99: not a core list"

"$run" hydra nosuchprovider 2 "$prog" --init-only </dev/null >"$log" 2>&1
check "provider nosuchprovider" nonzero $? "nosuchprovider"

# A region that a killed process left in /dev/shm under the name shm would give this PE by
# default ("<pid>:<uid>:0"; the shell execs the program, which keeps the shell's pid): init
# must not trip over it (it did: fi_enable failed with EBUSY).
sh -c 'stale=/dev/shm/$$:$(id -u):0; echo stale >"$stale"; echo "region $stale";
       exec env ROCSHMEM_RO_PROVIDER=shm ROCSHMEM_BOOTSTRAP=single "$0" --init-only' \
    "$prog" </dev/null >"$log" 2>&1
rc=$?
rm -f "$(sed -n 's/^region //p' "$log")"
check "stale shm region of a dead process with this pid" 0 $rc "region /dev/shm/"

# A peer that stops serving (frozen, so the launcher cannot tell): the waiting PE must end
# the job with a message naming the operation once ROCSHMEM_RO_TIMEOUT has passed. Which
# operation trips first depends on scheduling (the barrier before it can, on a loaded
# machine), so the check names no particular one. Through the proxy: a frozen PE whose heap
# is mapped (same-node PEs by default) still has its atomics done, by the caller's CPU.
export ROCSHMEM_DISABLE_MIXED_IPC=1
ROCSHMEM_RO_TIMEOUT=3 "$run" hydra shm 2 "$prog" --peer-stops </dev/null >"$log" 2>&1
check "peer stops serving (shm)" nonzero $? ": waited 3 s" "a peer may have died"
ROCSHMEM_RO_TIMEOUT=3 "$run" hydra tcp 2 "$prog" --peer-stops </dev/null >"$log" 2>&1
check "peer stops serving (tcp)" nonzero $? ": waited 3 s" "a peer may have died"

exit $fail
