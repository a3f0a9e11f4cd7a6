#!/usr/bin/env bash
# v46 (branch v-ring-lag, 4dda9d2; not on main): V's ring released late in
# warp-specialized kernels (tilegpu.late_release), so FA2 D = 128 at
# BLOCK_N 160 and 176 gets the intra-warpgroup overlap that v45's wide
# blocks ran without. Tree gpu-ab/v46 (git-ignored): cfg/ = fa2 D = 128
# 128xBLOCK_N w8 s2 `_poP`/`_woP` causal and not at 160 and 176 (this
# branch; 176 spills 72-88 B) and 128 (main's binaries, v44: unchanged on
# this branch, all 112 shipped configs byte-identical); deps/.
# Call 1 prediction: every config correct at ragged N; racecheck and
# synccheck clean on 160 `_poP` (the two-stage V ring, its late release);
# no TIMEOUT (a wrong phase would hang: the watchdog reports it). 160 vs
# 128: +0-3 % at [2,16,8192,128] and [1,16,16384,128] (per-block costs over
# 1.25x the columns, V copied one iteration ahead instead of two), -3 to
# +1 % at [8,16,2048,128] (the ragged 13th block); 176 <= 160 (its spills).
set -uo pipefail
cd "$(dirname "$0")/../../../../.."   # the repository root on the device
T=${T:-gpu-ab/v46}
export PYTHONUNBUFFERED=1 CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
case ${1:?call} in
  1) mkdir -p build && rm -rf build/deps && cp -r $T/deps build/deps
     source test/gpu/results/v25/scripts/runtime.sh
     nvidia-smi --query-gpu=name,clocks_throttle_reasons.active --format=csv,noheader
     W=$OUT/call1; mkdir -p $W
     for c in 0 1; do
       flag=(); [ $c = 1 ] && flag=(--causal)
       timeout -k 5 120 $BENCH "${flag[@]}" $T/cfg/*_c${c}_*.json --shape 1,3,200,128 \
         --shape 1,2,1100,128 --shape 2,8,4096,128 --warmup 1 --iters 2 > $W/correct-c$c.txt 2>&1
       echo "correct c$c exit $? ($(grep -c '^  check:' $W/correct-c$c.txt) checks; exit 0: all passed)"
     done
     for tool in racecheck synccheck; do
       timeout -k 5 60 $CUDA_HOME/bin/compute-sanitizer --tool $tool --error-exitcode 9 \
         $BENCH $T/cfg/fa2_d128_m128_n160_w8_s2_c0_poP.json --shape 1,2,1100,128 \
         --warmup 0 --iters 1 > $W/$tool.txt 2>&1
       echo "$tool exit $?"; tail -1 $W/$tool.txt
     done
     for i in 1 2; do
       timeout -k 5 150 $BENCH --sweep $T/cfg/*_c0_*.json --shape 8,16,2048,128 \
         --shape 2,16,8192,128 --shape 1,16,16384,128 --warmup 5 --iters 30 \
         --check-rows 64 --csv $W/sweep-$i.csv > $W/sweep-$i.txt 2>&1
       echo "sweep $i exit $?"
     done
     timeout -k 5 100 $BENCH --sweep --causal $T/cfg/*_c1_*.json --shape 8,16,2048,128 \
       --shape 2,16,8192,128 --warmup 5 --iters 30 --check-rows 64 --csv $W/sweep-causal.csv \
       > $W/sweep-causal.txt 2>&1
     echo "sweep causal exit $?"
     python3 - $W/sweep-1.csv $W/sweep-2.csv $W/sweep-causal.csv <<'PY'
import csv, sys
for f in sys.argv[1:]:
    for r in csv.DictReader(open(f)):
        name = r['manifest'].split('/')[-1][:-5]
        print(f.split('/')[-1][6:-4], name.split('_')[3], name.split('_')[-1], r['B'], r['N'],
              r['status'], r['median_ms'], r['min_ms'], r['tflops'])
PY
     ;;
esac
