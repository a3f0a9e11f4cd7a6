#!/usr/bin/env bash
# v60: carry gpu-ab/v49/deps (the runtime's headers), gpu-ab/v60
# (sem = test/gpu/semantics.sh prepare with arg_reductions.tile) and, for
# `all`, v59's trees (gpu-ab/v59, gpu-ab/v54/lnsweep).
#  - sem: semantics.sh check on gpu-ab/v60/sem. Prediction: every case
#    passes; arg_reductions exact (indices are exact or wrong: ties in
#    every row, NaN rows, both axes, blocked and mma tiles).
#  - all: sem, then v59's `table` (on an H200 also the LayerNorm-5000
#    sweep; v59's prediction).
set -uo pipefail
cd "$(dirname "$0")/../../../../.."   # the repository root on the device
export PYTHONUNBUFFERED=1 CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
case ${1:?call} in
  sem|all)
    nvidia-smi --query-gpu=name --format=csv,noheader
    W=$OUT/sem; mkdir -p $W
    TESSERA_DEPS_INCLUDE_DIR=$PWD/gpu-ab/v49/deps BUILD_DIR=/tmp/rtsem timeout -k 5 200 \
      bash test/gpu/semantics.sh check $PWD/gpu-ab/v60/sem > $W/semantics.txt 2>&1
    echo "semantics exit $?"; grep -E "check_interp|arg_reductions|passed|failed|FAIL" $W/semantics.txt | tail -20
    [ "$1" = all ] && bash test/gpu/results/v59/scripts/calls.sh table ;;
esac
