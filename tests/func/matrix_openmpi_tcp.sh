#!/bin/sh
# Functional suite under openmpi over the tcp provider, 2 and 4 PEs.
exec "$(dirname "$0")/matrix.sh" openmpi tcp 4
