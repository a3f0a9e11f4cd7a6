#!/usr/bin/env bash
# v21 call 8: the final tree's correctness (check_launch.py, check_backward.py
# --no-bench) with dQ on the side stream.
set -uo pipefail
cd "$(dirname "$0")/../../../../.."   # the tree copy (gpu-ab/final)
export TREE=$PWD PYTHONUNBUFFERED=1 CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
source "$TREE/test/gpu/results/v20/scripts/runtime.sh"
export TESSERA_CACHE_DIR=$TREE/build/py-cache TESSERA_TORCH_EXTENSION=1
timeout 200 python3 test/gpu/check_launch.py > $OUT/launch.txt 2>&1
echo "check_launch exit $?"; grep -vE '^\[' $OUT/launch.txt | tail -12
timeout 200 python3 test/gpu/check_backward.py --no-bench --out $OUT/backward > $OUT/backward.txt 2>&1
echo "check_backward exit $?"; grep -E 'checks passed|FAIL' $OUT/backward.txt
timeout 200 compute-sanitizer --tool memcheck --error-exitcode 3 python3 test/gpu/results/v21/scripts/bwd_once.py > $OUT/memcheck-bwd.txt 2>&1
echo "memcheck exit $?"; tail -4 $OUT/memcheck-bwd.txt
