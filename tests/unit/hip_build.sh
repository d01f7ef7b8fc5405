#!/bin/sh
# The HIP target builds without a GPU: see gpu_build.sh.
exec sh "$(dirname "$0")/gpu_build.sh" hip
