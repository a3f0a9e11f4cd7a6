#!/usr/bin/env bash
# v45: BLOCK_N beyond powers of two for FA2 D = 128 (issue 12's capability 4;
# FlashAttention-3 takes 128x176 at D = 128), on tree gpu-ab/v45 (git-ignored):
# cfg/ = fa2 D = 128 128xBLOCK_N w8 s2 non-causal `_poP` and `_woP` at
# BLOCK_N 128 (v44's binaries), 160, 176 and 192, compiled by main c36ef03's
# compiler (168 registers at launch, no spills); deps/.
# Call 1 prediction: every config correct at ragged N (TMA's out-of-bounds
# fill and the last block's mask at N not a multiple of BLOCK_N); at
# [2,16,8192,128] and [1,16,16384,128] 176 beats 128 by 2-5 % (the per-block
# costs: row max/sum shuffles, O's rescale, the barriers, over 1.375x the
# columns); at [8,16,2048,128] within +-2 % (the ragged last block wastes
# 1/3 of a block a program at 176 and 192).
set -uo pipefail
cd "$(dirname "$0")/../../../../.."   # the repository root on the device
T=${T:-gpu-ab/v45}
export PYTHONUNBUFFERED=1 CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
case ${1:?call} in
  1) mkdir -p build && rm -rf build/deps && cp -r $T/deps build/deps
     source test/gpu/results/v25/scripts/runtime.sh
     nvidia-smi --query-gpu=name,clocks_throttle_reasons.active --format=csv,noheader
     W=$OUT/call1; mkdir -p $W
     timeout -k 5 90 $BENCH $T/cfg/*.json --shape 1,3,200,128 --shape 1,2,1100,128 \
       --shape 2,8,4096,128 --warmup 1 --iters 2 > $W/correct.txt 2>&1
     echo "correct exit $? ($(grep -c '^  check:' $W/correct.txt) checks; exit 0: every one passed)"
     for i in 1 2; do
       timeout -k 5 120 $BENCH --sweep $T/cfg/*.json --shape 8,16,2048,128 \
         --shape 2,16,8192,128 --shape 1,16,16384,128 --warmup 5 --iters 30 \
         --check-rows 64 --csv $W/sweep-$i.csv > $W/sweep-$i.txt 2>&1
       echo "sweep $i exit $?"
     done
     python3 - $W/sweep-1.csv $W/sweep-2.csv <<'PY'
import csv, sys
for f in sys.argv[1:]:
    for r in csv.DictReader(open(f)):
        name = r['manifest'].split('/')[-1][:-5]
        print(f[-5], name.split('_')[3], name.split('_')[-1], r['B'], r['N'], r['status'],
              r['median_ms'], r['min_ms'], r['tflops'])
PY
     ;;
esac
