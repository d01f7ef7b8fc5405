#!/bin/sh
# The first command of the README: install the dependencies, build, and run the example
# with 4 CPU-only PEs under MPICH's Hydra launcher over libfabric's shm provider.
set -eu
cd "$(dirname "$0")/.."
./contrib/build.sh
# Loopback only, and the shm provider: one node, no network needed.
export FI_TCP_IFACE=lo FI_SOCKETS_IFACE=lo ROCSHMEM_RO_IFACE=lo ROCSHMEM_RO_PROVIDER=${ROCSHMEM_RO_PROVIDER:-shm}
echo "== running contrib/examples/ring_pass on 4 PEs (provider $ROCSHMEM_RO_PROVIDER)"
timeout 120 mpiexec.hydra -n 4 ./contrib/examples/ring_pass
