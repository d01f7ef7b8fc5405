#!/bin/sh
# Runs the examples of contrib/examples on CPU-only PEs under MPICH's Hydra over libfabric's
# shm provider (tests/run_pe.sh: loopback only, with a timeout): halo2d at 4 PEs (a 2 x 2
# grid) and 2 (1 x 2), moe, train_allreduce and dht at 4. Each must exit 0 and print
# "<name>: check ok"; anything else fails the script. A test of make check.
#   usage: contrib/examples/run_examples.sh [BUILD_DIR]   (default: $top_builddir, else the
#          source tree, where contrib/build.sh builds)
# env:   RO_TEST_TIMEOUT (seconds per run, default 120); RO_EXAMPLES_LAUNCHER (hydra or
#        openmpi, default hydra); RO_EXAMPLES_PROVIDER (default shm).
set -u
here=$(cd "$(dirname "$0")" && pwd)
srcdir=${top_srcdir:-$here/../..}
builddir=${1:-${top_builddir:-$srcdir}}
launcher=${RO_EXAMPLES_LAUNCHER:-hydra}
provider=${RO_EXAMPLES_PROVIDER:-shm}
export RO_TEST_TIMEOUT=${RO_TEST_TIMEOUT:-120}
log=$(mktemp)
trap 'rm -f "$log"' EXIT
trap 'exit 1' INT TERM
pass=0 fail=0 skip=0

run() {   # PEs, program, arguments...
    npes=$1 prog=$2
    shift 2
    bin="$builddir/contrib/examples/$prog"
    if [ ! -x "$bin" ]; then
        echo "FAIL: $prog: $bin not built"
        fail=$((fail + 1))
        return
    fi
    echo "== $prog on $npes PEs ($launcher, $provider) $*"
    "$srcdir/tests/run_pe.sh" "$launcher" "$provider" "$npes" "$bin" "$@" >"$log" 2>&1
    rc=$?
    cat "$log"
    if [ $rc -eq 77 ]; then
        echo "SKIP: $prog $npes PEs (no launcher)"
        skip=$((skip + 1))
    elif [ $rc -eq 0 ] && grep -q "^$prog: check ok" "$log"; then
        echo "PASS: $prog $npes PEs"
        pass=$((pass + 1))
    else
        case $rc in
        124|137) why="timed out after ${RO_TEST_TIMEOUT}s" ;;
        0) why="exit 0 but no '$prog: check ok' line" ;;
        *) why="exit $rc" ;;
        esac
        echo "FAIL: $prog $npes PEs ($why)"
        fail=$((fail + 1))
    fi
}

run 4 halo2d
run 2 halo2d
run 4 moe
run 4 train_allreduce
run 4 dht
echo "examples: $pass passed, $fail failed, $skip skipped"
[ $fail -eq 0 ] || exit 1
[ $pass -gt 0 ] || exit 77
exit 0
