"""v52 (issue 13): kernels/rmsnorm.tile at 4096 columns, A/B in check_membound's
own timing (rotating_ms over tessera.ops-style calls that allocate Y), three
alternating rounds: NORM_CONFIGS' entry (one row over 4 warps at a
64-register cap) against one row over 8 warps (uncapped, capped at 48), each
as the file is and with W loaded before the reduction ("hoist"), next to
eager, torch.compile and a copy of the same bytes; f16 and bf16.

usage: ab.py --precompile | ab.py      (TESSERA_CACHE_DIR: where the kernels are)"""
import statistics
import sys

sys.path.insert(0, "test/gpu")
import check_membound as cm  # noqa: E402
import torch  # noqa: E402
import tessera  # noqa: E402
from tessera import compiler as _compiler  # noqa: E402
from tessera.ops import norms  # noqa: E402
from tessera.testing import raise_recompile_limits  # noqa: E402

CONFIGS = {"4w cap64": (4, 64), "8w": (8, None), "8w cap48": (8, 48)}
OLD = '''        x = X[row : row + ROWS, 0 : BLOCK_N].to(f32)
        rstd = rsqrt(sum(x * x, axis=1) * inv_n + eps)
        w = W[0 : BLOCK_N].to(f32)
'''
NEW = '''        w = W[0 : BLOCK_N].to(f32)
        x = X[row : row + ROWS, 0 : BLOCK_N].to(f32)
        rstd = rsqrt(sum(x * x, axis=1) * inv_n + eps)
'''


def kernels(dtype):
    source, base = norms.kernel_source(dtype, "rmsnorm")
    assert OLD in source.text
    hoisted = _compiler.Source(source.text.replace(OLD, NEW), "rmsnorm_hoist.tile")
    out = {}
    for form, src in (("file", source), ("hoist", hoisted)):
        for name, (warps, regs) in CONFIGS.items():
            out[f"{form} {name}"] = tessera.compile(
                src, "sm_90a", max_registers=regs,
                **dict(base, BLOCK_N=4096, ROWS=1, NUM_WARPS=warps))
    return out


if "--precompile" in sys.argv:
    for dtype in (torch.float16, torch.bfloat16):
        for name, k in kernels(dtype).items():
            print(dtype, name, (k.stats or "").strip().splitlines()[-1:])
    sys.exit(0)

raise_recompile_limits(256)
copy_gbs = cm.copy_bandwidth()
print(f"copy bandwidth {copy_gbs:.0f} GB/s")
for dtype_name in ("f16", "bf16"):
    compiled = kernels(cm.DTYPES[dtype_name])
    for tokens in (4096, 16384):
        generator = torch.Generator(device="cuda").manual_seed(tokens + 4096)
        inputs, _, eager, _, nbytes = cm.make_case("rms_norm", dtype_name, tokens, 4096,
                                                      generator)
        fns = {"eager": eager,
               "compile": torch.compile(eager, dynamic=False),
               "copy same size": lambda x, w: x.clone()}
        for name, kernel in compiled.items():
            def run(x, w, kernel=kernel):
                y = torch.empty_like(x)
                kernel(X=x, W=w, Y=y, eps=1e-6)
                return y
            fns[name] = run
        ref = eager(*inputs).float()
        for name, fn in fns.items():
            if name.startswith(("file", "hoist")):
                err = (fn(*inputs).float() - ref).abs().max().item()
                if not err <= 3e-2:
                    print(f"{dtype_name} {tokens}x4096 {name}: max diff {err:.3g}: FAIL")
        times = {name: [] for name in fns}
        for _ in range(3):
            for name, fn in fns.items():
                times[name].append(cm.rotating_ms(fn, inputs, nbytes))
        for name in sorted(times, key=lambda n: statistics.median(times[n])):
            gbs = nbytes / statistics.median(times[name]) / 1e6
            print(f"{dtype_name} {tokens}x4096 {name:16s} {gbs:6.0f} GB/s "
                  f"{100 * gbs / copy_gbs:4.0f} % copy  rounds "
                  + " ".join(f"{nbytes / t / 1e6:.0f}" for t in times[name]), flush=True)
