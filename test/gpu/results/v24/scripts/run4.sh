#!/usr/bin/env bash
# v24 call 4: check_membound.py on the row ops with NORM_CONFIGS' new 5120
# tile (softmax 1 row 4 warps cap 72, LayerNorm 2 rows 10 warps, RMSNorm 1
# row 4 warps cap 80): every check against fp64 (ragged and strided rows
# too), GB/s against eager, torch.compile and the copy bandwidth.
set -uo pipefail
cd "$(dirname "$0")/../../../../.."   # the tree copy
export PYTHONUNBUFFERED=1 CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
source test/gpu/results/v24/scripts/runtime.sh
TESSERA_CACHE_DIR=$PWD/build/py-cache PYTHONPATH=$PWD/python timeout -k 5 400 python3 \
  test/gpu/check_membound.py --ops softmax,layer_norm,rms_norm --out $OUT > $OUT/membound.txt 2>&1
echo "membound exit $?"; grep "5000\|checks passed" $OUT/membound.txt
