#!/usr/bin/env bash
# v32 call 1 (run: RESULTS v32). Tree gpu-ab/v32op: a
# copy of the branch, build/py-cache filled by check_ops, check_backward
# --precompile sm_90a. flash_attn_func at D = 128 on sm_90a takes the _poP
# schedule (overlapped dots, persistent grid, Q through the producer) in
# place of v28's _p.
# Prediction (before the run): every check_ops check passes (dtypes, masks,
# windows, ALiBi, GQA against fp64, SDPA and FlexAttention); the launch
# paths agree; the gradient checks pass; D = 128 timing +6-12 % over v28
# call 2's op (481.6 TFLOP/s at [8,2048,16,128], 0.82x cudnn; 540.8 at
# [2,8192,16,128], 0.91x) in ratio to cudnn in the same process.
set -uo pipefail
cd "$(dirname "$0")/../../../../.."   # gpu-ab/v32op
export TREE=$PWD PYTHONUNBUFFERED=1 CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
log() { echo "[$(date -u +%T) +${SECONDS}s] $*"; }
source test/gpu/results/v25/scripts/runtime.sh
log "runtime built"
export PYTHONPATH=$TREE/python:$TREE/tools TESSERA_CACHE_DIR=$TREE/build/py-cache
W=$OUT/v32c1; mkdir -p $W
timeout -k 5 280 python3 test/gpu/check_ops.py --out $W/ops > $W/ops.txt 2>&1
log "check_ops exit $?"; grep -E "FAIL|checks passed|^\|" $W/ops.txt | head -40
TESSERA_TORCH_EXTENSION=1 timeout -k 5 100 python3 test/gpu/check_launch.py > $W/launch.txt 2>&1
log "check_launch exit $?"; tail -6 $W/launch.txt
TESSERA_TORCH_EXTENSION=1 timeout -k 5 150 python3 test/gpu/check_backward.py --out $W/bwd > $W/bwd.txt 2>&1
log "check_backward exit $?"; grep -E "FAIL|passed|^\|" $W/bwd.txt | head -20
cd $OUT && tar czf v32c1.tgz v32c1 && ls -la
