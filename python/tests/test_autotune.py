"""tessera.autotune without a GPU: the compile phase (parallel, pruning by
the compiler's shared-memory error) and the tuning keys."""

import unittest

from support import KERNELS, CacheTestCase, needs_compiler, tessera

FA2 = KERNELS / "fa2.tile"
CONFIGS = [
    tessera.Config(BLOCK_M=128, BLOCK_N=64, NUM_WARPS=4, NUM_STAGES=2),
    tessera.Config(BLOCK_M=64, BLOCK_N=64, NUM_WARPS=4, NUM_STAGES=2),
    tessera.Config(BLOCK_M=256, BLOCK_N=128, NUM_WARPS=8, NUM_STAGES=4),   # 320 KB
    tessera.Config(BLOCK_M=128, BLOCK_N=128, NUM_WARPS=8, NUM_STAGES=3),
]


@needs_compiler
class AutotuneCompileTest(CacheTestCase):
    def test_prunes_by_the_compilers_error_and_compiles_in_parallel(self):
        tuner = tessera.autotune(configs=CONFIGS, key=["N"], max_workers=4)(
            tessera.jit(FA2, HEAD_DIM=128))
        results = tuner.compile_all("sm_90a")
        self.assertEqual([r.config for r in results], CONFIGS)
        pruned = [r for r in results if r.pruned]
        self.assertEqual([r.config for r in pruned], [CONFIGS[2]])
        self.assertEqual(pruned[0].reason, "shared-memory")
        self.assertIn("over the sm_90a budget", pruned[0].error)
        self.assertEqual(tuner.pruned[0][:2], (CONFIGS[2], "shared-memory"))
        for result in results:
            if not result.pruned:
                constants = result.kernel.manifest.constants
                for name, value in result.config.constants.items():
                    self.assertEqual(constants[name], value)
        # Parallel: some two compiles ran at the same time.
        spans = sorted((r.start, r.end) for r in results)
        overlapping = any(b_start < a_end for (_, a_end), (b_start, _) in zip(spans, spans[1:]))
        print("\ncompile spans (s):", [(round(s - spans[0][0], 2), round(e - spans[0][0], 2))
                                       for s, e in spans])
        self.assertTrue(overlapping, spans)
        # The second sweep is free: the same results, from memory.
        self.assertIs(tuner.compile_all("sm_90a"), results)

    def test_every_config_over_budget_is_an_error(self):
        tuner = tessera.autotune(configs=[CONFIGS[2]], key=["N"])(
            tessera.jit(FA2, HEAD_DIM=128))
        with self.assertRaisesRegex(tessera.TesseraError, "every config is over the "
                                    "shared-memory budget of sm_90a"):
            tuner.compile_all("sm_90a")

    def test_other_compile_errors_are_raised(self):
        tuner = tessera.autotune(configs=[tessera.Config(NO_SUCH=1)], key=["N"])(
            tessera.jit(FA2))
        with self.assertRaisesRegex(tessera.CompileError, "NO_SUCH"):
            tuner.compile_all("sm_80")

    def test_keys(self):
        from test_runtime_args import MANIFEST, CudaArray
        from tessera.runtime import Manifest
        manifest = Manifest("fa2.json", MANIFEST)
        tuner = tessera.autotune(configs=CONFIGS[:1], key=["N", "BH", "steps", "Q",
                                                            "HEAD_DIM"])(
            tessera.jit(FA2, HEAD_DIM=64))
        q = CudaArray((6, 200, 64))
        key = tuner.key_of(manifest, {"Q": q, "sm_scale": 1.0, "Lse": None, "steps": 3})
        self.assertEqual(key, (200, 6, 3, ("f16", 6, 200, 64), 64))
        with self.assertRaisesRegex(tessera.TesseraError, "neither a size"):
            tessera.autotune(configs=CONFIGS[:1], key=["M"])(tessera.jit(FA2)).key_of(
                manifest, {"Q": q})


if __name__ == "__main__":
    unittest.main()
