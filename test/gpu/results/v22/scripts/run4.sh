#!/usr/bin/env bash
# v22 call 4: the row ops at more warps and low register caps (explore2.py).
set -uo pipefail
cd "$(dirname "$0")/../../../../.."   # gpu-ab/final
export TREE=$PWD PYTHONUNBUFFERED=1 CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
export TESSERA_RUNTIME_LIB=$(find $TREE/build/gpu -name libtessera_runtime.so -print -quit)
[ -n "$TESSERA_RUNTIME_LIB" ] || source "$TREE/test/gpu/results/v20/scripts/runtime.sh"
export PYTHONPATH=$TREE/python TESSERA_CACHE_DIR=$TREE/build/py-cache
timeout 240 python3 test/gpu/results/v22/scripts/explore2.py 2>&1 | grep -v -i "warn" > $OUT/explore2.txt
echo "exit $?"; cat $OUT/explore2.txt
