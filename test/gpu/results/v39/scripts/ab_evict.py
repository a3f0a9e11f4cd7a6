#!/usr/bin/env python3
"""v39: the LOOPED row kernels with L2 eviction hints, an experiment before
building them into the compiler. A = main b789db1's kernels; B = the same
PTX with the first pass's loads `ld.global.L1::evict_last.L2::cache_hint`
under `createpolicy.fractional.L2::evict_last` (X stays in L2 for the
second read); C = B and the second pass's loads evict_first (hand-edited
PTX, ptxas 13 -arch=sm_90a: scripts/edit_ptx_evict.py). Inductor's
looped kernels carry these hints (call 4). In one process on the same
tensors: every kernel checked against fp64, timed A B C A B C, and
torch.compile and eager on the same tensors.

usage: ab_evict.py CACHE_A CACHE_B CACHE_C"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "../../../../.."))
sys.path[:0] = [os.path.join(ROOT, "python"), os.path.join(ROOT, "test/gpu")]

import torch  # noqa: E402

import tessera  # noqa: E402
from tessera.ops import norms  # noqa: E402
import check_membound as cm  # noqa: E402

CASES = [
    ("rms_norm", dict(BLOCK_N=16384, ROWS=1, NUM_WARPS=16, LOOPED=True)),
    ("rms_norm", dict(BLOCK_N=4096, ROWS=1, NUM_WARPS=32, LOOPED=True)),
    ("layer_norm", dict(BLOCK_N=8192, ROWS=2, NUM_WARPS=16, LOOPED=True)),
    ("layer_norm", dict(BLOCK_N=4096, ROWS=1, NUM_WARPS=16, LOOPED=True)),
]


def kernel(cache, op, config):
    os.environ["TESSERA_CACHE_DIR"] = cache
    source, base = norms.kernel_source(torch.float16, norms._FILES[op])
    return tessera.compile(source, "sm_90a", **dict(base, **config))


def main(caches):
    names = "ABC"[:len(caches)]
    cm.raise_recompile_limits(256)
    copy = cm.copy_bandwidth()
    print(f"copy bandwidth {copy:.0f} GB/s")
    status = 0
    tokens, n = 4096, 32768
    for op in ("rms_norm", "layer_norm"):
        generator = torch.Generator(device=cm.DEVICE).manual_seed(n)
        inputs, _, eager, reference, nbytes = cm.make_case(op, "f16", tokens, n, generator)
        expected = reference(*inputs)
        x = inputs[0]
        for case_op, config in CASES:
            if case_op != op:
                continue
            runs = {}
            for name, cache in zip(names, caches):
                k = kernel(cache, op, config)
                y = torch.empty_like(x)
                args = cm.row_args(op, x, y, *inputs[1:],
                                   eps=1e-5 if op == "layer_norm" else 1e-6)
                k(**args)
                if not cm.within(y, expected, op, "f16", f"{op} {name}"):
                    status = 1
                runs[name] = (k, args, [])
            for _ in range(2):
                for name, (k, args, gbs) in runs.items():
                    gbs.append(nbytes / cm.timed(lambda: k(**args))[0] / 1e6)
            best = {name: max(g) for name, (_, _, g) in runs.items()}
            print(f"{op} {tokens}x{n} BLOCK_N={config['BLOCK_N']} ROWS={config['ROWS']} "
                  f"warps={config['NUM_WARPS']}: " + "; ".join(
                      f"{name} {' '.join(f'{g:.0f}' for g in runs[name][2])}"
                      for name in names) + " GB/s; " + ", ".join(
                      f"{name}/A {best[name] / best['A']:.3f}" for name in names[1:]))
        fn = torch.compile(eager, dynamic=False)
        fn(*inputs)
        for peer, f in (("compile", fn), ("eager", eager)):
            print(f"{op} {tokens}x{n}: {peer} {nbytes / cm.timed(lambda: f(*inputs))[0] / 1e6:.0f} GB/s")
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
