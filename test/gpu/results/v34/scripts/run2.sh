#!/usr/bin/env bash
# v34 call 2 (same tree): the norms before and after this stop, in one
# process on the same tensors (v33's exp.py, 2 runs): o_* = NORM_CONFIGS'
# kernels of main f07d222 (v34's n_*), n_* = 0e92089's (the in-bounds copy;
# LayerNorm 8192 as one row over 16 warps), with n_ln_8192_r2w16c64 (2 rows,
# cap 64: spills 24 B) and n_ln_8192_r2w16c72 (cap 72: 8 B) for the config
# question; every kernel's max error against an fp32 reference is printed.
# Prediction: n over o +6-12 % LayerNorm 1024, +3-8 % 4096, -5..+5 % 8192,
# RMSNorm +2-6 %; errors as o_*'s (<= 2e-3 for f16 outputs of magnitude ~4).
set -uo pipefail
cd "$(dirname "$0")/../../../../.."
export PYTHONUNBUFFERED=1 CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
source test/gpu/results/v25/scripts/runtime.sh
for i in 1 2; do
  ONLY=o,n timeout -k 5 250 python3 test/gpu/results/v33/scripts/exp.py exp-out > $OUT/time$i.txt 2>&1
  echo "exp.py exit $?"; grep -E "GB/s|Error|error" $OUT/time$i.txt
done
