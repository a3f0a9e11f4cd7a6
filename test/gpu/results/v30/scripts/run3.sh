#!/usr/bin/env bash
# v30 call 3: run_all.sh on main 28c2f2e + the chained rotation (gpu-ab/v31: the tree's sources;
# gpu-out from tools/compile-configs.sh, 104 configs, _wo/_woP/_poP with
# the masked loop continuing the unmasked one's deferred P·V, plus kernels/gemm.tile's default;
# gpu-sem from semantics.sh prepare; build/py-cache filled by check_backward,
# check_membound, check_distributed and check_ops --precompile sm_90a).
set -uo pipefail
cd "$(dirname "$0")/../../../../.."   # gpu-ab/v31
export TREE=$PWD PYTHONUNBUFFERED=1 CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
mkdir -p $OUT/runall
OUT=$OUT/runall TIME_BUDGET=575 TESSERA_DEPS_INCLUDE_DIR=$TREE/build/deps \
  bash test/gpu/run_all.sh gpu-out > $OUT/runall.txt 2>&1
echo "run_all exit $?"; tail -60 $OUT/runall.txt
cd $OUT && tar czf runall.tgz runall.txt runall && ls -la
