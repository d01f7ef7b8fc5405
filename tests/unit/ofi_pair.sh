#!/bin/sh
# Runs ofi_pair (two forked PEs over src/ofi) under each provider that works on loopback here:
# tcp (also spelled tcp;ofi_rxm, quick), shm, and sockets in quick mode (its threads make it
# ~4 ms per op on 2 vCPUs). One line per run at the end; exit 1 if any failed. Traffic stays
# on lo.
export FI_TCP_IFACE=lo FI_SOCKETS_IFACE=lo FI_UDP_IFACE=lo FI_NET_IFACE=lo
export OMPI_MCA_oob_tcp_if_include=lo OMPI_MCA_btl_tcp_if_include=lo
export ROCSHMEM_RO_IFACE=lo
# The provider is named on the command line; FI_PROVIDER would filter it out.
unset FI_PROVIDER

prog=${top_builddir:-.}/tests/unit/ofi_pair
if [ ! -x "$prog" ]; then
    echo "SKIP: $prog not built"
    exit 77
fi

status=0
summary=""
run() {
    label=$1
    shift
    echo "=== ofi_pair $*"
    start=$(date +%s)
    timeout 120 "$prog" "$@" 2>&1
    rc=$?
    secs=$(( $(date +%s) - start ))
    if [ $rc -eq 0 ]; then
        line="ofi_pair $label: PASS (${secs} s)"
    elif [ $rc -eq 124 ]; then
        line="ofi_pair $label: FAIL (timeout after 120 s)"
        status=1
    else
        line="ofi_pair $label: FAIL (exit $rc after ${secs} s)"
        status=1
    fi
    summary="$summary$line
"
}

run tcp tcp
run "tcp;ofi_rxm" -q "tcp;ofi_rxm"
run shm shm
run sockets -q sockets
printf '%s' "$summary"
exit $status
