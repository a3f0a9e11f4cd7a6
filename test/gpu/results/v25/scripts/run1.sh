#!/usr/bin/env bash
# v25 call 1: the persistent grid (tilegpu-persistent, -D PERSISTENT=true) on
# the H200. ab/ (compiled here at the working tree of this session) holds FA2
# configs with and without PERSISTENT: warp-specialized (_w), ping-pong (_p),
# the plain TMA pipeline (no suffix) and the portable mma.sync + cp.async path
# (_sync), causal and not, D = 64 and 128; and the GEMM (default and 128x256
# w8 specialized). (1) correctness of every FA2 config against fp64 at a
# ragged and a large shape; (2) compute-sanitizer on the persistent ping-pong
# config; (3) every config timed in one process per (D, causal) at the
# peers' shapes (same tensors for a config and its persistent twin);
# (4) check_gemm.py on the four GEMM manifests; (5) peers at four shapes.
set -uo pipefail
cd "$(dirname "$0")/../../../../.."   # the tree copy
export PYTHONUNBUFFERED=1 CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
log() { echo "[$(date -u +%T) +${SECONDS}s] $*"; }
source test/gpu/results/v25/scripts/runtime.sh
log "runtime built"
W=$(mktemp -d)
for d in 64 128; do for c in 0 1; do
  flag=(); [ "$c" = 1 ] && flag=(--causal)
  timeout -k 5 90 $BENCH "${flag[@]}" ab/fa2_d${d}_*_c${c}*.json \
    --shape 1,3,200,$d --shape 2,8,4096,$d --warmup 1 --iters 3 --csv "$W/correct-d$d-c$c.csv" >/dev/null 2>&1
  log "correctness D=$d causal=$c exit $?"
done; done
cat $W/correct-*.csv | grep -v "^kernel" | wc -l
cat $W/correct-*.csv | grep -vi "^kernel\|,pass" | head -10
cp $W/correct-*.csv $OUT/
SAN=$CUDA_HOME/bin/compute-sanitizer
for tool in memcheck racecheck synccheck; do
  timeout -k 5 60 $SAN --tool $tool --error-exitcode 9 $BENCH --causal ab/fa2_d128_m128_n128_w8_s2_c1_pP.json \
    --shape 1,2,700,128 --warmup 0 --iters 1 --no-isolate > $OUT/san-$tool.txt 2>&1
  log "sanitizer $tool exit $?"; tail -2 $OUT/san-$tool.txt
done
for d in 128 64; do for c in 0 1; do
  flag=(); [ "$c" = 1 ] && flag=(--causal)
  if [ $d = 128 ]; then shapes=(--shape 8,16,2048,128 --shape 2,16,8192,128 --shape 1,16,16384,128)
  else shapes=(--shape 4,32,2048,64 --shape 16,32,2048,64 --shape 2,16,8192,64); fi
  timeout -k 5 150 $BENCH "${flag[@]}" ab/fa2_d${d}_*_c${c}*.json "${shapes[@]}" \
    --warmup 5 --iters 30 --check-rows 256 --csv "$W/time-d$d-c$c.csv" >/dev/null 2>&1
  log "timing D=$d causal=$c exit $?"
  awk -F, 'NR>1 {printf "%-36s %-18s %8.1f\n", $1, $4","$5","$6","$7, $14}' "$W/time-d$d-c$c.csv" | sort -k2,2 -k1,1
done; done
cp $W/time-*.csv $OUT/
for m in gemm_default gemm_defaultP gemm_n256_w8_w gemm_n256_w8_wP; do
  timeout -k 5 60 python3 test/gpu/check_gemm.py ab/$m.json 4096,4096,4096 8192,8192,8192 1000,1000,1000 > $OUT/gemm-$m.txt 2>&1
  log "gemm $m exit $?"; tail -4 $OUT/gemm-$m.txt
done
mkdir -p $W/best && cp ab/fa2_d128_m128_n128_w8_s2_c?_pP.* ab/fa2_d128_m128_n128_w8_s2_c?_p.* ab/fa2_d64_m192_n128_w12_s2_c?_w*.* $W/best/
timeout -k 5 150 python3 tools/peers.py --fa2 $W/best --shapes 2,16,8192,128 2,16,8192,128,causal \
  8,16,2048,128 4,32,2048,64 --out "$W/peers" --warmup 5 --iters 30 --budget-ms 200 >"$W/peers.log" 2>&1
log "peers exit $?"; tail -8 "$W/peers.log"
cp $W/peers/peers.csv $W/peers/peers.md $W/peers.log $OUT/ 2>/dev/null
