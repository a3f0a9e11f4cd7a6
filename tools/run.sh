#!/usr/bin/env bash
# Tessera's one entry point for users and CI.
#
#   ./tools/run.sh demo   compile the bundled kernels and check them on the CPU
#   ./tools/run.sh test   every test: lit suites, unit tests, bounded fuzzing
#   ./tools/run.sh build  configure and build only
#   ./tools/run.sh setup  install the Debian packages the build needs
#
# Each command installs what is missing (idempotently, without prompts), then
# configures and builds in $TESSERA_BUILD_DIR (default: build/).
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${TESSERA_BUILD_DIR:-$ROOT/build}
LLVM=/usr/lib/llvm-22
PACKAGES=(llvm-22-dev llvm-22-tools libmlir-22-dev mlir-22-tools clang-22 lld-22
          libclang-rt-22-dev cmake ninja-build zlib1g-dev libzstd-dev libgtest-dev
          # The Python package (python/): the interpreter module and its tests.
          python3-dev pybind11-dev python3-numpy python3-pip python3-torch)

log() { printf '\033[1m==> %s\033[0m\n' "$*"; }

setup() {
  local missing=()
  for p in "${PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  if [ ${#missing[@]} -eq 0 ]; then
    return 0
  fi
  log "installing ${missing[*]}"
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -q >/dev/null
  $sudo apt-get install -y -q --no-install-recommends "${missing[@]}" >/dev/null
}

build() {
  setup
  if [ ! -f "$BUILD/build.ninja" ]; then
    log "configuring in $BUILD"
    cmake -G Ninja -S "$ROOT" -B "$BUILD" \
      -DCMAKE_BUILD_TYPE=Release \
      -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
      -DLLVM_USE_LINKER=lld \
      -DMLIR_DIR=$LLVM/lib/cmake/mlir >/dev/null
  fi
  log "building"
  ninja -C "$BUILD" ${TESSERA_JOBS:+-j $TESSERA_JOBS} all
}

run_tests() {
  build
  log "running the test suites"
  local output status
  output=$(mktemp)
  set +e
  ninja -C "$BUILD" check-tessera 2>&1 | tee "$output"
  status=${PIPESTATUS[0]}
  set -e
  # One closing line for people and CI: lit's and gtest's counts together.
  # (lit pads "Passed     :" when it also reports Unsupported tests.)
  local passed failed
  read -r passed failed < <(awk '
    /^ *Passed *: *[0-9]+/ { sub(/^ *Passed *: */, ""); p += $1 }
    /^ *Failed *: *[0-9]+/ { sub(/^ *Failed *: */, ""); f += $1 }
    /^\[  PASSED  \] [0-9]+ test/ { p += $4 }
    /^\[  FAILED  \] [0-9]+ test/ { f += $4 }
    END { print p + 0, f + 0 }' "$output")
  rm -f "$output"
  if [ "$status" -ne 0 ] && [ "$failed" -eq 0 ]; then
    failed=1
  fi
  echo "tessera: $passed passed, $failed failed"
  return "$status"
}

demo() {
  build
  "$ROOT/tools/demo.sh" "$BUILD"
}

case "${1:-}" in
  setup) setup ;;
  build) build ;;
  test) run_tests ;;
  demo) demo ;;
  *)
    echo "usage: $0 {demo|test|build|setup}" >&2
    exit 2
    ;;
esac
