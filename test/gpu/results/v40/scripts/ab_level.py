#!/usr/bin/env python3
"""v40: is ptxas's --register-usage-level 0 under a 64-register cap worth a
compiler option? LayerNorm at 16384x5000 and 4096x5000 (f16), in one
process on the same tensors: A = the 5120 x 2 rows x 10 warps kernel as
compiled (74 registers, 2 CTAs an SM), B = its PTX capped at 64 and
assembled at level 0 (64, no spill: 3 CTAs), C = capped at 64 at the
default level (8 B spilled), D = NORM_CONFIGS' 5120 entry (1 row over 4
warps at 88); each checked against fp64, timed by check_membound's
rotating_ms in the order A B C D twice, then torch.compile and eager.
(make_level_caches.py builds the caches.)

usage: ab_level.py DIR   (DIR/A, DIR/B, DIR/C)"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "../../../../.."))
sys.path[:0] = [os.path.join(ROOT, "python"), os.path.join(ROOT, "test/gpu")]

import torch  # noqa: E402

import tessera  # noqa: E402
from tessera.ops import norms  # noqa: E402
import check_membound as cm  # noqa: E402

TESTED = dict(BLOCK_N=5120, ROWS=2, NUM_WARPS=10)


def kernel(cache, config, options):
    os.environ["TESSERA_CACHE_DIR"] = cache
    source, base = norms.kernel_source(torch.float16, norms._FILES["layer_norm"])
    return tessera.compile(source, "sm_90a", **options, **dict(base, **config))


def main(out):
    cm.raise_recompile_limits(256)
    print(f"{torch.cuda.get_device_name()}; copy bandwidth {cm.copy_bandwidth():.0f} GB/s")
    default = norms.norm_config(5000, "layer_norm")
    variants = {name: (os.path.join(out, name), TESTED, {}) for name in "ABC"}
    variants["D"] = (os.path.join(out, "A"), default, norms.compile_options("layer_norm", 5000))
    status = 0
    for tokens in (16384, 4096):
        generator = torch.Generator(device=cm.DEVICE).manual_seed(tokens)
        inputs, _, eager, reference, nbytes = cm.make_case("layer_norm", "f16", tokens, 5000,
                                                           generator)
        expected = reference(*inputs)
        runs = {}
        for name, (cache, config, options) in variants.items():
            k = kernel(cache, config, options)
            x, w, b = inputs

            def call(x, w, b, k=k):
                y = torch.empty_like(x)
                k(X=x, W=w, B=b, Y=y, eps=1e-5)
                return y
            if not cm.within(call(*inputs), expected, "layer_norm", "f16", name):
                status = 1
            runs[name] = (call, [])
        for _ in range(2):
            for name, (call, gbs) in runs.items():
                gbs.append(nbytes / cm.rotating_ms(call, inputs, nbytes) / 1e6)
        best = {name: max(g) for name, (_, g) in runs.items()}
        print(f"layer_norm {tokens}x5000: " + "; ".join(
            f"{name} {' '.join(f'{g:.0f}' for g in runs[name][1])}" for name in runs)
            + " GB/s; " + ", ".join(f"{name}/A {best[name] / best['A']:.3f}" for name in "BCD"))
        fn = torch.compile(eager, dynamic=False)
        fn(*inputs)
        for peer, f in (("compile", fn), ("eager", eager)):
            print(f"layer_norm {tokens}x5000: {peer} "
                  f"{nbytes / cm.rotating_ms(f, inputs, nbytes) / 1e6:.0f} GB/s")
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
