#!/usr/bin/env python3
"""Checks test/gpu/kernels/layouts.tile (tilegpu.convert_layout) on the GPU.

usage: python3 test/gpu/check_layouts.py [--timeout S] MANIFEST.json

Out = Y·(X·W).to(f16) + rowmax(X·W)[None, :] on random fp16 64×64 inputs, against
torch in fp32 (the f16 rounding of X·W reproduced), within 2e-2 + 1e-2·|ref|.
Runs in a worker process with a deadline of --timeout seconds (default 60; 0: in
this process): a kernel that hangs is reported as TIMEOUT (exit status 1).
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "tools"))

import torch  # noqa: E402
import tessera_torch as tt  # noqa: E402


def check(job):
    """The three seeds, in the worker: (manifest, timeout) -> ok."""
    path, timeout = job
    module = tt.load(path)
    ok = True
    for seed in range(3):
        torch.manual_seed(seed)
        x, w, y = (torch.randn(64, 64, device="cuda", dtype=torch.float16) for _ in range(3))
        out = torch.full((64, 64), float("nan"), device="cuda", dtype=torch.float32)
        module(X=x, W=w, Y=y, Out=out)
        tt.wait(timeout, what=f"layouts seed {seed}")
        h = x.float() @ w.float()
        ref = y.float() @ h.half().float() + h.max(dim=1).values[None, :]
        err = (out - ref).abs()
        bad = (~torch.isfinite(out)).sum().item() + (err > 2e-2 + 1e-2 * ref.abs()).sum().item()
        print(f"seed {seed}: max abs error {err.max().item():.3g}, {bad} bad elements")
        ok = ok and bad == 0
    return ok


def main():
    args = sys.argv[1:]
    timeout = 60.0
    if len(args) == 3 and args[0] == "--timeout":
        timeout, args = float(args[1]), args[2:]
    if len(args) != 1:
        sys.exit(__doc__)
    with tt.runner(check, timeout) as runner:
        outcome = runner.run((args[0], timeout), label=f"layouts {os.path.basename(args[0])}")
    if outcome.status != "done":
        print(outcome.message, flush=True)
    ok = outcome.status == "done" and outcome.value
    print("layouts:", "PASS" if ok else "FAIL")
    tt.exit_now(0 if ok else 1)


if __name__ == "__main__":
    main()
