#!/usr/bin/env bash
# v37: the calls of this version, on tree gpu-ab/v37 (main 93db5db's compiler):
# py-cache = check_membound.py --precompile sm_90a --sweep --ops layer_norm
# --widths 8192 (the row ops' check kernels and LayerNorm's 8192-column
# candidates, LOOPED ones with 4 elements a thread added), gpu-sem =
# semantics.sh prepare, deps = nlohmann/ and CLI/ for the runtime's build.
set -uo pipefail
cd "$(dirname "$0")/../../../../.."   # the repository root on the device
T=gpu-ab/v37
export PYTHONUNBUFFERED=1 CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
source test/gpu/results/runtime.sh
case ${1:?call} in
  1) # the semantics cases, LayerNorm 8192's sweep, then LayerNorm against
     # torch.compile with two 8192 configs
     runtime $PWD/$T/deps
     TESSERA_DEPS_INCLUDE_DIR=$PWD/$T/deps timeout 120 bash test/gpu/semantics.sh check $T/gpu-sem \
       > $OUT/semantics.txt 2>&1; echo "semantics exit $?"; tail -3 $OUT/semantics.txt
     TESSERA_CACHE_DIR=$PWD/$T/py-cache PYTHONPATH=$PWD/python timeout 130 \
       python3 test/gpu/check_membound.py --sweep --ops layer_norm --widths 8192 --budget 100 --top 0 \
       > $OUT/sweep.txt 2>&1; echo "sweep exit $?"; cat $OUT/sweep.txt | head -80
     # LayerNorm against torch.compile: NORM_CONFIGS as it is, then its
     # 8192 entry replaced by one row over 32 warps (ab_norms.py), one process
     TESSERA_CACHE_DIR=$PWD/$T/py-cache timeout 260 \
       python3 test/gpu/results/v37/scripts/ab_norms.py --out $OUT --budget 110 \
       > $OUT/ab_norms.txt 2>&1; echo "ab_norms exit $?"
     grep -h "x8192\|copy bandwidth" $OUT/base/membound.md $OUT/cand/membound.md ;;
  2) # (run warm after call 1, as a bare command) NORM_CONFIGS' LayerNorm 8192
     # entry changed to one row over 8 warps at 72 registers, its kernels
     # precompiled into py-cache: LayerNorm against torch.compile
     runtime $PWD/$T/deps
     TESSERA_CACHE_DIR=$PWD/$T/py-cache PYTHONPATH=$PWD/python timeout 200 \
       python3 test/gpu/check_membound.py --ops layer_norm --budget 150 --out $OUT \
       > $OUT/membound.txt 2>&1; echo "exit $?" ;;
  3) # the 1024-column LayerNorm and RMSNorm candidates (py-cache filled by
     # check_membound.py --precompile sm_90a --sweep --ops layer_norm,rms_norm
     # --widths 1024); not run in v37 (no device started)
     runtime $PWD/$T/deps
     TESSERA_CACHE_DIR=$PWD/$T/py-cache PYTHONPATH=$PWD/python timeout 250 \
       python3 test/gpu/check_membound.py --sweep --ops layer_norm,rms_norm --widths 1024 \
       --budget 220 --top 6 > $OUT/sweep1024.txt 2>&1; echo "exit $?" ;;
esac
