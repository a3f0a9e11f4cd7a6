"""Argument checks before a launch (no GPU needed): the runtime's rules,
raised in Python with the parameter's name."""

import json
import tempfile
import unittest
from pathlib import Path

from support import tessera
from tessera import runtime

MANIFEST = {
    "format": "tessera-manifest", "version": 1, "kernel": "fa2", "symbol": "fa2",
    "target": "sm_90a", "ptx": "fa2.ptx", "block": [256, 1, 1], "grid": ["cdiv(N, 128)", "BH"],
    "constants": {"HEAD_DIM": 64, "CAUSAL": 0},
    "params": [
        {"name": "Q", "kind": "tensor", "dtype": "f16", "shape": ["BH", "N", 64], "align": 16},
        {"name": "sm_scale", "kind": "scalar", "dtype": "f32"},
        {"name": "Lse", "kind": "tensor", "dtype": "f32", "shape": ["BH", "N"],
         "role": "output", "align": 4},
        {"name": "steps", "kind": "scalar", "dtype": "i32"},
    ],
}


class CudaArray:
    """A device array described only by __cuda_array_interface__."""

    def __init__(self, shape, typestr="<f2", strides=None, data=0x10000):
        self.__cuda_array_interface__ = {"shape": shape, "typestr": typestr,
                                         "strides": strides, "data": (data, False),
                                         "version": 3}


class RuntimeArgumentTest(unittest.TestCase):
    def setUp(self):
        self.manifest = runtime.Manifest("fa2.json", MANIFEST)
        self.q = self.manifest.param("Q")
        self.lse = self.manifest.param("Lse")

    def check(self, spec, value):
        runtime.check_tensor(spec, runtime.tensor_view(spec["name"], value), None)

    def test_accepted(self):
        self.check(self.q, CudaArray((6, 200, 64)))
        # Any outer strides that keep the alignment, e.g. a [B, N, H, D] view.
        self.check(self.q, CudaArray((3, 200, 64), strides=(128, 3 * 128, 2)))
        self.check(self.lse, CudaArray((2, 77), "<f4", strides=(77 * 4, 4), data=0x10004))
        arg = runtime._tensor_arg(self.q, CudaArray((3, 200, 64), strides=(128, 384, 2)), 0)
        self.assertEqual(list(arg.strides)[:3], [64, 192, 1])
        self.assertEqual(list(arg.sizes)[:3], [3, 200, 64])

    def test_rejected(self):
        cases = [
            (self.q, CudaArray((6, 200, 64), "<f4"), TypeError, "Q: expected dtype f16"),
            (self.q, CudaArray((6, 200)), ValueError, r"Q: expected rank 3 \['BH', 'N', 64\]"),
            (self.q, CudaArray((6, 200, 32)), ValueError, "Q: dimension 2 must be 64"),
            (self.q, CudaArray((6, 64, 200), strides=(25600, 2, 128)), ValueError,
             "Q: dimension 2 must be 64"),
            (self.q, CudaArray((6, 200, 64), strides=(25600, 128, 4)), ValueError,
             "Q: expected a contiguous innermost dimension"),
            (self.q, CudaArray((6, 200, 64), data=0x10008), ValueError,
             "Q: data pointer 0x10008 is not 16-byte aligned \\(Q's \"align\""),
            (self.q, CudaArray((6, 200, 64), strides=(25600, 66, 2)), ValueError,
             "Q: expected the stride of dimension 1 to be a multiple of 16 bytes"),
            (self.lse, CudaArray((2, 77), "<f4", data=0x10002), ValueError,
             "Lse: data pointer 0x10002 is not 4-byte aligned"),
            (self.q, CudaArray((6, 200, 64), "|b1"), TypeError, "typestr '|b1'"),
            (self.q, [1, 2, 3], TypeError, "Q: expected a tensor"),
        ]
        for spec, value, error, message in cases:
            with self.subTest(message=message):
                with self.assertRaisesRegex(error, message):
                    self.check(spec, value)

    def test_scalars(self):
        scale, steps = self.manifest.param("sm_scale"), self.manifest.param("steps")
        self.assertEqual(runtime._scalar_arg(scale, 0.125).float_value, 0.125)
        self.assertEqual(runtime._scalar_arg(steps, 7).int_value, 7)
        with self.assertRaisesRegex(TypeError, "sm_scale: expected a number, got str"):
            runtime._scalar_arg(scale, "0.1")
        with self.assertRaisesRegex(TypeError, "sm_scale: expected a number, got bool"):
            runtime._scalar_arg(scale, True)
        with self.assertRaisesRegex(ValueError, "sm_scale: 1e\\+39 does not fit f32"):
            runtime._scalar_arg(scale, 1e39)
        with self.assertRaisesRegex(TypeError, "steps: expected an integer, got float"):
            runtime._scalar_arg(steps, 1.5)
        with self.assertRaisesRegex(ValueError, "steps: 2147483648 does not fit i32"):
            runtime._scalar_arg(steps, 2**31)

    def test_names(self):
        values = runtime.bind_values(self.manifest, (1, 2), {"Lse": 3, "steps": 4})
        self.assertEqual(values, {"Q": 1, "sm_scale": 2, "Lse": 3, "steps": 4})
        with self.assertRaisesRegex(TypeError, "missing Lse, steps"):
            runtime.bind_values(self.manifest, (1, 2), {})
        with self.assertRaisesRegex(TypeError, "unknown Out"):
            runtime.bind_values(self.manifest, (1, 2), {"Lse": 3, "steps": 4, "Out": 5})
        with self.assertRaisesRegex(TypeError, "Q given twice"):
            runtime.bind_values(self.manifest, (1,), {"Q": 1})

    def test_manifest_reading_needs_no_torch(self):
        import sys
        self.assertEqual(self.manifest.head_dim, 64)
        self.assertEqual(self.manifest.config, "?x? w8")
        self.assertFalse(self.manifest.causal)
        self.assertNotIn("torch", sys.modules)


class ShimTest(unittest.TestCase):
    def test_tools_tessera_torch_is_the_package(self):
        import sys
        from support import REPO
        sys.path.insert(0, str(REPO / "tools"))
        try:
            import tessera_torch as tt
        finally:
            sys.path.pop(0)
        self.assertIs(tt.Manifest, tessera.Manifest)
        self.assertIs(tt.load, tessera.load)
        self.assertTrue(callable(tt.attention))



class ManifestThroughRuntimeTest(unittest.TestCase):
    """Manifest.load reads through the runtime's schema (tessera_manifest_json):
    what the runtime rejects, Python rejects with the runtime's message, and
    both read the same values."""

    def write(self, data):
        directory = tempfile.mkdtemp()
        path = Path(directory) / "fa2.json"
        path.write_text(data if isinstance(data, str) else json.dumps(data))
        return path

    def test_reads_what_the_runtime_reads(self):
        # Keys in another order and 2-D block: the runtime's form comes back.
        data = dict(reversed(list(MANIFEST.items())))
        manifest = runtime.Manifest.load(self.write(data))
        self.assertEqual(manifest.kernel, "fa2")
        self.assertEqual(manifest.param_names, ["Q", "sm_scale", "Lse", "steps"])
        self.assertEqual(manifest.param("Lse")["role"], "output")
        self.assertEqual(manifest.constants, {"HEAD_DIM": 64, "CAUSAL": 0})
        self.assertEqual(manifest.head_dim, 64)
        self.assertEqual(list(manifest.data)[:3], ["format", "version", "kernel"])

    def test_the_runtime_rejects(self):
        cases = [
            (dict(MANIFEST, params=[dict(MANIFEST["params"][0], dtype="f8")]), "f8"),
            ({k: v for k, v in MANIFEST.items() if k != "block"}, "block"),
            (dict(MANIFEST, format="other"), "format"),
            ("{", "fa2.json"),
        ]
        for data, needle in cases:
            with self.subTest(needle=needle):
                with self.assertRaises(runtime.TesseraError) as raised:
                    runtime.Manifest.load(self.write(data))
                self.assertIn(needle, str(raised.exception))

    def test_missing_file(self):
        with self.assertRaises(runtime.TesseraError) as raised:
            runtime.Manifest.load("/nonexistent/fa2.json")
        self.assertIn("/nonexistent/fa2.json", str(raised.exception))

if __name__ == "__main__":
    unittest.main()
