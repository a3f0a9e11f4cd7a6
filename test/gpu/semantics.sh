#!/usr/bin/env bash
#===- semantics.sh - The kernels users write, checked on the GPU ---------===#
#
# Part of the Tessera project. Two halves, because the GPU host has no MLIR:
#
#   test/gpu/semantics.sh prepare DIR   (here: tessera-compile, tessera-run)
#   test/gpu/semantics.sh check DIR     (on the GPU host, with DIR copied)
#
# prepare compiles into DIR/attn/ FA2 and FA1 in the variants the semantics
# issue names (sliding windows, causal + window, bf16, on wgmma and on
# mma.sync) and into DIR/interp/ the interpreter kernels with fixed shapes
# (builtins, fully masked rows, scalar loads, blocked and mma tiles meeting,
# a kernel of 10 warps, key loops of no iteration under the Hopper schedule,
# transposes of register tiles, i32 and 16-bit reductions, argmax and
# argmin, cumsum, dot operands also used in registers, reductions to a scalar and
# stores of one element, atomic additions),
# each with `tessera-run --save` of its inputs
# and the interpreter's outputs. check builds the runtime (as run_all.sh
# does), runs test/gpu/check_attention.py on DIR/attn (fp64 reference, ragged
# N with B·H > 1) and test/gpu/check_interp.py on every DIR/interp case (one
# process: --cases), and ends with "semantics: N passed, N failed" (a tally
# of its checking commands).
#
#===----------------------------------------------------------------------===#
set -uo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
MODE=${1:?usage: $0 prepare|check DIR}
DIR=$(realpath -m "${2:?usage: $0 prepare|check DIR}")

prepare() {
  local compile=${TESSERA_COMPILE:-$ROOT/build/bin/tessera-compile}
  local run=${TESSERA_RUN:-$ROOT/build/bin/tessera-run}
  mkdir -p "$DIR/attn" "$DIR/interp"
  # name source target mma defines
  local cases=(
    "fa2_d64 kernels/fa2.tile sm_90a auto"
    "fa2_d64_causal kernels/fa2.tile sm_90a auto -D CAUSAL=1"
    "fa2_d128 kernels/fa2.tile sm_90a auto -D HEAD_DIM=128"
    "fa1_d64 kernels/fa1.tile sm_90a auto"
    "fa2_d64_win100 kernels/fa2.tile sm_90a auto -D WINDOW_LEFT=100"
    "fa2_d64_win100_sync kernels/fa2.tile sm_90a sync -D WINDOW_LEFT=100"
    "fa2_d64_causal_win40 kernels/fa2.tile sm_90a auto -D CAUSAL=1 -D WINDOW_LEFT=40"
    "fa2_d128_win30_7 kernels/fa2.tile sm_90a auto -D HEAD_DIM=128 -D WINDOW_LEFT=30 -D WINDOW_RIGHT=7"
    "fa2_d64_win0_0_m64 kernels/fa2.tile sm_90a auto -D BLOCK_M=64 -D WINDOW_LEFT=0 -D WINDOW_RIGHT=0"
    "fa2_bf16_d64 kernels/fa2.tile sm_90a auto -D DTYPE=bf16"
    "fa2_bf16_d64_sync kernels/fa2.tile sm_90a sync -D DTYPE=bf16"
    "fa2_bf16_d128_causal_sync kernels/fa2.tile sm_90a sync -D DTYPE=bf16 -D HEAD_DIM=128 -D CAUSAL=1"
    "fa2_bf16_d64_sm80 kernels/fa2.tile sm_80 auto -D DTYPE=bf16"
    "fa1_bf16_d64_sync kernels/fa1.tile sm_90a sync -D DTYPE=bf16"
    "varlen_d64 kernels/fa2_varlen.tile sm_90a auto"
    "varlen_d128_causal kernels/fa2_varlen.tile sm_90a auto -D HEAD_DIM=128 -D CAUSAL=1"
    "varlen_bf16_d64_sync kernels/fa2_varlen.tile sm_90a sync -D DTYPE=bf16"
    "bnhd_d64 kernels/fa2_bnhd.tile sm_90a auto"
    "bnhd_d64_alibi kernels/fa2_bnhd.tile sm_90a auto -D ALIBI=1"
    "bnhd_d128_alibi_causal kernels/fa2_bnhd.tile sm_90a auto -D ALIBI=1 -D CAUSAL=1 -D HEAD_DIM=128"
    "bnhd_d64_alibi_win_sync kernels/fa2_bnhd.tile sm_90a sync -D ALIBI=1 -D WINDOW_LEFT=50"
    "paged_d128 kernels/fa2_paged_decode.tile sm_90a auto --kernel fa2_paged_decode"
    "paged_d64_bf16 kernels/fa2_paged_decode.tile sm_90a auto --kernel fa2_paged_decode -D HEAD_DIM=64 -D DTYPE=bf16"
  )
  local line name src target mma defines fill rc=0
  for line in "${cases[@]}"; do
    read -r name src target mma defines <<<"$line"
    [[ $src == /* ]] || src=$ROOT/$src
    # shellcheck disable=SC2086
    "$compile" "$src" $defines --target "$target" --mma="$mma" -o "$DIR/attn/$name" --stats || rc=1
  done
  local tile
  for tile in "$ROOT"/test/Interpreter/Inputs/{builtins,masked_rows,gather_rows,layout_mix,odd_warps,rotation_edges,transposes,reductions,arg_reductions,scans,shared_operands,scalar_reductions,atomics}.tile; do
    name=$(basename "$tile" .tile)
    # 768 programs (each query block 48 times over): three pairs a CTA of
    # the persistent grid, empty programs among them, on 2 MB of tensors.
    defines=()
    [ "$name" = rotation_edges ] && defines=(-D REPEAT=48)
    "$compile" "$tile" "${defines[@]}" --target sm_90a -o "$DIR/interp/$name" --stats || rc=1
    # builtins.tile maps its iota inputs onto [-1, 1); the rest take random ones.
    fill=random
    [ "$name" = builtins ] && fill=iota
    sizes=()
    [ "$name" = gather_rows ] && sizes=(--size B=5 --size N=100)
    [ "$name" = layout_mix ] && sizes=(--size B=3)
    [ "$name" = odd_warps ] && sizes=(--size M=23 --size N=5000 --size G=5)
    [ "$name" = rotation_edges ] && sizes=(--size BH=4)
    [ "$name" = transposes ] && sizes=(--size M=72 --size N=40 --size G=4)
    [ "$name" = reductions ] && sizes=(--size M=70 --size N=296 --size G=18)
    [ "$name" = arg_reductions ] && sizes=(--size M=70 --size N=296 --size G=18)
    [ "$name" = scans ] && sizes=(--size M=70 --size N=1000 --size G=18)
    [ "$name" = shared_operands ] && sizes=(--size M=70 --size K=48 --size G=2)
    [ "$name" = scalar_reductions ] && sizes=(--size M=37 --size N=296 --arg eps=1e-5)
    [ "$name" = atomics ] && sizes=(--size M=70 --size G=3)
    "$run" --interpret "$tile" "${defines[@]}" --fill "$fill" "${sizes[@]}" \
      --save "$DIR/interp/$name" >/dev/null || rc=1
  done
  return $rc
}

check() {
  local build=${BUILD_DIR:-$ROOT/build/gpu} passed=0 failed=0
  local log=$DIR/runtime-build.log
  { cmake -G Ninja -S "$ROOT" -B "$build" -DTESSERA_RUNTIME_ONLY=ON -DCMAKE_BUILD_TYPE=Release \
      -DTESSERA_ENABLE_UNITTESTS=OFF -DCMAKE_CXX_COMPILER="${CXX:-g++}" \
      -DCMAKE_C_COMPILER="${CC:-gcc}" &&
      cmake --build "$build" --target TesseraRuntimeShared; } >"$log" 2>&1 ||
    { tail -n 30 "$log"; echo "semantics: runtime build failed"; return 1; }
  TESSERA_RUNTIME_LIB=$(find "$build" -name libtessera_runtime.so -print -quit)
  export TESSERA_RUNTIME_LIB PYTHONUNBUFFERED=1
  tally() { if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); fi; }
  tally timeout 300 python3 "$ROOT/test/gpu/check_attention.py" "$DIR"/attn/*.json
  # The interpreter's runs against the GPU's, one process for all
  # (check_interp.py --cases: a line a kernel, with its tolerances).
  cat >"$DIR/interp-cases.txt" <<'EOF'
# builtins: F holds the f32 builtins (tanh.approx bounds the relative
# error at 2^-11; libdevice's sin, cos, erf at 2 ulp and pow at 4),
# G the f16 ones (one f16 ulp), J integer abs and clamp (exact).
interp/builtins.json interp/builtins --tol F=1e-6,1e-3 --tol G=0,1e-3
# masked rows: Out within f32 accumulation noise; the -inf Lse rows exact.
interp/masked_rows.json interp/masked_rows --tol Out=1e-5,1e-4 --tol Lse=1e-5,1e-5
# scalar loads: slices, loop bounds and factors from tensors; exact.
interp/gather_rows.json interp/gather_rows
# blocked and mma tiles meeting (convert_layout both ways, a cross-warp
# column sum, one with copies in the warps): f32 sums of 64 f16 products
# and of 4 f32 values, in another order than the interpreter's.
interp/layout_mix.json interp/layout_mix --tol Y=1e-4,1e-4 --tol S=1e-3,1e-4 --tol T=1e-5,1e-5
# a kernel of 10 warps (2 x 5 and 1 x 10 splits): maxima exact, the f16
# Y within an ulp, f32 sums of 2048 and of 5 values in another order.
interp/odd_warps.json interp/odd_warps --tol Y=0,1e-3 --tol Rsum=1e-4,1e-5 --tol Csum=1e-5,1e-5
# key loops of no iteration (Out 0, Lse -inf exact) between programs
# that run, warp-specialized, ping-pong, persistent. Out: ex2.approx
# and the interpreter's exp2 differ by an f32 ulp or two, which can flip
# the f16 rounding of a P (2^-11 of it) before P.V: Out moves by up to
# 2^-11 * (p / l) * |v| <= 4.9e-4 per flip (v31: 42 of 262144 values
# off by more than 1e-5, at most 2.4e-5); a wrong stage or block is
# 1e-2 and more. Lse (f32 sums in another order) to 1e-5.
interp/rotation_edges.json interp/rotation_edges --tol Out=5e-4,1e-4 --tol Lse=1e-5,1e-5
# transposes of register tiles through shared memory (ragged 72 x 40 in
# 64 x 32 tiles): Y and Z exact; the dots on transposed computed operands
# f32 sums of 64 and 32 f16 products, S of 32 f32 values, in another
# order.
interp/transposes.json interp/transposes --tol P=1e-4,1e-4 --tol Q=1e-4,1e-4 --tol S=1e-5,1e-5
# i32, f16 and bf16 reductions (argmax, wrapping i32 sums, 16-bit
# maxima and minima): exact.
interp/reductions.json interp/reductions
# argmax and argmin (ties everywhere, NaN rows, both axes, blocked and
# mma tiles, a 1-D row to a scalar; the dot's operands on a grid exact in
# f32): exact.
interp/arg_reductions.json interp/arg_reductions
# cumsum: f32 prefix sums of up to 1000 values in [-1, 1) in another
# order than the interpreter's (Rows, Cols, Flat, Short, Looped), the dot's
# prefix sums of 64 values near 10 (Dot); i32 exact.
interp/scans.json interp/scans --tol Rows=1e-4,1e-5 --tol Cols=1e-5,1e-5 --tol Flat=1e-4,1e-5 --tol Short=1e-5,1e-5 --tol Looped=1e-4,1e-5 --tol Dot=1e-3,1e-4
# dot operands also computed with, reduced and stored (read out of shared
# memory): maxima and copies exact; the dots f32 sums of 48 and 64 f16
# products, S of 32 squares, in another order.
interp/shared_operands.json interp/shared_operands --tol Y=1e-4,1e-4 --tol S=1e-5,1e-5 --tol T=1e-4,1e-4
# reductions to a scalar and stores of one element (a layer norm with
# 1-D rows): Range, Peak (f16) and Count (i32) exact; Mean, Acc, Pair and
# Chunked f32 sums of 300 and 600 values in another order; Rstd that and
# rsqrt.approx (2^-22.9); Y (f16) within an ulp of a rounding the rstd may
# flip.
interp/scalar_reductions.json interp/scalar_reductions --arg eps=1e-5 --tol Mean=1e-6,1e-5 --tol Pair=1e-4,1e-5 --tol Chunked=1e-4,1e-5 --tol Acc=1e-6,1e-5 --tol Rstd=0,1e-5 --tol Y=1e-3,1e-3
# atomic additions from 15 programs into the same elements: Count and Hist
# (i32) exact; ColSum (210 f32 values) and C (15 dots of 32 f16 products)
# summed in the hardware's order, not the interpreter's.
interp/atomics.json interp/atomics --tol ColSum=1e-4,1e-5 --tol C=1e-3,1e-4
EOF
  tally timeout 300 python3 "$ROOT/test/gpu/check_interp.py" --cases "$DIR/interp-cases.txt"
  # The new kernels timed against their PyTorch peers on the same tensors.
  tally timeout 300 python3 "$ROOT/test/gpu/check_attention.py" --bench \
    --shapes 8,16,2048,128 4,32,2048,64 32,32,4096,128 -- \
    "$DIR"/attn/varlen_d128_causal.json "$DIR"/attn/varlen_d64.json "$DIR"/attn/bnhd_d64.json \
    "$DIR"/attn/bnhd_d64_alibi.json "$DIR"/attn/paged_d128.json
  echo "semantics: $passed passed, $failed failed"
  [ "$failed" -eq 0 ]
}

case $MODE in
  prepare) prepare ;;
  check) check ;;
  *) echo "usage: $0 prepare|check DIR" >&2; exit 2 ;;
esac
