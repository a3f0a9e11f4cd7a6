#!/usr/bin/env bash
# v18 device call: build the runtime, the A/B of --ctas-per-sm (correctness,
# then timings with peers in one process), then run_all.sh on the HEAD sweep.
# Run from anywhere; works in the tree it sits in (gpu-ab/tree).
set -uo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
: "${OUT:?OUT unset}"
TOTAL=${TOTAL:-560}
export PYTHONUNBUFFERED=1 CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
export TESSERA_DEPS_INCLUDE_DIR=$ROOT/build/deps
AB=$OUT/ab; mkdir -p "$AB"
log() { echo "[$(date -u +%T) +${SECONDS}s] $*" | tee -a "$AB/log.txt"; }
{ nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,temperature.gpu,power.draw,memory.used --format=csv; nvcc --version | tail -2; python3 -c 'import torch,triton;print(torch.__version__, triton.__version__)'; } > "$AB/gpu.txt" 2>&1
cat "$AB/gpu.txt"
log "build (runtime-only, the folder run_all.sh uses)"
cmake -G Ninja -S . -B build/gpu -DTESSERA_RUNTIME_ONLY=ON -DCMAKE_BUILD_TYPE=Release \
  -DCUDA_HOME="$CUDA_HOME" -DTESSERA_ENABLE_UNITTESTS=OFF -DCMAKE_CXX_COMPILER=g++ \
  -DCMAKE_C_COMPILER=gcc >"$AB/build.log" 2>&1 &&
  cmake --build build/gpu --target tessera-bench TesseraRuntimeShared >>"$AB/build.log" 2>&1
log "build exit $?"; tail -3 "$AB/build.log"
BENCH=build/gpu/bin/tessera-bench
export TESSERA_RUNTIME_LIB=$(find build/gpu -name libtessera_runtime.so -print -quit)
if [ -x "$BENCH" ] && [ -n "$TESSERA_RUNTIME_LIB" ]; then
  for d in 64 128; do for c in 0 1; do
    flag=(); [ "$c" = 1 ] && flag=(--causal)
    log "A/B correctness D=$d causal=$c"
    timeout -k 5 60 "$BENCH" "${flag[@]}" gpu-ab/fa2_d${d}_*_c${c}.json gpu-ab/fa2_d${d}_*_c${c}_*.json \
      --shape 1,3,200,$d --shape 2,8,4096,$d --warmup 2 --iters 5 \
      --csv "$AB/correct-d$d-c$c.csv" >"$AB/correct-d$d-c$c.log" 2>&1
    log "  exit $?: $(grep -ci pass "$AB/correct-d$d-c$c.log") lines with pass, $(grep -ci 'fail\|mismatch' "$AB/correct-d$d-c$c.log") with fail/mismatch"
  done; done
  log "A/B timings (peers.py, one process)"
  timeout -k 5 170 python3 tools/peers.py --fa2 gpu-ab --shapes 4,16,4096,64 4,16,4096,64,causal \
    2,16,8192,64 2,16,8192,64,causal 4,16,4096,128 4,16,4096,128,causal 2,16,8192,128 \
    2,16,8192,128,causal --out "$AB/peers" --warmup 5 --iters 50 --budget-ms 300 >"$AB/peers.log" 2>&1
  log "peers exit $?"; tail -14 "$AB/peers.log"
else
  log "no tessera-bench: A/B skipped"
fi
nvidia-smi --query-gpu=clocks.sm,temperature.gpu,power.draw --format=csv,noheader >>"$AB/gpu.txt" 2>&1
BUDGET=$((TOTAL - SECONDS))
log "run_all.sh with TIME_BUDGET=$BUDGET"
OUT=$OUT/runall TIME_BUDGET=$BUDGET bash test/gpu/run_all.sh gpu-out >"$OUT/runall-stdout.txt" 2>&1
log "run_all exit $?"
tar -czf "$OUT/runall.tgz" -C "$OUT" runall && rm -rf "$OUT/runall"
tar -czf "$OUT/runall-work.tgz" -C build/gpu run-all 2>/dev/null
tar -czf "$OUT/ab.tgz" -C "$OUT" ab && cp "$AB/peers/peers.json" "$OUT/ab-peers.json" 2>/dev/null; rm -rf "$AB"
ls -la "$OUT"
cat "$OUT/runall-stdout.txt" | tail -80
