"""v21 call 7: forward + backward (and backward alone) of the C++ path at
PERF.md's shapes against SDPA-flash, f16; run once per tree (TREE) to
compare the tree's python/tessera/csrc/flash_attn.cpp variants."""
import os, sys
sys.path.insert(0, os.path.join(os.environ["TREE"], "python"))
sys.path.insert(0, os.path.join(os.environ["TREE"], "test", "gpu"))
import torch
from torch.nn.attention import SDPBackend, sdpa_kernel
from tessera import ops
from tessera.testing import do_bench
import check_backward as cb

print(os.environ["TREE"])
for (b, h, n, d), causals in cb.BENCH:
    for causal in causals:
        g = torch.Generator(device="cuda").manual_seed(7)
        base = [cb.rand((b, h, n, d), torch.float16, g) for _ in range(4)]
        q, k, v, do = (x.transpose(1, 2) for x in base)
        for x in (q, k, v):
            x.requires_grad_()
        s4 = [x.detach().clone().requires_grad_() for x in base[:3]]
        out = ops.flash_attn_func(q, k, v, causal=causal)
        with sdpa_kernel(SDPBackend.FLASH_ATTENTION):
            out4 = torch.nn.functional.scaled_dot_product_attention(*s4, is_causal=causal)

        def ours():
            o = ops.flash_attn_func(q, k, v, causal=causal)
            torch.autograd.grad(o, (q, k, v), do)

        def theirs():
            with sdpa_kernel(SDPBackend.FLASH_ATTENTION):
                o = torch.nn.functional.scaled_dot_product_attention(*s4, is_causal=causal)
            torch.autograd.grad(o, s4, base[3])
        scale = 0.5 if causal else 1.0
        flops = 14 * b * h * n * n * d * scale
        t = {"ours": do_bench(ours), "theirs": do_bench(theirs),
             "ours bwd": do_bench(lambda: torch.autograd.grad(out, (q, k, v), do, retain_graph=True)),
             "theirs bwd": do_bench(lambda: torch.autograd.grad(out4, s4, base[3], retain_graph=True))}
        print(f"| {b},{h},{n},{d} | {'causal' if causal else 'no'} | fwd+bwd {flops / t['ours'] / 1e9:.1f} "
              f"vs {flops / t['theirs'] / 1e9:.1f} = {t['theirs'] / t['ours']:.3f}x | bwd "
              f"{t['ours bwd'] * 1e3:.1f} us vs {t['theirs bwd'] * 1e3:.1f} us = "
              f"{t['theirs bwd'] / t['ours bwd']:.3f}x |", flush=True)
