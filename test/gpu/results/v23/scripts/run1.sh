#!/usr/bin/env bash
# v23 call 1: the norms' sweep with several rows a program at every width
# (ROWS 1, 2, 4 up to 64 elements a thread) and a 56-register cap, LayerNorm's
# B its own tensor (gpu-ab/ln1: check_membound.py --sweep).
set -uo pipefail
cd "$(dirname "$0")/../../../../.."   # gpu-ab/ln1
export TREE=$PWD PYTHONUNBUFFERED=1 CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
source "$TREE/test/gpu/results/v20/scripts/runtime.sh"
export PYTHONPATH=$TREE/python TESSERA_CACHE_DIR=$TREE/build/py-cache
timeout 330 python3 test/gpu/check_membound.py --sweep --ops layer_norm,rms_norm --budget 300 > $OUT/sweep.txt 2>&1
echo "sweep exit $?"; cat $OUT/sweep.txt
