#!/bin/sh
# Short correctness run over sockets (slow on 2 cores: its threads compete with the PEs).
exec "$(dirname "$0")/matrix.sh" hydra sockets 2
