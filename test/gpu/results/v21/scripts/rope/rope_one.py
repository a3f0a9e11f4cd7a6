import os, sys
sys.path.insert(0, os.path.join(os.environ["TREE"], "python"))
import torch
from tessera import ops
for dt in (torch.float16, torch.bfloat16):
    x = torch.randn(8, 2048, 32, 128, device="cuda", dtype=dt)
    ang = torch.rand(2048, 64, device="cuda")
    cos, sin = ang.cos().to(dt), ang.sin().to(dt)
    for _ in range(3):
        ops.apply_rotary_emb(x, cos, sin)
    torch.cuda.synchronize()
