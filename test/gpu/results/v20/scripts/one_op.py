"""Runs one tessera op a few times (for ncu): one_op.py OP DTYPE TOKENS HIDDEN"""
import os, sys
sys.path.insert(0, os.path.join(os.environ["TREE"], "python"))
import torch
from tessera import ops
op, dtype, tokens, hidden = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
t = {"f16": torch.float16, "bf16": torch.bfloat16}[dtype]
x = torch.randn(tokens, hidden, device="cuda", dtype=t)
w = torch.rand(hidden, device="cuda", dtype=t) + 0.5
b = torch.rand(hidden, device="cuda", dtype=t)
for _ in range(3):
    if op == "layer_norm":
        ops.layer_norm(x, (hidden,), w, b)
    elif op == "rms_norm":
        ops.rms_norm(x, (hidden,), w)
    elif op == "softmax":
        ops.softmax(x)
    elif op == "rotary":
        n, h, d = 2048, hidden // 128, 128
        xr = x.view(tokens // 2048, n, h, d)
        ang = torch.arange(n, device="cuda")[:, None] * torch.rand(d // 2, device="cuda")
        ops.apply_rotary_emb(xr, ang.cos().to(t), ang.sin().to(t))
    elif op == "bwd":
        bb, hh, nn, dd = 4, 32, 2048, 64
        q, k, v, do = (torch.randn(bb, nn, hh, dd, device="cuda", dtype=t) for _ in range(4))
        for z in (q, k, v): z.requires_grad_()
        out = ops.flash_attn_func(q, k, v)
        torch.autograd.grad(out, (q, k, v), do)
torch.cuda.synchronize()
