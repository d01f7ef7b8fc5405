#!/bin/sh
# Functional suite under openmpi over the tcp provider, at the PE counts of tests/func/PROGRAMS
# up to 4, every operation through the proxy (as matrix_hydra_tcp.sh).
export ROCSHMEM_DISABLE_MIXED_IPC=1
exec "$(dirname "$0")/matrix.sh" openmpi tcp 4
