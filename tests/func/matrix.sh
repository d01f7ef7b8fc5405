#!/bin/sh
# Runs every program of a suite's PROGRAMS list (tests/func, or the folder RO_MATRIX_SUITE
# names under tests/: osh) under one launcher and provider, at the PE counts listed there,
# and prints one line per run. Fails if any run fails; skips (77) only when the launcher is
# missing.
# usage: [RO_MATRIX_SUITE=osh] matrix.sh hydra|openmpi PROVIDER [MAX_NPES]
set -u
launcher=$1 provider=$2 max_npes=${3:-4}
suite=${RO_MATRIX_SUITE:-func}
here=$(cd "$(dirname "$0")/../$suite" && pwd)
builddir=${top_builddir:-$here/../..}
run="$here/../run_pe.sh"
pass=0 fail=0 skip=0

while read -r prog npes_list; do
    case $prog in ''|'#'*) continue ;; esac
    for n in $npes_list; do
        [ "$n" -le "$max_npes" ] || continue
        log=$(mktemp)
        start=$(date +%s)
        # stdin from /dev/null: launchers forward stdin to rank 0, which would eat PROGRAMS.
        "$run" "$launcher" "$provider" "$n" "$builddir/tests/$suite/$prog" </dev/null >"$log" 2>&1
        rc=$? secs=$(( $(date +%s) - start ))
        case $rc in
        0)  pass=$((pass + 1)); echo "PASS $prog $launcher $provider ${n}pe ${secs}s" ;;
        77) skip=$((skip + 1)); echo "SKIP $prog $launcher $provider ${n}pe: $(tail -1 "$log")" ;;
        *)  fail=$((fail + 1)); echo "FAIL $prog $launcher $provider ${n}pe rc=$rc ${secs}s"
            sed 's/^/    /' "$log" | tail -40 ;;
        esac
        rm -f "$log"
    done
done < "$here/PROGRAMS"

echo "$suite $launcher/$provider: $pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ] || exit 1
[ "$pass" -gt 0 ] || exit 77
exit 0
