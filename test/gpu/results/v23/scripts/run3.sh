#!/usr/bin/env bash
# v23 call 3: ping-pong (PING_PONG=true, tilegpu-ping-pong) against the same
# warp-specialized configs without it (ab/: fa2 D=64 128x128 w8 and 192x128
# w12, D=128 128x128 w8, 128x64 w8 and 192x64 w12, causal and not; _w
# without, _p with). Correctness at a ragged and a large shape,
# compute-sanitizer on two _p kernels, then timings with the peers in one
# process (tools/peers.py). Runs in the tree it sits in (gpu-ab/pp).
set -uo pipefail
cd "$(dirname "$0")/../../../../.."
ROOT=$PWD
export PYTHONUNBUFFERED=1 CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
export TESSERA_DEPS_INCLUDE_DIR=$ROOT/build/deps
log() { echo "[$(date -u +%T) +${SECONDS}s] $*"; }
cmake -G Ninja -S . -B build/gpu -DTESSERA_RUNTIME_ONLY=ON -DCMAKE_BUILD_TYPE=Release \
  -DCUDA_HOME="$CUDA_HOME" -DTESSERA_ENABLE_UNITTESTS=OFF -DCMAKE_CXX_COMPILER=g++ \
  -DCMAKE_C_COMPILER=gcc >"$OUT/build.log" 2>&1 &&
  cmake --build build/gpu --target tessera-bench TesseraRuntimeShared >>"$OUT/build.log" 2>&1
log "build exit $?"
BENCH=build/gpu/bin/tessera-bench
export TESSERA_RUNTIME_LIB=$(find build/gpu -name libtessera_runtime.so -print -quit)
for d in 64 128; do for c in 0 1; do
  flag=(); [ "$c" = 1 ] && flag=(--causal)
  timeout -k 5 60 "$BENCH" "${flag[@]}" ab/fa2_d${d}_*_c${c}_*.json \
    --shape 1,3,200,$d --shape 2,8,4096,$d --warmup 2 --iters 5 \
    --csv "$OUT/correct-d$d-c$c.csv" >"$OUT/correct-d$d-c$c.log" 2>&1
  log "correctness D=$d causal=$c exit $?"
done; done
cat $OUT/correct-*.csv | cut -d, -f1-12 | head -50
BUDGET=100 CAP=30 timeout 120 test/gpu/sanitize.sh "$OUT/sanitize" ab/fa2_d128_m128_n128_w8_s2_c1_p.json \
  ab/fa2_d64_m192_n128_w12_s2_c0_p.json > "$OUT/sanitize.txt" 2>&1
log "sanitize exit $?"; cat "$OUT/sanitize.txt" | tail -8
timeout -k 5 250 python3 tools/peers.py --fa2 ab --shapes 4,16,4096,64 4,16,4096,64,causal \
  2,16,8192,64 2,16,8192,64,causal 4,16,4096,128 4,16,4096,128,causal 2,16,8192,128 \
  2,16,8192,128,causal --out "$OUT/peers" --warmup 5 --iters 50 --budget-ms 300 >"$OUT/peers.log" 2>&1
log "peers exit $?"; tail -30 "$OUT/peers.log"
