#!/usr/bin/env python3
"""v59: rows past MAX_N (16384) as one whole-row tile against the LOOPED
kernels (LOOPED_CONFIGS: the row in chunks, read twice), in one process on
the same tensors: a 32768 tile over 32 warps (32 elements a thread, the
shape of Inductor's kernel at 32768 columns) or 16 warps (64), a 24576 tile
over 32 warps (24) for 20000 columns. Every kernel is checked against fp64
(check_membound's tolerances) and timed as check_membound's table times
(rotating_ms: median GPU time over calls that rotate through copies), the
candidates in alternating rounds; then torch.compile and eager once.

usage: ab_wide.py --precompile CACHE [ROUND]   (where tessera-compile is)
       ab_wide.py CACHE [ROUND]                (on the GPU; ROUND 1 or 2)"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "../../../../.."))
sys.path[:0] = [os.path.join(ROOT, "python"), os.path.join(ROOT, "test/gpu")]

import torch  # noqa: E402

import tessera  # noqa: E402
from tessera.ops import norms  # noqa: E402
import check_membound as cm  # noqa: E402

ROUNDS = 3


def candidates(op, n, round_):
    """(name, constants): LOOPED_CONFIGS' kernel and the whole-row tiles.
    Round 1: a 32768 tile over 32 warps (32 elements a thread) or 16 (64),
    a 24576 tile over 32 warps for 20000 columns. Round 2 (after round 1's
    16 warps won): N rounded up to a multiple of 4096 (16 warps' coverage
    of 16-byte f16 runs) over 16 warps, in bounds where N is that multiple,
    and the 32768 tile over 16 warps."""
    out = [("looped", dict(norms.LOOPED_CONFIGS[op]))]
    if round_ == 1:
        tiles = ((32768, 32), (32768, 16), (24576, 32))
        tiles = [(b, w) for b, w in tiles if b >= n and (b == 32768 or n <= 24576)]
    else:
        tiles = sorted({(-(-n // 4096) * 4096, 16), (32768, 16)})
    for block, warps in tiles:
        out.append((f"whole {block}/{warps}w", dict(BLOCK_N=block, ROWS=1, NUM_WARPS=warps)))
    return out


SHAPES = {1: ((4096, 32768), (4096, 20000)),
          2: ((4096, 20000), (4096, 20480), (4096, 24576), (4096, 28000), (4096, 32000))}
DTYPES = {1: ("f16", "bf16"), 2: ("f16",)}


def compile_all(op, dtype, n, round_):
    source, base = norms.kernel_source(cm.DTYPES[dtype], norms._FILES[op])
    kernels = []
    for name, config in candidates(op, n, round_):
        try:
            kernels.append((name, tessera.compile(source, "sm_90a", **dict(base, **config))))
        except tessera.TesseraError as error:
            print(f"{op} {dtype} N={n} {name}: {cm.first_line(error)}")
    return kernels


def main(argv):
    round_ = int(argv[2]) if len(argv) > 2 else 1
    if argv[0] == "--precompile":
        os.environ["TESSERA_CACHE_DIR"] = argv[1]
        for op in cm.ROW_OPS:
            for dtype in DTYPES[round_]:
                for _, n in SHAPES[round_]:
                    for name, k in compile_all(op, dtype, n, round_):
                        print(f"{op} {dtype} N={n} {name}: {k.stats}")
        return 0
    round_ = int(argv[1]) if len(argv) > 1 else 1
    os.environ["TESSERA_CACHE_DIR"] = argv[0]
    cm.raise_recompile_limits(256)
    copy = cm.copy_bandwidth()
    print(f"{torch.cuda.get_device_name()}: copy bandwidth {copy:.0f} GB/s")
    status = 0
    for tokens, n in SHAPES[round_]:
        for op in cm.ROW_OPS:
            for dtype in DTYPES[round_]:
                generator = torch.Generator(device=cm.DEVICE).manual_seed(tokens + n)
                inputs, _, eager, reference, nbytes = cm.make_case(op, dtype, tokens, n, generator)
                expected = reference(*inputs)
                runs = []
                for name, k in compile_all(op, dtype, n, round_):
                    args = cm.kernel_args(op, inputs)
                    try:
                        k(**args)
                    except tessera.TesseraError as error:
                        print(f"{op} {dtype} {tokens}x{n} {name}: {cm.first_line(error)}")
                        status = 1
                        continue
                    if not cm.within(args["Y"], expected, op, dtype, f"{op} {name}"):
                        status = 1
                    runs.append((name, k, args, []))
                names = None
                for _ in range(ROUNDS):
                    for name, k, args, gbs in runs:
                        names = list(args)
                        ms, _ = cm.timed_rotating(
                            lambda *values, k=k, names=names: k(**dict(zip(names, values))),
                            tuple(args.values()), nbytes)
                        gbs.append(nbytes / ms / 1e6)
                fn = torch.compile(eager, dynamic=False)
                fn(*inputs)
                peers = {"compile": cm.timed_rotating(fn, inputs, nbytes)[0],
                         "eager": cm.timed_rotating(eager, inputs, nbytes)[0]}
                peer = {k: nbytes / ms / 1e6 for k, ms in peers.items()}
                print(f"{op} {dtype} {tokens}x{n}: compile {peer['compile']:.0f} GB/s, "
                      f"eager {peer['eager']:.0f}")
                for name, k, args, gbs in runs:
                    best = max(gbs)
                    print(f"  {name:16s} GB/s {' '.join(f'{g:.0f}' for g in gbs)}: "
                          f"{best / copy:.0%} copy, {best / peer['compile']:.2f}x compile, "
                          f"{best / peer['eager']:.2f}x eager  [{k.stats}]")
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
