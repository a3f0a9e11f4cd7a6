#!/usr/bin/env bash
# With the tessera-compile binary $1, compiles the kernels of $2 into $3:
# defaults for sm_80 and sm_90a, then a sweep of
# BLOCK_M x BLOCK_N x NUM_WARPS x NUM_STAGES on sm_90a.
set -u
compile=$1 kernels=$2 out=$3
for k in attention_naive fa1 fa2; do
  for dim in 64 128; do
    for chip in sm_80 sm_90a; do
      echo "default $k D=$dim $chip: $("$compile" "$kernels/$k.tile" -D HEAD_DIM=$dim --target $chip -o "$out/$k-$dim-$chip" --stats 2>&1 | sed 's/.*registers, //')"
    done
  done
done
for chip in sm_80 sm_90a; do
  echo "default gemm $chip: $("$compile" "$kernels/gemm.tile" --target $chip -o "$out/gemm-$chip" --stats 2>&1 | sed 's/.*registers, //')"
done
echo "over-budget fa2 sm_86: $("$compile" "$kernels/fa2.tile" -D BLOCK_M=256 -D BLOCK_N=256 --target sm_86 -o "$out/big" 2>&1 | grep -o 'error: .*')"
ok=0 failed=0
for k in attention_naive fa1 fa2; do
  for bm in 64 128; do
    for bn in 64 128; do
      for warps in 4 8; do
        # Each warp owns 16 rows or more.
        [ $((bm / warps)) -ge 16 ] || continue
        for stages in 1 2 3; do
          name=$k-m$bm-n$bn-w$warps-s$stages
          if "$compile" "$kernels/$k.tile" -D BLOCK_M=$bm -D BLOCK_N=$bn \
              -D NUM_WARPS=$warps -D NUM_STAGES=$stages --target sm_90a \
              -o "$out/$name" >"$out/$name.log" 2>&1; then
            ok=$((ok + 1))
          else
            failed=$((failed + 1))
            echo "FAILED $name: $(head -n 3 "$out/$name.log")"
          fi
        done
      done
    done
  done
done
echo "sweep: $ok compiled, $failed failed"
