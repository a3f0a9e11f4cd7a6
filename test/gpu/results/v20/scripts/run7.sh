#!/usr/bin/env bash
set -uo pipefail
cd "$(dirname "$0")/../final"
export TREE=$PWD PYTHONUNBUFFERED=1 CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
source "$TREE/../diag/runtime.sh"  # (this folder, gpu-ab/diag when it ran)
TESSERA_CACHE_DIR=$TREE/build/py-cache-final timeout 200 python3 test/gpu/check_backward.py --out $OUT/backward > $OUT/backward.txt 2>&1
echo "exit $?"; grep -E 'checks passed|^\| [0-9]' $OUT/backward.txt
