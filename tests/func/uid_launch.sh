#!/bin/sh
# Init without a launcher: func_uid started N times with plain & (rank 0 makes the unique
# id and writes it to a file, the others read it there), N = 1, 2 and 4 over shm and 2
# over tcp, every exit status checked; then the failures of the rendezvous, each of which
# must end nonzero well before its timeout, with the message that names the cause: a
# wrong secret (and the server still completes with the real rank), a rank out of range
# (refused by rocshmem_set_attr_uniqueid_args, and by rocshmem_init_attr for an attr filled
# by hand), a duplicate rank (refused while the server waits; the server then names the
# rank that never came), an nranks mismatch, a uid naming a port where nothing listens, a
# listener that never serves, and rocshmem_global_exit reaching every rank through the
# server. Loopback only. No process outlives the script.
set -u
here=$(cd "$(dirname "$0")" && pwd)
builddir=${top_builddir:-$here/../..}
prog="$builddir/tests/func/func_uid"
[ -x "$prog" ] || { echo "skip: $prog not built"; exit 77; }

# Loopback only (TESTING.md), and as if started by hand: no launcher variables.
export FI_TCP_IFACE=lo FI_SOCKETS_IFACE=lo FI_UDP_IFACE=lo FI_NET_IFACE=lo
export OMPI_MCA_oob_tcp_if_include=lo OMPI_MCA_btl_tcp_if_include=lo
export ROCSHMEM_RO_IFACE=lo ROCSHMEM_BOOTSTRAP_IFACE=lo
unset PMI_FD PMI_PORT PMI_ID PMI_RANK PMI_SIZE PMIX_RANK PMIX_NAMESPACE SLURM_MPI_TYPE \
      ROCSHMEM_BOOTSTRAP ROCSHMEM_RO_TIMEOUT ROCSHMEM_RO_TRANSPORT

work=$(mktemp -d)
all_pids=""
# Each process runs under timeout, which leads a process group of its own: ending that
# group ends the program with it.
cleanup() {
    for p in $all_pids; do
        kill -KILL "-$p" 2>/dev/null
    done
    rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 1' INT TERM
fail=0
ok_limit=90    # a good run: generous on a loaded 2-core machine
err_limit=30   # a failure case: ROCSHMEM_RO_TIMEOUT=5 plus slack; 124/137 means a hang

# start NAME LIMIT ARGS...: runs func_uid ARGS in the background, output in $work/NAME.log,
# its pid in $work/NAME.pid.
start() {
    name=$1 limit=$2
    shift 2
    timeout -k 2 "$limit" "$prog" "$@" </dev/null >"$work/$name.log" 2>&1 &
    echo $! >"$work/$name.pid"
    all_pids="$all_pids $!"
}

# finish NAME: waits for NAME; its exit status in $rc.
finish() {
    wait "$(cat "$work/$1.pid")"
    rc=$?
}

# Waits (bounded) for a file that rank 0 writes.
await_file() {
    i=0
    while [ ! -s "$1" ] && [ $i -lt 300 ]; do sleep 0.1; i=$((i + 1)); done
    [ -s "$1" ]
}

# check WHAT NAME WANT STATUS [MSG...]: WANT is 0, nonzero or a status; each MSG must be in
# NAME's log ("!MSG": must not be). Returns nonzero (and sets fail) on a mismatch.
check() {
    what=$1 name=$2 want=$3 got=$4 cbad=0
    shift 4
    case $want:$got in
    *:124|*:137) echo "FAIL $what: $name timed out (status $got): a hang"; cbad=1 ;;
    0:0|nonzero:[1-9]*) ;;
    nonzero:0) echo "FAIL $what: $name exited 0, expected a failure"; cbad=1 ;;
    *) [ "$want" = "$got" ] || { echo "FAIL $what: $name exited $got, expected $want"; cbad=1; } ;;
    esac
    for msg in "$@"; do
        case $msg in
        "!"*) ! grep -qF -- "${msg#?}" "$work/$name.log" ||
                { echo "FAIL $what: $name printed \"${msg#?}\""; cbad=1; } ;;
        *) grep -qF -- "$msg" "$work/$name.log" ||
                { echo "FAIL $what: no \"$msg\" from $name"; cbad=1; } ;;
        esac
    done
    if [ $cbad -ne 0 ]; then
        fail=1
        echo "    --- $name (exit status $got):"
        sed 's/^/    /' "$work/$name.log" | tail -25
    fi
    return $cbad
}

# A good job of N processes over PROVIDER: every one exits 0, rank 0 prints PASS.
good() {
    prov=$1 n=$2 file="$work/good-$1-$2.uid" bad=0
    export ROCSHMEM_RO_PROVIDER="$prov"
    for r in $(seq 0 $((n - 1))); do
        start "g$prov$n.$r" $ok_limit "$r" "$n" "$file"
    done
    for r in $(seq 0 $((n - 1))); do
        finish "g$prov$n.$r"
        check "$prov, $n PEs" "g$prov$n.$r" 0 $rc "!FAIL" || bad=1
    done
    check "$prov, $n PEs" "g${prov}${n}.0" 0 0 "func_uid: PASS on $n PEs" || bad=1
    [ $bad -eq 0 ] && echo "PASS $n PEs over $prov, started by hand"
}

good shm 1
good shm 2
good shm 4
good tcp 2
# Bad input before init, refused with a message each (every rank checks it; one log here).
# ROCSHMEM_INIT_WITH_MPI_COMM in a program that has not started MPI: refused by the MPI
# module ("MPI is not initialized"), or, in a build without it, for want of the module.
check "bad input messages" gshm1.0 0 0 "rocshmem_get_uniqueid: uid is NULL" \
    "rocshmem_set_attr_uniqueid_args: uid is NULL" "rocshmem_set_attr_uniqueid_args: attr is NULL" \
    "rocshmem_set_attr_uniqueid_args: rank -1 is outside 0..0 (nranks 1)" \
    "rocshmem_set_attr_uniqueid_args: nranks 0: must be at least 1" \
    "rocshmem_init_attr: attr is NULL" "rocshmem_init_attr: flags 7 is neither" \
    "ROCSHMEM_INIT_WITH_MPI_COMM" \
    "rocshmem_init_attr: already initialized" && echo "PASS bad input messages"

export ROCSHMEM_RO_PROVIDER=shm ROCSHMEM_RO_TIMEOUT=5

# The failures that wait for the timeout run at once (they mostly sleep).
# Duplicate rank: two processes given rank 1 of 3; rank 2 never comes.
start dup.0 $err_limit 0 3 "$work/dup.uid"
start dup.1a $err_limit 1 3 "$work/dup.uid"
start dup.1b $err_limit 1 3 "$work/dup.uid"
# nranks mismatch: the server serves 2, the client says 3.
start nr.0 $err_limit 0 2 "$work/nr.uid"
start nr.1 $err_limit 1 3 "$work/nr.uid"
# Nothing listens where the id points: its maker exits right away.
start gone.0 $err_limit 0 2 "$work/gone.uid" --uid-only
if await_file "$work/gone.uid"; then
    finish gone.0
    start gone.1 $err_limit 1 2 "$work/gone.uid"
fi
# A listener that never serves: its maker sleeps instead of calling rocshmem_init_attr.
start hang.0 $err_limit 0 2 "$work/hang.uid" --uid-hang
await_file "$work/hang.uid" && start hang.1 $err_limit 1 2 "$work/hang.uid"

finish dup.0; rc_dup0=$rc
finish dup.1a; rc_dup1a=$rc
finish dup.1b; rc_dup1b=$rc
# Which of the two is refused depends on who connects first.
if grep -qF "duplicate rank" "$work/dup.1a.log"; then
    refused=dup.1a rc_refused=$rc_dup1a joined=dup.1b rc_joined=$rc_dup1b
else
    refused=dup.1b rc_refused=$rc_dup1b joined=dup.1a rc_joined=$rc_dup1a
fi
bad=0
check "duplicate rank" $refused nonzero "$rc_refused" \
    "refused rank 1: duplicate rank: rank 1 has already joined (two processes were given rank 1)" || bad=1
check "duplicate rank" dup.0 nonzero "$rc_dup0" "refused rank 1 of nranks 3: duplicate rank" \
    "ranks 2 (1 of 3) did not join within 5 s" || bad=1
check "duplicate rank" $joined nonzero "$rc_joined" "rank 0 ended the job (exit code 1)" \
    "ranks 2 (1 of 3) did not join within 5 s" || bad=1
[ $bad -eq 0 ] && echo "PASS duplicate rank (and the server's timeout naming the missing rank)"

bad=0
finish nr.1
check "nranks mismatch" nr.1 nonzero $rc \
    "refused rank 1: nranks mismatch: this rank was given nranks 3, the rendezvous serves nranks 2" || bad=1
finish nr.0
check "nranks mismatch" nr.0 nonzero $rc "ranks 1 (1 of 2) did not join within 5 s" || bad=1
[ $bad -eq 0 ] && echo "PASS nranks mismatch"

if [ -f "$work/gone.1.pid" ]; then
    finish gone.1
    check "nothing listening" gone.1 nonzero $rc "nothing answered within 5 s" \
        "last connect error: Connection refused" && echo "PASS nothing listening at the id's port"
else
    echo "FAIL nothing listening: func_uid --uid-only did not write its id"; fail=1
fi
if [ -f "$work/hang.1.pid" ]; then
    finish hang.1
    check "listener never serves" hang.1 nonzero $rc \
        "accepted the connection but did not answer within 5 s" && echo "PASS listener never serves"
else
    echo "FAIL listener never serves: func_uid --uid-hang did not write its id"; fail=1
fi
kill -KILL "-$(cat "$work/hang.0.pid")" 2>/dev/null

# Wrong secret: a copy of the id with one hex digit of the secret (bytes 28..59) changed.
# The impostor is refused and fails; the server keeps waiting, and the real rank 1 then
# completes the job.
export ROCSHMEM_RO_TIMEOUT=20
start sec.0 $ok_limit 0 2 "$work/sec.uid"
if await_file "$work/sec.uid"; then
    hex=$(cat "$work/sec.uid")
    digit=$(printf %s "$hex" | cut -c57)
    [ "$digit" = 0 ] && new=1 || new=0
    printf '%s%s%s\n' "$(printf %s "$hex" | cut -c1-56)" "$new" "$(printf %s "$hex" | cut -c58-)" \
        >"$work/sec-bad.uid"
    start sec.bad $err_limit 1 2 "$work/sec-bad.uid"
    finish sec.bad; rc_bad=$rc
    start sec.1 $ok_limit 1 2 "$work/sec.uid"
    bad=0
    check "wrong secret" sec.bad nonzero $rc_bad "refused rank 1: bad secret" || bad=1
    finish sec.1
    check "wrong secret" sec.1 0 $rc "!FAIL" || bad=1
    finish sec.0
    check "wrong secret" sec.0 0 $rc "refused a connection: bad secret" \
        "func_uid: PASS on 2 PEs" || bad=1
    [ $bad -eq 0 ] && echo "PASS wrong secret (refused; the job went on with the real rank)"
else
    echo "FAIL wrong secret: rank 0 did not write its id"; fail=1
fi

# Rank out of range: refused before any connection, by set_attr and by init_attr.
export ROCSHMEM_RO_TIMEOUT=5
start range.a $err_limit 5 2 "$work/sec.uid"
finish range.a
check "rank out of range" range.a nonzero $rc \
    "rocshmem_set_attr_uniqueid_args: rank 5 is outside 0..1 (nranks 2)" &&
    echo "PASS rank out of range (rocshmem_set_attr_uniqueid_args)"
start range.b $err_limit 5 2 "$work/sec.uid" --raw-attr
finish range.b
check "rank out of range" range.b nonzero $rc \
    "rocshmem_init_attr: rank 5 is outside 0..1 (nranks 2)" &&
    echo "PASS rank out of range (rocshmem_init_attr)"

# rocshmem_global_exit(3) on rank 1 ends ranks 0 and 2, waiting in a bootstrap barrier
# (the null transport's barrier_all), through the server.
export ROCSHMEM_RO_TRANSPORT=null
for r in 0 1 2; do start gx.$r $err_limit $r 3 "$work/gx.uid" --global-exit; done
bad=0
for r in 0 1 2; do
    finish gx.$r
    if [ $r = 1 ]; then
        check "global_exit" gx.1 3 $rc "rocshmem_global_exit(3) called on PE 1" || bad=1
    else
        check "global_exit" gx.$r 3 $rc "rank 1 ended the job (exit code 3)" || bad=1
    fi
done
[ $bad -eq 0 ] && echo "PASS rocshmem_global_exit(3) ends every rank with status 3"

exit $fail
