#!/usr/bin/env bash
# v26 call 5: every LayerNorm and RMSNorm candidate at 16384x8192 timed and
# printed (call 4 printed the best four, none LOOPED), the LOOPED ones with and
# without PREFETCH (each chunk's loads one iteration ahead); before it,
# check_membound.py on softmax, LayerNorm and RMSNorm (checks and GB/s against
# eager and torch.compile: NORM_CONFIGS' new 1024-column configs), with the
# WIDE rows past 16384 columns that tessera.ops now runs on the LOOPED
# kernels. gpu-ab/v26n: this session's tree with a py-cache of the
# 8192-column candidates and check_membound's kernels.
set -uo pipefail
cd "$(dirname "$0")/../../../../.."   # gpu-ab/v26n
export TREE=$PWD PYTHONUNBUFFERED=1 CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
log() { echo "[$(date -u +%T) +${SECONDS}s] $*"; }
source test/gpu/results/v25/scripts/runtime.sh
log "runtime built"
export PYTHONPATH=$TREE/python TESSERA_CACHE_DIR=$TREE/build/py-cache
timeout -k 5 200 python3 test/gpu/check_membound.py --ops softmax,layer_norm,rms_norm \
  --out $OUT/checks > $OUT/checks.txt 2>&1
log "checks exit $?"; grep -E "x1024|x20000|x16411|checks passed|FAIL" $OUT/checks.txt
timeout -k 5 240 python3 test/gpu/check_membound.py --sweep --ops layer_norm,rms_norm \
  --widths 8192 --top 0 --budget 210 > $OUT/sweep.txt 2>&1
log "sweep exit $?"; grep -v -i warn $OUT/sweep.txt
