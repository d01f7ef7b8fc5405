#!/bin/sh
# The second command of the README, and what CI runs: install the dependencies, build,
# run every test (unit tests, then the functional suite under Hydra and Open MPI over
# tcp, shm and sockets), print the tail of every test log and a closing "N passed, N failed".
set -eu
cd "$(dirname "$0")/.."
./contrib/build.sh
# Tests run one at a time: multi-PE runs already fill both cores.
rc=0
make check || rc=$?
for log in $(find tests -name '*.log' ! -name 'test-suite.log' | sort); do
    echo "== $log"
    tail -n 60 "$log"
done
pass=$(grep -h '^# PASS:' test-suite.log 2>/dev/null | awk '{s+=$3} END {print s+0}')
fail=$(grep -h -E '^# (FAIL|ERROR|XPASS):' test-suite.log 2>/dev/null | awk '{s+=$3} END {print s+0}')
skip=$(grep -h '^# SKIP:' test-suite.log 2>/dev/null | awk '{s+=$3} END {print s+0}')
[ -f test-suite.log ] || fail=1
echo "$pass passed, $fail failed, $skip skipped"
[ "$rc" -eq 0 ] && [ "$fail" -eq 0 ]
