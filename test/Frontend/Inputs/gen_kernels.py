#!/usr/bin/env python3
"""Writes large .tile files for the frontend's limit and scaling tests.

  gen_kernels.py params TENSORS [--rank R] [--scalars S] [--inout]
      one kernel `k` with TENSORS tensor parameters of rank R (each with its
      own size names), then S i32 scalars
  gen_kernels.py kernels COUNT [--duplicate]
      COUNT one-parameter kernels k0, k1, ...; with --duplicate the last one
      is named k0 again
  gen_kernels.py name LENGTH
      one kernel whose name is LENGTH characters long
"""

import argparse
import sys


def params(args):
    decls = []
    for i in range(args.count):
        dims = ", ".join(f"N{i}_{d}" for d in range(args.rank))
        role = "inout " if args.inout else ""
        init = " = 1.0" if args.inout else ""
        decls.append(f"T{i}: {role}f32[{dims}]{init}")
    decls += [f"s{i}: i32" for i in range(args.scalars)]
    return "@kernel(grid=1)\ndef k(" + ", ".join(decls) + "):\n    pass\n"


def kernels(args):
    out = []
    for i in range(args.count):
        name = "k0" if args.duplicate and i == args.count - 1 else f"k{i}"
        out.append(f"@kernel(grid=N)\ndef {name}(X: f32[N]):\n    pass\n")
    return "".join(out)


def name(args):
    return f"@kernel(grid=N)\ndef {'k' * args.count}(X: f32[N]):\n    pass\n"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("mode", choices=["params", "kernels", "name"])
    parser.add_argument("count", type=int)
    parser.add_argument("--rank", type=int, default=1)
    parser.add_argument("--scalars", type=int, default=0)
    parser.add_argument("--inout", action="store_true")
    parser.add_argument("--duplicate", action="store_true")
    args = parser.parse_args()
    sys.stdout.write({"params": params, "kernels": kernels, "name": name}[args.mode](args))


if __name__ == "__main__":
    main()
