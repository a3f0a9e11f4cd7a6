#!/usr/bin/env python3
"""Checks attention kernels (FA1/FA2 manifests) on the GPU against fp64.

usage: python3 test/gpu/check_attention.py [--shapes B,H,N,D ...] MANIFEST.json...

Each manifest runs at each shape whose D matches its HEAD_DIM (every shape when
D is not fixed), on fresh random
inputs (normal, f16 or bf16 as the manifest says), with its own mask: CAUSAL,
and the sliding window WINDOW_LEFT / WINDOW_RIGHT (query i sees keys j with
i - left <= j <= i + right; -1 leaves a side open). The reference is softmax
attention in fp64 on the GPU; a query that sees no key has Out 0 and Lse -inf.
Pass: every Out element within atol + rtol·|ref| (f16 2e-3 + 2e-3·|ref|, bf16
1.6e-2 + 1.6e-2·|ref|: the storage rounding, docs/interpreter.md), every Lse
within 1e-3 + 1e-4·|ref| (equal infinities match), and no NaN anywhere.
Prints one line per run and a summary; exits 1 on any failure.

Each run is a job in a worker process with a deadline of --timeout seconds
(tessera_torch.Supervisor): a kernel that hangs is reported as TIMEOUT, the
worker is replaced and the next run goes on. --timeout 0 runs everything in
this process (e.g. under compute-sanitizer).
"""
import argparse
import math
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "tools"))

import torch  # noqa: E402
import tessera_torch as tt  # noqa: E402

TOLERANCE = {"f16": (2e-3, 2e-3), "bf16": (1.6e-2, 1.6e-2)}
# Seconds tt.wait gives a launch in this process (--timeout; 0: no limit).
TIMEOUT = 0.0


def constant(manifest, name, default):
    return manifest.constants.get(name, default)


def reference(q, k, v, scale, causal, left, right):
    """fp64 attention over [BH, N, D] with the mask; (Out, Lse)."""
    n = q.shape[1]
    s = torch.einsum("bid,bjd->bij", q.double(), k.double()) * scale
    i = torch.arange(n, device=q.device)[:, None]
    j = torch.arange(n, device=q.device)[None, :]
    visible = torch.ones(n, n, dtype=torch.bool, device=q.device)
    if causal:
        visible &= j <= i
    if left >= 0:
        visible &= j >= i - left
    if right >= 0:
        visible &= j <= i + right
    s = s.masked_fill(~visible, float("-inf"))
    lse = torch.logsumexp(s, dim=-1)
    p = torch.exp(s - lse[..., None].masked_fill(torch.isinf(lse[..., None]), 0))
    p = p.masked_fill(~visible, 0)
    out = torch.einsum("bij,bjd->bid", p, v.double())
    return out, lse


def check(path, shape, seed):
    module = tt.load(path)
    manifest = module.manifest
    b, h, n, d = shape
    dtype_name = manifest.param("Q")["dtype"]
    dtype = {"f16": torch.float16, "bf16": torch.bfloat16}[dtype_name]
    causal = bool(constant(manifest, "CAUSAL", 0))
    left = int(constant(manifest, "WINDOW_LEFT", -1))
    right = int(constant(manifest, "WINDOW_RIGHT", -1))
    gen = torch.Generator(device="cuda").manual_seed(seed)
    q, k, v = (torch.randn(b * h, n, d, device="cuda", dtype=dtype, generator=gen)
               for _ in range(3))
    scale = 1.0 / math.sqrt(d)
    call = tt.AttentionCall(module, q, k, v, causal, scale)
    # Poison the outputs: an element the kernel does not write stays NaN.
    for spec in manifest.params:
        if spec.get("role") == "output":
            call.tensors[spec["name"]].fill_(float("nan"))
    call()
    tt.wait(TIMEOUT, what=f"{os.path.basename(path)} at {','.join(map(str, shape))}")
    out = call.tensors["Out"]
    lse = call.tensors.get("Lse")
    ref_out, ref_lse = reference(q, k, v, scale, causal, left, right)
    atol, rtol = TOLERANCE[dtype_name]
    out64 = out.double()
    bad_out = (~torch.isfinite(out64)) | ((out64 - ref_out).abs() > atol + rtol * ref_out.abs())
    if lse is None:  # FA1 writes no Lse
        lse = ref_lse.float()
    lse64 = lse.double()
    same = lse64 == ref_lse
    err_lse = torch.where(same, torch.zeros_like(lse64), (lse64 - ref_lse).abs())
    bad_lse = torch.isnan(lse64) | (err_lse > 1e-3 + 1e-4 * ref_lse.abs().nan_to_num(0, 0, 0))
    empty_rows = int(torch.isinf(ref_lse).sum())
    err_out = (out64 - ref_out).abs().nan_to_num(float("inf")).max().item()
    ok = not bad_out.any() and not bad_lse.any()
    print(f"{os.path.basename(path)} {','.join(map(str, shape))} {dtype_name} causal={int(causal)} "
          f"window=({left},{right}): Out max err {err_out:.2e} ({int(bad_out.sum())} bad), "
          f"Lse max err {err_lse.nan_to_num(float('inf')).max().item():.2e} "
          f"({int(bad_lse.sum())} bad), {empty_rows} rows see no key: "
          f"{'PASS' if ok else 'FAIL'}", flush=True)
    return ok


def check_job(job):
    """One run, in the worker: (manifest path, shape, seed, timeout) -> ok."""
    global TIMEOUT
    path, shape, seed, TIMEOUT = job
    return check(path, shape, seed)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("manifests", nargs="+")
    parser.add_argument("--shapes", nargs="+", default=["1,3,200,64", "2,3,77,64", "3,2,333,64",
                                                        "1,3,200,128", "2,3,77,128", "2,2,1031,128"])
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--timeout", type=float, default=60,
                        help="seconds per run before it is reported as TIMEOUT (60; 0: all "
                             "runs in this process, no limit)")
    args = parser.parse_args()
    shapes = [tuple(int(x) for x in s.split(",")) for s in args.shapes]
    passed = failed = 0
    with tt.runner(check_job, args.timeout) as runner:
        for path in args.manifests:
            head_dim = tt.Manifest.load(path).head_dim
            for shape in shapes:
                if head_dim is not None and shape[3] != head_dim:
                    continue
                name = f"{os.path.basename(path)} {','.join(map(str, shape))}"
                outcome = runner.run((path, shape, args.seed, args.timeout), label=name)
                ok = outcome.status == "done" and outcome.value
                if outcome.status == "timeout":
                    print(outcome.message, flush=True)
                elif outcome.status != "done":  # a launch or binding error is a failure
                    print(f"{name}: {outcome.status.upper()} {outcome.message}", flush=True)
                passed += bool(ok)
                failed += not ok
    print(f"check_attention: {passed} passed, {failed} failed")
    tt.exit_now(1 if failed else 0)


if __name__ == "__main__":
    main()
