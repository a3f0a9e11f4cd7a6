#!/usr/bin/env bash
# v31 call 1 (prepared while no device was lent, then run: RESULTS v31). Written in the sessions
# of stops 35-36. Tree: gpu-ab/v31, a copy of branch q-producer (on
# ring-first-v: the rotation's first V is its ring's first stage, the last
# P·V in a branch on whether the rotation ran; then Q copied by the producer
# on a two-stage ring in warp-specialized persistent kernels). gpu-out: the
# 104 sweep configs from it; gpu-old: the 26 configs whose PTX it changes,
# from main (438ac0a); gpu-sem: `test/gpu/semantics.sh prepare` (with
# rotation_edges: key loops of no iteration, programs with nothing to read
# of Q's ring, under the whole schedule).
# Prediction (before the run): all correct, the sanitizer clean, no hang
# (a miscounted Q phase would hang the second program of each CTA: the
# bench's watchdog reports it).
# (1) the 26 changed configs against fp64 (ragged N, causal and not),
# (2) rotation_edges on the GPU against the interpreter, (3) compute-
# sanitizer on _poP (both), _pP (Q's ring alone) and a non-specialized _o
# (TMA, the first V's wait before the loop).
set -uo pipefail
cd "$(dirname "$0")/../../../../.."   # gpu-ab/v31
export TREE=$PWD PYTHONUNBUFFERED=1 CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
log() { echo "[$(date -u +%T) +${SECONDS}s] $*"; }
source test/gpu/results/v25/scripts/runtime.sh
log "runtime built"
W=$OUT/v31c1; mkdir -p $W
N=gpu-out/fa2_d128_m128_n128_w8_s2
for c in 0 1; do
  flag=(); [ $c = 1 ] && flag=(--causal)
  timeout -k 5 80 $BENCH "${flag[@]}" gpu-out/fa2_d128_*_c${c}_{o,wo,woP,poP,wP,pP}.json \
    --shape 1,3,200,128 --shape 1,2,1100,128 --shape 2,8,4096,128 --warmup 1 --iters 2 \
    > $W/correct-d128-c$c.txt 2>&1
  log "correct d128 c$c exit $?"; grep -E "FAIL|mismatch|error|hang" $W/correct-d128-c$c.txt | head -8
  timeout -k 5 60 $BENCH "${flag[@]}" gpu-out/fa2_d64_*_c${c}_{o,pP}.json \
    --shape 1,3,200,64 --shape 1,2,1100,64 --shape 2,8,4096,64 --warmup 1 --iters 2 \
    > $W/correct-d64-c$c.txt 2>&1
  log "correct d64 c$c exit $?"; grep -E "FAIL|mismatch|error|hang" $W/correct-d64-c$c.txt | head -8
done
TESSERA_RUNTIME_LIB=$TESSERA_RUNTIME_LIB timeout -k 5 90 python3 test/gpu/check_interp.py \
  gpu-sem/interp/rotation_edges.json gpu-sem/interp/rotation_edges \
  --tol Out=1e-5,1e-4 --tol Lse=1e-5,1e-5 > $W/rotation-edges.txt 2>&1
log "rotation_edges exit $?"; tail -4 $W/rotation-edges.txt
ATTN_SHAPE=1,2,1100 CAP=40 BUDGET=170 bash test/gpu/sanitize.sh $W/sanitize ${N}_c0_poP.json \
  ${N}_c1_poP.json ${N}_c0_pP.json gpu-out/fa2_d128_m128_n64_w8_s2_c1_o.json > $W/sanitize.txt 2>&1
log "sanitize exit $?"; tail -8 $W/sanitize.txt
cd $OUT && tar czf v31c1.tgz v31c1 && ls -la
