#!/usr/bin/env bash
# v22 call 7 (review): check_membound.py's checks (no bench) after the review
# refactor (inline-PTX helpers shared; the kernels' PTX is byte-identical to
# call 6's; row_args shared by the strided checks and the sweep).
set -uo pipefail
cd "$(dirname "$0")/../../../../.."
export TREE=$PWD PYTHONUNBUFFERED=1 CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
source "$TREE/test/gpu/results/v20/scripts/runtime.sh"
export PYTHONPATH=$TREE/python TESSERA_CACHE_DIR=$TREE/build/py-cache
timeout 120 python3 test/gpu/check_membound.py --no-bench --out $OUT/checks > $OUT/checks.txt 2>&1
echo "exit $?"; grep -E "checks passed|FAIL|Error" $OUT/checks.txt
