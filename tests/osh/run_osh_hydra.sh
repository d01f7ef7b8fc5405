#!/bin/sh
# The OpenSHMEM programs of tests/osh/PROGRAMS under hydra over the shm provider, at their
# PE counts up to 4 (tests/func/matrix.sh runs them).
RO_MATRIX_SUITE=osh exec "$(dirname "$0")/../func/matrix.sh" hydra shm 4
