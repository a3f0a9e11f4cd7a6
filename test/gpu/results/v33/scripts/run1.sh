#!/usr/bin/env bash
# v33 call 1 (gpu-ab/v33: main a269eaf + the kernels of gen.sh in exp-out/):
# why LayerNorm/RMSNorm trail torch.compile at 1024 and 8192 columns.
# Prediction (before the run): (1) prefetching W/B before the statistics
# (pf_*) +3-8 % at 1024 columns (their L2 latency no longer after the
# reductions), +1-3 % at 8192; (2) the LOOPED kernels with Inductor's cache
# policies (Lh_*) within 3 % of the unhinted (L_*): ncu shows the second read
# of X already hits L2 (DRAM bytes ~ 2x the tensor, not 3x); if so the LOOPED
# loss is occupancy/instructions (56 registers: the masked tail's per-element
# 64-bit addresses), not traffic.
set -uo pipefail
cd "$(dirname "$0")/../../../../.."
export TREE=$PWD PYTHONUNBUFFERED=1 CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
log() { echo "[$(date -u +%T) +${SECONDS}s] $*"; }
source test/gpu/results/v25/scripts/runtime.sh
log "runtime built: $TESSERA_RUNTIME_LIB"
W=$OUT/v33c1; mkdir -p $W
S=test/gpu/results/v33/scripts
timeout -k 5 300 python3 $S/exp.py exp-out > $W/exp.txt 2>&1; log "exp exit $?"
grep -v Warning $W/exp.txt | grep -v _warn_once | head -120
M=gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sector_hit_rate.pct,sm__warps_active.avg.pct_of_peak_sustained_active,launch__registers_per_thread,smsp__inst_executed.sum
timeout -k 5 200 $CUDA_HOME/bin/ncu --clock-control none --metrics $M -k "regex:layernorm|triton" --csv \
  python3 $S/exp.py exp-out --ncu > $W/ncu.csv 2>&1; log "ncu exit $?"
grep "ncu order" $W/ncu.csv
python3 - $W/ncu.csv <<'PY'
import csv, sys
rows = [r for r in csv.reader(open(sys.argv[1])) if len(r) > 10 and r[0].isdigit()]
for r in rows:
    print(r[0], r[4][:40], r[-3], r[-1])
PY
