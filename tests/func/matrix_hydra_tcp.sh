#!/bin/sh
# Functional suite under hydra over the tcp provider, at the PE counts of tests/func/PROGRAMS up
# to 4. Same-node PEs go through the proxy and libfabric here, not each other's mapped heaps:
# this is the run that covers the proxy path on every operation.
export ROCSHMEM_DISABLE_MIXED_IPC=1
# One operation may wait long here: func_scopes at 4 PEs runs 64-thread groups on each PE,
# over 250 threads on 2 cores, and every put through tcp needs the target's proxy thread
# to get a turn. A single put-with-signal has taken 80 s and completed (2026-12-07); the
# library's default bound (120 s) is for a dead peer, not for such a machine.
export ROCSHMEM_RO_TIMEOUT=${ROCSHMEM_RO_TIMEOUT:-200}
exec "$(dirname "$0")/matrix.sh" hydra tcp 4
