#!/usr/bin/env bash
# v35 call 1 (tree gpu-ab/v36 of main d6de098, 35 MB: gpu-out/ = compile-configs.sh's
# 110 configs + gemm + gemm_wP, gpu-old/ = v34's (0e92089) 128x128 D=128 _poP/_woP/_pP/_o
# and gemm, gpu-sem/, build/py-cache/ for check_backward, check_membound and
# check_distributed, exp-out/ = v34's norm kernels o_* / n_*): the whole
# run_all.sh on the compiler with the in-bounds copies (v34: norms; v35: the
# dot kernels' epilogue stores) and FA2's reciprocal normalization, none of
# which has run on a GPU yet.
# Prediction: every correctness, semantics and sanitizer check passes (the
# reciprocal changes Out by at most an f16 ulp where it flips a rounding);
# FA2 D=128 +2-6 % at N <= 2048 over v31 call 3's table, +0-2 % at N >= 8192;
# membound: LayerNorm 1024 >= 1.0x torch.compile (was 0.93x).
set -uo pipefail
cd "$(dirname "$0")/../../../../.."
export PYTHONUNBUFFERED=1 CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
TIME_BUDGET=${TIME_BUDGET:-570} TESSERA_DEPS_INCLUDE_DIR=$PWD/build/deps OUT=$OUT/v35c1 \
  bash test/gpu/run_all.sh gpu-out > $OUT/run_all.txt 2>&1
echo "run_all exit $?"; tail -60 $OUT/run_all.txt
