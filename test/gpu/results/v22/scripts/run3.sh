#!/usr/bin/env bash
# v22 call 3: run_all.sh on the final tree (gpu-ab/final: gpu-out from
# tools/compile-configs.sh + gemm, gpu-sem, build/py-cache, build/deps), then
# the softmax sweep with what time is left.
set -uo pipefail
cd "$(dirname "$0")/../../../../.."   # gpu-ab/final
export TREE=$PWD PYTHONUNBUFFERED=1 CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
OUT=$OUT/runall TIME_BUDGET=490 TESSERA_DEPS_INCLUDE_DIR=$TREE/build/deps \
  bash test/gpu/run_all.sh gpu-out > $OUT/runall.txt 2>&1
echo "run_all exit $?"; tail -60 $OUT/runall.txt
source "$TREE/test/gpu/results/v20/scripts/runtime.sh"
export PYTHONPATH=$TREE/python TESSERA_CACHE_DIR=$TREE/build/py-cache
timeout 60 python3 test/gpu/check_membound.py --sweep --ops softmax --budget 45 > $OUT/sweep-softmax.txt 2>&1
echo "sweep exit $?"; tail -30 $OUT/sweep-softmax.txt
