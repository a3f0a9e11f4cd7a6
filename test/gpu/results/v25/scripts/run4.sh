#!/usr/bin/env bash
# v25 call 4: the runtime of main 267c187 (launchGridFor, tessera_grid
# reporting a persistent kernel's launch grid) on call 2's kernels: the
# persistent configs' correctness again, and Python's grid() for a persistent
# and an ordinary manifest (132 CTAs an SM's worth for FA2 D=128 at one CTA an
# SM; the declared grid for the ordinary one).
set -uo pipefail
cd "$(dirname "$0")/../../../../.."   # the tree copy
export PYTHONUNBUFFERED=1 CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
log() { echo "[$(date -u +%T) +${SECONDS}s] $*"; }
source test/gpu/results/v25/scripts/runtime.sh
log "runtime built"
for c in 0 1; do
  flag=(); [ "$c" = 1 ] && flag=(--causal)
  timeout -k 5 60 $BENCH "${flag[@]}" ab/fa2_d*_c${c}*P.json --shape 1,3,200,128 --shape 2,8,4096,128 \
    --warmup 1 --iters 3 --csv $OUT/correct-c$c.csv 2>&1 | tail -3
  log "correctness causal=$c exit $?"
done
PYTHONPATH=$PWD/python timeout -k 5 60 python3 - <<'PY'
import torch, tessera
for name in ("fa2_d128_m128_n128_w8_s2_c0_wP", "fa2_d128_m128_n128_w8_s2_c0_w"):
    module = tessera.load(f"ab/{name}.json")
    q = torch.randn(2, 16, 8192, 128, device="cuda", dtype=torch.float16).view(32, 8192, 128)
    out = torch.empty_like(q); lse = torch.empty(32, 8192, device="cuda")
    launch = module.bind(q, q, q, 0.088, out, lse)
    print(name, "grid()", launch.grid())
PY
log "python grid exit $?"
