#!/usr/bin/env bash
# v24 call 3: call 2's semantics check and 5000-column sweep again, fixed:
# semantics.sh in its own build folder (call 2 shared build/gpu, and the
# device's CC made cmake drop its cache and the runtime-only option), the
# sweep going on past a candidate that cannot launch (24 warps at 84
# registers: 768 threads over the SM's registers a block).
set -uo pipefail
cd "$(dirname "$0")/../../../../.."   # the tree copy
export PYTHONUNBUFFERED=1 CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
log() { echo "[$(date -u +%T) +${SECONDS}s] $*"; }
source test/gpu/results/v24/scripts/runtime.sh
BUILD_DIR=$PWD/build/sem timeout -k 5 200 test/gpu/semantics.sh check gpu-sem > $OUT/semantics.txt 2>&1
log "semantics exit $?"; grep -v ": PASS$" $OUT/semantics.txt | tail -12
W=$(mktemp -d)
tar xzf sweep-cache.tgz -C $W
TESSERA_CACHE_DIR=$W/py-cache PYTHONPATH=$PWD/python timeout -k 5 200 python3 test/gpu/check_membound.py \
  --sweep --widths 5000 --ops softmax,layer_norm,rms_norm --budget 180 > $OUT/sweep5000.txt 2>&1
log "sweep exit $?"; grep -v "cannot launch\|threads, but" $OUT/sweep5000.txt | tail -16
