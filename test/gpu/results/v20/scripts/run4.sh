#!/usr/bin/env bash
# Device call 4: the backward with the tuned PREFETCH configs (checks, bench, sweep),
# memcheck of the prefetching dK/dV, the LayerNorm config sweep with 80-register caps.
set -uo pipefail
cd "$(dirname "$0")/../final"
export TREE=$PWD PYTHONUNBUFFERED=1 CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
export PATH=$CUDA_HOME/bin:$PATH
source "$TREE/../diag/runtime.sh"  # (this folder, gpu-ab/diag when it ran)
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv > $OUT/gpu.txt 2>&1
TESSERA_CACHE_DIR=$TREE/build/py-cache-new timeout 300 python3 test/gpu/check_backward.py --sweep --out $OUT/backward > $OUT/backward.txt 2>&1
echo "backward exit $?"
TESSERA_CACHE_DIR=$TREE/build/py-cache-new timeout 150 compute-sanitizer --tool memcheck --error-exitcode 3 python3 ../diag/bwd_once.py > $OUT/memcheck-bwd.txt 2>&1
echo "memcheck exit $?"
TESSERA_CACHE_DIR=$TREE/build/py-cache-ln timeout 150 python3 test/gpu/check_membound.py --sweep --ops layer_norm --budget 120 > $OUT/ln-sweep.txt 2>&1
echo "ln sweep exit $?"
tail -4 $OUT/memcheck-bwd.txt
grep -E 'checks passed|^\| [0-9]' $OUT/backward.txt
grep -E 'dkdv' $OUT/backward.txt | sort -t'|' -k3,3 -k4,4 -k7,7nr | head -40
cat $OUT/ln-sweep.txt
