#!/usr/bin/env bash
# v24 call 1: run_all.sh on main d6febd5 (gpu-ab/final: the tree's sources at
# d6febd5; gpu-out from tools/compile-configs.sh with gemm, 88 configs with the
# ping-pong `_p` ones; gpu-sem; build/py-cache filled by check_backward,
# check_membound and check_distributed --precompile sm_90a; build/deps). The
# first run_all of the causal heaviest-first order in fa2.tile/fa2_bnhd.tile
# (flash_attn_func's forward and backward: step f2).
set -uo pipefail
cd "$(dirname "$0")/../../../../.."   # gpu-ab/final
export TREE=$PWD PYTHONUNBUFFERED=1 CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
OUT=$OUT/runall TIME_BUDGET=560 TESSERA_DEPS_INCLUDE_DIR=$TREE/build/deps \
  bash test/gpu/run_all.sh gpu-out > $OUT/runall.txt 2>&1
echo "run_all exit $?"; tail -80 $OUT/runall.txt
