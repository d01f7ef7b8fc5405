#!/bin/sh
# Runs every libFuzzer target of a build for a bounded time each.
# usage: run_fuzzers.sh BUILDDIR SECONDS_EACH
# BUILDDIR is a build configured with --enable-fuzzers (CC=clang-15; CI adds
# --enable-sanitizers=address,undefined) after `make`. Each target runs on a temporary copy
# of its seed corpus (tests/fuzz/corpus/<target>; the source tree is never written) with
# -max_total_time=SECONDS_EACH, a per-input hang limit (-timeout) and a memory limit
# (-rss_limit_mb). One line per target:
#   fuzz <name>: N runs in S s (R exec/s), corpus C, result PASS|FAIL
# A failing target's crash artifact, its log and the command that replays it are printed
# and kept in a temporary folder. Exits 1 if any target failed, 77 if BUILDDIR has no fuzz
# targets (configured without --enable-fuzzers).
# Slow inputs (libFuzzer's slow-unit-* files, over 10 s) are listed but do not fail the
# run: every input takes well under a millisecond, and the one slow unit seen in long runs
# was a stall of the whole machine (two targets at the same second; it replays in 1 ms).
# Environment: FUZZ_TIMEOUT (s per input, default 25: far above any input's time, and above
# such stalls), FUZZ_RSS_MB (default 2048),
# FUZZ_TARGETS (names to run, default all), FUZZ_ARGS (more libFuzzer flags),
# FUZZ_KEEP=1 (keep the temporary folder, with each target's grown corpus and log, even
# when every target passed), RO_FUZZ_LOG=1 (show the library's log lines, silenced by
# default).
set -u
builddir=${1:?usage: run_fuzzers.sh BUILDDIR SECONDS_EACH}
seconds=${2:?usage: run_fuzzers.sh BUILDDIR SECONDS_EACH}
srcdir=$(cd "$(dirname "$0")" && pwd)
timeout_s=${FUZZ_TIMEOUT:-25}
rss_mb=${FUZZ_RSS_MB:-2048}
case $seconds in ''|*[!0-9]*) echo "run_fuzzers.sh: SECONDS_EACH must be a number"; exit 2 ;; esac

# Largest input per target: what its harness reads (see the comment atop each).
max_len() {
    case $1 in
    fuzz_proxy_desc) echo 4104 ;;   # 8-byte header + 64 descriptors
    fuzz_pmi1_wire) echo 4100 ;;    # mode + 3 session bytes + 4096 bytes of replies
    *) echo 4096 ;;
    esac
}

targets=
for t in ${FUZZ_TARGETS:-$(cd "$builddir/tests/fuzz" 2>/dev/null && ls fuzz_* 2>/dev/null)}; do
    case $t in *.o|*.c|*.h) continue ;; esac
    [ -x "$builddir/tests/fuzz/$t" ] && [ -f "$builddir/tests/fuzz/$t" ] && targets="$targets $t"
done
if [ -z "$targets" ]; then
    echo "skip: no fuzz targets in $builddir/tests/fuzz (configure CC=clang-15 --enable-fuzzers)"
    exit 77
fi

: "${UBSAN_OPTIONS:=print_stacktrace=1:halt_on_error=1}"
export UBSAN_OPTIONS
work=$(mktemp -d "${TMPDIR:-/tmp}/ro_fuzz.XXXXXX") || exit 1
failed=0
for t in $targets; do
    corpus=$work/$t.corpus
    art=$work/$t.artifacts
    log=$work/$t.log
    mkdir -p "$corpus" "$art"
    [ -d "$srcdir/corpus/$t" ] && cp "$srcdir/corpus/$t"/* "$corpus"/ 2>/dev/null
    start=$(date +%s)
    "$builddir/tests/fuzz/$t" -max_total_time="$seconds" -timeout="$timeout_s" \
        -rss_limit_mb="$rss_mb" -max_len="$(max_len "$t")" -print_final_stats=1 \
        -artifact_prefix="$art/" ${FUZZ_ARGS:-} "$corpus" >"$log" 2>&1
    rc=$?
    secs=$(( $(date +%s) - start ))
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
    size=$(ls "$corpus" | wc -l)
    crash=$(ls "$art" 2>/dev/null | grep -v '^slow-unit-' | head -1)
    slow=$(ls "$art" 2>/dev/null | grep '^slow-unit-' | head -1)
    if [ "$rc" -eq 0 ] && [ -z "$crash" ]; then
        result=PASS
    else
        result=FAIL
        failed=$((failed + 1))
    fi
    echo "fuzz $t: ${runs:-?} runs in $secs s (${rate:-?} exec/s), corpus $size, result $result"
    if [ -n "$slow" ]; then
        echo "    note: an input took $(sed -n 's/^stat::slowest_unit_time_sec: *//p' "$log" | tail -1) s;" \
             "replay: $builddir/tests/fuzz/$t $art/$slow (kept)"
        keep_work=1
    fi
    if [ "$result" = FAIL ]; then
        echo "    exit status $rc; log: $log"
        if [ -n "$crash" ]; then
            echo "    artifact: $art/$crash"
            echo "    reproduce: $builddir/tests/fuzz/$t $art/$crash"
        fi
        grep -E 'ERROR|SUMMARY|fuzz check failed|fuzz_proxy_desc:|runtime error|deadly signal|timeout|out-of-memory' "$log" | head -20 | sed 's/^/    /'
        tail -30 "$log" | sed 's/^/    | /'
    fi
done
if [ "$failed" -ne 0 ]; then
    echo "FAIL: $failed fuzz target(s) failed; artifacts and logs kept in $work"
    exit 1
fi
if [ -n "${FUZZ_KEEP:-}${keep_work:-}" ]; then
    echo "corpora and logs kept in $work"
else
    rm -rf "$work"
fi
exit 0
