#!/usr/bin/env bash
# v28 call 3 (gpu-ab/v28c3: main + the wait-motion fix of
# tilegpu-schedule-dots, i.e. a dot_wait moves past a pure scf.if, so the
# overlapped configs (`_o`, `_wo`, `_woP`, `_poP`) wait for the deferred P.V
# after the softmax again, not before it; old/ = call 1's PTX of those 20
# configs, new/ = after the fix, plus the _p/_pP and non-overlap references).
# (1) tessera-bench: old and new of every changed config in one process,
# against fp64 at a ragged shape, then timed at PERF.md's shapes;
# (2) compute-sanitizer on the new _poP/_woP at a ragged shape; (3) the
# PyTorch op with its sm_90a tuning: check_launch, check_backward (gradients
# against fp64, fwd+bwd against SDPA-flash), check_distributed.
set -uo pipefail
cd "$(dirname "$0")/../../../../.."   # gpu-ab/v28c3
export TREE=$PWD PYTHONUNBUFFERED=1 CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
log() { echo "[$(date -u +%T) +${SECONDS}s] $*"; }
source test/gpu/results/v25/scripts/runtime.sh
log "runtime built"
export PYTHONPATH=$TREE/python:$TREE/tools TESSERA_CACHE_DIR=$TREE/build/py-cache
W=$OUT/v28c3; mkdir -p $W
for d in 128 64; do for c in 0 1; do
  flag=; [ $c = 1 ] && flag=--causal
  M=(); for f in old/fa2_d${d}_*_c${c}_*.json; do M+=($f new/${f#old/}); done
  for f in new/fa2_d${d}_*_c${c}.json new/fa2_d${d}_*_c${c}_p.json new/fa2_d${d}_*_c${c}_pP.json; do [ -f $f ] && M+=($f); done
  if [ $d = 128 ]; then shapes="3,5,1100,128 8,16,2048,128 2,16,8192,128 1,16,16384,128"; else shapes="3,5,1100,64 4,32,2048,64 16,32,2048,64"; fi
  for shape in $shapes; do
    rows=4096; case $shape in 3,5,*) ;; *) rows=128 ;; esac
    timeout -k 5 100 $BENCH $flag ${M[@]} --shape $shape --warmup 5 --iters 30 --check-rows $rows --csv $W/time-d$d-c$c-$shape.csv > $W/time-d$d-c$c-$shape.txt 2>&1
    log "bench d$d c$c $shape exit $?"
  done
done; done
G=new/fa2_d128_m128_n128_w8_s2
ATTN_SHAPE=1,2,1100 CAP=40 BUDGET=60 bash test/gpu/sanitize.sh $W/sanitize ${G}_c0_poP.json ${G}_c1_poP.json ${G}_c0_woP.json > $W/sanitize.txt 2>&1
log "sanitize exit $?"; tail -3 $W/sanitize.txt
TESSERA_TORCH_EXTENSION=1 timeout -k 5 100 python3 test/gpu/check_launch.py > $W/launch.txt 2>&1
log "launch exit $?"; grep -E "FAIL|PASS|checks" $W/launch.txt | tail -5
TESSERA_TORCH_EXTENSION=1 timeout -k 5 120 python3 test/gpu/check_backward.py --out $W/backward > $W/backward.txt 2>&1
log "backward exit $?"; grep -E "FAIL|passed|^\|" $W/backward.txt | tail -16
timeout -k 5 60 python3 test/gpu/check_distributed.py --out $W/distributed > $W/distributed.txt 2>&1
log "distributed exit $?"; grep -E "FAIL|passed" $W/distributed.txt | tail -4
python3 - $W <<'PY'
import csv, glob, sys, collections
for path in sorted(glob.glob(sys.argv[1] + "/time-*.csv")):
    rows = list(csv.DictReader(open(path)))
    bad = [r for r in rows if r.get("status") != "ok"]
    t = {r["manifest"].split("/")[-2] + "/" + r["manifest"].split("/")[-1][:-5]: float(r["tflops"] or 0) for r in rows if r.get("status") == "ok"}
    print(path.split("/")[-1], "not ok:", [(r["manifest"], r.get("status")) for r in bad])
    for k, v in sorted(t.items()):
        if k.startswith("new/"):
            old = t.get("old/" + k[4:])
            print(f"  {k[4:]:40} new {v:7.1f}" + (f" old {old:7.1f} new/old {v/old:.3f}" if old else ""))
PY
cd $OUT && tar czf v28c3.tgz v28c3 && rm -rf v28c3 && ls -la
