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
# prepare [QUERY]: the card (nvidia-smi's QUERY fields, default its name),
# then the runtime built from the carried headers (v25's runtime.sh: BENCH,
# TESSERA_RUNTIME_LIB).
prepare() {
  nvidia-smi --query-gpu=${1:-name} --format=csv,noheader
  mkdir -p build && rm -rf build/deps && cp -r gpu-ab/v49/deps build/deps
  source test/gpu/results/v25/scripts/runtime.sh
}
case ${1:?call} in
  power)
    prepare name,power.limit,clocks.max.sm
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
    prepare name,power.limit
    W=$OUT/rest; mkdir -p $W; start=$SECONDS
    timeout -k 5 100 python3 test/gpu/results/v52/scripts/rest.py \
      gpu-ab/v49/gpu-out/fa2_d128_m128_n160_w8_s2_c0_woP.json 2>&1 | grep -v Warn > $W/rest.txt
    echo "rest exit $? at $((SECONDS - start)) s"; cat $W/rest.txt
    timeout -k 5 380 python3 tools/peers.py --fa2 gpu-ab/v49/gpu-out --out $W/peers \
      --warmup 5 --iters 50 --budget-ms 400 > $W/peers.txt 2>&1
    echo "peers exit $? at $((SECONDS - start)) s"; grep -E "^\|" $W/peers.txt
    grep -E "median of" $W/peers.txt | cut -c1-250
    cp $W/peers/peers.json $W/peers.json; rm -rf $W/peers ;;
  # groups (either card; carry gpu-ab/v49 and gpu-ab/v52): groups.py on the
  # RMSNorm variants of scripts/rms_groups.tile at 4096 columns, compiled into
  # gpu-ab/v52/k/rms_wW_gG_rR (tessera-compile --target sm_90a -D NUM_WARPS=W
  # -D GROUPS=G [--max-registers=R]; the 14 that do not spill).
  # Prediction: at 4096x4096 a GROUPS >= 2 variant reaches 99-100 % of the
  # same-size copy (NORM_CONFIGS' kernel ~96 %: the bubble between a row's
  # reduction and the next row's loads), +3-5 %; at 16384x4096 within 1 %.
  groups)
    prepare
    W=$OUT/groups; mkdir -p $W
    TESSERA_CACHE_DIR=$PWD/gpu-ab/v49/py-cache PYTHONPATH=$PWD/python timeout -k 5 400 \
      python3 test/gpu/results/v52/scripts/groups.py gpu-ab/v52/k/*.json 2>&1 | grep -v -i warn > $W/groups.txt
    echo "groups exit $?"; cat $W/groups.txt ;;
  # rmssweep (either card; carry gpu-ab/v49/deps and gpu-ab/v52):
  # check_membound.py --sweep of kernels/rmsnorm.tile with W loaded before
  # the reduction (rmssweep = --precompile sm_90a --sweep --ops rms_norm
  # --widths 4096,1024). Prediction (groups: 8 warps with W early 2861 GB/s
  # at 4096x4096, NORM_CONFIGS' kernel 2720, compile 2735): an 8-warp entry
  # is the best at 4096 columns, >= 1.03x NORM_CONFIGS' (4 warps, cap 64)
  # and >= 1.03x torch.compile at 4096x4096; at 1024 within 1 % of today's.
  rmssweep)
    prepare
    W=$OUT/rmssweep; mkdir -p $W
    TESSERA_CACHE_DIR=$PWD/gpu-ab/v52/rmssweep PYTHONPATH=$PWD/python timeout -k 5 300 \
      python3 test/gpu/check_membound.py --sweep --ops rms_norm --widths 4096,1024 \
      --budget 240 --top 6 2>&1 | grep -v -i warn > $W/rmssweep.txt
    echo "sweep exit $?"; cat $W/rmssweep.txt ;;
  # ab (either card; carry gpu-ab/v49/deps and gpu-ab/v52): ab.py. rmssweep's outcome: 8 warps at 4096 columns 1.5 %
  # over NORM_CONFIGS' 4 warps in the sweep's timing (Y preallocated), where
  # groups.py (Y allocated a call, as tessera.ops and check_membound's table
  # do) had seen 5 %. Prediction: in the table's timing 8 warps >= 1.03x the
  # file's 4-warp kernel at 4096x4096 (f16 and bf16) and >= 1.0x at 16384;
  # the hoisted W +1-2 % on the 4-warp kernel, ~0 on 8 warps.
  ab)
    prepare
    W=$OUT/ab; mkdir -p $W
    TESSERA_CACHE_DIR=$PWD/gpu-ab/v52/ab PYTHONPATH=$PWD/python timeout -k 5 300 \
      python3 test/gpu/results/v52/scripts/ab.py 2>&1 | grep -v -i warn > $W/ab.txt
    echo "ab exit $?"; cat $W/ab.txt ;;
  # membound (either card; carry gpu-ab/v49/deps and gpu-ab/v52, whose
  # py-cache = check_membound.py --precompile sm_90a on main with ab's
  # outcome applied: kernels/rmsnorm.tile reads W before the reduction where
  # a thread holds <= 16 elements, NORM_CONFIGS' RMSNorm 4096 entry one row
  # over 8 warps uncapped, 1024 two rows over 8 warps): the whole table.
  # Prediction: RMSNorm 4096x4096 ~2880 GB/s (95 % copy, ~1.05x compile,
  # ~1.26x eager: every bar), 16384x4096 +0.5 %, 16384x1024 +1-2 %
  # (compile >= 1.0x), 4096x1024 -1..0 %; the other ops as call 4.
  membound)
    prepare
    W=$OUT/membound; mkdir -p $W
    TESSERA_CACHE_DIR=$PWD/gpu-ab/v52/py-cache PYTHONPATH=$PWD/python timeout -k 5 400 \
      python3 test/gpu/check_membound.py --out $W > $W/membound.txt 2>&1
    echo "membound exit $?"; grep -E "^\| (rms_norm|layer_norm)" $W/membound.md | head -40
    grep -c "| pass |" $W/membound.md ;;
  # rms (either card; carry gpu-ab/v49/deps and gpu-ab/v52, py-cache
  # remade): membound's outcome made the 1024 entry (two rows over 8 warps)
  # 3-7 % slower at 4096x1024 and in bf16 at 16384x1024; it is back to
  # (2, 4, 32), and W is read early only at one row a program (2048 and 4096
  # columns; 1024's kernel byte-identical to call 4's). RMSNorm's rows only.
  # Prediction: 1024 rows as call 4 (+-1 %), 4096 rows as membound's
  # (4096x4096 ~2870 GB/s: every bar), the rest as call 4.
  rms)
    prepare
    W=$OUT/rms; mkdir -p $W
    TESSERA_CACHE_DIR=$PWD/gpu-ab/v52/py-cache PYTHONPATH=$PWD/python timeout -k 5 200 \
      python3 test/gpu/check_membound.py --ops rms_norm --out $W > $W/rms.txt 2>&1
    echo "rms exit $?"; grep -E "^\| rms_norm" $W/membound.md | head -24 ;;
esac
