#!/usr/bin/env bash
# v31 call 2 (run: RESULTS v31). Same tree as call 1 (gpu-ab/v31), after
# it passes. Old (gpu-old, main) and new (gpu-out) interleaved in one process,
# each shape's configs in the order given, so that neither runs last at
# N = 16384 (v30's unsettled row). The configs factor the two changes:
# _o / _wo change only by the first-V stage, _pP / _wP only by Q's ring,
# _poP / _woP by both.
# Prediction (before the run): [8,16,2048,128] _poP/_woP +4-8 % (a
# synchronous 32 KB V load and the consumers' Q copy a program less), _pP/_wP
# +1-3 %, _o +0-3 %; N >= 8192 +1-3 %. Then the new _poP against SDPA
# flash / cuDNN.
set -uo pipefail
cd "$(dirname "$0")/../../../../.."   # gpu-ab/v31
export TREE=$PWD PYTHONUNBUFFERED=1 CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
log() { echo "[$(date -u +%T) +${SECONDS}s] $*"; }
source test/gpu/results/v25/scripts/runtime.sh
log "runtime built"
W=$OUT/v31c2; mkdir -p $W
N=gpu-out/fa2_d128_m128_n128_w8_s2 O=gpu-old/fa2_d128_m128_n128_w8_s2
for c in 0 1; do
  flag=(); [ $c = 1 ] && flag=(--causal)
  timeout -k 5 170 $BENCH --sweep "${flag[@]}" ${O}_c${c}_poP.json ${N}_c${c}_poP.json \
    ${N}_c${c}_woP.json ${O}_c${c}_woP.json ${O}_c${c}_pP.json ${N}_c${c}_pP.json \
    ${N}_c${c}_o.json ${O}_c${c}_o.json \
    --shape 8,16,2048,128 --shape 16,16,1024,128 --shape 1,16,16384,128 --shape 2,16,8192,128 \
    --warmup 5 --iters 30 --check-rows 256 --csv $W/ab-c$c.csv > $W/ab-c$c.txt 2>&1
  log "ab c$c exit $?"
done
cd $OUT && tar czf v31c2-a.tgz v31c2 && cd $TREE
if [ $SECONDS -lt 430 ]; then
  mkdir -p $W/peers-in && cp ${N}_c0_poP.* ${N}_c1_poP.* $W/peers-in/
  timeout -k 5 150 python3 tools/peers.py --fa2 $W/peers-in --no-triton --out $W/peers \
    --shapes 8,16,2048,128 8,16,2048,128,causal 2,16,8192,128 2,16,8192,128,causal 1,16,16384,128 \
    --warmup 5 --iters 50 --budget-ms 400 > $W/peers.txt 2>&1
  log "peers exit $?"; grep -E "^\|" $W/peers.txt | head -12
  rm -rf $W/peers-in
fi
cd $OUT && rm -f v31c2-a.tgz && tar czf v31c2.tgz v31c2 && ls -la
