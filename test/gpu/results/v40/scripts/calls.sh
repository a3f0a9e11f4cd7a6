#!/usr/bin/env bash
# v40: the calls of this version, on tree gpu-ab/v40 (git-ignored):
# sweep1024 = check_membound.py --precompile sm_90a --sweep --ops
# layer_norm,rms_norm,softmax --widths 1024 (candidates with 8 rows a
# program added); deps = nlohmann/ and CLI/.
set -uo pipefail
cd "$(dirname "$0")/../../../../.."   # the repository root on the device
T=gpu-ab/v40
export PYTHONUNBUFFERED=1 CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
source test/gpu/results/runtime.sh
case ${1:?call} in
  1) # the row ops' candidates at 16384x1024 and 4096x1024, torch.compile's
     # kernel timed after each shape's candidates
     runtime $PWD/$T/deps
     nvidia-smi --query-gpu=name --format=csv,noheader
     TESSERA_CACHE_DIR=$PWD/$T/sweep1024 PYTHONPATH=$PWD/python timeout 500 \
       python3 test/gpu/check_membound.py --sweep --ops layer_norm,rms_norm,softmax \
       --widths 1024 --budget 420 --top 10 > $OUT/sweep.txt 2>&1; echo "sweep exit $?"
     cat $OUT/sweep.txt ;;
  # (call 2: call 1's sweep twice more, layer_norm and softmax, --top 4)
  3) # every check and timed row of check_membound.py with LayerNorm's new
     # 1024 entry (its kernels precompiled into sweep1024 at that commit)
     runtime $PWD/$T/deps
     nvidia-smi --query-gpu=name --format=csv,noheader
     TESSERA_CACHE_DIR=$PWD/$T/sweep1024 PYTHONPATH=$PWD/python timeout 560 \
       python3 test/gpu/check_membound.py --budget 500 --out $OUT > $OUT/membound.txt 2>&1
     echo "exit $?"; tail -3 $OUT/membound.txt ;;
esac
