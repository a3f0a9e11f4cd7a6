#!/usr/bin/env bash
# v21 call 6: causal64.py run (the causal D=64 kernels alone over more configs).
set -uo pipefail
cd "$(dirname "$0")/../../../../.."   # the tree copy (gpu-ab/final)
export TREE=$PWD PYTHONUNBUFFERED=1 CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
source "$TREE/test/gpu/results/v20/scripts/runtime.sh"
export TESSERA_CACHE_DIR=$TREE/build/py-cache
timeout 200 python3 test/gpu/results/v21/scripts/causal64.py run > $OUT/causal64.txt 2>&1
echo "exit $?"; cat $OUT/causal64.txt
