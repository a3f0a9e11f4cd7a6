#!/usr/bin/env python3
"""Memory-bound ops on the GPU (issue 13): tessera.ops.softmax, layer_norm,
rms_norm and apply_rotary_emb against fp64, then timed against eager PyTorch,
torch.compile and the device's copy bandwidth, on the same tensors.

usage: python3 test/gpu/check_membound.py [--out DIR] [--budget SECONDS] [--no-bench]
                                          [--ops softmax,rms_norm,...] [--wide]
       python3 test/gpu/check_membound.py --precompile sm_90a   (where tessera-compile is)
       python3 test/gpu/check_membound.py --spills [--target sm_90a]   (no GPU needed)
       python3 test/gpu/check_membound.py --sweep [--budget S] [--widths N,...] [--top K]
                                          [--blocks BLOCK_N,...]
           (--precompile --sweep first; each shape's best candidates, NORM_CONFIGS'
           choice and torch.compile's kernel on the same tensors)

Shapes: [tokens, hidden] with tokens in {4096, 16384} and hidden in {1024,
4096, 8192, 5000}, float16 and bfloat16; checked only, RAGGED rows that are not
16-byte aligned ([300, 77], [64, 1001]: the ops' 2-byte-access variants) and
the same rows in 16-byte aligned buffers (STRIDED: the 16-byte kernels'
tails), and WIDE rows: ragged rows in the widest tiles ([64, 20000],
[48, 16411]: 20480 columns over 16 warps) and past them ([16, 40000],
[12, 32779]: the LOOPED kernels); timed too, outside issue 13's bar shapes,
two wide rows of the row ops ([4096, 32768]: the widest whole-row tile;
[1024, 131072], a 128K vocabulary: LOOPED_CONFIGS) against the same peers. RoPE
takes x [B, N, H, D] = [tokens / 2048, 2048, hidden / 128, 128] (out of
place; the in-place kernel is checked too); hidden 5000 has no head dim of
128 and is skipped for it.
Check: every element within tessera.ops.norms.TOLERANCES (atol + rtol·|ref|,
the interpreter tests' bounds: the output rounding with a factor 2; the GPU's
tree reductions and ex2.approx stay inside them) of an fp64 torch reference,
no NaN. Bench: Tessera, eager PyTorch (F.softmax,
F.layer_norm, F.rms_norm, a plain torch RoPE expression) and torch.compile of
the same eager functions (dynamic=False: one compile per shape, the compile
seconds in the CSV; skipped once 80 % of --budget seconds are spent, and the
timing once all of it is: the checks still run). Times are the kernels' own
(rotating_ms: torch.profiler's CUPTI records, median over calls that go round
copies of the tensors, ROTATION_L2S times the L2 apart, so that inputs come
from DRAM and writes are written back at every size, with no flush; an op of
several kernels counts them all); the CSV also has each kernel_ms time (the
L2 flushed by a fill before each call, the figure up to v39: the fill's dirty
lines are written back during the timed kernel, which costs a small kernel
an erratic share of its time) and Tessera's do_bench time with the host's launch. GB/s = the
bytes the op must read and write (x, y, and the weight/bias or cos/sin) over
the median; the copy bandwidth is dst.copy_(src) of 1 GiB, read + written,
in the same run (kernel_ms: at 1 GiB the L2 holds no part of it), and "% same-size
copy" is Tessera's GB/s over a copy of x's bytes timed as the op (what a kernel
moving that little reaches; not a bar). Bars (issue 13): >= 85 % of the copy
bandwidth, >= 1.0x torch.compile, >= 1.2x eager.
Writes DIR/membound.csv and DIR/membound.md; exits 1 when a check fails (a
missed bar is reported, not an error).

--precompile TARGET fills the Python compile cache (TESSERA_CACHE_DIR) with
every config the GPU run needs, where tessera-compile is; the GPU host then
only loads cubins. --spills compiles the same configs with --stats (and every
other NORM_CONFIGS and LOOPED_CONFIGS entry) and fails on any spill or compile
error (test/Python/membound-spills.test).
"""
import os
import re
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..",
                                "python"))

import torch  # noqa: E402

import tessera  # noqa: E402
from tessera import ops  # noqa: E402
from tessera.ops import norms  # noqa: E402
from tessera.testing import (do_bench, gpu_available, gpu_check_parser,  # noqa: E402
                             raise_recompile_limits, write_rows)

DTYPES = {"f16": torch.float16, "bf16": torch.bfloat16}
OPS = ("softmax", "layer_norm", "rms_norm", "rotary")
# The ops over rows of [tokens, hidden] (RoPE's tensor has heads).
ROW_OPS = ("softmax", "layer_norm", "rms_norm")
TOKENS = (4096, 16384)
HIDDEN = (1024, 4096, 8192, 5000)
# Checked, not timed: rows that are not 16-byte aligned (the ops compile a
# variant with 2-byte accesses for them, tessera.ops.norms.vector_bytes).
RAGGED = ((300, 77), (64, 1001))
# Checked, not timed: the same ragged rows in buffers whose rows are 16-byte
# aligned ([tokens, N] views of [tokens, STRIDE] tensors, X and Y), given to
# the 16-byte kernels directly: each row ends inside a run of 8 elements, so
# the runs across its end take the element-by-element tail of a vector access.
STRIDED = ((300, 77, 88), (64, 1001, 1008))
# Checked, not timed: ragged rows in the widest whole-row tiles (20000 and
# 16411 columns in 20480) and past them (MAX_N: 40000 and 32779 columns, the
# LOOPED kernels, each with a ragged last chunk); 16-byte aligned (20000,
# 40000) and not (16411, 32779: 2-byte accesses).
WIDE = ((64, 20000), (48, 16411), (16, 40000), (12, 32779))
# Timed: the widest whole-row tile, and a row past MAX_N (the LOOPED kernels)
# against torch.compile's kernels.
WIDE_TIMED = ((4096, 32768), (1024, 131072))
ROPE_HEAD_DIM = 128          # the bench's; --precompile and --spills also take 64
ROPE_HEAD_DIMS = (64, 128)
ROPE_SEQLEN = 2048
BARS = {"copy": 0.85, "compile": 1.0, "eager": 1.2}
COPY_BYTES = 1 << 30
DEVICE = "cuda"


def rope_shape(tokens, hidden):
    """x [B, N, H, D] of RoPE for a [tokens, hidden] row, or None."""
    if hidden % ROPE_HEAD_DIM or tokens % ROPE_SEQLEN:
        return None
    return (tokens // ROPE_SEQLEN, ROPE_SEQLEN, hidden // ROPE_HEAD_DIM, ROPE_HEAD_DIM)


def configs():
    """(op, dtype name, size, entry) of every kernel the run uses: size is N
    for the row ops and D for RoPE."""
    out = []
    for dtype in DTYPES:
        for op in OPS:
            if op == "rotary":
                out += [(op, dtype, d, entry) for d in ROPE_HEAD_DIMS
                        for entry in ("rotary", "rotary_inplace")]
            else:
                out += [(op, dtype, hidden, None) for hidden in HIDDEN]
    return out


def ragged_configs():
    """(op, dtype name, N) of the RAGGED checks' kernels (2-byte accesses),
    and of the WIDE rows that are not 16-byte aligned."""
    return [(op, dtype, n) for dtype in DTYPES for op in ROW_OPS
            for n in [n for _, n in RAGGED] + [n for _, n in WIDE if n % 8]]


def wide_configs():
    """(op, dtype name, N) of the WIDE checks' and WIDE_TIMED's 16-byte
    kernels."""
    return [(op, dtype, n) for dtype in DTYPES for op in ROW_OPS
            for _, n in WIDE + WIDE_TIMED if n % 8 == 0]


def strided_configs():
    """(op, dtype name, N) of the STRIDED checks' kernels (16-byte accesses)."""
    return [(op, dtype, n) for dtype in DTYPES for op in ROW_OPS
            for _, n, _ in STRIDED]


def compile_config(op, dtype, size, entry, target):
    source, constants = norms.kernel_constants(op, DTYPES[dtype], size)
    kernel = tessera.compile(source, target, kernel=entry,
                             **norms.compile_options(op, size), **constants)
    return kernel, constants


def first_line(error):
    """A CompileError's first line, without the cache's temporary folder."""
    text = str(error).splitlines()[0] if str(error) else error.reason
    return re.sub(r"^\S*/(?=[\w.]+\.tile:)", "", text)


def precompile(target):
    def ragged(op, dtype, n):
        source, constants = norms.kernel_constants(op, DTYPES[dtype], n)
        tessera.compile(source, target, max_vector_bytes=2,
                        **norms.compile_options(op, n), **constants)

    # (name, compile, its arguments): the default configs, the RAGGED rows'
    # 2-byte variants, the STRIDED rows' 16-byte kernels.
    jobs = [(f"{entry or op} {dtype} size={size}", compile_config,
             (op, dtype, size, entry, target)) for op, dtype, size, entry in configs()]
    jobs += [(f"{op} {dtype} N={n} (2-byte accesses)", ragged, (op, dtype, n))
             for op, dtype, n in ragged_configs()]
    jobs += [(f"{op} {dtype} N={n}", compile_config, (op, dtype, n, None, target))
             for op, dtype, n in strided_configs() + wide_configs()]
    count, failed = 0, 0
    for name, build, arguments in jobs:
        try:
            build(*arguments)
            count += 1
        except tessera.TesseraError as error:  # or no tessera-compile
            failed += 1
            print(f"{name}: {first_line(error)}")
    print(f"{count} kernels in {tessera._paths.cache_dir()} for {target}; {failed} failed")
    return 0 if not failed else 1


_STATS = re.compile(r"(\d+) registers, (\d+) B spill stores, (\d+) B spill loads")


def spill_configs():
    """configs(), and for the row ops every other config tessera.ops can
    choose: each entry of NORM_CONFIGS (at its largest N, and at each of
    WIDE_TILES) and LOOPED_CONFIGS (at twice MAX_N) that the bar widths do
    not already compile, so a config outside the bar shapes cannot spill
    unseen."""
    def key(op, n):  # what the kernel is compiled from
        return op, tuple(sorted(norms.norm_config(n, op).items())), \
            tuple(sorted(norms.compile_options(op, n).items()))

    out = configs()
    for dtype in DTYPES:
        for op in ROW_OPS:
            seen = {key(op, n) for n in HIDDEN}
            widths = {largest for largest, *_ in norms.NORM_CONFIGS[op]} | \
                set(norms.WIDE_TILES) | {2 * norms.MAX_N}
            for n in sorted(widths):
                if key(op, n) not in seen:
                    seen.add(key(op, n))
                    out.append((op, dtype, n, None))
    return out


def spills(target):
    """Each config of spill_configs() through tessera-compile --stats: 1 on
    any spill."""
    bad = 0
    for op, dtype, size, entry in spill_configs():
        name = f"{entry or op} {dtype} {'D' if op == 'rotary' else 'N'}={size}"
        try:
            kernel, constants = compile_config(op, dtype, size, entry, target)
        except tessera.TesseraError as error:  # or no tessera-compile
            bad += 1
            print(f"FAIL  {name}: does not compile: {first_line(error)}")
            continue
        config = ", ".join(f"{k}={v}" for k, v in constants.items() if k != "DTYPE")
        match = _STATS.search(kernel.stats)
        if not match:
            bad += 1
            print(f"FAIL  {name} ({config}): no ptxas report in {kernel.stats!r}")
            continue
        registers, stores, loads = (int(x) for x in match.groups())
        ok = stores == 0 and loads == 0
        bad += not ok
        print(f"{'ok   ' if ok else 'FAIL '} {name} ({config}): {kernel.stats}")
    total = len(spill_configs())
    print(f"{total - bad} of {total} configs compile for {target} without spills")
    return 0 if not bad else 1


# ----------------------------------------------------------------------------
# --sweep: the row kernels over candidate configs (what NORM_CONFIGS holds)
# ----------------------------------------------------------------------------

# The widest whole-row tile the sweep tries (MAX_N since v59): 64 elements a
# thread over 16 warps or 32 over 32 (the most a CTA has), one row a program.
WIDEST_TILE = 32768
SWEEP_SHAPES = ((16384, 1024), (16384, 4096), (16384, 8192), (16384, 5000), (4096, 1024),
                (4096, 4096), (4096, 5000), (4096, 32768))


def sweep_candidates(n):
    """(constants, max_registers) candidates for rows of n elements: BLOCK_N a
    power of two, (past 2048) n rounded up to 2048 (the coverage of 8 warps
    of 16-byte f16 runs) or (past 4096) to 1024; 1, 2, 4, 8, 16 or 32 warps,
    and the warp counts that are not powers of two but divide the tile's
    256-element runs of a warp (5, 10 or 20 for 5120 columns:
    tilegpu-assign-layouts puts them all along the columns); 1, 2, 4 or 8 rows
    a program (8 to 64 elements a thread); ptxas's registers or a cap of 32 to 88 in steps
    of 8 (the caps that change how many CTAs an SM holds: 2 of 32 warps at
    32; 4, 3 or 2 of 16 warps at 32, 40 or 56-64; 8 to 3 of 8 warps at 32 to
    80; 7 or 5 of 4 warps at 72 or 88). sweep_kernels drops the caps that
    spill or do not bind. None past WIDEST_TILE (only LOOPED kernels take
    those rows)."""
    if n > WIDEST_TILE:
        return
    pow2 = 1 << max(n - 1, 0).bit_length()
    blocks = {pow2} | ({-(-n // 2048) * 2048} if n > 2048 else set()) | \
        ({-(-n // 1024) * 1024} if n > 4096 else set())
    for block in sorted(blocks):
        runs = block // 256  # a warp's 32 lanes x 8 elements
        warp_counts = sorted({1, 2, 4, 8, 16, 32} | {w for w in range(5, 33)
                                                    if w & (w - 1) and runs and runs % w == 0})
        for warps in warp_counts:
            for rows in (1, 2, 4, 8):
                per_thread = block * rows // (32 * warps)
                # Every warp along the columns (none holding a copy) when the
                # tile is wider than one run of each.
                if not 8 <= per_thread <= 64 or block > 256 * warps and runs % warps:
                    continue
                for regs in (None, 32, 40, 48, 56, 64, 72, 80, 88):
                    yield dict(BLOCK_N=block, ROWS=rows, NUM_WARPS=warps), regs


def looped_candidates(n):
    """The row kernels' LOOPED candidates for rows of n > 2048 elements: chunks of
    1024 to 16384 columns (none wider than n past 4096) over 4, 8, 16 or 32
    warps (4 to 32 elements a thread: 8-byte runs of 16-bit elements at least,
    as Inductor's looped kernels take), 1 or 2 rows a program, ptxas's
    registers or a cap of 32, 40 or 48; each chunk's loads issued one
    iteration ahead (PREFETCH) or not."""
    if n <= 2048:
        return
    for block in (b for b in (1024, 2048, 4096, 8192, 16384) if b <= max(n, 4096)):
        for warps in (4, 8, 16, 32):
            if not 4 <= block // (32 * warps) <= 32:
                continue
            for rows in (1, 2):
                for prefetch in (False, True):
                    for regs in (None, 32, 40, 48):
                        # PREFETCH only where set: the others are
                        # LOOPED_CONFIGS' kernels (one compile, one cache key).
                        yield dict(BLOCK_N=block, ROWS=rows, NUM_WARPS=warps, LOOPED=True,
                                   **({"PREFETCH": True} if prefetch else {})), regs


def rotary_candidates(d):
    """(constants, max_registers) candidates of RoPE at head dim d: BLOCK_N
    positions a program (4 to 256) over 1, 2, 4 or 8 warps, 8 to 64 elements
    of X a thread, ptxas's registers or a cap of 32 to 64."""
    for block in (4, 8, 16, 32, 64, 128, 256):
        for warps in (1, 2, 4, 8):
            if 8 <= block * d // (32 * warps) <= 64:
                for regs in (None, 32, 40, 48, 56, 64):
                    yield dict(BLOCK_N=block, NUM_WARPS=warps), regs


def sweep_size(op, tokens, hidden):
    """What a sweep shape's kernel is compiled for: N for the row ops, D for
    RoPE (None where RoPE has no shape for it)."""
    if op != "rotary":
        return hidden
    shape = rope_shape(tokens, hidden)
    return shape and shape[3]


def sweep_shapes(widths=None):
    """SWEEP_SHAPES, or those of the given row widths (--widths)."""
    return tuple(s for s in SWEEP_SHAPES if not widths or s[1] in widths)


def chosen_config(op, size):
    """(config, max_registers) that tessera.ops takes for op at size (N; D
    for RoPE): what the sweep marks and always times."""
    if op == "rotary":
        return dict(norms.ROTARY_CONFIGS[size]), None
    return norms.norm_config(size, op), norms.compile_options(op, size).get("max_registers")


def sweep_kernels(target=None, ops_=OPS, widths=None, blocks=None):
    """Yields (op, n, constants, regs, kernel or CompileError) of the sweep:
    each candidate without a cap, then with the caps up to its registers
    that do not spill (ptxas's report; a kernel whose threads' registers
    exceed an SM's 64K cannot launch and is left out too); only tiles of
    the given BLOCK_N (--blocks), where given, and tessera.ops' choice."""
    for op in ops_:
        source, base = norms.kernel_source(torch.float16, norms._FILES[op])
        entry = "rotary" if op == "rotary" else None
        for n in sorted({sweep_size(op, *shape) for shape in sweep_shapes(widths)} - {None}):
            natural = {}  # registers of each config without a cap
            chosen = chosen_config(op, n)
            candidates = rotary_candidates(n) if op == "rotary" else \
                [*sweep_candidates(n), *looped_candidates(n)]
            for config, regs in candidates:
                is_chosen = (config, regs) == chosen
                if blocks and config["BLOCK_N"] not in blocks and not is_chosen:
                    continue
                constants = dict(base, **config, **({"HEAD_DIM": n} if op == "rotary" else {}))
                key = tuple(sorted(config.items()))
                if regs is not None and regs > natural.get(key, 0) and not is_chosen:
                    continue  # the cap does not bind (or the config failed)
                try:
                    kernel = tessera.compile(source, target, kernel=entry, max_registers=regs,
                                             **constants)
                except tessera.TesseraError as error:
                    # CompileError, or (on a GPU host) not in the cache.
                    yield op, n, config, regs, error
                    continue
                match = _STATS.search(kernel.stats or "")
                if match:
                    registers, stores, loads = (int(x) for x in match.groups())
                    if regs is None:
                        natural[key] = registers
                    if stores or loads or registers * 32 * config["NUM_WARPS"] > 65536:
                        continue
                yield op, n, config, regs, kernel


def sweep_ops(args):
    """The ops of --ops (--sweep times those only)."""
    return tuple(op for op in args.ops.split(",") if op in OPS)


def row_args(op, x, y, w=None, b=None, eps=1e-5):
    """A row kernel's parameters by name: X, Y, and the norms' W and eps
    (LayerNorm's B too)."""
    args = dict(X=x, Y=y)
    if op != "softmax":
        args.update(W=w, eps=eps)
    if op == "layer_norm":
        args.update(B=b)
    return args


def kernel_args(op, inputs, y=None):
    """The kernel's parameters by name for make_case's inputs, as
    tessera.ops passes them: a row op's X, Y (a new tensor unless given)
    and weights with the ops' eps; RoPE's [B, H, N, D] views of x and of a
    new output."""
    if op == "rotary":
        x, cos, sin = inputs
        return dict(X=x.transpose(1, 2), Cos=cos, Sin=sin,
                    Out=torch.empty_like(x).transpose(1, 2))
    x, *params = inputs
    return row_args(op, x, torch.empty_like(x) if y is None else y, *params,
                    eps=1e-5 if op == "layer_norm" else 1e-6)


def sweep(budget, ops_=OPS, widths=None, top=4, blocks=None):
    """Times every candidate on the GPU (rotating_ms) at SWEEP_SHAPES (of the
    given widths) on make_case's f16 tensors, and prints each shape's `top` best (0: every one)
    next to NORM_CONFIGS' (ROTARY_CONFIGS') choice and torch.compile's
    kernel."""
    top = top or None
    start = time.time()
    kernels, missing = {}, []
    for op, n, config, regs, kernel in sweep_kernels(ops_=ops_, widths=widths, blocks=blocks):
        if isinstance(kernel, tessera.CompileError):
            continue  # (--precompile --sweep counted them)
        if isinstance(kernel, tessera.TesseraError):
            missing.append((op, n, config, regs, kernel))
            continue
        kernels.setdefault((op, n), []).append((config, regs, kernel))
    if missing:
        # E.g. precompiled by another tessera-compile than the cache's now.
        op, n, config, regs, error = missing[0]
        print(f"sweep: {len(missing)} candidates have no kernel, not timed; the first, "
              f"{op} N={n} {config} max_registers={regs}: {first_line(error)}")
    generator = torch.Generator(device=DEVICE).manual_seed(0)
    for op in ops_:
        for tokens, n in sweep_shapes(widths):
            if time.time() - start > budget:
                print("sweep: out of time")
                return 0
            size = sweep_size(op, tokens, n)
            if size is None:
                continue
            # make_case's tensors, eager function and byte count; the
            # candidates take them as the kernel's parameters.
            inputs, _, eager, _, nbytes = make_case(op, "f16", tokens, n, generator)
            args = kernel_args(op, inputs)
            chosen = chosen_config(op, size)
            results = []
            names = list(args)
            for config, regs, kernel in kernels.get((op, size), []):
                try:
                    ms, _ = timed_rotating(
                        lambda *values, kernel=kernel: kernel(**dict(zip(names, values))),
                        tuple(args.values()), nbytes)
                except tessera.TesseraError as error:  # e.g. too many threads for its registers
                    print(f"{op} {tokens}x{n}: {config} max_registers={regs}: {error}")
                    continue
                results.append((nbytes / ms / 1e6, config, regs))
            results.sort(key=lambda r: -r[0])
            table = "ROTARY_CONFIGS" if op == "rotary" else "NORM_CONFIGS"
            for gbs, config, regs in results[:top]:
                mark = f" <- {table}" if (config, regs) == chosen else ""
                print(f"{op} {tokens}x{n}: {gbs:.0f} GB/s {config} max_registers={regs}{mark}")
            ours = [r for r in results if (r[1], r[2]) == chosen]
            if ours:
                print(f"{op} {tokens}x{n}: {table}' {ours[0][0]:.0f} GB/s of the best "
                      f"{results[0][0]:.0f}")
            # The bar's peer on the same tensors, as check_membound's rows
            # time it (one compile of the shape).
            try:
                fn = torch.compile(eager, dynamic=False)
                fn(*inputs)
                ms, _ = timed_rotating(fn, inputs, nbytes)
                print(f"{op} {tokens}x{n}: torch.compile {nbytes / ms / 1e6:.0f} GB/s")
            except Exception as error:  # no Inductor or Triton here
                print(f"{op} {tokens}x{n}: torch.compile not timed: {first_line(error)}")
    return 0


# ----------------------------------------------------------------------------
# The ops, their references and their byte counts
# ----------------------------------------------------------------------------

def eager_rope(x, cos, sin):
    """Non-interleaved RoPE as a plain torch expression (in x's dtype)."""
    x1, x2 = x.chunk(2, dim=-1)
    c, s = cos[None, :, None, :], sin[None, :, None, :]
    return torch.cat([x1 * c - x2 * s, x2 * c + x1 * s], dim=-1)


def make_case(op, dtype, tokens, hidden, generator, stride=None):
    """(inputs, tessera fn, eager fn, fp64 reference fn, bytes moved) for one
    row; with a row `stride`, x is a [tokens, hidden] view of a [tokens,
    stride] tensor (strided_op)."""
    t = DTYPES[dtype]
    es = torch.empty((), dtype=t).element_size()

    def rand(*shape, low=-1.0, high=1.0):
        return (torch.rand(*shape, generator=generator, device=DEVICE) * (high - low)
                + low).to(t)

    def rows(low=-1.0, high=1.0):
        if stride is None:
            return rand(tokens, hidden, low=low, high=high)
        return rand(tokens, stride, low=low, high=high)[:, :hidden]

    F = torch.nn.functional
    if op == "softmax":
        x = rows(low=-8, high=8)
        return ((x,), ops.softmax if stride is None else strided_op(op, stride), lambda x: F.softmax(x, dim=-1), norms.softmax_reference,
                2 * tokens * hidden * es)
    if op == "layer_norm":
        x, w, b = rows(low=-0.5, high=1.5), rand(hidden, low=0.5, high=1.5), rand(hidden)
        return ((x, w, b), (lambda x, w, b: ops.layer_norm(x, (hidden,), w, b))
                if stride is None else strided_op(op, stride),
                lambda x, w, b: F.layer_norm(x, x.shape[-1:], w, b, 1e-5),
                lambda x, w, b: norms.layer_norm_reference(x, w, b, 1e-5),
                (2 * tokens * hidden + 2 * hidden) * es)
    if op == "rms_norm":
        x, w = rows(), rand(hidden, low=0.5, high=1.5)
        return ((x, w), (lambda x, w: ops.rms_norm(x, (hidden,), w, eps=1e-6))
                if stride is None else strided_op(op, stride),
                lambda x, w: F.rms_norm(x, x.shape[-1:], w, 1e-6),
                lambda x, w: norms.rms_norm_reference(x, w, 1e-6),
                (2 * tokens * hidden + hidden) * es)
    b, n, h, d = rope_shape(tokens, hidden)
    x = rand(b, n, h, d)
    angles = (torch.arange(n, device=DEVICE, dtype=torch.float64)[:, None]
              * 10000.0 ** (-torch.arange(d // 2, device=DEVICE, dtype=torch.float64) / (d // 2)))
    cos, sin = angles.cos().to(t), angles.sin().to(t)
    return ((x, cos, sin), ops.apply_rotary_emb, eager_rope, norms.rotary_reference,
            (2 * b * n * h * d + n * d) * es)


def strided_op(op, stride):
    """The row op's 16-byte kernel launched directly on x and on an output of
    x's row stride (the ops return contiguous outputs, which for a ragged N
    would take the 2-byte kernel): the tails of the vector accesses."""
    def call(x, *params):
        n = x.shape[1]
        y = torch.empty(x.shape[0], stride, dtype=x.dtype, device=x.device)[:, :n]
        args = kernel_args(op, (x, *params), y)
        vector = norms.vector_bytes(args.values())
        assert vector == 16, f"the strided case allows {vector}-byte accesses, not 16"
        norms.get_kernel(op, x.dtype, n, x.device)(**args)
        return y
    return call


def within(got, expected, op, dtype, name):
    """Every element within atol + rtol·|ref| (NaN never is), computed on the
    tensors' device; prints the worst element otherwise."""
    atol, rtol = norms.TOLERANCES[(op, dtype)]
    diff = (got.double() - expected).abs()
    bad = ~(diff <= atol + rtol * expected.abs())
    if not bool(bad.any()):
        return True
    worst = int(torch.where(torch.isnan(diff), float("inf"), diff).argmax())
    print(f"    {name}: {int(bad.sum())} of {bad.numel()} elements over {atol} + "
          f"{rtol}·|ref| (NaN: {int(torch.isnan(got).sum())}); worst: "
          f"{float(got.flatten()[worst])} vs {float(expected.flatten()[worst])}")
    return False


def check(op, dtype, inputs, fn, reference):
    """(passed, max error): tessera's output against the fp64 reference (and
    for RoPE the in-place kernel's, on a copy of x)."""
    got = fn(*inputs)
    expected = reference(*inputs)
    error = float((got.double() - expected).abs().max())
    ok = within(got, expected, op, dtype, op)
    if op == "rotary":
        x = inputs[0].clone()
        ops.apply_rotary_emb(x, *inputs[1:], inplace=True)
        ok &= within(x, expected, op, dtype, "rotary inplace")
    return ok, error


def _call_times(separator, call, count):
    """The GPU time (us) of each of `count` calls, call(k) after separator():
    the sum of the kernels torch.profiler (CUPTI) records between two
    separators, whose own kernels are told apart by name and left out."""
    from torch.profiler import ProfilerActivity, profile

    def kernels(body):
        with profile(activities=[ProfilerActivity.CPU, ProfilerActivity.CUDA]) as prof:
            body()
            torch.cuda.synchronize()
        return sorted((e for e in prof.events() if e.device_type.name == "CUDA"),
                      key=lambda e: e.time_range.start)

    separators = {e.name for e in kernels(lambda: [separator() for _ in range(3)])}

    def calls():
        for k in range(count):
            separator()
            call(k)
    times, current = [], None
    for e in kernels(calls):
        if e.name in separators:
            if current is not None:
                times.append(current)
            current = 0.0
        elif current is not None:
            current += e.time_range.elapsed_us()
    if current is not None:
        times.append(current)
    return sorted(t for t in times if t > 0)


def _median_ms(times, count, name):
    if len(times) < count // 2:
        raise RuntimeError(f"{name}: {len(times)} of {count} calls timed")
    return times[len(times) // 2] / 1e3


def kernel_ms(fn, iters=25):
    """Median GPU time per call of fn's kernels, from torch.profiler's kernel
    records (CUPTI): the kernels' own time, without the host's launch gaps,
    which at a few microseconds a kernel are most of do_bench's figure for a
    Python op. The L2 is flushed before each call (a fill kernel, told apart
    by its name and left out); a call's time is the sum of its kernels.
    The fill leaves the L2 full of dirty lines, which the timed kernel's own
    traffic writes back (rotating_ms has no flush)."""
    from tessera.testing import L2_FLUSH_BYTES
    cache = torch.empty(L2_FLUSH_BYTES // 4, dtype=torch.int32, device=DEVICE)
    fn()
    torch.cuda.synchronize()
    return _median_ms(_call_times(lambda: cache.fill_(1), lambda k: fn(), iters), iters,
                      "kernel_ms")


# Each tensor set of rotating_ms is touched again only after this many times
# the L2's bytes of other sets' traffic.
ROTATION_L2S = 4


def rotating_ms(fn, inputs, nbytes, iters=25):
    """Median GPU time per call of fn(*inputs)'s kernels (as kernel_ms), with
    no flush: the calls go round enough copies of the tensor inputs (and keep
    as many outputs alive, so the allocator hands out as many output buffers)
    that a set's inputs are out of the L2 when it comes round again
    (ROTATION_L2S times the L2 in between), and each call's writes reach DRAM
    within the calls after it (steady state: a kernel writes back the dirty
    lines the calls before it left, about its own output's bytes). So inputs
    come from DRAM and writes cost DRAM bandwidth at every size, whatever a
    kernel's cache hints (Inductor's loads carry evict_last), and without
    kernel_ms's dirty fill to write back: the figure a kernel gets inside a
    model's stream of other work."""
    l2 = torch.cuda.get_device_properties(DEVICE).L2_cache_size
    count = max(2, -(-ROTATION_L2S * l2 // nbytes))
    sets = [inputs] + [tuple(t.clone() if isinstance(t, torch.Tensor) else t for t in inputs)
                       for _ in range(count - 1)]
    outs = [fn(*args) for args in sets]  # warm-up; the ring of outputs
    torch.cuda.synchronize()
    marker = torch.zeros(1, dtype=torch.int8, device=DEVICE)

    def call(k):
        outs[k % count] = None  # its buffer goes to this call's output
        outs[k % count] = fn(*sets[k % count])
    calls = max(iters, 2 * count)
    return _median_ms(_call_times(lambda: marker.fill_(1), call, calls), calls, "rotating_ms")


def timed(fn):
    """(ms, how): kernel_ms, or do_bench where the profiler is unavailable."""
    try:
        return kernel_ms(fn), "kernel"
    except tessera.TesseraError:  # the kernel's own error: the caller's to report
        raise
    except Exception as error:    # no CUPTI: fall back to events around launches
        print(f"    (torch.profiler unavailable: {error}; timing with do_bench)")
        return do_bench(fn), "events"


def timed_rotating(fn, inputs, nbytes):
    """(ms, how): rotating_ms, or do_bench where the profiler is unavailable."""
    try:
        return rotating_ms(fn, inputs, nbytes), "kernel, rotating"
    except tessera.TesseraError:  # the kernel's own error: the caller's to report
        raise
    except Exception as error:    # no CUPTI: fall back to events around launches
        print(f"    (torch.profiler unavailable: {error}; timing with do_bench)")
        return do_bench(lambda: fn(*inputs)), "events"


def copy_bandwidth():
    """GB/s of dst.copy_(src), COPY_BYTES read and as many written."""
    src = torch.empty(COPY_BYTES // 4, dtype=torch.int32, device="cuda").random_()
    dst = torch.empty_like(src)
    ms, _ = timed(lambda: dst.copy_(src))
    return 2 * COPY_BYTES / ms / 1e6


HEADER = ("| op | dtype | tokens x hidden | max error | Tessera GB/s | % copy | % same-size copy "
          "| eager GB/s | compile GB/s | vs compile | vs eager | bars |\n"
          "|---|---|---|---|---|---|---|---|---|---|---|---|")


def run_row(op, dtype, tokens, hidden, copy_gbs, bench, compile_too, stride=None):
    """Checks and (bench) times one row; returns (CSV row, markdown line)."""
    row = dict(kind="membound", op=op, dtype=dtype, tokens=tokens, hidden=hidden,
               copy_gbs=f"{copy_gbs:.0f}")
    name = f"| {op} | {dtype} | {tokens}x{hidden}{'' if stride is None else f' (stride {stride})'} |"
    if stride is not None:
        row["stride"] = stride
    generator = torch.Generator(device=DEVICE).manual_seed(tokens + hidden)
    inputs, ours, eager, reference, nbytes = make_case(op, dtype, tokens, hidden, generator,
                                                       stride)
    try:
        ok, error = check(op, dtype, inputs, ours, reference)
    except tessera.TesseraError as missing:    # not in the cache, or does not compile
        row.update(result="no kernel")
        return row, f"{name} no kernel: {str(missing).splitlines()[0][:160]} |"
    row.update(result="ok" if ok else "FAIL", max_error=f"{error:.3e}", bytes=nbytes)
    times, flushed = {}, {}
    if bench:
        fns = dict(tessera=ours, eager=eager)
        if compile_too:
            # One compile per shape (dynamic=False; main raises the recompile
            # limit, so that none falls back to eager).
            fns["compile"] = torch.compile(eager, dynamic=False)
            start = time.time()
            fns["compile"](*inputs)
            torch.cuda.synchronize()
            row["compile_s"] = f"{time.time() - start:.1f}"
        for k, fn in fns.items():
            times[k], how = timed_rotating(fn, inputs, nbytes)
            # The same calls with kernel_ms's flush (v13-v39's figure), for
            # the record.
            flushed[k], _ = timed(lambda: fn(*inputs))
            row.setdefault("timing", how)
        # With the host's launch: what a Python caller waits for.
        row["ms tessera launch"] = f"{do_bench(lambda: ours(*inputs)):.4f}"
        # A copy of x's bytes timed the same way: what any kernel moving
        # that little reaches (not a bar; the bar's copy is of 1 GiB).
        x = inputs[0]
        copy_bytes = 2 * x.numel() * x.element_size()
        same_ms, _ = timed_rotating(lambda t: t.clone(), (x,), copy_bytes)
        row["gbs copy same size"] = f"{copy_bytes / same_ms / 1e6:.0f}"
    for k, ms in flushed.items():
        row[f"ms {k} flushed"] = f"{ms:.4f}"
    gbs = {k: nbytes / ms / 1e6 for k, ms in times.items()}
    for k, ms in times.items():
        row[f"ms {k}"], row[f"gbs {k}"] = f"{ms:.4f}", f"{gbs[k]:.0f}"
    cells = {k: f"{v:.0f}" for k, v in gbs.items()}
    ratios, verdict = {}, "-"
    if "tessera" in gbs:
        ratios = {k: gbs["tessera"] / gbs[k] for k in ("compile", "eager") if k in gbs}
        ratios["copy"] = gbs["tessera"] / copy_gbs
        missed = [k for k, v in ratios.items() if v < BARS[k]]
        verdict = "pass" if not missed else "miss: " + ", ".join(missed)
        row.update({f"ratio {k}": f"{v:.3f}" for k, v in ratios.items()}, bars=verdict)
    share = f"{100 * ratios['copy']:.0f} %" if "copy" in ratios else "-"
    same = (f"{100 * gbs['tessera'] / float(row['gbs copy same size']):.0f} %"
            if "tessera" in gbs and "gbs copy same size" in row else "-")
    ratio = {k: f"{ratios[k]:.2f}x" if k in ratios else "-" for k in ("compile", "eager")}
    line = (f"{name} {error:.1e}{'' if ok else ' FAIL'} | {cells.get('tessera', '-')} | "
            f"{share} | {same} | {cells.get('eager', '-')} | {cells.get('compile', '-')} | "
            f"{ratio['compile']} | {ratio['eager']} | {verdict} |")
    return row, line


def main():
    parser = gpu_check_parser(__doc__, "check-membound")
    parser.add_argument("--budget", type=float,
                        default=float(os.environ.get("STEP_LIMIT", 1200)) - 60,
                        help="seconds after which torch.compile is skipped, then the "
                             "bench (default: $STEP_LIMIT - 60, else 1140)")
    parser.add_argument("--ops", default=",".join(OPS))
    parser.add_argument("--wide", action="store_true",
                        help="only the WIDE_TIMED and WIDE rows (the widest tiles and "
                             "the LOOPED kernels)")
    parser.add_argument("--spills", action="store_true")
    parser.add_argument("--sweep", action="store_true",
                        help="time the row kernels' candidate configs (f16)")
    parser.add_argument("--target", default="sm_90a", help="--spills' target")
    parser.add_argument("--top", type=int, default=4,
                        help="--sweep prints this many configs a shape (0: all)")
    parser.add_argument("--widths", type=lambda v: {int(w) for w in v.split(",")},
                        help="--sweep only these row widths of SWEEP_SHAPES (e.g. 5000)")
    parser.add_argument("--blocks", type=lambda v: {int(b) for b in v.split(",")},
                        help="--sweep only candidates of these BLOCK_N (e.g. 5120)")
    args = parser.parse_args()
    if unknown := [op for op in args.ops.split(",") if op and op not in OPS]:
        parser.error(f"--ops: unknown {', '.join(unknown)} (known: {', '.join(OPS)})")
    if args.precompile:
        if args.sweep:
            bad = [k for k in sweep_kernels(args.precompile, sweep_ops(args), args.widths,
                                            args.blocks)
                   if isinstance(k[-1], tessera.TesseraError)]
            print(f"sweep: {len(bad)} candidates do not compile"
                  + (f"; the first: {first_line(bad[0][-1])}" if bad else ""))
        return precompile(args.precompile)
    if args.sweep:
        raise_recompile_limits(256)
        return sweep(args.budget, sweep_ops(args), args.widths, args.top, args.blocks)
    if args.spills:
        return spills(args.target)
    if not gpu_available():
        return 1
    start = time.time()
    raise_recompile_limits(256)
    print(f"{torch.cuda.get_device_name()} torch {torch.__version__}; "
          f"{tessera._paths.describe()}\n")
    copy_gbs = copy_bandwidth() if not args.no_bench else float("nan")
    preamble = (f"copy bandwidth {copy_gbs:.0f} GB/s (dst.copy_(src) of {COPY_BYTES >> 20} MiB, "
                "read + written); GB/s = bytes the op reads and writes / the median of "
                "its kernels' GPU time (torch.profiler) over calls that rotate through "
                f"copies of the tensors ({ROTATION_L2S}x the L2 between two uses of one), "
                "no flush (rotating_ms)\n\n")
    print(preamble + HEADER)
    os.makedirs(args.out, exist_ok=True)
    csv_path, md_path = (os.path.join(args.out, f"membound.{e}") for e in ("csv", "md"))
    ops_ = [op for op in args.ops.split(",") if op]
    # (op, dtype, tokens, hidden, timed, row stride): the bench shapes and
    # WIDE_TIMED, then the RAGGED, STRIDED and WIDE rows (checked only).
    cases = [(op, dtype, tokens, hidden, True, None) for op in ops_ for dtype in DTYPES
             for tokens in TOKENS for hidden in HIDDEN
             if not (op == "rotary" and rope_shape(tokens, hidden) is None) and not args.wide]
    cases += [(op, dtype, tokens, hidden, True, None) for op in ops_ if op in ROW_OPS
              for dtype in DTYPES for tokens, hidden in WIDE_TIMED]
    cases += [(op, dtype, tokens, hidden, False, None) for op in ops_ if op in ROW_OPS
              for dtype in DTYPES for tokens, hidden in RAGGED if not args.wide]
    cases += [(op, dtype, tokens, hidden, False, stride) for op in ops_ if op in ROW_OPS
              for dtype in DTYPES for tokens, hidden, stride in STRIDED if not args.wide]
    cases += [(op, dtype, tokens, hidden, False, None) for op in ops_ if op in ROW_OPS
              for dtype in DTYPES for tokens, hidden in WIDE]
    rows, lines = [], [HEADER]
    for op, dtype, tokens, hidden, timed_row, stride in cases:
        spent = time.time() - start
        row, line = run_row(op, dtype, tokens, hidden, copy_gbs,
                            timed_row and not args.no_bench and spent < args.budget,
                            timed_row and spent < args.budget * 0.8, stride)
        print(line, flush=True)
        rows.append(row)
        lines.append(line)
        # Written as it goes: a step killed at its limit keeps its rows.
        write_rows(csv_path, rows, first=("kind", "op", "dtype"))
        with open(md_path, "w") as file:
            file.write(preamble + "\n".join(lines) + "\n")
    failed = sum(r["result"] != "ok" for r in rows)
    misses = sum(r.get("bars", "pass") != "pass" for r in rows)
    print(f"\n{len(rows) - failed} of {len(rows)} checks passed; {misses} timed rows miss a "
          f"bar ({time.time() - start:.0f} s); wrote {csv_path} and {md_path}")
    return 0 if not failed else 1


if __name__ == "__main__":
    sys.exit(main())
