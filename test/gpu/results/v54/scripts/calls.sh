#!/usr/bin/env bash
# v54 (stop 53): carry gpu-ab/v49/deps (the runtime's headers) and gpu-ab/v55
# (py-cache = check_membound.py --precompile sm_90a, sem = test/gpu/semantics.sh
# prepare, both at the commit that turned kernels/rotary.tile's grid heads
# first). Either card, ~150 s of work: issue 13's table on main's kernels,
# then semantics.sh check (every case, scalar_reductions at N = 296: 16-byte
# rows). Prediction (H100, against v52 call 4 and v53): RoPE 4096x4096
# +3-4 % (f16 ~1.02x compile, bf16 ~0.98x), 16384x8192 +3 % (f16 ~1.03x,
# bf16 ~0.99x), 16384x1024 and 4096x1024 within 1 %; the other rows as v52
# call 4 within +-2 %; semantics: every case passes.
set -uo pipefail
cd "$(dirname "$0")/../../../../.."   # the repository root on the device
export PYTHONUNBUFFERED=1 CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
source test/gpu/results/runtime.sh   # runtime DEPS: the Python package's runtime
case ${1:?call} in
  table)
    nvidia-smi --query-gpu=name --format=csv,noheader
    runtime "$PWD/gpu-ab/v49/deps"
    W=$OUT/table; mkdir -p $W
    TESSERA_CACHE_DIR=$PWD/gpu-ab/v55/py-cache PYTHONPATH=$PWD/python timeout -k 5 200 \
      python3 test/gpu/check_membound.py --out $W > $W/membound.txt 2>&1
    echo "membound exit $?"; grep -E "copy bandwidth|rotary|bars" $W/membound.md | head -20
    TESSERA_DEPS_INCLUDE_DIR=$PWD/gpu-ab/v49/deps BUILD_DIR=/tmp/rtsem timeout -k 5 200 \
      bash test/gpu/semantics.sh check $PWD/gpu-ab/v55/sem > $W/semantics.txt 2>&1
    echo "semantics exit $?"; grep -E "check_interp|passed|failed" $W/semantics.txt | tail -14 ;;
  # tutorial (either card; carry gpu-ab/v49/deps and gpu-ab/v56: tut = the
  # membound py-cache of gpu-ab/v55 plus tutorial_ln.py --precompile): Triton's
  # layer-norm tutorial in its 1-D form against tessera.ops.layer_norm.
  # Prediction: the tutorial form within 0.85-1.0x of tessera.ops at 4096x4096
  # and 16384x8192 (one row a program, W and B read after the reduction as
  # there; the 2-D entries take two rows a program at 4096), within 0.9-1.05x
  # at 1024 (NORM_CONFIGS' 1024 entry: two rows over 4 warps at 32 registers;
  # the tutorial: one row over 4 warps); no row wrong (max diff vs eager
  # within f16/bf16 rounding).
  tutorial)
    nvidia-smi --query-gpu=name --format=csv,noheader
    runtime "$PWD/gpu-ab/v49/deps"
    W=$OUT/tutorial; mkdir -p $W
    TESSERA_CACHE_DIR=$PWD/gpu-ab/v56/tut PYTHONPATH=$PWD/python timeout -k 5 300 \
      python3 test/gpu/results/v54/scripts/tutorial_ln.py 2>&1 | grep -v -i warn > $W/tutorial.txt
    echo "tutorial exit $?"; cat $W/tutorial.txt ;;
esac
