#!/bin/sh
# Short correctness run over sockets (slow on 2 cores: its threads compete with the PEs),
# every operation through the proxy (as matrix_hydra_tcp.sh).
export ROCSHMEM_DISABLE_MIXED_IPC=1
exec "$(dirname "$0")/matrix.sh" hydra sockets 2
