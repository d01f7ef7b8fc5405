#!/bin/sh
# The CUDA target builds without a GPU: see gpu_build.sh.
exec sh "$(dirname "$0")/gpu_build.sh" cuda
