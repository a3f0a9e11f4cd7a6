#!/usr/bin/env bash
# v43: the calls of this version, on tree gpu-ab/v43 (git-ignored): all/ =
# tools/compile-configs.sh's 110 configs with 16-bit mma tiles stored as
# whole 16-byte fragment rows (every FA2/FA1 Out store's in-bounds copy);
# old = gpu-ab/v42/new (the drains' version: `_poP`/`_woP` unchanged since but
# for the store); gemm/ = kernels/gemm.tile 128x256 w8 specialized
# persistent before (v42) and after; sem/ = semantics.sh prepare.
# Call 1 prediction: every config correct against fp64 (ragged and full),
# memcheck/racecheck clean on `_poP` (the new stores' addresses), semantics
# passes; `_poP`/`_woP` new/old +1-3 % at [8,16,2048,128] (the epilogue's
# stores, ~6 % of the stall samples, now a quarter of the instructions and
# whole sectors), +0-1 % at 8192; GEMM 4096^3 +0-2 %.
set -uo pipefail
cd "$(dirname "$0")/../../../../.."   # the repository root on the device
T=gpu-ab/v43
export PYTHONUNBUFFERED=1 CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
log() { echo "[$(date -u +%T) +${SECONDS}s] $*"; }
case ${1:?call} in
  1) mkdir -p build && rm -rf build/deps && cp -r $T/deps build/deps
     source test/gpu/results/v25/scripts/runtime.sh
     nvidia-smi --query-gpu=name --format=csv,noheader; log "runtime built"
     W=$OUT/call1; mkdir -p $W
     for c in 0 1; do
       flag=(); [ $c = 1 ] && flag=(--causal)
       for k in fa2_d128 fa2_d64 fa1_d64; do
         timeout -k 5 60 $BENCH "${flag[@]}" $T/all/${k}_*_c${c}*.json \
           --shape 1,3,200,${k#*_d} --shape 1,2,1100,${k#*_d} --shape 2,8,4096,${k#*_d} \
           --warmup 1 --iters 2 > $W/correct-$k-c$c.txt 2>&1
         log "correct $k c$c exit $? ($(grep -c '^  check:' $W/correct-$k-c$c.txt) checks)"
       done
     done
     N=$T/all/fa2_d128_m128_n128_w8_s2 O=$T/old/fa2_d128_m128_n128_w8_s2
     for tool in memcheck racecheck; do
       timeout -k 5 50 $CUDA_HOME/bin/compute-sanitizer --tool $tool --error-exitcode 9 \
         $BENCH ${N}_c0_poP.json --shape 1,2,1100,128 --warmup 0 --iters 1 > $W/$tool.txt 2>&1
       log "$tool exit $?"; tail -1 $W/$tool.txt
     done
     for c in 0 1; do
       flag=(); [ $c = 1 ] && flag=(--causal)
       timeout -k 5 80 $BENCH --sweep "${flag[@]}" ${O}_c${c}_poP.json ${N}_c${c}_poP.json \
         ${N}_c${c}_woP.json ${O}_c${c}_woP.json \
         --shape 16,16,1024,128 --shape 8,16,2048,128 --shape 2,16,8192,128 \
         --warmup 5 --iters 30 --check-rows 128 --csv $W/ab-c$c.csv > $W/ab-c$c.txt 2>&1
       log "ab c$c exit $?"
     done
     python3 - $W/ab-c0.csv $W/ab-c1.csv <<'PY'
import csv, sys
for f in sys.argv[1:]:
    for r in csv.DictReader(open(f)):
        print(r['manifest'].split('/')[-2], r['manifest'].split('_')[-1][:-5], r['B'], r['N'],
              r['causal'], r['status'], r['median_ms'], r['min_ms'], r['tflops'])
PY
     for m in $T/gemm/gemm_wP_old.json $T/gemm/gemm_wP_new.json $T/gemm/gemm_wP_old.json $T/gemm/gemm_wP_new.json; do
       echo "== $m" >> $W/gemm.txt
       timeout -k 5 40 python3 test/gpu/check_gemm.py $m 4096,4096,4096 520,776,328 >> $W/gemm.txt 2>&1
       log "gemm $m exit $?"
     done
     grep -E "^==|gemm" $W/gemm.txt | cut -c1-160
     TESSERA_DEPS_INCLUDE_DIR=$PWD/$T/deps BUILD_DIR=/tmp/semrt timeout -k 5 150 \
       bash test/gpu/semantics.sh check $T/sem > $W/semantics.txt 2>&1
     log "semantics exit $?"; grep -E "^semantics|passed|failed|FAIL" $W/semantics.txt | tail -6 ;;
esac
