#!/bin/sh
# Installs what rocshmem_ro builds and tests with, from Debian 12's packages.
# Runs apt-get as root, or through sudo. Skips the install when everything is present.
# hipcc (clang-15, ROCm 5.2 headers and runtime) lets CI compile and link the HIP target;
# libopenmpi-dev, the optional MPI module (init over an MPI communicator) and its tests.
# `debian-deps.sh charts` installs instead what contrib/perftest/plot.py draws with.
set -eu
pkgs="libfabric-dev libfabric-bin libhwloc-dev hwloc-nox check pkg-config autoconf automake
libtool make gcc mpich openmpi-bin libopenmpi-dev libpmix-dev libpmi2-0-dev hipcc"
[ "${1:-}" != charts ] || pkgs="python3 python3-matplotlib"
missing=$(dpkg-query -W -f='${Package} ${Status}\n' $pkgs 2>/dev/null | grep -v 'install ok installed' | cut -d' ' -f1 || true)
# dpkg-query prints nothing at all for packages it has never heard of.
[ "$(dpkg-query -W -f='${Package}\n' $pkgs 2>/dev/null | wc -l)" -eq "$(echo $pkgs | wc -w)" ] || missing="$pkgs"
[ -n "$missing" ] || { echo "debian-deps: all packages present"; exit 0; }
sudo=""
[ "$(id -u)" -eq 0 ] || sudo=sudo
echo "debian-deps: installing $(echo $missing)"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends $missing
