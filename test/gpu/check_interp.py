#!/usr/bin/env python3
"""Runs a kernel on the GPU on the inputs of an interpreter run and compares.

usage: python3 test/gpu/check_interp.py MANIFEST.json DIR [--tol NAME=ATOL,RTOL ...]
                                        [--arg NAME=VALUE ...]
       python3 test/gpu/check_interp.py --cases FILE

DIR holds what `tessera-run --interpret KERNEL --save DIR` wrote: one NAME.npy
per tensor argument (inputs as the interpreter read them, outputs as it
computed them) and NAME.before.npy for an inout one (what it held before the
run). The kernel runs on the inputs, inout tensors starting from their
NAME.before.npy; each output, and each inout tensor that has one, must match
the interpreter's within ATOL + RTOL·|interpreter| (default 0, 0: identical),
with equal infinities and NaNs matching. For outputs of rank ≥ 3 the error is
also printed per index of the first dimension (one builtin per slice in
test/Interpreter/Inputs/builtins.tile). Exits 1 on a mismatch. The GPU run is a
job in a worker process with a deadline of --timeout seconds (default 60; 0: in
this process): a kernel that hangs is reported as TIMEOUT (exit status 1).

--cases FILE checks several kernels in one process and one worker (one torch
import and CUDA start for all): each line of FILE is one case, `MANIFEST DIR`
and that case's --tol and --arg options; blank lines and lines starting with
`#` are skipped, relative paths are relative to FILE's folder. Every case
runs (a hung one costs its worker, not the rest); the exit status is 1 when
any failed.
"""
import argparse
import os
import shlex
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "tools"))

import tessera_torch as tt  # noqa: E402


class CaseError(Exception):
    """A malformed case: its message names the file and line."""


def tolerance(text):
    """NAME=ATOL,RTOL as (NAME, (atol, rtol)); argparse's type for --tol."""
    name, sep, values = text.partition("=")
    parts = values.split(",")
    try:
        if not name or not sep or len(parts) != 2:
            raise ValueError
        atol, rtol = (float(x) for x in parts)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected NAME=ATOL,RTOL, got '{text}'") from None
    if not (atol >= 0 and rtol >= 0):
        raise argparse.ArgumentTypeError(f"expected tolerances >= 0, got '{text}'")
    return name, (atol, rtol)


def scalar(text):
    """NAME=VALUE as (NAME, VALUE); argparse's type for --arg."""
    name, sep, value = text.partition("=")
    if not name or not sep or not value:
        raise argparse.ArgumentTypeError(f"expected NAME=VALUE, got '{text}'")
    return name, value


def add_case_options(parser):
    parser.add_argument("--tol", action="append", default=[], type=tolerance,
                        metavar="NAME=ATOL,RTOL")
    parser.add_argument("--arg", action="append", default=[], type=scalar,
                        metavar="NAME=VALUE", help="a scalar argument")


class _CaseParser(argparse.ArgumentParser):
    def error(self, message):
        raise CaseError(message)


def read_cases(path):
    """The cases of a --cases file, each an argparse Namespace (manifest, dir,
    tol, arg, label); CaseError names the file and line of a malformed one."""
    parser = _CaseParser(prog="case", add_help=False)
    parser.add_argument("manifest")
    parser.add_argument("dir")
    add_case_options(parser)
    base = os.path.dirname(os.path.abspath(path))
    try:
        with open(path, encoding="utf-8") as file:
            lines = file.read().splitlines()
    except OSError as error:
        raise CaseError(f"{path}: cannot read: {error.strerror}")
    cases = []
    for number, line in enumerate(lines, 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        try:
            case = parser.parse_args(shlex.split(line))
        except (CaseError, ValueError) as error:
            raise CaseError(f"{path}:{number}: {error}")
        case.manifest = os.path.join(base, case.manifest)
        case.dir = os.path.join(base, case.dir)
        case.label = f"{path}:{number} {os.path.basename(case.manifest)}"
        cases.append(case)
    if not cases:
        raise CaseError(f"{path}: no cases")
    return cases


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("manifest", nargs="?")
    parser.add_argument("dir", nargs="?")
    add_case_options(parser)
    parser.add_argument("--cases", metavar="FILE", help="one case a line (see above)")
    parser.add_argument("--timeout", type=float, default=60)
    args = parser.parse_args()
    if args.cases:
        if args.manifest or args.tol or args.arg:
            parser.error("--cases takes the cases from its file: no MANIFEST, DIR, --tol or --arg")
        try:
            cases = read_cases(args.cases)
        except CaseError as error:
            parser.error(str(error))
    elif args.manifest and args.dir:
        args.label = os.path.basename(args.manifest)
        cases = [args]
    else:
        parser.error("expected MANIFEST and DIR, or --cases FILE")
    for case in cases:
        case.timeout = args.timeout
    failed = 0
    with tt.runner(compare, args.timeout) as runner:
        for case in cases:
            outcome = runner.run(case, label=f"check_interp {case.label}")
            if outcome.status != "done":
                print(outcome.message, flush=True)
            ok = outcome.status == "done" and outcome.value
            failed += not ok
            print(f"check_interp {case.label}: {'PASS' if ok else 'FAIL'}", flush=True)
    if len(cases) > 1:
        print(f"check_interp: {len(cases) - failed} passed, {failed} failed")
    tt.exit_now(1 if failed else 0)


def compare(args):
    """The GPU run and the comparison, in the worker; True when it matches."""
    module = tt.load(args.manifest)
    import numpy as np
    import torch
    dtypes = {"f16": torch.float16, "bf16": torch.bfloat16, "f32": torch.float32,
              "i32": torch.int32, "i64": torch.int64}
    tolerances = dict(args.tol)
    scalars = dict(args.arg)
    values, outputs = {}, []
    for spec in module.manifest.params:
        name = spec["name"]
        if spec["kind"] == "scalar":
            if name not in scalars:
                raise ValueError(f"scalar argument {name}: give it with --arg {name}=VALUE")
            values[name] = float(scalars[name]) if spec["dtype"] == "f32" else int(scalars[name])
            continue
        data = np.load(os.path.join(args.dir, name + ".npy"))
        before = os.path.join(args.dir, name + ".before.npy")
        if spec.get("role") == "inout" and os.path.exists(before):
            outputs.append((name, data))
            data = np.load(before)
        tensor = torch.from_numpy(np.ascontiguousarray(data)).to("cuda").to(dtypes[spec["dtype"]])
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
