#!/usr/bin/env bash
# v26 call 2: where LayerNorm and RMSNorm lose to torch.compile at 8192 and
# 1024 columns: ncu on one launch of Tessera's kernel and of Inductor's for the
# same function and tensors (f16; SpeedOfLight, Occupancy, LaunchStats,
# WarpStateStats, MemoryWorkloadAnalysis), and Inductor's generated source
# (TORCH_LOGS=output_code), to see its reduction form and config. Then
# check_membound.py --sweep at 1024 and 8192 columns with the wider candidate
# set (32 warps; caps 32, 40, 48: up to twice the warps an SM; the caps that
# spill left out), precompiled here.
set -uo pipefail
cd "$(dirname "$0")/../../../../.."   # gpu-ab/v26
export TREE=$PWD PYTHONUNBUFFERED=1 CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
log() { echo "[$(date -u +%T) +${SECONDS}s] $*"; }
source test/gpu/results/v25/scripts/runtime.sh
log "runtime built"
export PYTHONPATH=$TREE/python TESSERA_CACHE_DIR=$TREE/build/py-cache
W=$OUT/v26c2; mkdir -p $W
TORCH_LOGS=output_code timeout -k 5 200 $CUDA_HOME/bin/ncu --clock-control none \
  --profile-from-start off --section SpeedOfLight --section Occupancy --section LaunchStats \
  --section WarpStateStats --section MemoryWorkloadAnalysis \
  python3 test/gpu/results/v26/scripts/ncu_norms.py > $W/ncu.txt 2> $W/inductor.txt
log "ncu exit $?"
grep -E "^== |^  [a-z_0-9]+ \(|Duration|DRAM Throughput|Memory Throughput|Registers Per|Block Size|Grid Size|Achieved Occupancy|Theoretical Occupancy|Block Limit Registers|Warp Cycles Per Issued|Dynamic Shared" $W/ncu.txt | head -120
timeout -k 5 240 python3 test/gpu/check_membound.py --sweep --ops softmax,layer_norm,rms_norm \
  --widths 1024,8192 --budget 200 > $W/sweep.txt 2>&1
log "sweep exit $?"; cat $W/sweep.txt
cd $OUT && tar czf v26c2.tgz v26c2 && ls -la v26c2
