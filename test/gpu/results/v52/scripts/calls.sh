#!/usr/bin/env bash
# v52: trees from results/v49/scripts/trees.sh (git-ignored; carry gpu-ab/v49).
# power (either card, ~90 s): power.py on 128x128 and 128x160 `_woP` and
# SDPA-cudnn at [8,16,2048,128] and [2,16,8192,128], nvidia-smi sampling
# the SM clock and power every 20 ms. Prediction: in the sustained windows
# the H100 sits at its power cap (~700 W, throttle reason 0x4 SW power cap)
# for all three; Tessera's sustained time is 5-8 % above its burst time,
# cuDNN's 0-3 %, i.e. Tessera spends more energy a launch (mJ) than cuDNN:
# the gap peers.py shows at 2048 is energy, not the burst schedule.
set -uo pipefail
cd "$(dirname "$0")/../../../../.."   # the repository root on the device
export PYTHONUNBUFFERED=1 CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
case ${1:?call} in
  power)
    nvidia-smi --query-gpu=name,power.limit,clocks.max.sm --format=csv,noheader
    mkdir -p build && rm -rf build/deps && cp -r gpu-ab/v49/deps build/deps
    source test/gpu/results/v25/scripts/runtime.sh
    W=$OUT/power; mkdir -p $W
    nvidia-smi --query-gpu=timestamp,clocks.sm,power.draw,clocks_throttle_reasons.active \
      --format=csv,noheader -lms 20 > $W/samples.csv &
    smi=$!
    timeout -k 5 200 python3 test/gpu/results/v52/scripts/power.py $W/samples.csv \
      gpu-ab/v49/gpu-out/fa2_d128_m128_n128_w8_s2_c0_woP.json \
      gpu-ab/v49/gpu-out/fa2_d128_m128_n160_w8_s2_c0_woP.json > $W/power.txt 2>&1
    echo "power exit $?"; kill $smi; cat $W/power.txt | grep -v Warn ;;
  # rest (either card; carry gpu-ab/v49): rest.py (how long a rest resets the
  # clocks), then peers.py with --rest-ms 250 and rounds that rotate, on
  # every fa2 config at PERF.md's shapes (Triton too). Prediction: after a
  # cudnn heat with no rest, cudnn times >= 5 % slower than after 1000 ms;
  # 250 ms within 1 % of 1000 ms. peers: [8,16,2048,128] 0.97-1.00x cudnn
  # (power.py's bursts: 128x160 0.4244 ms, cudnn 0.4235), 8192 >= 1.0x.
  rest)
    nvidia-smi --query-gpu=name,power.limit --format=csv,noheader
    mkdir -p build && rm -rf build/deps && cp -r gpu-ab/v49/deps build/deps
    source test/gpu/results/v25/scripts/runtime.sh
    W=$OUT/rest; mkdir -p $W; start=$SECONDS
    timeout -k 5 100 python3 test/gpu/results/v52/scripts/rest.py \
      gpu-ab/v49/gpu-out/fa2_d128_m128_n160_w8_s2_c0_woP.json 2>&1 | grep -v Warn > $W/rest.txt
    echo "rest exit $? at $((SECONDS - start)) s"; cat $W/rest.txt
    timeout -k 5 380 python3 tools/peers.py --fa2 gpu-ab/v49/gpu-out --out $W/peers \
      --warmup 5 --iters 50 --budget-ms 400 > $W/peers.txt 2>&1
    echo "peers exit $? at $((SECONDS - start)) s"; grep -E "^\|" $W/peers.txt
    grep -E "median of" $W/peers.txt | cut -c1-250
    cp $W/peers/peers.json $W/peers.json; rm -rf $W/peers ;;
esac
