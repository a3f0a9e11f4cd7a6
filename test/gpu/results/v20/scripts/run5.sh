#!/usr/bin/env bash
# Device call 5: LayerNorm with the v20 configs (checks, GB/s against eager and torch.compile), and its sweep.
set -uo pipefail
cd "$(dirname "$0")/../final"
export TREE=$PWD PYTHONUNBUFFERED=1 CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
source "$TREE/../diag/runtime.sh"  # (this folder, gpu-ab/diag when it ran)
TESSERA_CACHE_DIR=$TREE/build/py-cache-ln STEP_LIMIT=200 timeout 220 python3 test/gpu/check_membound.py --ops layer_norm --out $OUT/membound > $OUT/membound-layernorm.txt 2>&1
echo "membound exit $?"
TESSERA_CACHE_DIR=$TREE/build/py-cache-ln timeout 150 python3 test/gpu/check_membound.py --sweep --ops layer_norm --budget 120 > $OUT/ln-sweep.txt 2>&1
echo "sweep exit $?"
cat $OUT/membound/membound.md 2>/dev/null || tail -30 $OUT/membound-layernorm.txt
cat $OUT/ln-sweep.txt
