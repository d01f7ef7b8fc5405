#!/bin/sh
# Init from an MPI program (func_mpi_init) under the launcher of the MPI the module was
# built with (configure: RO_MPI_LAUNCHER): over MPI_COMM_WORLD at 1, 2 and 4 ranks, over a
# communicator that numbers the ranks backwards at 2 and 4, with a unique id handed over by
# MPI_Bcast at 2 and 4, and without the module (it must fail with its message and return).
# Loopback only; every run bounded. Skips (77) where no MPI module was built.
set -u
here=$(cd "$(dirname "$0")" && pwd)
builddir=${top_builddir:-$here/../..}
prog="$builddir/tests/func/func_mpi_init"
launcher=${RO_MPI_LAUNCHER:-}
[ -x "$prog" ] && [ -n "$launcher" ] || { echo "skip: no MPI module or launcher"; exit 77; }

export FI_TCP_IFACE=lo FI_SOCKETS_IFACE=lo FI_UDP_IFACE=lo FI_NET_IFACE=lo
export OMPI_MCA_oob_tcp_if_include=lo OMPI_MCA_btl_tcp_if_include=lo
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
export ROCSHMEM_RO_IFACE=lo ROCSHMEM_BOOTSTRAP_IFACE=lo ROCSHMEM_RO_PROVIDER=shm ROCSHMEM_RO_TIMEOUT=30
out=$(mktemp)
trap 'rm -f "$out"' EXIT
fail=0
run() {   # ranks, mode, expected PASS lines
    case $launcher in
    *openmpi*) set -- "$@" --bind-to none ;;
    esac
    n=$1 mode=$2 want=$3
    shift 3
    timeout 120 "$launcher" "$@" -n "$n" "$prog" "$mode" >"$out" 2>&1
    rc=$?
    got=$(grep -c "^func_mpi_init $mode rank [0-9]*: PASS" "$out")
    if [ "$rc" -ne 0 ] || [ "$got" -ne "$want" ]; then
        echo "FAIL: $n ranks, $mode (exit $rc, $got of $want passed):"
        cat "$out"
        fail=1
    else
        echo "PASS: $n ranks, $mode"
    fi
}
for n in 1 2 4; do run $n comm $n; done
for n in 2 4; do run $n reversed $n; run $n uid $n; done
ROCSHMEM_RO_MPI_MODULE=/nonexistent/librocshmem_ro_mpi.so run 2 missing 2
grep -q "needs the MPI module" "$out" || { echo "FAIL: no message naming the MPI module:"; cat "$out"; fail=1; }
exit $fail
