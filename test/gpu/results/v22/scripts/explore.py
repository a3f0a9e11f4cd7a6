#!/usr/bin/env python3
"""v22 call 2 (exploration): (1) the copy bandwidth at the bench shapes' sizes
(dst.copy_(src), read + written, kernel time, L2 flushed) against 1 GiB's;
(2) LayerNorm as kernels/layernorm.tile (mean, then variance: two dependent
rounds of reductions) against ln/layernorm_shifted.tile (both sums in one
pass over the row, shift x[row, 0]), at 16384 x {4096, 8192}, several warps
and register caps, f16. usage: explore.py [--precompile]"""
import os
import sys

sys.path.insert(0, os.path.join(os.getcwd(), "test", "gpu"))
import torch  # noqa: E402
import tessera  # noqa: E402
from tessera.ops import norms  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
VARIANTS = {"two-pass": None, "shifted": os.path.join(HERE, "ln", "layernorm_shifted.tile")}
CONFIGS = {8192: [(8, r) for r in (None, 64, 72, 80)] + [(16, None)],
           4096: [(4, r) for r in (None, 64, 72, 80)] + [(8, None)]}


def kernels(target):
    for name, path in VARIANTS.items():
        source, base = norms.kernel_source(torch.float16, "layernorm")
        if path:
            source = open(path).read()
        for n, configs in CONFIGS.items():
            for warps, regs in configs:
                constants = dict(base, BLOCK_N=n, ROWS=1, NUM_WARPS=warps)
                if path:
                    constants = {k: v for k, v in constants.items()
                                 if k in ("DTYPE", "BLOCK_N", "ROWS", "NUM_WARPS")}
                k = tessera.compile(source, target, max_registers=regs, **constants)
                yield name, n, warps, regs, k


if "--precompile" in sys.argv:
    for name, n, warps, regs, k in kernels("sm_90a"):
        print(name, n, warps, regs, k.stats.split(": ", 1)[1][:70])
    sys.exit(0)

import check_membound as cm  # noqa: E402

for total in (16 << 20, 64 << 20, 128 << 20, 256 << 20, 1 << 30):
    src = torch.empty(total // 8, dtype=torch.int32, device="cuda").random_()
    dst = torch.empty_like(src)
    ms = cm.kernel_ms(lambda: dst.copy_(src))
    print(f"copy {total >> 20} MiB read+written: {ms * 1e3:.2f} us {total / ms / 1e6:.0f} GB/s",
          flush=True)
    del src, dst

g = torch.Generator(device="cuda").manual_seed(0)
for name, n, warps, regs, k in kernels(None):
    for tokens in (16384, 4096):
        x = (torch.rand(tokens, n, generator=g, device="cuda") * 2 - 0.5).half()
        w = torch.rand(n, generator=g, device="cuda").half() + 0.5
        b = torch.rand(n, generator=g, device="cuda").half()
        y = torch.empty_like(x)
        k(X=x, W=w, B=b, Y=y, eps=1e-5)
        ref = torch.nn.functional.layer_norm(x.double(), (n,), w.double(), b.double(), 1e-5)
        err = float((y.double() - ref).abs().max())
        ms = cm.kernel_ms(lambda: k(X=x, W=w, B=b, Y=y, eps=1e-5))
        print(f"{name:8s} {tokens}x{n} w{warps} cap {regs}: {ms * 1e3:7.2f} us "
              f"{2 * x.numel() * 2 / ms / 1e6:5.0f} GB/s (x, y)  max err {err:.1e}", flush=True)
