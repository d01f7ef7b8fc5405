#!/bin/sh
# The benchmarks run (CI, host target, briefly): each must exit 0 and print its RESULT
# lines. Figures are not checked: a 2-core CI machine says nothing about speed.
set -u
top=${top_builddir:-.}
src=${top_srcdir:-.}
fail=0
check() {   # what, minimum RESULT lines, command...
    what=$1 want=$2
    shift 2
    log=$(mktemp)
    "$@" >"$log" 2>&1
    rc=$?
    got=$(grep -c "^RESULT " "$log")
    if [ $rc -ne 0 ] || [ "$got" -lt "$want" ]; then
        echo "FAIL: $what: exit $rc, $got RESULT lines (want $want)"
        tail -20 "$log"
        fail=1
    else
        echo "ok: $what ($got results)"
        grep "^RESULT " "$log" | head -3
    fi
    rm -f "$log"
}
export RO_TEST_TIMEOUT=120
check "ring_bench null" 2 timeout 120 "$top/tests/perf/ring_bench" null 200000 2000
check "put_latency, hydra, shm" 4 sh "$src/tests/run_pe.sh" hydra shm 2 "$top/tests/perf/put_latency" 500
check "put_latency, openmpi, tcp" 4 sh "$src/tests/run_pe.sh" openmpi tcp 2 "$top/tests/perf/put_latency" 200
exit $fail
