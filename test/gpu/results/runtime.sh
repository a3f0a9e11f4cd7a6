# Sourced by the versions' device scripts (results/vNN/scripts/calls.sh):
# `runtime DEPS` builds libtessera_runtime.so on the GPU host (no MLIR there;
# DEPS holds nlohmann/ and CLI/, copied from this machine's build/deps) into
# /tmp/rt and exports TESSERA_RUNTIME_LIB for tessera's Python package.
runtime() {
  cmake -G Ninja -S . -B /tmp/rt -DTESSERA_RUNTIME_ONLY=ON -DCMAKE_BUILD_TYPE=Release \
    -DTESSERA_ENABLE_UNITTESTS=OFF -DCMAKE_CXX_COMPILER=g++ -DCMAKE_C_COMPILER=gcc \
    -DTESSERA_DEPS_INCLUDE_DIR="$1" >/tmp/rt.log 2>&1 &&
    cmake --build /tmp/rt --target TesseraRuntimeShared >>/tmp/rt.log 2>&1 || tail -20 /tmp/rt.log
  TESSERA_RUNTIME_LIB=$(find /tmp/rt -name libtessera_runtime.so | head -1)
  export TESSERA_RUNTIME_LIB
}
