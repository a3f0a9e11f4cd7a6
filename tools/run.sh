#!/usr/bin/env bash
# Tessera's one entry point for users and CI.
#
#   ./tools/run.sh demo   compile the bundled kernels and check them on the CPU
#   ./tools/run.sh test   every test: lit suites, unit tests, bounded fuzzing,
#                         then the same suites in the sanitizer build
#                         (TESSERA_SANITIZE=0 skips it)
#   ./tools/run.sh sanitize  only the suites built with ASan + UBSan and
#                         assertions, in $TESSERA_ASAN_BUILD_DIR (build-asan/)
#   ./tools/run.sh build  configure and build only
#   ./tools/run.sh setup  install the Debian packages the build needs
#
# Each command installs what is missing (idempotently, without prompts), then
# configures and builds in $TESSERA_BUILD_DIR (default: build/).
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${TESSERA_BUILD_DIR:-$ROOT/build}
ASAN_BUILD=${TESSERA_ASAN_BUILD_DIR:-$ROOT/build-asan}
LLVM=/usr/lib/llvm-22
PACKAGES=(llvm-22-dev llvm-22-tools libmlir-22-dev mlir-22-tools clang-22 lld-22
          libclang-rt-22-dev cmake ninja-build zlib1g-dev libzstd-dev libgtest-dev
          # tessera-bench's command line (header-only).
          libcli11-dev
          # The manifest reader and writer (header-only JSON).
          nlohmann-json3-dev
          # The Python package (python/): the interpreter module and its tests.
          python3-dev pybind11-dev python3-numpy python3-pip python3-torch)

log() { printf '\033[1m==> %s\033[0m\n' "$*"; }

# With ccache installed, both builds go through it, with paths taken relative
# to this checkout, so that another clone (or CI's) reuses the objects.
LAUNCHER=()
if command -v ccache >/dev/null 2>&1; then
  export CCACHE_BASEDIR=${CCACHE_BASEDIR:-$ROOT}
  LAUNCHER=(-DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
fi

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
      -DLLVM_USE_LINKER=lld "${LAUNCHER[@]}" \
      -DMLIR_DIR=$LLVM/lib/cmake/mlir >/dev/null
  fi
  log "building"
  ninja -C "$BUILD" ${TESSERA_JOBS:+-j $TESSERA_JOBS} all
}

# Runs check-tessera in build directory $1, echoing its output; sets
# $passed and $failed from lit's and gtest's counts.
check_suite() {
  local output status
  output=$(mktemp)
  set +e
  ninja -C "$1" check-tessera 2>&1 | tee "$output"
  status=${PIPESTATUS[0]}
  set -e
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
  return "$status"
}

# Every suite, then (unless TESSERA_SANITIZE=0) the same suites in the
# sanitizer build; one closing line for people and CI with both counts.
run_tests() {
  build
  log "running the test suites"
  local passed failed status=0 all_passed all_failed
  check_suite "$BUILD" || status=$?
  all_passed=$passed all_failed=$failed
  if [ "${TESSERA_SANITIZE:-1}" != 0 ]; then
    sanitize_build
    log "running the test suites with sanitizers"
    sanitize_env
    check_suite "$ASAN_BUILD" || status=$?
    all_passed=$((all_passed + passed)) all_failed=$((all_failed + failed))
  fi
  echo "tessera: $all_passed passed, $all_failed failed"
  return "$status"
}

# The sanitizer build: Tessera's code with AddressSanitizer, UBSan (a report
# aborts) and its assertions; libMLIR.so stays uninstrumented, so ASan must
# not trust LLVM's allocator poisoning in inlined code and leaks in MLIR are
# not ours. -O1 keeps the build and the suites fast enough. The fuzzers
# (built with their own sanitizers) are off.
sanitize_build() {
  setup
  if [ ! -f "$ASAN_BUILD/build.ninja" ]; then
    log "configuring the sanitizer build in $ASAN_BUILD"
    cmake -G Ninja -S "$ROOT" -B "$ASAN_BUILD" \
      -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_FLAGS_RELEASE=-O1 -DCMAKE_C_FLAGS_RELEASE=-O1 \
      -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
      -DLLVM_USE_LINKER=lld "${LAUNCHER[@]}" \
      -DTESSERA_USE_SANITIZER="Address;Undefined" -DTESSERA_ENABLE_ASSERTIONS=ON \
      -DTESSERA_ENABLE_FUZZER=OFF \
      -DMLIR_DIR=$LLVM/lib/cmake/mlir >/dev/null
  fi
  log "building with sanitizers"
  ninja -C "$ASAN_BUILD" ${TESSERA_JOBS:+-j $TESSERA_JOBS} all
}

# What the sanitizer build's tests run with (see sanitize_build).
sanitize_env() {
  export ASAN_OPTIONS=allow_user_poisoning=0:detect_leaks=0
  export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
}

sanitize() {
  sanitize_build
  log "running the test suites with sanitizers"
  sanitize_env
  local passed failed status=0
  check_suite "$ASAN_BUILD" || status=$?
  echo "tessera (sanitizers): $passed passed, $failed failed"
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
  sanitize) sanitize ;;
  demo) demo ;;
  *)
    echo "usage: $0 {demo|test|sanitize|build|setup}" >&2
    exit 2
    ;;
esac
