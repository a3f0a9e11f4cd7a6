#!/usr/bin/env python3
"""Checks and times kernels/gemm.tile compiled by tessera-compile against torch.matmul.

usage: python3 test/gpu/check_gemm.py [--timeout S] [--check-only] [--csv FILE]
                                     MANIFEST.json [M,N,K ...]

Random fp16 A [M, K] and B [K, N] (never zeros), C poisoned with NaN first; C must
match torch.matmul (fp32 accumulation) within 1e-2 + 1e-2·|ref| and be fully written.
Prints TFLOP/s (2·M·N·K) for both, unless --check-only (one launch per shape, e.g.
under compute-sanitizer). Each shape is a job in a worker process with a deadline of
--timeout seconds (default 60; 0: in this process): a kernel that hangs is reported as
TIMEOUT and the next shape goes on. --csv FILE appends one row a shape (manifest, M, N,
K, status, max_abs_error, bad, tessera_tflops, torch_tflops, ratio; the header when the
file is new). Exit status 1 on any mismatch or timeout.
"""
import argparse
import csv
import math
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "tools"))

import torch  # noqa: E402
import tessera_torch as tt  # noqa: E402

_MODULES = {}  # manifest path -> loaded module, per process


def check(module, m, n, k, check_only, timeout):
    a = torch.randn(m, k, device="cuda", dtype=torch.float16)
    b = torch.randn(k, n, device="cuda", dtype=torch.float16)
    c = torch.full((m, n), math.nan, device="cuda", dtype=torch.float16)
    launch = module.bind(A=a, B=b, C=c)
    launch()
    tt.wait(timeout, what=f"gemm {m}x{n}x{k}")
    ref = (a.float() @ b.float())
    err = (c.float() - ref).abs()
    bad = (~torch.isfinite(c)).sum().item() + (err > 1e-2 + 1e-2 * ref.abs()).sum().item()
    row = {"status": "ok" if bad == 0 else "mismatch", "max_abs_error": f"{err.max().item():.3g}",
           "bad": bad}
    line = f"gemm {m}x{n}x{k}: max abs error {row['max_abs_error']}, {bad} bad elements"
    if not check_only:
        import triton.testing
        ms = triton.testing.do_bench(launch, warmup=10, rep=50, return_mode="median")
        ms_torch = triton.testing.do_bench(lambda: a @ b, warmup=10, rep=50,
                                           return_mode="median")
        flops = 2.0 * m * n * k
        row.update(tessera_tflops=f"{flops / ms / 1e9:.1f}",
                   torch_tflops=f"{flops / ms_torch / 1e9:.1f}", ratio=f"{ms_torch / ms:.3f}")
        line += (f"; Tessera {row['tessera_tflops']} TFLOP/s, torch.matmul "
                 f"{row['torch_tflops']} TFLOP/s ({ms_torch / ms:.2f}x)")
    print(line, flush=True)
    return row


def check_job(job):
    """One shape, in the worker: (manifest, M, N, K, check_only, timeout) -> ok."""
    path, m, n, k, check_only, timeout = job
    if path not in _MODULES:
        _MODULES[path] = tt.load(path)
    return check(_MODULES[path], m, n, k, check_only, timeout)


CSV_FIELDS = ("manifest", "M", "N", "K", "status", "max_abs_error", "bad", "tessera_tflops",
              "torch_tflops", "ratio")


def append_csv(path, row):
    new = not os.path.exists(path) or os.path.getsize(path) == 0
    with open(path, "a", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=CSV_FIELDS, restval="")
        if new:
            writer.writeheader()
        writer.writerow(row)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("manifest")
    parser.add_argument("shapes", nargs="*", metavar="M,N,K",
                        default=["130,70,40", "1000,1000,1000", "4096,4096,4096"])
    parser.add_argument("--timeout", type=float, default=60)
    parser.add_argument("--check-only", action="store_true", help="no timing")
    parser.add_argument("--csv", metavar="FILE", help="append one row a shape")
    args = parser.parse_args()
    ok = True
    with tt.runner(check_job, args.timeout) as runner:
        for shape in args.shapes:
            m, n, k = map(int, shape.split(","))
            outcome = runner.run((args.manifest, m, n, k, args.check_only, args.timeout),
                                 label=f"gemm {os.path.basename(args.manifest)} {m}x{n}x{k}")
            row = outcome.value if outcome.status == "done" else {"status": outcome.status}
            if outcome.status != "done":
                print(outcome.message if outcome.status == "timeout" else
                      f"gemm {m}x{n}x{k}: {outcome.status.upper()} {outcome.message}",
                      flush=True)
            if args.csv:
                append_csv(args.csv, dict(row, manifest=os.path.abspath(args.manifest),
                                          M=m, N=n, K=k))
            ok = ok and row["status"] == "ok"
    print("gemm:", "PASS" if ok else "FAIL")
    tt.exit_now(0 if ok else 1)


if __name__ == "__main__":
    main()
