#!/usr/bin/env bash
# v28 call 1: run_all.sh on main 8d5ef31 (gpu-ab/v28: the tree's sources at
# 8d5ef31; gpu-out from tools/compile-configs.sh, 104 configs: the v27
# sweep's 98 plus `_wo`/`_woP`/`_poP` at D=128 128x128 (d30f606), every one
# with the row max from the raw scores (b4f8c3a), plus kernels/gemm.tile's
# default; gpu-sem from semantics.sh prepare; build/py-cache filled by
# check_backward, check_membound and check_distributed --precompile sm_90a).
set -uo pipefail
cd "$(dirname "$0")/../../../../.."   # gpu-ab/v28
export TREE=$PWD PYTHONUNBUFFERED=1 CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
OUT=$OUT/runall TIME_BUDGET=560 TESSERA_DEPS_INCLUDE_DIR=$TREE/build/deps \
  bash test/gpu/run_all.sh gpu-out > $OUT/runall.txt 2>&1
echo "run_all exit $?"; tail -80 $OUT/runall.txt
cd $OUT && tar czf runall.tgz runall.txt runall && ls -la
