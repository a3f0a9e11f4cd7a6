#!/usr/bin/env bash
# v41: the calls of this version, on tree gpu-ab/v41 (git-ignored): old/ and
# new/ = tools/compile-configs.sh's 26 overlapped FA2 configs (_o, _wo, _woP,
# _poP; D = 64 and 128, causal and not) compiled by main 2e012af (old) and
# with tilegpu-peel-rotation (new); sem/ = test/gpu/semantics.sh prepare with
# the new compiler; deps = nlohmann/ and CLI/ (build/deps).
# Call 1 prediction: every config correct against fp64 (ragged and full),
# semantics 8 of 8 (rotation_edges: programs whose loops run no iteration),
# racecheck/synccheck clean; new/old `_poP` and `_woP` +3-6 % at
# [16,16,1024,128], +1.5-3 % at [8,16,2048,128], within +-1 % at 8192 (one
# dot of 17 / 33 / 129 a program dropped); `_o` alike.
set -uo pipefail
cd "$(dirname "$0")/../../../../.."   # the repository root on the device
T=${T:-gpu-ab/v41}   # (another version's tree: T=gpu-ab/vNN bash .../v41/scripts/calls.sh N)
export PYTHONUNBUFFERED=1 CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
log() { echo "[$(date -u +%T) +${SECONDS}s] $*"; }
case ${1:?call} in
  1) # the peeled rotation: correctness, sanitizer, semantics, old/new A/B, cuDNN
     mkdir -p build && rm -rf build/deps && cp -r $T/deps build/deps
     source test/gpu/results/v25/scripts/runtime.sh
     nvidia-smi --query-gpu=name --format=csv,noheader; log "runtime built"
     W=$OUT/call1; mkdir -p $W
     # every new config against fp64: ragged (one query block; the masked
     # loop alone; an odd number of blocks) and full, causal and not
     for c in 0 1; do
       flag=(); [ $c = 1 ] && flag=(--causal)
       for d in 128 64; do
         timeout -k 5 90 $BENCH "${flag[@]}" $T/new/fa2_d${d}_*_c${c}_*.json \
           --shape 1,3,200,$d --shape 1,2,1100,$d --shape 2,8,4096,$d --warmup 1 --iters 3 \
           > $W/correct-d$d-c$c.txt 2>&1
         log "correct d$d c$c exit $?"; grep -ciE "FAIL|mismatch|error" $W/correct-d$d-c$c.txt
       done
     done
     # key loops of no iteration under the whole schedule (rotation_edges)
     # and the rest of the semantics cases, new compiler
     BUILD_DIR=$PWD/build/gpu timeout -k 5 150 bash test/gpu/semantics.sh check $T/sem > $W/semantics.txt 2>&1
     log "semantics exit $?"; tail -2 $W/semantics.txt
     for c in 0 1; do
       flag=(); [ $c = 1 ] && flag=(--causal)
       timeout -k 5 60 $CUDA_HOME/bin/compute-sanitizer --tool racecheck --error-exitcode 9 \
         $BENCH "${flag[@]}" $T/new/fa2_d128_m128_n128_w8_s2_c${c}_poP.json --shape 1,2,1100,128 \
         --warmup 0 --iters 1 > $W/racecheck-c$c.txt 2>&1
       log "racecheck poP c$c exit $?"; tail -1 $W/racecheck-c$c.txt
       timeout -k 5 60 $CUDA_HOME/bin/compute-sanitizer --tool synccheck --error-exitcode 9 \
         $BENCH "${flag[@]}" $T/new/fa2_d128_m128_n128_w8_s2_c${c}_poP.json --shape 1,2,1100,128 \
         --warmup 0 --iters 1 > $W/synccheck-c$c.txt 2>&1
       log "synccheck poP c$c exit $?"; tail -1 $W/synccheck-c$c.txt
     done
     # old and new interleaved in one process a causality
     N=$T/new/fa2_d128_m128_n128_w8_s2 O=$T/old/fa2_d128_m128_n128_w8_s2
     for c in 0 1; do
       flag=(); [ $c = 1 ] && flag=(--causal)
       timeout -k 5 120 $BENCH --sweep "${flag[@]}" ${O}_c${c}_poP.json ${N}_c${c}_poP.json \
         ${N}_c${c}_woP.json ${O}_c${c}_woP.json ${O}_c${c}_o.json ${N}_c${c}_o.json \
         ${N}_c${c}_poP.json ${O}_c${c}_poP.json \
         --shape 16,16,1024,128 --shape 8,16,2048,128 --shape 2,16,8192,128 \
         --warmup 5 --iters 30 --check-rows 128 --csv $W/ab-c$c.csv > $W/ab-c$c.txt 2>&1
       log "ab c$c exit $?"
     done
     mkdir -p $W/peers-in && cp ${N}_c0_poP.* ${N}_c1_poP.* $W/peers-in/
     timeout -k 5 90 python3 tools/peers.py --fa2 $W/peers-in --no-triton --out $W/peers \
       --shapes 8,16,2048,128 8,16,2048,128,causal --warmup 5 --iters 50 --budget-ms 400 > $W/peers.txt 2>&1
     log "peers exit $?"; grep -E "^\|" $W/peers.txt | head -8; rm -rf $W/peers-in ;;
  2) # call 1's semantics step, whose runtime build failed in build/gpu (the
     # bench's, configured otherwise): its own build folder; then v40's
     # call 10 (ptxas --register-usage-level 0 under a 64-register cap)
     W=$OUT/call2; mkdir -p $W
     nvidia-smi --query-gpu=name --format=csv,noheader
     TESSERA_DEPS_INCLUDE_DIR=$PWD/$T/deps BUILD_DIR=/tmp/semrt timeout -k 5 200 \
       bash test/gpu/semantics.sh check $T/sem > $W/semantics.txt 2>&1
     log "semantics exit $?"; grep -E "^semantics|passed|failed|FAIL" $W/semantics.txt | tail -12
     bash test/gpu/results/v40/scripts/calls.sh 10 ;;
  3) # every check and timed row of check_membound.py (rotating_ms) with
     # LayerNorm's 5120 entry at 2 rows x 10 warps x 64 registers, level 0
     # (membound = --precompile sm_90a at 740e2fd)
     source test/gpu/results/runtime.sh; runtime $PWD/$T/deps
     nvidia-smi --query-gpu=name --format=csv,noheader
     TESSERA_CACHE_DIR=$PWD/$T/membound PYTHONPATH=$PWD/python timeout 330 \
       python3 test/gpu/check_membound.py --budget 230 --out $OUT > $OUT/membound.txt 2>&1
     echo "exit $?"; tail -3 $OUT/membound.txt ;;
  4) # RMSNorm's candidates of the 5120 tile at 16384x5000 and 4096x5000 and
     # of the 4096 tile at 16384x4096 and 4096x4096, with the level-0 retry in
     # the compiler (sweep5120 / sweep4096 = --precompile sm_90a --sweep --ops
     # rms_norm --widths 5000 --blocks 5120 / --widths 4096 --blocks 4096),
     # torch.compile's kernel after each shape's candidates
     # First flash_attn_func's checks on the peeled `_poP` kernel
     # (kernels/fa2_bnhd.tile at D = 128; ops = check_ops.py --precompile).
     source test/gpu/results/runtime.sh; runtime $PWD/$T/deps
     nvidia-smi --query-gpu=name --format=csv,noheader
     TESSERA_CACHE_DIR=$PWD/$T/ops PYTHONPATH=$PWD/python timeout 150 \
       python3 test/gpu/check_ops.py > $OUT/ops.txt 2>&1
     echo "check_ops exit $?"; grep -v -i warn $OUT/ops.txt | tail -4
     for w in 5120:5000 4096:4096; do
       TESSERA_CACHE_DIR=$PWD/$T/sweep${w%:*} PYTHONPATH=$PWD/python timeout 190 \
         python3 test/gpu/check_membound.py --sweep --ops rms_norm --widths ${w#*:} \
         --blocks ${w%:*} --budget 130 --top 6 2>&1 | grep -v -i warn > $OUT/sweep${w%:*}.txt
       echo "sweep ${w%:*} exit $?"; cat $OUT/sweep${w%:*}.txt
     done ;;
  5) # PERF.md's peer table on the new (peeled) `_poP`/`_woP` configs, Triton
     # and both SDPA backends in the same process; then check_ops in full
     # (call 4's ran out of its 150 s after 60 of its checks, all passed)
     mkdir -p build && rm -rf build/deps && cp -r $T/deps build/deps
     source test/gpu/results/v25/scripts/runtime.sh
     nvidia-smi --query-gpu=name --format=csv,noheader; log "runtime built"
     mkdir -p $OUT/peers-in && cp $T/new/*_poP.* $T/new/*_woP.* $OUT/peers-in/
     timeout -k 5 200 python3 tools/peers.py --fa2 $OUT/peers-in --out $OUT/peers \
       --warmup 5 --iters 50 --budget-ms 400 > $OUT/peers.txt 2>&1
     log "peers exit $?"; grep -E "^\|" $OUT/peers.txt | head -14; rm -rf $OUT/peers-in
     TESSERA_CACHE_DIR=$PWD/$T/ops PYTHONPATH=$PWD/python timeout 240 \
       python3 test/gpu/check_ops.py > $OUT/ops.txt 2>&1
     echo "check_ops exit $?"; grep -v -i warn $OUT/ops.txt | grep -c PASS
     grep -v -i warn $OUT/ops.txt | grep -v PASS | tail -5 ;;
  6) # which kernel cuDNN runs at [8,16,2048,128] and [2,16,8192,128] (it ran
     # faster at 2048 than at 8192 in call 5, ours the other way), and ours,
     # under ncu: names, grids, durations, throughputs
     mkdir -p build && rm -rf build/deps && cp -r $T/deps build/deps
     source test/gpu/results/v25/scripts/runtime.sh
     nvidia-smi --query-gpu=name --format=csv,noheader
     S="--clock-control none --section SpeedOfLight --section LaunchStats --section Occupancy"
     for shape in 8,16,2048,128 2,16,8192,128; do
       timeout 120 ncu $S -k regex:sdpa -s 1 -c 1 python3 test/gpu/results/v27/scripts/peer_launch.py \
         sdpa-cudnn $shape > $OUT/ncu-cudnn-${shape//,/_}.txt 2>&1
       timeout 120 ncu $S -k fa2 -s 1 -c 1 $BENCH $T/new/fa2_d128_m128_n128_w8_s2_c0_poP.json \
         --shape $shape --warmup 1 --iters 1 --check-rows 16 > $OUT/ncu-poP-${shape//,/_}.txt 2>&1
     done
     for f in $OUT/ncu-*.txt; do echo "== $f"; grep -E "^  [a-z_]+.*\(|Duration|Grid Size|Block Size|Registers Per|Compute \(SM\) Throughput|Memory Throughput|Achieved Occupancy|Dynamic Shared" $f | head -12; done ;;
  7) # where the new `_poP` stalls at [8,16,2048,128]: ncu --set full with
     # per-instruction warp-stall samples (v27's ncu_sass_stalls.py), for the
     # program boundary of the next step (NCU_SHAPE: another shape)
     mkdir -p build && rm -rf build/deps && cp -r $T/deps build/deps
     source test/gpu/results/v25/scripts/runtime.sh
     nvidia-smi --query-gpu=name --format=csv,noheader
     timeout -k 5 150 ncu --clock-control none --set full --import-source no -k fa2 -s 1 -c 1 \
       -f -o /tmp/poP $BENCH $T/new/fa2_d128_m128_n128_w8_s2_c0_poP.json --shape ${NCU_SHAPE:-8,16,2048,128} \
       --warmup 1 --iters 1 --check-rows 16 > $OUT/ncu-poP.log 2>&1
     echo "ncu exit $?"
     ncu -i /tmp/poP.ncu-rep --page details > $OUT/poP-details.txt 2>&1
     ncu -i /tmp/poP.ncu-rep --page source --csv --print-source sass > $OUT/poP-sass.csv 2>&1
     python3 test/gpu/results/v27/scripts/ncu_sass_stalls.py $OUT/poP-sass.csv 40 > $OUT/poP-stalls.txt 2>&1
     gzip $OUT/poP-sass.csv; head -60 $OUT/poP-stalls.txt ;;
esac
