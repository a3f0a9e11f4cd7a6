#!/usr/bin/env bash
# v22 call 6: softmax with the warps along the rows at 1024 columns and below
# (gpu-ab/v): check_membound.py --ops softmax (checks incl. ragged and strided
# rows, GB/s against eager, torch.compile and the copy bandwidth).
set -uo pipefail
cd "$(dirname "$0")/../../../../.."   # gpu-ab/v
export TREE=$PWD PYTHONUNBUFFERED=1 CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
source "$TREE/test/gpu/results/v20/scripts/runtime.sh"
export PYTHONPATH=$TREE/python TESSERA_CACHE_DIR=$TREE/build/py-cache
timeout 200 python3 test/gpu/check_membound.py --ops softmax --out $OUT/membound > $OUT/membound-softmax.txt 2>&1
echo "exit $?"; cat $OUT/membound/membound.md
