#!/bin/sh
# The OpenSHMEM programs of tests/osh/PROGRAMS under Open MPI's mpirun over the tcp
# provider, at their PE counts up to 4 (tests/func/matrix.sh runs them), every operation
# through the proxy (run_osh_hydra.sh covers same-node PEs' mapped heaps).
export ROCSHMEM_DISABLE_MIXED_IPC=1
RO_MATRIX_SUITE=osh exec "$(dirname "$0")/../func/matrix.sh" openmpi tcp 4
