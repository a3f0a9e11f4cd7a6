#!/usr/bin/env bash
# v21 call 3: host time of the C++ launch path, part by part (host_parts.py).
set -uo pipefail
cd "$(dirname "$0")/../../../../.."   # the tree copy (gpu-ab/final)
export TREE=$PWD PYTHONUNBUFFERED=1 CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
source "$TREE/test/gpu/results/v20/scripts/runtime.sh"
export TESSERA_CACHE_DIR=$TREE/build/py-cache TESSERA_TORCH_EXTENSION=1
timeout 300 python3 test/gpu/results/v21/scripts/host_parts.py > $OUT/host_parts.txt 2>&1
echo "exit $?"; cat $OUT/host_parts.txt | cut -c1-200 | head -70
