#!/usr/bin/env bash
# v31 call 3: run_all.sh on main b12071f (gpu-ab/v32: the tree's sources;
# gpu-out from tools/compile-configs.sh, 104 configs, plus kernels/gemm.tile's
# default; gpu-sem from semantics.sh prepare, rotation_edges with its new Out
# tolerance; build/py-cache filled by check_backward, check_membound,
# check_distributed and check_ops --precompile sm_90a).
# Prediction (before the run): every step passes (208/208 correct, semantics
# with rotation_edges, sanitizer clean); the D=128 table's 128x128 _poP/_woP
# fastest at N <= 4096 (+5-10 % on v30 call 3), peers 0.88-0.92x cuDNN at
# [8,16,2048,128], 0.97-1.03x at N >= 8192.
set -uo pipefail
cd "$(dirname "$0")/../../../../.."   # gpu-ab/v32
export TREE=$PWD PYTHONUNBUFFERED=1 CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
mkdir -p $OUT/runall
OUT=$OUT/runall TIME_BUDGET=540 TESSERA_DEPS_INCLUDE_DIR=$TREE/build/deps \
  bash test/gpu/run_all.sh gpu-out > $OUT/runall.txt 2>&1
echo "run_all exit $?"; tail -60 $OUT/runall.txt
cd $OUT && tar czf runall.tgz runall.txt runall && ls -la
