#!/usr/bin/env bash
# v26 call 1: run_all.sh on main d9295fc (gpu-ab/v26: the tree's sources at
# d9295fc; gpu-out from tools/compile-configs.sh, 98 configs with the
# persistent `P` ones, plus kernels/gemm.tile's default; gpu-sem from
# semantics.sh prepare; build/py-cache filled by check_backward,
# check_membound and check_distributed --precompile sm_90a; build/deps).
# The first run_all of the persistent grid (v25).
set -uo pipefail
cd "$(dirname "$0")/../../../../.."   # gpu-ab/v26
export TREE=$PWD PYTHONUNBUFFERED=1 CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
OUT=$OUT/runall TIME_BUDGET=560 TESSERA_DEPS_INCLUDE_DIR=$TREE/build/deps \
  bash test/gpu/run_all.sh gpu-out > $OUT/runall.txt 2>&1
echo "run_all exit $?"; tail -80 $OUT/runall.txt
cd $OUT && tar czf runall.tgz runall.txt runall && ls -la
