#!/usr/bin/env bash
# v22 call 2 (exploration): copy bandwidth by size, LayerNorm two-pass vs
# shifted single-pass statistics (explore.py), the softmax sweep.
set -uo pipefail
cd "$(dirname "$0")/../../../../.."   # gpu-ab/new
export TREE=$PWD PYTHONUNBUFFERED=1 CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
source "$TREE/test/gpu/results/v20/scripts/runtime.sh"
export PYTHONPATH=$TREE/python TESSERA_CACHE_DIR=$TREE/build/py-cache
timeout 200 python3 test/gpu/results/v22/scripts/explore.py 2>&1 | grep -v -i warn > $OUT/explore.txt; echo "explore exit $?"; cat $OUT/explore.txt
timeout 130 python3 test/gpu/check_membound.py --sweep --ops softmax --budget 110 > $OUT/sweep-softmax.txt 2>&1
echo "sweep exit $?"; tail -30 $OUT/sweep-softmax.txt
