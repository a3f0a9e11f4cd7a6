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
  2) # call 1's [2,16,8192,128] non-causal 0.90x cuDNN (v43 call 1: the same
     # _woP's median 7 % faster) under the H100's power cap: the D=128
     # peers three times, clocks and power read before each round.
     # Prediction: non-causal 8192 between 0.90x and 1.03x from round to
     # round (the cap, not the kernel); 2048 0.96-0.98x every round.
     W=$OUT/call2; mkdir -p $W/in && cp $T/gpu-out/fa2_d128_*_poP.* $T/gpu-out/fa2_d128_*_woP.* $W/in/
     for i in 1 2 3; do
       nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,power.draw,temperature.gpu,clocks_throttle_reasons.active \
         --format=csv,noheader | tee -a $W/clocks.txt
       timeout -k 5 120 python3 tools/peers.py --fa2 $W/in --no-triton --out $W/p$i \
         --shapes 8,16,2048,128 2,16,8192,128 1,16,16384,128 2,16,8192,128,causal \
         --warmup 5 --iters 50 --budget-ms 400 > $W/peers-$i.txt 2>&1
       echo "round $i exit $?"; grep -E "^\| [0-9]" $W/peers-$i.txt | cut -d'|' -f2-4,6-7,9-10
       cp $W/p$i/peers.csv $W/peers-$i.csv
     done
     rm -rf $W/in $W/p1 $W/p2 $W/p3 ;;
  3) # call 2: [2,16,8192,128] non-causal 584-588 TFLOP/s in all three rounds,
     # where v42 call 3 (the kernels before the row stores, peers.py, another
     # H100) had 651.5; v43 call 1's A/B (tessera-bench) had equal fastest
     # launches there. Old (gpu-ab/v43/old = v42) and new peers.py runs
     # alternating, the SM clock and power sampled every 50 ms throughout.
     # Prediction: the new kernel draws more power at 8192 (its tensor cores
     # busier) and the cap lowers its clock below the old's; the old/new
     # TFLOP/s gap there follows the clock gap.
     mkdir -p build && rm -rf build/deps && cp -r $T/deps build/deps
     source test/gpu/results/v25/scripts/runtime.sh   # peers.py reads manifests through it
     W=$OUT/call3; mkdir -p $W/new $W/old
     cp $T/gpu-out/fa2_d128_m128_n128_w8_s2_c0_poP.* $T/gpu-out/fa2_d128_m128_n128_w8_s2_c0_woP.* $W/new/
     cp gpu-ab/v43/old/fa2_d128_m128_n128_w8_s2_c0_poP.* gpu-ab/v43/old/fa2_d128_m128_n128_w8_s2_c0_woP.* $W/old/
     nvidia-smi --query-gpu=timestamp,clocks.sm,power.draw,clocks_throttle_reasons.active \
       --format=csv,noheader -lms 50 > $W/power.csv 2>&1 &
     SMI=$!
     for i in 1 2 3; do
       for k in old new; do
         echo "$(date -u +%T.%N | cut -c1-12) start $k $i" >> $W/marks.txt
         timeout -k 5 60 python3 tools/peers.py --fa2 $W/$k --no-triton --out $W/p-$k-$i \
           --shapes 2,16,8192,128 8,16,2048,128 --warmup 5 --iters 50 --budget-ms 400 \
           > $W/$k-$i.txt 2>&1
         echo "$(date -u +%T.%N | cut -c1-12) end $k $i" >> $W/marks.txt
         echo "$k $i: $(grep -E '^\| [0-9]' $W/$k-$i.txt | cut -d'|' -f2,4,6,7 | tr '\n' ' ')"
       done
     done
     kill $SMI
     python3 test/gpu/results/v44/scripts/power.py $W/marks.txt $W/power.csv
     rm -rf $W/old $W/new $W/p-* ;;
  4) # where the new `_poP` stalls at [2,16,8192,128] (the long programs, where
     # cuDNN leads by 3-6 % in call 3): v41's ncu call on this tree.
     mkdir -p gpu-ab/v44n && ln -sfn ../v44/gpu-out gpu-ab/v44n/new && ln -sfn ../v44/deps gpu-ab/v44n/deps
     T=gpu-ab/v44n NCU_SHAPE=2,16,8192,128 bash test/gpu/results/v41/scripts/calls.sh 7 ;;
  5) # the bars' card, if this call gets one: PERF.md's peer table over every
     # config of gpu-out (run_all's peers step) and the GEMM step, on main
     # 3230eb4's kernels. Prediction on an H200: [8,16,2048,128] 0.96-0.99x
     # cudnn (v42: 0.93x; v43: +5 % on an H100), causal >= 1.0x, 8192
     # 0.95-1.05x; D = 64 >= 0.95x; GEMM 4096^3 >= 0.95x, 8192^3 >= 1.0x.
     mkdir -p build && rm -rf build/deps && cp -r $T/deps build/deps
     source test/gpu/results/v25/scripts/runtime.sh
     nvidia-smi --query-gpu=name,clocks.sm,power.draw,clocks_throttle_reasons.active --format=csv,noheader
     W=$OUT/call5; mkdir -p $W
     timeout -k 5 200 python3 tools/peers.py --fa2 $T/gpu-out --fa1 $T/gpu-out --out $W/peers \
       --warmup 5 --iters 50 --budget-ms 400 > $W/peers.txt 2>&1
     echo "peers exit $?"; grep -E "^\| [0-9]" $W/peers.txt | cut -d'|' -f2-4,6-12
     cp $W/peers/peers.csv $W/peers.csv; rm -rf $W/peers
     for m in $T/gpu-out/gemm_m128_n256_w8_wP.json $T/gpu-out/gemm.json; do
       timeout -k 5 60 python3 test/gpu/check_gemm.py --csv $W/gemm.csv $m 4096,4096,4096 \
         8192,8192,8192 520,776,328 2>&1 | tee -a $W/gemm.txt | cut -c1-160
     done ;;
esac
