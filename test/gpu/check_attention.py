#!/usr/bin/env python3
"""Checks attention kernels (FA1/FA2 manifests) on the GPU against fp64.

usage: python3 test/gpu/check_attention.py [--shapes B,H,N,D ...] MANIFEST.json...

Each manifest runs at each shape whose D matches its HEAD_DIM (every shape when
D is not fixed), on fresh random
inputs (normal, f16 or bf16 as the manifest says), with its own mask: CAUSAL,
and the sliding window WINDOW_LEFT / WINDOW_RIGHT (query i sees keys j with
i - left <= j <= i + right; -1 leaves a side open). The reference is softmax
attention in fp64 on the GPU; a query that sees no key has Out 0 and Lse -inf.
Pass: every Out element within atol + rtol·|ref| (f16 2e-3 + 2e-3·|ref|, bf16
1.6e-2 + 1.6e-2·|ref|: the storage rounding, docs/interpreter.md), every Lse
within 1e-3 + 1e-4·|ref| (equal infinities match), and no NaN anywhere.
Kernels with other layouts are recognised by their parameters: CuSeqlens
(fa2_varlen: random sequence lengths packed as [total, H, D], passed as
[H, total, D] views), BlockTable (fa2_paged_decode: one new token per sequence
over a randomly permuted paged cache), or a rank-4 Q (fa2_bnhd: [B, N, H, D]
storage passed as [B, H, N, D] views, ALiBi slopes 2^(-8(h+1)/H) when ALIBI).
With --bench, each passing run is also timed (median of 20, CUDA events)
against its PyTorch peer on the same tensors: SDPA-flash (per sequence for
varlen; on contiguous K/V for decode), SDPA with an additive ALiBi mask.
Prints one line per run and a summary; exits 1 on any failure.

Each run is a job in a worker process with a deadline of --timeout seconds
(tessera_torch.Supervisor): a kernel that hangs is reported as TIMEOUT, the
worker is replaced and the next run goes on. --timeout 0 runs everything in
this process (e.g. under compute-sanitizer).
"""
import argparse
import math
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "tools"))

import torch  # noqa: E402
import tessera_torch as tt  # noqa: E402  (puts python/ on sys.path)
from tessera.testing import attention_reference, attention_visible  # noqa: E402

TOLERANCE = {"f16": (2e-3, 2e-3), "bf16": (1.6e-2, 1.6e-2)}
# Seconds tt.wait gives a launch in this process (--timeout; 0: no limit).
TIMEOUT = 0.0


def constant(manifest, name, default):
    return manifest.constants.get(name, default)


def compare(name, out, lse, ref_out, ref_lse, dtype_name):
    """Max errors and the pass verdict of Out and Lse against fp64."""
    atol, rtol = TOLERANCE[dtype_name]
    out64 = out.double()
    bad_out = (~torch.isfinite(out64)) | ((out64 - ref_out).abs() > atol + rtol * ref_out.abs())
    lse64 = lse.double()
    same = lse64 == ref_lse
    err_lse = torch.where(same, torch.zeros_like(lse64), (lse64 - ref_lse).abs())
    bad_lse = torch.isnan(lse64) | (err_lse > 1e-3 + 1e-4 * ref_lse.abs().nan_to_num(0, 0, 0))
    ok = not bad_out.any() and not bad_lse.any()
    err_out = (out64 - ref_out).abs().nan_to_num(float("inf")).max().item()
    print(f"{name}: Out max err {err_out:.2e} ({int(bad_out.sum())} bad), Lse max err "
          f"{err_lse.nan_to_num(float('inf')).max().item():.2e} ({int(bad_lse.sum())} bad), "
          f"{int(torch.isinf(ref_lse).sum())} rows see no key: {'PASS' if ok else 'FAIL'}",
          flush=True)
    return ok


def median_ms(fn, iters=20):
    """Median time of fn() over CUDA events, after 3 warm-up calls."""
    for _ in range(3):
        fn()
    times = []
    for _ in range(iters):
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
        fn()
        end.record()
        end.synchronize()
        times.append(start.elapsed_time(end))
    return sorted(times)[len(times) // 2]


def alibi_slopes(heads):
    return torch.tensor([2.0 ** (-8.0 * (h + 1) / heads) for h in range(heads)],
                        device="cuda", dtype=torch.float32)


def check_varlen(module, path, shape, gen, dtype, bench):
    """fa2_varlen: B sequences of random lengths up to N packed as [total, H, D],
    passed as [H, total, D] views (no copies)."""
    b, h, n, d = shape
    manifest = module.manifest
    causal = bool(constant(manifest, "CAUSAL", 0))
    lens = torch.randint(1, n + 1, (b,), generator=gen, device="cuda").tolist()
    lens[0] = n
    cu = [0]
    for length in lens:
        cu.append(cu[-1] + length)
    total = cu[-1]
    q, k, v = (torch.randn(total, h, d, device="cuda", dtype=dtype, generator=gen) for _ in range(3))
    out = torch.full((total, h, d), float("nan"), device="cuda", dtype=dtype)
    lse = torch.full((h, total), float("nan"), device="cuda", dtype=torch.float32)
    cuseq = torch.tensor(cu, device="cuda", dtype=torch.int32)
    scale = 1.0 / math.sqrt(d)
    args = dict(Q=q.transpose(0, 1), K=k.transpose(0, 1), V=v.transpose(0, 1), CuSeqlens=cuseq,
                sm_scale=scale, Out=out.transpose(0, 1), Lse=lse)
    module(**args)
    tt.wait(TIMEOUT, what=os.path.basename(path))
    ref_out = torch.zeros(total, h, d, dtype=torch.float64, device="cuda")
    ref_lse = torch.zeros(h, total, dtype=torch.float64, device="cuda")
    for i, length in enumerate(lens):
        a, e = cu[i], cu[i + 1]
        o, l = attention_reference(q[a:e].transpose(0, 1), k[a:e].transpose(0, 1),
                                   v[a:e].transpose(0, 1), scale, causal)
        ref_out[a:e] = o.transpose(0, 1)
        ref_lse[:, a:e] = l
    ok = compare(f"{os.path.basename(path)} varlen {lens} H={h} D={d}", out, lse, ref_out, ref_lse,
                 manifest.param("Q")["dtype"])
    if bench and ok:
        ours = median_ms(lambda: module(**args))
        seqs = [(q[cu[i]:cu[i + 1]].transpose(0, 1)[None], k[cu[i]:cu[i + 1]].transpose(0, 1)[None],
                 v[cu[i]:cu[i + 1]].transpose(0, 1)[None]) for i in range(b)]

        def sdpa_loop():
            for qs, ks, vs in seqs:
                torch.nn.functional.scaled_dot_product_attention(qs, ks, vs, is_causal=causal)
        with torch.nn.attention.sdpa_kernel(torch.nn.attention.SDPBackend.FLASH_ATTENTION):
            theirs = median_ms(sdpa_loop)
        flops = sum(4 * h * L * L * d for L in lens) / (2 if causal else 1)
        print(f"  bench varlen total={total}: tessera {ours:.3f} ms ({flops / ours / 1e9:.1f} TFLOP/s), "
              f"SDPA-flash per sequence {theirs:.3f} ms ({flops / theirs / 1e9:.1f}): "
              f"{theirs / ours:.2f}x", flush=True)
    return ok


def check_bnhd(module, path, shape, gen, dtype, bench):
    """fa2_bnhd: [B, N, H, D] storage passed as [B, H, N, D] views, ALiBi."""
    b, h, n, d = shape
    manifest = module.manifest
    causal = bool(constant(manifest, "CAUSAL", 0))
    left = int(constant(manifest, "WINDOW_LEFT", -1))
    right = int(constant(manifest, "WINDOW_RIGHT", -1))
    alibi = bool(constant(manifest, "ALIBI", 0))
    q, k, v = (torch.randn(b, n, h, d, device="cuda", dtype=dtype, generator=gen) for _ in range(3))
    out = torch.full((b, n, h, d), float("nan"), device="cuda", dtype=dtype)
    lse = torch.full((b, h, n), float("nan"), device="cuda", dtype=torch.float32)
    slopes = alibi_slopes(h)
    scale = 1.0 / math.sqrt(d)
    args = dict(Q=q.transpose(1, 2), K=k.transpose(1, 2), V=v.transpose(1, 2), Slopes=slopes,
                sm_scale=scale, Out=out.transpose(1, 2), Lse=lse)
    module(**args)
    tt.wait(TIMEOUT, what=os.path.basename(path))
    visible = attention_visible(n, n, causal, (left, right), device="cuda")
    i = torch.arange(n, device="cuda")[:, None]
    j = torch.arange(n, device="cuda")[None, :]
    ref_out = torch.empty(b, n, h, d, dtype=torch.float64, device="cuda")
    ref_lse = torch.empty(b, h, n, dtype=torch.float64, device="cuda")
    for bi in range(b):
        o, l = attention_reference(q[bi].transpose(0, 1), k[bi].transpose(0, 1),
                                   v[bi].transpose(0, 1), scale, causal, (left, right),
                                   slopes if alibi else None)
        ref_out[bi] = o.transpose(0, 1)
        ref_lse[bi] = l
    ok = compare(f"{os.path.basename(path)} [B,N,H,D] {shape} causal={int(causal)} "
                 f"window=({left},{right}) alibi={int(alibi)}", out, lse, ref_out, ref_lse,
                 manifest.param("Q")["dtype"])
    if bench and ok:
        ours = median_ms(lambda: module(**args))
        qt, kt, vt = q.transpose(1, 2), k.transpose(1, 2), v.transpose(1, 2)
        if alibi:
            bias = (-slopes[:, None, None] * (i - j).abs()).to(dtype).masked_fill(~visible, float("-inf"))
            label = "SDPA (efficient, additive ALiBi mask)"
            peer = lambda: torch.nn.functional.scaled_dot_product_attention(qt, kt, vt, attn_mask=bias)  # noqa: E731
        else:
            label = "SDPA-flash"

            def peer():
                with torch.nn.attention.sdpa_kernel(torch.nn.attention.SDPBackend.FLASH_ATTENTION):
                    torch.nn.functional.scaled_dot_product_attention(qt, kt, vt, is_causal=causal)
        theirs = median_ms(peer)
        flops = 4 * b * h * n * n * d / (2 if causal else 1)
        print(f"  bench: tessera {ours:.3f} ms ({flops / ours / 1e9:.1f} TFLOP/s), {label} "
              f"{theirs:.3f} ms: {theirs / ours:.2f}x", flush=True)
    return ok


def check_paged(module, path, shape, gen, dtype, bench, nq=1):
    """fa2_paged_decode: NQ new tokens per sequence over a paged cache."""
    b, h, n, d = shape
    manifest = module.manifest
    page = int(constant(manifest, "PAGE", 64))
    blocks = -(-n // page)
    lens = torch.randint(nq, n + 1, (b,), generator=gen, device="cuda").tolist()
    lens[0] = n
    nb = b * blocks
    table = torch.randperm(nb, generator=gen, device="cuda").to(torch.int32).view(b, blocks)
    kc, vc = (torch.randn(nb, page, h, d, device="cuda", dtype=dtype, generator=gen) for _ in range(2))
    q = torch.randn(b, nq, h, d, device="cuda", dtype=dtype, generator=gen)
    out = torch.full((b, nq, h, d), float("nan"), device="cuda", dtype=dtype)
    lse = torch.full((b, h, nq), float("nan"), device="cuda", dtype=torch.float32)
    seqlens = torch.tensor(lens, device="cuda", dtype=torch.int32)
    scale = 1.0 / math.sqrt(d)
    args = dict(Q=q.transpose(1, 2), KCache=kc.transpose(1, 2), VCache=vc.transpose(1, 2),
                BlockTable=table, SeqLens=seqlens, sm_scale=scale, Out=out.transpose(1, 2), Lse=lse)
    module(**args)
    tt.wait(TIMEOUT, what=os.path.basename(path))
    ref_out = torch.empty(b, nq, h, d, dtype=torch.float64, device="cuda")
    ref_lse = torch.empty(b, h, nq, dtype=torch.float64, device="cuda")
    for bi, length in enumerate(lens):
        kk = kc[table[bi].long()].reshape(-1, h, d)[:length].transpose(0, 1)
        vv = vc[table[bi].long()].reshape(-1, h, d)[:length].transpose(0, 1)
        # The new tokens are the sequence's last: each sees the keys up to itself.
        qpos = torch.arange(length - nq, length, device="cuda")
        o, l = attention_reference(q[bi].transpose(0, 1), kk, vv, scale, causal=True,
                                   query_positions=qpos)
        ref_out[bi] = o.transpose(0, 1)
        ref_lse[bi] = l
    ok = compare(f"{os.path.basename(path)} paged B={b} H={h} max={n} NQ={nq} D={d} page={page}",
                 out, lse, ref_out, ref_lse, manifest.param("Q")["dtype"])
    if bench and ok:
        ours = median_ms(lambda: module(**args))
        kd = kc[table.long()].reshape(b, -1, h, d)[:, :n].transpose(1, 2).contiguous()
        vd = vc[table.long()].reshape(b, -1, h, d)[:, :n].transpose(1, 2).contiguous()
        qd = q.transpose(1, 2)

        def peer():
            with torch.nn.attention.sdpa_kernel(torch.nn.attention.SDPBackend.FLASH_ATTENTION):
                torch.nn.functional.scaled_dot_product_attention(qd, kd, vd)
        theirs = median_ms(peer)
        moved = 2 * sum(lens) * h * d * kc.element_size()
        print(f"  bench decode: tessera {ours:.3f} ms ({moved / ours / 1e6:.0f} GB/s of K/V), "
              f"SDPA-flash on contiguous K/V of length {n} {theirs:.3f} ms: {theirs / ours:.2f}x",
              flush=True)
    return ok


def check(path, shape, seed, bench=False):
    module = tt.load(path)
    manifest = module.manifest
    gen = torch.Generator(device="cuda").manual_seed(seed)
    dtype = {"f16": torch.float16, "bf16": torch.bfloat16}[manifest.param("Q")["dtype"]]
    if manifest.param("CuSeqlens"):
        return check_varlen(module, path, shape, gen, dtype, bench)
    if manifest.param("BlockTable"):
        return check_paged(module, path, shape, gen, dtype, bench)
    if len(manifest.param("Q")["shape"]) == 4:
        return check_bnhd(module, path, shape, gen, dtype, bench)
    b, h, n, d = shape
    dtype_name = manifest.param("Q")["dtype"]
    dtype = {"f16": torch.float16, "bf16": torch.bfloat16}[dtype_name]
    causal = bool(constant(manifest, "CAUSAL", 0))
    left = int(constant(manifest, "WINDOW_LEFT", -1))
    right = int(constant(manifest, "WINDOW_RIGHT", -1))
    gen = torch.Generator(device="cuda").manual_seed(seed)
    q, k, v = (torch.randn(b * h, n, d, device="cuda", dtype=dtype, generator=gen)
               for _ in range(3))
    scale = 1.0 / math.sqrt(d)
    call = tt.AttentionCall(module, q, k, v, causal, scale)
    # Poison the outputs: an element the kernel does not write stays NaN.
    for spec in manifest.params:
        if spec.get("role") == "output":
            call.tensors[spec["name"]].fill_(float("nan"))
    call()
    tt.wait(TIMEOUT, what=f"{os.path.basename(path)} at {','.join(map(str, shape))}")
    out = call.tensors["Out"]
    lse = call.tensors.get("Lse")
    ref_out, ref_lse = attention_reference(q, k, v, scale, causal, (left, right))
    if lse is None:  # FA1 writes no Lse
        lse = ref_lse.float()
    return compare(f"{os.path.basename(path)} {','.join(map(str, shape))} {dtype_name} "
                   f"causal={int(causal)} window=({left},{right})", out, lse, ref_out, ref_lse,
                   dtype_name)


def check_job(job):
    """One run, in the worker: (manifest path, shape, seed, timeout) -> ok."""
    global TIMEOUT
    path, shape, seed, TIMEOUT, bench = job
    return check(path, shape, seed, bench)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("manifests", nargs="+")
    parser.add_argument("--shapes", nargs="+", default=["1,3,200,64", "2,3,77,64", "3,2,333,64",
                                                        "1,3,200,128", "2,3,77,128", "2,2,1031,128"])
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--bench", action="store_true",
                        help="also time each passing run against its PyTorch peer")
    parser.add_argument("--timeout", type=float, default=60,
                        help="seconds per run before it is reported as TIMEOUT (60; 0: all "
                             "runs in this process, no limit)")
    args = parser.parse_args()
    shapes = [tuple(int(x) for x in s.split(",")) for s in args.shapes]
    passed = failed = 0
    with tt.runner(check_job, args.timeout) as runner:
        for path in args.manifests:
            head_dim = tt.Manifest.load(path).head_dim
            for shape in shapes:
                if head_dim is not None and shape[3] != head_dim:
                    continue
                name = f"{os.path.basename(path)} {','.join(map(str, shape))}"
                outcome = runner.run((path, shape, args.seed, args.timeout, args.bench),
                                     label=name)
                ok = outcome.status == "done" and outcome.value
                if outcome.status == "timeout":
                    print(outcome.message, flush=True)
                elif outcome.status != "done":  # a launch or binding error is a failure
                    print(f"{name}: {outcome.status.upper()} {outcome.message}", flush=True)
                passed += bool(ok)
                failed += not ok
    print(f"check_attention: {passed} passed, {failed} failed")
    tt.exit_now(1 if failed else 0)


if __name__ == "__main__":
    main()
