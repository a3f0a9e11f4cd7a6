#!/usr/bin/env bash
# Device call 2: backward A/B (HEAD vs register prefetch), sweep, decode check, host phases.
set -uo pipefail
cd "$(dirname "$0")/../final"
export TREE=$PWD PYTHONUNBUFFERED=1 CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
export TESSERA_DEPS_INCLUDE_DIR=$TREE/build/deps
source "$TREE/../diag/runtime.sh"  # (this folder, gpu-ab/diag when it ran)
for cache in py-cache py-cache-new; do
  TESSERA_CACHE_DIR=$TREE/build/$cache timeout 170 python3 test/gpu/check_backward.py --sweep --out $OUT/bwd-$cache > $OUT/bwd-$cache.txt 2>&1
  echo "backward $cache exit $?"
done
TESSERA_CACHE_DIR=$TREE/build/py-cache-new timeout 90 python3 test/gpu/check_decode.py --no-bench --out $OUT/decode > $OUT/decode.txt 2>&1; echo "decode exit $?"
TESSERA_CACHE_DIR=$TREE/build/py-cache-new timeout 60 python3 ../diag/host_phases.py > $OUT/host_phases.txt 2>&1; echo "host exit $?"
tail -3 $OUT/decode.txt
grep -E 'checks passed|^\| [0-9]' $OUT/bwd-*.txt | head -40
cat $OUT/host_phases.txt | head -30
