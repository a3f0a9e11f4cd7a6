"""The package installs with pip from a clean copy of the repository (no
build folder inside it, no network), as a pure wheel that finds the tools
at run time and as a wheel that bundles a build's native parts."""

import os
import shutil
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

from support import REPO, has_tool
from tessera import _paths

PROBE = r"""
import json, os, sys
import tessera
from tessera import _paths
found = {"file": tessera.__file__, "compile": str(_paths.tool("tessera-compile")),
         "kernels": str(_paths.kernels_dir()), "torch": "torch" in sys.modules}
try:
    found["interp"] = str(_paths.interpreter_module_path())
except _paths.NotFound:
    found["interp"] = None
kernel = tessera.compile(os.path.join(found["kernels"], "gemm.tile"), target="sm_80")
found["kernel"] = kernel.name
print(json.dumps(found))
"""


def pip_available():
    return subprocess.run([sys.executable, "-m", "pip", "--version"],
                          capture_output=True).returncode == 0


@unittest.skipUnless(pip_available(), f"no pip for {sys.executable} (python3-pip)")
@unittest.skipUnless(has_tool("tessera-compile"), "tessera-compile not built")
class WheelTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.root = Path(tempfile.mkdtemp(prefix="tessera-wheel-"))
        clone = cls.root / "clone"
        shutil.copytree(REPO / "python", clone / "python",
                        ignore=shutil.ignore_patterns("__pycache__", "tests"))
        shutil.copytree(REPO / "kernels", clone / "kernels")
        # The runtime's C header, which the wheel carries for tessera.ops's C++ path.
        shutil.copytree(REPO / "include" / "tessera" / "Runtime",
                        clone / "include" / "tessera" / "Runtime")
        cls.clone = clone

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.root, ignore_errors=True)

    def install(self, name, env):
        site = self.root / name
        result = subprocess.run(
            [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-index",
             "--disable-pip-version-check", "--target", str(site),
             str(self.clone / "python")], capture_output=True, text=True,
            env=dict(self.clean_env(), **env))
        self.assertEqual(result.returncode, 0, result.stderr)
        return site

    def clean_env(self):
        env = {k: v for k, v in os.environ.items() if not k.startswith("TESSERA_")
               and k != "PYTHONPATH"}
        env["TESSERA_CACHE_DIR"] = str(self.root / "cache")
        env["PIP_NO_WARN_SCRIPT_LOCATION"] = "1"
        env["PIP_ROOT_USER_ACTION"] = "ignore"
        return env

    def probe(self, site, env):
        import json
        result = subprocess.run([sys.executable, "-c", PROBE], capture_output=True,
                                text=True, cwd=self.root,
                                env=dict(self.clean_env(), PYTHONPATH=str(site), **env))
        self.assertEqual(result.returncode, 0, result.stderr)
        return json.loads(result.stdout)

    def test_pure_wheel_finds_the_tools_on_path(self):
        site = self.install("pure", {"TESSERA_WHEEL_NATIVE": "0"})
        self.assertFalse((site / "tessera" / "bin").exists())
        self.assertTrue((site / "tessera" / "kernels" / "fa2.tile").is_file())
        # What tessera.ops builds its C++ launch path from.
        self.assertTrue((site / "tessera" / "csrc" / "flash_attn.cpp").is_file())
        self.assertTrue((site / "tessera" / "include" / "tessera" / "Runtime" /
                         "tessera_runtime.h").is_file())
        bin_dir = _paths.tool("tessera-compile").parent
        found = self.probe(site, {"PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}"})
        self.assertEqual(Path(found["file"]).parent, site / "tessera")
        self.assertEqual(Path(found["compile"]).parent, bin_dir)
        self.assertEqual(found["kernel"], "gemm")
        self.assertIsNone(found["interp"])
        self.assertFalse(found["torch"])

    def test_native_wheel_bundles_the_build(self):
        build = _paths.tool("tessera-compile").parent.parent
        site = self.install("native", {"TESSERA_BUILD_DIR": str(build)})
        found = self.probe(site, {"PATH": "/usr/bin:/bin"})
        self.assertEqual(Path(found["compile"]), site / "tessera" / "bin" / "tessera-compile")
        self.assertEqual(found["kernel"], "gemm")
        if (build / "python" / "tessera").is_dir():
            self.assertEqual(Path(found["interp"]).parent, site / "tessera")
        dist = list(site.glob("tessera-*.dist-info"))
        self.assertEqual(len(dist), 1)
        wheel = (dist[0] / "WHEEL").read_text()
        self.assertIn("Root-Is-Purelib: false", wheel)


if __name__ == "__main__":
    unittest.main()
