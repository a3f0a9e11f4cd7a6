#!/usr/bin/env bash
# v44: run_all.sh on main with the 16-byte fragment-row stores (v43) and the
# new gemm step, tree gpu-ab/v44 (git-ignored, 46 MB): gpu-out/ =
# tools/compile-configs.sh's 112 configs (110 attention + gemm's default and
# 128x256 w8 specialized persistent), gpu-sem/ = semantics.sh prepare,
# py-cache/ = check_backward, check_membound and check_distributed
# --precompile sm_90a, deps/ = the runtime's headers.
# Call 1 prediction (either card): every step passes but membound, which the
# 570 s budget may cut (its kernels are unchanged since v42); peers at
# [8,16,2048,128] 0.95-0.98x cuDNN (v42: 0.93x H200, 0.92x H100; v43 call 1:
# +5 % there), causal >= 1.0x, D=64 >= 0.9x; GEMM 4096^3 ~0.97x, 8192^3
# >= 0.93x cuBLAS.
set -uo pipefail
cd "$(dirname "$0")/../../../../.."   # the repository root on the device
T=${T:-gpu-ab/v44}
export PYTHONUNBUFFERED=1 CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
case ${1:?call} in
  1) nvidia-smi --query-gpu=name,clocks.sm,power.draw,clocks_throttle_reasons.active \
       --format=csv,noheader
     R=$OUT/run1
     TIME_BUDGET=${TIME_BUDGET:-570} TESSERA_DEPS_INCLUDE_DIR=$PWD/$T/deps OUT=$R \
       SEMANTICS=$T/gpu-sem PYCACHE=$T/py-cache bash test/gpu/run_all.sh $T/gpu-out \
       > $OUT/run_all.txt 2>&1
     echo "run_all exit $?"
     # $OUT returns at most 8 files: the tables and CSVs a version cites, the rest packed.
     tar czf $OUT/run1.tgz -C $OUT run1 && mv $R/tables.md $R/gemm.csv $R/peers.csv $OUT/ &&
       rm -rf $R
     sed -n '/^## Steps/,$p' $OUT/tables.md | grep -v "^| fa[12]_.*_c[01]" | head -120 ;;
esac
