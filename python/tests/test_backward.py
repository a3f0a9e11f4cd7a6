"""FlashAttention backward on the CPU interpreter: kernels/fa2_bwd.tile's
three kernels against the exact fp64 gradients (tessera.testing.
attention_grad_reference), and torch.autograd through
tessera.ops.flash_attn_func (CPU tensors run the same kernels)."""

import unittest

from support import KERNELS, CacheTestCase, has_interpreter_module, has_module, tessera

ready = has_module("torch") and has_module("numpy") and has_interpreter_module()
if ready:
    import numpy as np
    import torch
    from tessera import ops
    from tessera.testing import (assert_close, attention_grad_reference,
                                 attention_reference)

needs_cpu_run = unittest.skipUnless(ready, "needs torch, numpy and the interpreter module")
BWD = str(KERNELS / "fa2_bwd.tile")
FWD = str(KERNELS / "fa2_bnhd.tile")
# (atol, rtol) of dQ, dK, dV by storage dtype: the gradients pass through one
# rounding of P and dS to the storage type per dot (as FlashAttention's).
GRAD_TOLERANCES = {"f16": (4e-3, 4e-3), "bf16": (3e-2, 3e-2)}


def attention_args(b, h, n, d, dtype, seed):
    """Q, K, V, dO uniform in [-1, 1): float16 arrays, or for "bfloat16"
    float32 arrays of bf16 values (the interpreter's bf16 binding)."""
    rng = np.random.default_rng(seed)
    arrays = [rng.uniform(-1, 1, (b, h, n, d)).astype(np.float32) for _ in range(4)]
    if dtype == "bfloat16":
        return [torch.from_numpy(x).bfloat16().float().numpy() for x in arrays]
    return [x.astype(dtype) for x in arrays]


@needs_cpu_run
class KernelTest(CacheTestCase):
    """The kernels one by one, as a user checks a custom backward."""

    def run_backward(self, n, d, causal=False, window=(-1, -1), alibi=False,
                     dtype="float16", seed=0, **config):
        b, h = 1, 2
        q, k, v, do = attention_args(b, h, n, d, dtype, seed)
        constants = dict(HEAD_DIM=d, CAUSAL=int(causal), WINDOW_LEFT=window[0],
                         WINDOW_RIGHT=window[1], ALIBI=int(alibi))
        if dtype != "float16":
            constants["DTYPE"] = "bf16"
        slopes = (np.array([0.3, 0.05], np.float32) if alibi else np.zeros(h, np.float32))
        scale = np.float32(1 / np.sqrt(d))
        fwd = tessera.interpret(FWD, Q=q, K=k, V=v, Slopes=slopes, sm_scale=scale,
                                constants=constants)
        constants.update(config)  # the backward's block sizes
        delta = tessera.interpret(BWD, kernel="fa2_bwd_preprocess", Out=fwd["Out"], dO=do,
                                  constants=constants)["Delta"]
        out64, _ = attention_reference(q, k, v, float(scale), causal, window,
                                       slopes if alibi else None)
        assert_close(delta, (out64 * do.astype(np.float64)).sum(-1), 2e-2, 2e-3, "Delta")
        args = dict(Q=q, K=k, V=v, dO=do, Lse=fwd["Lse"], Delta=delta, Slopes=slopes,
                    sm_scale=scale)
        grads = tessera.interpret(BWD, kernel="fa2_bwd_dkdv", constants=constants, **args)
        grads.update(tessera.interpret(BWD, kernel="fa2_bwd_dq", constants=constants, **args))
        expected = attention_grad_reference(q, k, v, do, float(scale), causal, window,
                                            slopes if alibi else None)
        atol, rtol = GRAD_TOLERANCES["f16" if dtype == "float16" else "bf16"]
        for name, want in zip(("dQ", "dK", "dV"), expected):
            assert_close(grads[name], want, atol, rtol, name)

    def test_ragged(self):
        self.run_backward(77, 64)

    def test_causal_two_blocks_and_a_tail(self):
        self.run_backward(130, 64, causal=True)

    def test_head_dim_128_window_alibi(self):
        self.run_backward(100, 128, window=(20, 7), alibi=True)

    def test_causal_left_window_alibi_square_blocks(self):
        # 64 x 64 blocks in both kernels: more masked / unmasked block splits.
        self.run_backward(150, 64, causal=True, window=(33, -1), alibi=True, DKDV_BLOCK_M=64,
                          DKDV_BLOCK_N=64, DQ_BLOCK_M=64, DQ_BLOCK_N=64)

    def test_right_window(self):
        self.run_backward(90, 64, window=(-1, 5))

    def test_bf16_causal(self):
        self.run_backward(70, 64, causal=True, dtype="bfloat16")

    def test_the_reference_gradient_is_exact(self):
        # Against the closed form dV = P^T dO on a case small enough to write out.
        q, k, v, do = (x.astype(np.float64) for x in attention_args(1, 1, 3, 2, "float16", 4))
        s = q[0, 0] @ k[0, 0].T
        p = np.exp(s - s.max(-1, keepdims=True))
        p /= p.sum(-1, keepdims=True)
        _, _, dv = attention_grad_reference(q, k, v, do, 1.0)
        np.testing.assert_allclose(dv[0, 0], p.T @ do[0, 0], rtol=1e-12)


@needs_cpu_run
class AutogradTest(CacheTestCase):
    """torch.autograd.grad through flash_attn_func ([B, N, H, D])."""

    def check_grad(self, n, d, causal=False, window=(-1, -1), alibi=None,
                   dtype=None, seed=0, heads=2, kv_heads=2):
        generator = torch.Generator().manual_seed(seed)
        q, k, v, do = [(torch.rand(2, n, h, d, generator=generator) * 2 - 1)
                       .to(dtype or torch.float16)
                       for h in (heads, kv_heads, kv_heads, heads)]
        for x in (q, k, v):
            x.requires_grad_()
        out = ops.flash_attn_func(q, k, v, causal=causal, window_size=window,
                                  alibi_slopes=alibi)
        dq, dk, dv = torch.autograd.grad(out, (q, k, v), do)
        for grad, x in zip((dq, dk, dv), (q, k, v)):
            self.assertEqual(grad.shape, x.shape)
            self.assertEqual(grad.dtype, x.dtype)
        bhnd = [x.detach().transpose(1, 2) for x in (q, k, v, do)]
        left, right = window
        expected = attention_grad_reference(*bhnd, None, causal, (left, right), alibi)
        atol, rtol = GRAD_TOLERANCES["bf16" if dtype == torch.bfloat16 else "f16"]
        for name, got, want in zip(("dq", "dk", "dv"), (dq, dk, dv), expected):
            assert_close(got.transpose(1, 2), want, atol, rtol, name)

    def test_causal(self):
        self.check_grad(70, 64, causal=True)

    def test_window_alibi_bf16(self):
        self.check_grad(60, 64, window=(16, 4), alibi=torch.tensor([0.25, 0.0625]),
                        dtype=torch.bfloat16, seed=1)

    def test_head_dim_128(self):
        self.check_grad(40, 128, seed=2)

    def test_gqa_and_mqa(self):
        # dK, dV of a K/V head sum over the query heads that read it.
        self.check_grad(50, 64, causal=True, seed=3, heads=4, kv_heads=2)
        self.check_grad(30, 64, seed=4, heads=3, kv_heads=1, dtype=torch.bfloat16)

    def test_a_training_step(self):
        # The README's example: one step of SGD on q through the attention.
        q, k, v = (torch.rand(1, 32, 2, 64) * 2 - 1).half().requires_grad_(), \
            torch.rand(1, 32, 2, 64).half(), torch.rand(1, 32, 2, 64).half()
        loss = ops.flash_attn_func(q, k, v, causal=True).float().square().sum()
        loss.backward()
        self.assertIsNotNone(q.grad)
        self.assertTrue(torch.isfinite(q.grad).all())
        self.assertIsNone(k.grad)

    def test_lse_is_not_differentiable_and_varlen_is_forward_only(self):
        q, k, v = (torch.rand(1, 16, 1, 64).half().requires_grad_() for _ in range(3))
        out, lse, _ = ops.flash_attn_func(q, k, v, return_attn_probs=True)
        self.assertTrue(out.requires_grad)
        self.assertFalse(lse.requires_grad)
        cu = torch.tensor([0, 16], dtype=torch.int32)
        with self.assertRaisesRegex(ops.UnsupportedError, "a gradient"):
            ops.flash_attn_varlen_func(q[0], k[0], v[0], cu, cu, 16, 16)
        with torch.no_grad():
            ops.flash_attn_varlen_func(q[0], k[0], v[0], cu, cu, 16, 16)


if __name__ == "__main__":
    unittest.main()
