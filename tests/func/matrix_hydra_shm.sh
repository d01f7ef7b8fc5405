#!/bin/sh
# Functional suite under hydra over the shm provider, 2 and 4 PEs.
exec "$(dirname "$0")/matrix.sh" hydra shm 4
