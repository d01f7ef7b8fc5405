#!/bin/sh
# The OpenSHMEM programs of tests/osh/PROGRAMS under Open MPI's mpirun over the tcp
# provider, at their PE counts up to 4.
exec "$(dirname "$0")/run_osh.sh" openmpi tcp 4
