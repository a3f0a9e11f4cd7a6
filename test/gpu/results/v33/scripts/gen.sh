#!/usr/bin/env bash
# v33 call 1: builds the experiment's kernels here (tessera-compile, ptxas)
# into DIR: the norms' NORM_CONFIGS kernels (o_*), the same with W/B
# prefetched before the statistics (pf_*, ptxedit.py prefetch), LOOPED
# kernels (L_*) and the same with Inductor's cache policies (Lh_*).
# PREFIX=n: only the NORM_CONFIGS kernels, named n_* (a later compiler).
set -euo pipefail
DIR=$1; mkdir -p $DIR
ROOT=$(cd "$(dirname "$0")/../../../../.." && pwd)
TC=${TESSERA_COMPILE:-$ROOT/build/bin/tessera-compile}
ED=$(dirname "$0")/ptxedit.py
PTXAS=${PTXAS:-/usr/local/cuda/bin/ptxas}
one() {  # tag kernel BLOCK_N ROWS WARPS REGS [LOOPED]
  local tag=$1 file=$2 n=$3 rows=$4 warps=$5 regs=$6 looped=${7:-false}
  $TC $ROOT/kernels/$file.tile --target sm_90a -D BLOCK_N=$n -D ROWS=$rows -D NUM_WARPS=$warps \
    -D LOOPED=$looped --max-registers=$regs -o $DIR/$tag --stats
}
edit() {  # mode src dst arg regs
  python3 $ED $1 $DIR/$2.json $DIR/$3.json $4
  $PTXAS -arch=sm_90a -v ${5:+--maxrregcount $5} $DIR/$3.ptx -o $DIR/$3.cubin 2>&1 | grep -E "registers|spill" | tr '\n' ' '; echo " <- $3"
}
for op in layernorm:ln rmsnorm:rms; do
  file=${op%%:*} t=${op##*:}
  if [ $t = ln ]; then c1024="2 2 64" c8192="2 16 64" c4096="2 8 64"; else c1024="2 4 32" c8192="1 8 64" c4096="1 4 64"; fi
  for n in 1024 4096 8192; do
    eval "set -- \$c$n"
    one ${PREFIX:-o}_${t}_$n $file $n $1 $2 $3
    [ -n "${PREFIX:-}" ] && continue
    edit prefetch o_${t}_$n pf_${t}_$n all $3
  done
  [ -n "${PREFIX:-}" ] && continue
  [ $t = ln ] && pol=last,first,last,last || pol=last,first,last
  for cfg in "2048 1 8 0" "2048 1 16 32" "4096 1 16 0" "4096 1 16 32"; do
    set -- $cfg
    one L_${t}_$1_$3_$4 $file $1 $2 $3 $4 true
    edit hints L_${t}_$1_$3_$4 Lh_${t}_$1_$3_$4 $pol $([ $4 = 0 ] || echo $4)
  done
done
