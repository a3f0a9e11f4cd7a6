#!/usr/bin/env bash
# v38: the calls of this version, on tree gpu-ab/v38 (git-ignored, ~51 MB):
# py-cache = main's compiler with the per-iteration copy of chunk loops
# (check_membound.py --precompile sm_90a, the same with --sweep --ops
# layer_norm,rms_norm --widths 1024, and ab_looped.py's LOOPED kernels);
# old-cache = the LOOPED kernels of v37's tree (main 93db5db's compiler);
# gpu-sem = semantics.sh prepare; deps = nlohmann/ and CLI/ for the runtime.
set -uo pipefail
cd "$(dirname "$0")/../../../../.."   # the repository root on the device
T=gpu-ab/v38
export PYTHONUNBUFFERED=1 CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
source test/gpu/results/runtime.sh
case ${1:?call} in
  1) # LOOPED kernels old against new (and the wide rows against
     # torch.compile, and LOOPED_CONFIG's sweep); every row op's checks and
     # bars; the one semantics case whose PTX changed (gather_rows: a loop)
     runtime $PWD/$T/deps
     nvidia-smi --query-gpu=name,clocks.max.sm,clocks.max.mem --format=csv
     timeout 200 python3 test/gpu/results/v38/scripts/ab_looped.py $PWD/$T/old-cache $PWD/$T/py-cache \
       > $OUT/ab_looped.txt 2>&1; echo "ab_looped exit $?"; cat $OUT/ab_looped.txt
     TESSERA_CACHE_DIR=$PWD/$T/py-cache PYTHONPATH=$PWD/python timeout 140 \
       python3 test/gpu/check_membound.py --budget 90 --out $OUT \
       > $OUT/membound.txt 2>&1; echo "membound exit $?"
     PYTHONPATH=$PWD/python timeout 60 python3 test/gpu/check_interp.py \
       $T/gpu-sem/interp/gather_rows.json $T/gpu-sem/interp/gather_rows \
       > $OUT/gather_rows.txt 2>&1; echo "gather_rows exit $?"; tail -3 $OUT/gather_rows.txt ;;
  2) # the 1024-column LayerNorm and RMSNorm candidates
     runtime $PWD/$T/deps
     TESSERA_CACHE_DIR=$PWD/$T/py-cache PYTHONPATH=$PWD/python timeout 250 \
       python3 test/gpu/check_membound.py --sweep --ops layer_norm,rms_norm --widths 1024 \
       --budget 220 --top 6 > $OUT/sweep1024.txt 2>&1; echo "sweep exit $?" ;;
  3) # call 1 without the membound step (for a short budget)
     runtime $PWD/$T/deps
     nvidia-smi --query-gpu=name --format=csv
     timeout 200 python3 test/gpu/results/v38/scripts/ab_looped.py $PWD/$T/old-cache $PWD/$T/py-cache \
       > $OUT/ab_looped.txt 2>&1; echo "ab_looped exit $?"; cat $OUT/ab_looped.txt
     PYTHONPATH=$PWD/python timeout 40 python3 test/gpu/check_interp.py \
       $T/gpu-sem/interp/gather_rows.json $T/gpu-sem/interp/gather_rows \
       > $OUT/gather_rows.txt 2>&1; echo "gather_rows exit $?"; tail -3 $OUT/gather_rows.txt ;;
  4) # (as a bare command, warm after call 3) every check, no timing
     runtime $PWD/$T/deps
     TESSERA_CACHE_DIR=$PWD/$T/py-cache PYTHONPATH=$PWD/python timeout 150 \
       python3 test/gpu/check_membound.py --no-bench --out $OUT > $OUT/checks.txt 2>&1; echo "exit $?" ;;
  5) # (as a bare command, warm) call 2 within the device time left
     runtime $PWD/$T/deps
     TESSERA_CACHE_DIR=$PWD/$T/py-cache PYTHONPATH=$PWD/python timeout 140 \
       python3 test/gpu/check_membound.py --sweep --ops layer_norm,rms_norm --widths 1024 \
       --budget 110 --top 6 > $OUT/sweep1024.txt 2>&1; echo "exit $?" ;;
  6) # prepared for the next GPU session (py-cache holds every kernel of
     # main 083e979's check_membound.py, LOOPED_CONFIGS included): every check
     # and timed row, the wide row (WIDE_TIMED) among them
     runtime $PWD/$T/deps
     nvidia-smi --query-gpu=name --format=csv,noheader
     TESSERA_CACHE_DIR=$PWD/$T/py-cache PYTHONPATH=$PWD/python timeout 560 \
       python3 test/gpu/check_membound.py --budget 500 --out $OUT > $OUT/membound.txt 2>&1
     echo "exit $?"; tail -3 $OUT/membound.txt ;;
esac
