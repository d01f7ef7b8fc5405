#!/bin/sh
# Functional suite under openmpi over the tcp provider, at the PE counts of tests/func/PROGRAMS up to 4.
exec "$(dirname "$0")/matrix.sh" openmpi tcp 4
