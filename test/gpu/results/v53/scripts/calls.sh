#!/usr/bin/env bash
# v53 (prepared in stop 52): carry gpu-ab/v49/deps (the runtime's headers,
# results/v49/scripts/trees.sh) and gpu-ab/v53 (rope/ = TESSERA_CACHE_DIR of
# `rope_ab.py --precompile`, run on this machine with /usr/bin/python3).
# rope (either card, ~60 s of work): rope_ab.py. Prediction: the heads-fastest
# grid >= 1.02x the file's at 4096x4096 and 16384x1024 in both dtypes (the
# file's kernel: 90-93 % of the 1 GiB copy, 95-99 % of a same-size one, v52
# call 4; its neighbouring CTAs read 256-byte slices 8 KB x H apart, Inductor's
# kernel streams the tensor in order), within 1 % at 16384x8192; the five
# configs within 2 % of each other in each form.
set -uo pipefail
cd "$(dirname "$0")/../../../../.."   # the repository root on the device
export PYTHONUNBUFFERED=1 CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
source test/gpu/results/runtime.sh   # runtime DEPS: the Python package's runtime
case ${1:?call} in
  rope)
    nvidia-smi --query-gpu=name --format=csv,noheader
    runtime "$PWD/gpu-ab/v49/deps"
    W=$OUT/rope; mkdir -p $W
    TESSERA_CACHE_DIR=$PWD/gpu-ab/v53/rope PYTHONPATH=$PWD/python timeout -k 5 300 \
      python3 test/gpu/results/v53/scripts/rope_ab.py 2>&1 | grep -v -i warn > $W/rope.txt
    echo "rope exit $?"; cat $W/rope.txt ;;
  # Stop 53 (carry gpu-ab/v49/deps, gpu-ab/v53 and gpu-ab/v54). `all`, either
  # card: rope, then test/gpu/semantics.sh check on gpu-ab/v54/sem (prepared
  # with the reductions to a scalar and the stores of one element:
  # interp/scalar_reductions). Prediction: every semantics case passes,
  # scalar_reductions within its tolerances (Range, Peak, Count exact).
  all)
    bash "$0" rope
    W=$OUT/sem; mkdir -p $W
    TESSERA_DEPS_INCLUDE_DIR=$PWD/gpu-ab/v49/deps BUILD_DIR=/tmp/rt timeout -k 5 200 \
      bash test/gpu/semantics.sh check $PWD/gpu-ab/v54/sem \
      > $W/semantics.txt 2>&1
    echo "semantics exit $?"; grep -E "PASS|FAIL|passed|failed|error" $W/semantics.txt | tail -40 ;;
  # `h200` (an H200 only, the bars' card): issue 13's table on main's kernels
  # (gpu-ab/v54/py-cache: check_membound.py --precompile at e68831f; the
  # same PTX at this call's tree) and v42 call 5's LayerNorm-5000 sweep
  # (gpu-ab/v54/lnsweep). Prediction: the table as v47's H200 run (39 of 66
  # rows) plus the RMSNorm 4096x4096 rows; the sweep as v42 call 5's.
  h200)
    nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 ||
      { echo "not an H200: no table, no sweep"; exit 0; }
    runtime "$PWD/gpu-ab/v49/deps"
    W=$OUT/h200; mkdir -p $W
    TESSERA_CACHE_DIR=$PWD/gpu-ab/v54/py-cache PYTHONPATH=$PWD/python timeout -k 5 150 \
      python3 test/gpu/check_membound.py --out $W/membound > $W/membound.txt 2>&1
    echo "membound exit $?"; cat $W/membound/membound.md 2>/dev/null || tail -20 $W/membound.txt
    TESSERA_CACHE_DIR=$PWD/gpu-ab/v54/lnsweep PYTHONPATH=$PWD/python timeout -k 5 240 \
      python3 test/gpu/check_membound.py --sweep --ops layer_norm --widths 5000 \
      --blocks 5120 --budget 200 --top 10 2>&1 | grep -v -i warn > $W/lnsweep.txt
    echo "lnsweep exit $?"; cat $W/lnsweep.txt ;;
esac
