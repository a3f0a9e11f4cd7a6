"""tessera.ops.flash_attn_func / flash_attn_varlen_func without a GPU:
argument handling (shapes, dtypes, layouts), the unsupported combinations,
the fake (meta) implementation, launch plans that copy nothing, and the
numerics through the CPU interpreter (CPU tensors)."""

import os
import re
import unittest
import warnings
from unittest import mock

from support import has_interpreter_module, has_module, needs_compiler, tessera

if has_module("torch"):
    import torch
    from tessera import ops
    from tessera.ops import flash_attn as fa
    from tessera.testing import TOLERANCES, assert_close, attention_reference
else:
    torch = None

needs_torch = unittest.skipUnless(torch is not None, "torch missing: apt-get install "
                                  "python3-torch (Debian's CPU build)")
needs_cpu_run = unittest.skipUnless(torch is not None and has_interpreter_module()
                                    and has_module("numpy"),
                                    "needs torch, numpy and the interpreter module")


def qkv(b, n, h, d, dtype=None, seed=0, device="cpu"):
    generator = torch.Generator().manual_seed(seed)
    return [(torch.rand(b, n, h, d, generator=generator) * 2 - 1).to(dtype or torch.float16)
            .to(device) for _ in range(3)]


@needs_torch
class ArgumentTest(unittest.TestCase):
    def test_argument_errors(self):
        q, k, v = qkv(1, 16, 2, 64, device="meta")
        cases = [
            (lambda: ops.flash_attn_func(q[0], k, v), ValueError, r"q: expected \[B, N, H, D\]"),
            (lambda: ops.flash_attn_func(q, k.float(), v), TypeError, "one dtype"),
            (lambda: ops.flash_attn_func(q, k, v[:, :8]), ValueError, "k and v must have one shape"),
            (lambda: ops.flash_attn_func(q, k[..., :32], v[..., :32]), ValueError, "one head dim"),
            (lambda: ops.flash_attn_func(q, k.expand(2, -1, -1, -1), v.expand(2, -1, -1, -1)),
             ValueError, "one batch size"),
            (lambda: ops.flash_attn_func(q, k[:, :, :1].expand(-1, -1, 3, -1).contiguous(),
                                         v[:, :, :1].expand(-1, -1, 3, -1).contiguous()),
             ValueError, "multiple of those of k and v"),
            (lambda: ops.flash_attn_func(q, k, v, window_size=(-2, 3)), ValueError, ">= -1"),
            (lambda: ops.flash_attn_func(q, k, v, window_size=5), ValueError, "window_size"),
            (lambda: ops.flash_attn_func(q, k, v, softmax_scale=float("inf")), ValueError,
             "softmax_scale"),
            (lambda: ops.flash_attn_func("q", k, v), TypeError, "q: expected a torch.Tensor"),
            (lambda: ops.flash_attn_func(q, torch.empty(k.shape, dtype=k.dtype), v), ValueError,
             "one device"),
        ]
        for function, error, message in cases:
            with self.subTest(message=message):
                with self.assertRaisesRegex(error, message):
                    function()

    def test_unsupported_combinations(self):
        q, k, v = qkv(2, 16, 4, 64, device="meta")
        cu = torch.tensor([0, 16], dtype=torch.int32)
        cases = [
            (dict(dropout_p=0.1), "dropout_p=0.1"),
            (dict(softcap=30.0), "softcap=30.0"),
            (dict(alibi_slopes=torch.ones(2, 4, device="meta")),
             r"alibi_slopes of shape \[B, H\]"),
        ]
        for kwargs, what in cases:
            with self.subTest(what=what):
                with self.assertRaisesRegex(ops.UnsupportedError, what + ".* is not "
                                            "supported yet .*Supported now: "):
                    ops.flash_attn_func(q, k, v, **kwargs)
        shapes = [
            ((q.float(), k.float(), v.float()), "dtype torch.float32"),
            ((q[..., :32].contiguous(), k[..., :32].contiguous(), v[..., :32].contiguous()),
             "head dim 32"),
            ((q, k[:, :8], v[:, :8]), "different query and key lengths"),
            ((torch.empty(2, 16, 4, 128, dtype=torch.float16, device="meta")[..., ::2], k, v),
             "q with a strided last dimension"),
        ]
        for args, what in shapes:
            with self.subTest(what=what):
                with self.assertRaisesRegex(NotImplementedError, what):
                    ops.flash_attn_func(*args)
        with self.assertRaisesRegex(ops.UnsupportedError,
                                    r"GQA \(q with 4 heads, k and v with 2\).*fa2_varlen"):
            ops.flash_attn_varlen_func(q[0], k[0, :, :2], v[0, :, :2], cu, cu, 16, 16)
        with self.assertRaisesRegex(ops.UnsupportedError, "MQA"):
            ops.flash_attn_varlen_func(q[0], k[0, :, :1], v[0, :, :1], cu, cu, 16, 16)
        with self.assertRaisesRegex(ValueError, "multiple of those of k and v"):
            ops.flash_attn_func(q, k[:, :, :3], v[:, :, :3])
        with self.assertRaisesRegex(ops.UnsupportedError, "block_table"):
            ops.flash_attn_varlen_func(q[0], k[0], v[0], cu, cu, 16, 16,
                                       block_table=torch.zeros(1, 1, dtype=torch.int32))
        with self.assertRaisesRegex(TypeError, "cu_seqlens_q: expected a 1-D int32"):
            ops.flash_attn_varlen_func(q[0], k[0], v[0], cu.long(), cu, 16, 16)
        with self.assertRaisesRegex(ops.UnsupportedError, "alibi_slopes with varlen"):
            ops.flash_attn_varlen_func(q[0], k[0], v[0], cu, cu, 16, 16,
                                       alibi_slopes=torch.ones(4))
        with self.assertRaisesRegex(ValueError, r"alibi_slopes: expected float32 \[4\]"):
            ops.flash_attn_func(q, k, v, alibi_slopes=torch.ones(3, device="meta"))
        with self.assertRaisesRegex(ValueError, "alibi_slopes must be on meta"):
            ops.flash_attn_func(q, k, v, alibi_slopes=torch.ones(4))

    def test_window_normalization(self):
        self.assertEqual(fa.normalize_window((-1, -1), False), (False, -1, -1))
        self.assertEqual(fa.normalize_window((-1, -1), True), (True, -1, -1))
        self.assertEqual(fa.normalize_window((32, 5), True), (True, 32, -1))
        self.assertEqual(fa.normalize_window((32, 0), False), (True, 32, -1))
        self.assertEqual(fa.normalize_window([8, 4], False), (False, 8, 4))

    def test_fake_implementation(self):
        q, k, v = qkv(2, 48, 3, 64, device="meta")
        out, lse, probs = ops.flash_attn_func(q, k, v, causal=True, return_attn_probs=True)
        self.assertEqual((out.device.type, tuple(out.shape), out.stride()),
                         ("meta", (2, 48, 3, 64), q.stride()))
        self.assertEqual((tuple(lse.shape), lse.dtype), ((2, 3, 48), torch.float32))
        self.assertIsNone(probs)
        # Out is laid out like q: a transposed [B, H, N, D] stays one.
        qt = torch.empty(2, 3, 48, 64, dtype=torch.bfloat16, device="meta").transpose(1, 2)
        self.assertEqual(ops.flash_attn_func(qt, qt, qt).stride(), qt.stride())
        cu = torch.tensor([0, 10, 48], dtype=torch.int32, device="meta")
        out, lse, _ = ops.flash_attn_varlen_func(q[0], k[0], v[0], cu, cu, 38, 38,
                                                 return_attn_probs=True)
        self.assertEqual((tuple(out.shape), tuple(lse.shape)), ((48, 3, 64), (3, 48)))

    def test_views_copy_nothing(self):
        # Contiguous [B, N, H, D], a transposed [B, H, N, D] and packed qkv
        # ([B, N, 3, H, D]): one launch on views of the caller's storage.
        contiguous = qkv(3, 40, 2, 64)[0]
        heads_major = torch.empty(3, 2, 40, 64, dtype=torch.float16).transpose(1, 2)
        packed = torch.empty(2, 40, 3, 2, 64, dtype=torch.float16)
        for q, k, v in ((contiguous,) * 3, (heads_major,) * 3, packed.unbind(2)):
            plan = ops.describe_launches(q, k, v)
            self.assertEqual((plan["kernel"], plan["launches"], plan["copies"]),
                             ("fa2_bnhd", 1, 0))
            self.assertEqual(plan["strides"]["Q"], q.transpose(1, 2).stride())
            out = torch.empty_like(q)
            views = fa.bnhd_views(q, k, v, out, None, None, 1.0)
            for name, tensor in (("Q", q), ("K", k), ("V", v), ("Out", out)):
                self.assertEqual(views[name].data_ptr(), tensor.data_ptr())
                self.assertEqual(views[name].stride(-1), 1)
        q = qkv(1, 30, 2, 64)[0][0]
        views = fa.varlen_views(q, q, q, None, q, None, 1.0)
        self.assertEqual((views["Q"].data_ptr(), views["Q"].shape),
                         (q.data_ptr(), torch.Size([2, 30, 64])))


@needs_torch
class TuningTest(unittest.TestCase):
    """The tuning constants a combination compiles with: sm_90a's table
    (HOPPER_KERNEL_CONFIGS) for the kernels that take the Hopper schedule's
    constants, the portable one elsewhere and on the CPU interpreter."""

    def test_tables_cover_every_combination(self):
        keys = {(d, masked) for d in ops.SUPPORTED_HEAD_DIMS for masked in (False, True)}
        self.assertEqual(set(ops.KERNEL_CONFIGS), keys)
        self.assertEqual(set(ops.HOPPER_KERNEL_CONFIGS), keys)

    def test_the_target_picks_the_table(self):
        for name in ("fa2", "fa2_bnhd"):
            self.assertIs(ops.kernel_configs(name, "sm_90a"), ops.HOPPER_KERNEL_CONFIGS)
            for target in (None, "sm_80", "sm_90", "sm_100"):
                self.assertIs(ops.kernel_configs(name, target), ops.KERNEL_CONFIGS)
        # Kernels without the Hopper constants keep their own tables.
        self.assertIs(ops.kernel_configs("fa2_varlen", "sm_90a"), ops.KERNEL_CONFIGS)
        self.assertIs(ops.kernel_configs("fa2_bwd", "sm_90a"), fa.BACKWARD_CONFIGS)
        _, constants = ops.kernel_constants(torch.float16, 128, True, -1, -1, "fa2_bnhd",
                                            target="sm_90a")
        self.assertEqual({k: constants[k] for k in ("BLOCK_N", "NUM_WARPS", "WARP_SPECIALIZE",
                                                    "PING_PONG", "OVERLAP_DOTS", "PERSISTENT",
                                                    "CAUSAL")},
                         dict(BLOCK_N=128, NUM_WARPS=8, WARP_SPECIALIZE=True, PING_PONG=True,
                              OVERLAP_DOTS=True, PERSISTENT=True, CAUSAL=1))
        _, constants = ops.kernel_constants(torch.float16, 128, True, -1, -1, "fa2_bnhd")
        self.assertNotIn("WARP_SPECIALIZE", constants)

    @needs_compiler
    def test_hopper_configs_compile_without_spills(self):
        # Every (head dim, mask) of flash_attn_func compiled as the op does for
        # an sm_90a device: D = 128 with the producer warpgroup (3 warpgroups,
        # setmaxnreg), nothing spilled.
        with mock.patch.dict(os.environ, TESSERA_TARGET="sm_90a"):
            for d in ops.SUPPORTED_HEAD_DIMS:
                for causal, window, alibi in ((False, (-1, -1), False),
                                              (True, (-1, -1), True),
                                              (False, (256, 64), False)):
                    with self.subTest(d=d, causal=causal, window=window, alibi=alibi):
                        causal_, left, right = fa.normalize_window(window, causal)
                        kernel = fa.get_kernel(torch.float16, d, causal_, left, right,
                                               torch.device("cuda", 0), "fa2_bnhd", alibi)
                        self.assertEqual(kernel.manifest.block[0],
                                         384 if d == 128 else 128)
                        spills = re.search(r"(\d+) B spill stores, (\d+) B spill loads",
                                           kernel.stats)
                        self.assertIsNotNone(spills, kernel.stats)
                        self.assertEqual(spills.groups(), ("0", "0"), kernel.stats)


@needs_torch
class ExtensionTest(unittest.TestCase):
    """flash_attn_func's C++ launch path (tessera.ops._extension): when it is
    built, and what happens when it cannot be. Building it needs the CUDA
    toolkit; test/gpu/check_launch.py builds and checks it on the GPU host."""

    def setUp(self):
        from tessera.ops import _extension
        self.extension = _extension
        self.saved = (dict(_extension._STATE), _extension._build,
                      os.environ.get("TESSERA_TORCH_EXTENSION"))
        _extension._STATE.clear()

    def tearDown(self):
        state, build, setting = self.saved
        self.extension._STATE.clear()
        self.extension._STATE.update(state)
        self.extension._build = build
        if setting is None:
            os.environ.pop("TESSERA_TORCH_EXTENSION", None)
        else:
            os.environ["TESSERA_TORCH_EXTENSION"] = setting

    def fail_build(self):
        calls = []

        def build():
            calls.append(1)
            raise OSError("CUDA_HOME environment variable is not set")
        self.extension._build = build
        return calls

    def test_a_failed_build_warns_once_and_falls_back(self):
        calls = self.fail_build()
        os.environ["TESSERA_TORCH_EXTENSION"] = "auto"
        with self.assertWarnsRegex(RuntimeWarning, "could not be built .*CUDA_HOME.*Python "
                                   "launch path"):
            self.assertIsNone(self.extension.flash_attn_op())
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            self.assertIsNone(self.extension.flash_attn_op())
        self.assertEqual(len(calls), 1)
        self.assertIn("CUDA_HOME", self.extension.status())

    def test_required_build_raises(self):
        self.fail_build()
        os.environ["TESSERA_TORCH_EXTENSION"] = "1"
        for _ in range(2):
            with self.assertRaisesRegex(tessera.TesseraError, "could not be built .*CUDA_HOME"):
                self.extension.flash_attn_op()

    def test_off_never_builds(self):
        calls = self.fail_build()
        os.environ["TESSERA_TORCH_EXTENSION"] = "0"
        self.assertIsNone(self.extension.flash_attn_op())
        self.assertEqual((calls, self.extension.status()), ([], "off"))

    def test_bad_setting(self):
        os.environ["TESSERA_TORCH_EXTENSION"] = "yes"
        with self.assertRaisesRegex(tessera.TesseraError, "TESSERA_TORCH_EXTENSION='yes'"):
            self.extension.flash_attn_op()

    def test_cpu_and_meta_tensors_take_the_python_path(self):
        calls = self.fail_build()
        os.environ["TESSERA_TORCH_EXTENSION"] = "1"
        for device in ("cpu", "meta"):
            q, _, _ = qkv(1, 16, 2, 64, device=device)
            self.assertIsNone(fa._compiled_op(q))
        self.assertEqual(calls, [])

    def test_sources_are_found(self):
        from tessera import _paths
        self.assertTrue(self.extension.source_path().is_file())
        header = _paths.runtime_include_dir() / _paths.RUNTIME_HEADER
        self.assertTrue(header.is_file())


@needs_cpu_run
class CpuInterpreterTest(unittest.TestCase):
    """CUDA tensors launch on the GPU (test/gpu/check_ops.py); CPU tensors run
    the same kernels on the interpreter -- the numerics CI can check."""

    def check(self, q, k, v, out, lse=None, causal=False, window=(-1, -1), scale=None,
              alibi=None):
        dtype = "bf16" if q.dtype == torch.bfloat16 else "f16"
        ref_out, ref_lse = attention_reference(q.transpose(1, 2).double(),
                                               k.transpose(1, 2).double(),
                                               v.transpose(1, 2).double(), scale, causal,
                                               window, alibi)
        atol, rtol = TOLERANCES[dtype]
        assert_close(out.transpose(1, 2), ref_out, atol, rtol, "Out")
        if lse is not None:
            assert_close(lse, ref_lse, *TOLERANCES["lse"], name="Lse")

    def test_f16_causal(self):
        q, k, v = qkv(2, 70, 2, 64)
        out, lse, _ = ops.flash_attn_func(q, k, v, causal=True, return_attn_probs=True)
        self.assertTrue(out.is_contiguous())
        self.check(q, k, v, out, lse, causal=True)

    def test_bf16_window_scale_heads_major(self):
        q, k, v = (x.transpose(1, 2).contiguous().transpose(1, 2)
                   for x in qkv(2, 90, 2, 64, torch.bfloat16, seed=1))
        out = ops.flash_attn_func(q, k, v, softmax_scale=0.2, window_size=(20, 10))
        self.assertEqual(out.stride(), q.stride())
        self.check(q, k, v, out, causal=False, window=(20, 10), scale=0.2)

    def test_head_dim_128_causal_window(self):
        q, k, v = qkv(1, 50, 1, 128, seed=2)
        out, lse, _ = ops.flash_attn_func(q, k, v, causal=True, window_size=(16, -1),
                                          return_attn_probs=True)
        self.check(q, k, v, out, lse, causal=True, window=(16, -1))

    def test_hopper_config(self):
        # sm_90a's tuning (a producer warpgroup and two consumer warpgroups
        # taking turns over 128x128 tiles at D = 128) runs on the interpreter
        # with the portable config's result: two query blocks, a ragged tail.
        from tessera.interpreter import interpret
        q, k, v = qkv(1, 150, 2, 128, seed=10)
        slopes = torch.tensor([0.125, 0.03125])
        for causal, alibi in ((False, None), (True, slopes)):
            source, constants = fa.kernel_constants(torch.float16, 128, causal, -1, -1,
                                                    "fa2_bnhd", alibi is not None,
                                                    target="sm_90a")
            self.assertTrue(constants["WARP_SPECIALIZE"] and constants["PING_PONG"])
            out = torch.empty_like(q)
            lse = torch.empty(1, 2, 150, dtype=torch.float32)
            interpret(source, constants=constants,
                      **fa.bnhd_views(q, k, v, out, lse,
                                      slopes if alibi is not None else torch.zeros(2),
                                      128 ** -0.5))
            self.check(q, k, v, out, lse, causal=causal, alibi=alibi)

    def test_alibi_causal(self):
        q, k, v = qkv(2, 60, 2, 64, seed=6)
        slopes = torch.tensor([0.25, 0.0625])
        out, lse, _ = ops.flash_attn_func(q, k, v, causal=True, alibi_slopes=slopes,
                                          return_attn_probs=True)
        self.check(q, k, v, out, lse, causal=True, alibi=slopes)

    def test_gqa_and_mqa(self):
        # K/V with 2 heads and 1 head for 4 query heads: head h reads h // (H / HK).
        q, _, _ = qkv(1, 50, 4, 64, seed=7)
        for hk, causal in ((2, True), (1, False)):
            _, k, v = qkv(1, 50, hk, 64, seed=8 + hk)
            out, lse, _ = ops.flash_attn_func(q, k, v, causal=causal, return_attn_probs=True)
            self.check(q, k, v, out, lse, causal=causal)

    def test_varlen(self):
        # One fa2_varlen launch; with a window, one fa2 launch per sequence.
        total, h, d = 100, 2, 64
        q, k, v = (x[0] for x in qkv(1, total, h, d, seed=3))
        cu = torch.tensor([0, 30, 30, 100], dtype=torch.int32)
        for window in ((-1, -1), (12, 3)):
            out, lse, _ = ops.flash_attn_varlen_func(q, k, v, cu, cu, 70, 70, causal=True,
                                                     window_size=window,
                                                     return_attn_probs=True)
            for start, end in ((0, 30), (30, 100)):
                self.check(q[None, start:end], k[None, start:end], v[None, start:end],
                           out[None, start:end], lse[None, :, start:end], causal=True,
                           window=(window[0], -1))
        with self.assertRaisesRegex(ops.UnsupportedError, "cu_seqlens_k different"):
            ops.flash_attn_varlen_func(q, k, v, cu, torch.tensor([0, 50, 50, 100],
                                                                 dtype=torch.int32), 70, 70)
        with self.assertRaisesRegex(ValueError, "must rise from 0 to total = 100"):
            ops.flash_attn_varlen_func(q, k, v, cu.flip(0), cu.flip(0), 70, 70,
                                       window_size=(4, 4))

    @unittest.skipUnless(torch is not None and hasattr(torch, "compile"),
                         f"torch {getattr(torch, '__version__', '-')} has no torch.compile "
                         "(Debian's python3-torch is 1.13); test/gpu/check_ops.py covers it")
    def test_torch_compile_traces_the_op(self):
        def attention(q, k, v):
            return ops.flash_attn_func(q, k, v, causal=True) * 2
        q, k, v = qkv(1, 40, 2, 64, seed=4)
        compiled = torch.compile(attention, backend="aot_eager", fullgraph=True)
        torch.testing.assert_close(compiled(q, k, v), attention(q, k, v))

    @unittest.skipUnless(torch is not None and hasattr(torch.library, "opcheck"),
                         "torch.library.opcheck needs torch >= 2.4")
    def test_opcheck(self):
        q, k, v = qkv(1, 32, 1, 64, seed=5)
        torch.library.opcheck(torch.ops.tessera.flash_attn_fwd.default,
                              (q, k, v, None, 0.125, True, -1, -1),
                              test_utils=("test_schema", "test_faketensor"))


if __name__ == "__main__":
    unittest.main()
