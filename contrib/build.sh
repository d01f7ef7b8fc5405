#!/bin/sh
# Installs the dependencies (Debian) and builds in the source tree, configuring once.
set -eu
cd "$(dirname "$0")/.."
./contrib/debian-deps.sh
[ -x configure ] || autoreconf -fi
[ -f Makefile ] || ./configure
make -j"$(nproc)"
