"""v54 (stop 53): Triton's layer-norm tutorial written in the tile language as
the tutorial writes it (tutorial_ln.tile: 1-D rows, scalar statistics, Mean
and Rstd stored an element each; BLOCK_N the next power of two of N and the
tutorial's num_warps = min(max(BLOCK_N // 256, 1), 8)) against
tessera.ops.layer_norm (kernels/layernorm.tile at NORM_CONFIGS), torch.compile
and a copy of the same bytes, in check_membound's timing (rotating_ms), three
alternating rounds, f16 and bf16.

usage: tutorial_ln.py --precompile | tutorial_ln.py   (TESSERA_CACHE_DIR: the kernels)"""
import statistics
import sys

sys.path.insert(0, "test/gpu")
import check_membound as cm  # noqa: E402
import torch  # noqa: E402
import tessera  # noqa: E402
from tessera import compiler as _compiler  # noqa: E402
from tessera.testing import raise_recompile_limits  # noqa: E402

SHAPES = ((4096, 4096), (16384, 1024), (16384, 8192))
SOURCE = "test/gpu/results/v54/scripts/tutorial_ln.tile"


def kernel(dtype_name, hidden):
    block = 1 << (hidden - 1).bit_length()
    warps = min(max(block // 256, 1), 8)
    return tessera.compile(_compiler.Source.of(SOURCE), "sm_90a", kernel="layer_norm_fwd",
                           DTYPE=dtype_name, BLOCK_N=block, NUM_WARPS=warps)


if "--precompile" in sys.argv:
    for dtype_name in ("f16", "bf16"):
        for hidden in sorted({h for _, h in SHAPES}):
            print(dtype_name, hidden, (kernel(dtype_name, hidden).stats or "").strip())
    sys.exit(0)

raise_recompile_limits(256)
copy_gbs = cm.copy_bandwidth()
print(f"copy bandwidth {copy_gbs:.0f} GB/s")
for dtype_name in ("f16", "bf16"):
    for tokens, hidden in SHAPES:
        generator = torch.Generator(device="cuda").manual_seed(tokens + hidden)
        inputs, ours, eager, _, nbytes = cm.make_case("layer_norm", dtype_name, tokens,
                                                      hidden, generator)
        k = kernel(dtype_name, hidden)

        def tutorial(x, w, b, k=k):
            y = torch.empty_like(x)
            mean = torch.empty(x.shape[0], dtype=torch.float32, device=x.device)
            rstd = torch.empty_like(mean)
            k(X=x, W=w, B=b, Y=y, Mean=mean, Rstd=rstd, eps=1e-5)
            return y

        fns = {"tutorial form": tutorial, "tessera.ops": ours,
               "compile": torch.compile(eager, dynamic=False),
               "copy same size": lambda x, w, b: x.clone()}
        err = (tutorial(*inputs).float() - eager(*inputs).float()).abs().max().item()
        times = {name: [] for name in fns}
        for _ in range(3):
            for name, fn in fns.items():
                times[name].append(cm.rotating_ms(fn, inputs, nbytes))
        print(f"{dtype_name} {tokens}x{hidden}: tutorial form max diff vs eager {err:.2e}")
        for name in sorted(times, key=lambda n: statistics.median(times[n])):
            gbs = nbytes / statistics.median(times[name]) / 1e6
            print(f"{dtype_name} {tokens}x{hidden} {name:15s} {gbs:6.0f} GB/s "
                  f"{100 * gbs / copy_gbs:4.0f} % copy  rounds "
                  + " ".join(f"{nbytes / t / 1e6:.0f}" for t in times[name]), flush=True)
