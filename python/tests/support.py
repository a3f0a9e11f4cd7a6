"""Shared setup of the package's tests (python3 -m unittest discover -s python/tests).

The package is imported from this checkout (python/) unless one is already
importable; the compile cache goes to a fresh folder per test class
($TESSERA_CACHE_DIR); tests that need a tool, numpy, torch or the
interpreter module skip, saying why, where it is missing.
"""

import importlib.util
import os
import shutil
import sys
import tempfile
import unittest
from pathlib import Path

TESTS = Path(__file__).resolve().parent
REPO = TESTS.parent.parent
KERNELS = REPO / "kernels"
if importlib.util.find_spec("tessera") is None:
    sys.path.insert(0, str(TESTS.parent))

import tessera  # noqa: E402
from tessera import _paths  # noqa: E402


def has_module(name):
    return importlib.util.find_spec(name) is not None


def has_tool(name):
    try:
        _paths.tool(name)
        return True
    except _paths.NotFound:
        return False


def has_interpreter_module():
    try:
        _paths.interpreter_module_path()
        return True
    except _paths.NotFound:
        return False


needs_compiler = unittest.skipUnless(has_tool("tessera-compile"),
                                     "tessera-compile not built (./tools/run.sh build)")
needs_numpy = unittest.skipUnless(has_module("numpy"), "numpy missing (python3-numpy)")
needs_interpreter = unittest.skipUnless(
    has_module("numpy") and has_interpreter_module(),
    "the interpreter module or numpy is missing (pybind11-dev, python3-dev, python3-numpy)")
needs_torch = unittest.skipUnless(has_module("torch"), "torch missing (python3-torch)")


class CacheTestCase(unittest.TestCase):
    """A fresh compile cache for the class."""

    @classmethod
    def setUpClass(cls):
        cls._cache = tempfile.mkdtemp(prefix="tessera-cache-")
        cls._saved_cache = os.environ.get("TESSERA_CACHE_DIR")
        os.environ["TESSERA_CACHE_DIR"] = cls._cache

    @classmethod
    def tearDownClass(cls):
        if cls._saved_cache is None:
            os.environ.pop("TESSERA_CACHE_DIR", None)
        else:
            os.environ["TESSERA_CACHE_DIR"] = cls._saved_cache
        shutil.rmtree(cls._cache, ignore_errors=True)


def random_qkv(shape, seed=0, dtype="float16"):
    """q, k, v uniform in [-1, 1), never 0 once rounded (as tessera-run)."""
    import numpy as np
    rng = np.random.default_rng(seed)
    arrays = []
    for _ in range(3):
        x = rng.uniform(-1, 1, shape).astype(dtype)
        x[x == 0] = 0.5
        arrays.append(x)
    return arrays
