#!/usr/bin/env bash
# v51: for the device time a session has left after failed starts (~530 s:
# a start plus ~250 s). Carry gpu-ab/v49 (run_all's tree with the 128x160
# configs added: tools/compile-configs.sh's 116).
# d128 (either card): peers.py with --finalists 2 (its default) and three
# alternating rounds on every D = 128 non-causal config at the two Step B
# shapes that matter most, SDPA flash and cudnn as peers (no Triton).
# Prediction: an H200 [8,16,2048,128] 0.95-0.99x cudnn, 128x160 among the
# finalists, [2,16,8192,128] >= 1.0x; an H100 2048 0.92-0.97x, 8192
# 0.89-0.97x (its power cap).
set -uo pipefail
cd "$(dirname "$0")/../../../../.."   # the repository root on the device
export PYTHONUNBUFFERED=1 CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
case ${1:?call} in
  d128)
    nvidia-smi --query-gpu=name,clocks.sm,power.draw,clocks_throttle_reasons.active \
      --format=csv,noheader
    mkdir -p build && rm -rf build/deps && cp -r gpu-ab/v49/deps build/deps
    source test/gpu/results/v25/scripts/runtime.sh
    W=$OUT/d128; mkdir -p $W/in && cp gpu-ab/v49/gpu-out/fa2_d128_*_c0*.* $W/in/
    start=$SECONDS
    timeout -k 5 240 python3 tools/peers.py --fa2 $W/in --no-triton --out $W/peers \
      --shapes 8,16,2048,128 2,16,8192,128 --warmup 5 --iters 50 --budget-ms 300 \
      > $W/peers.txt 2>&1
    echo "peers exit $? in $((SECONDS - start)) s"
    grep -E "^\|" $W/peers.txt; grep -E "median of" $W/peers.txt | cut -c1-260
    cp $W/peers/peers.json $W/peers.json 2>/dev/null; rm -rf $W/in $W/peers ;;
  # 2048 (either card, ~100 s): [8,16,2048,128] alone, the 128x128 and
  # 128x160 _poP/_woP configs (v51 call 1's fastest there). Prediction as d128's.
  2048)
    nvidia-smi --query-gpu=name,clocks.sm,power.draw --format=csv,noheader
    mkdir -p build && rm -rf build/deps && cp -r gpu-ab/v49/deps build/deps
    source test/gpu/results/v25/scripts/runtime.sh
    W=$OUT/2048; mkdir -p $W/in
    cp gpu-ab/v49/gpu-out/fa2_d128_m128_n1[26][08]_w8_s2_c0_[pw]oP.* $W/in/
    timeout -k 5 90 python3 tools/peers.py --fa2 $W/in --no-triton --out $W/peers \
      --shapes 8,16,2048,128 --warmup 5 --iters 50 --budget-ms 300 > $W/peers.txt 2>&1
    echo "peers exit $?"; grep -E "median of" $W/peers.txt | cut -c1-260; grep -E "^\|" $W/peers.txt
    rm -rf $W/in $W/peers ;;
esac
