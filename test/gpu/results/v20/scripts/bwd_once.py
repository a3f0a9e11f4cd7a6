"""One forward + backward per (D, causal) at a ragged shape (for compute-sanitizer)."""
import os, sys
sys.path.insert(0, os.path.join(os.environ["TREE"], "python"))
import torch
from tessera import ops
for d in (64, 128):
    for causal in (False, True):
        g = torch.Generator(device="cuda").manual_seed(1)
        q, k, v, do = (torch.rand(2, 1000, 4, d, generator=g, device="cuda").sub_(0.5).half()
                       for _ in range(4))
        for x in (q, k, v):
            x.requires_grad_()
        out = ops.flash_attn_func(q, k, v, causal=causal)
        grads = torch.autograd.grad(out, (q, k, v), do)
        torch.cuda.synchronize()
        print(d, causal, [bool(torch.isfinite(x).all()) for x in grads])
