#!/usr/bin/env bash
# v27 call 2: (1) the A/B of call 1 in the reverse order (ab/ = this tree's
# FA2 with Q copied by the producer, before old/ = main), to separate the
# change from the order of the runs; (2) kernels/gemm.tile 128x256 w8
# specialized with OVERLAP_DOTS (each k step's wgmma left in flight across
# the back edge: wgmma.wait_group 1), persistent or not, 2 or 3 stages,
# against the call-1 baseline (persistent, 3 stages, wait_group 0), with
# torch.matmul in the same process; compute-sanitizer on the overlapped one.
set -uo pipefail
cd "$(dirname "$0")/../../../../.."   # gpu-ab/v27
export TREE=$PWD PYTHONUNBUFFERED=1 CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
log() { echo "[$(date -u +%T) +${SECONDS}s] $*"; }
source test/gpu/results/v25/scripts/runtime.sh
log "runtime built"
export PYTHONPATH=$TREE/python:$TREE/tools
W=$OUT/v27c2; mkdir -p $W
for g in gemm_256_wPo gemm_256_wP gemm_256_wo gemm_256_wPo2 gemm_256_wo2 gemm_256_wP; do
  timeout -k 5 120 python3 test/gpu/check_gemm.py ab/$g.json 4096,4096,4096 8192,8192,8192 1000,1000,1000 > $W/$g.txt 2>&1
  log "gemm $g exit $?"; cat $W/$g.txt
done
for tool in memcheck racecheck synccheck; do
  timeout -k 5 60 $CUDA_HOME/bin/compute-sanitizer --tool $tool --error-exitcode 3 python3 test/gpu/check_gemm.py --timeout 0 --check-only ab/gemm_256_wPo.json 520,776,328 > $W/sanitize-gemm-$tool.txt 2>&1
  log "sanitizer gemm $tool exit $?"; tail -2 $W/sanitize-gemm-$tool.txt
done
for c in 0 1; do
  flag=; [ $c = 1 ] && flag=--causal
  M=(); for m in fa2_d128_m128_n128_w8_s2_c${c}_wP fa2_d128_m128_n128_w8_s2_c${c}_pP fa2_d128_m128_n192_w8_s2_c${c}_wP; do M+=(ab/$m.json old/$m.json); done
  for shape in 8,16,2048,128 2,16,8192,128 1,16,16384,128; do
    timeout -k 5 120 $BENCH $flag ${M[@]} --shape $shape --csv $W/time-c$c-$shape.csv > $W/time-c$c-$shape.txt 2>&1
    log "bench c$c $shape exit $?"; cut -d, -f2,12 $W/time-c$c-$shape.csv | tail -6
  done
done
cd $OUT && tar czf v27c2.tgz v27c2 && rm -rf v27c2
