#!/usr/bin/env bash
#===- check_watchdog.sh - Hung kernels are reported, the run goes on -----===#
#
# Part of the Tessera project.
#
# usage: test/gpu/check_watchdog.sh [KERNEL_DIR | MANIFEST.json]
#
# On a GPU host: runs the hand-written kernels that never finish
# (test/gpu/smoke/hang.ptx: hang_spin waits for a flag nobody sets,
# hang_barrier deadlocks two named barriers) beside a normal attention kernel
# (MANIFEST.json, or the default fa2 config in KERNEL_DIR, default gpu-out),
# at SHAPE, through every harness that has a watchdog:
#   bench-sweep    tessera-bench, 3 configs in one worker process:
#                  hang_spin and hang_barrier TIMEOUT, the normal kernel ok
#   bench-single   tessera-bench on hang_spin alone (in process, waits poll
#                  to the deadline): TIMEOUT, exit status 1
#   peers          tools/peers.py --no-peers: hang_spin TIMEOUT, the normal
#                  kernel ok
#   check          test/gpu/check_attention.py: hang_spin TIMEOUT, the normal
#                  kernel PASS
# Each harness gets --timeout $HANG_TIMEOUT and is itself capped at
# $CAP seconds, so a watchdog that fails shows as a failed check, not as a
# hang. peers and check need PyTorch (skipped without it). Writes
# $OUT/watchdog.txt (check, expected, got, verdict; tab-separated, read by
# test/gpu/tables.py) and the logs beside it.
#
# environment:
#   BUILD_DIR     runtime-only build with tessera-bench (default: build/gpu;
#                 built here when missing)
#   OUT           results (default: $BUILD_DIR/watchdog-out)
#   HANG_TIMEOUT  the harnesses' --timeout (default 5)
#   CAP           seconds per harness run (default 120)
#   SHAPE         B,H,N (default 1,3,77; D is the normal kernel's HEAD_DIM)
# Exit status: 0 when every check passed, 1 otherwise.
#
#===----------------------------------------------------------------------===#

set -uo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
TARGET=$(realpath -m "${1:-$ROOT/gpu-out}")
BUILD_DIR=${BUILD_DIR:-$ROOT/build/gpu}
OUT=${OUT:-$BUILD_DIR/watchdog-out}
HANG_TIMEOUT=${HANG_TIMEOUT:-5}
CAP=${CAP:-120}
SHAPE=${SHAPE:-1,3,77}
BENCH=$BUILD_DIR/bin/tessera-bench
SMOKE=$ROOT/test/gpu/smoke
SPIN=$SMOKE/hang_spin.json
BARRIER=$SMOKE/hang_barrier.json
TABLES="python3 $ROOT/test/gpu/tables.py"
export PYTHONUNBUFFERED=1

fail() {
  echo "check_watchdog: error: $*" >&2
  exit 1
}

if [ -d "$TARGET" ]; then
  NORMAL=$($TABLES defaults "$TARGET" 2>/dev/null | grep -m1 '/fa2[^/]*\.json$' || true)
  [ -n "$NORMAL" ] || fail "no fa2 manifest with kernels/fa2.tile's defaults under $TARGET"
else
  NORMAL=$TARGET
fi
[ -f "$NORMAL" ] || fail "no manifest $NORMAL"
read -r _ _ _ DIM CAUSAL _ <<<"$($TABLES describe "$NORMAL")"
[ -n "${DIM:-}" ] || fail "cannot read $NORMAL"
[ "${CAUSAL:-0}" = 0 ] || fail "$NORMAL is causal; give a non-causal manifest"
FULL_SHAPE=$SHAPE,$DIM
SPIN_NAME=$(basename "$SPIN")
BARRIER_NAME=$(basename "$BARRIER")
NORMAL_NAME=$(basename "$NORMAL")

if [ ! -x "$BENCH" ] || [ -z "$(find "$BUILD_DIR" -name libtessera_runtime.so -print -quit 2>/dev/null)" ]; then
  cmake -G Ninja -S "$ROOT" -B "$BUILD_DIR" -DTESSERA_RUNTIME_ONLY=ON -DCMAKE_BUILD_TYPE=Release \
    -DTESSERA_ENABLE_UNITTESTS=OFF -DCMAKE_CXX_COMPILER="${CXX:-g++}" \
    -DCMAKE_C_COMPILER="${CC:-gcc}" >/dev/null &&
    cmake --build "$BUILD_DIR" --target tessera-bench TesseraRuntimeShared >/dev/null ||
    fail "building the runtime in $BUILD_DIR failed"
fi
TESSERA_RUNTIME_LIB=${TESSERA_RUNTIME_LIB:-$(find "$BUILD_DIR" -name libtessera_runtime.so -print -quit)}
export TESSERA_RUNTIME_LIB

mkdir -p "$OUT"
: >"$OUT/watchdog.txt"
FAILED=0

# record CHECK EXPECTED GOT
record() {
  local verdict=FAIL
  [ "$2" = "$3" ] && verdict=PASS
  [ "$verdict" = PASS ] || FAILED=$((FAILED + 1))
  printf '%s\t%s\t%s\t%s\n' "$1" "$2" "$3" "$verdict" >>"$OUT/watchdog.txt"
  echo "$verdict  $1: expected $2, got $3"
}

# statuses JSON KIND NAME...: the status of each named manifest in a
# tessera-bench (KIND bench) or peers.py (KIND peers) JSON, space-separated.
statuses() {
  python3 - "$@" <<'EOF'
import json, sys
from pathlib import Path
path, kind, names = sys.argv[1], sys.argv[2], sys.argv[3:]
try:
    data = json.loads(Path(path).read_text())
except (OSError, ValueError):
    print(" ".join("none" for _ in names))
    sys.exit()
if kind == "bench":
    rows = data["results"]
else:
    rows = [r for shape in data["shapes"] for r in shape["tessera_sweep"]]
found = {Path(r["manifest"]).name: r["status"] for r in rows}
print(" ".join(found.get(name, "none") for name in names))
EOF
}

echo "== watchdog: $SPIN_NAME and $BARRIER_NAME (never finish) beside $NORMAL at $FULL_SHAPE;" \
  "--timeout $HANG_TIMEOUT"

# 1. tessera-bench, several configs: one supervised worker, replaced after
# each hang.
start=$SECONDS
timeout -k 5 "$CAP" "$BENCH" "$SPIN" "$BARRIER" "$NORMAL" --shape "$FULL_SHAPE" --warmup 2 \
  --iters 5 --timeout "$HANG_TIMEOUT" --json "$OUT/bench-sweep.json" >"$OUT/bench-sweep.log" 2>&1
rc=$?
record bench-sweep "timeout timeout ok (exit 1)" \
  "$(statuses "$OUT/bench-sweep.json" bench "$SPIN_NAME" "$BARRIER_NAME" "$NORMAL_NAME") (exit $rc)"
echo "      $((SECONDS - start))s; $(grep -c 'TIMEOUT:' "$OUT/bench-sweep.log") TIMEOUT lines in $OUT/bench-sweep.log"

# 2. tessera-bench, one config: in this process; the wait polls to the
# deadline, the run ends with an error instead of hanging.
start=$SECONDS
timeout -k 5 "$CAP" "$BENCH" "$SPIN" --shape "$FULL_SHAPE" --timeout "$HANG_TIMEOUT" \
  --json "$OUT/bench-single.json" >"$OUT/bench-single.log" 2>&1
rc=$?
record bench-single "timeout (exit 1)" \
  "$(statuses "$OUT/bench-single.json" bench "$SPIN_NAME") (exit $rc)"
echo "      $((SECONDS - start))s: $(grep -m1 'TIMEOUT:' "$OUT/bench-single.log" | sed 's/^ *//')"

if ! python3 -c 'import torch; assert torch.cuda.is_available()' 2>/dev/null; then
  record peers "timeout ok" "skipped (no PyTorch with CUDA)"
  record check "TIMEOUT PASS" "skipped (no PyTorch with CUDA)"
else
  # 3. peers.py: each config a job in a worker process.
  start=$SECONDS
  timeout -k 5 "$CAP" python3 "$ROOT/tools/peers.py" --no-peers --fa2 "$SPIN" "$NORMAL" \
    --shapes "$FULL_SHAPE" --warmup 2 --iters 5 --budget-ms 50 --timeout "$HANG_TIMEOUT" \
    --out "$OUT/peers" >"$OUT/peers.log" 2>&1
  record peers "timeout ok" "$(statuses "$OUT/peers/peers.json" peers "$SPIN_NAME" "$NORMAL_NAME")"
  echo "      $((SECONDS - start))s; log: $OUT/peers.log"

  # 4. check_attention.py: each run a job in a worker process.
  start=$SECONDS
  timeout -k 5 "$CAP" python3 "$ROOT/test/gpu/check_attention.py" "$SPIN" "$NORMAL" \
    --shapes "$FULL_SHAPE" --timeout "$HANG_TIMEOUT" >"$OUT/check.log" 2>&1
  got_spin=none got_normal=none
  grep -q "^TIMEOUT: $SPIN_NAME $FULL_SHAPE did not finish" "$OUT/check.log" && got_spin=TIMEOUT
  grep -q "^$NORMAL_NAME $FULL_SHAPE .*: PASS$" "$OUT/check.log" && got_normal=PASS
  record check "TIMEOUT PASS" "$got_spin $got_normal"
  echo "      $((SECONDS - start))s; log: $OUT/check.log"
fi

echo "check_watchdog: $FAILED check(s) failed; $OUT/watchdog.txt"
[ "$FAILED" -eq 0 ]
