#!/usr/bin/env bash
# v23 call 6: run_all.sh on the session's final tree (gpu-ab/final: gpu-out
# from tools/compile-configs.sh, 88 configs with the _p ones, + gemm,
# gpu-sem, build/py-cache, build/deps).
set -uo pipefail
cd "$(dirname "$0")/../../../../.."   # gpu-ab/final
export TREE=$PWD PYTHONUNBUFFERED=1 CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
OUT=$OUT/runall TIME_BUDGET=${TIME_BUDGET:-480} TESSERA_DEPS_INCLUDE_DIR=$TREE/build/deps \
  bash test/gpu/run_all.sh gpu-out > $OUT/runall.txt 2>&1
echo "run_all exit $?"; tail -70 $OUT/runall.txt
