#!/usr/bin/env bash
# v39: the calls of this version, on tree gpu-ab/v39 (git-ignored):
# sweep-cache.tar.xz = check_membound.py --precompile sm_90a --sweep --ops
# layer_norm,rms_norm --widths 8192,32768 (main b789db1's compiler, LOOPED
# chunks up to 16384 columns), 596 kernels: 70 MB as a folder, over the
# carry's 64 MiB, 6 MB in xz (the PTX is text); deps = nlohmann/ and CLI/.
# (Call 1 of v39 was v38's `calls.sh 6`, on the H200.)
set -uo pipefail
cd "$(dirname "$0")/../../../../.."   # the repository root on the device
T=gpu-ab/v39
export PYTHONUNBUFFERED=1 CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
source test/gpu/results/runtime.sh
case ${1:?call} in
  2) # the LayerNorm and RMSNorm candidates at 16384x8192 and 4096x32768
     # (the H200 rows where they lose to torch.compile)
     runtime $PWD/$T/deps
     [ -d $T/sweep-cache ] || tar xJf $T/sweep-cache.tar.xz -C $T
     nvidia-smi --query-gpu=name --format=csv,noheader
     TESSERA_CACHE_DIR=$PWD/$T/sweep-cache PYTHONPATH=$PWD/python timeout 420 \
       python3 test/gpu/check_membound.py --sweep --ops layer_norm,rms_norm --widths 8192,32768 \
       --budget 380 --top 8 > $OUT/sweep.txt 2>&1; echo "sweep exit $?"; cat $OUT/sweep.txt ;;
  5) # L2 eviction hints on the LOOPED kernels (hand-edited PTX, A/B/C)
     runtime $PWD/$T/deps
     nvidia-smi --query-gpu=name --format=csv,noheader
     timeout 300 python3 test/gpu/results/v39/scripts/ab_evict.py $T/evict/A $T/evict/B $T/evict/C \
       > $OUT/ab_evict.txt 2>&1; echo "exit $?"; grep -v -i warn $OUT/ab_evict.txt ;;
  6) # every check and timed row of check_membound.py with v39's configs
     # (py-cache: --precompile sm_90a at the commit of LOOPED_CONFIGS' new
     # norm chunks and LayerNorm's 5120 tile over 4 warps)
     runtime $PWD/$T/deps
     nvidia-smi --query-gpu=name --format=csv,noheader
     TESSERA_CACHE_DIR=$PWD/$T/py-cache PYTHONPATH=$PWD/python timeout 560 \
       python3 test/gpu/check_membound.py --budget 500 --out $OUT > $OUT/membound.txt 2>&1
     echo "exit $?"; tail -3 $OUT/membound.txt ;;
  7) # call 6, and on an H200 (the bars' card) call 2's sweep too
     bash "$0" 6
     if nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200; then bash "$0" 2; fi ;;
esac
