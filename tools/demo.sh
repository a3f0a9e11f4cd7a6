#!/usr/bin/env bash
# The demo behind `./tools/run.sh demo`: FlashAttention-2 from kernels/fa2.tile
# through every stage of the compiler, checked on the CPU at the end.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BIN=${1:-$ROOT/build}/bin
OUT=${TESSERA_DEMO_OUT:-$ROOT/build/demo}
mkdir -p "$OUT"

step() { printf '\n\033[1m==> %s\033[0m\n' "$*"; }

step "the kernel: kernels/fa2.tile"
sed -n '/^@kernel/,$p' "$ROOT/kernels/fa2.tile"

step "tile IR (tessera-compile --emit=tile), first lines"
"$BIN/tessera-compile" "$ROOT/kernels/fa2.tile" --emit=tile -o "$OUT/fa2.tile.mlir"
head -n 24 "$OUT/fa2.tile.mlir"

step "GPU level (--emit=gpu): layouts, pipelined K/V loads, shared-memory offsets"
"$BIN/tessera-compile" "$ROOT/kernels/fa2.tile" --emit=gpu -o "$OUT/fa2.gpu.mlir"
grep -E '^#|tilegpu\.(async|stage)|tile.dot' "$OUT/fa2.gpu.mlir" | head -n 14

step "PTX, cubin and manifest for sm_90a and sm_80 (--stats from ptxas)"
for chip in sm_90a sm_80; do
  "$BIN/tessera-compile" "$ROOT/kernels/fa2.tile" --target "$chip" -o "$OUT/fa2-$chip" --stats
done
grep -cE 'mma.sync|ldmatrix|cp.async' "$OUT/fa2-sm_90a.ptx" | sed 's/^/tensor-core, ldmatrix and cp.async instructions in the PTX: /'
ls -l "$OUT"/fa2-sm_90a.*

step "FA2 on the CPU interpreter against an fp64 reference (N=200 is not a multiple of the blocks)"
"$BIN/tessera-run" --interpret "$ROOT/kernels/fa2.tile" --shape 2,3,200,64
"$BIN/tessera-run" --interpret "$ROOT/kernels/fa2.tile" --shape 1,2,200,64 --causal
