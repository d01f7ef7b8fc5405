#!/bin/sh
# Every program again with all atomics emulated by compare-and-swap (shm, 2 PEs): the
# path a provider without native atomics takes.
export ROCSHMEM_RO_AMO_EMULATE=1
exec "$(dirname "$0")/matrix.sh" hydra shm 2
