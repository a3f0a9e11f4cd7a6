#!/usr/bin/env python3
"""v22: Tessera's memory-bound ops timed alone (kernel_ms, L2 flushed), every
bench shape of check_membound.py, f16 and bf16, with the kernels of whichever
tree TESSERA_CACHE_DIR holds: run once per tree in one device call for an A/B
of the lowering. usage: ab.py LABEL [ops]"""
import os
import sys

sys.path.insert(0, os.path.join(os.getcwd(), "test", "gpu"))
import torch  # noqa: E402
import check_membound as cm  # noqa: E402

label = sys.argv[1]
ops_ = sys.argv[2].split(",") if len(sys.argv) > 2 else cm.OPS
for op in ops_:
    for dtype in cm.DTYPES:
        for tokens in cm.TOKENS:
            for hidden in cm.HIDDEN:
                if op == "rotary" and cm.rope_shape(tokens, hidden) is None:
                    continue
                generator = torch.Generator(device=cm.DEVICE).manual_seed(tokens + hidden)
                inputs, ours, _, _, nbytes = cm.make_case(op, dtype, tokens, hidden, generator)
                ms = cm.kernel_ms(lambda: ours(*inputs))
                print(f"{label} {op} {dtype} {tokens}x{hidden} {ms * 1e3:.2f} us "
                      f"{nbytes / ms / 1e6:.0f} GB/s", flush=True)
