"""tessera.distributed on the CPU interpreter: the merge kernel
(kernels/attn_merge.tile) against the fp64 formula, the ring schedule for
world sizes 1..8 simulated in one process against FA2 on the whole sequence
and the fp64 reference, causal (load-balanced) and not, and the same schedule
over torch.distributed with the gloo backend in separate processes."""

import math
import os
import tempfile
import unittest

from support import CacheTestCase, has_interpreter_module, has_module

ready = has_module("torch") and has_module("numpy") and has_interpreter_module()
if ready:
    import torch
    import torch.multiprocessing as mp
    from tessera import distributed as cp
    from tessera import ops
    from tessera.testing import TOLERANCES, assert_close, attention_reference

needs_cpu_run = unittest.skipUnless(ready, "needs torch, numpy and the interpreter module")


def inputs(b, n, h, d, dtype=None, seed=0):
    generator = torch.Generator().manual_seed(seed)
    return [(torch.rand(b, n, h, d, generator=generator) * 2 - 1).to(dtype or torch.float16)
            for _ in range(3)]


def reference(q, k, v, causal):
    out, lse = attention_reference(*(x.transpose(1, 2) for x in (q, k, v)), causal=causal)
    return out.transpose(1, 2), lse


@needs_cpu_run
class MergeTest(CacheTestCase):
    def test_against_the_formula(self):
        b, n, h, d = 1, 70, 2, 64                              # ragged rows
        generator = torch.Generator().manual_seed(1)
        out = torch.rand(b, n, h, d, generator=generator) * 2 - 1
        lse = torch.rand(b, h, n, generator=generator) * 8 - 4
        part = (torch.rand(b, n, h, d, generator=generator) * 2 - 1).half()
        part_lse = torch.rand(b, h, n, generator=generator) * 8 - 4
        lse[0, 0, :5] = -math.inf                             # no key yet: takes the part
        part_lse[0, 1, :5] = -math.inf                        # an empty part: no change
        lse[0, 1, 5:9] = part_lse[0, 1, 5:9] = -math.inf      # neither: 0 and -inf
        o64, l64, p64, pl64 = (x.double() for x in (out, lse, part, part_lse))
        total = torch.logaddexp(l64, pl64)
        weight = torch.where(torch.isinf(total), 0.0, torch.exp(l64 - total))
        pweight = torch.where(torch.isinf(total), 0.0, torch.exp(pl64 - total))
        want = (o64 * weight.transpose(1, 2)[..., None]
                + p64 * pweight.transpose(1, 2)[..., None])
        cp.merge(out, lse, part, part_lse)
        torch.testing.assert_close(out.double(), want, atol=1e-6, rtol=1e-6)
        torch.testing.assert_close(lse.double(), total, atol=1e-6, rtol=1e-6)
        self.assertTrue(torch.isneginf(lse[0, 1, 5:9]).all())
        self.assertTrue((out[0, 5:9, 1] == 0).all())
        self.assertFalse(torch.isnan(out).any())

    def test_bad_arguments(self):
        out = torch.zeros(1, 64, 2, 64)
        lse = torch.full((1, 2, 64), -math.inf)
        with self.assertRaisesRegex(TypeError, "float32"):
            cp.merge(out.half(), lse, out.half(), lse)
        with self.assertRaisesRegex(ValueError, "must match"):
            cp.merge(out, lse, torch.zeros(1, 32, 2, 64).half(), lse)


@needs_cpu_run
class SimulatedRingTest(CacheTestCase):
    def check(self, world_size, causal, n_per_chunk=16, dtype=torch.float16, h=2, d=64,
              hk=None):
        chunks = world_size * (2 if causal else 1)
        q, k, v = inputs(1, chunks * n_per_chunk, h, d, dtype, seed=world_size)
        if hk is not None:                                    # GQA: K/V heads shared
            k, v = k[:, :, :hk].contiguous(), v[:, :, :hk].contiguous()
        out, lse = cp.ring_attention_simulated(q, k, v, world_size, causal=causal)
        group = h // k.shape[2]
        k, v = k.repeat_interleave(group, dim=2), v.repeat_interleave(group, dim=2)
        whole, whole_lse, _ = ops.flash_attn_func(q, k, v, causal=causal,
                                                  return_attn_probs=True)
        want, want_lse = reference(q, k, v, causal)
        atol, rtol = TOLERANCES["bf16" if dtype == torch.bfloat16 else "f16"]
        assert_close(out, want, atol, rtol, f"out, world {world_size}")
        assert_close(lse, want_lse, *TOLERANCES["lse"], f"lse, world {world_size}")
        # Within two roundings of FA2 on the whole sequence.
        torch.testing.assert_close(out.float(), whole.float(), atol=2 * atol, rtol=2 * rtol)
        torch.testing.assert_close(lse, whole_lse, atol=1e-4, rtol=1e-4)

    def test_world_sizes(self):
        for world_size in (1, 2, 3, 8):
            with self.subTest(world_size=world_size):
                self.check(world_size, causal=False)

    def test_causal_load_balanced(self):
        for world_size in (1, 2, 3, 8):
            with self.subTest(world_size=world_size):
                self.check(world_size, causal=True)

    def test_bf16(self):
        self.check(2, causal=True, dtype=torch.bfloat16)

    def test_gqa_d128(self):
        self.check(2, causal=True, h=4, hk=2, d=128)

    def test_shards_round_trip(self):
        x = torch.arange(24).view(1, 24, 1, 1)
        for causal in (False, True):
            slices = [cp.shard(x, r, 3, causal) for r in range(3)]
            self.assertTrue(torch.equal(cp.unshard(slices, causal), x))
        # Rank 0 of 3, causal: chunks 0 and 5 of 6.
        self.assertEqual(cp.shard(x, 0, 3, True).flatten().tolist(),
                         [0, 1, 2, 3, 20, 21, 22, 23])

    def test_lengths_that_do_not_split(self):
        q, k, v = inputs(1, 44, 2, 64)
        with self.assertRaisesRegex(ValueError, "multiple of 8"):
            cp.ring_attention_simulated(q, k, v, 4, causal=True)
        with self.assertRaisesRegex(ValueError, "rank"):
            cp.chunk_ids(4, 4, False)
        q3, _, _ = inputs(1, 16, 3, 64)
        with self.assertRaisesRegex(ValueError, "multiple of those of k and v"):
            cp.ring_attention_simulated(q3, k[:, :16], v[:, :16], 2)


def _gloo_rank(rank, world_size, init, causal, result_dir):
    import torch.distributed as dist
    dist.init_process_group("gloo", init_method=init, rank=rank, world_size=world_size)
    try:
        q, k, v = inputs(1, 2 * world_size * 16, 2, 64, seed=7)
        local = [cp.shard(x, rank, world_size, causal) for x in (q, k, v)]
        out, lse = cp.ring_attention(*local, causal=causal)
        torch.save((out, lse), os.path.join(result_dir, f"{rank}.pt"))
    finally:
        dist.destroy_process_group()


@needs_cpu_run
class GlooRingTest(CacheTestCase):
    """The communication of ring_attention: gloo on CPU tensors, one process a
    rank, against the simulated schedule."""

    def run_world(self, world_size, causal):
        with tempfile.TemporaryDirectory() as directory:
            init = "file://" + os.path.join(directory, "rendezvous")
            mp.spawn(_gloo_rank, args=(world_size, init, causal, directory),
                     nprocs=world_size, join=True)
            results = [torch.load(os.path.join(directory, f"{r}.pt"))
                       for r in range(world_size)]
        out = cp.unshard([o for o, _ in results], causal)
        lse = cp.unshard([lse for _, lse in results], causal, dim=2)
        q, k, v = inputs(1, 2 * world_size * 16, 2, 64, seed=7)
        want, want_lse = cp.ring_attention_simulated(q, k, v, world_size, causal=causal)
        self.assertTrue(torch.equal(out, want))
        self.assertTrue(torch.equal(lse, want_lse))

    def test_two_ranks_causal(self):
        self.run_world(2, causal=True)

    def test_three_ranks(self):
        self.run_world(3, causal=False)


if __name__ == "__main__":
    unittest.main()
