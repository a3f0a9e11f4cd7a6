#!/usr/bin/env python3
"""tessera.distributed.ring_attention over NCCL, one process a GPU: the
multi-GPU run of issue 17 (context-parallel attention).

usage: python3 test/gpu/check_ring_nccl.py [--worlds 1,2,4,8] [--out DIR] [--no-bench]
       python3 test/gpu/check_ring_nccl.py --cpu     (gloo on CPU tensors, the interpreter:
                                                      the script's own logic, small shapes)

Every world size W runs in W processes (torch.multiprocessing, rank r on
cuda:r, NCCL through a file rendezvous); default: 1, 2, 4 and 8 up to the
GPUs present; asking for more W than there are GPUs is an error.

Checks, each W: f16, D = 64 and 128, causal (the load-balanced split) and
not, [B, N, H] = [1, 4096, 8]: the ranks' out and lse, gathered and put back
in sequence order, against fp64 attention on the whole sequence (out within
2e-3 + 2e-3·|ref|, lse within 1e-3 + 1e-4·|ref|) and against
ring_attention_simulated on one GPU (the same kernels in the same order:
equal within the same tolerance).

Bench (not with --no-bench): fixed total sequence, [B, N, H, D] =
[1, 32768, 32, 128] f16, causal and not. Per W, the median over 10 calls of
the slowest rank's time for: ring_attention; the same local steps without
the exchange (compute); the W - 1 exchanges alone (exchange). Reports ms,
tokens/s, the speed-up over W = 1 and the share of the exchange hidden under
compute, (compute + exchange - ring) / exchange. Writes DIR/ring-nccl.csv;
exits 1 on any failed check.
"""
import argparse
import datetime
import os
import statistics
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..",
                                "python"))

import torch  # noqa: E402
import torch.distributed as dist  # noqa: E402
import torch.multiprocessing as mp  # noqa: E402

from tessera import distributed as cp  # noqa: E402
from tessera.testing import (TOLERANCES, assert_close, attention_reference,  # noqa: E402
                             record_check, write_rows)

CHECK_SHAPE = (1, 4096, 8)                  # B, N, H (the CPU run: 1, 64, 2)
BENCH_SHAPE = (1, 32768, 32, 128)           # B, N, H, D
REPS = 10
# A rank that waits longer than this on the others fails (no hung run).
TIMEOUT = datetime.timedelta(seconds=120)


def inputs(b, n, h, d, device, seed):
    generator = torch.Generator(device=device).manual_seed(seed)
    return [(torch.rand(b, n, h, d, device=device, generator=generator) * 2 - 1).half()
            for _ in range(3)]


def gather(tensor, world):
    """Every rank's tensor on every rank (all_gather of equal shapes)."""
    parts = [torch.empty_like(tensor) for _ in range(world)]
    dist.all_gather(parts, tensor.contiguous())
    return parts


def slowest_ms(fn, device):
    """Median over REPS calls of the slowest rank's time of fn() in ms."""
    times = []
    for _ in range(REPS + 2):
        dist.barrier()
        if device.type == "cuda":
            torch.cuda.synchronize(device)
            start, end = (torch.cuda.Event(enable_timing=True) for _ in range(2))
            start.record()
            fn()
            end.record()
            torch.cuda.synchronize(device)
            ms = start.elapsed_time(end)
        else:
            begin = time.perf_counter()
            fn()
            ms = (time.perf_counter() - begin) * 1e3
        slowest = torch.tensor([ms], dtype=torch.float64, device=device)
        dist.all_reduce(slowest, op=dist.ReduceOp.MAX)
        times.append(slowest.item())
    return statistics.median(times[2:])


def compute_only(q, k, v, causal, rank, world):
    """ring_attention's local steps without the exchange: the rank's own K/V
    standing in for each step's (the same kernels at the same sizes)."""
    running = cp._Running(q, cp.chunk_ids(rank, world, causal))
    for step in range(world):
        source = (rank - step) % world
        cp._attend(running, q, k, v, cp.chunk_ids(source, world, causal), causal, None)
    return cp._finish(running, q.dtype)


def exchange_only(k, v, rank, world):
    """ring_attention's W - 1 K/V exchanges alone."""
    kv = torch.stack([k, v]).contiguous()
    for _ in range(world - 1):
        incoming = torch.empty_like(kv)
        for request in dist.batch_isend_irecv([
                dist.P2POp(dist.isend, kv, (rank + 1) % world),
                dist.P2POp(dist.irecv, incoming, (rank - 1) % world)]):
            request.wait()
        kv = incoming


def divisible(n, world):
    """n rounded down to a multiple of 2 W (every world size splits it)."""
    return n - n % (2 * world)


def check(rank, world, device, d, causal, shape):
    b, n, h = shape
    n = divisible(n, world)
    q, k, v = inputs(b, n, h, d, device, seed=world * 4 + 2 * (d == 128) + causal)
    local = [cp.shard(x, rank, world, causal) for x in (q, k, v)]
    out, lse = cp.ring_attention(*local, causal=causal)
    out = cp.unshard(gather(out, world), causal)
    lse = cp.unshard(gather(lse, world), causal, dim=2)
    if rank != 0:
        return None
    row = dict(kind="ring", world=world, d=d, causal=int(causal), n=n, dtype="f16")

    def checks():
        want, want_lse = attention_reference(*(x.transpose(1, 2) for x in (q, k, v)),
                                             causal=causal)
        assert_close(out, want.transpose(1, 2), *TOLERANCES["f16"], "out against fp64")
        assert_close(lse, want_lse, *TOLERANCES["lse"], "lse against fp64")
        one, one_lse = cp.ring_attention_simulated(q, k, v, world, causal=causal)
        assert_close(out, one, *TOLERANCES["f16"], "out against the one-GPU schedule")
        assert_close(lse, one_lse, *TOLERANCES["lse"], "lse against the one-GPU schedule")

    record_check(row, f"ring W={world} D={d} causal={int(causal)} N={n}", checks)
    return row


def bench(rank, world, device, causal, shape):
    b, n, h, d = shape
    n = divisible(n, world)
    q, k, v = (cp.shard(x, rank, world, causal)
               for x in inputs(b, n, h, d, device, seed=1))
    ring = slowest_ms(lambda: cp.ring_attention(q, k, v, causal=causal), device)
    compute = slowest_ms(lambda: compute_only(q, k, v, causal, rank, world), device)
    exchange = slowest_ms(lambda: exchange_only(k, v, rank, world), device) \
        if world > 1 else 0.0
    if rank != 0:
        return None
    hidden = (compute + exchange - ring) / exchange if exchange > 0 else float("nan")
    row = dict(kind="bench", world=world, d=d, causal=int(causal), n=n, dtype="f16",
               **{"ms ring": f"{ring:.4f}", "ms compute": f"{compute:.4f}",
                  "ms exchange": f"{exchange:.4f}", "tokens/s": f"{n / ring * 1e3:.0f}",
                  "exchange hidden": f"{hidden:.2f}"})
    print(f"bench W={world} causal={int(causal)} [{b}, {n}, {h}, {d}]: ring {ring:.3f} ms "
          f"(compute {compute:.3f}, exchange {exchange:.3f}, hidden {hidden:.0%}), "
          f"{n / ring * 1e3:.0f} tokens/s", flush=True)
    return row


def rank_main(rank, world, args, init, result_dir):
    if args.cpu:
        device = torch.device("cpu")
        dist.init_process_group("gloo", init_method=init, rank=rank, world_size=world,
                                timeout=TIMEOUT)
    else:
        device = torch.device("cuda", rank)
        torch.cuda.set_device(device)
        dist.init_process_group("nccl", init_method=init, rank=rank, world_size=world,
                                device_id=device, timeout=TIMEOUT)
    rows = []
    try:
        shape = (1, 64, 2) if args.cpu else CHECK_SHAPE
        for d in (64, 128):
            for causal in (False, True):
                rows.append(check(rank, world, device, d, causal, shape))
        if not args.no_bench:
            shape = (1, 256, 2, 64) if args.cpu else BENCH_SHAPE
            for causal in (False, True):
                rows.append(bench(rank, world, device, causal, shape))
    finally:
        dist.destroy_process_group()
    if rank == 0:
        torch.save(rows, os.path.join(result_dir, "rows.pt"))


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--worlds", help="comma-separated world sizes (default: 1, 2, 4, 8 "
                        "up to the GPUs present)")
    parser.add_argument("--out", default=os.environ.get("OUT", "build/gpu/ring-nccl"))
    parser.add_argument("--no-bench", action="store_true")
    parser.add_argument("--cpu", action="store_true",
                        help="gloo on CPU tensors through the interpreter, small shapes")
    args = parser.parse_args()
    available = 8 if args.cpu else torch.cuda.device_count()   # gloo: ranks share CPUs
    if not args.cpu and available == 0:
        parser.exit(1, "no GPU: torch.cuda sees none (--cpu runs the logic on gloo)\n")
    if not args.cpu and not dist.is_nccl_available():
        parser.exit(1, "this torch has no NCCL backend\n")
    if args.worlds:
        try:
            args.worlds = [int(w) for w in args.worlds.split(",")]
        except ValueError:
            parser.error(f"--worlds: expected comma-separated integers, got {args.worlds!r}")
        for w in args.worlds:
            if w < 1 or w > available:
                parser.error(f"--worlds: {w} ranks need {w} GPUs; {available} here"
                             if not args.cpu else f"--worlds: 1 to {available} with --cpu")
    else:
        args.worlds = [w for w in (1, 2, 4, 8) if w <= available]
    return args


def main():
    args = parse_args()
    if not args.cpu:
        print(f"{torch.cuda.device_count()} x {torch.cuda.get_device_name()}, "
              f"torch {torch.__version__}, NCCL {torch.cuda.nccl.version()}\n", flush=True)
    rows = []
    for world in args.worlds:
        with tempfile.TemporaryDirectory() as directory:
            init = "file://" + os.path.join(directory, "rendezvous")
            mp.spawn(rank_main, args=(world, args, init, directory), nprocs=world, join=True)
            rows += torch.load(os.path.join(directory, "rows.pt"))
    base = {r["causal"]: float(r["ms ring"]) for r in rows
            if r["kind"] == "bench" and r["world"] == 1}
    for r in rows:
        if r["kind"] == "bench" and r["causal"] in base:
            r["speed-up"] = f"{base[r['causal']] / float(r['ms ring']):.2f}"
    checks = [r for r in rows if "result" in r]
    failed = sum(r["result"] == "FAIL" for r in checks)
    print(f"\n{len(checks) - failed} of {len(checks)} ring checks passed")
    os.makedirs(args.out, exist_ok=True)
    write_rows(os.path.join(args.out, "ring-nccl.csv"), rows, first=("kind", "world"))
    print(f"wrote {args.out}/ring-nccl.csv")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
