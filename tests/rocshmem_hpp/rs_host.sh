#!/bin/sh
# rocshmem.hpp on CPU PEs: rs_host (built with the MPI module's MPI) under that MPI's launcher
# in each way a rocSHMEM program starts (rs_host.cc lists them), and rs_host_nompi (no MPI)
# under Hydra. Every run is bounded (run_pe.sh) and must print PASS on each PE.
set -u
here=$(cd "$(dirname "$0")" && pwd)
builddir=${top_builddir:-$here/../..}
run_pe=$here/../run_pe.sh
export ROCSHMEM_RO_TIMEOUT=30 ROCSHMEM_BOOTSTRAP_IFACE=lo RO_TEST_TIMEOUT=120
out=$(mktemp)
trap 'rm -f "$out"' EXIT
fail=0 ran=0
run() {   # launcher, PEs, program, mode
    "$run_pe" "$1" shm "$2" "$builddir/tests/rocshmem_hpp/$3" "$4" >"$out" 2>&1
    rc=$?
    [ $rc -eq 77 ] && { echo "skip: $1 not found ($3 $4)"; return; }
    ran=1
    got=$(grep -c "^rs_host $4 pe [0-9]*: PASS" "$out")
    if [ $rc -ne 0 ] || [ "$got" -ne "$2" ]; then
        echo "FAIL: $3 $4 at $2 PEs under $1 (exit $rc, $got of $2 passed):"
        cat "$out"
        fail=1
    else
        echo "PASS: $3 $4 at $2 PEs under $1"
    fi
}
run hydra 2 rs_host_nompi plain
case ${RO_MPI_LAUNCHER:-} in
*mpirun*) launcher=openmpi ;;
*hydra*) launcher=hydra ;;
*) launcher= ;;
esac
if [ -x "$builddir/tests/rocshmem_hpp/rs_host" ] && [ -n "$launcher" ]; then
    for mode in auto mine comm thread3 uid; do run $launcher 2 rs_host $mode; done
    run $launcher 1 rs_host auto
    run $launcher 4 rs_host comm
else
    echo "note: no MPI module: the MPI ways of starting are not run"
fi
[ $ran -eq 1 ] || exit 77
exit $fail
