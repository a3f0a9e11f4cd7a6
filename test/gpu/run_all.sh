#!/usr/bin/env bash
#===- run_all.sh - Every GPU measurement of Tessera in one call ----------===#
#
# Part of the Tessera project.
#
# On the GPU host, given a folder of compiled kernels (manifests + PTX/cubin
# from tessera-compile, e.g. gpu-out/ with fa1 and fa2 configs: causal and
# not, D 64/128, several BLOCK_M/BLOCK_N/warps/stages):
#   a. builds libtessera_runtime.so and tessera-bench (-DTESSERA_RUNTIME_ONLY=ON,
#      g++, $BUILD_DIR);
#   b. correctness: tessera-bench on every manifest at a ragged 1,3,200,D and
#      at 2,8,4096,D;
#   c. the seed table: H=32 N=2048 D=64, B = 1..16, causal and not, FA1 and
#      FA2 each tuned over their configs (the fastest passing config per
#      kernel and shape);
#   d. FA2 at D=128, H=16, N = 1k..16k with B·N = 16k, causal and not, tuned;
#   e. tools/peers.py on PERF.md's shapes (SDPA flash/cudnn, Triton FA2);
#   e2. kernels/gemm.tile against torch.matmul (cuBLAS): every gemm manifest
#      under KERNEL_DIR at 4096³ and 8192³ fp16 and a ragged 520x776x328
#      (test/gpu/check_gemm.py: C against fp32 products, TFLOP/s of both);
#   f. compute-sanitizer memcheck, racecheck and synccheck on the default
#      config of fa2, fa1 and gemm (kernels/*.tile's constants; gemm must be
#      compiled into KERNEL_DIR too) at a ragged shape (test/gpu/sanitize.sh);
#   f2. the PyTorch op's launch paths (test/gpu/check_launch.py: the C++
#      extension of flash_attn_func built, equal to the Python path, host
#      time of each) and its backward (test/gpu/check_backward.py: gradients
#      against fp64 and SDPA-flash's, forward + backward timed against
#      SDPA-flash), when $PYCACHE holds its precompiled kernels;
#   f3. the memory-bound ops (test/gpu/check_membound.py: softmax, LayerNorm,
#      RMSNorm, RoPE against fp64, then GB/s against eager PyTorch,
#      torch.compile and the copy bandwidth; membound.csv, membound.md), when
#      $PYCACHE exists (`check_membound.py --precompile sm_90a` fills it);
#   f4. context-parallel attention on one GPU (test/gpu/check_distributed.py:
#      the ring schedule simulated for world sizes 1..8 against fp64, the
#      merge kernel's GB/s against eager PyTorch; distributed.csv), when
#      $PYCACHE holds its kernels (`check_distributed.py --precompile sm_90a`);
#   g. the watchdog: kernels that never finish are reported as TIMEOUT by
#      tessera-bench, peers.py and check_attention.py, and the run goes on
#      (test/gpu/check_watchdog.sh; last, so that no killed hung kernel can
#      share the GPU with a measurement);
#   h. writes $OUT/tables.md (printed last), correctness.csv, seed.csv,
#      d128.csv, peers.csv, peers.png, gemm.csv, sanitize.csv, backward.csv, membound.csv,
#      membound.md and log.txt (every step's output).
# Each step has a time cap inside an overall budget, so the tables always
# come out; a step that fails or runs out of time is reported and the rest
# go on.
#
# usage: test/gpu/run_all.sh [KERNEL_DIR]     (default: gpu-out)
# environment:
#   OUT          results (default: $BUILD_DIR/run-all-out)
#   BUILD_DIR    build folder (default: build/gpu)
#   CUDA_HOME    CUDA toolkit (default: /usr/local/cuda)
#   TIME_BUDGET  seconds for the whole script (default: 600)
#   ITERS        timed launches per config in the sweeps (default: 30)
#   SEMANTICS    folder of test/gpu/semantics.sh prepare (default: gpu-sem);
#                checked after the correctness step when present
#   PYCACHE      a tessera compile cache filled where tessera-compile is by
#                `TESSERA_CACHE_DIR=PYCACHE python3 test/gpu/check_backward.py
#                --precompile sm_90a` (default: build/py-cache) and
#                check_membound.py and check_distributed.py --precompile
#                sm_90a; steps f2, f3 and f4 run when it exists
#   SWEEP_TOOL   what runs the sweeps c and d: "peers" (default; peers.py
#                --no-peers, inputs made on the GPU once per shape) or "bench"
#                (tessera-bench --sweep, which makes the inputs on the CPU,
#                ~45 ns a value, once per shape and worker: reused across
#                configs, 4 GiB of them at most). Both time each launch with
#                CUDA events (median, inout tensors reset outside the timing).
# Exit status: 0 when every step passed, 1 otherwise.
#
#===----------------------------------------------------------------------===#

set -uo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
KERNELS=$(realpath -m "${1:-$ROOT/gpu-out}")
BUILD_DIR=${BUILD_DIR:-$ROOT/build/gpu}
OUT=${OUT:-$BUILD_DIR/run-all-out}
CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
TIME_BUDGET=${TIME_BUDGET:-600}
ITERS=${ITERS:-30}
SWEEP_TOOL=${SWEEP_TOOL:-peers}
SEMANTICS=$(realpath -m "${SEMANTICS:-$ROOT/gpu-sem}")
PYCACHE=$(realpath -m "${PYCACHE:-$ROOT/build/py-cache}")
WORK=$BUILD_DIR/run-all
LOGS=$WORK/logs
TABLES="python3 $ROOT/test/gpu/tables.py"
PEERS="python3 $ROOT/tools/peers.py"
BENCH=$BUILD_DIR/bin/tessera-bench
SMALL_SHAPE=1,3,200 # ragged N; D is appended
LARGE_SHAPE=2,8,4096
SEED_SHAPES="1,32,2048,64 2,32,2048,64 4,32,2048,64 8,32,2048,64 16,32,2048,64"
D128_SHAPES="16,16,1024,128 8,16,2048,128 4,16,4096,128 2,16,8192,128 1,16,16384,128"
GEMM_SHAPES="4096,4096,4096 8192,8192,8192 520,776,328"
RESERVE=20 # seconds kept back for the tables
# The steps run under `timeout bash -c`, which sees only exported names.
export ROOT KERNELS PYCACHE BUILD_DIR CUDA_HOME ITERS WORK TABLES PEERS BENCH SMALL_SHAPE LARGE_SHAPE \
  GEMM_SHAPES
export PYTHONUNBUFFERED=1

FAILED=0
STEP=0

fatal() {
  echo "run_all: error: $*" >&2
  exit 1
}

# step NAME CAP FUNCTION ARGS...: runs FUNCTION for at most min(CAP, the time
# left) seconds, logging to $LOGS/NN-NAME.log; records the verdict in
# $WORK/steps.txt and shows the log's tail when it did not pass.
step() {
  local name=$1 cap=$2
  shift 2
  local left=$((TIME_BUDGET - SECONDS - RESERVE)) log start rc verdict
  local limit=$((cap < left ? cap : left))
  STEP=$((STEP + 1))
  log=$LOGS/$(printf %02d "$STEP")-$name.log
  echo "== $name (limit ${limit}s): $*" >"$log"
  if [ "$limit" -lt 5 ]; then
    verdict="SKIP    $name (time budget spent)"
  else
    start=$SECONDS
    STEP_LIMIT=$limit timeout -k 10 "$limit" bash -c '"$@"' _ "$@" >>"$log" 2>&1
    rc=$?
    case $rc in
      0) verdict="PASS    $name ($((SECONDS - start))s)" ;;
      124 | 137) verdict="TIMEOUT $name (after ${limit}s)" ;;
      *) verdict="FAIL    $name (exit $rc, $((SECONDS - start))s)" ;;
    esac
  fi
  echo "$verdict" | tee -a "$WORK/steps.txt"
  case $verdict in
    PASS*) ;;
    *)
      FAILED=$((FAILED + 1))
      tail -n 8 "$log" | sed 's/^/      /'
      ;;
  esac
  echo "$verdict" >>"$log"
}

# collect_logs: every step's log, in order, into $OUT/log.txt.
collect_logs() {
  local log
  for log in "$LOGS"/*.log; do
    cat "$log"
    echo
  done >"$OUT/log.txt"
}

# manifests ARGS...: the manifest paths that `tables.py select` prints.
manifests() {
  $TABLES select "$KERNELS" "$@"
}

# a. Runtime-only build (no MLIR): libtessera_runtime.so and tessera-bench.
# A cache from another configuration (e.g. other compilers) can make CMake
# drop -DTESSERA_RUNTIME_ONLY=ON, so a failed configure retries from scratch.
configure() {
  cmake -G Ninja -S "$ROOT" -B "$BUILD_DIR" -DTESSERA_RUNTIME_ONLY=ON \
    -DCMAKE_BUILD_TYPE=Release -DCUDA_HOME="$CUDA_HOME" -DTESSERA_ENABLE_UNITTESTS=OFF \
    -DCMAKE_CXX_COMPILER="${CXX:-g++}" -DCMAKE_C_COMPILER="${CC:-gcc}"
}
build() {
  configure || { rm -rf "$BUILD_DIR/CMakeCache.txt" "$BUILD_DIR/CMakeFiles" && configure; } &&
    cmake --build "$BUILD_DIR" --target tessera-bench TesseraRuntimeShared
}

# b. Every manifest at a ragged and a large shape, one tessera-bench call per
# (D, CAUSAL) group (a call needs one --causal setting and one D).
correctness() {
  local dim causal rc=0
  local -a group flag
  while read -r dim causal; do
    mapfile -t group < <(manifests --dim "$dim" --causal "$causal")
    flag=()
    [ "$causal" = 1 ] && flag=(--causal)
    echo "-- D=$dim CAUSAL=$causal: ${#group[@]} manifests"
    "$BENCH" "${flag[@]}" "${group[@]}" --shape "$SMALL_SHAPE,$dim" \
      --shape "$LARGE_SHAPE,$dim" --warmup 2 --iters 5 \
      --csv "$WORK/correct-d$dim-c$causal.csv" --json "$WORK/correct-d$dim-c$causal.json" ||
      rc=1
  done < <($TABLES groups "$KERNELS")
  return $rc
}

# sweep_bench NAME DIM CAUSAL "KERNELS" "SHAPES": tessera-bench --sweep over
# the configs of the kernels at the shapes; writes $WORK/NAME.json.
sweep_bench() {
  local name=$1 dim=$2 causal=$3 kernel shape
  local -a group=() shapes=() flag=()
  [ "$causal" = 1 ] && flag=(--causal)
  for kernel in $4; do
    mapfile -t -O "${#group[@]}" group < <(manifests --kernel "$kernel" --dim "$dim" --causal "$causal")
  done
  for shape in $5; do shapes+=(--shape "$shape"); done
  [ "${#group[@]}" -gt 0 ] || { echo "no $4 manifests with D=$dim CAUSAL=$causal"; return 1; }
  "$BENCH" --sweep "${flag[@]}" "${group[@]}" "${shapes[@]}" --warmup 5 \
    --iters "$ITERS" --check-rows 512 --csv "$WORK/$name.csv" --json "$WORK/$name.json"
}

# sweep_peers NAME "KERNELS" "SHAPES": the same sweep, causal and not, with
# peers.py --no-peers (inputs made on the GPU); writes $WORK/NAME.json.
sweep_peers() {
  local name=$1 kernel shape rc
  local -a kinds=() shapes=()
  for kernel in $2; do kinds+=("--$kernel" "$KERNELS"); done
  for shape in $3; do shapes+=("$shape" "$shape,causal"); done
  $PEERS --no-peers "${kinds[@]}" --shapes "${shapes[@]}" --out "$WORK/$name" \
    --warmup 5 --iters "$ITERS" --budget-ms 300
  rc=$?
  cp "$WORK/$name/peers.json" "$WORK/$name.json" 2>/dev/null
  return $rc
}

# e. Peers on PERF.md's shapes.
peers() {
  $PEERS --fa2 "$KERNELS" --fa1 "$KERNELS" --out "$WORK/peers" --warmup 5 --iters 50 \
    --budget-ms 400
}

# e2. Every gemm manifest against torch.matmul at GEMM_SHAPES.
gemm() {
  local manifest rc=0
  local -a group
  mapfile -t group < <(manifests --kernel gemm)
  [ "${#group[@]}" -gt 0 ] || {
    echo "no gemm manifests under $KERNELS (e.g. tessera-compile kernels/gemm.tile --target sm_90a -o $KERNELS/gemm)"
    return 1
  }
  mkdir -p "$WORK/gemm"
  for manifest in "${group[@]}"; do
    echo "-- $manifest"
    # shellcheck disable=SC2086 # GEMM_SHAPES is a list
    python3 "$ROOT/test/gpu/check_gemm.py" --timeout 60 --csv "$WORK/gemm/gemm.csv" "$manifest" \
      $GEMM_SHAPES || rc=1
  done
  return $rc
}

# f. compute-sanitizer on the default configs, within the step's limit
# (STEP_LIMIT). A default kernel without a manifest is a row "no-manifest".
sanitize() {
  local kernel tool rc=0
  local -a defaults
  mapfile -t defaults < <($TABLES defaults "$KERNELS")
  if [ "${#defaults[@]}" -gt 0 ]; then
    BUDGET=$((STEP_LIMIT - 10)) CAP=60 "$ROOT/test/gpu/sanitize.sh" "$WORK/sanitize" \
      "${defaults[@]}" || rc=1
  fi
  mkdir -p "$WORK/sanitize"
  [ -f "$WORK/sanitize/sanitize.csv" ] ||
    echo "kernel,manifest,tool,errors,warnings,status,seconds,log" >"$WORK/sanitize/sanitize.csv"
  for kernel in fa2 fa1 gemm; do
    printf '%s\n' "${defaults[@]}" | grep -q "/${kernel}[^/]*\.json$" && continue
    echo "no $kernel manifest with the defaults of kernels/$kernel.tile under $KERNELS" \
      "(e.g. tessera-compile kernels/$kernel.tile --target sm_90a -o $KERNELS/$kernel)"
    for tool in memcheck racecheck synccheck; do
      echo "$kernel,,$tool,,,no-manifest,0," >>"$WORK/sanitize/sanitize.csv"
    done
    rc=1
  done
  return $rc
}

# g. Hung kernels are reported and the run goes on.
watchdog() {
  OUT=$WORK/watchdog HANG_TIMEOUT=5 CAP=60 "$ROOT/test/gpu/check_watchdog.sh" "$KERNELS"
}
# f2. The op's launch paths (flash_attn_func's C++ extension, built here into
# the cache, against its Python path: equal results, host time), then its
# backward, both on the precompiled cache; the C++ path is required.
launch() {
  TESSERA_CACHE_DIR=$PYCACHE TESSERA_TORCH_EXTENSION=1 python3 "$ROOT/test/gpu/check_launch.py"
}
backward() {
  TESSERA_CACHE_DIR=$PYCACHE TESSERA_TORCH_EXTENSION=1 python3 "$ROOT/test/gpu/check_backward.py" \
    --out "$WORK/backward"
}
# f3. The memory-bound ops on the precompiled cache (torch.compile's compiles
# bounded by the step's limit, $STEP_LIMIT).
membound() {
  TESSERA_CACHE_DIR=$PYCACHE python3 "$ROOT/test/gpu/check_membound.py" --out "$WORK/membound"
}
# f4. Context-parallel attention on one GPU, on the precompiled cache.
distributed() {
  TESSERA_CACHE_DIR=$PYCACHE python3 "$ROOT/test/gpu/check_distributed.py" --out "$WORK/distributed"
}
export -f manifests configure build correctness sweep_bench sweep_peers peers gemm sanitize launch \
  backward \
  membound distributed watchdog

# ---------------------------------------------------------------------------
# Preconditions: a GPU, the tools, the kernels.
# ---------------------------------------------------------------------------
command -v nvidia-smi >/dev/null || fatal "no GPU: nvidia-smi not found"
GPU=$(nvidia-smi --query-gpu=name,compute_cap,driver_version --format=csv,noheader 2>&1 | head -n 1)
nvidia-smi -L >/dev/null 2>&1 || fatal "no GPU: nvidia-smi -L failed: $GPU"
for tool in cmake ninja g++ python3 timeout realpath; do
  command -v "$tool" >/dev/null || fatal "$tool not found on PATH"
done
[ -f "$CUDA_HOME/include/cuda.h" ] || fatal "no cuda.h under $CUDA_HOME/include (set CUDA_HOME)"
[ -d "$KERNELS" ] || fatal "kernel folder $KERNELS not found (usage: $0 [KERNEL_DIR])"
# Manifests are read through the runtime's schema (libtessera_runtime.so,
# built below): here only whether there are any to read.
[ -n "$(find "$KERNELS" -name '*.json' -print -quit)" ] ||
  fatal "no manifests (*.json) under $KERNELS"
case $SWEEP_TOOL in peers | bench) ;; *) fatal "SWEEP_TOOL must be peers or bench" ;; esac

rm -rf "$WORK"
mkdir -p "$LOGS" "$OUT"
echo "== GPU: $GPU"
echo "== build: $BUILD_DIR; results: $OUT; budget ${TIME_BUDGET}s; sweeps with $SWEEP_TOOL"

# ---------------------------------------------------------------------------
# The steps.
# ---------------------------------------------------------------------------
step build 240 build
TESSERA_RUNTIME_LIB=$(find "$BUILD_DIR" -name libtessera_runtime.so -print -quit 2>/dev/null)
if [ ! -x "$BENCH" ] || [ -z "$TESSERA_RUNTIME_LIB" ]; then
  collect_logs
  fatal "the build produced no tessera-bench or libtessera_runtime.so (log: $OUT/log.txt)"
fi
export TESSERA_RUNTIME_LIB
[ -n "$(manifests)" ] || fatal "no tessera manifests under $KERNELS (the runtime rejects every *.json there)"
echo "== kernels: $KERNELS: $(manifests --kernel fa2 | wc -l) fa2, $(manifests --kernel fa1 | wc -l) fa1, $(manifests | wc -l) manifests in all"

step correctness 150 correctness
# The kernels users write (test/gpu/semantics.sh prepare $SEMANTICS, here):
# windows, bf16 on both code paths, masked rows, builtins against the
# interpreter.
if [ -d "$SEMANTICS" ]; then
  step semantics 120 "$ROOT/test/gpu/semantics.sh" check "$SEMANTICS"
else
  echo "== no $SEMANTICS: semantics checks skipped (test/gpu/semantics.sh prepare it)"
fi
if [ "$SWEEP_TOOL" = bench ]; then
  for causal in 0 1; do
    step "seed-c$causal" 120 sweep_bench "seed-c$causal" 64 "$causal" "fa1 fa2" "$SEED_SHAPES"
  done
  for causal in 0 1; do
    step "d128-c$causal" 120 sweep_bench "d128-c$causal" 128 "$causal" fa2 "$D128_SHAPES"
  done
else
  step seed 90 sweep_peers seed-peers "fa1 fa2" "$SEED_SHAPES"
  step d128 90 sweep_peers d128-peers fa2 "$D128_SHAPES"
fi
step peers 300 peers
step gemm 120 gemm
step sanitize 200 sanitize
if [ -d "$PYCACHE" ]; then
  step launch 240 launch
  step backward 240 backward
else
  echo "== no $PYCACHE: backward checks skipped (check_backward.py --precompile fills it)"
fi
if [ -d "$PYCACHE" ]; then
  step membound 600 membound
else
  echo "== no $PYCACHE: memory-bound checks skipped (check_membound.py --precompile fills it)"
fi
if [ -d "$PYCACHE" ]; then
  step distributed 120 distributed
else
  echo "== no $PYCACHE: context-parallel checks skipped (check_distributed.py --precompile fills it)"
fi
step watchdog 150 watchdog

# ---------------------------------------------------------------------------
# h. Tables (last), CSVs, chart and the full log under $OUT.
# ---------------------------------------------------------------------------
for file in peers/peers.csv peers/peers.png backward/backward.csv membound/membound.csv \
  membound/membound.md distributed/distributed.csv; do
  [ -f "$WORK/$file" ] && cp "$WORK/$file" "$OUT/$(basename "$file")"
done
collect_logs
echo "== $FAILED step(s) did not pass; ${SECONDS}s in all; every step's output: $OUT/log.txt"
echo
$TABLES report "$WORK" "$OUT" || FAILED=$((FAILED + 1))
[ "$FAILED" -eq 0 ]
