#!/usr/bin/env bash
# v48 (prepared, not run): Step B's last row, [8,16,2048,128] non-causal, on
# the H200 (the bars' card; name the kind nvidia-h200 and check the card).
# v47 call 1 measured the same `_woP` there at 0.4417 ms in run_all's d128
# step and every config >= 0.4661 ms in its peers step a minute later
# (cudnn 0.4267 ms, measured once): 0.97x or 0.92x depending on the sweep.
# Tree: gpu-ab/v44 (main's kernels; see v47), carry it.
# Call 1: five rounds of peers.py at that shape (the two 128x128 D = 128
# persistent configs and SDPA-cudnn; no Triton), the SM clock and power
# sampled every 50 ms throughout (v44's power.py reads them per round).
# Prediction: the per-round ratio stays within 0.92-0.98x; its median is
# >= 0.95x; rounds with a lower mean clock give lower TFLOP/s to both.
# Call 2: ncu --set full on `_poP` at that shape (v41 call 7 on this tree):
# where the short programs' time goes after v43's row stores.
# Call 3 (either card): tessera-split-block-vectors (5ab6f38) on the wide
# blocks: tree gpu-ab/v48 (git-ignored: FA2 D = 128 128x160 and 128x176
# `_poP`/`_woP` causal and not compiled at 5ab6f38, 176 now without spills,
# P carried in packed registers; v44's 128x128 binaries, unchanged), run by
# v46's call 1 (correctness at ragged N, racecheck and synccheck on 160
# `_poP`, two non-causal sweeps and a causal one). Carry gpu-ab/v48.
# Prediction: all correct and clean; against v46 (same script, the wide
# blocks with scalar P): 160 +1-3 % and 176 +3-6 % at 8192 and 16384, so
# 176 >= 128 there by 0-4 %; at 2048 176 stays behind (its ragged 12th
# block); causal still loses (wider diagonal blocks).
set -uo pipefail
cd "$(dirname "$0")/../../../../.."   # the repository root on the device
T=${T:-gpu-ab/v44}   # calls 1 and 2
export PYTHONUNBUFFERED=1 CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
nvidia-smi --query-gpu=name,clocks_throttle_reasons.active --format=csv,noheader
case ${1:?call} in
  1) mkdir -p build && rm -rf build/deps && cp -r $T/deps build/deps
     source test/gpu/results/v25/scripts/runtime.sh   # peers.py reads manifests through it
     W=$OUT/call1; mkdir -p $W/in
     cp $T/gpu-out/fa2_d128_m128_n128_w8_s2_c0_poP.* $T/gpu-out/fa2_d128_m128_n128_w8_s2_c0_woP.* $W/in/
     nvidia-smi --query-gpu=timestamp,clocks.sm,power.draw,clocks_throttle_reasons.active \
       --format=csv,noheader -lms 50 > $W/power.csv 2>&1 &
     SMI=$!
     for i in 1 2 3 4 5; do
       echo "$(date -u +%T.%N | cut -c1-12) start peers $i" >> $W/marks.txt
       timeout -k 5 60 python3 tools/peers.py --fa2 $W/in --no-triton --out $W/p$i \
         --shapes 8,16,2048,128 --warmup 5 --iters 50 --budget-ms 400 > $W/peers-$i.txt 2>&1
       echo "$(date -u +%T.%N | cut -c1-12) end peers $i" >> $W/marks.txt
       echo "round $i: $(grep -E '^\| [0-9]' $W/peers-$i.txt | cut -d'|' -f2,4,6,7,9 | tr '\n' ' ')"
     done
     kill $SMI
     python3 test/gpu/results/v44/scripts/power.py $W/marks.txt $W/power.csv
     rm -rf $W/in $W/p[0-9] ;;
  2) mkdir -p gpu-ab/v48n && ln -sfn ../v44/gpu-out gpu-ab/v48n/new && ln -sfn ../v44/deps gpu-ab/v48n/deps
     T=gpu-ab/v48n NCU_SHAPE=8,16,2048,128 bash test/gpu/results/v41/scripts/calls.sh 7 ;;
  3) T=gpu-ab/v48 bash test/gpu/results/v46/scripts/calls.sh 1 ;;
esac
