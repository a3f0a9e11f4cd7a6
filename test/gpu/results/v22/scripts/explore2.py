#!/usr/bin/env python3
"""v22 call 4: the row ops at more warps and low register caps (more CTAs an
SM: 16 warps at 40 registers is 3 CTAs, at 32 four), against NORM_CONFIGS'
choice, f16, kernel time (L2 flushed). Candidates that spill in f16 or bf16
are marked by ptxas's report after each time. usage: explore2.py [--precompile]"""
import os
import sys

sys.path.insert(0, os.path.join(os.getcwd(), "test", "gpu"))
import torch  # noqa: E402
import tessera  # noqa: E402
from tessera.ops import norms  # noqa: E402

SHAPES = ((16384, 8192), (16384, 4096), (16384, 5000), (16384, 1024), (4096, 1024),
          (4096, 8192), (4096, 4096))
OPS = ("layer_norm", "rms_norm", "softmax")


def candidates(op, n):
    block = norms._block(n)
    chosen = norms.norm_config(n, op)
    rows, warps = chosen["ROWS"], chosen["NUM_WARPS"]
    yield dict(chosen), norms.compile_options(op, n).get("max_registers")
    for w in (warps * 2, warps * 4):
        coverage = 8 * 32 * w
        if w > 32 or (block % coverage and block > coverage) or block * rows < coverage:
            continue
        for regs in (32, 40, 48, 56):
            yield dict(BLOCK_N=block, ROWS=rows, NUM_WARPS=w), regs


def kernels(target, dtypes=(torch.float16,)):
    for op in OPS:
        for n in sorted({n for _, n in SHAPES}):
            for config, regs in candidates(op, n):
                ks = []
                for dtype in dtypes:
                    source, base = norms.kernel_source(dtype, norms._FILES[op])
                    try:
                        ks.append(tessera.compile(source, target, max_registers=regs,
                                                  **dict(base, **config)))
                    except tessera.CompileError as error:
                        ks.append(error)
                yield op, n, config, regs, ks


if "--precompile" in sys.argv:
    for op, n, config, regs, ks in kernels("sm_90a", (torch.float16, torch.bfloat16)):
        print(op, n, config, regs, " | ".join(
            k.stats.split(": ", 1)[1][:52] if hasattr(k, "stats") else "ERR" for k in ks))
    sys.exit(0)

import check_membound as cm  # noqa: E402

g = torch.Generator(device="cuda").manual_seed(0)
for op, n, config, regs, ks in kernels(None):
    k = ks[0]
    if not hasattr(k, "stats"):
        continue
    for tokens, nn in SHAPES:
        if nn != n:
            continue
        args = cm.sweep_args(op, tokens, n, g)
        x = args["X"]
        ms = cm.kernel_ms(lambda: k(**args))
        print(f"{op:10s} {tokens}x{n} {config} cap {regs}: {2 * x.numel() * 2 / ms / 1e6:5.0f} GB/s "
              f"({k.stats.split(': ', 1)[1][:52]})", flush=True)
