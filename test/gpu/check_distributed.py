#!/usr/bin/env python3
"""tessera.distributed on one GPU: the ring schedule of context-parallel
attention (every rank simulated in one process, CUDA tensors: FA2 per chunk
pair and kernels/attn_merge.tile) against fp64, and the merge kernel timed
against the same formula in eager PyTorch. The NCCL runs need several GPUs
(issue 17).

usage: python3 test/gpu/check_distributed.py [--out DIR] [--no-bench]
       python3 test/gpu/check_distributed.py --precompile sm_90a   (where tessera-compile is)

Checks: f16 and bf16, D = 64 and 128, world sizes 1, 2, 4, 8, causal (the
load-balanced split) and not, [B, N, H] = [1, 4096, 8] (and 2048 for W = 8
causal chunks of 128). Pass: out within the interpreter's tolerance of fp64
(f16 2e-3 + 2e-3·|ref|, bf16 1.6e-2 + 1.6e-2·|ref|), lse within
1e-3 + 1e-4·|ref|. Bench: the merge of one partial into a running result
[B, N, H, D] = [4, 8192, 32, 128] (f32 running, f16 partial): GB/s = bytes
read and written over the median time (do_bench, L2 flushed), against eager
PyTorch's torch.logaddexp form on the same tensors. Writes DIR/distributed.csv;
exits 1 on any failed check.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..",
                                "python"))

import torch  # noqa: E402

import tessera  # noqa: E402
from tessera import distributed as cp  # noqa: E402
from tessera import ops  # noqa: E402
from tessera.ops import flash_attn as fa  # noqa: E402
from tessera.testing import (TOLERANCES, assert_close, attention_reference,  # noqa: E402
                             do_bench, finish_checks, record_check, start_checks)

DTYPES = {"f16": torch.float16, "bf16": torch.bfloat16}
WORLDS = (1, 2, 4, 8)


def precompile(target):
    count = 0
    for dtype in DTYPES.values():
        for d in ops.SUPPORTED_HEAD_DIMS:
            for causal in (False, True):
                source, constants = fa.kernel_constants(dtype, d, causal, -1, -1, "fa2_bnhd",
                                                        alibi=False, target=target)
                tessera.compile(source, target, **constants)
                count += 1
            source, constants = fa.kernel_source(dtype, "attn_merge")
            tessera.compile(source, target, HEAD_DIM=d, **constants)
            count += 1
    print(f"{count} kernels in {tessera._paths.cache_dir()} for {target}")


def check(name, d, world, causal, rows):
    dtype = DTYPES[name]
    n = 2048 if causal and world == 8 else 4096
    generator = torch.Generator(device="cuda").manual_seed(world * 2 + causal)
    q, k, v = ((torch.rand(1, n, 8, d, device="cuda", generator=generator) * 2 - 1).to(dtype)
               for _ in range(3))
    out, lse = cp.ring_attention_simulated(q, k, v, world, causal=causal)
    torch.cuda.synchronize()
    want, want_lse = attention_reference(*(x.transpose(1, 2) for x in (q, k, v)),
                                         causal=causal)
    row = dict(kind="ring", dtype=name, d=d, world=world, causal=int(causal), n=n)

    def checks():
        assert_close(out, want.transpose(1, 2), *TOLERANCES[name], "out")
        assert_close(lse, want_lse, *TOLERANCES["lse"], "lse")

    record_check(row, f"ring {name} D={d} W={world} causal={int(causal)} N={n}", checks)
    rows.append(row)
    return row["result"] == "ok"


def eager_merge(out, lse, part, part_lse):
    total = torch.logaddexp(lse, part_lse)
    safe = torch.where(torch.isinf(total), 0.0, total)
    a = torch.exp(lse - safe).transpose(1, 2)[..., None]
    b = torch.exp(part_lse - safe).transpose(1, 2)[..., None]
    out.copy_(out * a + part.float() * b)
    lse.copy_(total)


def bench(rows):
    b, n, h, d = 4, 8192, 32, 128
    out = torch.rand(b, n, h, d, device="cuda")
    lse = torch.rand(b, h, n, device="cuda")
    part = torch.rand(b, n, h, d, device="cuda").half()
    part_lse = torch.rand(b, h, n, device="cuda")
    # Running out read and written (f32), part read (f16), the LSEs.
    nbytes = out.numel() * (4 + 4 + 2) + lse.numel() * 4 * 3
    times = {"tessera": do_bench(lambda: cp.merge(out, lse, part, part_lse)),
             "eager": do_bench(lambda: eager_merge(out, lse, part, part_lse))}
    for peer, ms in times.items():
        print(f"merge [{b}, {n}, {h}, {d}] {peer}: {ms * 1e3:.1f} us, "
              f"{nbytes / ms / 1e6:.0f} GB/s")
    rows.append(dict(kind="merge-bench", dtype="f16", d=d, n=n,
                     **{f"ms {k}": f"{v:.5f}" for k, v in times.items()},
                     ratio=f"{times['eager'] / times['tessera']:.2f}"))


def main():
    args = start_checks(__doc__, "check-distributed", precompile)
    rows, ok = [], True
    for name in DTYPES:
        for d in ops.SUPPORTED_HEAD_DIMS:
            for world in WORLDS:
                for causal in (False, True):
                    ok &= check(name, d, world, causal, rows)
    return finish_checks(args, rows, "ring", "distributed.csv", ok, bench)


if __name__ == "__main__":
    sys.exit(main())
