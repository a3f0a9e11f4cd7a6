#!/usr/bin/env python3
"""Launches one peer kernel a few times on fresh random fp16 tensors, for ncu
(v27): `sdpa-cudnn B,H,N,D[,causal]` (SDPA's cuDNN backend) or `matmul M,N,K`
(torch.matmul, cuBLAS). ncu picks the last launch with -s/-c."""
import sys

import torch
import torch.nn.functional as F
from torch.nn.attention import SDPBackend, sdpa_kernel

what, shape = sys.argv[1], sys.argv[2].split(",")
if what == "sdpa-cudnn":
    b, h, n, d = map(int, shape[:4])
    causal = len(shape) > 4 and shape[4] in ("1", "causal")
    q, k, v = (torch.randn(b, h, n, d, device="cuda", dtype=torch.float16) for _ in range(3))
    with sdpa_kernel(SDPBackend.CUDNN_ATTENTION):
        for _ in range(3):
            F.scaled_dot_product_attention(q, k, v, is_causal=causal)
elif what == "matmul":
    m, n, k = map(int, shape)
    a = torch.randn(m, k, device="cuda", dtype=torch.float16)
    b = torch.randn(k, n, device="cuda", dtype=torch.float16)
    for _ in range(3):
        a @ b
else:
    sys.exit(f"peer_launch: unknown peer {what}")
torch.cuda.synchronize()
