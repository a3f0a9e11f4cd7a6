"""The memory-bound kernels on the CPU interpreter: kernels/softmax.tile,
layernorm.tile, rmsnorm.tile and rotary.tile run directly (tessera.interpret on
numpy, against numpy fp64) at ragged sizes, and tessera.ops' softmax,
layer_norm, rms_norm and apply_rotary_emb on CPU tensors (against torch fp64),
their argument checks and their configs. Tolerances: tessera.ops.norms.TOLERANCES."""

import unittest

import os
import re
from unittest import mock

from support import KERNELS, CacheTestCase, has_interpreter_module, has_module, needs_compiler

ready = has_module("numpy") and has_interpreter_module()
if ready:
    import numpy as np
    import tessera
if ready and has_module("torch"):
    import torch
    from tessera import ops
    from tessera.ops import norms
    from tessera.testing import assert_close
else:
    torch = None

needs_interpreter = unittest.skipUnless(ready, "needs numpy and the interpreter module")
needs_cpu_run = unittest.skipUnless(torch is not None, "needs torch, numpy and the "
                                    "interpreter module")
# (atol, rtol) by (op, dtype); the same table as the ops' (without torch: a copy).
TOLERANCES = {
    ("softmax", "f16"): (6e-8, 1e-3), ("softmax", "bf16"): (1e-9, 8e-3),
    ("layer_norm", "f16"): (1e-4, 1e-3), ("layer_norm", "bf16"): (1e-4, 8e-3),
    ("rms_norm", "f16"): (1e-4, 1e-3), ("rms_norm", "bf16"): (1e-4, 8e-3),
    ("rotary", "f16"): (1e-5, 1e-3), ("rotary", "bf16"): (1e-5, 8e-3),
}


def round_bf16(x):
    """float32 values rounded to bfloat16 (to nearest, ties to even), as float32."""
    bits = np.asarray(x, dtype=np.float32).view(np.uint32)
    bits = (bits + 0x7FFF + ((bits >> 16) & 1)) & 0xFFFF0000
    return bits.astype(np.uint32).view(np.float32)


def uniform(rng, shape, low, high, dtype):
    """Uniform values stored in `dtype` ("f16": float16, "bf16": float32 holding bf16)."""
    x = rng.uniform(low, high, shape)
    return x.astype(np.float16) if dtype == "f16" else round_bf16(x)


def check_close(test, actual, expected, op, dtype, name="output"):
    atol, rtol = TOLERANCES[(op, dtype)]
    error = np.abs(np.asarray(actual, np.float64) - expected)
    bound = atol + rtol * np.abs(expected)
    test.assertFalse(np.isnan(actual).any(), f"{name}: NaN (an element left unwritten)")
    worst = np.unravel_index(np.argmax(error - bound), error.shape)
    test.assertTrue((error <= bound).all(),
                    f"{name} ({op}, {dtype}): {int((error > bound).sum())} elements over "
                    f"{atol} + {rtol}·|ref|; worst at {worst}: {actual[worst]} vs "
                    f"{expected[worst]}")


def softmax_fp64(x):
    """Row softmax of x in fp64."""
    xd = np.asarray(x, np.float64)
    e = np.exp(xd - xd.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


def layernorm_fp64(x, w, b, eps):
    """LayerNorm of x's rows in fp64 (biased variance)."""
    xd = np.asarray(x, np.float64)
    xc = xd - xd.mean(axis=1, keepdims=True)
    return xc / np.sqrt((xc * xc).mean(axis=1, keepdims=True) + eps) * w + b


def rmsnorm_fp64(x, w, eps):
    """RMSNorm of x's rows in fp64."""
    xd = np.asarray(x, np.float64)
    return xd / np.sqrt((xd * xd).mean(axis=1, keepdims=True) + eps) * w


@needs_interpreter
class KernelTest(unittest.TestCase):
    """Each kernel at a ragged N (77, BLOCK_N = 128) and M not a multiple of
    ROWS (5 rows, ROWS = 2: the last program's second row is past M)."""

    def run_kernel(self, name, dtype, constants, kernel=None, **args):
        constants = dict(constants, DTYPE=dtype)
        return tessera.interpret(KERNELS / f"{name}.tile", constants=constants, kernel=kernel,
                                 gpu_check="none", **args)

    def test_softmax(self):
        for dtype in ("f16", "bf16"):
            with self.subTest(dtype=dtype):
                x = uniform(np.random.default_rng(1), (5, 77), -8, 8, dtype)
                y = self.run_kernel("softmax", dtype, dict(BLOCK_N=128, ROWS=2), X=x)["Y"]
                check_close(self, y, softmax_fp64(x), "softmax", dtype)

    def test_layernorm(self):
        for dtype in ("f16", "bf16"):
            with self.subTest(dtype=dtype):
                rng = np.random.default_rng(2)
                x = uniform(rng, (5, 77), -0.5, 1.5, dtype)      # mean ~0.5
                w, b = uniform(rng, 77, 0.5, 1.5, dtype), uniform(rng, 77, -1, 1, dtype)
                y = self.run_kernel("layernorm", dtype, dict(BLOCK_N=128, ROWS=2), X=x, W=w,
                                    B=b, eps=1e-5)["Y"]
                check_close(self, y, layernorm_fp64(x, w, b, 1e-5), "layer_norm", dtype)

    def test_rmsnorm(self):
        for dtype in ("f16", "bf16"):
            with self.subTest(dtype=dtype):
                rng = np.random.default_rng(3)
                x, w = uniform(rng, (5, 77), -1, 1, dtype), uniform(rng, 77, 0.5, 1.5, dtype)
                y = self.run_kernel("rmsnorm", dtype, dict(BLOCK_N=128, ROWS=2), X=x, W=w,
                                    eps=1e-6)["Y"]
                check_close(self, y, rmsnorm_fp64(x, w, 1e-6), "rms_norm", dtype)

    def test_looped_norms(self):
        # LOOPED: the row in BLOCK_N = 16 column chunks. N = 77 (five chunks,
        # the last of 13 columns), 64 (four whole ones), 10 (one partial);
        # M = 5 with ROWS = 2. LayerNorm also on rows of mean 100 and spread
        # 1 (f16 steps of 1/16 there): a sum of squares minus the squared
        # sum loses the variance to cancellation, Welford's statistics do
        # not.
        for dtype in ("f16", "bf16"):
            for n in (77, 64, 10):
                rng = np.random.default_rng(n)
                for center in (0.5, 100.0):
                    with self.subTest(dtype=dtype, n=n, center=center):
                        x = uniform(rng, (5, n), center - 1, center + 1, dtype)
                        w, b = uniform(rng, n, 0.5, 1.5, dtype), uniform(rng, n, -1, 1, dtype)
                        y = self.run_kernel("layernorm", dtype,
                                            dict(BLOCK_N=16, ROWS=2, LOOPED=True), X=x, W=w,
                                            B=b, eps=1e-5)["Y"]
                        check_close(self, y, layernorm_fp64(x, w, b, 1e-5), "layer_norm",
                                    dtype)
                with self.subTest(dtype=dtype, n=n, op="rms_norm"):
                    x, w = uniform(rng, (5, n), -1, 1, dtype), uniform(rng, n, 0.5, 1.5, dtype)
                    y = self.run_kernel("rmsnorm", dtype, dict(BLOCK_N=16, ROWS=2, LOOPED=True),
                                        X=x, W=w, eps=1e-6)["Y"]
                    check_close(self, y, rmsnorm_fp64(x, w, 1e-6), "rms_norm", dtype)

    def test_looped_softmax(self):
        # LOOPED softmax, BLOCK_N = 16 column chunks, N = 77 / 64 / 10, M = 5
        # with ROWS = 2. Row 1 is -inf in its first 20 columns (lanes that
        # see -inf before a finite value), row 3 has scattered -inf.
        for dtype in ("f16", "bf16"):
            for n in (77, 64, 10):
                with self.subTest(dtype=dtype, n=n):
                    x = uniform(np.random.default_rng(n), (5, n), -8, 8, dtype)
                    x[1, : min(20, n - 1)] = -np.inf
                    x[3, ::3] = -np.inf
                    y = self.run_kernel("softmax", dtype, dict(BLOCK_N=16, ROWS=2, LOOPED=True),
                                        X=x)["Y"]
                    check_close(self, y, softmax_fp64(x), "softmax", dtype)

    def test_rotary_both_kernels(self):
        # [B, H, N, D] = [2, 3, 37, 32], BLOCK_N = 16: the third block of
        # positions is ragged (37 = 2 * 16 + 5).
        for dtype in ("f16", "bf16"):
            rng = np.random.default_rng(4)
            x = uniform(rng, (2, 3, 37, 32), -1, 1, dtype)
            angles = np.arange(37)[:, None] * 10000.0 ** (-np.arange(16) / 16)
            cos, sin = (f(angles).astype(np.float16) if dtype == "f16" else round_bf16(f(angles))
                        for f in (np.cos, np.sin))
            xd, c, s = x.astype(np.float64), cos.astype(np.float64), sin.astype(np.float64)
            ref = np.concatenate([xd[..., :16] * c - xd[..., 16:] * s,
                                  xd[..., 16:] * c + xd[..., :16] * s], axis=-1)
            constants = dict(HEAD_DIM=32, BLOCK_N=16)
            with self.subTest(dtype=dtype, kernel="rotary"):
                out = self.run_kernel("rotary", dtype, constants, kernel="rotary", X=x,
                                      Cos=cos, Sin=sin)["Out"]
                check_close(self, out, ref, "rotary", dtype)
            with self.subTest(dtype=dtype, kernel="rotary_inplace"):
                inout = x.copy()
                self.run_kernel("rotary", dtype, constants, kernel="rotary_inplace", X=inout,
                                Cos=cos, Sin=sin)
                check_close(self, inout, ref, "rotary", dtype)


def rand(shape, low, high, dtype, seed):
    generator = torch.Generator().manual_seed(seed)
    return (torch.rand(*shape, generator=generator, dtype=torch.float64) * (high - low)
            + low).to(dtype)


def short(dtype):
    return "bf16" if dtype == torch.bfloat16 else "f16"


@needs_cpu_run
class OpsTest(CacheTestCase):
    """tessera.ops on CPU tensors (the interpreter) with the configs of
    NORM_CONFIGS / ROTARY_CONFIGS."""

    def close(self, actual, expected, op, dtype):
        self.assertEqual(actual.dtype, dtype)
        assert_close(actual, expected, *norms.TOLERANCES[(op, short(dtype))], name=op)

    def test_tolerances_are_the_ops(self):
        self.assertEqual(TOLERANCES, norms.TOLERANCES)

    def test_softmax(self):
        # [3, 2, 300]: 6 rows of 300 (BLOCK_N 512, ROWS 4); [3, 5000]: the odd
        # hidden size of the GPU bars (BLOCK_N 8192).
        for dtype in norms.SUPPORTED_DTYPES:
            for shape in ((3, 2, 300), (3, 5000)):
                with self.subTest(dtype=dtype, shape=shape):
                    x = rand(shape, -8, 8, dtype, 1)
                    y = ops.softmax(x)
                    self.assertEqual(y.shape, x.shape)
                    self.close(y, norms.softmax_reference(x), "softmax", dtype)
        x = rand((4, 6, 8), -1, 1, torch.float16, 2)[:, ::2]           # strided rows: a view
        self.close(ops.softmax(x, dim=2), norms.softmax_reference(x), "softmax", torch.float16)

    def test_layer_norm(self):
        for dtype in norms.SUPPORTED_DTYPES:
            with self.subTest(dtype=dtype):
                x = rand((6, 77), -0.5, 1.5, dtype, 3)
                w, b = rand((77,), 0.5, 1.5, dtype, 4), rand((77,), -1, 1, dtype, 5)
                self.close(ops.layer_norm(x, (77,), w, b),
                           norms.layer_norm_reference(x, w, b, 1e-5), "layer_norm", dtype)
        x = rand((3, 5000), -1, 1, torch.float16, 6)
        ones, zeros = torch.ones(5000), torch.zeros(5000)
        self.close(ops.layer_norm(x, 5000, eps=1e-3),
                   norms.layer_norm_reference(x, ones, zeros, 1e-3), "layer_norm",
                   torch.float16)
        # normalized_shape of two dims: rows of 4 * 10 elements.
        x = rand((2, 3, 4, 10), -1, 1, torch.bfloat16, 7)
        w = rand((4, 10), 0.5, 1.5, torch.bfloat16, 8)
        ref = norms.layer_norm_reference(x.reshape(6, 40), w.reshape(40), torch.zeros(40), 1e-5)
        self.close(ops.layer_norm(x, (4, 10), w), ref.reshape(x.shape), "layer_norm",
                   torch.bfloat16)

    def check_row_ops(self, rows, n, dtype, seed):
        """softmax, layer_norm and rms_norm on rows of n elements."""
        x = rand((rows, n), -8, 8, dtype, seed)
        self.close(ops.softmax(x), norms.softmax_reference(x), "softmax", dtype)
        x = rand((rows, n), -0.5, 1.5, dtype, seed + 1)
        w, b = rand((n,), 0.5, 1.5, dtype, seed + 2), rand((n,), -1, 1, dtype, seed + 3)
        self.close(ops.layer_norm(x, (n,), w, b), norms.layer_norm_reference(x, w, b, 1e-5),
                   "layer_norm", dtype)
        self.close(ops.rms_norm(x, (n,), w), norms.rms_norm_reference(x, w, 1e-6),
                   "rms_norm", dtype)

    def test_wide_rows(self):
        # Rows of 20000 elements take a 20480-column tile over 16 warps (the
        # last 480 columns outside the row).
        self.assertEqual(norms.norm_config(20000), dict(BLOCK_N=20480, ROWS=1, NUM_WARPS=16))
        self.check_row_ops(3, 20000, torch.bfloat16, 14)

    def test_rows_past_max_n(self):
        # Rows of MAX_N + 16 elements take the LOOPED kernels (chunks of
        # LOOPED_CONFIGS' BLOCK_N, the last of 16 columns).
        self.check_row_ops(2, norms.MAX_N + 16, torch.float16, 10)

    def test_rms_norm(self):
        for dtype in norms.SUPPORTED_DTYPES:
            with self.subTest(dtype=dtype):
                x, w = rand((6, 77), -1, 1, dtype, 9), rand((77,), 0.5, 1.5, dtype, 10)
                self.close(ops.rms_norm(x, (77,), w), norms.rms_norm_reference(x, w, 1e-6),
                           "rms_norm", dtype)
        x = rand((2, 3, 1000), -1, 1, torch.bfloat16, 11)
        eps = torch.finfo(torch.bfloat16).eps                          # eps=None: torch's
        self.close(ops.rms_norm(x, [1000], eps=None),
                   norms.rms_norm_reference(x, torch.ones(1000), eps), "rms_norm",
                   torch.bfloat16)

    def test_apply_rotary_emb(self):
        # x [B, N, H, D] = [2, 37, 3, 64] as the q of a packed qkv [B, N, 3, H, D]
        # (a strided view); cos/sin of 45 positions, used from row 5.
        b, n, h, d = 2, 37, 3, 64
        for dtype in norms.SUPPORTED_DTYPES:
            qkv = rand((b, n, 3, h, d), -1, 1, dtype, 12)
            angles = (torch.arange(45, dtype=torch.float64)[:, None]
                      * 10000.0 ** (-torch.arange(d // 2, dtype=torch.float64) / (d // 2)))
            cos, sin = angles.cos().to(dtype), angles.sin().to(dtype)
            x = qkv[:, :, 0]
            ref = norms.rotary_reference(x, cos[5:5 + n], sin[5:5 + n])
            with self.subTest(dtype=dtype, inplace=False):
                out = ops.apply_rotary_emb(x, cos, sin, seqlen_offsets=5)
                self.close(out, ref, "rotary", dtype)
                self.assertTrue(torch.equal(qkv[:, :, 0], x))          # x untouched
            with self.subTest(dtype=dtype, inplace=True):
                before = qkv.clone()
                result = ops.apply_rotary_emb(x, cos, sin, inplace=True, seqlen_offsets=5)
                self.assertIs(result, x)
                self.close(qkv[:, :, 0], ref, "rotary", dtype)
                self.assertTrue(torch.equal(qkv[:, :, 1:], before[:, :, 1:]))   # k, v untouched

    def test_empty(self):
        self.assertEqual(ops.softmax(torch.empty(0, 7, dtype=torch.float16)).shape, (0, 7))
        self.assertEqual(ops.rms_norm(torch.empty(3, 0, 8, dtype=torch.float16), 8).shape,
                         (3, 0, 8))

    def test_argument_errors_and_unsupported(self):
        x = torch.zeros(4, 6, 8, dtype=torch.float16)
        w = torch.ones(8, dtype=torch.float16)
        cos = torch.zeros(6, 4, dtype=torch.float16)
        unsupported = ops.UnsupportedError
        cases = [
            (lambda: ops.softmax(x, dim=1), unsupported, "dim must be the last"),
            (lambda: ops.softmax(x, dim=3), IndexError, "out of range"),
            (lambda: ops.softmax(x.float()), unsupported, "dtype torch.float32"),
            (lambda: ops.softmax(x.transpose(0, 1)), unsupported, r"pass x.contiguous\(\)"),
            (lambda: ops.softmax(x.transpose(1, 2)), unsupported, "contiguous last dimension"),
            (lambda: ops.softmax("x"), TypeError, "expected a torch.Tensor"),
            (lambda: ops.softmax(x.float().requires_grad_().half()), unsupported,
             "forward-only"),
            (lambda: ops.layer_norm(x, (6,)), ValueError, "trailing dimensions"),
            (lambda: ops.layer_norm(x, (8,), w.float()), unsupported, "weight of dtype"),
            (lambda: ops.layer_norm(x, (8,), w, torch.ones(7, dtype=torch.float16)),
             ValueError, r"bias: expected shape \[8\]"),
            (lambda: ops.rms_norm(x, (8,), "w"), TypeError, "weight: expected"),
            (lambda: ops.apply_rotary_emb(x, cos, cos), ValueError, r"expected \[B, N, H, D\]"),
            (lambda: ops.apply_rotary_emb(x[None], cos, cos, interleaved=True), unsupported,
             "interleaved"),
            (lambda: ops.apply_rotary_emb(x[None], cos[:, :2], cos[:, :2]), unsupported,
             "rotary dim of 4 with head dim 8"),
            (lambda: ops.apply_rotary_emb(x[None], cos[:3], cos[:3]), ValueError,
             "at least 4 rows"),
            (lambda: ops.apply_rotary_emb(x[None], cos, cos.float()), unsupported,
             "x's dtype"),
            (lambda: ops.apply_rotary_emb(x[None], cos, cos, cu_seqlens=torch.zeros(2)),
             unsupported, "cu_seqlens"),
            (lambda: ops.apply_rotary_emb(x[None], cos, cos), unsupported, "head dim 8"),
        ]
        for function, error, message in cases:
            with self.subTest(message=message):
                with self.assertRaisesRegex(error, message):
                    function()

    @needs_compiler
    def test_get_kernel_compiles_the_config(self):
        # The GPU path's compile (no launch): kernels/rotary.tile with
        # ROTARY_CONFIGS' constants, cached per (op, entry, dtype, size, target);
        # a row kernel with NORM_CONFIGS' constants and register cap (ptxas's
        # report stays under it).
        with mock.patch.dict(os.environ, TESSERA_TARGET="sm_90a"):
            kernel = norms.get_kernel("rms_norm", torch.float16, 6000,
                                      torch.device("cuda", 0))
            self.assertEqual(kernel.constants, dict(BLOCK_N=6144, ROWS=2, NUM_WARPS=8))
            registers = int(re.search(r"(\d+) registers", kernel.stats).group(1))
            self.assertLessEqual(registers, 80)
            for entry in ("rotary", "rotary_inplace"):
                kernel = norms.get_kernel("rotary", torch.bfloat16, 128,
                                          torch.device("cuda", 0), entry)
                self.assertEqual(kernel.name, entry)
                self.assertEqual(kernel.constants,
                                 dict(DTYPE="bf16", HEAD_DIM=128, BLOCK_N=16, NUM_WARPS=4))
                self.assertIs(norms.get_kernel("rotary", torch.bfloat16, 128,
                                               torch.device("cuda", 0), entry), kernel)

    def test_vector_bytes(self):
        # 16 where rows are 16-byte aligned; else what the pointer and the
        # strides allow (a [M, 77] f16 row is 154 bytes: 2; a view that
        # starts one element in: 2).
        x = torch.empty(8, 1024, dtype=torch.float16)
        self.assertEqual(norms.vector_bytes([x]), 16)
        self.assertEqual(norms.vector_bytes([torch.empty(8, 77, dtype=torch.float16)]), 2)
        self.assertEqual(norms.vector_bytes([x, x[:, 1:]]), 2)
        self.assertEqual(norms.vector_bytes([torch.empty(8, 1028, dtype=torch.float16)]), 8)
        self.assertEqual(norms.vector_bytes([1e-5, x]), 16)

    @needs_compiler
    def test_narrow_rows_compile_narrow_accesses(self):
        # Rows that are not 16-byte aligned get a kernel whose accesses (and
        # manifest align) fit them, cached apart from the 16-byte one.
        with mock.patch.dict(os.environ, TESSERA_TARGET="sm_90a"):
            wide = norms.get_kernel("softmax", torch.float16, 77, torch.device("cuda", 0))
            narrow = norms.get_kernel("softmax", torch.float16, 77,
                                      torch.device("cuda", 0), vector=2)
            self.assertIsNot(wide, narrow)
            aligns = [p["align"] for p in narrow.manifest.params if p["kind"] == "tensor"]
            self.assertEqual(aligns, [2, 2])
            aligns = [p["align"] for p in wide.manifest.params if p["kind"] == "tensor"]
            self.assertEqual(aligns, [16, 16])

    def test_configs(self):
        # The GPU bars' hidden sizes (test/gpu/check_membound.py): powers of
        # two up to 4096, WIDE_TILES beyond (5000 -> 5120; 5121 -> 6144).
        expect = {("softmax", 77): (128, 8, 4, None), ("softmax", 1000): (1024, 2, 4, 32),
                  ("softmax", 4096): (4096, 1, 4, 64), ("softmax", 5000): (5120, 1, 4, 72),
                  ("softmax", 5121): (6144, 1, 4, 72),
                  ("softmax", 8192): (8192, 1, 8, 64), ("softmax", 16384): (16384, 1, 16, None),
                  ("layer_norm", 1024): (1024, 2, 4, 32),
                  ("rms_norm", 1000): (1024, 2, 4, 32),
                  ("layer_norm", 4096): (4096, 2, 8, 64),
                  ("layer_norm", 5000): (5120, 2, 10, 64),
                  ("layer_norm", 6144): (6144, 1, 8, 64),
                  ("layer_norm", 8192): (8192, 1, 8, 72),
                  ("rms_norm", 5000): (5120, 1, 4, 80),
                  ("rms_norm", 6000): (6144, 2, 8, 80),
                  ("rms_norm", 2048): (2048, 1, 4, None), ("rms_norm", 6145): (8192, 1, 8, 64),
                  ("rms_norm", 9000): (12288, 1, 16, None),
                  ("softmax", 16385): (20480, 1, 16, None),
                  ("layer_norm", 28000): (28672, 1, 16, None),
                  ("rms_norm", 32768): (32768, 1, 16, None)}
        for (op, n), (block, rows, warps, registers) in expect.items():
            with self.subTest(op=op, n=n):
                self.assertEqual(norms.norm_config(n, op),
                                 dict(BLOCK_N=block, ROWS=rows, NUM_WARPS=warps))
                self.assertEqual(norms.compile_options(op, n).get("max_registers"),
                                 registers)
        for op, table in norms.NORM_CONFIGS.items():
            for largest, rows, warps, _ in table:
                # The tile holds whole repetitions of the layout's coverage.
                self.assertEqual(largest % min(largest, 8 * 32 * warps), 0, (op, largest))
        self.assertEqual(norms.WIDE_TILES[-1], norms.MAX_N)
        for op, config in norms.LOOPED_CONFIGS.items():
            block, warps = config["BLOCK_N"], config["NUM_WARPS"]
            self.assertEqual(block % min(block, 8 * 32 * warps), 0, op)
            self.assertIn(config["ROWS"], (1, 2), op)
        for d, config in norms.ROTARY_CONFIGS.items():
            self.assertEqual(config["BLOCK_N"] * d, 2048)
        with self.assertRaisesRegex(ValueError, "over 32768"):
            norms._norm_entry(32769, "softmax")
        for op in ("softmax", "layer_norm", "rms_norm"):
            self.assertEqual(norms.norm_config(32769, op), norms.LOOPED_CONFIGS[op])
            self.assertEqual(norms.compile_options(op, 1 << 20), {})


if __name__ == "__main__":
    unittest.main()
