import os, sys, glob
sys.path.insert(0, os.path.join(os.environ["TREE"], "python"))
import torch
import tessera
from tessera.testing import do_bench
B, N, H, D = 8, 2048, 32, 128
for rep in range(2):
    for name in ("orig_f16", "grouped_f16", "orig_bf16", "grouped_bf16"):
        dt = torch.float16 if name.endswith("_f16") else torch.bfloat16
        mod = tessera.load(os.path.join(os.path.dirname(__file__), name + ".json"))
        x = torch.randn(B, N, H, D, device="cuda", dtype=dt)
        ang = torch.rand(N, D // 2, device="cuda")
        cos, sin = ang.cos().to(dt), ang.sin().to(dt)
        out = torch.empty_like(x)
        bound = mod.bind(X=x.transpose(1, 2), Cos=cos, Sin=sin, Out=out.transpose(1, 2))
        ms = do_bench(lambda: bound())
        nbytes = (2 * x.numel() + 2 * cos.numel()) * 2
        ref = torch.cat([x[..., :64].float() * cos[:, None].float() - x[..., 64:].float() * sin[:, None].float(),
                         x[..., 64:].float() * cos[:, None].float() + x[..., :64].float() * sin[:, None].float()], -1)
        err = (out.float() - ref).abs().max().item()
        print(f"{name:14s} {ms * 1e3:7.1f} us {nbytes / ms / 1e6:7.0f} GB/s  max err {err:.2e}")
