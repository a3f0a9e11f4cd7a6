#!/usr/bin/env python3
"""tessera.ops.flash_attn_func on the GPU, against an fp64 reference, PyTorch
SDPA and FlexAttention on the same tensors, eager and under torch.compile.

usage: python3 test/gpu/check_ops.py [--out DIR] [--no-bench] [--quick]
       python3 test/gpu/check_ops.py --precompile sm_90a     (where tessera-compile is)

Every supported combination: f16 and bf16, D = 64 and 128, no mask, causal,
a sliding window, causal with a window, ALiBi and causal ALiBi; three
layouts of the same values: contiguous [B, N, H, D], the transpose of a
contiguous [B, H, N, D] and slices of a packed qkv [B, N, 3, H, D] (all one
launch of kernels/fa2_bnhd.tile on strided views); a ragged N. Pass: Out within the interpreter's
tolerances of fp64 (f16 2e-3 + 2e-3·|ref|, bf16 1.6e-2 + 1.6e-2·|ref|), Lse
within 1e-3 + 1e-4·|ref|, no NaN, and Out within twice that of SDPA's and
FlexAttention's outputs; torch.compile(fullgraph=True) of the op gives the
eager result bit for bit. Then varlen, the unsupported combinations, and
(unless --no-bench) timings: tessera (both layouts, and compiled) vs SDPA
(flash and cuDNN backends) vs FlexAttention (compiled), median of event-timed launches
(tessera.testing.do_bench, L2 flushed), TFLOP/s = 4·B·H·N²·D / t (halved
when causal). Writes DIR/ops.md and DIR/ops.csv; exits 1 on any failure.

Compiling needs tessera-compile (MLIR). A GPU host without it runs on a
compile cache filled elsewhere: `--precompile sm_90a` with TESSERA_CACHE_DIR
set compiles every kernel this script uses; carry that folder and set the
same TESSERA_CACHE_DIR there. The runtime library comes from build/gpu
(cmake -DTESSERA_RUNTIME_ONLY=ON) or $TESSERA_RUNTIME_LIB.
"""
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..",
                                "python"))

import torch  # noqa: E402

import tessera  # noqa: E402
from tessera import ops  # noqa: E402
from tessera.testing import (TOLERANCES, attention_reference, attention_visible,  # noqa: E402
                             do_bench, gpu_available, gpu_check_parser,
                             raise_recompile_limits, write_rows)

DTYPES = {"f16": torch.float16, "bf16": torch.bfloat16}
# name -> (causal, window_size, ALiBi)
MASKS = {"none": (False, (-1, -1), False), "causal": (True, (-1, -1), False),
         "window": (False, (256, 64), False), "causal+window": (True, (384, -1), False),
         "alibi": (False, (-1, -1), True), "causal+alibi": (True, (-1, -1), True)}
# varlen: no window (kernels/fa2_varlen.tile, one launch) and a window (one
# kernels/fa2.tile launch per sequence).
VARLEN_WINDOWS = [(-1, -1), (128, -1)]
LAYOUTS = ("bnhd", "bhnd", "packed")
CHECK_SHAPE = (2, 1000, 4)          # B, N, H (D from the combination)
BENCH_SHAPES = [(4, 2048, 32, 64), (8, 2048, 16, 128), (2, 8192, 16, 128)]


def combinations():
    for dtype in DTYPES:
        for d in ops.SUPPORTED_HEAD_DIMS:
            for mask in MASKS:
                yield dtype, d, mask


# The kernels check_kernel_api compiles through tessera.jit / tessera.autotune.
FA2 = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "kernels",
                   "fa2.tile")
API_CONFIGS = [dict(BLOCK_M=128, BLOCK_N=64, NUM_WARPS=8, NUM_STAGES=2),
               dict(BLOCK_M=64, BLOCK_N=64, NUM_WARPS=4, NUM_STAGES=2)]


def precompile(target):
    """Compiles every kernel this script launches into the cache."""
    count = 0
    for config in API_CONFIGS:
        print(f"api {config}: {tessera.jit(FA2, HEAD_DIM=64).compile(target, **config)}")
        count += 1
    jobs = []
    for dtype, d, mask in combinations():
        causal, window, alibi = MASKS[mask]
        causal, left, right = ops.flash_attn.normalize_window(window, causal)
        jobs.append((f"{dtype} D={d} {mask}", DTYPES[dtype], d, causal, left, right,
                     "fa2_bnhd", alibi))
    for window in VARLEN_WINDOWS:
        causal, left, right = ops.flash_attn.normalize_window(window, True)
        name = "fa2_varlen" if window == (-1, -1) else "fa2"
        jobs.append((f"varlen {window}", torch.float16, 64, causal, left, right, name, False))
    for label, dtype, d, causal, left, right, name, alibi in jobs:
        source, constants = ops.kernel_constants(dtype, d, causal, left, right, name, alibi,
                                                 target=target)
        kernel = tessera.compile(source, target, **constants)
        count += 1
        print(f"{label}: {kernel}")
    print(f"{count} kernels in {tessera._paths.cache_dir()} for {target}")


def make_inputs(layout, b, n, h, d, dtype, seed):
    generator = torch.Generator(device="cuda").manual_seed(seed)

    def rand(*shape):
        return torch.rand(*shape, generator=generator, device="cuda", dtype=torch.float32
                          ).mul_(2).sub_(1).to(dtype)
    if layout == "bnhd":
        return [rand(b, n, h, d) for _ in range(3)]
    if layout == "bhnd":
        return [rand(b, h, n, d).transpose(1, 2) for _ in range(3)]
    return list(rand(b, n, 3, h, d).unbind(2))


def alibi_slopes(heads):
    """FlashAttention's usual slopes, 2^(-8(h+1)/H)."""
    return torch.tensor([2.0 ** (-8.0 * (h + 1) / heads) for h in range(heads)],
                        device="cuda", dtype=torch.float32)


def flex_attention_fn():
    try:
        from torch.nn.attention.flex_attention import create_block_mask, flex_attention
    except ImportError:
        return None, None
    return torch.compile(flex_attention), create_block_mask


def alibi_score_mod(slopes):
    def score_mod(score, b, h, q, kv):
        return score - slopes[h] * (q - kv).abs()
    return score_mod


def flex_mask(create_block_mask, n, causal, window):
    left, right = window
    if causal:
        right = 0

    def mask_mod(b, h, q, kv):
        visible = q >= 0
        if left >= 0:
            visible = visible & (kv >= q - left)
        if right >= 0:
            visible = visible & (kv <= q + right)
        return visible
    return create_block_mask(mask_mod, None, None, n, n, device="cuda")


def max_abs(a, b):
    return (a.double() - b.double()).abs().max().item()


def within(actual, expected, atol, rtol):
    a, e = actual.double(), expected.double()
    same_inf = torch.isinf(a) & torch.isinf(e) & (torch.sign(a) == torch.sign(e))
    diff = torch.where(same_inf, torch.zeros_like(a), (a - e).abs())
    return bool((diff <= atol + rtol * torch.where(same_inf, torch.zeros_like(e),
                                                   e.abs())).all())


def check_combination(dtype, d, mask, flex, create_block_mask, rows):
    causal, window, alibi = MASKS[mask]
    b, n, h = CHECK_SHAPE
    slopes = alibi_slopes(h) if alibi else None
    atol, rtol = TOLERANCES[dtype]
    ok = True
    for layout in LAYOUTS:
        q, k, v = make_inputs(layout, b, n, h, d, DTYPES[dtype], seed=d + len(mask))
        plan = ops.describe_launches(q, k, v)
        out, lse, _ = ops.flash_attn_func(q, k, v, causal=causal, window_size=window,
                                          alibi_slopes=slopes, return_attn_probs=True)
        torch.cuda.synchronize()
        q4, k4, v4 = (x.transpose(1, 2) for x in (q, k, v))
        ref, ref_lse = attention_reference(q4, k4, v4, None, causal, window, slopes)
        out4 = out.transpose(1, 2)
        visible = attention_visible(n, n, causal, window, device=q.device)
        sdpa_mask = visible
        if alibi:   # SDPA takes ALiBi as an additive float mask
            i = torch.arange(n, device="cuda")
            bias = -slopes[:, None, None] * (i[:, None] - i[None, :]).abs().float()
            sdpa_mask = bias.masked_fill(~visible, float("-inf")).to(q.dtype)
        sdpa = torch.nn.functional.scaled_dot_product_attention(q4, k4, v4, attn_mask=sdpa_mask)
        errors = {"fp64": max_abs(out4, ref), "lse": max_abs(
            torch.where(torch.isinf(ref_lse), torch.zeros_like(lse), lse),
            torch.where(torch.isinf(ref_lse), torch.zeros_like(ref_lse), ref_lse)),
            "sdpa": max_abs(out4, sdpa), "sdpa_fp64": max_abs(sdpa, ref)}
        passed = (within(out4, ref, atol, rtol) and within(lse, ref_lse, 1e-3, 1e-4)
                  and not torch.isnan(out).any().item()
                  and within(out4, sdpa, 2 * atol, 2 * rtol))
        if flex is not None:
            try:
                flex_out = flex(q4, k4, v4, block_mask=flex_mask(create_block_mask, n,
                                                                 causal, window),
                                score_mod=alibi_score_mod(slopes) if alibi else None)
            except Exception as error:  # noqa: BLE001 - a peer's failure is reported
                print(f"  FlexAttention failed here ({type(error).__name__}: {error}); "
                      "not compared")
            else:
                errors["flex"] = max_abs(out4, flex_out)
                passed = passed and within(out4, flex_out, 2 * atol, 2 * rtol)
        if layout != "packed":
            compiled = torch.compile(
                lambda q, k, v: ops.flash_attn_func(q, k, v, causal=causal,
                                                    window_size=window,
                                                    alibi_slopes=slopes), fullgraph=True)
            try:
                compiled_out = compiled(q, k, v)
                errors["compiled"] = max_abs(compiled_out, out)
                passed = passed and torch.equal(compiled_out, out)
            except Exception as error:  # noqa: BLE001 - ours: a failure
                print(f"  torch.compile failed: {type(error).__name__}: {error}")
                passed = False
        ok &= passed
        rows.append(dict(kind="check", dtype=dtype, D=d, mask=mask, layout=layout,
                         launches=plan["launches"], result="PASS" if passed else "FAIL",
                         **{f"err_{k}": f"{v:.2e}" for k, v in errors.items()}))
        print(f"{'PASS' if passed else 'FAIL'} {dtype} D={d} {mask:14} {layout:6} "
              f"launches={plan['launches']} "
              + " ".join(f"{k}={v:.1e}" for k, v in errors.items()), flush=True)
    return ok


def check_varlen(rows):
    """Packed sequences (one empty) through fa2_varlen (one launch) and,
    with a window, one fa2 launch per sequence."""
    h, d = 4, 64
    cu = torch.tensor([0, 300, 301, 301, 1000], dtype=torch.int32, device="cuda")
    generator = torch.Generator(device="cuda").manual_seed(7)
    q, k, v = (torch.rand(1000, h, d, generator=generator, device="cuda").mul_(2).sub_(1)
               .half() for _ in range(3))
    ok = True
    for window in VARLEN_WINDOWS:
        out, lse, _ = ops.flash_attn_varlen_func(q, k, v, cu, cu, 699, 699, causal=True,
                                                 window_size=window, return_attn_probs=True)
        torch.cuda.synchronize()
        passed, worst = True, 0.0
        for start, end in ((0, 300), (300, 301), (301, 1000)):
            ref, ref_lse = attention_reference(
                *(x[start:end].transpose(0, 1) for x in (q, k, v)), None, True, window)
            got = out[start:end].transpose(0, 1)
            passed &= within(got, ref, *TOLERANCES["f16"]) and within(
                lse[:, start:end], ref_lse, 1e-3, 1e-4)
            worst = max(worst, max_abs(got, ref))
        kernel = "fa2_varlen, 1 launch" if window == (-1, -1) else "fa2, 1 launch a sequence"
        rows.append(dict(kind="varlen", dtype="f16", D=d, mask=f"causal {window}",
                         layout="varlen", launches=1 if window == (-1, -1) else 2,
                         result="PASS" if passed else "FAIL", err_fp64=f"{worst:.2e}"))
        print(f"{'PASS' if passed else 'FAIL'} varlen f16 D=64 causal window={window} "
              f"({kernel}; 3 sequences, one empty) fp64={worst:.1e}")
        ok &= passed
    return ok


def check_opcheck():
    """torch.library.opcheck: the schema, the fake implementation against the
    real one (shapes, strides, dtypes), AOT dispatch with dynamic shapes."""
    if not hasattr(torch.library, "opcheck"):
        print("SKIP opcheck: torch.library.opcheck needs torch >= 2.4")
        return True
    ok = True
    for layout in ("bnhd", "bhnd"):
        q, k, v = make_inputs(layout, 2, 300, 4, 64, torch.float16, seed=3)
        try:
            torch.library.opcheck(torch.ops.tessera.flash_attn_fwd.default,
                                  (q, k, v, None, 0.125, True, -1, -1),
                                  test_utils=("test_schema", "test_faketensor",
                                              "test_aot_dispatch_dynamic"))
            print(f"PASS opcheck flash_attn_fwd ({layout})")
        except Exception as error:  # noqa: BLE001 - report every failure
            print(f"FAIL opcheck flash_attn_fwd ({layout}): {type(error).__name__}: {error}")
            ok = False
    return ok


def check_unsupported():
    """What the kernels do not do raises UnsupportedError on CUDA tensors too.
    (GQA/MQA, which this once expected to raise, are supported since v21 and
    checked forward and backward by test/gpu/check_backward.py.)"""
    q = torch.zeros(1, 128, 4, 64, device="cuda", dtype=torch.float16)
    q96 = torch.zeros(1, 128, 4, 96, device="cuda", dtype=torch.float16)
    ok = True
    for what, call in (("dropout_p", lambda: ops.flash_attn_func(q, q, q, dropout_p=0.1)),
                       ("softcap", lambda: ops.flash_attn_func(q, q, q, softcap=30.0)),
                       ("head dim 96", lambda: ops.flash_attn_func(q96, q96, q96))):
        try:
            call()
        except ops.UnsupportedError as error:
            print(f"PASS unsupported {what} raises: {str(error)[:100]}...")
            continue
        print(f"FAIL unsupported {what} did not raise UnsupportedError")
        ok = False
    return ok


def check_kernel_api(rows):
    """tessera.jit on CUDA tensors (compile on first call, then cached),
    tessera.autotune over two configs, do_bench: the README's example."""
    bh, n, d = 8, 1024, 64
    q, k, v = (torch.rand(bh, n, d, device="cuda").mul_(2).sub_(1).half() for _ in range(3))
    out = torch.empty_like(q)
    lse = torch.empty(bh, n, device="cuda")
    fa2 = tessera.jit(FA2, HEAD_DIM=64, **API_CONFIGS[0])
    start = time.perf_counter()
    fa2(Q=q, K=k, V=v, sm_scale=d ** -0.5, Out=out, Lse=lse)
    first = time.perf_counter() - start
    start = time.perf_counter()
    fa2(q, k, v, d ** -0.5, out, lse)          # positional, manifest order
    second = time.perf_counter() - start
    torch.cuda.synchronize()
    ref, ref_lse = attention_reference(q, k, v)
    ok = within(out, ref, *TOLERANCES["f16"]) and within(lse, ref_lse, 1e-3, 1e-4)
    tuned = tessera.autotune(configs=[tessera.Config(**c) for c in API_CONFIGS],
                             key=["N"])(tessera.jit(FA2, HEAD_DIM=64))
    out.fill_(float("nan"))
    tuned(Q=q, K=k, V=v, sm_scale=d ** -0.5, Out=out, Lse=lse)
    torch.cuda.synchronize()
    ok &= within(out, ref, *TOLERANCES["f16"])
    (key, best), = tuned.best.items()
    timings = tuned.timings[key]
    try:
        fa2(Q=q.float(), K=k, V=v, sm_scale=1.0, Out=out, Lse=lse)
        ok = False
    except TypeError as error:
        ok &= "Q: expected dtype f16" in str(error)
    print(f"{'PASS' if ok else 'FAIL'} tessera.jit: first call {first * 1e3:.1f} ms, second "
          f"{second * 1e3:.2f} ms; autotune key {key}: {best} "
          + ", ".join(f"{c}: {t:.3f} ms" for c, t in timings.items() if t is not None))
    rows.append(dict(kind="api", dtype="f16", D=d, mask="none", layout="[BH, N, D]",
                     launches=1, result="PASS" if ok else "FAIL",
                     err_fp64=f"{max_abs(out, ref):.2e}"))
    return ok


def bench(rows, quick):
    flex, create_block_mask = flex_attention_fn()
    shapes = BENCH_SHAPES[:1] if quick else BENCH_SHAPES
    print("\n| shape B,N,H,D | dtype | causal | tessera [B,H,N,D] | tessera [B,N,H,D] | "
          "tessera compiled | SDPA flash | SDPA cudnn | FlexAttention | tessera / SDPA flash | "
          "tessera / SDPA cudnn | tessera / Flex |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    from torch.nn.attention import SDPBackend, sdpa_kernel
    for b, n, h, d in shapes:
        for dtype in ("f16", "bf16"):
            for causal in (False, True):
                flops = 4 * b * h * n * n * d / (2 if causal else 1)
                tflops = {}
                q1, k1, v1 = make_inputs("bhnd", b, n, h, d, DTYPES[dtype], 1)
                q2, k2, v2 = (x.contiguous() for x in (q1, k1, v1))
                q4, k4, v4 = (x.transpose(1, 2) for x in (q1, k1, v1))
                compiled = torch.compile(lambda q, k, v: ops.flash_attn_func(
                    q, k, v, causal=causal), fullgraph=True)
                runs = {
                    "tessera [B,H,N,D]": lambda: ops.flash_attn_func(q1, k1, v1, causal=causal),
                    "tessera [B,N,H,D]": lambda: ops.flash_attn_func(q2, k2, v2, causal=causal),
                    "tessera compiled": lambda: compiled(q1, k1, v1),
                }

                def sdpa(backend):
                    def run():
                        with sdpa_kernel(backend):
                            torch.nn.functional.scaled_dot_product_attention(
                                q4, k4, v4, is_causal=causal)
                    return run
                runs["SDPA flash"] = sdpa(SDPBackend.FLASH_ATTENTION)
                runs["SDPA cudnn"] = sdpa(SDPBackend.CUDNN_ATTENTION)
                if flex is not None:
                    block_mask = flex_mask(create_block_mask, n, causal, (-1, -1))
                    runs["FlexAttention"] = lambda: flex(q4, k4, v4, block_mask=block_mask)
                for name, fn in runs.items():
                    try:
                        ms = do_bench(fn, warmup=25, rep=100)
                        tflops[name] = flops / ms / 1e9
                    except Exception as error:  # noqa: BLE001 - report, go on
                        print(f"  {name}: {type(error).__name__}: {error}")
                        tflops[name] = float("nan")
                cell = {k: f"{v:.1f}" for k, v in tflops.items()}
                ratio = tflops["tessera [B,H,N,D]"] / tflops["SDPA flash"]
                cudnn_ratio = tflops["tessera [B,H,N,D]"] / tflops["SDPA cudnn"]
                flex_ratio = (tflops["tessera [B,H,N,D]"] / tflops["FlexAttention"]
                              if "FlexAttention" in tflops else float("nan"))
                print(f"| {b},{n},{h},{d} | {dtype} | {'yes' if causal else 'no'} | "
                      f"{cell['tessera [B,H,N,D]']} | {cell['tessera [B,N,H,D]']} | "
                      f"{cell['tessera compiled']} | {cell['SDPA flash']} | "
                      f"{cell['SDPA cudnn']} | {cell.get('FlexAttention', '–')} | "
                      f"{ratio:.2f}× | {cudnn_ratio:.2f}× | {flex_ratio:.2f}× |",
                      flush=True)
                rows.append(dict(kind="bench", dtype=dtype, D=d, mask="causal" if causal
                                 else "none", layout=f"{b},{n},{h},{d}",
                                 **{f"tflops {k}": f"{v:.1f}" for k, v in tflops.items()}))


def main():
    # Every combination compiles the op (and FlexAttention) anew; dynamo's
    # default of 8 recompiles per function would make the later ones fail
    # under fullgraph=True, or fall back to eager FlexAttention in the timings.
    parser = gpu_check_parser(__doc__, "check-ops")
    parser.add_argument("--quick", action="store_true", help="one benchmark shape")
    args = parser.parse_args()
    if args.precompile:
        precompile(args.precompile)
        return 0
    raise_recompile_limits(512, accumulated=4096)
    if not gpu_available():
        return 1
    print(f"{torch.cuda.get_device_name()} torch {torch.__version__}; "
          f"{tessera._paths.describe()}\n")
    flex, create_block_mask = flex_attention_fn()
    rows, ok = [], True
    start = time.time()
    for dtype, d, mask in combinations():
        ok &= check_combination(dtype, d, mask, flex, create_block_mask, rows)
    ok &= check_varlen(rows)
    ok &= check_kernel_api(rows)
    ok &= check_unsupported()
    ok &= check_opcheck()
    checks = sum(r["kind"] != "bench" for r in rows)
    failed = sum(r.get("result") == "FAIL" for r in rows)
    print(f"\n{checks - failed} of {checks} checks passed ({time.time() - start:.0f} s)")
    if not args.no_bench:
        bench(rows, args.quick)
    os.makedirs(args.out, exist_ok=True)
    write_rows(os.path.join(args.out, "ops.csv"), rows)
    print(f"\nwrote {args.out}/ops.csv")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
