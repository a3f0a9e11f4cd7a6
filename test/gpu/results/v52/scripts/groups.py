"""v52 (issue 13): RMSNorm at 4096 columns with GROUPS row groups a program,
the next group's X loaded one iteration ahead (`prefetch_registers`), against
NORM_CONFIGS' kernel (one row a program), eager, torch.compile and a copy of
the same bytes, timed as check_membound.py times (rotating_ms), in three
alternating rounds (median GB/s).

usage: groups.py MANIFEST...   (TESSERA_CACHE_DIR: the py-cache with ops' kernels)"""
import statistics
import sys

sys.path.insert(0, "test/gpu")
import check_membound as cm  # noqa: E402
import torch  # noqa: E402
import tessera  # noqa: E402
from tessera.testing import raise_recompile_limits  # noqa: E402

raise_recompile_limits(256)
variants = {p.split("/")[-1][:-5]: tessera.load(p) for p in sys.argv[1:]}
copy_gbs = cm.copy_bandwidth()
print(f"copy bandwidth {copy_gbs:.0f} GB/s")
for tokens, hidden in ((4096, 4096), (16384, 4096)):
    generator = torch.Generator(device="cuda").manual_seed(tokens + hidden)
    inputs, ours, eager, _, nbytes = cm.make_case("rms_norm", "f16", tokens, hidden, generator)
    fns = {"ours (NORM_CONFIGS)": ours, "eager": eager,
           "compile": torch.compile(eager, dynamic=False),
           "copy same size": lambda x, w: x.clone()}

    def variant(module):
        def run(x, w):
            y = torch.empty_like(x)
            module(X=x, W=w, Y=y, eps=1e-6)
            return y
        return run
    for name, module in variants.items():
        fns[name] = variant(module)
    ref = ours(*inputs).float()
    for name, fn in fns.items():
        if name.startswith("rms_"):
            err = (fn(*inputs).float() - ref).abs().max().item()
            if not err <= 2e-3:
                print(f"{tokens}x{hidden} {name}: max diff {err:.3g} from ours: FAIL")
    times = {name: [] for name in fns}
    for _ in range(3):
        for name, fn in fns.items():
            times[name].append(cm.rotating_ms(fn, inputs, nbytes))
    same = nbytes / statistics.median(times["copy same size"]) / 1e6
    for name in sorted(times, key=lambda n: statistics.median(times[n])):
        ms = statistics.median(times[name])
        gbs = nbytes / ms / 1e6
        print(f"{tokens}x{hidden} {name:22s} {gbs:6.0f} GB/s {100 * gbs / copy_gbs:4.0f} % copy "
              f"{100 * gbs / same:4.0f} % same-size  rounds "
              + " ".join(f"{nbytes / t / 1e6:.0f}" for t in times[name]), flush=True)
