#!/usr/bin/env bash
# v30 call 2 (gpu-ab/v30: main 28c2f2e + the pipeliner's chained rotation:
# in a warp-specialized kernel the masked loop continues the unmasked loop's
# deferred P·V instead of a drain, a V load and a P = 0 dot between them;
# gpu-out compiled from it, gpu-old the same configs from 28c2f2e).
# (1) correctness of the 6 changed configs (_wo, _woP, _poP; causal and not)
# against fp64 at ragged shapes (N = 200, 1100: the masked loop runs; 4096:
# it does not), (2) compute-sanitizer on the new _poP and _woP, (3) old and
# new (and _pP) timed in one process at the D=128 table's shapes, (4) the
# new _poP against SDPA flash / cuDNN at PERF.md's D=128 shapes.
set -uo pipefail
cd "$(dirname "$0")/../../../../.."   # gpu-ab/v30
export TREE=$PWD PYTHONUNBUFFERED=1 CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
log() { echo "[$(date -u +%T) +${SECONDS}s] $*"; }
source test/gpu/results/v25/scripts/runtime.sh
log "runtime built"
W=$OUT/v30c2; mkdir -p $W
N=gpu-out/fa2_d128_m128_n128_w8_s2 O=gpu-old/fa2_d128_m128_n128_w8_s2
for c in 0 1; do
  flag=(); [ $c = 1 ] && flag=(--causal)
  timeout -k 5 60 $BENCH "${flag[@]}" ${N}_c${c}_wo.json ${N}_c${c}_woP.json ${N}_c${c}_poP.json \
    --shape 1,3,200,128 --shape 1,2,1100,128 --shape 2,8,4096,128 --warmup 1 --iters 2 \
    --csv $W/correct-c$c.csv > $W/correct-c$c.txt 2>&1
  log "correct c$c exit $?"; grep -E "check:|FAIL|mismatch" $W/correct-c$c.txt | head -12
done
ATTN_SHAPE=1,2,1100 CAP=40 BUDGET=90 bash test/gpu/sanitize.sh $W/sanitize ${N}_c0_poP.json ${N}_c1_poP.json ${N}_c1_woP.json > $W/sanitize.txt 2>&1
log "sanitize exit $?"; tail -8 $W/sanitize.txt
cd $OUT && tar czf v30c2-a.tgz v30c2 && cd $TREE
for c in 0 1; do
  flag=(); [ $c = 1 ] && flag=(--causal)
  timeout -k 5 150 $BENCH --sweep "${flag[@]}" ${O}_c${c}_pP.json ${O}_c${c}_wo.json ${O}_c${c}_woP.json ${O}_c${c}_poP.json \
    ${N}_c${c}_wo.json ${N}_c${c}_woP.json ${N}_c${c}_poP.json \
    --shape 16,16,1024,128 --shape 8,16,2048,128 --shape 4,16,4096,128 --shape 2,16,8192,128 --shape 1,16,16384,128 \
    --warmup 5 --iters 30 --check-rows 256 --csv $W/ab-c$c.csv > $W/ab-c$c.txt 2>&1
  log "ab c$c exit $?"
done
python3 - $W <<'PY'
import csv,sys,os,collections
w=sys.argv[1]
for c in '01':
    rows=list(csv.DictReader(open(f'{w}/ab-c{c}.csv')))
    t=collections.defaultdict(dict)
    for r in rows:
        tag=('old' if '/gpu-old/' in r['manifest'] else 'new')+os.path.basename(r['manifest'])[25:-5]
        t[r['N']][tag]=r['tflops']+('' if r['status']=='ok' else '!'+r['status'])
    cols=sorted({k for v in t.values() for k in v})
    print('causal',c,'| N |',' | '.join(cols))
    for n in sorted(t,key=int): print('|',n,'|',' | '.join(t[n].get(k,'-') for k in cols))
PY
cd $OUT && tar czf v30c2-b.tgz v30c2 && cd $TREE
if [ $SECONDS -lt 420 ]; then
  mkdir -p $W/peers-in && cp ${N}_c0_poP.* ${N}_c1_poP.* $W/peers-in/
  timeout -k 5 150 python3 tools/peers.py --fa2 $W/peers-in --no-triton --out $W/peers \
    --shapes 8,16,2048,128 8,16,2048,128,causal 2,16,8192,128 2,16,8192,128,causal 1,16,16384,128 \
    --warmup 5 --iters 50 --budget-ms 400 > $W/peers.txt 2>&1
  log "peers exit $?"; grep -E "^\|" $W/peers.txt | head -12
  rm -rf $W/peers-in
fi
cd $OUT && rm -f v30c2-a.tgz v30c2-b.tgz && tar czf v30c2.tgz v30c2 && ls -la
