#!/usr/bin/env bash
# v25 call 3: where the persistent causal FA2 loses a third at [1,16,16384,128]
# (call 2): ncu on the ping-pong config with and without PERSISTENT, one launch
# each, L2 hit rate, DRAM bytes read, SM throughput and duration. The claim to
# test: the persistent CTAs drift over more heads' K/V than the L2 holds, so
# the L2 hit rate falls and DRAM reads grow; [2,16,8192,128] (where it gains)
# for contrast.
set -uo pipefail
cd "$(dirname "$0")/../../../../.."   # the tree copy
export CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
log() { echo "[$(date -u +%T) +${SECONDS}s] $*"; }
source test/gpu/results/v25/scripts/runtime.sh
log "runtime built"
NCU=$CUDA_HOME/bin/ncu
M=lts__t_sector_hit_rate.pct,dram__bytes_read.sum,sm__throughput.avg.pct_of_peak_sustained_elapsed,gpu__time_duration.sum,launch__grid_size
for shape in 1,16,16384,128 2,16,8192,128; do for cfg in p pP; do
  timeout -k 5 120 $NCU --clock-control none -k regex:fa2 --metrics $M --csv \
    $BENCH --causal ab/fa2_d128_m128_n128_w8_s2_c1_$cfg.json --shape $shape \
    --warmup 0 --iters 1 --check-rows 16 --no-isolate > $OUT/ncu-$cfg-$shape.csv 2>&1
  log "ncu $cfg $shape exit $?"
  grep -E '"(lts__t_sector_hit_rate.pct|dram__bytes_read.sum|sm__throughput.avg.pct_of_peak_sustained_elapsed|gpu__time_duration.sum|launch__grid_size)"' \
    $OUT/ncu-$cfg-$shape.csv | awk -F'","' '{print $(NF-2), $(NF-1), $NF}' | tail -5
done; done
