#!/usr/bin/env python3
"""v22 call 5: 1024-column rows with the warps along the rows (each row's
reduction inside one warp: no shared-memory round, no barrier), several
rows an program, warps and caps, f16, kernel time (L2 flushed); against the
same ops' times of call 4 (warps along the columns). usage: explore3.py [--precompile]"""
import os
import sys

sys.path.insert(0, os.path.join(os.getcwd(), "test", "gpu"))
import torch  # noqa: E402
import tessera  # noqa: E402
from tessera.ops import norms  # noqa: E402

CANDIDATES = {
    "layer_norm": [(4, 4, None), (4, 8, None), (2, 4, None), (8, 8, 96), (4, 4, 96)],
    "rms_norm": [(4, 4, 96), (4, 8, None), (2, 4, 64), (8, 8, 96), (2, 2, 80)],
    "softmax": [(4, 4, 64), (2, 4, None), (4, 8, None), (8, 8, 64), (2, 2, 64), (4, 4, None)],
}


def kernels(target):
    for op, configs in CANDIDATES.items():
        source, base = norms.kernel_source(torch.float16, norms._FILES[op])
        for rows, warps, regs in configs:
            config = dict(BLOCK_N=1024, ROWS=rows, NUM_WARPS=warps)
            yield op, config, regs, tessera.compile(source, target, max_registers=regs,
                                                    **dict(base, **config))


if "--precompile" in sys.argv:
    for op, config, regs, k in kernels("sm_90a"):
        print(op, config, regs, k.stats.split(": ", 1)[1][:60])
    sys.exit(0)

import check_membound as cm  # noqa: E402

g = torch.Generator(device="cuda").manual_seed(0)
for op, config, regs, k in kernels(None):
    for tokens in (16384, 4096):
        args = cm.sweep_args(op, tokens, 1024, g)
        ms = cm.kernel_ms(lambda: k(**args))
        print(f"{op:10s} {tokens}x1024 {config} cap {regs}: "
              f"{2 * args['X'].numel() * 2 / ms / 1e6:5.0f} GB/s ({k.stats.split(': ', 1)[1][:52]})",
              flush=True)
