#!/usr/bin/env python3
"""Checks test/gpu/kernels/layouts.tile (tilegpu.convert_layout) on the GPU.

usage: python3 test/gpu/check_layouts.py MANIFEST.json

Out = Y·(X·W).to(f16) + rowmax(X·W)[None, :] on random fp16 64×64 inputs, against
torch in fp32 (the f16 rounding of X·W reproduced), within 2e-2 + 1e-2·|ref|.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "tools"))

import torch  # noqa: E402
import tessera_torch as tt  # noqa: E402


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    module = tt.load(sys.argv[1])
    ok = True
    for seed in range(3):
        torch.manual_seed(seed)
        x, w, y = (torch.randn(64, 64, device="cuda", dtype=torch.float16) for _ in range(3))
        out = torch.full((64, 64), float("nan"), device="cuda", dtype=torch.float32)
        module(X=x, W=w, Y=y, Out=out)
        torch.cuda.synchronize()
        h = x.float() @ w.float()
        ref = y.float() @ h.half().float() + h.max(dim=1).values[None, :]
        err = (out - ref).abs()
        bad = (~torch.isfinite(out)).sum().item() + (err > 2e-2 + 1e-2 * ref.abs()).sum().item()
        print(f"seed {seed}: max abs error {err.max().item():.3g}, {bad} bad elements")
        ok = ok and bad == 0
    print("layouts:", "PASS" if ok else "FAIL")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
