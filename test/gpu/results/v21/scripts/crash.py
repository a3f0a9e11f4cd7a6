import os, sys, faulthandler
faulthandler.enable()
sys.path.insert(0, os.path.join(os.environ["TREE"], "python"))
import torch
from tessera import ops
case = sys.argv[1]
q, k, v = (torch.randn(1, 256, 4, 64, device="cuda", dtype=torch.float16,
                       requires_grad=(case.endswith("grad"))) for _ in range(3))
ops.flash_attn_func(q, k, v)
torch.cuda.synchronize()
s = torch.zeros(4, device="cuda")
try:
    if case.startswith("handle"):
        torch.ops.tessera_ext.flash_attn(q, k, v, s, 0.125, [12345, 0, 0, 0])
    else:
        torch.ops.tessera_ext.flash_attn(q, k[:, :, :3], v[:, :, :3], s, 0.125, [12345, 0, 0, 0])
except RuntimeError as e:
    print(case, "caught:", str(e).splitlines()[0])
