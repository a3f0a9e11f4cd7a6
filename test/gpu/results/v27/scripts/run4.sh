#!/usr/bin/env bash
# v27 call 4, main c0bd709 (= b830862's compiler): (1) tools/peers.py on
# PERF.md's shapes with the 98 configs of tools/compile-configs.sh (the
# first peers run with v26's mirrored-pair persistent schedule); (2)
# check_membound.py on the precompiled cache: every row op against fp64,
# the WIDE rows included, where softmax's LOOPED kernel (online softmax per
# lane, rows past 16384 columns) runs on the GPU for the first time.
set -uo pipefail
cd "$(dirname "$0")/../../../../.."   # gpu-ab/v27b
export TREE=$PWD PYTHONUNBUFFERED=1 CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
log() { echo "[$(date -u +%T) +${SECONDS}s] $*"; }
source test/gpu/results/v25/scripts/runtime.sh
log "runtime built"
export PYTHONPATH=$TREE/python:$TREE/tools
W=$OUT/v27c4; mkdir -p $W
timeout -k 5 200 python3 tools/peers.py --fa2 gpu-out --fa1 gpu-out --out $W/peers --warmup 5 --iters 50 \
  --budget-ms 400 > $W/peers.log 2>&1
log "peers exit $?"; cat $W/peers/peers.md
TESSERA_CACHE_DIR=$TREE/build/py-cache timeout -k 5 200 python3 test/gpu/check_membound.py --out $W/membound > $W/membound.log 2>&1
log "membound exit $?"; grep -v "^ *$" $W/membound.log | grep -iE "fail|error|pass|checks|wide|20000|16411" | head -40
cd $OUT && tar czf v27c4.tgz v27c4 && rm -rf v27c4
