#!/usr/bin/env bash
# v23 call 5: causal FA2 with its query blocks in reverse order (the
# heaviest first; _new) against the grid's order (_old), same configs
# otherwise: correctness at a ragged and a large shape, then every config
# timed with the peers in one process, per-config table kept.
set -uo pipefail
cd "$(dirname "$0")/../../../../.."
export PYTHONUNBUFFERED=1 CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
export TESSERA_DEPS_INCLUDE_DIR=$PWD/build/deps
log() { echo "[$(date -u +%T) +${SECONDS}s] $*"; }
[ -x build/gpu/bin/tessera-bench ] || { cmake -G Ninja -S . -B build/gpu -DTESSERA_RUNTIME_ONLY=ON -DCMAKE_BUILD_TYPE=Release \
  -DCUDA_HOME="$CUDA_HOME" -DTESSERA_ENABLE_UNITTESTS=OFF -DCMAKE_CXX_COMPILER=g++ \
  -DCMAKE_C_COMPILER=gcc >/dev/null 2>&1 && cmake --build build/gpu --target tessera-bench TesseraRuntimeShared >/dev/null 2>&1; }
export TESSERA_RUNTIME_LIB=$(find build/gpu -name libtessera_runtime.so -print -quit)
W=$(mktemp -d)
for d in 64 128; do
  timeout -k 5 60 build/gpu/bin/tessera-bench --causal ab/fa2_d${d}_*.json \
    --shape 1,3,200,$d --shape 2,8,4096,$d --warmup 2 --iters 5 --csv "$W/correct-d$d.csv" >/dev/null 2>&1
  log "correctness D=$d exit $?"
done
cat $W/correct-*.csv | grep -v "^kernel" | awk -F, '{print $2, $4","$5","$6","$7, $9, $10}'
timeout -k 5 330 python3 tools/peers.py --fa2 ab --shapes 4,16,4096,64,causal 2,16,8192,64,causal \
  4,32,2048,64,causal 4,16,4096,128,causal 2,16,8192,128,causal 1,16,16384,128,causal \
  --out "$W/peers" --warmup 5 --iters 50 --budget-ms 300 >"$W/peers.log" 2>&1
log "peers exit $?"; tail -9 "$W/peers.log"
cp $W/peers/peers.json $OUT/peers.json; cp $W/peers/peers.md $OUT/peers.md
tar -czf $OUT/run5.tgz -C $W .
