"""v40: RoPE at [2, 2048, 8, 128] (the 4096 x 1024 bar shape) and [8, 2048,
8, 128] (16384 x 1024), f16: Tessera's kernel and torch.compile's, each
each launched twice between cudaProfilerStart and Stop after a warm-up
(torch.compile's autotuning outside: ncu --profile-from-start off), and the
generated Triton source and launch config written to OUT/inductor/."""
import gc
import os
import sys

import torch
from torch._inductor.runtime.triton_heuristics import CachingAutotuner

from tessera import ops

out = os.path.join(sys.argv[1], "inductor")
os.makedirs(out, exist_ok=True)


def eager_rope(x, cos, sin):
    x1, x2 = x.chunk(2, dim=-1)
    c, s = cos[None, :, None, :], sin[None, :, None, :]
    return torch.cat([x1 * c - x2 * s, x2 * c + x1 * s], dim=-1)


for b in (2, 8):
    torch._dynamo.reset()
    x = torch.rand(b, 2048, 8, 128, device="cuda").half()
    cos, sin = torch.rand(2, 2048, 64, device="cuda").half()
    compiled = torch.compile(eager_rope, dynamic=False)
    for _ in range(5):
        ops.apply_rotary_emb(x, cos, sin)
        compiled(x, cos, sin)
    torch.cuda.synchronize()
    torch.cuda.profiler.start()
    for _ in range(2):
        ops.apply_rotary_emb(x, cos, sin)
        compiled(x, cos, sin)
    torch.cuda.synchronize()
    torch.cuda.profiler.stop()
    for obj in gc.get_objects():
        try:
            if not isinstance(obj, CachingAutotuner):
                continue
        except ReferenceError:
            continue
        for launcher in obj.launchers:
            print(f"B={b}: {obj.fn.__name__} config {launcher.config} regs "
                  f"{getattr(launcher, 'n_regs', '?')}", flush=True)
        with open(os.path.join(out, f"rope_B{b}_{obj.fn.__name__}.py.txt"), "w") as f:
            f.write(obj.fn.src if hasattr(obj.fn, "src") else str(obj.fn))
