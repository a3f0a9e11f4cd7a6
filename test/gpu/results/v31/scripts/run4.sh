#!/usr/bin/env bash
# v31 call 4, NOT RUN (the device refused every start after call 3) (gpu-ab/v32, main fdd63aa's binaries; gpu-old: main 438ac0a's
# _poP): where [8,16,2048,128] still loses to cuDNN after the first-V stage
# and Q's ring. ncu --set full with per-instruction stall samples on the new
# _poP, the old one and SDPA-cudnn, one launch each.
# Prediction (before the run): the new _poP's duration ~5 % under the old's
# (v28: 530.7 us against cuDNN's 434.7); the tensor pipe's share up from 58 %
# to ~62 %; the barrier stalls at the program's start (the consumers' Q load,
# the P = 0 dot's wait) down; the wgmma waits (WARPGROUP.DEPBAR) the largest
# stall left.
set -uo pipefail
cd "$(dirname "$0")/../../../../.."   # gpu-ab/v32
export TREE=$PWD PYTHONUNBUFFERED=1 CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
log() { echo "[$(date -u +%T) +${SECONDS}s] $*"; }
source test/gpu/results/v25/scripts/runtime.sh
log "runtime built"
W=$OUT/v31c4; mkdir -p $W
NCU=$CUDA_HOME/bin/ncu S=test/gpu/results/v27/scripts
prof() {  # tag, kernel regex, command...
  local tag=$1 re=$2; shift 2
  timeout -k 5 120 $NCU --clock-control none --set full --import-source no -k "regex:$re" -s ${SKIP:-0} -c 1 \
    -f -o $W/$tag "$@" > $W/$tag.log 2>&1
  log "ncu $tag exit $?"
  $NCU -i $W/$tag.ncu-rep --page details > $W/$tag-details.txt 2>&1
  $NCU -i $W/$tag.ncu-rep --page source --csv --print-source sass > $W/$tag-sass.csv 2>&1
  python3 $S/ncu_sass_stalls.py $W/$tag-sass.csv 30 > $W/$tag-stalls.txt 2>&1
  python3 $S/ncu_sass_mix.py $W/$tag-sass.csv > $W/$tag-mix.txt 2>&1
  rm -f $W/$tag-sass.csv $W/$tag.ncu-rep
  grep -E "Duration|Registers Per|Achieved Occ|Issue Slots Busy|SM Busy|highest-utilized|Executed Ipc A" $W/$tag-details.txt | head -10
  head -14 $W/$tag-stalls.txt
}
prof new-poP fa2 $BENCH gpu-out/fa2_d128_m128_n128_w8_s2_c0_poP.json --shape 8,16,2048,128 --warmup 0 --iters 1 --check-rows 16 --no-isolate
prof old-poP fa2 $BENCH gpu-old/fa2_d128_m128_n128_w8_s2_c0_poP.json --shape 8,16,2048,128 --warmup 0 --iters 1 --check-rows 16 --no-isolate
SKIP=2 prof cudnn "cudnn|sdpa|fmha|fprop|attn" python3 $S/peer_launch.py sdpa-cudnn 8,16,2048,128
cd $OUT && tar czf v31c4.tgz v31c4 && ls -la
