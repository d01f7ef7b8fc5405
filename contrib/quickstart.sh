#!/bin/sh
# The first command of the README: install the dependencies, build, and run examples.
# Where `nvidia-smi -L` lists a GPU and the CUDA toolkit's nvcc is there (CUDA_HOME, default
# /usr/local/cuda), the build is a CUDA one and the 2-D halo exchange (contrib/examples/gpu/
# halo2d) runs on the GPU with 2 PEs; elsewhere ring_pass and halo2d run on 4 CPU-only PEs.
# Either way under MPICH's Hydra launcher, over libfabric's shm provider, on loopback.
set -eu
cd "$(dirname "$0")/.."
cuda=${CUDA_HOME:-/usr/local/cuda}
ngpu=$(nvidia-smi -L 2>/dev/null | grep -c '^GPU' || true)
if [ "${ngpu:-0}" -gt 0 ] && [ -x "$cuda/bin/nvcc" ]; then gpu=yes; else gpu=no; fi

if [ $gpu = yes ]; then
    # contrib/build.sh configures only a tree that has no Makefile: configure this one for
    # CUDA first (again, where an earlier run configured it without).
    ./contrib/debian-deps.sh
    [ -x configure ] || autoreconf -fi
    grep -q '^NVCC = .' Makefile 2>/dev/null || ./configure --with-cuda="$cuda"
fi
./contrib/build.sh

# Loopback only, and the shm provider: one node, no network needed.
export FI_TCP_IFACE=lo FI_SOCKETS_IFACE=lo ROCSHMEM_RO_IFACE=lo ROCSHMEM_RO_PROVIDER=${ROCSHMEM_RO_PROVIDER:-shm}
if [ $gpu = yes ]; then
    # PE k drives GPU k mod (GPUs). With one GPU the two PEs share it, which needs MPS to
    # run their kernels at once: start a daemon of our own, and stop it at the end.
    mps=no
    if [ "$ngpu" -lt 2 ] && command -v nvidia-cuda-mps-control >/dev/null; then
        export CUDA_MPS_PIPE_DIRECTORY=/tmp/ro_quickstart_mps CUDA_MPS_LOG_DIRECTORY=/tmp/ro_quickstart_mpslog
        mkdir -p "$CUDA_MPS_PIPE_DIRECTORY" "$CUDA_MPS_LOG_DIRECTORY"
        nvidia-cuda-mps-control -d && mps=yes
    fi
    trap '[ $mps = no ] || echo quit | nvidia-cuda-mps-control' EXIT
    echo "== running contrib/examples/gpu/halo2d on 2 PEs, $ngpu GPU(s) (provider $ROCSHMEM_RO_PROVIDER)"
    timeout 300 mpiexec.hydra -n 2 ./contrib/examples/gpu/halo2d
else
    echo "== running contrib/examples/ring_pass on 4 PEs (provider $ROCSHMEM_RO_PROVIDER)"
    timeout 120 mpiexec.hydra -n 4 ./contrib/examples/ring_pass
    echo "== running contrib/examples/halo2d on 4 PEs (provider $ROCSHMEM_RO_PROVIDER)"
    timeout 120 mpiexec.hydra -n 4 ./contrib/examples/halo2d
fi
