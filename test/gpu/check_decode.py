#!/usr/bin/env python3
"""tessera.ops.flash_attn_with_kvcache on the GPU: decoding over a paged K/V
cache (kernels/fa2_paged_decode.tile), one pass and split-KV, against fp64
and timed against SDPA-flash on the same K/V made contiguous.

usage: python3 test/gpu/check_decode.py [--out DIR] [--no-bench]
       python3 test/gpu/check_decode.py --precompile sm_90a    (where tessera-compile is)

Checks: f16 and bf16, D = 64 and 128, MHA and GQA, pages of 16, 64 and 256
tokens (256 runs as pages of 64), NQ = 1 and 4, causal, split counts 1, the
heuristic's and 7, random sequence lengths over randomly permuted pages.
Pass: out within the interpreter's tolerance of fp64 (f16 2e-3 + 2e-3·|ref|,
bf16 1.6e-2 + 1.6e-2·|ref|), lse within 1e-3 + 1e-4·|ref|. Bench: median
of tessera.testing.do_bench (L2 flushed); GB/s = the K/V bytes the lengths
need over the time; SDPA-flash gets the same K/V gathered into contiguous
[B, HK, N, D] tensors (its best case; GQA heads repeated) with one query.
Writes DIR/decode.csv; exits 1 on any failed check.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..",
                                "python"))

import torch  # noqa: E402

import tessera  # noqa: E402
from tessera import ops  # noqa: E402
from tessera.ops import flash_attn as fa  # noqa: E402
from tessera.testing import (TOLERANCES, attention_reference, do_bench,  # noqa: E402
                             finish_checks, max_error, start_checks)

DTYPES = {"f16": torch.float16, "bf16": torch.bfloat16}
# (B, H, HK, max tokens, D, page, NQ)
CHECKS = [(3, 8, 8, 1000, 128, 64, 1), (3, 8, 2, 1000, 128, 16, 4), (2, 8, 1, 700, 64, 256, 1),
          (2, 4, 4, 300, 64, 64, 4)]
SPLITS = (1, 0, 7)
# (B, H, HK, tokens, D): v7's two shapes, then GQA decoding of long contexts.
BENCH = [(8, 16, 16, 2048, 128), (32, 32, 32, 4096, 128), (1, 32, 8, 8192, 128),
         (4, 32, 8, 32768, 128), (16, 32, 8, 4096, 128)]
PAGE = 64


def precompile(target):
    count = 0
    for dtype in DTYPES.values():
        for d in ops.SUPPORTED_HEAD_DIMS:
            for page in (16, 64):
                source, constants = fa.kernel_constants(dtype, d, True, -1, -1,
                                                        "fa2_paged_decode",
                                                        extra=(("PAGE", page),))
                for entry in ("fa2_paged_decode", "fa2_paged_decode_split",
                              "fa2_paged_decode_combine"):
                    tessera.compile(source, target, kernel=entry, **constants)
                    count += 1
    print(f"{count} kernels in {tessera._paths.cache_dir()} for {target}")


def make_cache(b, hk, n, d, page, dtype, generator, lens=None):
    blocks = -(-n // page)
    if lens is None:
        lens = torch.randint(1, n + 1, (b,), generator=generator, device="cuda").tolist()
        lens[0] = n
    nb = b * blocks
    table = torch.randperm(nb, generator=generator, device="cuda").to(torch.int32).view(b, blocks)
    kc, vc = (torch.randn(nb, page, hk, d, generator=generator, device="cuda", dtype=dtype)
              for _ in range(2))
    return kc, vc, table, lens


def gathered(cache, table, lens, h):
    """[B, h, max(lens), D], the cache's heads repeated to h (GQA)."""
    b, n = table.shape[0], max(lens)
    x = cache[table.long()].reshape(b, -1, *cache.shape[2:])[:, :n]
    return x.repeat_interleave(h // cache.shape[2], dim=2).transpose(1, 2)


def check(dtype, b, h, hk, n, d, page, nq, splits, rows):
    generator = torch.Generator(device="cuda").manual_seed(b * 1000 + n + page + nq)
    kc, vc, table, lens = make_cache(b, hk, n, d, page, DTYPES[dtype], generator)
    q = torch.randn(b, nq, h, d, generator=generator, device="cuda", dtype=DTYPES[dtype])
    seqlens = torch.tensor(lens, dtype=torch.int32, device="cuda")
    out, lse = ops.flash_attn_with_kvcache(q, kc, vc, cache_seqlens=seqlens, block_table=table,
                                           causal=True, num_splits=splits,
                                           return_softmax_lse=True)
    torch.cuda.synchronize()
    keys, values = gathered(kc, table, lens, h).double(), gathered(vc, table, lens, h).double()
    ok, worst = True, 0.0
    for i, length in enumerate(lens):
        ref_out, ref_lse = attention_reference(q[i].transpose(0, 1).double(),
                                               keys[i, :, :length], values[i, :, :length],
                                               None, False, (-1, length - nq))
        atol, rtol = TOLERANCES[dtype]
        err = max_error(out[i].transpose(0, 1), ref_out)
        bound = atol + rtol * float(ref_out.abs().max())
        lse_err = max_error(lse[i], ref_lse)
        lse_bound = TOLERANCES["lse"][0] + TOLERANCES["lse"][1] * float(ref_lse.abs().max())
        ok &= err <= bound and lse_err <= lse_bound and not torch.isnan(out[i]).any()
        worst = max(worst, err)
    label = (f"{dtype} B={b} H={h} HK={hk} N<={n} D={d} page={page} NQ={nq} "
             f"splits={splits or 'auto'}")
    print(f"{'ok  ' if ok else 'FAIL'} {label}: max |out - fp64| {worst:.2e}", flush=True)
    rows.append(dict(kind="check", label=label, error=f"{worst:.3e}",
                     result="ok" if ok else "FAIL"))
    return ok


def bench(rows):
    from torch.nn.attention import SDPBackend, sdpa_kernel
    print("\n| B,H,HK,tokens,D | splits (auto) | tessera one pass | tessera split-KV | "
          "SDPA-flash (contiguous K/V) | split / one pass | split / SDPA |")
    print("|---|---|---|---|---|---|---|")
    for b, h, hk, n, d in BENCH:
        generator = torch.Generator(device="cuda").manual_seed(5)
        kc, vc, table, lens = make_cache(b, hk, n, d, PAGE, torch.float16, generator,
                                         lens=[n] * b)
        q = torch.randn(b, 1, h, d, generator=generator, device="cuda", dtype=torch.float16)
        seqlens = torch.tensor(lens, dtype=torch.int32, device="cuda")
        auto = fa.decode_splits(b, h, table.shape[1], q.device)
        # SDPA reads the HK heads (enable_gqa) where its flash backend can, else
        # the heads repeated (then it moves H / HK times the bytes).
        kd, vd = (gathered(x, table, lens, hk).contiguous() for x in (kc, vc))
        qd = q.transpose(1, 2)
        gqa = dict(enable_gqa=True) if hk != h else {}
        try:
            with sdpa_kernel(SDPBackend.FLASH_ATTENTION):
                torch.nn.functional.scaled_dot_product_attention(qd, kd, vd, **gqa)
        except RuntimeError:
            kd, vd = (x.repeat_interleave(h // hk, dim=1) for x in (kd, vd))
            gqa = {}
            print(f"  ({b},{h},{hk},{n},{d}): SDPA-flash gets the K/V heads repeated")

        def sdpa():
            with sdpa_kernel(SDPBackend.FLASH_ATTENTION):
                torch.nn.functional.scaled_dot_product_attention(qd, kd, vd, **gqa)
        times = {
            "one": do_bench(lambda: ops.flash_attn_with_kvcache(
                q, kc, vc, cache_seqlens=seqlens, block_table=table, causal=True,
                num_splits=1)),
            "split": do_bench(lambda: ops.flash_attn_with_kvcache(
                q, kc, vc, cache_seqlens=seqlens, block_table=table, causal=True)),
            "sdpa": do_bench(sdpa),
        }
        moved = 2 * sum(lens) * hk * d * 2
        cell = {k: f"{v * 1e3:.1f} µs, {moved / v / 1e6:.0f} GB/s" for k, v in times.items()}
        print(f"| {b},{h},{hk},{n},{d} | {auto} | {cell['one']} | {cell['split']} | "
              f"{cell['sdpa']} | {times['one'] / times['split']:.2f}× | "
              f"{times['sdpa'] / times['split']:.2f}× |", flush=True)
        rows.append(dict(kind="bench", label=f"{b},{h},{hk},{n},{d}", splits=auto,
                         **{f"ms {k}": f"{v:.5f}" for k, v in times.items()}))


def main():
    args = start_checks(__doc__, "check-decode", precompile)
    rows, ok = [], True
    for dtype in DTYPES:
        for b, h, hk, n, d, page, nq in CHECKS:
            for splits in SPLITS:
                ok &= check(dtype, b, h, hk, n, d, page, nq, splits, rows)
    return finish_checks(args, rows, "decode", "decode.csv", ok, bench)


if __name__ == "__main__":
    sys.exit(main())
