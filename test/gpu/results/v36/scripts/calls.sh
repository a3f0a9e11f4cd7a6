#!/usr/bin/env bash
# v36: the calls of this version, on tree gpu-ab/v36 (main d6de098's compiler
# for gpu-out/gpu-sem, v34's 0e92089 for gpu-old) plus tr/ (main a1909db and
# 8bdf69a: the register transposes, the i32/16-bit reductions and the shared
# dot operands, each compiled for sm_90a with `tessera-compile` and saved by
# `tessera-run --interpret --fill random --save` at the sizes of
# test/gpu/semantics.sh). The device was an H100 80GB HBM3 (the H200 was not
# lent): every ratio is to a peer in the same process on that card.
set -uo pipefail
cd "$(dirname "$0")/../../../../.."   # the tree's root (gpu-ab/v36 on the device)
# Calls 3-6 build the runtime first (call 1's build folder does not survive
# the carry of the tree).
runtime() {
  cmake -G Ninja -S . -B /tmp/rt -DTESSERA_RUNTIME_ONLY=ON -DCMAKE_BUILD_TYPE=Release \
    -DTESSERA_ENABLE_UNITTESTS=OFF -DCMAKE_CXX_COMPILER=g++ -DCMAKE_C_COMPILER=gcc \
    -DTESSERA_DEPS_INCLUDE_DIR=$PWD/build/deps >/tmp/rt.log 2>&1 &&
    cmake --build /tmp/rt --target TesseraRuntimeShared >>/tmp/rt.log 2>&1
  TESSERA_RUNTIME_LIB=$(find /tmp/rt -name libtessera_runtime.so | head -1)
  export TESSERA_RUNTIME_LIB
}
case ${1:?call 1 to 6} in
  1) # run_all.sh (v35 call 1) and the three new semantics cases
     TIME_BUDGET=480 bash test/gpu/results/v35/scripts/run1.sh ;;
  2) # v35's short A/B call (old/new `_poP`/`_woP`, cuDNN at 2048, GEMM)
     TIME_BUDGET=330 bash test/gpu/results/v35/scripts/run3.sh ;;
  3|4) # the semantics cases at 16-byte-aligned strides, the 128x256 `_wP` GEMM
     runtime
     python3 test/gpu/check_interp.py tr/transposes.json tr/transposes \
       --tol P=1e-4,1e-4 --tol Q=1e-4,1e-4 --tol S=1e-5,1e-5
     python3 test/gpu/check_interp.py tr/reductions.json tr/reductions
     python3 test/gpu/check_interp.py tr/shared_operands.json tr/shared_operands \
       --tol Y=1e-4,1e-4 --tol S=1e-5,1e-5 --tol T=1e-4,1e-4
     for i in 1 2 3; do python3 test/gpu/check_gemm.py gpu-out/gemm_wP.json 4096,4096,4096; done
     for i in 1 2; do python3 test/gpu/check_gemm.py gpu-out/gemm_wP.json 8192,8192,8192; done ;;
  5) # a transpose kernel (transpose.tile here, main 8c699c8, in tr2/) against torch
     runtime && python3 tr2/bench_transpose.py ;;
  6) # the norms alone (call 1's membound step ran out of its budget share)
     runtime && TESSERA_CACHE_DIR=$PWD/build/py-cache PYTHONPATH=$PWD/python \
       python3 test/gpu/check_membound.py --ops layer_norm,rms_norm --budget 120 ;;
esac
