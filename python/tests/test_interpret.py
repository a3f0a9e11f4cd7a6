"""tessera.interpret: kernels on numpy through the CPU interpreter, against
the fp64 reference of tessera.testing (through torch; the tolerances of
docs/interpreter.md)."""

import unittest

from support import KERNELS, needs_interpreter, random_qkv, tessera

FA2 = KERNELS / "fa2.tile"
COPY = """
const BLOCK = 16

@kernel(grid=(cdiv(N, BLOCK),))
def scale(X: f32[N], alpha: f32, Y: out f32[N], Count: inout i32[N]):
    start = program_id(0) * BLOCK
    Y[start : start + BLOCK] = X[start : start + BLOCK] * alpha
    Count[start : start + BLOCK] = Count[start : start + BLOCK] + 1
"""

# argmax / argmin along a row (a 1-D tile to a scalar) and down the columns
# of a 2-D tile, of f32, f16 and i32 values; the padding loses every tie (a
# higher index).
ARG_REDUCTIONS = """
const BLOCK_M = 8
const BLOCK_N = 64

@kernel(grid=1, num_warps=2)
def arg_reductions(X: f32[M, N], H: f16[M, N], C: i32[M, N], Max: out i32[M],
                   Min: out i32[M], HalfMax: out i32[M], IntMin: out i32[M],
                   ColMax: out i32[N], ColMin: out i32[N]):
    inside = arange(0, BLOCK_N) < N
    for row in range(0, M):
        x = X[row, 0 : BLOCK_N]
        Max[row] = argmax(where(inside, x, -inf))
        Min[row] = argmin(where(inside, x, inf), axis=0)
        HalfMax[row] = argmax(where(inside, H[row, 0 : BLOCK_N], -inf))
        IntMin[row] = argmin(where(inside, C[row, 0 : BLOCK_N], 2147483647))
    rows = arange(0, BLOCK_M)[:, None] < M
    t = X[0 : BLOCK_M, 0 : BLOCK_N]
    ColMax[0 : BLOCK_N] = argmax(where(rows, t, -inf), axis=0)
    ColMin[0 : BLOCK_N] = argmin(where(rows, t, inf), axis=0)
"""

# cumsum along a row (1-D, every warp along it) and down the columns of a
# 2-D tile, of f32 and i32 values.
CUMSUM = """
const BLOCK_M = 8
const BLOCK_N = 256

@kernel(grid=1, num_warps=4)
def scans(X: f32[M, N], C: i32[M, N], Rows: out f32[M, N], Ints: out i32[M, N],
          Cols: out f32[M, N]):
    for row in range(0, M):
        Rows[row, 0 : BLOCK_N] = cumsum(X[row, 0 : BLOCK_N])
        Ints[row, 0 : BLOCK_N] = cumsum(C[row, 0 : BLOCK_N], axis=0)
    Cols[0 : BLOCK_M, 0 : BLOCK_N] = cumsum(X[0 : BLOCK_M, 0 : BLOCK_N], axis=0)
"""


@needs_interpreter
class InterpretTest(unittest.TestCase):
    def fa2(self, shape, causal=False, window=(-1, -1), dtype="f16", **constants):
        import numpy as np
        if not __import__("support").has_module("torch"):
            self.skipTest("torch missing (python3-torch): attention_reference needs it")
        from tessera.testing import TOLERANCES, assert_close, attention_reference
        bh, n, d = shape
        q, k, v = random_qkv(shape, seed=n + d, dtype="float16" if dtype == "f16"
                             else "float32")
        source, dtype_constants = FA2, {}
        if dtype == "bf16":
            from tessera.ops.flash_attn import kernel_source
            import torch
            source, dtype_constants = kernel_source(torch.bfloat16)
        out = np.zeros(shape, q.dtype)
        scale = d ** -0.5
        result = tessera.interpret(source, Q=q, K=k, V=v, sm_scale=scale, Out=out,
                                   constants=dict(HEAD_DIM=d, CAUSAL=int(causal),
                                                  WINDOW_LEFT=window[0],
                                                  WINDOW_RIGHT=window[1], **dtype_constants,
                                                  **constants))
        self.assertIs(result["Out"], out)
        rounded = [x.astype(np.float64) for x in (q, k, v)]
        if dtype == "bf16":   # the kernel sees bf16 inputs: round the reference's too
            rounded = [bf16_round(x) for x in rounded]
        ref_out, ref_lse = attention_reference(*rounded, scale, causal, window)
        atol, rtol = TOLERANCES[dtype]
        assert_close(out, ref_out, atol, 0.0, f"Out {dtype} causal={causal} {window}")
        assert_close(result["Lse"], ref_lse, *TOLERANCES["lse"], name="Lse")

    def test_fa2(self):
        self.fa2((6, 200, 64))

    def test_fa2_causal_ragged(self):
        self.fa2((3, 77, 64), causal=True, BLOCK_M=64, BLOCK_N=64, NUM_WARPS=4)

    def test_fa2_window(self):
        self.fa2((2, 160, 64), window=(40, 8), BLOCK_M=64, BLOCK_N=64, NUM_WARPS=4)

    def test_fa2_causal_window_head_dim_128(self):
        self.fa2((2, 90, 128), causal=True, window=(20, -1), BLOCK_M=64, BLOCK_N=64,
                 NUM_WARPS=4)

    @unittest.skipUnless(__import__("support").has_module("torch"),
                         "torch missing (python3-torch): the bf16 variant comes from ops")
    def test_fa2_bf16(self):
        self.fa2((2, 100, 64), causal=True, dtype="bf16", BLOCK_M=64, BLOCK_N=64,
                 NUM_WARPS=4)

    def test_generic_kernel_outputs_inout_and_allocation(self):
        import numpy as np
        x = np.arange(10, dtype=np.float32)
        count = np.full(10, 5, dtype=np.int32)
        result = tessera.interpret(COPY, X=x, alpha=0.5, Count=count)
        np.testing.assert_array_equal(result["Y"], x * 0.5)
        np.testing.assert_array_equal(count, np.full(10, 6))
        self.assertIs(result["Count"], count)
        # Positional, in the kernel's order; a strided input is fine.
        y = np.zeros(10, np.float32)
        tessera.interpret(COPY, np.arange(20, dtype=np.float32)[::2], 2.0, y, count)
        np.testing.assert_array_equal(y, np.arange(0, 40, 4))

    def test_errors(self):
        import numpy as np
        x = np.zeros(8, np.float32)
        count = np.zeros(8, np.int32)
        with self.assertRaisesRegex(TypeError, "missing alpha"):
            tessera.interpret(COPY, X=x, Count=count)
        with self.assertRaisesRegex(TypeError, "unknown Z"):
            tessera.interpret(COPY, X=x, alpha=1.0, Count=count, Z=x)
        with self.assertRaisesRegex(TypeError, "X: expected dtype float32 \\(f32\\), got float64"):
            tessera.interpret(COPY, X=x.astype(np.float64), alpha=1.0, Count=count)
        with self.assertRaisesRegex(tessera.InterpretError, "N"):
            tessera.interpret(COPY, X=x, alpha=1.0, Count=np.zeros(9, np.int32))
        with self.assertRaisesRegex(tessera.InterpretError, r"kernel\.tile:\d+:\d+: error"):
            tessera.interpret(COPY.replace("* alpha", "* beta"), X=x, alpha=1.0, Count=count)
        with self.assertRaisesRegex(tessera.InterpretError, "does not compile for sm_90a"):
            q = np.zeros((1, 64, 128), np.float16)
            tessera.interpret(FA2, Q=q, K=q, V=q, sm_scale=1.0,
                              constants=dict(HEAD_DIM=128, BLOCK_M=256, BLOCK_N=128,
                                             NUM_STAGES=4))

    def test_arg_reductions_match_numpy(self):
        """argmax / argmin give numpy's index: the first extremum, the first
        NaN where there is one (NaN is both the largest and the smallest),
        -0.0 equal to 0.0."""
        import numpy as np
        rng = np.random.default_rng(7)
        x = rng.integers(-3, 4, size=(7, 50)).astype(np.float32)   # ties
        x[1, [17, 30]] = np.nan
        x[2] = -np.inf
        x[3] = -1.0
        x[3, [3, 5]] = [-0.0, 0.0]
        x[4, [40, 45]] = np.inf
        x[4, 2] = -np.inf
        x[5] = 1.0
        x[6, ::2] = np.nan                  # the odd columns tie down the rows
        c = rng.integers(-3, 4, size=(7, 50)).astype(np.int32)
        out = tessera.interpret(ARG_REDUCTIONS, X=x, H=x.astype(np.float16), C=c)
        np.testing.assert_array_equal(out["Max"], np.argmax(x, axis=1))
        np.testing.assert_array_equal(out["Min"], np.argmin(x, axis=1))
        np.testing.assert_array_equal(out["HalfMax"], np.argmax(x.astype(np.float16), axis=1))
        np.testing.assert_array_equal(out["IntMin"], np.argmin(c, axis=1))
        np.testing.assert_array_equal(out["ColMax"], np.argmax(x, axis=0))
        np.testing.assert_array_equal(out["ColMin"], np.argmin(x, axis=0))
        self.assertEqual(list(out["Max"][1:7]), [17, 0, 3, 40, 0, 0])
        self.assertEqual(list(out["ColMax"][16:18]), [6, 1])

    def test_cumsum_matches_numpy(self):
        """cumsum: numpy's prefix sums (f32 in index order, as numpy's
        float32 cumsum; i32 wrapping)."""
        import numpy as np
        rng = np.random.default_rng(3)
        x = rng.standard_normal((5, 200)).astype(np.float32)
        c = rng.integers(-2**31, 2**31 - 1, size=(5, 200), dtype=np.int64).astype(np.int32)
        out = tessera.interpret(CUMSUM, X=x, C=c)
        np.testing.assert_allclose(out["Rows"], np.cumsum(x, axis=1, dtype=np.float32),
                                   rtol=1e-6, atol=1e-6)
        np.testing.assert_allclose(out["Cols"], np.cumsum(x, axis=0, dtype=np.float32),
                                   rtol=1e-6, atol=1e-6)
        wrapped = (np.cumsum(c.astype(np.int64), axis=1) + 2**31) % 2**32 - 2**31
        np.testing.assert_array_equal(out["Ints"], wrapped)

    def test_jit_runs_numpy_on_the_interpreter(self):
        import numpy as np
        kernel = tessera.jit(COPY, BLOCK=32)
        y = np.zeros(5, np.float32)
        kernel(X=np.ones(5, np.float32), alpha=3.0, Y=y, Count=np.zeros(5, np.int32))
        np.testing.assert_array_equal(y, np.full(5, 3.0))


def bf16_round(x):
    """float64 -> the nearest bf16 (ties to even), as float64."""
    import numpy as np
    bits = x.astype(np.float32).view(np.uint32).astype(np.uint64)
    bits = (bits + 0x7FFF + ((bits >> 16) & 1)) & 0xFFFF0000
    return bits.astype(np.uint32).view(np.float32).astype(np.float64)


if __name__ == "__main__":
    unittest.main()
