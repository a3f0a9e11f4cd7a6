#!/usr/bin/env bash
# v25 call 2: the persistent grid with its programs dealt in zigzag rounds
# (call 1's plain stride dealt one CTA only heavy causal programs: -33 % at
# [1,16,16384,128] causal). ab/ recompiled at this session's tree: FA2 D=128
# 128x128 w8 _w/_p, 128x192 w8 _w; D=64 192x128 w12 _w, 128x128 w8 _p, 128x64 w4
# (TMA, no producer), each with and without PERSISTENT (suffix P), causal and
# not; the GEMM 128x256 w8 specialized with and without. (1) correctness
# against fp64; (2) compute-sanitizer on the persistent causal ping-pong
# config; (3) every config timed in one process per (D, causal); (4) the GEMM
# pair; (5) peers at the shapes where the persistent configs compete.
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
cat $W/correct-*.csv | grep -v "^kernel" | awk -F, '{print $9}' | sort | uniq -c
SAN=$CUDA_HOME/bin/compute-sanitizer
for tool in memcheck racecheck synccheck; do
  timeout -k 5 60 $SAN --tool $tool --error-exitcode 9 $BENCH --causal ab/fa2_d128_m128_n128_w8_s2_c1_pP.json \
    --shape 1,2,700,128 --warmup 0 --iters 1 --no-isolate > $W/san-$tool.txt 2>&1
  log "sanitizer $tool exit $?"; grep "ERROR SUMMARY" $W/san-$tool.txt
done
for d in 128 64; do for c in 0 1; do
  flag=(); [ "$c" = 1 ] && flag=(--causal)
  if [ $d = 128 ]; then shapes=(--shape 8,16,2048,128 --shape 2,16,8192,128 --shape 1,16,16384,128)
  else shapes=(--shape 4,32,2048,64 --shape 16,32,2048,64 --shape 2,16,8192,64); fi
  timeout -k 5 120 $BENCH "${flag[@]}" ab/fa2_d${d}_*_c${c}*.json "${shapes[@]}" \
    --warmup 5 --iters 20 --check-rows 128 --csv "$W/time-d$d-c$c.csv" >/dev/null 2>&1
  log "timing D=$d causal=$c exit $?"
  awk -F, 'NR>1 {printf "%-44s %-16s %7.1f %s\n", $2, $4","$5","$6","$7, $14, $9}' "$W/time-d$d-c$c.csv" | sed 's|ab/fa2_||; s|.json||'
done; done
for m in gemm_n256_w8_w gemm_n256_w8_wP; do
  timeout -k 5 60 python3 test/gpu/check_gemm.py ab/$m.json 4096,4096,4096 8192,8192,8192 > $W/gemm-$m.txt 2>&1
  log "gemm $m exit $?"; grep TFLOP $W/gemm-$m.txt
done
mkdir -p $W/best && cp ab/fa2_d128_m128_n1*_w8_s2_c?_[wp]*.* $W/best/
timeout -k 5 120 python3 tools/peers.py --fa2 $W/best --shapes 2,16,8192,128 2,16,8192,128,causal \
  1,16,16384,128,causal 8,16,2048,128 --out "$W/peers" --warmup 5 --iters 30 --budget-ms 200 >"$W/peers.log" 2>&1
log "peers exit $?"; tail -7 "$W/peers.log"
cp $W/peers/peers.csv $W/peers/peers.md $W/ 2>/dev/null; rm -rf $W/best $W/peers
tar -czf $OUT/run2.tgz -C $W .
