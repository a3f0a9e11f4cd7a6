"""v53 (prepared, issue 13): kernels/rotary.tile at D = 128 in check_membound's
table timing (rotating_ms over calls that allocate Out, as tessera.ops does),
three alternating rounds: its programs as the file walks them (position
blocks fastest, grid (cdiv(N, BLOCK_N), H, B): neighbouring CTAs read
position blocks 8 KB x H apart) and with the heads fastest (grid (H,
cdiv(N, BLOCK_N), B): neighbouring CTAs read neighbouring 256-byte head
slices of the same positions, and the same Cos/Sin rows), over five
(BLOCK_N, NUM_WARPS) configs, next to eager, torch.compile and a copy of the
same bytes; f16 and bf16 at the table's RoPE shapes. Added in stop 53: the
heads in groups of HG a program (grid (H / HG, cdiv(N, BLOCK_N), B), Cos and
Sin read once for HG heads, a loop over them; `rope_group.tile`, H % HG == 0
at these shapes), with and without prefetch_registers.

usage: rope_ab.py --precompile | rope_ab.py   (TESSERA_CACHE_DIR: the kernels)"""
import statistics
import sys

sys.path.insert(0, "test/gpu")
import check_membound as cm  # noqa: E402
import torch  # noqa: E402
import tessera  # noqa: E402
from tessera import compiler as _compiler  # noqa: E402
from tessera.ops import norms  # noqa: E402
from tessera.testing import raise_recompile_limits  # noqa: E402

CONFIGS = ((16, 4), (8, 4), (32, 4), (16, 8), (32, 8))  # ROTARY_CONFIGS[128] first
GROUPS = ((4, 16, 4, False), (4, 32, 4, False), (8, 16, 4, False), (4, 16, 4, True))
SHAPES = ((4096, 4096), (16384, 1024), (4096, 1024), (16384, 8192))
FILE_GRID = "grid=(cdiv(N, BLOCK_N), H, B)"
HEADS_GRID = "grid=(H, cdiv(N, BLOCK_N), B)"
FILE_IDS = "    start = program_id(0) * BLOCK_N\n    h = program_id(1)\n"
HEADS_IDS = "    start = program_id(1) * BLOCK_N\n    h = program_id(0)\n"


def kernels(dtype):
    source, base = norms.kernel_source(dtype, "rotary")
    text = source.text
    assert text.count(FILE_GRID) == 2 and text.count(FILE_IDS) == 2
    heads = _compiler.Source(text.replace(FILE_GRID, HEADS_GRID).replace(FILE_IDS, HEADS_IDS),
                             "rotary_heads.tile")
    out = {}
    for form, src in (("file", source), ("heads", heads)):
        for block, warps in CONFIGS:
            out[f"{form} {block}x{warps}w"] = tessera.compile(
                src, "sm_90a", kernel="rotary",
                **dict(base, HEAD_DIM=128, BLOCK_N=block, NUM_WARPS=warps))
    group = _compiler.Source.of("test/gpu/results/v53/scripts/rope_group.tile")
    for hg, block, warps, prefetch in GROUPS:
        name = f"group{hg}{'p' if prefetch else ''} {block}x{warps}w"
        out[name] = tessera.compile(
            group, "sm_90a", kernel="rotary",
            **dict(base, HEAD_DIM=128, BLOCK_N=block, NUM_WARPS=warps, HG=hg,
                   PREFETCH=prefetch))
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
    for tokens, hidden in SHAPES:
        generator = torch.Generator(device="cuda").manual_seed(tokens + hidden)
        inputs, _, eager, _, nbytes = cm.make_case("rotary", dtype_name, tokens, hidden,
                                                   generator)
        fns = {"eager": eager, "compile": torch.compile(eager, dynamic=False),
               "copy same size": lambda x, cos, sin: x.clone()}
        for name, kernel in compiled.items():
            def run(x, cos, sin, kernel=kernel):
                out = torch.empty_like(x)
                kernel(X=x.transpose(1, 2), Cos=cos, Sin=sin, Out=out.transpose(1, 2))
                return out
            fns[name] = run
        ref = eager(*inputs).float()
        for name, fn in fns.items():
            if name.startswith(("file", "heads", "group")):
                err = (fn(*inputs).float() - ref).abs().max().item()
                if not err <= 3e-2:
                    print(f"{dtype_name} {tokens}x{hidden} {name}: max diff {err:.3g}: FAIL")
        times = {name: [] for name in fns}
        for _ in range(3):
            for name, fn in fns.items():
                times[name].append(cm.rotating_ms(fn, inputs, nbytes))
        for name in sorted(times, key=lambda n: statistics.median(times[n])):
            gbs = nbytes / statistics.median(times[name]) / 1e6
            print(f"{dtype_name} {tokens}x{hidden} {name:16s} {gbs:6.0f} GB/s "
                  f"{100 * gbs / copy_gbs:4.0f} % copy  rounds "
                  + " ".join(f"{nbytes / t / 1e6:.0f}" for t in times[name]), flush=True)
