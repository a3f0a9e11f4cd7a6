#!/usr/bin/env bash
# Compiles the tuning sweep of the attention kernels and the GEMM's default
# and Hopper configs into OUTDIR, one NAME.{ptx,cubin,json} per config, for
# `tessera-bench --sweep`, test/gpu/check_gemm.py and test/gpu/run_all.sh:
#
#   tools/compile-configs.sh OUTDIR [TARGET]      (TARGET defaults to sm_90a)
#
# TESSERA_COMPILE_FLAGS adds options to every compile (e.g. --copies=cp.async
# for an A/B run against the default TMA copies).
# Configs over the shared-memory budget are reported and skipped, as a
# tuning sweep prunes them before they reach the GPU.
set -uo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
OUTDIR=${1:?usage: $0 OUTDIR [TARGET]}
TARGET=${2:-sm_90a}
COMPILE=${TESSERA_COMPILE:-$ROOT/build/bin/tessera-compile}
read -r -a FLAGS <<<"${TESSERA_COMPILE_FLAGS:-}"
[ -x "$COMPILE" ] || { echo "error: $COMPILE not found (run ./tools/run.sh build)" >&2; exit 1; }
mkdir -p "$OUTDIR"

# kernel HEAD_DIM "BLOCK_M,BLOCK_N,NUM_WARPS,NUM_STAGES[,MODE]"... (MODE o: with
# OVERLAP_DOTS=true, P·V deferred under the next QKᵀ on sm_90a; name suffix
# _o. w: with WARP_SPECIALIZE=true, a producer warpgroup on sm_90a; _w. w2: as
# w, with the registers sized for two CTAs an SM (--ctas-per-sm=2: 128 at
# launch, 232 for one consumer warpgroup), for 4-warp configs; _w2. p: as w,
# with PING_PONG=true, the consumer warpgroups taking turns issuing their
# dots (8 or 12 warps); _p. A final P, alone or after w or p: with
# PERSISTENT=true, a grid of the CTAs that fit walking the programs; _P, _wP,
# _pP. wo and po: w and p with OVERLAP_DOTS=true too, FlashAttention-3's
# intra-warpgroup overlap (QKᵀ of block j+1 under the softmax of block j,
# V's ring one stage longer); _wo, _po, _woP, _poP)
SWEEP=(
  "fa2 64 128,64,4,2 128,64,4,3 64,64,4,2 128,128,8,2 128,128,4,2 64,128,4,2 128,64,8,2 128,128,8,3 128,64,4,2,o 128,64,4,3,o 64,64,4,2,o 64,128,4,3 64,64,4,3 128,64,4,4 128,128,8,2,w 192,128,12,2,w 128,64,4,2,w2 128,128,8,2,p 192,128,12,2,p 128,128,8,2,pP 128,128,8,2,woP 128,128,8,2,poP 192,128,12,2,poP"
  "fa2 128 128,64,4,2 128,64,8,2 64,64,4,2 128,128,8,2 128,32,4,2 128,64,8,3 128,128,8,3 128,64,8,2,o 128,64,8,3,o 128,128,8,2,o 64,64,4,2,o 128,64,4,3 128,128,4,2 128,128,8,2,w 128,64,8,2,w 192,64,12,2,w 128,64,4,2,w2 128,128,8,2,p 128,64,8,2,p 192,64,12,2,p 128,128,8,2,wP 128,128,8,2,pP 128,192,8,2,w 128,192,8,2,wP 128,128,8,2,wo 128,128,8,2,woP 128,128,8,2,poP 128,160,8,2,woP 128,160,8,2,poP"
  "fa1 64 64,64,4,1 128,64,8,1 128,64,8,2 64,64,4,2 128,128,8,2"
)
ok=0 skipped=0

# compile NAME KERNEL ARGS...: kernels/KERNEL.tile with ARGS into OUTDIR/NAME;
# a config the compiler rejects (e.g. over the shared-memory budget) is
# reported and skipped.
compile() {
  local name=$1 kernel=$2
  shift 2
  if "$COMPILE" "$ROOT/kernels/$kernel.tile" "$@" --target "$TARGET" "${FLAGS[@]}" \
      -o "$OUTDIR/$name" --stats 2>"$OUTDIR/$name.log"; then
    ok=$((ok + 1))
    echo "$name: $(cat "$OUTDIR/$name.log")"
    rm -f "$OUTDIR/$name.log"
  else
    skipped=$((skipped + 1))
    echo "$name: skipped: $(grep -m1 error "$OUTDIR/$name.log")"
  fi
}

for line in "${SWEEP[@]}"; do
  read -r kernel dim configs <<<"$line"
  for causal in 0 1; do
    for config in $configs; do
      IFS=, read -r bm bn warps stages overlap <<<"$config"  # MODE (or none), then P
      name=${kernel}_d${dim}_m${bm}_n${bn}_w${warps}_s${stages}_c${causal}
      extra=()
      persistent=
      case ${overlap:-} in *P) persistent=P; overlap=${overlap%P} ;; esac
      case ${overlap:-} in
        o) name+=_o; extra=(-D OVERLAP_DOTS=true) ;;
        w) name+=_w; extra=(-D WARP_SPECIALIZE=true) ;;
        w2) name+=_w2; extra=(-D WARP_SPECIALIZE=true --ctas-per-sm=2) ;;
        p) name+=_p; extra=(-D WARP_SPECIALIZE=true -D PING_PONG=true) ;;
        wo) name+=_wo; extra=(-D WARP_SPECIALIZE=true -D OVERLAP_DOTS=true) ;;
        po) name+=_po; extra=(-D WARP_SPECIALIZE=true -D PING_PONG=true -D OVERLAP_DOTS=true) ;;
        "") ;;
        *) echo "error: $kernel $dim $config: unknown mode '$overlap' (o, w, w2, p, wo or po, then P)" >&2
           exit 1 ;;
      esac
      if [ -n "$persistent" ]; then
        [ -n "${overlap:-}" ] && name+=P || name+=_P
        extra+=(-D PERSISTENT=true)
      fi
      compile "$name" "$kernel" -D HEAD_DIM="$dim" -D BLOCK_M="$bm" -D BLOCK_N="$bn" \
        -D NUM_WARPS="$warps" -D NUM_STAGES="$stages" "${extra[@]}" -D CAUSAL="$causal"
    done
  done
done
# kernels/gemm.tile: its defaults (test/gpu/sanitize.sh's default config) and
# the Hopper schedule, for test/gpu/check_gemm.py and run_all.sh's gemm step.
compile gemm gemm
compile gemm_m128_n256_w8_wP gemm -D BLOCK_N=256 -D NUM_WARPS=8 -D WARP_SPECIALIZE=true \
  -D PERSISTENT=true
echo "compiled $ok configs into $OUTDIR ($skipped skipped)"
