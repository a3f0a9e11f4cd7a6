#!/usr/bin/env bash
# v24 call 2: (1) semantics.sh check on gpu-sem prepared again (call 1's
# interpreter half lacked its inputs); (2) FA2 tiles with BLOCK_N beyond powers
# of two (144, 160, 176, 192 at D=128; 160, 176, 192 at D=64), warp-specialized
# with and without ping-pong (ab/, compiled at main 14e3b4d): correctness at a
# ragged and a large shape, then every config timed with the peers in one
# process (peers.csv keeps each config's time); (3) the row ops' sweep at
# 5000 columns with the tiles and warp counts beyond powers of two that
# tilegpu-assign-layouts now splits (5120 columns over 5, 10 or 20 warps),
# from a compile cache made here (sweep-cache.tgz).
set -uo pipefail
cd "$(dirname "$0")/../../../../.."   # the tree copy
export PYTHONUNBUFFERED=1 CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
log() { echo "[$(date -u +%T) +${SECONDS}s] $*"; }
source test/gpu/results/v24/scripts/runtime.sh
log "runtime built"
BUILD_DIR=$PWD/build/gpu timeout -k 5 120 test/gpu/semantics.sh check gpu-sem > $OUT/semantics.txt 2>&1
log "semantics exit $?"; grep -v ": PASS$" $OUT/semantics.txt | tail -8
W=$(mktemp -d)
tar xzf sweep-cache.tgz -C $W
TESSERA_CACHE_DIR=$W/py-cache PYTHONPATH=$PWD/python timeout -k 5 150 python3 test/gpu/check_membound.py \
  --sweep --widths 5000 --ops softmax,layer_norm,rms_norm --budget 120 > $OUT/sweep5000.txt 2>&1
log "sweep exit $?"; cat $OUT/sweep5000.txt | tail -16; rm -rf $W/py-cache
for d in 64 128; do for c in 0 1; do
  flag=(); [ "$c" = 1 ] && flag=(--causal)
  timeout -k 5 60 $BENCH "${flag[@]}" ab/fa2_d${d}_*_c${c}_?.json \
    --shape 1,3,200,$d --shape 2,8,4096,$d --warmup 2 --iters 5 --csv "$W/correct-d$d-c$c.csv" >/dev/null 2>&1
  log "correctness D=$d causal=$c exit $?"
done; done
cat $W/correct-*.csv | grep -v "^kernel" | awk -F, '{print $2, $4","$5","$6","$7, $9, $10}' | sort | uniq -c | sort -rn | head -5
cat $W/correct-*.csv | grep -vi "^kernel\|pass" | head -10
timeout -k 5 300 python3 tools/peers.py --fa2 ab --shapes 8,16,2048,128 4,16,4096,128 \
  4,16,4096,128,causal 2,16,8192,128 2,16,8192,128,causal 1,16,16384,128 \
  4,32,2048,64 4,32,2048,64,causal 16,32,2048,64 \
  --out "$W/peers" --warmup 5 --iters 50 --budget-ms 250 >"$W/peers.log" 2>&1
log "peers exit $?"; tail -14 "$W/peers.log"
cp $W/peers/peers.csv $W/peers/peers.md $W/peers.log $OUT/ 2>/dev/null
tar -czf $OUT/run2.tgz -C $W .
