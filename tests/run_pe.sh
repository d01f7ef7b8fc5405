#!/bin/sh
# Runs one multi-PE program under a real launcher and libfabric provider, on loopback,
# bounded by a timeout. Exit 77 (skip) when the launcher is not installed.
# usage: run_pe.sh hydra|openmpi PROVIDER NPES PROGRAM [ARGS...]
# env:   RO_TEST_TIMEOUT (seconds, default 260: above the programs' own watchdogs);
#        extra ROCSHMEM_* variables pass through.
set -u
launcher=$1 provider=$2 npes=$3
shift 3

# Loopback only (TESTING.md): libfabric would otherwise pick eth0 first.
export FI_TCP_IFACE=lo FI_SOCKETS_IFACE=lo FI_UDP_IFACE=lo FI_NET_IFACE=lo
export OMPI_MCA_oob_tcp_if_include=lo OMPI_MCA_btl_tcp_if_include=lo
export ROCSHMEM_RO_IFACE=lo ROCSHMEM_RO_PROVIDER="$provider"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
limit=${RO_TEST_TIMEOUT:-260}

case $launcher in
hydra)
    cmd=${MPIEXEC_HYDRA:-$(command -v mpiexec.hydra)}
    [ -n "$cmd" ] && [ -x "$cmd" ] || { echo "skip: mpiexec.hydra not found"; exit 77; }
    exec timeout -k 5 "$limit" "$cmd" -n "$npes" "$@" ;;
openmpi)
    cmd=${MPIRUN_OPENMPI:-$(command -v mpirun.openmpi)}
    [ -n "$cmd" ] && [ -x "$cmd" ] || { echo "skip: mpirun.openmpi not found"; exit 77; }
    exec timeout -k 5 "$limit" "$cmd" --bind-to none -n "$npes" "$@" ;;
*)
    echo "run_pe.sh: unknown launcher '$launcher' (hydra or openmpi)" >&2
    exit 2 ;;
esac
