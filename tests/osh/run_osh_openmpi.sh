#!/bin/sh
# The OpenSHMEM programs of tests/osh/PROGRAMS under Open MPI's mpirun over the tcp
# provider, at their PE counts up to 4 (tests/func/matrix.sh runs them).
RO_MATRIX_SUITE=osh exec "$(dirname "$0")/../func/matrix.sh" openmpi tcp 4
