#!/bin/sh
# Functional suite under hydra over the tcp provider, at the PE counts of tests/func/PROGRAMS up to 4.
exec "$(dirname "$0")/matrix.sh" hydra tcp 4
