"""tessera.ops.flash_attn_with_kvcache on the CPU interpreter: decoding over a
paged K/V cache (kernels/fa2_paged_decode.tile), one pass and split-KV, GQA,
page sizes taken as they are and as pages of 64, no block table; against the
fp64 reference."""

import unittest

from support import CacheTestCase, has_interpreter_module, has_module

ready = has_module("torch") and has_module("numpy") and has_interpreter_module()
if ready:
    import torch
    from tessera import ops
    from tessera.ops import flash_attn as fa
    from tessera.testing import TOLERANCES, assert_close, attention_reference

needs_cpu_run = unittest.skipUnless(ready, "needs torch, numpy and the interpreter module")


def paged_cache(lens, page, hk, d, dtype, generator):
    """A cache of randomly permuted pages holding each sequence's lens[b]
    tokens: (k_cache, v_cache [NB, page, HK, D], block_table [B, max_blocks])."""
    blocks = max(-(-n // page) for n in lens)
    nb = len(lens) * blocks + 3                                   # spare pages
    table = torch.randperm(nb, generator=generator)[:len(lens) * blocks]
    caches = [(torch.rand(nb, page, hk, d, generator=generator) * 2 - 1).to(dtype)
              for _ in range(2)]
    return caches[0], caches[1], table.view(len(lens), blocks).to(torch.int32)


def expected(q, k_cache, v_cache, table, lens, causal):
    """Per sequence: its tokens gathered from the pages, K/V heads repeated
    for GQA, query i at position n - NQ + i (bottom-right causal)."""
    b, nq, h, d = q.shape
    outs, lses = [], []
    for i, n in enumerate(lens):
        keys, values = ((x[table[i].long()].reshape(-1, *x.shape[2:])[:n]
                         .repeat_interleave(h // x.shape[2], dim=1).transpose(0, 1))
                        for x in (k_cache, v_cache))
        window = (-1, n - nq) if causal else (-1, -1)
        out, lse = attention_reference(q[i].transpose(0, 1), keys, values, None, False, window)
        outs.append(out.transpose(0, 1))
        lses.append(lse)
    return torch.stack(outs), torch.stack(lses)


@needs_cpu_run
class KvcacheTest(CacheTestCase):
    def check(self, lens, nq=1, h=4, hk=2, d=64, page=16, causal=True, num_splits=0,
              dtype=torch.float16, paged=True, seed=0):
        generator = torch.Generator().manual_seed(seed)
        q = (torch.rand(len(lens), nq, h, d, generator=generator) * 2 - 1).to(dtype)
        kc, vc, table = paged_cache(lens, page, hk, d, dtype, generator)
        seqlens = torch.tensor(lens, dtype=torch.int32)
        if paged:
            args = dict(block_table=table)
        else:  # [B, N, HK, D]: each sequence's pages in order
            kc, vc = (x[table.long()].reshape(len(lens), -1, hk, d) for x in (kc, vc))
            table = torch.arange(table.numel(), dtype=torch.int32).view(table.shape)
            kc_pages, vc_pages = (x.reshape(-1, page, hk, d) for x in (kc, vc))
            args = {}
        out, lse = ops.flash_attn_with_kvcache(q, kc, vc, cache_seqlens=seqlens, causal=causal,
                                               num_splits=num_splits, return_softmax_lse=True,
                                               **args)
        if not paged:
            kc, vc = kc_pages, vc_pages
        ref_out, ref_lse = expected(q.double(), kc.double(), vc.double(), table, lens, causal)
        atol, rtol = TOLERANCES["bf16" if dtype == torch.bfloat16 else "f16"]
        assert_close(out, ref_out, atol, rtol, "out")
        assert_close(lse, ref_lse, *TOLERANCES["lse"], name="lse")

    def test_one_pass_gqa_causal_queries(self):
        self.check([70, 33, 5], nq=3, num_splits=1)

    def test_split_kv_uneven_splits_and_an_empty_one(self):
        # 3 splits of 5 pages (2, 2, 1) for the first sequence; the second has
        # one page, so two of its splits see no key (LSE -inf, weight 0).
        self.check([80, 9], num_splits=3, causal=False, seed=1)

    def test_split_kv_mqa_bf16(self):
        self.check([100, 64], h=4, hk=1, num_splits=2, dtype=torch.bfloat16, seed=2)

    def test_pages_of_128_run_as_pages_of_64(self):
        self.check([200, 130], page=128, num_splits=2, seed=3)

    def test_no_block_table(self):
        self.check([128, 75], page=64, paged=False, d=128, num_splits=2, seed=4)

    def test_plan_and_errors(self):
        self.assertEqual(fa.decode_splits(2, 4, 100, torch.device("cpu")), 2)
        self.assertEqual(fa.decode_splits(2, 4, 3, torch.device("cpu")), 1)
        q = torch.zeros(1, 1, 4, 64, dtype=torch.float16)
        kc = torch.zeros(4, 16, 2, 64, dtype=torch.float16)
        table = torch.zeros(1, 4, dtype=torch.int32)
        lens = torch.tensor([10], dtype=torch.int32)
        call = ops.flash_attn_with_kvcache
        with self.assertRaisesRegex(TypeError, "cache_seqlens: expected an int32"):
            call(q, kc, kc, cache_seqlens=lens.long(), block_table=table)
        with self.assertRaisesRegex(TypeError, "cache_seqlens is required"):
            call(q, kc, kc, block_table=table)
        with self.assertRaisesRegex(ops.UnsupportedError, "page_block_size 48"):
            call(q, torch.zeros(4, 48, 2, 64, dtype=torch.float16),
                 torch.zeros(4, 48, 2, 64, dtype=torch.float16), cache_seqlens=lens,
                 block_table=table)
        with self.assertRaisesRegex(ops.UnsupportedError, "17 query tokens"):
            call(torch.zeros(1, 17, 4, 64, dtype=torch.float16), kc, kc, cache_seqlens=lens,
                 block_table=table)
        with self.assertRaisesRegex(ops.UnsupportedError, "k is not supported"):
            call(q, kc, kc, k=q, cache_seqlens=lens, block_table=table)
        with self.assertRaisesRegex(ValueError, "multiple of those of k"):
            call(q, torch.zeros(4, 16, 3, 64, dtype=torch.float16),
                 torch.zeros(4, 16, 3, 64, dtype=torch.float16), cache_seqlens=lens,
                 block_table=table)


if __name__ == "__main__":
    unittest.main()
