#!/usr/bin/env bash
# v22 call 1: predicated vector accesses (no branch around a blocked tile's
# 16-byte loads and stores). A/B of the memory-bound ops' kernel times, old
# (gpu-ab/old: main 71c4d86) against new (gpu-ab/new), every bench shape; the
# new tree's checks (incl. the STRIDED tails) and its sweep of the norms.
set -uo pipefail
cd "$(dirname "$0")/../../../../.."   # gpu-ab/new
export TREE=$PWD PYTHONUNBUFFERED=1 CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
source "$TREE/test/gpu/results/v20/scripts/runtime.sh"
AB=$TREE/test/gpu/results/v22/scripts/ab.py
ab() {  # ab TREE LABEL [ops]
  (cd "$1" && PYTHONPATH=$1/python TESSERA_CACHE_DIR=$1/build/py-cache timeout "$4" python3 "$AB" "$2" ${3:-})
}
ab $TREE/../old old "" 110 > $OUT/ab-1-old.txt 2>&1; echo "ab old exit $?"
ab $TREE new "" 110 > $OUT/ab-1-new.txt 2>&1; echo "ab new exit $?"
ab $TREE/../old old rotary 40 > $OUT/ab-2-old.txt 2>&1
ab $TREE new rotary 40 > $OUT/ab-2-new.txt 2>&1
paste <(cat $OUT/ab-1-old.txt $OUT/ab-2-old.txt) <(cat $OUT/ab-1-new.txt $OUT/ab-2-new.txt) | awk '{printf "%-10s %-4s %-11s old %8s us new %8s us  %+.1f %%\n", $2, $3, $4, $5, $13, 100*($13-$5)/$5}'
export PYTHONPATH=$TREE/python TESSERA_CACHE_DIR=$TREE/build/py-cache
timeout 100 python3 test/gpu/check_membound.py --no-bench --out $OUT/checks > $OUT/checks.txt 2>&1
echo "checks exit $?"; grep -E "checks passed|FAIL|stride|Error|error" $OUT/checks.txt | head -20
timeout 170 python3 test/gpu/check_membound.py --sweep --ops layer_norm,rms_norm --budget 150 > $OUT/sweep.txt 2>&1
echo "sweep exit $?"; cat $OUT/sweep.txt | tail -45
