#!/usr/bin/env bash
#===- sanitize.sh - compute-sanitizer on kernels at a ragged shape -------===#
#
# Part of the Tessera project.
#
# usage: test/gpu/sanitize.sh OUT MANIFEST.json...
#
# Runs each manifest once under compute-sanitizer's memcheck, racecheck and
# synccheck (tool by tool: every kernel gets memcheck before any gets
# racecheck, so a budget cut leaves the most useful runs) at a ragged shape:
#   attention (Q, K, V, Out): tessera-bench at $ATTN_SHAPE,D (D the manifest's
#     HEAD_DIM), one checked launch and one timed (--warmup 0 --iters 1), in
#     one process (no worker: the sanitizer watches one program);
#   gemm (A, B, C): test/gpu/check_gemm.py --check-only --timeout 0 at
#     $GEMM_SHAPE, with the sanitizer limited to the gemm kernel by its exact
#     name (--kernel-name kne=SYMBOL: torch's kernels are not checked).
# Each run is capped at $CAP seconds, the whole script at $BUDGET. Writes
# OUT/sanitize.csv (kernel, manifest, tool, errors, warnings, status,
# seconds, log) and OUT/sanitize-logs/, and prints one line per run:
# errors are the ERROR SUMMARY's count (racecheck: the errors of its
# RACECHECK SUMMARY, hazards that are warnings counted apart). status is
# clean, errors, program-failed (no sanitizer error, but the check failed),
# timeout, no-summary (the sanitizer did not run, e.g. an unsupported
# device) or skipped (budget spent).
#
# environment:
#   BUILD_DIR   runtime-only build with tessera-bench (default: build/gpu)
#   CUDA_HOME   CUDA toolkit (default: /usr/local/cuda)
#   SANITIZER   compute-sanitizer (default: $CUDA_HOME/bin/compute-sanitizer,
#               else the one on PATH)
#   TOOLS       default "memcheck racecheck synccheck"
#   ATTN_SHAPE  B,H,N for attention (default 1,3,77)
#   GEMM_SHAPE  M,N,K for gemm (default 200,136,72)
#   CAP         seconds per sanitizer run (default 60)
#   BUDGET      seconds for the whole script (default 300)
# Exit status: 0 when every run is clean, 1 otherwise.
#
#===----------------------------------------------------------------------===#

set -uo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
OUT=${1:?usage: $0 OUT MANIFEST.json...}
shift
[ $# -gt 0 ] || { echo "usage: $0 OUT MANIFEST.json..." >&2; exit 2; }
BUILD_DIR=${BUILD_DIR:-$ROOT/build/gpu}
CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
BENCH=$BUILD_DIR/bin/tessera-bench
TOOLS=${TOOLS:-memcheck racecheck synccheck}
ATTN_SHAPE=${ATTN_SHAPE:-1,3,77}
GEMM_SHAPE=${GEMM_SHAPE:-200,136,72}
CAP=${CAP:-60}
BUDGET=${BUDGET:-300}
SANITIZER=${SANITIZER:-$CUDA_HOME/bin/compute-sanitizer}
[ -x "$SANITIZER" ] || SANITIZER=$(command -v compute-sanitizer || true)
[ -n "$SANITIZER" ] || { echo "sanitize: error: compute-sanitizer not found" >&2; exit 1; }
[ -x "$BENCH" ] || { echo "sanitize: error: no $BENCH (build it first)" >&2; exit 1; }
if [ -z "${TESSERA_RUNTIME_LIB:-}" ]; then
  TESSERA_RUNTIME_LIB=$(find "$BUILD_DIR" -name libtessera_runtime.so -print -quit 2>/dev/null)
  export TESSERA_RUNTIME_LIB
fi
export PYTHONUNBUFFERED=1

LOGS=$OUT/sanitize-logs
CSV=$OUT/sanitize.csv
mkdir -p "$LOGS"
echo "kernel,manifest,tool,errors,warnings,status,seconds,log" >"$CSV"

# How compute-sanitizer limits itself to some kernels: --kernel-name (seen in
# 2025.3) or --kernel-regex (older); nothing when neither is known.
FILTER_OPTION=
HELP=$("$SANITIZER" --help 2>&1)
if grep -q -- '--kernel-name ' <<<"$HELP"; then
  FILTER_OPTION=--kernel-name
elif grep -q -- '--kernel-regex' <<<"$HELP"; then
  FILTER_OPTION=--kernel-regex
fi

# errors_of LOG: "errors warnings" from the sanitizer's summary, or nothing.
errors_of() {
  local line
  line=$(grep -a -m1 'RACECHECK SUMMARY:' "$1")
  if [ -n "$line" ]; then
    sed -E 's/.*\(([0-9]+) errors?, ([0-9]+) warnings?\).*/\1 \2/' <<<"$line"
    return
  fi
  line=$(grep -a -m1 'ERROR SUMMARY:' "$1")
  [ -n "$line" ] && sed -E 's/.*ERROR SUMMARY: ([0-9]+) error.*/\1 0/' <<<"$line"
}

# The runs: "KIND KERNEL SYMBOL D CAUSAL MANIFEST" per manifest.
mapfile -t PLAN < <(python3 "$ROOT/test/gpu/tables.py" describe "$@")
[ "${#PLAN[@]}" -gt 0 ] || { echo "sanitize: error: no manifest could be read" >&2; exit 1; }

START=$SECONDS
FAILED=0
for tool in $TOOLS; do
  for entry in "${PLAN[@]}"; do
    read -r kind kernel symbol dim causal manifest <<<"$entry"
    name=$(basename "${manifest%.json}")
    log=$LOGS/$tool-$name.log
    left=$((BUDGET - (SECONDS - START)))
    limit=$((CAP < left ? CAP : left))
    errors=
    warnings=
    status=
    seconds=0
    cmd=()
    filter=()
    case $kind in
      attention)
        flag=()
        [ "$causal" = 1 ] && flag=(--causal)
        cmd=("$BENCH" "$manifest" "${flag[@]}" --shape "$ATTN_SHAPE,$dim" --warmup 0 --iters 1
          --timeout "$CAP" --no-isolate)
        ;;
      gemm)
        [ -n "$FILTER_OPTION" ] && filter=("$FILTER_OPTION" "kne=$symbol")
        cmd=(python3 "$ROOT/test/gpu/check_gemm.py" --timeout 0 --check-only "$manifest"
          "$GEMM_SHAPE")
        ;;
      *)
        status=unsupported
        ;;
    esac
    if [ -z "$status" ] && [ "$limit" -lt 5 ]; then
      status=skipped
    elif [ -z "$status" ]; then
      began=$SECONDS
      timeout -k 5 "$limit" "$SANITIZER" --tool "$tool" --print-limit 5 "${filter[@]}" \
        "${cmd[@]}" >"$log" 2>&1
      rc=$?
      seconds=$((SECONDS - began))
      read -r errors warnings < <(errors_of "$log")
      if [ "$rc" = 124 ] || [ "$rc" = 137 ]; then
        status=timeout
      elif [ -z "$errors" ]; then
        status=no-summary
      elif [ "$errors" != 0 ]; then
        status=errors
      elif [ "$rc" != 0 ]; then
        status=program-failed
      else
        status=clean
      fi
    fi
    [ "$status" = clean ] || FAILED=$((FAILED + 1))
    printf '%-10s %-9s %-40s errors %-4s warnings %-4s %-14s %ss\n' "$tool" "$kernel" \
      "$name" "${errors:--}" "${warnings:--}" "$status" "$seconds"
    [ "$status" = clean ] || [ ! -f "$log" ] ||
      grep -a -m 6 -E '^========= (Invalid|Error|Race|Barrier|Warning|Program hit)|RACECHECK SUMMARY|ERROR SUMMARY|Device not supported' "$log" |
      sed 's/^/      /'
    echo "$kernel,$manifest,$tool,$errors,$warnings,$status,$seconds,$log" >>"$CSV"
  done
done
echo "sanitize: $(( $(wc -l <"$CSV") - 1 )) runs, $FAILED not clean; $((SECONDS - START))s; $CSV"
[ "$FAILED" -eq 0 ]
