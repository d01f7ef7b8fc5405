#!/bin/sh
# Functional suite under hydra over the shm provider, at the PE counts of tests/func/PROGRAMS up to 4.
exec "$(dirname "$0")/matrix.sh" hydra shm 4
