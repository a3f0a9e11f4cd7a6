#!/usr/bin/env bash
# v57 (stop 54): carry gpu-ab/v49/deps (the runtime's headers), gpu-ab/v56
# (tut = check_membound.py --precompile sm_90a at 72e18ac, whose membound PTX
# is byte-identical at cf01855, plus tutorial_ln.py --precompile) and
# gpu-ab/v54/lnsweep (v42 call 5's LayerNorm hidden-5000 sweep) and
# gpu-ab/v57 (sem = test/gpu/semantics.sh prepare with builtins.tile's new
# sin, cos, erf, pow, fma and clamp slices, the new atomics.tile, and
# NAME.before.npy of inout tensors: check_interp now compares them).
# `all`, either card (~7-9 min of work on an H200, ~4 on an H100):
#  - semantics.sh check on gpu-ab/v57/sem. Prediction: every case passes;
#    builtins F[14..17] (libdevice) within 2-4 f32 ulp of the interpreter's
#    glibc values (<= 3e-7 absolute), F[18], F[19] and J exact, G within an
#    f16 ulp; atomics: Count, Hist exact, ColSum and C within 1e-5 of the
#    interpreter's sums; scalar_reductions' Acc (inout, compared for the
#    first time) within its 1e-6 + 1e-5 relative.
#  - on an H200 only (the issue's card): issue 13's table on main's kernels,
#    then the LayerNorm-5000 sweep. Prediction: as v47's H200 table (39 of 66
#    rows) plus the rows the H100 gained since (RMSNorm 4096x4096, RoPE f16
#    4096x4096): 40-42 of 66; the copy ~4.2 TB/s; the sweep as v42 call 5's.
#  - on an H100: v54 call 2 (results/v54/scripts/calls.sh tutorial):
#    Triton's layer-norm tutorial in its 1-D form against
#    tessera.ops.layer_norm (prediction there).
set -uo pipefail
cd "$(dirname "$0")/../../../../.."   # the repository root on the device
export PYTHONUNBUFFERED=1 CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
source test/gpu/results/runtime.sh   # runtime DEPS: the Python package's runtime
case ${1:?call} in
  # `h200` (after `all` ran on an H100): the H200 half alone; on another card
  # nothing (the H100 half ran: RESULTS v57).
  # The table first (the bars), then the sweep: what device time is left
  # may not cover both.
  h200)
    nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 ||
      { echo "not an H200: nothing to run"; exit 0; }
    runtime "$PWD/gpu-ab/v49/deps"
    W=$OUT/h200; mkdir -p $W
    TESSERA_CACHE_DIR=$PWD/gpu-ab/v56/tut PYTHONPATH=$PWD/python timeout -k 5 200 \
      python3 test/gpu/check_membound.py --out $W/membound > $W/membound.txt 2>&1
    echo "membound exit $?"; grep -E "copy bandwidth" $W/membound/membound.md | head -2
    grep -c "| pass |" $W/membound/membound.md
    TESSERA_CACHE_DIR=$PWD/gpu-ab/v54/lnsweep PYTHONPATH=$PWD/python timeout -k 5 160 \
      python3 test/gpu/check_membound.py --sweep --ops layer_norm --widths 5000 \
      --blocks 5120 --budget 120 --top 10 2>&1 | grep -v -i warn > $W/lnsweep.txt
    echo "lnsweep exit $?"; tail -14 $W/lnsweep.txt ;;
  all)
    name=$(nvidia-smi --query-gpu=name --format=csv,noheader); echo "$name"
    runtime "$PWD/gpu-ab/v49/deps"
    W=$OUT/sem; mkdir -p $W
    TESSERA_DEPS_INCLUDE_DIR=$PWD/gpu-ab/v49/deps BUILD_DIR=/tmp/rtsem timeout -k 5 200 \
      bash test/gpu/semantics.sh check $PWD/gpu-ab/v57/sem > $W/semantics.txt 2>&1
    echo "semantics exit $?"; grep -E "check_interp|passed|failed" $W/semantics.txt | tail -14
    grep -A28 "^F: max" $W/semantics.txt | head -40
    if grep -q H200 <<<"$name"; then
      bash "$0" h200
      exit 0
    fi
    W=$OUT/tutorial; mkdir -p $W
    TESSERA_CACHE_DIR=$PWD/gpu-ab/v56/tut PYTHONPATH=$PWD/python timeout -k 5 150 \
      python3 test/gpu/results/v54/scripts/tutorial_ln.py 2>&1 | grep -v -i warn > $W/tutorial.txt
    echo "tutorial exit $?"; cat $W/tutorial.txt ;;
esac
