#!/usr/bin/env bash
# v49: makes the git-ignored trees the device calls carry, here (where MLIR
# and tessera-compile are), from the checkout's build/:
#   gpu-ab/v49/      run_all.sh's inputs: gpu-out/ (compile-configs.sh, 112
#                    configs; 116 since v51), gpu-sem/ (semantics.sh prepare), py-cache/
#                    (check_backward, check_membound, check_distributed
#                    --precompile sm_90a), deps/ (the runtime's headers)
#   gpu-ab/v48/      cfg/: FA2 D = 128 128xBLOCK_N w8 s2 `_poP`/`_woP`, causal
#                    and not, at BLOCK_N 128, 160, 176 (v48 call 3); deps/
#   gpu-ab/v42/      lnsweep5120/ (check_membound --precompile --sweep, the
#                    LayerNorm 5120-tile candidates at 5000 columns), deps/
# usage: trees.sh [v49] [v48] [v42]   (default: all three)
set -euo pipefail
cd "$(dirname "$0")/../../../../.."
export PATH=$PWD/build/bin:$PATH PYTHONPATH=$PWD/python
deps() { mkdir -p "$1/deps" && cp -r /usr/include/nlohmann /usr/include/CLI "$1/deps/"; }
for tree in "${@:-v49 v48 v42}"; do
  for t in $tree; do
    case $t in
      v49) T=gpu-ab/v49; rm -rf $T && mkdir -p $T && deps $T
           tools/compile-configs.sh $T/gpu-out sm_90a | tail -1
           test/gpu/semantics.sh prepare $T/gpu-sem | tail -1
           for s in check_backward check_membound check_distributed; do
             TESSERA_CACHE_DIR=$T/py-cache /usr/bin/python3 test/gpu/$s.py --precompile sm_90a | tail -1
           done ;;
      v48) T=gpu-ab/v48; rm -rf $T && mkdir -p $T/cfg && deps $T
           for n in 128 160 176; do for c in 0 1; do for m in wo po; do
             flags=(-D WARP_SPECIALIZE=true -D OVERLAP_DOTS=true -D PERSISTENT=true)
             [ $m = po ] && flags+=(-D PING_PONG=true)
             tessera-compile kernels/fa2.tile -D HEAD_DIM=128 -D BLOCK_M=128 -D BLOCK_N=$n \
               -D NUM_WARPS=8 -D NUM_STAGES=2 -D CAUSAL=$c "${flags[@]}" --target sm_90a \
               -o $T/cfg/fa2_d128_m128_n${n}_w8_s2_c${c}_${m}P --stats
           done; done; done ;;
      v42) T=gpu-ab/v42; rm -rf $T && mkdir -p $T && deps $T
           TESSERA_CACHE_DIR=$T/lnsweep5120 /usr/bin/python3 test/gpu/check_membound.py --precompile \
             sm_90a --sweep --ops layer_norm --widths 5000 --blocks 5120 | tail -1 ;;
      *) echo "unknown tree $t (v49, v48 or v42)" >&2; exit 2 ;;
    esac
    du -sh $T
  done
done
