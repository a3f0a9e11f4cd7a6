#!/usr/bin/env bash
# v35 call 2 (same tree as run1.sh): old (gpu-old: v34's 0e92089) and new
# (gpu-out: 0522c6b, the epilogue's in-bounds store and reciprocal) interleaved
# in one process; then kernels/gemm.tile old/new/old/new against cuBLAS; then
# the norms before/after v34 (exp.py, one run) if time is left.
# Prediction: FA2 new/old +3-6 % at [8,16,2048,128] and [16,16,1024,128]
# (a program's epilogue ~1700 -> ~200 SASS instructions a consumer thread,
# ~1.7 K/V iterations' issue of 16), +0-2 % at [2,16,8192,128]; causal alike;
# GEMM default +0-3 %; 128x256 _wP 0.88-0.93x cuBLAS at 4096^3 (v27: 0.88-0.92x).
# Norms as RESULTS v34.
set -uo pipefail
cd "$(dirname "$0")/../../../../.."
export TREE=$PWD PYTHONUNBUFFERED=1 CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
log() { echo "[$(date -u +%T) +${SECONDS}s] $*"; }
source test/gpu/results/v25/scripts/runtime.sh
log "runtime built"
W=$OUT/v35c2; mkdir -p $W
N=gpu-out/fa2_d128_m128_n128_w8_s2 O=gpu-old/fa2_d128_m128_n128_w8_s2
for c in 0 1; do
  flag=(); [ $c = 1 ] && flag=(--causal)
  timeout -k 5 140 $BENCH --sweep "${flag[@]}" ${O}_c${c}_poP.json ${N}_c${c}_poP.json \
    ${N}_c${c}_woP.json ${O}_c${c}_woP.json ${O}_c${c}_o.json ${N}_c${c}_o.json \
    --shape 8,16,2048,128 --shape 16,16,1024,128 --shape 2,16,8192,128 \
    --warmup 5 --iters 30 --check-rows 256 --csv $W/ab-c$c.csv > $W/ab-c$c.txt 2>&1
  log "ab c$c exit $?"
done
for m in gpu-old/gemm.json gpu-out/gemm.json gpu-old/gemm.json gpu-out/gemm.json; do
  echo "== $m" >> $W/gemm.txt
  timeout -k 5 60 python3 test/gpu/check_gemm.py $m 4096,4096,4096 8192,8192,8192 >> $W/gemm.txt 2>&1
  log "gemm $m exit $?"
done
echo "== gpu-out/gemm_wP.json (128x256 w8 specialized persistent: the issue's GEMM config)" >> $W/gemm.txt
timeout -k 5 60 python3 test/gpu/check_gemm.py gpu-out/gemm_wP.json 4096,4096,4096 8192,8192,8192 >> $W/gemm.txt 2>&1
log "gemm_wP exit $?"
grep -E "==|TFLOP" $W/gemm.txt
if [ $SECONDS -lt 380 ]; then
  ONLY=o,n timeout -k 5 $((560 - SECONDS)) python3 test/gpu/results/v33/scripts/exp.py exp-out > $W/norms.txt 2>&1
  log "exp.py exit $?"; grep -E "GB/s|Error|error" $W/norms.txt
fi
