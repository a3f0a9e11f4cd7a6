# Sourced by the v20 device scripts after `cd` into the tree copy (TREE,
# CUDA_HOME set): builds libtessera_runtime.so there as run_all.sh's build
# step does (runtime only, g++) and exports TESSERA_RUNTIME_LIB for Python.
BUILD_DIR=$TREE/build/gpu
cmake -G Ninja -S . -B $BUILD_DIR -DTESSERA_RUNTIME_ONLY=ON -DCMAKE_BUILD_TYPE=Release \
  -DCUDA_HOME=$CUDA_HOME -DTESSERA_ENABLE_UNITTESTS=OFF -DCMAKE_CXX_COMPILER=g++ -DCMAKE_C_COMPILER=gcc >/dev/null
cmake --build $BUILD_DIR --target TesseraRuntimeShared >/dev/null || echo BUILD FAILED
export TESSERA_RUNTIME_LIB=$(find $BUILD_DIR -name libtessera_runtime.so -print -quit)
