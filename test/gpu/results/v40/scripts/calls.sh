#!/usr/bin/env bash
# v40: the calls of this version, on tree gpu-ab/v40 (git-ignored):
# sweep1024 = check_membound.py --precompile sm_90a --sweep --ops
# layer_norm,rms_norm,softmax --widths 1024 (candidates with 8 rows a
# program added); deps = nlohmann/ and CLI/.
set -uo pipefail
cd "$(dirname "$0")/../../../../.."   # the repository root on the device
T=gpu-ab/v40
export PYTHONUNBUFFERED=1 CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
source test/gpu/results/runtime.sh
case ${1:?call} in
  1) # the row ops' candidates at 16384x1024 and 4096x1024, torch.compile's
     # kernel timed after each shape's candidates
     runtime $PWD/$T/deps
     nvidia-smi --query-gpu=name --format=csv,noheader
     TESSERA_CACHE_DIR=$PWD/$T/sweep1024 PYTHONPATH=$PWD/python timeout 500 \
       python3 test/gpu/check_membound.py --sweep --ops layer_norm,rms_norm,softmax \
       --widths 1024 --budget 420 --top 10 > $OUT/sweep.txt 2>&1; echo "sweep exit $?"
     cat $OUT/sweep.txt ;;
  # (call 2: call 1's sweep twice more, layer_norm and softmax, --top 4)
  3) # every check and timed row of check_membound.py with LayerNorm's new
     # 1024 entry (its kernels precompiled into sweep1024 at that commit)
     runtime $PWD/$T/deps
     nvidia-smi --query-gpu=name --format=csv,noheader
     TESSERA_CACHE_DIR=$PWD/$T/sweep1024 PYTHONPATH=$PWD/python timeout 560 \
       python3 test/gpu/check_membound.py --budget 500 --out $OUT > $OUT/membound.txt 2>&1
     echo "exit $?"; tail -3 $OUT/membound.txt ;;
  4) # RoPE's candidates (D = 128) at the bar shapes of 1024, 4096 and 8192
     # columns (sweep-rope: --precompile sm_90a --sweep --ops rotary)
     runtime $PWD/$T/deps
     nvidia-smi --query-gpu=name --format=csv,noheader
     TESSERA_CACHE_DIR=$PWD/$T/sweep-rope PYTHONPATH=$PWD/python timeout 500 \
       python3 test/gpu/check_membound.py --sweep --ops rotary --widths 1024,4096,8192 \
       --budget 420 --top 8 2>&1 | grep -v -i warn > $OUT/sweep.txt; echo "sweep exit $?"
     cat $OUT/sweep.txt ;;
  5) # RoPE at 4096 x 1024 and 16384 x 1024 under ncu: Tessera's kernel and
     # torch.compile's (the latter 1.42x ours at 4096 x 1024 in call 4)
     runtime $PWD/$T/deps
     nvidia-smi --query-gpu=name --format=csv,noheader
     TESSERA_CACHE_DIR=$PWD/$T/sweep1024 PYTHONPATH=$PWD/python timeout 400 \
       ncu --clock-control none --profile-from-start off --section SpeedOfLight --section MemoryWorkloadAnalysis \
       --section Occupancy --section LaunchStats --section SchedulerStats \
       python3 test/gpu/results/v40/scripts/rope_small.py $OUT > $OUT/ncu.txt 2>&1
     echo "exit $?"; grep -v -i warn $OUT/ncu.txt | grep -E "B=|==PROF==|rotary|triton_|Duration|DRAM Through|Memory Throughput|L2 Hit|L1/TEX Hit|Achieved Occ|Theoretical Occ|Registers Per|Block Size|Grid Size|Waves Per|Eligible|Issued Warp|No Eligible" ;;
  6) # the bench's L2 flush against evict_last loads (ab_flush.py)
     runtime $PWD/$T/deps
     nvidia-smi --query-gpu=name --format=csv,noheader
     TESSERA_CACHE_DIR=$PWD/$T/sweep1024 PYTHONPATH=$PWD/python timeout 400 \
       python3 test/gpu/results/v40/scripts/ab_flush.py 2>&1 | grep -v -i warn > $OUT/ab_flush.txt
     echo "exit $?"; cat $OUT/ab_flush.txt ;;
  7) # call 3 with rotating_ms (no flush; tensors rotating) as the figure,
     # kernel_ms's flushed figure in the CSV (main at the rotating_ms commit)
     bash "$0" 3 ;;
  8) # call 7 with the same-size copy column (timing stops after 200 s)
     runtime $PWD/$T/deps
     nvidia-smi --query-gpu=name --format=csv,noheader
     TESSERA_CACHE_DIR=$PWD/$T/sweep1024 PYTHONPATH=$PWD/python timeout 300 \
       python3 test/gpu/check_membound.py --budget 200 --out $OUT > $OUT/membound.txt 2>&1
     echo "exit $?"; tail -3 $OUT/membound.txt ;;
  9) # where the in-bounds copy's registers go: LayerNorm 5120 x 2 rows x 10
     # warps (v39), its PTX as compiled (union), with the version branch
     # always to the checked copy (checked) and with it removed (inbounds):
     # nvdisasm's live-register count per SASS instruction
     for f in union checked inbounds; do
       $CUDA_HOME/bin/ptxas -arch=sm_90a -v $T/ib/$f.ptx -o /tmp/$f.cubin 2>&1 | grep -o "Used [0-9]* registers"
       $CUDA_HOME/bin/nvdisasm -c -plr -lrm count /tmp/$f.cubin > $OUT/$f.sass 2>&1 || $CUDA_HOME/bin/nvdisasm -c -plr /tmp/$f.cubin > $OUT/$f.sass 2>&1
       wc -l $OUT/$f.sass
     done; head -30 $OUT/union.sass ;;
  10) # ptxas --register-usage-level 0 under a 64-register cap (ab_level.py;
      # gpu-ab/v40/level from make_level_caches.py, carry it)
     runtime $PWD/$T/deps
     PYTHONPATH=$PWD/python timeout 300 python3 test/gpu/results/v40/scripts/ab_level.py \
       $T/level 2>&1 | grep -v -i warn > $OUT/ab_level.txt; echo "exit $?"; cat $OUT/ab_level.txt ;;
  11) # the norms' candidates at 16384x4096 and 4096x4096 under rotating_ms
      # (RMSNorm 1.17-1.18x eager at 4096x4096 in call 8: the eager bar;
      # sweep4096 = --precompile sm_90a --sweep --ops layer_norm,rms_norm
      # --widths 4096, 56 MB, with check_membound's own kernels)
     runtime $PWD/$T/deps
     nvidia-smi --query-gpu=name --format=csv,noheader
     TESSERA_CACHE_DIR=$PWD/$T/sweep4096 PYTHONPATH=$PWD/python timeout 500 \
       python3 test/gpu/check_membound.py --sweep --ops rms_norm,layer_norm --widths 4096 \
       --budget 420 --top 8 2>&1 | grep -v -i warn > $OUT/sweep.txt; echo "sweep exit $?"
     cat $OUT/sweep.txt ;;
esac
