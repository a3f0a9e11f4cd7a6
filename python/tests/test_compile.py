"""tessera.compile: the compiler runs once per key; the cache serves the rest."""

import os
import time
import unittest

from support import KERNELS, CacheTestCase, needs_compiler, tessera

FA2 = KERNELS / "fa2.tile"
TINY = """
const BLOCK = 64

@kernel(grid=(cdiv(N, BLOCK),))
def copy(X: f32[N], Y: out f32[N]):
    start = program_id(0) * BLOCK
    Y[start : start + BLOCK] = X[start : start + BLOCK]
"""


@needs_compiler
class CompileTest(CacheTestCase):
    def test_second_call_is_a_cache_hit(self):
        start = time.perf_counter()
        first = tessera.compile(FA2, target="sm_90a", HEAD_DIM=64, CAUSAL=True)
        cold = time.perf_counter() - start
        start = time.perf_counter()
        second = tessera.compile(str(FA2), target="sm_90a", HEAD_DIM=64, CAUSAL=True)
        warm = time.perf_counter() - start
        print(f"\ncompile: {cold * 1000:.0f} ms, cache hit: {warm * 1000:.1f} ms")
        self.assertFalse(first.cache_hit)
        self.assertTrue(second.cache_hit)
        self.assertEqual(first.entry, second.entry)
        self.assertLess(warm, cold / 5)
        manifest = second.manifest
        self.assertEqual(manifest.kernel, "fa2")
        self.assertEqual(manifest.target, "sm_90a")
        self.assertEqual(manifest.constants["CAUSAL"], 1)
        self.assertEqual(manifest.constants["HEAD_DIM"], 64)
        self.assertEqual(second.param_names, ["Q", "K", "V", "sm_scale", "Out", "Lse"])
        self.assertTrue((second.entry / "kernel.ptx").is_file())
        self.assertIn("registers", second.stats)

    def test_key_covers_constants_target_and_source(self):
        base = tessera.compile(TINY, target="sm_80")
        self.assertEqual(base.name, "copy")
        self.assertNotEqual(tessera.compile(TINY, target="sm_80", BLOCK=128).entry, base.entry)
        self.assertNotEqual(tessera.compile(TINY, target="sm_90a").entry, base.entry)
        self.assertNotEqual(tessera.compile(TINY.replace("copy", "copy2"),
                                            target="sm_80").entry, base.entry)
        self.assertTrue(tessera.compile(TINY, target="sm_80").cache_hit)
        self.assertFalse(tessera.compile(TINY, target="sm_80", cache=False).cache_hit)

    def test_a_new_compiler_misses_the_cache(self):
        from tessera import compiler
        kernel = tessera.compile(TINY, target="sm_80")
        real = compiler.compiler_id
        compiler.compiler_id = lambda path: "another compiler"
        try:
            self.assertFalse(tessera.compile(TINY, target="sm_80").cache_hit)
        finally:
            compiler.compiler_id = real
        self.assertTrue(tessera.compile(TINY, target="sm_80").cache_hit)
        self.assertTrue(kernel.manifest_path.is_file())

    def test_a_filled_cache_serves_hosts_without_the_compiler(self):
        tessera.compile(TINY, target="sm_90a", BLOCK=32)
        saved = os.environ.get("TESSERA_COMPILE")
        os.environ["TESSERA_COMPILE"] = "/nonexistent/tessera-compile"
        try:
            self.assertTrue(tessera.compile(TINY, target="sm_90a", BLOCK=32).cache_hit)
            with self.assertRaisesRegex(tessera.TesseraError, "has no entry for"):
                tessera.compile(TINY, target="sm_90a", BLOCK=16)
        finally:
            if saved is None:
                del os.environ["TESSERA_COMPILE"]
            else:
                os.environ["TESSERA_COMPILE"] = saved

    def test_errors_are_the_compilers(self):
        with self.assertRaises(tessera.CompileError) as caught:
            tessera.compile(TINY.replace("X[start", "Z[start"), target="sm_80")
        self.assertIn("kernel.tile:", caught.exception.message)
        self.assertEqual(caught.exception.reason, "error")
        with self.assertRaises(tessera.CompileError) as caught:
            tessera.compile(FA2, target="sm_90a", HEAD_DIM=128, BLOCK_M=256, BLOCK_N=128,
                            NUM_STAGES=4)
        self.assertEqual(caught.exception.reason, "shared-memory")
        self.assertIn("over the sm_90a budget", caught.exception.message)
        # Remembered: the second time is a cache hit that raises the same error.
        start = time.perf_counter()
        with self.assertRaises(tessera.CompileError):
            tessera.compile(FA2, target="sm_90a", HEAD_DIM=128, BLOCK_M=256, BLOCK_N=128,
                            NUM_STAGES=4)
        self.assertLess(time.perf_counter() - start, 0.5)
        with self.assertRaisesRegex(tessera.TesseraError, "unknown target 'sm_70'"):
            tessera.compile(TINY, target="sm_70")
        with self.assertRaisesRegex(tessera.TesseraError, "no_such.tile: no such file"):
            tessera.compile("no_such.tile", target="sm_80")
        with self.assertRaisesRegex(TypeError, "constant BLOCK"):
            tessera.compile(TINY, target="sm_80", BLOCK=[1])
        # A Kernel is one kernel: a file with several asks which.
        two = TINY + "\n" + TINY.split("const BLOCK = 64")[1].replace("def ", "def other_", 1)
        with self.assertRaisesRegex(tessera.CompileError, r"several kernels \(.*other_.*\).*"
                                    "kernel=NAME"):
            tessera.compile(two, target="sm_80")

    def test_default_target(self):
        from tessera.compiler import target_for_capability
        self.assertEqual(target_for_capability(9, 0), "sm_90a")
        self.assertEqual(target_for_capability(8, 0), "sm_80")
        self.assertEqual(target_for_capability(8, 7), "sm_86")
        self.assertEqual(target_for_capability(10, 3), "sm_100")
        self.assertEqual(target_for_capability(12, 1), "sm_120")
        with self.assertRaisesRegex(tessera.TesseraError, "older than every target"):
            target_for_capability(7, 5)
        saved = os.environ.get("TESSERA_TARGET")
        os.environ["TESSERA_TARGET"] = "sm_86"
        try:
            self.assertEqual(tessera.default_target(), "sm_86")
            self.assertEqual(tessera.compile(TINY).target, "sm_86")
        finally:
            if saved is None:
                del os.environ["TESSERA_TARGET"]
            else:
                os.environ["TESSERA_TARGET"] = saved

    def test_a_launch_goes_through_the_runtime_library(self):
        import ctypes
        from tessera import _paths
        try:
            _paths.runtime_library()
        except _paths.NotFound as error:
            self.skipTest(str(error))
        try:
            ctypes.CDLL("libcuda.so.1")
            self.skipTest("a CUDA driver is installed: test/gpu covers launches")
        except OSError:
            pass
        from test_runtime_args import CudaArray
        kernel = tessera.compile(TINY, target="sm_80")
        x, y = CudaArray((64,), "<f4"), CudaArray((64,), "<f4", data=0x20000)
        with self.assertRaisesRegex(tessera.TesseraError, "libcuda.so.1"):
            kernel(X=x, Y=y)
        # Argument errors come first, before the GPU is touched.
        with self.assertRaisesRegex(TypeError, "copy: parameters are X, Y; missing Y"):
            kernel(x)
        with self.assertRaisesRegex(TypeError, "X: expected dtype f32"):
            kernel(X=CudaArray((64,), "<f2"), Y=y)

    def test_jit_compiles_once_per_target(self):
        jit = tessera.jit(TINY)
        first = jit.compile("sm_80")
        self.assertIs(jit.compile("sm_80"), first)
        self.assertEqual(jit.compile("sm_80", BLOCK=32).manifest.constants["BLOCK"], 32)


if __name__ == "__main__":
    unittest.main()
