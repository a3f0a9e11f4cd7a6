#!/usr/bin/env bash
# v27 call 5: configs outside tools/compile-configs.sh's sweep (cfg/): D=128
# 128x176 (FA3's D=128 tile) w8 _w/_wP/_pP, 128x192 _pP, 128x128 three stages
# _wP/_pP; D=64 192x128 w12 _wP/_pP, 128x128 w8 _wP (2 and 4 stages) and
# _pP (4 stages), 128x192 w8 _wP/_pP (2 and 3 stages) and 128x176 _pP.
# Each checked against fp64 at a ragged shape, then peers.py on PERF.md's
# shapes with the sweep's 98 configs and these in one process.
set -uo pipefail
cd "$(dirname "$0")/../../../../.."   # gpu-ab/v27b
export TREE=$PWD PYTHONUNBUFFERED=1 CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
log() { echo "[$(date -u +%T) +${SECONDS}s] $*"; }
source test/gpu/results/v25/scripts/runtime.sh
log "runtime built"
export PYTHONPATH=$TREE/python:$TREE/tools
W=$OUT/v27c5; mkdir -p $W
for c in 0 1; do
  flag=; [ $c = 1 ] && flag=--causal
  for d in 64 128; do
    timeout -k 5 60 $BENCH $flag cfg/fa2_d${d}_*_c${c}_*.json --shape 3,5,1100,$d --warmup 0 --iters 1 \
      --csv $W/check-d$d-c$c.csv > $W/check-d$d-c$c.txt 2>&1
    log "check d$d c$c exit $?"; cut -d, -f2,9,10 $W/check-d$d-c$c.csv | tail -n +2
  done
done
timeout -k 5 220 python3 tools/peers.py --fa2 gpu-out cfg --fa1 gpu-out --out $W/peers --warmup 5 --iters 50 \
  --budget-ms 400 > $W/peers.log 2>&1
log "peers exit $?"; cat $W/peers/peers.md
python3 - $W/peers/peers.json <<'PY' 2>&1 | head -40
import json, sys
for s in json.load(open(sys.argv[1]))["shapes"]:
    ok = sorted((r for r in s["tessera_sweep"] if r["status"] == "ok"), key=lambda r: -r["tflops"])
    sh = s["shape"]
    print(f"{sh['B']},{sh['H']},{sh['N']},{sh['D']} {'causal' if sh['causal'] else ''}: " +
          " | ".join(f"{r['manifest']} {r['tflops']:.1f}" for r in ok[:5]))
PY
cd $OUT && tar czf v27c5.tgz v27c5 && rm -rf v27c5
