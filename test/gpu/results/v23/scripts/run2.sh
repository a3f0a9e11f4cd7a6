#!/usr/bin/env bash
# v23 call 2: check_membound.py --ops layer_norm,rms_norm with NORM_CONFIGS'
# two-row configs (LayerNorm 4096 and 8192, RMSNorm 6144): checks (ragged
# and strided rows included), GB/s against eager, torch.compile and copy.
set -uo pipefail
cd "$(dirname "$0")/../../../../.."   # gpu-ab/ln2
export TREE=$PWD PYTHONUNBUFFERED=1 CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
source "$TREE/test/gpu/results/v20/scripts/runtime.sh"
export PYTHONPATH=$TREE/python TESSERA_CACHE_DIR=$TREE/build/py-cache
timeout 330 python3 test/gpu/check_membound.py --ops layer_norm,rms_norm --out $OUT/membound > $OUT/membound-norms.txt 2>&1
echo "exit $?"; grep -E "checks passed|FAIL" $OUT/membound-norms.txt | head; cat $OUT/membound/membound.md
