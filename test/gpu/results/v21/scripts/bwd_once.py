"""One forward + backward per (D, causal, K/V heads) at a ragged shape, on
the C++ launch path (for compute-sanitizer)."""
import os, sys
sys.path.insert(0, os.path.join(os.environ["TREE"], "python"))
import torch
from tessera import ops
for d in (64, 128):
    for causal in (False, True):
        for hk in (4, 2, 1):
            g = torch.Generator(device="cuda").manual_seed(1)
            q, k, v, do = (torch.rand(2, 1000, h, d, generator=g, device="cuda").sub_(0.5).half()
                           for h in (4, hk, hk, 4))
            for x in (q, k, v):
                x.requires_grad_()
            out = ops.flash_attn_func(q, k, v, causal=causal)
            grads = torch.autograd.grad(out, (q, k, v), do)
            torch.cuda.synchronize()
            print(d, causal, hk, [bool(torch.isfinite(x).all()) for x in grads])
