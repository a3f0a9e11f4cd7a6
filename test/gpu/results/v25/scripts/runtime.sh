# Sourced by the v25 device scripts after `cd` into the tree copy (CUDA_HOME
# set): builds libtessera_runtime.so and tessera-bench there as run_all.sh's
# build step does (runtime only, g++), exports TESSERA_RUNTIME_LIB for Python
# and BENCH for the bench.
export TESSERA_DEPS_INCLUDE_DIR=$PWD/build/deps
if [ ! -x build/gpu/bin/tessera-bench ]; then
  cmake -G Ninja -S . -B build/gpu -DTESSERA_RUNTIME_ONLY=ON -DCMAKE_BUILD_TYPE=Release \
    -DCUDA_HOME="$CUDA_HOME" -DTESSERA_ENABLE_UNITTESTS=OFF -DCMAKE_CXX_COMPILER=g++ \
    -DCMAKE_C_COMPILER=gcc >/dev/null &&
    cmake --build build/gpu --target tessera-bench TesseraRuntimeShared >/dev/null || echo "runtime build FAILED"
fi
export TESSERA_RUNTIME_LIB=$(find build/gpu -name libtessera_runtime.so -print -quit)
BENCH=$PWD/build/gpu/bin/tessera-bench
