#!/usr/bin/env bash
# The demo behind `./tools/run.sh demo`: takes the bundled kernels through every
# stage the compiler has, printing what each stage produces.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BIN=${1:-$ROOT/build}/bin

step() { printf '\n\033[1m==> %s\033[0m\n' "$*"; }

step "tile IR: parse, verify and print the example module"
"$BIN/tessera-opt" "$ROOT/test/Dialect/Tile/ops.mlir" | head -n 30

step "tile-decompose-online-softmax: the FA state update, step by step"
"$BIN/tessera-opt" -tile-decompose-online-softmax "$ROOT/test/Transforms/tile-decompose-online-softmax.mlir" -split-input-file | head -n 24
