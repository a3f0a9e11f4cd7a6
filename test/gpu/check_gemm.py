#!/usr/bin/env python3
"""Checks and times kernels/gemm.tile compiled by tessera-compile against torch.matmul.

usage: python3 test/gpu/check_gemm.py MANIFEST.json [M,N,K ...]

Random fp16 A [M, K] and B [K, N] (never zeros), C poisoned with NaN first; C must
match torch.matmul (fp32 accumulation) within 1e-2 + 1e-2·|ref| and be fully written.
Prints TFLOP/s (2·M·N·K) for both. Exit status 1 on any mismatch.
"""
import math
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "tools"))

import torch  # noqa: E402
import triton.testing  # noqa: E402
import tessera_torch as tt  # noqa: E402


def check(module, m, n, k):
    a = torch.randn(m, k, device="cuda", dtype=torch.float16)
    b = torch.randn(k, n, device="cuda", dtype=torch.float16)
    c = torch.full((m, n), math.nan, device="cuda", dtype=torch.float16)
    launch = module.bind(A=a, B=b, C=c)
    launch()
    torch.cuda.synchronize()
    ref = (a.float() @ b.float())
    err = (c.float() - ref).abs()
    bad = (~torch.isfinite(c)).sum().item() + (err > 1e-2 + 1e-2 * ref.abs()).sum().item()
    ms = triton.testing.do_bench(launch, warmup=10, rep=50, return_mode="median")
    ms_torch = triton.testing.do_bench(lambda: a @ b, warmup=10, rep=50, return_mode="median")
    flops = 2.0 * m * n * k
    print(f"gemm {m}x{n}x{k}: max abs error {err.max().item():.3g}, {bad} bad elements; "
          f"Tessera {flops / ms / 1e9:.1f} TFLOP/s, torch.matmul {flops / ms_torch / 1e9:.1f} "
          f"TFLOP/s ({ms_torch / ms:.2f}x)")
    return bad == 0


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    module = tt.load(sys.argv[1])
    shapes = sys.argv[2:] or ["130,70,40", "1000,1000,1000", "4096,4096,4096"]
    ok = all(check(module, *map(int, s.split(","))) for s in shapes)
    print("gemm:", "PASS" if ok else "FAIL")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
