#!/usr/bin/env bash
# v33 call 2 (gpu-ab/v34: main a470cc1 + exp-out/ from gen.sh: o_* main
# a269eaf's NORM_CONFIGS kernels, n_* the same at a470cc1): (1) the SASS of
# ours and Inductor's norms (run2.sh's first half); (2) o_* against n_*
# (e8da0e5's one-compare bounds checks, a470cc1's chained sums), 2 runs;
# (3) check_membound.py on a470cc1: every op checked against fp64 and timed
# against eager and torch.compile.
# Prediction: n_* +1-4 % at 1024 columns (~5-8 % fewer instructions), +0-2 %
# at 4096/8192; check_membound all checks pass, the bars as in v31 but the
# 1024-column norms up by the same 1-4 %.
set -uo pipefail
cd "$(dirname "$0")/../../../../.."
export PYTHONUNBUFFERED=1 CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
log() { echo "[$(date -u +%T) +${SECONDS}s] $*"; }
W=$OUT/v33c2; mkdir -p $W
for c in o_ln_1024 n_ln_1024 o_ln_8192 n_ln_8192 L_ln_2048_8_0 o_rms_1024; do
  $CUDA_HOME/bin/cuobjdump -sass exp-out/$c.cubin > $W/$c.sass 2>&1
done
export TRITON_CACHE_DIR=$W/triton TORCHINDUCTOR_CACHE_DIR=$W/inductor
python3 - <<'PY'
import torch, torch.nn.functional as F
for n in (1024, 8192):
    x = torch.randn(16384, n, device="cuda", dtype=torch.float16)
    w = torch.randn(n, device="cuda", dtype=torch.float16); b = torch.randn_like(w)
    f = torch.compile(lambda x, w, b: F.layer_norm(x, (n,), w, b, 1e-5), dynamic=False)
    f(x, w, b); torch.cuda.synchronize()
PY
for f in $(find $W/triton -name "*layer_norm*.cubin"); do
  t=inductor-$(basename $f .cubin)-$(basename $(dirname $f) | cut -c1-6)
  $CUDA_HOME/bin/cuobjdump -sass $f > $W/$t.sass 2>&1; cp ${f%.cubin}.ptx $W/$t.ptx 2>/dev/null
done
rm -rf $W/triton $W/inductor; unset TRITON_CACHE_DIR TORCHINDUCTOR_CACHE_DIR
for f in $W/*.sass; do echo "$(basename $f): $(grep -cE '^\s+/\*[0-9a-f]{4}\*/' $f) SASS lines"; done
log "sass done"
source test/gpu/results/v25/scripts/runtime.sh
for i in 1 2; do ONLY=o,n timeout -k 5 120 python3 test/gpu/results/v33/scripts/exp.py exp-out > $W/time$i.txt 2>&1; grep GB/s $W/time$i.txt; done
log "o/n done"
TESSERA_CACHE_DIR=$PWD/build/py-cache timeout -k 5 330 python3 test/gpu/check_membound.py --out $W/membound > $W/membound.txt 2>&1
log "membound exit $?"
tail -3 $W/membound.txt; grep -E "layer_norm|rms_norm" $W/membound/membound.md | head -20
