#!/bin/sh
# Functional suite under openmpi over the shm provider, 2 and 4 PEs.
exec "$(dirname "$0")/matrix.sh" openmpi shm 4
