#!/usr/bin/env bash
# Diagnostic device call: host profile of the backward; ncu of norms and dkdv.
set -uo pipefail
cd "$(dirname "$0")/../final"
export TREE=$PWD OUTD=$OUT PYTHONUNBUFFERED=1 CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
export TESSERA_DEPS_INCLUDE_DIR=$TREE/build/deps TESSERA_CACHE_DIR=$TREE/build/py-cache
export PATH=$CUDA_HOME/bin:$PATH
source "$TREE/../diag/runtime.sh"  # (this folder, gpu-ab/diag when it ran)
D=$TREE/../diag
timeout 120 python3 $D/host_profile.py > $OUT/host_profile.txt 2>&1; echo "host_profile exit $?"
NCU="ncu --clock-control none --section SpeedOfLight --section Occupancy --section LaunchStats --section WarpStateStats --section SchedulerStats --section MemoryWorkloadAnalysis"
for spec in "layer_norm f16 16384 8192 layernorm" "rms_norm f16 16384 8192 rmsnorm" "layer_norm f16 16384 1024 layernorm" "rotary f16 16384 4096 rotary" "rotary bf16 16384 4096 rotary"; do
  set -- $spec
  timeout 90 $NCU -k regex:$5 --launch-skip 2 --launch-count 1 python3 $D/one_op.py $1 $2 $3 $4 > "$OUT/ncu-$1-$2-$4.txt" 2>&1
  echo "ncu $spec exit $?"
done
timeout 120 $NCU --section SourceCounters -k regex:fa2_bwd_dkdv --launch-count 1 python3 $D/one_op.py bwd f16 1 1 > $OUT/ncu-dkdv.txt 2>&1; echo "ncu dkdv exit $?"
timeout 120 $NCU -k regex:fa2_bwd_dq --launch-count 1 python3 $D/one_op.py bwd f16 1 1 > $OUT/ncu-dq.txt 2>&1; echo "ncu dq exit $?"
ls -la $OUT
