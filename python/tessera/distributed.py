"""Context-parallel (ring) attention over torch.distributed, on Tessera's FA2.

A sequence too long for one GPU is split across the ranks of a process group:
each rank holds a slice of Q, K and V. The K/V slices travel around the ring
(rank r sends to r + 1 and receives from r - 1, with torch.distributed's P2P
operations, issued before the local step so that the exchange overlaps it);
at each step every rank attends its queries to the K/V slice it holds with
FA2, which also writes the log-sum-exp, and folds the partial result into a
running one with kernels/attn_merge.tile:

    lse = log(exp(lse_a) + exp(lse_b)),  out = exp(lse_a - lse) out_a + exp(lse_b - lse) out_b

Causal attention uses the load-balanced split (`zigzag`): the sequence is cut
into 2·W equal chunks and rank r holds chunks r and 2W - 1 - r, so that every
rank has the same amount of visible work. A pair of chunks is then either
fully visible (the key chunk comes first), the diagonal (causal within the
chunk) or invisible (skipped).

    from tessera import distributed as cp
    q_local = cp.shard(q, rank, world, causal=True)        # [B, N/W, H, D]
    out_local, lse_local = cp.ring_attention(q_local, k_local, v_local, causal=True)
    out = cp.unshard(gathered_outs, causal=True)           # the whole sequence

`ring_attention_simulated` runs the same schedule for every rank of a world
in one process (tests, and the reference for the multi-GPU runs). The
forward pass only: no backward yet.
"""

import math

import torch

from . import compiler as _compiler
from .kernel import _interpret_forced
from .ops import _kernels
from .ops import flash_attn as _fa

__all__ = ["chunk_ids", "shard", "unshard", "merge", "ring_attention",
           "ring_attention_simulated"]


def chunk_ids(rank, world_size, causal):
    """The chunks of the sequence rank `rank` holds, in the order it stores
    them: [rank] of W chunks, or with `causal` [rank, 2W - 1 - rank] of 2W."""
    _check_rank(rank, world_size)
    return [rank, 2 * world_size - 1 - rank] if causal else [rank]


def _check_rank(rank, world_size):
    if not isinstance(world_size, int) or world_size < 1:
        raise ValueError(f"world_size: expected a positive integer, got {world_size!r}")
    if not 0 <= rank < world_size:
        raise ValueError(f"rank: expected 0 <= rank < {world_size}, got {rank}")


def _chunk_size(n, world_size, causal):
    chunks = world_size * (2 if causal else 1)
    if n % chunks != 0:
        raise ValueError(f"the sequence length {n} must be a multiple of {chunks} "
                         f"({'2 x ' if causal else ''}world size {world_size}"
                         f"{': the load-balanced causal split' if causal else ''})")
    return n // chunks


def shard(x, rank, world_size, causal=False):
    """Rank `rank`'s slice of x [B, N, H, D] along N (chunk_ids), contiguous."""
    size = _chunk_size(x.shape[1], world_size, causal)
    return torch.cat([x[:, c * size:(c + 1) * size]
                      for c in chunk_ids(rank, world_size, causal)], dim=1).contiguous()


def unshard(slices, causal=False, dim=1):
    """The whole sequence from every rank's slice (rank order) along `dim`
    (1 for [B, N, H, D] outputs, 2 for [B, H, N] LSEs)."""
    world_size = len(slices)
    parts = {}
    for rank, local in enumerate(slices):
        ids = chunk_ids(rank, world_size, causal)
        for c, piece in zip(ids, local.chunk(len(ids), dim=dim)):
            parts[c] = piece
    return torch.cat([parts[c] for c in sorted(parts)], dim=dim)


# ----------------------------------------------------------------------------
# The merge kernel
# ----------------------------------------------------------------------------

def merge(out, lse, part, part_lse):
    """Folds a partial attention result into a running one, in place
    (kernels/attn_merge.tile): out float32 [B, N, H, D] and lse float32
    [B, H, N] (a fresh result: 0 and -inf), part [B, N, H, D] in f16 or bf16
    with part_lse [B, H, N], as flash_attn_func(..., return_attn_probs=True)
    returns them. CUDA tensors run on the GPU, CPU tensors on the
    interpreter."""
    if out.dtype != torch.float32 or lse.dtype != torch.float32:
        raise TypeError("tessera.distributed.merge: the running out and lse must be "
                        f"float32, got {out.dtype} and {lse.dtype}")
    if part.shape != out.shape or part_lse.shape != lse.shape:
        raise ValueError(f"tessera.distributed.merge: part {tuple(part.shape)} and part_lse "
                         f"{tuple(part_lse.shape)} must match out {tuple(out.shape)} and lse "
                         f"{tuple(lse.shape)}")
    args = dict(Out=out.transpose(1, 2), Lse=lse, Part=part.transpose(1, 2),
                PartLse=part_lse)
    source, constants = _fa.kernel_source(part.dtype, "attn_merge")
    constants = dict(constants, HEAD_DIM=part.shape[-1])
    if part.device.type == "cuda" and not _interpret_forced():
        kernel = _kernels.cached_kernel(
            ("attn_merge", part.dtype, part.shape[-1]), part.device,
            lambda target: _compiler.compile(source, target, **constants))
        kernel(**args)
        return
    from .interpreter import interpret
    interpret(source, constants=constants, **args)


# ----------------------------------------------------------------------------
# The schedule
# ----------------------------------------------------------------------------

class _Running:
    """The running result of one rank's queries: per local chunk, out
    (float32) and lse."""

    def __init__(self, q, chunks):
        self.chunks = chunks
        self.size = q.shape[1] // len(chunks)
        b, _, h, d = q.shape
        self.out = torch.zeros((b, q.shape[1], h, d), dtype=torch.float32, device=q.device)
        self.lse = torch.full((b, h, q.shape[1]), -math.inf, dtype=torch.float32,
                              device=q.device)

    def rows(self, i):
        return slice(i * self.size, (i + 1) * self.size)


def _attend(running, q, k, v, kv_chunks, causal, softmax_scale):
    """One step: the rank's queries against the K/V chunks it holds now. GQA
    K/V travel with their own heads and go to FA2 as they are (query head h
    reads K/V head h / (H / HK))."""
    size = running.size
    for i, qc in enumerate(running.chunks):
        for j, kc in enumerate(kv_chunks):
            if causal and kc > qc:
                continue                             # every key after every query
            rows, keys = running.rows(i), slice(j * size, (j + 1) * size)
            part, part_lse, _ = _fa.flash_attn_func(
                q[:, rows], k[:, keys], v[:, keys], softmax_scale=softmax_scale,
                causal=causal and kc == qc, return_attn_probs=True)
            merge(running.out[:, rows], running.lse[:, :, rows], part, part_lse)


def _finish(running, dtype):
    return running.out.to(dtype), running.lse


def ring_attention(q, k, v, causal=False, softmax_scale=None, group=None):
    """This rank's attention over the whole sequence of a torch.distributed
    group (default: the world): q, k, v [B, N/W, H, D] its slice (shard; for
    causal, the load-balanced chunks); k and v may have fewer heads (GQA: sent
    and attended as they are). K/V go around the ring with
    batch_isend_irecv (NCCL on CUDA tensors, gloo on CPU ones), each exchange
    issued before the local step it overlaps. Returns (out [B, N/W, H, D] in
    q's dtype, lse float32 [B, H, N/W]) for the rank's rows."""
    import torch.distributed as dist
    world_size = dist.get_world_size(group)
    rank = dist.get_rank(group)
    _check_local(q, k, v, world_size, causal)
    send_to = dist.get_global_rank(group, (rank + 1) % world_size) if group else \
        (rank + 1) % world_size
    recv_from = dist.get_global_rank(group, (rank - 1) % world_size) if group else \
        (rank - 1) % world_size
    running = _Running(q, chunk_ids(rank, world_size, causal))
    kv = torch.stack([k, v]).contiguous()
    for step in range(world_size):
        pending, incoming = None, None
        if step + 1 < world_size:
            incoming = torch.empty_like(kv)
            pending = dist.batch_isend_irecv([
                dist.P2POp(dist.isend, kv, send_to, group),
                dist.P2POp(dist.irecv, incoming, recv_from, group)])
        source = (rank - step) % world_size
        _attend(running, q, kv[0], kv[1], chunk_ids(source, world_size, causal), causal,
                softmax_scale)
        if pending is not None:
            for request in pending:
                request.wait()
            kv = incoming
    return _finish(running, q.dtype)


def ring_attention_simulated(q, k, v, world_size, causal=False, softmax_scale=None):
    """The schedule of ring_attention for every rank of a world of
    `world_size`, in one process: q, k, v [B, N, H, D] the whole sequence.
    At step t rank r holds the K/V slice of rank r - t. Returns (out, lse)
    of the whole sequence, as flash_attn_func on it would."""
    _chunk_size(q.shape[1], world_size, causal)
    locals_ = [[shard(x, r, world_size, causal) for x in (q, k, v)]
               for r in range(world_size)]
    runs = [_Running(locals_[r][0], chunk_ids(r, world_size, causal))
            for r in range(world_size)]
    for step in range(world_size):
        for rank in range(world_size):
            source = (rank - step) % world_size
            _attend(runs[rank], locals_[rank][0], locals_[source][1], locals_[source][2],
                    chunk_ids(source, world_size, causal), causal, softmax_scale)
    results = [_finish(run, q.dtype) for run in runs]
    return (unshard([o for o, _ in results], causal),
            unshard([lse for _, lse in results], causal, dim=2))


def _check_local(q, k, v, world_size, causal):
    if k.shape != v.shape or q.shape[:2] != k.shape[:2] or q.shape[3] != k.shape[3]:
        raise ValueError("tessera.distributed.ring_attention: q, k, v must be this rank's "
                         f"slices [B, N/W, H, D], got {tuple(q.shape)}, {tuple(k.shape)}, "
                         f"{tuple(v.shape)}")
    if q.shape[2] % k.shape[2] != 0:
        raise ValueError(f"tessera.distributed.ring_attention: {q.shape[2]} query heads are "
                         f"not a multiple of {k.shape[2]} K/V heads")
    if causal and q.shape[1] % 2 != 0:
        raise ValueError("tessera.distributed.ring_attention: a causal slice holds two "
                         f"equal chunks (shard(..., causal=True)), got {q.shape[1]} rows")
