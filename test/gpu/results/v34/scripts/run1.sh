#!/usr/bin/env bash
# v34 call 1 (tree gpu-ab/v35 of main 0e92089, 51 MB: gpu-out/ = compile-configs.sh's
# 104 configs + gemm, gpu-sem/, build/py-cache/ precompiled for check_backward,
# check_membound and check_distributed, exp-out/): the whole run_all.sh on the
# compiler with tilegpu-version-in-bounds and every change since a269eaf
# (e8da0e5 bounds compare, a470cc1 chained sums, bacb016 rsqrt.approx,
# 0c2134a paired rounding), none of which has run on a GPU yet.
# Prediction: every correctness and semantics check passes, sanitizers clean;
# FA2/GEMM within run-to-run spread of v32 (their PTX changed only by the
# bounds compare); membound: LayerNorm 1024 >= 1.0x torch.compile (was 0.93x),
# the others as in RESULTS v34.
set -uo pipefail
cd "$(dirname "$0")/../../../../.."
export PYTHONUNBUFFERED=1 CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
TIME_BUDGET=570 TESSERA_DEPS_INCLUDE_DIR=$PWD/build/deps OUT=$OUT/v34c1 \
  bash test/gpu/run_all.sh gpu-out > $OUT/run_all.txt 2>&1
echo "run_all exit $?"; tail -60 $OUT/run_all.txt
