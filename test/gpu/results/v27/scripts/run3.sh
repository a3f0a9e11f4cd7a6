#!/usr/bin/env bash
# v27 call 3: wgmma descriptors built as two 32-bit words (the k steps add
# to the low word; the high word a constant), new2/, against main (old/:
# 64-bit descriptors, a 64-bit add per k step and four R2UR per HGMMA in
# call 1's SASS). FA2 D=128 128x128 _wP/_pP and 128x192 _wP, GEMM 128x256
# w8 specialized persistent; each pair old/new2 then new2/old in one bench
# process; SASS instruction counts of both (cuobjdump).
set -uo pipefail
cd "$(dirname "$0")/../../../../.."   # gpu-ab/v27
export TREE=$PWD PYTHONUNBUFFERED=1 CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
log() { echo "[$(date -u +%T) +${SECONDS}s] $*"; }
source test/gpu/results/v25/scripts/runtime.sh
log "runtime built"
export PYTHONPATH=$TREE/python:$TREE/tools
W=$OUT/v27c3; mkdir -p $W
for d in old new2; do for m in fa2_d128_m128_n128_w8_s2_c0_wP fa2_d128_m128_n192_w8_s2_c0_wP gemm_256_wP; do
  $CUDA_HOME/bin/cuobjdump -sass $d/$m.cubin > $W/$d-$m.sass 2>&1
  echo "$d $m: $(grep -cE '^\s+/\*[0-9a-f]{4}\*/' $W/$d-$m.sass) SASS, $(grep -c R2UR $W/$d-$m.sass) R2UR, $(grep -c HGMMA $W/$d-$m.sass) HGMMA"
done; done
for c in 0 1; do
  flag=; [ $c = 1 ] && flag=--causal
  M=(); R=()
  for m in fa2_d128_m128_n128_w8_s2_c${c}_wP fa2_d128_m128_n128_w8_s2_c${c}_pP fa2_d128_m128_n192_w8_s2_c${c}_wP; do
    M+=(old/$m.json new2/$m.json); R=(new2/$m.json old/$m.json "${R[@]}"); done
  for shape in 3,7,1100,128 8,16,2048,128 2,16,8192,128; do
    [ $c = 1 ] && [ $shape = 8,16,2048,128 ] && continue
    timeout -k 5 120 $BENCH $flag ${M[@]} ${R[@]} --shape $shape --csv $W/time-c$c-$shape.csv > $W/time-c$c-$shape.txt 2>&1
    log "bench c$c $shape exit $?"; cut -d, -f2,10,12 $W/time-c$c-$shape.csv | tail -12
  done
done
for g in old/gemm_256_wP new2/gemm_256_wP new2/gemm_256_wP old/gemm_256_wP; do
  timeout -k 5 120 python3 test/gpu/check_gemm.py $g.json 4096,4096,4096 8192,8192,8192 2>&1 | tee -a $W/gemm.txt | grep -v PASS
  log "gemm $g"
done
for tool in racecheck synccheck; do
  timeout -k 5 60 $CUDA_HOME/bin/compute-sanitizer --tool $tool --error-exitcode 3 $BENCH --causal new2/fa2_d128_m128_n128_w8_s2_c1_pP.json \
    --shape 1,2,1100,128 --warmup 0 --iters 1 > $W/sanitize-$tool.txt 2>&1
  log "sanitizer $tool exit $?"; tail -1 $W/sanitize-$tool.txt
done
cd $OUT && tar czf v27c3.tgz v27c3 && rm -rf v27c3
