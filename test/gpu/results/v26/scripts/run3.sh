#!/usr/bin/env bash
# v26 call 3: the persistent grid with its programs in mirrored pairs along
# axis 0 (pairs/, compiled at this session's tree) against v25's zigzag rounds
# (old/*P, from gpu-out of call 1) and the non-persistent twins (old/, same
# configs without P): FA2 D=128 128x128 w8 _wP/_pP, 128x192 w8 _wP, D=64
# 128x128 w8 _pP, causal and not. (1) correctness against fp64, ragged shapes
# with an odd number of query blocks (G0 = 9) included; (2) compute-sanitizer
# on the paired causal ping-pong config; (3) all configs of a (D, causal)
# timed in one process.
set -uo pipefail
cd "$(dirname "$0")/../../../../.."   # gpu-ab/v26
export PYTHONUNBUFFERED=1 CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
log() { echo "[$(date -u +%T) +${SECONDS}s] $*"; }
source test/gpu/results/v25/scripts/runtime.sh
log "runtime built"
W=$OUT/v26c3; mkdir -p $W
for d in 64 128; do for c in 0 1; do
  flag=(); [ "$c" = 1 ] && flag=(--causal)
  timeout -k 5 90 $BENCH "${flag[@]}" pairs/fa2_d${d}_*_c${c}*.json --shape 1,3,200,$d \
    --shape 3,7,1100,$d --shape 2,5,4000,$d --shape 2,8,4096,$d --warmup 1 --iters 2 \
    --csv "$W/correct-d$d-c$c.csv" >/dev/null 2>&1
  log "correctness D=$d causal=$c exit $?"
done; done
cat $W/correct-*.csv | grep -v "^kernel" | awk -F, '{print $9}' | sort | uniq -c
SAN=$CUDA_HOME/bin/compute-sanitizer
for tool in memcheck racecheck synccheck; do
  timeout -k 5 60 $SAN --tool $tool --error-exitcode 9 $BENCH --causal pairs/fa2_d128_m128_n128_w8_s2_c1_pP.json \
    --shape 1,2,1100,128 --warmup 0 --iters 1 --no-isolate > $W/san-$tool.txt 2>&1
  log "sanitizer $tool exit $?"; grep "ERROR SUMMARY" $W/san-$tool.txt
done
for d in 128 64; do for c in 1 0; do
  flag=(); [ "$c" = 1 ] && flag=(--causal)
  if [ $d = 128 ]; then shapes=(--shape 8,16,2048,128 --shape 4,16,4096,128 --shape 2,16,8192,128 --shape 1,16,16384,128)
  else shapes=(--shape 4,32,2048,64 --shape 2,16,8192,64); fi
  timeout -k 5 150 $BENCH "${flag[@]}" old/fa2_d${d}_*_c${c}*.json pairs/fa2_d${d}_*_c${c}*.json "${shapes[@]}" \
    --warmup 5 --iters 20 --check-rows 128 --csv "$W/time-d$d-c$c.csv" >/dev/null 2>&1
  log "timing D=$d causal=$c exit $?"
  awk -F, 'NR>1 {printf "%-44s %-16s %7.1f %s\n", $2, $4","$5","$6","$7, $14, $9}' "$W/time-d$d-c$c.csv" | sed 's|/fa2_| |; s|.json||'
done; done
cd $OUT && tar czf v26c3.tgz v26c3
