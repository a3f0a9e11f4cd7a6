#!/usr/bin/env python3
"""Runs a kernel on the GPU on the inputs of an interpreter run and compares.

usage: python3 test/gpu/check_interp.py MANIFEST.json DIR [--tol NAME=ATOL,RTOL ...]

DIR holds what `tessera-run --interpret KERNEL --save DIR` wrote: one NAME.npy
per tensor argument (inputs as the interpreter read them, outputs as it
computed them). The kernel runs on the inputs; each output must match the
interpreter's within ATOL + RTOL·|interpreter| (default 0, 0: identical),
with equal infinities and NaNs matching. For outputs of rank ≥ 3 the error is
also printed per index of the first dimension (one builtin per slice in
test/Interpreter/Inputs/builtins.tile). Exits 1 on a mismatch. The GPU run is a
job in a worker process with a deadline of --timeout seconds (default 60; 0: in
this process): a kernel that hangs is reported as TIMEOUT (exit status 1).
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "tools"))

import numpy as np  # noqa: E402
import torch  # noqa: E402
import tessera_torch as tt  # noqa: E402

TORCH = {"f16": torch.float16, "bf16": torch.bfloat16, "f32": torch.float32,
         "i32": torch.int32, "i64": torch.int64}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("manifest")
    parser.add_argument("dir")
    parser.add_argument("--tol", action="append", default=[])
    parser.add_argument("--arg", action="append", default=[], help="NAME=VALUE scalar")
    parser.add_argument("--timeout", type=float, default=60)
    args = parser.parse_args()
    with tt.runner(compare, args.timeout) as runner:
        outcome = runner.run(args, label=f"check_interp {os.path.basename(args.manifest)}")
    if outcome.status != "done":
        print(outcome.message, flush=True)
    ok = outcome.status == "done" and outcome.value
    print(f"check_interp {os.path.basename(args.manifest)}: {'PASS' if ok else 'FAIL'}")
    tt.exit_now(0 if ok else 1)


def compare(args):
    """The GPU run and the comparison, in the worker; True when it matches."""
    tolerances = {}
    for text in args.tol:
        name, values = text.split("=")
        atol, rtol = (float(x) for x in values.split(","))
        tolerances[name] = (atol, rtol)
    scalars = dict(text.split("=") for text in args.arg)
    module = tt.load(args.manifest)
    values, outputs = {}, []
    for spec in module.manifest.params:
        name = spec["name"]
        if spec["kind"] == "scalar":
            values[name] = float(scalars[name]) if spec["dtype"] == "f32" else int(scalars[name])
            continue
        data = np.load(os.path.join(args.dir, name + ".npy"))
        tensor = torch.from_numpy(np.ascontiguousarray(data)).to("cuda").to(TORCH[spec["dtype"]])
        if spec.get("role") == "output":
            outputs.append((name, data))
            if tensor.is_floating_point():
                tensor.fill_(float("nan"))
            else:
                tensor.fill_(-559038737)
        values[name] = tensor
    module(**values)
    tt.wait(args.timeout, what=os.path.basename(args.manifest))
    ok = True
    for name, expected in outputs:
        got = values[name].double().cpu().numpy()
        want = expected.astype(np.float64)
        atol, rtol = tolerances.get(name, (0.0, 0.0))
        same = (got == want) | (np.isnan(got) & np.isnan(want))
        err = np.where(same, 0.0, np.abs(got - want))
        err = np.nan_to_num(err, nan=np.inf)
        bad = err > atol + rtol * np.abs(np.nan_to_num(want, nan=0, posinf=0, neginf=0))
        rel = err / np.maximum(np.abs(np.nan_to_num(want, nan=1, posinf=1, neginf=1)), 1e-30)
        print(f"{name}: max abs err {err.max():.3g}, max rel err {rel.max():.3g}, "
              f"{int(bad.sum())} of {bad.size} outside {atol:g} + {rtol:g}|ref|")
        if want.ndim >= 3:
            for i in range(want.shape[0]):
                print(f"  {name}[{i}]: max abs err {err[i].max():.3g}, "
                      f"max rel err {rel[i].max():.3g}")
        ok = ok and not bad.any()
    return bool(ok)


if __name__ == "__main__":
    main()
