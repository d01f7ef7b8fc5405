#!/bin/sh
# The CPU target under sanitizers, as CI runs it. usage: sanitize.sh address|thread
# address: clang with ASan+UBSan (leaks checked; UBSan stops the program) and libFuzzer:
#          the unit tests, every functional program under Hydra/shm and Open MPI/tcp at 2
#          PEs, and each fuzz target for RO_FUZZ_SECONDS (default 20) seconds.
# thread:  gcc with TSan: the ring, proxy and threading tests (check_ring,
#          check_ring_proxy, check_proxy_order, check_sync_pairs; func_threads,
#          func_ring_stress and func_order at CI-sized counts, Hydra and Open MPI over shm).
# Configures and builds a copy of the tree (tree_copy.sh). Any report fails the run; the
# suppression files in tests/sanitizers name only reports inside third-party libraries.
# Skips (77) without the compiler or without the git tree.
set -u
mode=${1:?usage: sanitize.sh address|thread}
case $mode in
address)
    cc=clang-15
    command -v $cc >/dev/null || { echo "skip: no $cc (Debian: apt-get install clang-15)"; exit 77; }
    conf="--enable-sanitizers=address,undefined --enable-fuzzers" ;;
thread)
    cc=${CC:-gcc} conf=--enable-sanitizers=thread ;;
*)
    echo "usage: sanitize.sh address|thread"; exit 2 ;;
esac
. "$(dirname "$0")/tree_copy.sh"
supp=$work/tree/tests/sanitizers
symbolizer=$(command -v llvm-symbolizer-15 || command -v llvm-symbolizer || echo /usr/lib/llvm-15/bin/llvm-symbolizer)
[ -x "$symbolizer" ] && export ASAN_SYMBOLIZER_PATH="$symbolizer" TSAN_SYMBOLIZER_PATH="$symbolizer"
export ASAN_OPTIONS="detect_leaks=1:detect_stack_use_after_return=1:strict_string_checks=1"
export LSAN_OPTIONS="suppressions=$supp/lsan.supp:print_suppressions=0"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
export TSAN_OPTIONS="halt_on_error=1:exitcode=66:second_deadlock_stack=1:history_size=7:suppressions=$supp/tsan.supp"
# The environment make check gives the test scripts (tests/Makefile.include).
export top_builddir="$work/tree" top_srcdir="$work/tree"
export MPIEXEC_HYDRA="${MPIEXEC_HYDRA:-$(command -v mpiexec.hydra)}"
export MPIRUN_OPENMPI="${MPIRUN_OPENMPI:-$(command -v mpirun.openmpi)}"

step autoreconf -fi
step ./configure CC="$cc" $conf --without-pmi2
step make -j"$(nproc)"
step make -j"$(nproc)" check TESTS=

failed=0
run() { # NAME COMMAND...: one line per run, the tail of its output when it fails
    name=$1; shift
    start=$(date +%s)
    if "$@" >"$work/run.log" 2>&1; then
        echo "PASS $name $(( $(date +%s) - start ))s"
    else
        echo "FAIL $name rc=$? $(( $(date +%s) - start ))s"; tail -60 "$work/run.log" | sed 's/^/    /'
        failed=$((failed + 1))
    fi
}
unit() { # the Check and script unit tests named, through make check (logs in tests/unit)
    run "unit: $*" make check TESTS="$*"
    [ -f test-suite.log ] && grep -E '^# (PASS|FAIL|ERROR|SKIP):' test-suite.log | tr '\n' ' ' && echo
}
case $mode in
address)
    # RO_UNIT_TESTS expands in the tree's Makefile: every unit test of the CPU target.
    unit '$(RO_UNIT_TESTS)'
    export FUNC_ORDER_ROUNDS=20000
    run "matrix hydra shm 2 PEs" sh tests/func/matrix.sh hydra shm 2
    run "matrix openmpi tcp 2 PEs" sh tests/func/matrix.sh openmpi tcp 2
    run "fuzzers" sh tests/fuzz/run_fuzzers.sh "$work/tree" "${RO_FUZZ_SECONDS:-20}"
    ;;
thread)
    unit tests/unit/check_ring tests/unit/check_ring_proxy tests/unit/check_proxy_order \
        tests/unit/check_sync_pairs
    # Over shm a peer's writes into this PE's heap come from the peer process (CMA), where
    # TSan does not look. Over tcp the provider makes them on our proxy thread, and the
    # synchronisation that orders them before our reads happens in the peer, which TSan
    # cannot see: every received byte would be a report (a false one), and their earlier
    # stacks are often lost, so no suppression could name them. Our own code runs the same
    # over either provider.
    export FUNC_RING_STRESS_OPS=100000 FUNC_ORDER_ROUNDS=20000
    for prog in func_threads func_ring_stress func_order; do
        run "$prog hydra shm 2 PEs" sh tests/run_pe.sh hydra shm 2 "$work/tree/tests/func/$prog"
        run "$prog openmpi shm 2 PEs" sh tests/run_pe.sh openmpi shm 2 "$work/tree/tests/func/$prog"
    done
    ;;
esac
[ "$failed" -eq 0 ] || { echo "FAIL: $failed sanitizer run(s) failed ($mode)"; exit 1; }
echo "PASS: $mode sanitizer runs"
