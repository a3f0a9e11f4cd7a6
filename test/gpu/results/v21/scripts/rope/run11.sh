set -u
cd gpu-ab/final && export TREE=$PWD PYTHONUNBUFFERED=1 CUDA_HOME=${CUDA_HOME:-/usr/local/cuda} && source test/gpu/results/v20/scripts/runtime.sh
timeout 120 python3 ../rg/bench.py 2>&1 | tee $OUT/grouped.txt
