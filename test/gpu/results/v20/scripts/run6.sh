#!/usr/bin/env bash
set -uo pipefail
cd "$(dirname "$0")/../final"
export TREE=$PWD PYTHONUNBUFFERED=1 CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
source "$TREE/../diag/runtime.sh"  # (this folder, gpu-ab/diag when it ran)
TESSERA_CACHE_DIR=$TREE/build/py-cache-c64 timeout 120 python3 ../diag/causal64.py run > $OUT/causal64.txt 2>&1
echo "exit $?"; cat $OUT/causal64.txt
