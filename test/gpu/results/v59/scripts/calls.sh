#!/usr/bin/env bash
# v59 (stop 55): carry gpu-ab/v49/deps (the runtime's headers), gpu-ab/v59
# (wide = ab_wide.py --precompile: the row ops at 32768 and 20000 columns,
# LOOPED_CONFIGS' kernels and whole-row tiles of 32768 and 24576 columns)
# and, for an H200, v57's trees (gpu-ab/v56, gpu-ab/v54/lnsweep).
# `all`, either card:
#  - on an H200 only: v57's H200 half first (issue 13's table on main's
#    kernels, the LayerNorm-5000 sweep; prediction there).
#  - ab_wide.py. Prediction (H100, copy ~3030 GB/s): the LOOPED kernels as
#    v54's table (softmax ~2390 GB/s, LayerNorm ~2560, RMSNorm ~2770 at
#    4096x32768); a whole 32768 tile over 32 warps (one CTA an SM, 64
#    registers, X read once) 2750-2950 GB/s for softmax and RMSNorm, so
#    1.1-1.2x softmax's LOOPED kernel and 1.03-1.07x RMSNorm's, >= 1.0x
#    torch.compile (v54: 2004, 3015); LayerNorm's spills 48-60 B and runs
#    within 5 % of RMSNorm's; over 16 warps (128 registers, 512 threads an
#    SM) 10-20 % slower than over 32. At 20000 columns the 24576 tile
#    within 3 % of the 32768 one (the masked lanes load nothing).
set -uo pipefail
cd "$(dirname "$0")/../../../../.."   # the repository root on the device
export PYTHONUNBUFFERED=1 CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
source test/gpu/results/runtime.sh   # runtime DEPS: the Python package's runtime
case ${1:?call} in
  all)
    name=$(nvidia-smi --query-gpu=name --format=csv,noheader); echo "$name"
    if grep -q H200 <<<"$name"; then
      bash test/gpu/results/v57/scripts/calls.sh h200
    else
      runtime "$PWD/gpu-ab/v49/deps"
    fi
    W=$OUT/wide; mkdir -p $W
    PYTHONPATH=$PWD/python timeout -k 5 300 python3 test/gpu/results/v59/scripts/ab_wide.py \
      $PWD/gpu-ab/v59/wide 2>&1 | grep -v -i warn > $W/ab_wide.txt
    echo "ab_wide exit ${PIPESTATUS[0]}"; cat $W/ab_wide.txt ;;
  # After `all` (an H100: round 1 in results/v59/wide/round1.txt): 16 warps
  # won at 32768 columns, the masked (ragged) rows stayed slow. Round 2 (f16):
  # whole tiles of N rounded up to 4096 over 16 warps, in bounds at 20480 and
  # 24576, ragged at 20000, 28000, 32000, and the 32768 tile, against
  # LOOPED_CONFIGS'. Prediction: in bounds 2850-2950 GB/s (94-97 % of an
  # H100's copy), 1.1-1.3x the LOOPED kernels; ragged rows as round 1's
  # 20000 (RMSNorm's whole tile 1.2x its LOOPED kernel, LayerNorm's 0.85x,
  # softmax's about equal).
  # After round 2: NORM_CONFIGS' one row over 16 warps up to 32768 columns
  # (tiles of N rounded up to 4096), LOOPED past that; gpu-ab/v59/tut =
  # check_membound.py --precompile sm_90a with them. check_membound.py in
  # full on either card: every check passes (the new WIDE rows: ragged rows
  # in a 20480 tile and past 32768 columns, both dtypes, 16- and 2-byte
  # accesses); the 4096x32768 rows as round 1's 16-warp tiles (2880-2980
  # GB/s on an H100), the new 1024x131072 rows (LOOPED) at 75-90 % of the
  # copy; the other rows as v54's (their kernels are unchanged).
  # `wide`: the same check's WIDE_TIMED and WIDE rows only (--wide), where
  # device time does not cover the table (same prediction). On an H200,
  # `table` is issue 13's table on main's kernels (v57's `h200` would run it
  # with gpu-ab/v56's cache, which lacks the new tiles), then v57's
  # LayerNorm-5000 sweep (carry gpu-ab/v54/lnsweep too).
  table|wide)
    name=$(nvidia-smi --query-gpu=name --format=csv,noheader); echo "$name"
    runtime "$PWD/gpu-ab/v49/deps"
    W=$OUT/$1; mkdir -p $W
    rows=(); [ "$1" = wide ] && rows=(--wide --ops softmax,layer_norm,rms_norm)
    TESSERA_CACHE_DIR=$PWD/gpu-ab/v59/tut PYTHONPATH=$PWD/python timeout -k 5 300 \
      python3 test/gpu/check_membound.py "${rows[@]}" --out $W > $W/membound.txt 2>&1
    echo "membound exit $?"; head -1 $W/membound.md
    grep -c "| pass |" $W/membound.md; grep -E "x32768|x131072|FAIL|no kernel" $W/membound.md
    grep -E "20000|16411|40000|32779" $W/membound.md
    if [ "$1" = table ] && grep -q H200 <<<"$name" && [ -d gpu-ab/v54/lnsweep ]; then
      TESSERA_CACHE_DIR=$PWD/gpu-ab/v54/lnsweep PYTHONPATH=$PWD/python timeout -k 5 160 \
        python3 test/gpu/check_membound.py --sweep --ops layer_norm --widths 5000 \
        --blocks 5120 --budget 120 --top 10 2>&1 | grep -v -i warn > $W/lnsweep.txt
      echo "lnsweep exit $?"; tail -14 $W/lnsweep.txt
    fi ;;
  round2)
    nvidia-smi --query-gpu=name --format=csv,noheader
    runtime "$PWD/gpu-ab/v49/deps"
    W=$OUT/wide; mkdir -p $W
    PYTHONPATH=$PWD/python timeout -k 5 300 python3 test/gpu/results/v59/scripts/ab_wide.py \
      $PWD/gpu-ab/v59/wide 2 2>&1 | grep -v -i warn > $W/round2.txt
    echo "ab_wide exit ${PIPESTATUS[0]}"; cat $W/round2.txt ;;
esac
