#!/usr/bin/env python3
"""v33 call 1: the norms' experiment kernels (gen.sh) against their
NORM_CONFIGS originals and torch.compile, f16, same tensors, GB/s from
check_membound.kernel_ms (L2 flushed before each call). Each kernel's output
is checked against an fp32 torch reference first.

usage: exp.py DIR            time every variant (ONLY=o,n: those prefixes)
       exp.py DIR --ncu      launch each 16384-row variant once (for ncu)
"""
import glob
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..", "..", "..", "..")
sys.path.insert(0, os.path.join(ROOT, "python"))
sys.path.insert(0, os.path.join(ROOT, "test", "gpu"))

import torch  # noqa: E402
import torch.nn.functional as F  # noqa: E402

import check_membound as cm  # noqa: E402
from tessera import runtime  # noqa: E402

OPS = {"ln": "layer_norm", "rms": "rms_norm"}


def reference(t, x, w, b):
    xf = x.float()
    if t == "ln":
        return F.layer_norm(xf, (x.shape[1],), w.float(), b.float(), 1e-5)
    return F.rms_norm(xf, (x.shape[1],), w.float(), 1e-5)


def eager(t):
    if t == "ln":
        return lambda x, w, b: F.layer_norm(x, (x.shape[1],), w, b, 1e-5)
    return lambda x, w, b: F.rms_norm(x, (x.shape[1],), w, 1e-5)


def variants(d, t, n):
    out = []
    for path in sorted(glob.glob(os.path.join(d, f"*_{t}_*.json"))):
        tag = os.path.basename(path)[:-5]
        parts = tag.split("_")
        if os.environ.get("ONLY") and parts[0] not in os.environ["ONLY"].split(","):
            continue
        if parts[0] in ("o", "pf", "n") and int(parts[2]) == n:
            out.append((tag, path))
        elif parts[0] in ("L", "Lh") and n > 2048:
            out.append((tag, path))
    return out


def main():
    d, ncu = sys.argv[1], "--ncu" in sys.argv
    gen = torch.Generator(device="cuda").manual_seed(0)
    modules = {}
    for t in ("ln", "rms"):
        for tokens, n in ((16384, 8192), (16384, 1024), (4096, 8192), (4096, 1024),
                          (16384, 4096)):
            if ncu and (tokens != 16384 or t != "ln" or n == 4096):
                continue
            args = cm.sweep_args(OPS[t], tokens, n, gen)
            x, y, w = args["X"], args["Y"], args["W"]
            b = args.get("B")
            ref = reference(t, x, w, b if b is not None else w)
            nbytes = 2 * x.numel() * 2
            comp = torch.compile(eager(t), dynamic=False)
            comp(x, w, b)
            rows = []
            for tag, path in variants(d, t, n):
                mod = modules.get(path) or modules.setdefault(path, runtime.load(path))
                launch = mod.bind(**args)
                y.zero_()
                launch()
                torch.cuda.synchronize()
                err = (y.float() - ref).abs().max().item()
                if ncu:
                    print(f"ncu order: {tag} {tokens}x{n}", flush=True)
                    launch()
                    continue
                ms, _ = cm.timed(lambda: launch())
                rows.append((nbytes / ms / 1e6, tag, err))
            if ncu:
                print(f"ncu order: inductor {tokens}x{n}", flush=True)
                comp(x, w, b)
                torch.cuda.synchronize()
                continue
            ms, _ = cm.timed(lambda: comp(x, w, b))
            rows.append((nbytes / ms / 1e6, "torch.compile", 0.0))
            for gbs, tag, err in sorted(rows, reverse=True):
                print(f"{t} {tokens}x{n}: {gbs:6.0f} GB/s  {tag:24s} max err {err:.1e}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
