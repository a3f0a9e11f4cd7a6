#!/usr/bin/env python3
"""v38: the row kernels' LOOPED form before and after the per-iteration
copy of chunk loops (tilegpu-version-in-bounds), in one process on the same
tensors. OLD and NEW are two compile caches filled by the two compilers
(check_membound.py --precompile sm_90a [--sweep --ops layer_norm --widths
8192]); every kernel is checked against fp64 and timed (kernel_ms, L2
flushed) old, new, old, new; the wide rows (LOOPED_CONFIG, the ops' own
choice past 16384 columns) also against torch.compile and eager. Then, with
the new compiler, every LOOPED candidate of check_membound.py's sweep
without a register cap or prefetch at the wide rows (LOOPED_CONFIG's
tuning: v37 swept only 8192 columns; since, check_membound.py --sweep
--widths 32768 does the same with the other candidates of its sweep).

usage: ab_looped.py OLD_CACHE NEW_CACHE"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "../../../../.."))
sys.path[:0] = [os.path.join(ROOT, "python"), os.path.join(ROOT, "test/gpu")]

import torch  # noqa: E402

import tessera  # noqa: E402
from tessera.ops import norms  # noqa: E402
import check_membound as cm  # noqa: E402

# (op, tokens, N, configs): LOOPED_CONFIG at rows past MAX_N; at 8192
# columns the LOOPED shapes of v37's sweep (Inductor's: 2048 over 16 warps).
LOOPED = dict(LOOPED=True, PREFETCH=False)
# norms.LOOPED_CONFIG when this ran (every op's; LOOPED_CONFIGS since).
LOOPED_CONFIG = dict(BLOCK_N=2048, ROWS=1, NUM_WARPS=8, LOOPED=True)
CASES = [
    *((op, 4096, 32768, [LOOPED_CONFIG]) for op in cm.ROW_OPS),
    ("layer_norm", 16384, 8192,
     [dict(BLOCK_N=2048, ROWS=1, NUM_WARPS=16, **LOOPED),
      dict(BLOCK_N=2048, ROWS=1, NUM_WARPS=8, **LOOPED),
      dict(BLOCK_N=4096, ROWS=1, NUM_WARPS=16, **LOOPED)]),
]


def kernel(cache, op, config):
    os.environ["TESSERA_CACHE_DIR"] = cache
    source, base = norms.kernel_source(torch.float16, norms._FILES[op])
    return tessera.compile(source, "sm_90a", **dict(base, **config))


def main(old, new):
    torch.backends.cuda.matmul.allow_tf32 = False
    cm.raise_recompile_limits(256)
    copy = cm.copy_bandwidth()
    print(f"copy bandwidth {copy:.0f} GB/s")
    status = 0
    for op, tokens, n, configs in CASES:
        generator = torch.Generator(device=cm.DEVICE).manual_seed(tokens + n)
        inputs, _, eager, reference, nbytes = cm.make_case(op, "f16", tokens, n, generator)
        expected = reference(*inputs)
        x = inputs[0]
        for config in configs:
            try:
                kernels = {k: kernel(c, op, config) for k, c in (("old", old), ("new", new))}
            except tessera.TesseraError as error:
                print(f"{op} {tokens}x{n} {config}: {cm.first_line(error)}")
                status = 1
                continue
            gbs = {"old": [], "new": []}
            for name, k in kernels.items():
                y = torch.empty_like(x)
                args = cm.row_args(op, x, y, *inputs[1:],
                                   eps=1e-5 if op == "layer_norm" else 1e-6)
                k(**args)
                if not cm.within(y, expected, op, "f16", f"{op} {name}"):
                    status = 1
                kernels[name] = (k, args)
            for _ in range(2):
                for name, (k, args) in kernels.items():
                    ms, _ = cm.timed(lambda: k(**args))
                    gbs[name].append(nbytes / ms / 1e6)
            line = " ".join(f"{name} {' '.join(f'{g:.0f}' for g in v)}" for name, v in gbs.items())
            ratio = max(gbs["new"]) / max(gbs["old"])
            print(f"{op} {tokens}x{n} BLOCK_N={config['BLOCK_N']} warps={config['NUM_WARPS']}: "
                  f"GB/s {line}; new/old {ratio:.3f}; new {max(gbs['new']) / copy:.0%} of copy")
        if n > norms.MAX_N:
            fn = torch.compile(eager, dynamic=False)
            fn(*inputs)
            peers = {"compile": cm.timed(lambda: fn(*inputs))[0],
                     "eager": cm.timed(lambda: eager(*inputs))[0]}
            print(f"{op} {tokens}x{n}: " + ", ".join(
                f"{k} {nbytes / ms / 1e6:.0f} GB/s" for k, ms in peers.items()))
    for op, tokens, n, _ in CASES:
        if n <= norms.MAX_N:
            continue
        generator = torch.Generator(device=cm.DEVICE).manual_seed(tokens + n)
        inputs, _, _, reference, nbytes = cm.make_case(op, "f16", tokens, n, generator)
        expected = reference(*inputs)
        results = []
        for config, regs in cm.looped_candidates(n):
            if regs is not None or config.get("PREFETCH"):
                continue
            try:
                k = kernel(new, op, config)
            except tessera.TesseraError as error:
                print(f"{op} {config}: {cm.first_line(error)}")
                continue
            y = torch.empty_like(inputs[0])
            args = cm.row_args(op, inputs[0], y, *inputs[1:],
                               eps=1e-5 if op == "layer_norm" else 1e-6)
            k(**args)
            if not cm.within(y, expected, op, "f16", f"{op} {config}"):
                status = 1
                continue
            ms, _ = cm.timed(lambda: k(**args))
            results.append((nbytes / ms / 1e6, config))
        results.sort(key=lambda r: -r[0])
        for gbs, config in results[:5]:
            print(f"sweep {op} {tokens}x{n}: {gbs:.0f} GB/s BLOCK_N={config['BLOCK_N']} "
                  f"ROWS={config['ROWS']} warps={config['NUM_WARPS']}")
        ours = [g for g, c in results if (c["BLOCK_N"], c["ROWS"], c["NUM_WARPS"]) ==
                tuple(LOOPED_CONFIG[k] for k in ("BLOCK_N", "ROWS", "NUM_WARPS"))]
        if ours and results:
            print(f"sweep {op} {tokens}x{n}: LOOPED_CONFIG {ours[0]:.0f} of the best "
                  f"{results[0][0]:.0f} ({len(results)} candidates)")
    return status


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:3]))
