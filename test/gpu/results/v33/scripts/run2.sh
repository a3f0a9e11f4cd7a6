#!/usr/bin/env bash
# v33 call 2 (gpu-ab/v33): SASS of our norms and Inductor's, to find the
# instructions call 1's ncu counted (LayerNorm 16384x1024: 12.7 M warp
# instructions against Inductor's 5.6 M; LOOPED 16384x8192 173 M against 105 M).
# Then times main's NORM_CONFIGS kernels (o_*) against the same compiled
# after e8da0e5 (one-compare bounds checks) and the chained sums (n_*), 2 runs.
# Prediction: the IEEE div/sqrt/rcp sequences and the 64-bit address and
# bounds math account for most of the difference; n_* within +0-2 % of o_*.
set -uo pipefail
cd "$(dirname "$0")/../../../../.."
export PYTHONUNBUFFERED=1 CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
W=$OUT/v33c2; mkdir -p $W
for c in exp-out/o_ln_1024 exp-out/n_ln_1024 exp-out/o_ln_8192 exp-out/L_ln_2048_8_0 exp-out/o_rms_1024; do
  $CUDA_HOME/bin/cuobjdump -sass $c.cubin > $W/$(basename $c).sass 2>&1
done
export TRITON_CACHE_DIR=$W/triton TORCHINDUCTOR_CACHE_DIR=$W/inductor
python3 - <<'PY'
import torch, torch.nn.functional as F
for n in (1024, 8192):
    x = torch.randn(16384, n, device="cuda", dtype=torch.float16)
    w = torch.randn(n, device="cuda", dtype=torch.float16); b = torch.randn_like(w)
    f = torch.compile(lambda x, w, b: F.layer_norm(x, (n,), w, b, 1e-5), dynamic=False)
    f(x, w, b); torch.cuda.synchronize()
print("compiled")
PY
for f in $(find $W/triton -name "*layer_norm*.cubin"); do
  $CUDA_HOME/bin/cuobjdump -sass $f > $W/inductor-$(basename $f .cubin)-$(basename $(dirname $f) | cut -c1-6).sass 2>&1
  cp ${f%.cubin}.ptx $W/inductor-$(basename $f .cubin)-$(basename $(dirname $f) | cut -c1-6).ptx 2>/dev/null
  cp ${f%.cubin}.json $W/inductor-$(basename $f .cubin)-$(basename $(dirname $f) | cut -c1-6).json 2>/dev/null
done
find $W/inductor -name "*.py" | xargs grep -l "layer_norm" | head -4 | while read f; do cp $f $W/; done
rm -rf $W/triton $W/inductor
ls -la $W; wc -l $W/*.sass
source test/gpu/results/v25/scripts/runtime.sh
for i in 1 2; do ONLY=o,n timeout -k 5 150 python3 test/gpu/results/v33/scripts/exp.py exp-out > $W/time$i.txt 2>&1; grep GB/s $W/time$i.txt; done
