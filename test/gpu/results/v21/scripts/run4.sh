#!/usr/bin/env bash
# v21 call 4: the final tree (GQA/MQA, no materialized Lse gradient):
# run1.sh's checks and bench, then host_parts.py.
set -uo pipefail
cd "$(dirname "$0")/../../../../.."   # the tree copy (gpu-ab/final)
bash test/gpu/results/v21/scripts/run1.sh
export TREE=$PWD PYTHONUNBUFFERED=1
export TESSERA_CACHE_DIR=$TREE/build/py-cache TESSERA_TORCH_EXTENSION=1
export TESSERA_RUNTIME_LIB=$(find $TREE/build/gpu -name libtessera_runtime.so -print -quit)
timeout 200 python3 test/gpu/results/v21/scripts/host_parts.py > $OUT/host_parts.txt 2>&1
echo "host_parts exit $?"; head -12 $OUT/host_parts.txt
