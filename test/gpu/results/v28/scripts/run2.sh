#!/usr/bin/env bash
# v28 call 2 (gpu-ab/v28c2: main 8d5ef31 + the op's sm_90a tuning, i.e.
# kernels/fa2_bnhd.tile with the Hopper schedule's constants and
# tessera.ops.HOPPER_KERNEL_CONFIGS; the D=128 128x128 _wP/_pP/_woP/_poP
# configs of call 1; a py-cache with check_ops' kernels and the norm sweep's
# candidates at 8192 columns). (1) compute-sanitizer memcheck, racecheck,
# synccheck on the new overlapped configs (_poP causal and not, _woP causal)
# at a ragged shape; (2) test/gpu/check_ops.py: flash_attn_func with the new
# tuning, every combination against fp64/SDPA/Flex, then timed against SDPA
# flash and cuDNN; (3) the LOOPED+PREFETCH norms at 8192 columns against the
# sweep's other candidates; (4) if time is left, ncu on _poP at
# [8,16,2048,128] (v27 call 1 profiled _wP and SDPA-cudnn there).
set -uo pipefail
cd "$(dirname "$0")/../../../../.."   # gpu-ab/v28c2
export TREE=$PWD PYTHONUNBUFFERED=1 CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
log() { echo "[$(date -u +%T) +${SECONDS}s] $*"; }
source test/gpu/results/v25/scripts/runtime.sh
log "runtime built"
export PYTHONPATH=$TREE/python:$TREE/tools TESSERA_CACHE_DIR=$TREE/build/py-cache
W=$OUT/v28c2; mkdir -p $W
NCU=$CUDA_HOME/bin/ncu
G=gpu-out/fa2_d128_m128_n128_w8_s2
ATTN_SHAPE=1,2,1100 CAP=40 BUDGET=80 bash test/gpu/sanitize.sh $W/sanitize ${G}_c0_poP.json ${G}_c1_poP.json ${G}_c1_woP.json > $W/sanitize.txt 2>&1
log "sanitize exit $?"; tail -12 $W/sanitize.txt
timeout -k 5 270 python3 test/gpu/check_ops.py --out $W/ops > $W/ops.txt 2>&1
log "check_ops exit $?"; grep -E "FAIL|checks passed|^\|" $W/ops.txt | head -40
timeout -k 5 120 python3 test/gpu/check_membound.py --sweep --ops layer_norm,rms_norm \
  --widths 8192 --budget 90 --top 0 > $W/sweep.txt 2>&1
log "sweep exit $?"; grep -v "^ *$" $W/sweep.txt | head -60
if [ $SECONDS -lt 470 ]; then
  timeout -k 5 60 $NCU --clock-control none --set full --import-source no -k regex:fa2 -c 1 -f -o $W/poP \
    $BENCH ${G}_c0_poP.json --shape 8,16,2048,128 --warmup 0 --iters 1 --check-rows 16 --no-isolate > $W/poP.log 2>&1
  log "ncu exit $?"
  $NCU -i $W/poP.ncu-rep --page details > $W/poP-details.txt 2>&1
  $NCU -i $W/poP.ncu-rep --page source --csv --print-source sass > $W/poP-sass.csv 2>&1
  python3 test/gpu/results/v27/scripts/ncu_sass_stalls.py $W/poP-sass.csv 30 > $W/poP-stalls.txt 2>&1
  grep -E "Duration|Registers Per|Achieved Occ|Issue Slots Busy|Compute \(SM\) Th" $W/poP-details.txt | head -8
  head -14 $W/poP-stalls.txt
fi
cd $OUT && rm -f v28c2/*.ncu-rep && tar czf v28c2.tgz v28c2 && rm -rf v28c2 && ls -la
