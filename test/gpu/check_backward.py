#!/usr/bin/env python3
"""FlashAttention backward on the GPU: torch.autograd through
tessera.ops.flash_attn_func (kernels/fa2_bwd.tile) against the exact fp64
gradients and against SDPA-flash's own backward, then forward + backward
timed against SDPA-flash on the same tensors.

usage: python3 test/gpu/check_backward.py [--out DIR] [--no-bench] [--sweep]
       python3 test/gpu/check_backward.py --precompile sm_90a [--sweep]   (where tessera-compile is)

Checks: f16 and bf16, D = 64 and 128, no mask, causal, a window and causal
ALiBi at a ragged [B, N, H] = [2, 1000, 4], every bench shape (there on
two heads, the fp64 reference's share), and GQA/MQA (K/V with 2 and 1
heads). Pass: dQ, dK, dV have no NaN and each is within max(2 x
SDPA-flash's error, the interpreter tolerance of
python/tests/test_backward.py) of fp64, SDPA's error measured on the same
inputs (no mask and causal: SDPA-flash has no window or ALiBi; there the
interpreter tolerance alone). Bench: PERF.md's shapes, median of
tessera.testing.do_bench (L2 flushed) of forward + backward (autograd, the
same for both) and of the backward alone; TFLOP/s with forward 4·B·H·N²·D and
backward 10·B·H·N²·D (2.5 x: five matmuls instead of two), halved when
causal. --sweep times each backward kernel alone over its tuning configs.
Writes DIR/backward.csv; exits 1 on any failed check.

As test/gpu/check_ops.py: compiling needs tessera-compile; a GPU host
without it runs on a cache filled by --precompile (TESSERA_CACHE_DIR).
"""
import os
import sys
import time
import zlib

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..",
                                "python"))

import torch  # noqa: E402

import tessera  # noqa: E402
from tessera import ops  # noqa: E402
from tessera.ops import flash_attn as fa  # noqa: E402
from tessera.testing import (attention_grad_reference, do_bench, gpu_available,  # noqa: E402
                             gpu_check_parser, host_time_us, max_error, write_rows)

DTYPES = {"f16": torch.float16, "bf16": torch.bfloat16}
# name -> (causal, window_size, ALiBi)
MASKS = {"none": (False, (-1, -1), False), "causal": (True, (-1, -1), False),
         "window": (False, (256, 64), False), "causal+alibi": (True, (-1, -1), True)}
# python/tests/test_backward.py's (atol, rtol).
GRAD_TOLERANCES = {"f16": (4e-3, 4e-3), "bf16": (3e-2, 3e-2)}
CHECK_SHAPE = (2, 1000, 4)                        # B, N, H
# PERF.md's shapes (B, H, N, D) and which are timed causal.
BENCH = [((4, 32, 2048, 64), (False, True)), ((1, 32, 2048, 64), (False,)),
         ((16, 32, 2048, 64), (False,)), ((8, 16, 2048, 128), (False,)),
         ((2, 16, 8192, 128), (False, True)), ((1, 16, 16384, 128), (False,))]
# Tuning candidates per kernel: (BLOCK_M, BLOCK_N, NUM_WARPS, NUM_STAGES), and
# for dK/dV whether Lse and Delta are prefetched (PREFETCH: more registers).
SWEEP = {"fa2_bwd_dkdv": [(64, 64, 4, 2, False), (32, 128, 4, 2, False), (32, 128, 4, 3, False),
                          (64, 128, 8, 2, False), (32, 128, 8, 2, False),
                          (64, 64, 4, 3, False), (64, 64, 4, 2, True), (32, 128, 4, 2, True),
                          (32, 128, 8, 2, True)],
         "fa2_bwd_dq": [(64, 64, 4, 2), (128, 32, 4, 2), (128, 64, 8, 2), (128, 32, 8, 2),
                        (128, 64, 4, 2), (64, 64, 4, 3), (128, 128, 8, 2)]}
SWEEP_SHAPES = [(4, 32, 2048, 64), (2, 16, 8192, 128)]


def sweep_constants(entry, config, d, causal):
    source, constants = fa.kernel_constants(torch.float16, d, causal, -1, -1, "fa2_bwd")
    prefix = "DKDV" if entry == "fa2_bwd_dkdv" else "DQ"
    bm, bn, warps, stages = config[:4]
    constants.update({f"{prefix}_BLOCK_M": bm, f"{prefix}_BLOCK_N": bn,
                      f"{prefix}_NUM_WARPS": warps, f"{prefix}_NUM_STAGES": stages})
    if len(config) > 4:
        constants["PREFETCH"] = config[4]
    return source, constants


def precompile(target, sweep=False):
    count = 0
    for dtype in DTYPES.values():
        for d in ops.SUPPORTED_HEAD_DIMS:
            for causal, window, alibi in MASKS.values():
                causal, left, right = fa.normalize_window(window, causal)
                for name, entries in (("fa2_bnhd", [None]),
                                      ("fa2_bwd", ["fa2_bwd_preprocess", "fa2_bwd_dkdv",
                                                   "fa2_bwd_dq"])):
                    source, constants = fa.kernel_constants(dtype, d, causal, left, right,
                                                            name, alibi, target=target)
                    for entry in entries:
                        tessera.compile(source, target, kernel=entry, **constants)
                        count += 1
    for entry, configs in SWEEP.items() if sweep else ():
        for d in ops.SUPPORTED_HEAD_DIMS:
            for causal in (False, True):
                for config in configs:
                    source, constants = sweep_constants(entry, config, d, causal)
                    try:
                        tessera.compile(source, target, kernel=entry, **constants)
                        count += 1
                    except tessera.CompileError as error:
                        print(f"sweep {entry} D={d} causal={causal} {config}: "
                              f"{error.reason}")
    print(f"{count} kernels in {tessera._paths.cache_dir()} for {target}")


def rand(shape, dtype, generator):
    return torch.rand(*shape, generator=generator, device="cuda",
                      dtype=torch.float32).mul_(2).sub_(1).to(dtype)


def alibi_slopes(heads):
    return torch.tensor([2.0 ** (-8.0 * (h + 1) / heads) for h in range(heads)],
                        device="cuda", dtype=torch.float32)


def sdpa_grads(q, k, v, do, causal):
    from torch.nn.attention import SDPBackend, sdpa_kernel
    leaves = [x.detach().transpose(1, 2).requires_grad_() for x in (q, k, v)]
    with sdpa_kernel(SDPBackend.FLASH_ATTENTION):
        out = torch.nn.functional.scaled_dot_product_attention(*leaves, is_causal=causal)
    return [g.transpose(1, 2) for g in torch.autograd.grad(out, leaves, do.transpose(1, 2))]


def check(dtype, d, mask, shape, heads, rows, kv_heads=None):
    """One combination at [B, N, H] = shape (K/V with kv_heads heads: GQA/MQA);
    the fp64 reference on batch 0's first `heads` query heads (a multiple of
    the group size) and the K/V heads they read."""
    b, n, h = shape
    hk = kv_heads or h
    causal, window, alibi = MASKS[mask]
    generator = torch.Generator(device="cuda").manual_seed(zlib.crc32(f"{dtype}{d}{mask}{n}".encode()))
    q, k, v, do = (rand((b, n, x, d), DTYPES[dtype], generator) for x in (h, hk, hk, h))
    for x in (q, k, v):
        x.requires_grad_()
    slopes = alibi_slopes(h) if alibi else None
    out = ops.flash_attn_func(q, k, v, causal=causal, window_size=window, alibi_slopes=slopes)
    grads = torch.autograd.grad(out, (q, k, v), do)
    torch.cuda.synchronize()
    kv_part = heads * hk // h
    part = [x.detach()[:1, :, :count].transpose(1, 2)
            for x, count in zip((q, k, v, do), (heads, kv_part, kv_part, heads))]
    expected = attention_grad_reference(*part, None, causal, window,
                                        None if slopes is None else slopes[:heads])
    sdpa = (sdpa_grads(q, k, v, do, causal)
            if not alibi and window == (-1, -1) and hk == h else None)
    atol, rtol = GRAD_TOLERANCES[dtype]
    ok, cells = True, []
    for index, name in enumerate(("dq", "dk", "dv")):
        got = grads[index][:1, :, :(heads if index == 0 else kv_part)].transpose(1, 2)
        error = max_error(got, expected[index])
        scale = float(expected[index].abs().max())
        bound = atol + rtol * scale
        sdpa_error = float("nan")
        if sdpa is not None:
            sdpa_error = max_error(sdpa[index][:1, :, :heads].transpose(1, 2), expected[index])
            bound = max(bound, 2 * sdpa_error)
        passed = error == error and error <= bound and not torch.isnan(grads[index]).any()
        ok &= passed
        cells.append(f"{name} {error:.2e} (SDPA {sdpa_error:.2e}, bound {bound:.2e})")
        rows.append(dict(kind="check", dtype=dtype, D=d, mask=mask,
                         shape=f"{b},{n},{h}" + (f",{hk}" if hk != h else ""),
                         grad=name, error=f"{error:.3e}", sdpa_error=f"{sdpa_error:.3e}",
                         bound=f"{bound:.3e}", result="ok" if passed else "FAIL"))
    gqa = f" K/V heads {hk}" if hk != h else ""
    print(f"{'ok  ' if ok else 'FAIL'} {dtype} D={d} {mask} [{b},{n},{h}]{gqa}: " +
          "; ".join(cells),
          flush=True)
    return ok


def bench(rows):
    from torch.nn.attention import SDPBackend, sdpa_kernel
    print("\n| shape B,H,N,D | dtype | causal | tessera fwd+bwd | SDPA flash fwd+bwd | ratio | "
          "tessera bwd | SDPA bwd | ratio | tessera host µs | SDPA host µs |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for (b, h, n, d), causals in BENCH:
        for dtype in ("f16", "bf16") if (b, h, n, d) in SWEEP_SHAPES else ("f16",):
            for causal in causals:
                generator = torch.Generator(device="cuda").manual_seed(7)
                base = [rand((b, h, n, d), DTYPES[dtype], generator) for _ in range(4)]
                q, k, v, do = (x.transpose(1, 2) for x in base)   # [B, N, H, D] views
                q4, k4, v4 = (x.detach().clone().requires_grad_() for x in base[:3])
                do4 = base[3]
                for x in (q, k, v):
                    x.requires_grad_()
                scale = 1.0 / (2 if causal else 1)
                fwd_flops, bwd_flops = 4 * b * h * n * n * d * scale, 10 * b * h * n * n * d * scale

                def ours():
                    out = ops.flash_attn_func(q, k, v, causal=causal)
                    torch.autograd.grad(out, (q, k, v), do)

                def theirs():
                    with sdpa_kernel(SDPBackend.FLASH_ATTENTION):
                        out = torch.nn.functional.scaled_dot_product_attention(
                            q4, k4, v4, is_causal=causal)
                    torch.autograd.grad(out, (q4, k4, v4), do4)

                out = ops.flash_attn_func(q, k, v, causal=causal)
                with sdpa_kernel(SDPBackend.FLASH_ATTENTION):
                    out4 = torch.nn.functional.scaled_dot_product_attention(q4, k4, v4,
                                                                            is_causal=causal)
                times = {
                    "ours": do_bench(ours), "theirs": do_bench(theirs),
                    "ours bwd": do_bench(lambda: torch.autograd.grad(out, (q, k, v), do,
                                                                     retain_graph=True)),
                    "theirs bwd": do_bench(lambda: torch.autograd.grad(
                        out4, (q4, k4, v4), do4, retain_graph=True)),
                }
                tf = {key: (fwd_flops + bwd_flops if "bwd" not in key else bwd_flops) / ms / 1e9
                      for key, ms in times.items()}
                host = {key: host_time_us(fn) for key, fn in (("ours", ours), ("theirs", theirs))}
                print(f"| {b},{h},{n},{d} | {dtype} | {'yes' if causal else 'no'} | "
                      f"{tf['ours']:.1f} | {tf['theirs']:.1f} | {tf['ours'] / tf['theirs']:.2f}× | "
                      f"{tf['ours bwd']:.1f} | {tf['theirs bwd']:.1f} | "
                      f"{tf['ours bwd'] / tf['theirs bwd']:.2f}× | {host['ours']:.0f} | "
                      f"{host['theirs']:.0f} |", flush=True)
                rows.append(dict(kind="bench", dtype=dtype, D=d, shape=f"{b},{h},{n},{d}",
                                 mask="causal" if causal else "none",
                                 **{f"tflops {key}": f"{value:.1f}" for key, value in tf.items()},
                                 **{f"ms {key}": f"{value:.4f}" for key, value in times.items()},
                                 **{f"host us {key}": f"{value:.0f}" for key, value in host.items()}))


def sweep(rows):
    """Each backward kernel alone over SWEEP, at SWEEP_SHAPES, f16."""
    print("\n| kernel | shape B,H,N,D | causal | config (BM, BN, warps, stages) | ms | TFLOP/s |")
    print("|---|---|---|---|---|---|")
    for b, h, n, d in SWEEP_SHAPES:
        for causal in (False, True):
            generator = torch.Generator(device="cuda").manual_seed(3)
            q, k, v, do = (rand((b, h, n, d), torch.float16, generator) for _ in range(4))
            lse = torch.rand(b, h, n, device="cuda") + 5
            delta = torch.rand(b, h, n, device="cuda")
            args = dict(Q=q, K=k, V=v, dO=do, Lse=lse, Delta=delta,
                        Slopes=torch.zeros(h, device="cuda"), sm_scale=d ** -0.5)
            flops = {"fa2_bwd_dkdv": 8, "fa2_bwd_dq": 6}
            for entry, configs in SWEEP.items():
                outputs = ({"dK": torch.empty_like(k), "dV": torch.empty_like(v)}
                           if entry == "fa2_bwd_dkdv" else {"dQ": torch.empty_like(q)})
                for config in configs:
                    source, constants = sweep_constants(entry, config, d, causal)
                    try:
                        kernel = tessera.compile(source, None, kernel=entry, **constants)
                    except Exception:  # noqa: BLE001 - over budget: not precompiled
                        continue
                    ms = do_bench(lambda: kernel(**args, **outputs))
                    tflops = flops[entry] * b * h * n * n * d / (2 if causal else 1) / ms / 1e9
                    print(f"| {entry} | {b},{h},{n},{d} | {'yes' if causal else 'no'} | "
                          f"{config} | {ms:.3f} | {tflops:.1f} |", flush=True)
                    rows.append(dict(kind="sweep", kernel=entry, shape=f"{b},{h},{n},{d}",
                                     mask="causal" if causal else "none", config=str(config),
                                     ms=f"{ms:.4f}", tflops=f"{tflops:.1f}"))


def main():
    parser = gpu_check_parser(__doc__, "check-backward")
    parser.add_argument("--sweep", action="store_true")
    args = parser.parse_args()
    if args.precompile:
        precompile(args.precompile, args.sweep)
        return 0
    if not gpu_available():
        return 1
    print(f"{torch.cuda.get_device_name()} torch {torch.__version__}; "
          f"{tessera._paths.describe()}\n")
    rows, ok, start = [], True, time.time()
    for dtype in DTYPES:
        for d in ops.SUPPORTED_HEAD_DIMS:
            for mask in MASKS:
                ok &= check(dtype, d, mask, CHECK_SHAPE, CHECK_SHAPE[2], rows)
    for (b, h, n, d), causals in BENCH:
        for causal in causals:
            ok &= check("f16", d, "causal" if causal else "none", (b, n, h), 2, rows)
    # GQA and MQA: K/V with fewer heads, their gradients summed over each group.
    for dtype, d, mask, kv_heads in (("f16", 64, "causal", 2), ("bf16", 128, "none", 1),
                                     ("f16", 128, "window", 2), ("bf16", 64, "causal+alibi", 1)):
        ok &= check(dtype, d, mask, CHECK_SHAPE, CHECK_SHAPE[2], rows, kv_heads)
    checks = sum(r["kind"] == "check" for r in rows)
    failed = sum(r.get("result") == "FAIL" for r in rows)
    print(f"\n{checks - failed} of {checks} gradient checks passed ({time.time() - start:.0f} s)")
    if args.sweep:
        sweep(rows)
    if not args.no_bench:
        bench(rows)
    os.makedirs(args.out, exist_ok=True)
    write_rows(os.path.join(args.out, "backward.csv"), rows)
    print(f"\nwrote {args.out}/backward.csv")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
