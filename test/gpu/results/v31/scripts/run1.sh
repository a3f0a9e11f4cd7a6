#!/usr/bin/env bash
# v31 call 1 — PREPARED, NOT YET RUN (no device was lent in the session that
# wrote it). Tree: gpu-ab/v31, a copy of branch ring-first-v (the rotation's
# first V is its ring's first stage; the last P·V in a branch on whether the
# rotation ran), gpu-out compiled from it, gpu-old the same configs from
# main (254a8f7), gpu-sem from
# `test/gpu/semantics.sh prepare` (with rotation_edges: key loops of no
# iteration under the whole schedule).
# Prediction (before the run): all correct; +3-6 % at [8,16,2048,128] for
# _poP/_woP (a synchronous 32 KB V load a program less), +1-2 % at N >= 8192;
# the non-specialized _o configs +0-3 %.
# (1) the 20 changed configs against fp64 (ragged N, causal and not),
# (2) rotation_edges on the GPU against the interpreter, (3) compute-
# sanitizer on _poP (both) and a non-specialized _o (TMA, the wait before the
# loop), (4) old and new interleaved in one process at the D=128 table's
# shapes, (5) the new _poP against SDPA flash / cuDNN.
set -uo pipefail
cd "$(dirname "$0")/../../../../.."   # gpu-ab/v31
export TREE=$PWD PYTHONUNBUFFERED=1 CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
log() { echo "[$(date -u +%T) +${SECONDS}s] $*"; }
source test/gpu/results/v25/scripts/runtime.sh
log "runtime built"
W=$OUT/v31c1; mkdir -p $W
N=gpu-out/fa2_d128_m128_n128_w8_s2 O=gpu-old/fa2_d128_m128_n128_w8_s2
for c in 0 1; do
  flag=(); [ $c = 1 ] && flag=(--causal)
  timeout -k 5 60 $BENCH "${flag[@]}" gpu-out/fa2_d128_*_c${c}_{o,wo,woP,poP}.json \
    --shape 1,3,200,128 --shape 1,2,1100,128 --shape 2,8,4096,128 --warmup 1 --iters 2 \
    > $W/correct-d128-c$c.txt 2>&1
  log "correct d128 c$c exit $?"; grep -E "FAIL|mismatch|error" $W/correct-d128-c$c.txt | head -8
  timeout -k 5 60 $BENCH "${flag[@]}" gpu-out/fa2_d64_*_c${c}_o.json \
    --shape 1,3,200,64 --shape 1,2,1100,64 --shape 2,8,4096,64 --warmup 1 --iters 2 \
    > $W/correct-d64-c$c.txt 2>&1
  log "correct d64 c$c exit $?"; grep -E "FAIL|mismatch|error" $W/correct-d64-c$c.txt | head -8
done
TESSERA_RUNTIME_LIB=$TESSERA_RUNTIME_LIB timeout -k 5 90 python3 test/gpu/check_interp.py \
  gpu-sem/interp/rotation_edges.json gpu-sem/interp/rotation_edges \
  --tol Out=1e-5,1e-4 --tol Lse=1e-5,1e-5 > $W/rotation-edges.txt 2>&1
log "rotation_edges exit $?"; tail -4 $W/rotation-edges.txt
ATTN_SHAPE=1,2,1100 CAP=40 BUDGET=120 bash test/gpu/sanitize.sh $W/sanitize ${N}_c0_poP.json \
  ${N}_c1_poP.json gpu-out/fa2_d128_m128_n64_w8_s2_c1_o.json > $W/sanitize.txt 2>&1
log "sanitize exit $?"; tail -8 $W/sanitize.txt
cd $OUT && tar czf v31c1-a.tgz v31c1 && cd $TREE
# Old and new side by side (the bench runs each shape's configs in the order
# given): N = 16384 no longer last for the new ones.
for c in 0 1; do
  flag=(); [ $c = 1 ] && flag=(--causal)
  timeout -k 5 150 $BENCH --sweep "${flag[@]}" ${O}_c${c}_poP.json ${N}_c${c}_poP.json \
    ${O}_c${c}_woP.json ${N}_c${c}_woP.json ${N}_c${c}_o.json ${O}_c${c}_o.json \
    --shape 8,16,2048,128 --shape 16,16,1024,128 --shape 1,16,16384,128 --shape 2,16,8192,128 \
    --warmup 5 --iters 30 --check-rows 256 --csv $W/ab-c$c.csv > $W/ab-c$c.txt 2>&1
  log "ab c$c exit $?"
done
cd $OUT && tar czf v31c1-b.tgz v31c1 && cd $TREE
if [ $SECONDS -lt 420 ]; then
  mkdir -p $W/peers-in && cp ${N}_c0_poP.* ${N}_c1_poP.* $W/peers-in/
  timeout -k 5 150 python3 tools/peers.py --fa2 $W/peers-in --no-triton --out $W/peers \
    --shapes 8,16,2048,128 8,16,2048,128,causal 2,16,8192,128 2,16,8192,128,causal 1,16,16384,128 \
    --warmup 5 --iters 50 --budget-ms 400 > $W/peers.txt 2>&1
  log "peers exit $?"; grep -E "^\|" $W/peers.txt | head -12
  rm -rf $W/peers-in
fi
cd $OUT && rm -f v31c1-a.tgz v31c1-b.tgz && tar czf v31c1.tgz v31c1 && ls -la
