#!/usr/bin/env bash
# v61: carry gpu-ab/v49/deps (the runtime's headers), gpu-ab/v61 (sem =
# test/gpu/semantics.sh prepare with scans.tile) and, for an H200, v59's
# trees (gpu-ab/v59, gpu-ab/v54/lnsweep).
#  - sem: semantics.sh check on gpu-ab/v61/sem. Prediction: every case
#    passes; scans' f32 outputs within 1e-5 (Cols: 4 values; Short: 24) to
#    3e-5 (1000 values: Rows, Flat, Looped) of the interpreter, Dot within
#    1e-4 relative, Ints exact.
#  - on an H200, then v59's `table` (and the LayerNorm-5000 sweep).
set -uo pipefail
cd "$(dirname "$0")/../../../../.."   # the repository root on the device
export PYTHONUNBUFFERED=1 CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
name=$(nvidia-smi --query-gpu=name --format=csv,noheader); echo "$name"
W=$OUT/sem; mkdir -p $W
TESSERA_DEPS_INCLUDE_DIR=$PWD/gpu-ab/v49/deps BUILD_DIR=/tmp/rtsem timeout -k 5 200 \
  bash test/gpu/semantics.sh check $PWD/gpu-ab/v61/sem > $W/semantics.txt 2>&1
echo "semantics exit $?"; grep -E "check_interp|passed|failed|FAIL" $W/semantics.txt | tail -18
grep -A7 "^Rows: max" $W/semantics.txt
if grep -q H200 <<<"$name" && [ -d gpu-ab/v59 ]; then
  bash test/gpu/results/v59/scripts/calls.sh table
fi
