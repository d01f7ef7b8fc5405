#!/bin/sh
# Functional suite under hydra over the tcp provider, 2 and 4 PEs.
exec "$(dirname "$0")/matrix.sh" hydra tcp 4
