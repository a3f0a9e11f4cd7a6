#!/usr/bin/env bash
# v21 call 7: A/B of the backward's dQ on a side stream (gpu-ab/final) against
# all three backward kernels on one stream (gpu-ab/serial: HEAD's flash_attn.cpp).
set -uo pipefail
cd "$(dirname "$0")/../../../../../.."   # gpu-ab/
export PYTHONUNBUFFERED=1 CUDA_HOME=${CUDA_HOME:-/usr/local/cuda} TESSERA_TORCH_EXTENSION=1
cd final; TREE=$PWD; source test/gpu/results/v20/scripts/runtime.sh; cd ..
export TESSERA_CACHE_DIR=$PWD/final/build/py-cache
for rep in 1 2; do
  for tree in serial final; do
    TREE=$PWD/$tree timeout 250 python3 final/test/gpu/results/v21/scripts/bench_streams.py
  done
done > $OUT/streams.txt 2>&1
echo "exit $?"; cat $OUT/streams.txt | grep -v "^\[" | tail -50
