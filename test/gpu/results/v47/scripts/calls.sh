#!/usr/bin/env bash
# v47: main at a4b0916 (v46's late-released V ring merged; all 112 shipped
# configs' PTX byte-identical to v44's, so v44's tree gpu-ab/v44 is main's).
# Call 1, card-dependent (the call names the H200 kind; an H100 may come):
#  - H200: run_all.sh, v44's call 1 as is (issue 12's record is the H200's).
#    Prediction: as v44 on the H100, every step passes but the watchdog's
#    and membound's budget shares; [8,16,2048,128] 0.95-0.99x cuDNN, 8192
#    0.93-0.97x (v42's H200: 0.93x / 0.90x before the row stores' +5 %).
#  - H100: peers.py at D = 128 with v46's 128x160 `_poP`/`_woP` next to the
#    128x128 ones (tree gpu-ab/v46): does the wider block move Step B's
#    ratio? Prediction: 160 is the fastest config at 8192 and 16384 in at
#    least one of two rounds, the ratio to cuDNN moving +0-2 % (v46:
#    +1 % in tessera-bench); 2048 keeps 128 `_woP`. Then
#    check_ring_nccl.py with one rank.
set -uo pipefail
cd "$(dirname "$0")/../../../../.."   # the repository root on the device
export PYTHONUNBUFFERED=1 CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
card=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)
case ${1:?call} in
  1) echo "card: $card"
     if [[ $card == *H200* ]]; then
       T=gpu-ab/v44 bash test/gpu/results/v44/scripts/calls.sh 1
       exit
     fi
     T=gpu-ab/v46
     mkdir -p build && rm -rf build/deps && cp -r $T/deps build/deps
     source test/gpu/results/v25/scripts/runtime.sh   # peers.py reads manifests through it
     W=$OUT/call1; mkdir -p $W/in
     cp $T/cfg/fa2_d128_m128_n1[26]0_w8_s2_c0_*P.* $T/cfg/fa2_d128_m128_n128_w8_s2_c0_*P.* $W/in/
     for i in 1 2; do
       nvidia-smi --query-gpu=clocks.sm,power.draw,clocks_throttle_reasons.active \
         --format=csv,noheader | tee -a $W/clocks.txt
       timeout -k 5 150 python3 tools/peers.py --fa2 $W/in --no-triton --out $W/p$i \
         --shapes 8,16,2048,128 2,16,8192,128 1,16,16384,128 \
         --warmup 5 --iters 50 --budget-ms 400 > $W/peers-$i.txt 2>&1
       echo "round $i exit $?"; grep -E "^\| [0-9]" $W/peers-$i.txt | cut -d'|' -f2-4,6-7,9-10
       cp $W/p$i/peers.csv $W/peers-$i.csv
       python3 - $W/p$i/peers.json <<'PY'
import json, sys
data = json.load(open(sys.argv[1]))
for entry in data["shapes"]:
    shape = "x".join(str(v) for v in entry["shape"].values())
    for r in sorted(entry["tessera_sweep"], key=lambda r: r.get("ms") or 1e9):
        print(" ", shape, r["manifest"].split("/")[-1], r["status"],
              round(r.get("ms") or 0, 4), round(r.get("tflops") or 0, 1))
PY
     done
     rm -rf $W/in $W/p1 $W/p2
     # check_ring_nccl.py with one rank (NCCL, no exchange): the script on a
     # GPU, kernels from v44's py-cache (check_distributed's precompile).
     # Prediction: 4 of 4 checks pass; ring ~= compute, ~7-8 ms non-causal.
     TESSERA_CACHE_DIR=gpu-ab/v44/py-cache timeout -k 5 150 python3 \
       test/gpu/check_ring_nccl.py --worlds 1 --out $W > $W/ring.txt 2>&1
     echo "ring exit $?"; tail -6 $W/ring.txt ;;
esac
