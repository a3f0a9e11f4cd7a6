#!/usr/bin/env bash
# v35, one short call when little device time is left (same tree as
# run1.sh/run2.sh, ~300 s): the changed configs' correctness at a ragged and a
# full shape (tessera-bench checks every output against fp64), the main A/B
# (`_poP` D=128 old/new interleaved at [8,16,2048,128] and [2,16,8192,128],
# causal and not), the new `_poP` against SDPA-cudnn at [8,16,2048,128], and
# the GEMM old/new.
# Prediction: as run2.sh's (+3-6 % at 2048, +0-2 % at 8192; >= 0.90x cudnn).
set -uo pipefail
cd "$(dirname "$0")/../../../../.."
export TREE=$PWD PYTHONUNBUFFERED=1 CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
log() { echo "[$(date -u +%T) +${SECONDS}s] $*"; }
source test/gpu/results/v25/scripts/runtime.sh
log "runtime built"
W=$OUT/v35c3; mkdir -p $W
for c in 0 1; do
  flag=(); [ $c = 1 ] && flag=(--causal)
  timeout -k 5 60 $BENCH "${flag[@]}" gpu-out/fa2_d128_*_c${c}_poP.json gpu-out/fa2_d128_*_c${c}_woP.json \
    gpu-out/fa2_d128_m128_n128_w8_s2_c${c}.json \
    --shape 1,3,200,128 --shape 2,8,4096,128 --warmup 2 --iters 5 > $W/correct-c$c.txt 2>&1
  log "correct d128 c$c exit $?"
  timeout -k 5 60 $BENCH "${flag[@]}" gpu-out/fa2_d64_*_c${c}_poP.json gpu-out/fa2_d64_*_c${c}_woP.json \
    --shape 1,3,200,64 --shape 2,8,4096,64 --warmup 2 --iters 5 > $W/correct64-c$c.txt 2>&1
  log "correct d64 c$c exit $?"
done
N=gpu-out/fa2_d128_m128_n128_w8_s2 O=gpu-old/fa2_d128_m128_n128_w8_s2
for c in 0 1; do
  flag=(); [ $c = 1 ] && flag=(--causal)
  timeout -k 5 80 $BENCH --sweep "${flag[@]}" ${O}_c${c}_poP.json ${N}_c${c}_poP.json \
    ${N}_c${c}_woP.json ${O}_c${c}_woP.json \
    --shape 8,16,2048,128 --shape 2,16,8192,128 \
    --warmup 5 --iters 30 --check-rows 256 --csv $W/ab-c$c.csv > $W/ab-c$c.txt 2>&1
  log "ab c$c exit $?"
done
mkdir -p $W/peers-in && cp ${N}_c0_poP.* ${N}_c1_poP.* $W/peers-in/
timeout -k 5 80 python3 tools/peers.py --fa2 $W/peers-in --no-triton --out $W/peers \
  --shapes 8,16,2048,128 8,16,2048,128,causal --warmup 5 --iters 50 --budget-ms 400 > $W/peers.txt 2>&1
log "peers exit $?"; grep -E "^\|" $W/peers.txt | head -8; rm -rf $W/peers-in
for m in gpu-old/gemm.json gpu-out/gemm.json; do
  echo "== $m" >> $W/gemm.txt
  timeout -k 5 40 python3 test/gpu/check_gemm.py $m 4096,4096,4096 >> $W/gemm.txt 2>&1
done
grep -E "==|TFLOP" $W/gemm.txt; log done
