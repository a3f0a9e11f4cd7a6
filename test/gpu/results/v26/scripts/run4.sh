#!/usr/bin/env bash
# v26 call 4: (1) check_membound.py --sweep at 1024 and 8192 columns with the
# norms' LOOPED kernels (the row in chunks, Welford statistics per lane for
# LayerNorm, X read twice: Inductor's form at 8192, call 2) and 1 or 2 warps a
# program at 1024 (Inductor: one warp a row there), every candidate
# precompiled here (the caps equal to a config's registers kept this time);
# (2) why the persistent causal FA2 loses a third at [1,16,16384,128] with the
# mirrored pairs as with v25's zigzag (call 3): ncu on the paired ping-pong
# config and its non-persistent twin, with the spread of active cycles over
# the SMs (max / avg / min) next to DRAM reads and the L2 hit rate, at
# [1,16,16384,128] and [2,16,8192,128] causal.
set -uo pipefail
cd "$(dirname "$0")/../../../../.."   # gpu-ab/v26
export TREE=$PWD PYTHONUNBUFFERED=1 CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
log() { echo "[$(date -u +%T) +${SECONDS}s] $*"; }
source test/gpu/results/v25/scripts/runtime.sh
log "runtime built"
export PYTHONPATH=$TREE/python TESSERA_CACHE_DIR=$TREE/build/py-cache
W=$OUT/v26c4; mkdir -p $W
timeout -k 5 240 python3 test/gpu/check_membound.py --sweep --ops layer_norm,rms_norm,softmax \
  --widths 1024,8192 --budget 210 > $W/sweep.txt 2>&1
log "sweep exit $?"; grep -v Warn $W/sweep.txt | grep -v _warn_once
NCU=$CUDA_HOME/bin/ncu
M=gpu__time_duration.sum,dram__bytes_read.sum,lts__t_sector_hit_rate.pct,sm__cycles_active.max,sm__cycles_active.avg,sm__cycles_active.min,launch__grid_size
for shape in 1,16,16384,128 2,16,8192,128; do for m in old/fa2_d128_m128_n128_w8_s2_c1_p pairs/fa2_d128_m128_n128_w8_s2_c1_pP; do
  tag=$(basename $(dirname $m))-$shape
  timeout -k 5 90 $NCU --clock-control none -k regex:fa2 --metrics $M --csv \
    $BENCH --causal $m.json --shape $shape --warmup 0 --iters 1 --check-rows 16 --no-isolate > $W/ncu-$tag.csv 2>&1
  log "ncu $tag exit $?"
  grep -E '"(gpu__time_duration.sum|dram__bytes_read.sum|lts__t_sector_hit_rate.pct|sm__cycles_active.max|sm__cycles_active.avg|sm__cycles_active.min|launch__grid_size)"' \
    $W/ncu-$tag.csv | awk -F'","' '{print $(NF-2), $(NF-1), $NF}' | tail -7
done; done
cd $OUT && tar czf v26c4.tgz v26c4
