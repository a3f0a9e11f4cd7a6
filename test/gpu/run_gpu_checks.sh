#!/usr/bin/env bash
#===- run_gpu_checks.sh - Build the runtime and check it on a GPU host ----===#
#
# Part of the Tessera project.
#
# On a bare GPU host (CUDA toolkit, cmake, ninja, g++; no MLIR, no clang):
# configures with -DTESSERA_RUNTIME_ONLY=ON, builds the runtime, tessera-bench
# and tessera-run-smoke, then
#   1. runs the unit tests (when GTest is installed),
#   2. runs the hand-written axpy smoke kernel via PTX JIT and via a cubin,
#   3. checks that wrong usage fails (causal mismatch, missing manifest) and
#      that kernels that never finish (smoke/hang.ptx) are reported as
#      TIMEOUT while the run goes on,
#   4. checks and benchmarks the manifests given as arguments (e.g. out/fa2.json), each
#      with --causal when its CAUSAL constant is 1, and sweeps them together.
#
# usage: test/gpu/run_gpu_checks.sh [MANIFEST.json ...]
# environment:
#   BUILD_DIR    build directory (default: build/gpu under the repository)
#   RESULTS_DIR  logs, CSV and JSON (default: $OUT if set, else $BUILD_DIR/results)
#   CUDA_HOME    CUDA toolkit (default: /usr/local/cuda)
#   SHAPES       shapes for the given manifests, B,H,N,D separated by spaces
#                (default: "4,16,1024,64 2,16,4096,64 2,16,4096,128")
#   BENCH_ARGS   extra tessera-bench options for the given manifests
#   JOBS         build parallelism (default: ninja's)
# Exit status: 0 when every check passed, 1 otherwise.
#
#===----------------------------------------------------------------------===#

set -uo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
BUILD_DIR=${BUILD_DIR:-$ROOT/build/gpu}
RESULTS_DIR=${RESULTS_DIR:-${OUT:-$BUILD_DIR/results}}
CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
SHAPES=${SHAPES:-"4,16,1024,64 2,16,4096,64 2,16,4096,128"}
BENCH_ARGS=${BENCH_ARGS:-}
SMOKE=$ROOT/test/gpu/smoke
LOGS=$RESULTS_DIR/logs
mkdir -p "$LOGS"

PASSED=0
FAILED=0
FAILURES=()

# step NAME COMMAND...: runs COMMAND, logs to $LOGS/NAME.log, prints the result.
step() {
  local name=$1
  shift
  local log=$LOGS/$name.log
  echo "== $name: $*" >"$log"
  if "$@" >>"$log" 2>&1; then
    PASSED=$((PASSED + 1))
    echo "PASS  $name"
  else
    FAILED=$((FAILED + 1))
    FAILURES+=("$name")
    echo "FAIL  $name (log: $log)"
    tail -n 25 "$log" | sed 's/^/      /'
  fi
}

# expect_failure NAME COMMAND...: passes when COMMAND exits non-zero.
expect_failure() {
  local name=$1
  shift
  step "$name" bash -c '"$@"; rc=$?; echo "exit status $rc"; [ "$rc" -ne 0 ]' _ "$@"
}

fatal() {
  echo "run_gpu_checks: error: $*" >&2
  exit 1
}

for tool in cmake ninja g++; do
  command -v "$tool" >/dev/null || fatal "$tool not found on PATH"
done
[ -f "$CUDA_HOME/include/cuda.h" ] || fatal "no cuda.h under $CUDA_HOME/include (set CUDA_HOME)"

echo "== building into $BUILD_DIR (results in $RESULTS_DIR)"
cmake -G Ninja -S "$ROOT" -B "$BUILD_DIR" -DTESSERA_RUNTIME_ONLY=ON \
  -DCMAKE_BUILD_TYPE=Release -DCUDA_HOME="$CUDA_HOME" \
  -DCMAKE_CXX_COMPILER="${CXX:-g++}" -DCMAKE_C_COMPILER="${CC:-gcc}" \
  >"$LOGS/configure.log" 2>&1 || { tail -n 30 "$LOGS/configure.log"; fatal "configure failed"; }
cmake --build "$BUILD_DIR" ${JOBS:+-j "$JOBS"} >"$LOGS/build.log" 2>&1 || { tail -n 40 "$LOGS/build.log"; fatal "build failed"; }
BIN=$BUILD_DIR/bin
BENCH=$BIN/tessera-bench
echo "PASS  build"

if command -v nvidia-smi >/dev/null; then
  nvidia-smi --query-gpu=name,compute_cap,driver_version --format=csv,noheader |
    sed 's/^/== GPU: /'
fi

# 1. Unit tests (the GPU smoke test among them runs here).
if [ -x "$BIN/TesseraRuntimeTests" ]; then
  step unit-tests "$BIN/TesseraRuntimeTests"
else
  echo "SKIP  unit-tests (GTest not installed)"
fi

# 2. Smoke kernel through PTX JIT (the manifest's cubin is absent).
step smoke-ptx "$BIN/tessera-run-smoke" "$SMOKE/axpy.json"

# A copy of the smoke kernels with cubins for this GPU.
ARCH=""
CAP=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader 2>/dev/null | head -n 1 | tr -d ' .')
if [ -n "$CAP" ]; then
  ARCH=sm_$CAP
  [ "$CAP" = 90 ] && ARCH=sm_90a
fi
CUBIN_DIR=$BUILD_DIR/smoke-cubin
if [ -n "$ARCH" ]; then
  rm -rf "$CUBIN_DIR" && cp -r "$SMOKE" "$CUBIN_DIR"
  make_cubins() {
    for ptx in "$CUBIN_DIR"/*.ptx; do
      "$CUDA_HOME/bin/ptxas" -arch="$ARCH" -v "$ptx" -o "${ptx%.ptx}.cubin" || return 1
    done
    sed -i "s/\"target\": \"sm_80\"/\"target\": \"$ARCH\"/" "$CUBIN_DIR"/*.json
  }
  step "cubins-$ARCH" make_cubins
  step smoke-cubin "$BIN/tessera-run-smoke" --expect-cubin "$CUBIN_DIR/axpy.json"
else
  echo "SKIP  cubin checks (nvidia-smi did not report a compute capability)"
fi

# 3. Wrong usage must fail (with the first manifest given, if any).
expect_failure bench-rejects-missing-manifest "$BENCH" "$SMOKE/no-such.json" --shape 1,1,64,64
if [ $# -gt 0 ]; then
  expect_failure bench-rejects-bad-shape "$BENCH" "$1" --shape 1,1,64
  first_causal=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1])).get("constants", {}).get("CAUSAL", 0))' "$1" 2>/dev/null || echo 0)
  if [ "$first_causal" = 0 ] || [ "$first_causal" = False ]; then
    expect_failure bench-rejects-causal-mismatch "$BENCH" "$1" --causal --shape 1,1,64,64
  fi
fi

# The watchdog: two kernels that never finish, in one supervised run (each
# reported as TIMEOUT, the run goes on), then one alone in this process (the
# wait polls to its deadline: TIMEOUT and exit status 1, not a hang).
watchdog_run() {
  local rc
  timeout -k 5 120 "$BENCH" "$@" --shape 1,1,64,64 --timeout 3
  rc=$?
  echo "exit status $rc"
  [ "$rc" = 1 ]
}
watchdog_count() {
  local expected=$1 log=$LOGS/$2.log
  [ "$(grep -c '^  TIMEOUT: ' "$log")" = "$expected" ] ||
    { echo "expected $expected TIMEOUT lines in $log"; return 1; }
}
step watchdog-sweep watchdog_run "$SMOKE/hang_spin.json" "$SMOKE/hang_barrier.json"
step watchdog-sweep-reported watchdog_count 2 watchdog-sweep
step watchdog-single watchdog_run "$SMOKE/hang_spin.json"
step watchdog-single-reported watchdog_count 1 watchdog-single

# 4. The manifests given on the command line (kernels compiled by tessera-compile).
SHAPE_ARGS=()
for shape in $SHAPES; do SHAPE_ARGS+=(--shape "$shape"); done
causal_of() {
  python3 -c 'import json,sys; print(json.load(open(sys.argv[1])).get("constants", {}).get("CAUSAL", 0))' "$1" 2>/dev/null || echo 0
}
CAUSAL_SET=()
NONCAUSAL_SET=()
for manifest in "$@"; do
  name=$(basename "${manifest%.json}")
  flags=()
  if [ "$(causal_of "$manifest")" != 0 ]; then
    flags=(--causal)
    CAUSAL_SET+=("$manifest")
  else
    NONCAUSAL_SET+=("$manifest")
  fi
  # shellcheck disable=SC2086
  step "bench-$name" "$BENCH" "$manifest" "${flags[@]}" "${SHAPE_ARGS[@]}" $BENCH_ARGS \
    --csv "$RESULTS_DIR/bench-$name.csv" --json "$RESULTS_DIR/bench-$name.json"
done
# shellcheck disable=SC2086
if [ "${#NONCAUSAL_SET[@]}" -gt 1 ]; then
  step sweep "$BENCH" --sweep "${NONCAUSAL_SET[@]}" "${SHAPE_ARGS[@]}" $BENCH_ARGS \
    --csv "$RESULTS_DIR/sweep.csv" --json "$RESULTS_DIR/sweep.json"
fi
# shellcheck disable=SC2086
if [ "${#CAUSAL_SET[@]}" -gt 1 ]; then
  step sweep-causal "$BENCH" --sweep --causal "${CAUSAL_SET[@]}" "${SHAPE_ARGS[@]}" $BENCH_ARGS \
    --csv "$RESULTS_DIR/sweep-causal.csv" --json "$RESULTS_DIR/sweep-causal.json"
fi

echo "== $PASSED passed, $FAILED failed; logs in $LOGS"
for name in "${FAILURES[@]}"; do echo "   failed: $name"; done
[ "$FAILED" -eq 0 ]
