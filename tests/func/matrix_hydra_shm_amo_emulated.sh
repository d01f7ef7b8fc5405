#!/bin/sh
# Every program again with all atomics emulated by compare-and-swap (shm, 2 PEs): the
# path a provider without native atomics takes. Through the proxy: same-node PEs would
# otherwise use CPU atomics on each other's mapped heaps and never reach the emulation.
export ROCSHMEM_RO_AMO_EMULATE=1 ROCSHMEM_DISABLE_MIXED_IPC=1
exec "$(dirname "$0")/matrix.sh" hydra shm 2
