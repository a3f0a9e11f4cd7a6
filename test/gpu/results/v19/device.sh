#!/usr/bin/env bash
# v19 device call: run_all.sh on the final tree of the session (sweep with _w2).
set -uo pipefail
cd "$(dirname "$0")"
ROOT=$PWD
: "${OUT:?OUT unset}"
export PYTHONUNBUFFERED=1 CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
export TESSERA_DEPS_INCLUDE_DIR=$ROOT/build/deps
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,temperature.gpu --format=csv > "$OUT/gpu.txt" 2>&1
OUT=$OUT/runall TIME_BUDGET=${TIME_BUDGET:-540} bash test/gpu/run_all.sh gpu-out >"$OUT/runall-stdout.txt" 2>&1
echo "run_all exit $?"
cp "$OUT/runall/tables.md" "$OUT/tables.md" 2>/dev/null
tar -czf "$OUT/runall.tgz" -C "$OUT" runall && rm -rf "$OUT/runall"
ls -la "$OUT"
tail -60 "$OUT/runall-stdout.txt"
