#!/usr/bin/env bash
# v27 call 1: where a program's time goes at short sequences (issue 12: the
# [8,16,2048,128] row is 0.77x cuDNN while [2,16,8192,128] is 0.94x).
# (1) tessera-bench: FA2 D=128 128x128 _w/_wP and 128x192 _wP at
# [8,16,2048,128] and [2,16,8192,128]; (2) ncu --set full with per-instruction
# warp-stall samples (source page, SASS) on 128x128 _wP and on SDPA's cuDNN
# kernel at [8,16,2048,128]; (3) kernels/gemm.tile 128x256 w8 specialized,
# persistent or not, 3 or 4 stages, against torch.matmul at 4096^3 and 8192^3,
# and ncu on the persistent 3-stage one and cuBLAS at 4096^3. FA2 configs in
# ab/ (this tree: Q copied by the producer) and old/ (main before it).
set -uo pipefail
cd "$(dirname "$0")/../../../../.."   # gpu-ab/v27
export TREE=$PWD PYTHONUNBUFFERED=1 CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
log() { echo "[$(date -u +%T) +${SECONDS}s] $*"; }
source test/gpu/results/v25/scripts/runtime.sh
log "runtime built"
export PYTHONPATH=$TREE/python:$TREE/tools
S=test/gpu/results/v27/scripts
W=$OUT/v27c1; mkdir -p $W
NCU=$CUDA_HOME/bin/ncu
# Correctness (against fp64, every config at a ragged shape with an odd
# number of query blocks) and time, old/ and ab/ in one process per shape.
for c in 0 1; do
  flag=; [ $c = 1 ] && flag=--causal
  set -- old/fa2_d128_m128_n128_w8_s2_c${c}_w old/fa2_d128_m128_n128_w8_s2_c${c}_wP old/fa2_d128_m128_n128_w8_s2_c${c}_pP old/fa2_d128_m128_n192_w8_s2_c${c}_wP
  M=(); for m in "$@"; do M+=($m.json ab/${m#old/}.json); done
  for shape in 3,7,1100,128 8,16,2048,128 2,16,8192,128 1,16,16384,128; do
    timeout -k 5 120 $BENCH $flag ${M[@]} --shape $shape --csv $W/time-c$c-$shape.csv > $W/time-c$c-$shape.txt 2>&1
    log "bench c$c $shape exit $?"; grep -v "^ *$" $W/time-c$c-$shape.txt | tail -9
  done
done
for m in old ab; do for tool in racecheck synccheck; do
  timeout -k 5 60 $CUDA_HOME/bin/compute-sanitizer --tool $tool --error-exitcode 3 $BENCH --causal $m/fa2_d128_m128_n128_w8_s2_c1_wP.json \
    --shape 1,2,1100,128 --warmup 0 --iters 1 > $W/sanitize-$m-$tool.txt 2>&1
  log "sanitizer $m $tool exit $?"; tail -2 $W/sanitize-$m-$tool.txt
done; done
for g in ab/gemm_256_w ab/gemm_256_wP ab/gemm_256_ws4 ab/gemm_256_wPs4; do
  timeout -k 5 120 python3 test/gpu/check_gemm.py $g.json 4096,4096,4096 8192,8192,8192 > $W/$(basename $g).txt 2>&1
  log "gemm $g exit $?"; cat $W/$(basename $g).txt
done
prof() {  # tag, kernel regex, command...
  local tag=$1 re=$2; shift 2
  timeout -k 5 120 $NCU --clock-control none --set full --import-source no -k "regex:$re" -s ${SKIP:-0} -c 1 \
    -f -o $W/$tag "$@" > $W/$tag.log 2>&1
  log "ncu $tag exit $?"
  $NCU -i $W/$tag.ncu-rep --page details > $W/$tag-details.txt 2>&1
  $NCU -i $W/$tag.ncu-rep --page source --csv --print-source sass > $W/$tag-sass.csv 2>&1
  grep -E "Duration|Registers Per|Theoretical Occ|Achieved Occ|Issue Slots Busy|Compute \(SM\) Th|Memory Throughput|Executed Ipc A" $W/$tag-details.txt | head -12
}
prof fa2-wP-2048 fa2 $BENCH ab/fa2_d128_m128_n128_w8_s2_c0_wP.json --shape 8,16,2048,128 --warmup 0 --iters 1 --check-rows 16 --no-isolate
prof fa2-192wP-2048 fa2 $BENCH ab/fa2_d128_m128_n192_w8_s2_c0_wP.json --shape 8,16,2048,128 --warmup 0 --iters 1 --check-rows 16 --no-isolate
SKIP=2 prof cudnn-2048 "cudnn|sdpa|fmha|fprop|attn" python3 $S/peer_launch.py sdpa-cudnn 8,16,2048,128
prof gemm-4096 gemm python3 test/gpu/check_gemm.py --check-only ab/gemm_256_wP.json 4096,4096,4096
SKIP=2 prof cublas-4096 "gemm|sm90|nvjet|cutlass|xmma" python3 $S/peer_launch.py matmul 4096,4096,4096
cd $OUT && tar czf v27c1.tgz v27c1 && rm -rf v27c1
