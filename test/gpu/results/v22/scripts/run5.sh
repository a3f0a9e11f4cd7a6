#!/usr/bin/env bash
# v22 call 5: 1024-column rows with the warps along the rows (explore3.py, the
# tree gpu-ab/rows), and in the same call the current layouts' times of the row
# ops (ab.py on gpu-ab/final: NORM_CONFIGS, warps along the columns).
set -uo pipefail
cd "$(dirname "$0")/../../../../.."   # gpu-ab/rows
export TREE=$PWD PYTHONUNBUFFERED=1 CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
source "$TREE/test/gpu/results/v20/scripts/runtime.sh"
(cd $TREE/../final && PYTHONPATH=$PWD/python TESSERA_CACHE_DIR=$PWD/build/py-cache timeout 60 \
  python3 $TREE/test/gpu/results/v22/scripts/ab.py columns softmax,layer_norm,rms_norm 2>&1 | grep 1024 | grep -v -i warn)
export PYTHONPATH=$TREE/python TESSERA_CACHE_DIR=$TREE/build/py-cache
timeout 120 python3 test/gpu/results/v22/scripts/explore3.py 2>&1 | grep -v -i "warn" > $OUT/explore3.txt
echo "exit $?"; cat $OUT/explore3.txt
