#!/bin/sh
# Functional suite under hydra over the tcp provider, at the PE counts of tests/func/PROGRAMS up
# to 4. Same-node PEs go through the proxy and libfabric here, not each other's mapped heaps:
# this is the run that covers the proxy path on every operation.
export ROCSHMEM_DISABLE_MIXED_IPC=1
exec "$(dirname "$0")/matrix.sh" hydra tcp 4
