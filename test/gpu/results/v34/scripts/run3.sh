#!/usr/bin/env bash
# v34, one call for issue 13 when little device time is left (same tree as
# run1.sh/run2.sh): run2.sh's before/after norms (one run), then
# check_membound.py (every op against fp64 at its shapes, ragged ones
# included, then GB/s against eager PyTorch, torch.compile and the copy).
# Prediction: as run2.sh's; check_membound all correct, LayerNorm 1024 >= 1.0x
# torch.compile.
set -uo pipefail
cd "$(dirname "$0")/../../../../.."
export PYTHONUNBUFFERED=1 CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
log() { echo "[$(date -u +%T) +${SECONDS}s] $*"; }
source test/gpu/results/v25/scripts/runtime.sh
log "runtime built"
ONLY=o,n timeout -k 5 200 python3 test/gpu/results/v33/scripts/exp.py exp-out > $OUT/time1.txt 2>&1
log "exp.py exit $?"; grep -E "GB/s|Error|error" $OUT/time1.txt
TESSERA_CACHE_DIR=$PWD/build/py-cache timeout -k 5 330 python3 test/gpu/check_membound.py --out $OUT/membound > $OUT/membound.txt 2>&1
log "membound exit $?"
tail -5 $OUT/membound.txt; cat $OUT/membound/membound.md 2>/dev/null | head -60
