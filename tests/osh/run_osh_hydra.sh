#!/bin/sh
# The OpenSHMEM programs of tests/osh/PROGRAMS under hydra over the shm provider, at their
# PE counts up to 4.
exec "$(dirname "$0")/run_osh.sh" hydra shm 4
