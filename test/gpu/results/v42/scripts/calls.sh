#!/usr/bin/env bash
# v42: the calls of this version, on tree gpu-ab/v42 (git-ignored): new/ =
# the warp-specialized configs of tools/compile-configs.sh (the only ones
# whose PTX changed) compiled without the consumers' drain barriers (one
# `bar.sync 1, 256` after the loop of programs instead of two a program);
# old/ = the same configs from gpu-ab/v41/all-new (main a829bb5: PTX
# byte-identical); gemm_wP_{old,new} = kernels/gemm.tile 128x256 w8
# specialized persistent; sem/ = test/gpu/semantics.sh prepare with the new
# compiler; deps = nlohmann/ and CLI/ (build/deps).
# Call 1 prediction: every changed config correct against fp64 (ragged and
# full), racecheck/synccheck clean, semantics passes; `_poP` new/old +3-6 %
# at [8,16,2048,128] and [16,16,1024,128] (two consumer-wide barriers a
# program each held a warpgroup through the other's last softmax, ~2 dots of
# idle tensor pipe a barrier), +0.5-1.5 % at 8192; `_woP` +1-3 % at 2048
# (no turns to break, only the wait for the slower warpgroup); GEMM `_wP`
# 4096^3 +0-3 % (one barrier a tile between two consumer warpgroups).
set -uo pipefail
cd "$(dirname "$0")/../../../../.."   # the repository root on the device
T=gpu-ab/v42
export PYTHONUNBUFFERED=1 CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
log() { echo "[$(date -u +%T) +${SECONDS}s] $*"; }
case ${1:?call} in
  1) mkdir -p build && rm -rf build/deps && cp -r $T/deps build/deps
     source test/gpu/results/v25/scripts/runtime.sh
     nvidia-smi --query-gpu=name --format=csv,noheader; log "runtime built"
     W=$OUT/call1; mkdir -p $W
     # the A/B first (the question of this version), one process a causality
     N=$T/new/fa2_d128_m128_n128_w8_s2 O=$T/old/fa2_d128_m128_n128_w8_s2
     for c in 0 1; do
       flag=(); [ $c = 1 ] && flag=(--causal)
       timeout -k 5 110 $BENCH --sweep "${flag[@]}" ${O}_c${c}_poP.json ${N}_c${c}_poP.json \
         ${N}_c${c}_woP.json ${O}_c${c}_woP.json ${O}_c${c}_pP.json ${N}_c${c}_pP.json \
         ${N}_c${c}_poP.json ${O}_c${c}_poP.json \
         --shape 16,16,1024,128 --shape 8,16,2048,128 --shape 2,16,8192,128 \
         --warmup 5 --iters 30 --check-rows 128 --csv $W/ab-c$c.csv > $W/ab-c$c.txt 2>&1
       log "ab c$c exit $?"
     done
     python3 - $W/ab-c0.csv $W/ab-c1.csv <<'PY'
import csv, sys
for f in sys.argv[1:]:
    for r in csv.DictReader(open(f)):
        print(r['manifest'].split('/')[-2], r['manifest'].split('/')[-1][:-5], r['B'], r['N'],
              r['causal'], r['status'], r['median_ms'], r['tflops'])
PY
     # every changed config against fp64: ragged and full, causal and not
     for c in 0 1; do
       flag=(); [ $c = 1 ] && flag=(--causal)
       for d in 128 64; do
         ls $T/new/fa2_d${d}_*_c${c}_*.json >/dev/null 2>&1 || continue
         timeout -k 5 70 $BENCH "${flag[@]}" $T/new/fa2_d${d}_*_c${c}_*.json \
           --shape 1,3,200,$d --shape 1,2,1100,$d --shape 2,8,4096,$d --warmup 1 --iters 3 \
           > $W/correct-d$d-c$c.txt 2>&1
         log "correct d$d c$c exit $?"; grep -ciE "FAIL|mismatch|error" $W/correct-d$d-c$c.txt
       done
     done
     for k in c0_poP c1_poP c0_wP; do
       flag=(); case $k in c1*) flag=(--causal) ;; esac
       for tool in racecheck synccheck; do
         timeout -k 5 50 $CUDA_HOME/bin/compute-sanitizer --tool $tool --error-exitcode 9 \
           $BENCH "${flag[@]}" ${N}_$k.json --shape 1,2,1100,128 --warmup 0 --iters 1 \
           > $W/$tool-$k.txt 2>&1
         log "$tool $k exit $?"; tail -1 $W/$tool-$k.txt
       done
     done
     ;;
  2) # cuDNN in the same process; the GEMM old/new/old/new; the semantics
     mkdir -p build && rm -rf build/deps && cp -r $T/deps build/deps
     source test/gpu/results/v25/scripts/runtime.sh
     nvidia-smi --query-gpu=name --format=csv,noheader; log "runtime built"
     W=$OUT/call2; mkdir -p $W
     N=$T/new/fa2_d128_m128_n128_w8_s2
     mkdir -p $W/peers-in && cp ${N}_c0_poP.* ${N}_c1_poP.* $W/peers-in/
     timeout -k 5 90 python3 tools/peers.py --fa2 $W/peers-in --no-triton --out $W/peers \
       --shapes 8,16,2048,128 8,16,2048,128,causal --warmup 5 --iters 50 --budget-ms 400 > $W/peers.txt 2>&1
     log "peers exit $?"; grep -E "^\|" $W/peers.txt | head -8; rm -rf $W/peers-in
     for m in $T/gemm/gemm_wP_old.json $T/gemm/gemm_wP_new.json $T/gemm/gemm_wP_old.json $T/gemm/gemm_wP_new.json; do
       echo "== $m" >> $W/gemm.txt
       timeout -k 5 60 python3 test/gpu/check_gemm.py $m 4096,4096,4096 8192,8192,8192 >> $W/gemm.txt 2>&1
       log "gemm $m exit $?"
     done
     grep -E "^==|gemm" $W/gemm.txt | cut -c1-160
     TESSERA_DEPS_INCLUDE_DIR=$PWD/$T/deps BUILD_DIR=/tmp/semrt timeout -k 5 150 \
       bash test/gpu/semantics.sh check $T/sem > $W/semantics.txt 2>&1
     log "semantics exit $?"; grep -E "^semantics|passed|failed|FAIL" $W/semantics.txt | tail -12 ;;
  3) # call 1's one outlier: new `_poP` non-causal at [2,16,8192,128] had a
     # median 7.9 % over its fastest launch (old: 0.5 %). Repeated old/new
     # pairs at three long-program shapes, with the clocks and power around
     # each, 50 launches; then LayerNorm's 5120-tile candidates at 5000
     # columns on the H200 (lnsweep5120 = --precompile sm_90a --sweep --ops
     # layer_norm --widths 5000 --blocks 5120); then PERF.md's peer table on
     # the new `_poP`/`_woP` configs. Prediction: old and new medians within
     # +-2 % of their fastest launch and new >= old by 0-1 % at 8192 and
     # 16384 (call 1's outlier a clock dip); the H200's best LayerNorm 5000
     # candidate more warps or rows in flight than the H100's entry
     # (2 x 10 x 64) by >= 5 %.
     mkdir -p build && rm -rf build/deps && cp -r $T/deps build/deps
     source test/gpu/results/v25/scripts/runtime.sh
     nvidia-smi --query-gpu=name --format=csv,noheader; log "runtime built"
     W=$OUT/call3; mkdir -p $W
     N=$T/new/fa2_d128_m128_n128_w8_s2_c0 O=$T/old/fa2_d128_m128_n128_w8_s2_c0
     for i in 1 2 3; do
       nvidia-smi --query-gpu=clocks.sm,clocks.mem,power.draw,temperature.gpu,clocks_throttle_reasons.active \
         --format=csv,noheader >> $W/clocks.txt
       timeout -k 5 60 $BENCH --sweep ${O}_poP.json ${N}_poP.json ${N}_woP.json ${O}_woP.json \
         --shape 2,16,8192,128 --shape 1,16,16384,128 --shape 4,16,4096,128 \
         --warmup 5 --iters 50 --check-rows 64 --csv $W/ab-$i.csv > $W/ab-$i.txt 2>&1
       log "ab $i exit $?"
     done
     nvidia-smi --query-gpu=clocks.sm,clocks.mem,power.draw,temperature.gpu,clocks_throttle_reasons.active \
       --format=csv,noheader >> $W/clocks.txt; cat $W/clocks.txt
     python3 - $W/ab-1.csv $W/ab-2.csv $W/ab-3.csv <<'PY'
import csv, sys
for f in sys.argv[1:]:
    for r in csv.DictReader(open(f)):
        print(f.split('/')[-1], r['manifest'].split('/')[-2], r['manifest'].split('_')[-1][:-5],
              r['B'], r['N'], r['status'], r['median_ms'], r['min_ms'], r['tflops'])
PY
     source test/gpu/results/runtime.sh; runtime $PWD/$T/deps
     TESSERA_CACHE_DIR=$PWD/$T/lnsweep5120 PYTHONPATH=$PWD/python timeout 170 \
       python3 test/gpu/check_membound.py --sweep --ops layer_norm --widths 5000 \
       --blocks 5120 --budget 120 --top 8 2>&1 | grep -v -i warn > $W/lnsweep5120.txt
     echo "lnsweep exit $?"; cat $W/lnsweep5120.txt
     mkdir -p $W/peers-in && cp $T/new/*_poP.* $T/new/*_woP.* $W/peers-in/
     timeout -k 5 170 python3 tools/peers.py --fa2 $W/peers-in --out $W/peers \
       --warmup 5 --iters 50 --budget-ms 400 > $W/peers.txt 2>&1
     log "peers exit $?"; grep -E "^\|" $W/peers.txt | head -16; rm -rf $W/peers-in ;;
  4) # where the new `_poP` stalls at [8,16,2048,128]: v41's calls.sh 7 (ncu
     # --set full with per-instruction warp-stall samples) on this tree
     T=$T bash test/gpu/results/v41/scripts/calls.sh 7 ;;
  5) # on an H200 only (the bars' card; an H100 ran call 3's sweep):
     # LayerNorm's 5120-tile candidates at 16384x5000 and 4096x5000, where
     # the H200 reached 78-80 % and 71 % of its copy (membound-h200/).
     # Prediction: an entry with more bytes in flight an SM (more rows or
     # warps a CTA, or uncapped) beats NORM_CONFIGS' 2 x 10 x 64 by >= 5 % at
     # 4096x5000 on the H200.
     nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 || { echo "not an H200: nothing run"; exit 0; }
     source test/gpu/results/runtime.sh; runtime $PWD/$T/deps
     W=$OUT/call5; mkdir -p $W
     TESSERA_CACHE_DIR=$PWD/$T/lnsweep5120 PYTHONPATH=$PWD/python timeout 400 \
       python3 test/gpu/check_membound.py --sweep --ops layer_norm --widths 5000 \
       --blocks 5120 --budget 330 --top 10 2>&1 | grep -v -i warn > $W/lnsweep5120.txt
     echo "lnsweep exit $?"; cat $W/lnsweep5120.txt ;;
esac
