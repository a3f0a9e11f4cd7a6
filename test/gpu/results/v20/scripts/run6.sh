#!/usr/bin/env bash
set -uo pipefail
cd "$(dirname "$0")/../final"
export TREE=$PWD PYTHONUNBUFFERED=1 CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
BUILD_DIR=$TREE/build/gpu
cmake -G Ninja -S . -B $BUILD_DIR -DTESSERA_RUNTIME_ONLY=ON -DCMAKE_BUILD_TYPE=Release \
  -DCUDA_HOME=$CUDA_HOME -DTESSERA_ENABLE_UNITTESTS=OFF -DCMAKE_CXX_COMPILER=g++ -DCMAKE_C_COMPILER=gcc >/dev/null
cmake --build $BUILD_DIR --target TesseraRuntimeShared >/dev/null || echo BUILD FAILED
export TESSERA_RUNTIME_LIB=$(find $BUILD_DIR -name libtessera_runtime.so -print -quit)
TESSERA_CACHE_DIR=$TREE/build/py-cache-c64 timeout 120 python3 ../diag/causal64.py run > $OUT/causal64.txt 2>&1
echo "exit $?"; cat $OUT/causal64.txt
