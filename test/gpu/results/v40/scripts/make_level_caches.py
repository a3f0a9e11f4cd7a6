"""v40 (run here, where tessera-compile is): the caches of ab_level.py.
A = LayerNorm's 5120 x 2 rows x 10 warps kernel (f16) as compiled (74
registers with the in-bounds copy, v39); B = its PTX under `.maxnreg 64`
assembled with `ptxas --register-usage-level 0` (64, no spill here);
C = `.maxnreg 64` at ptxas's default level (8 B spilled); each cache also
holds NORM_CONFIGS' 5120 entry (1 row over 4 warps at 88), untouched.

usage: make_level_caches.py DIR   (writes DIR/A, DIR/B, DIR/C)"""
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "../../../../.."))
sys.path[:0] = [os.path.join(ROOT, "python")]

import torch  # noqa: E402

import tessera  # noqa: E402
from tessera.ops import norms  # noqa: E402

TESTED = dict(BLOCK_N=5120, ROWS=2, NUM_WARPS=10)
PTXAS = os.path.join(os.environ.get("CUDA_HOME", "/usr/local/cuda"), "bin", "ptxas")


def main(out):
    a = os.path.join(out, "A")
    shutil.rmtree(out, ignore_errors=True)
    os.environ["TESSERA_CACHE_DIR"] = a
    source, base = norms.kernel_source(torch.float16, norms._FILES["layer_norm"])
    tested = tessera.compile(source, "sm_90a", **dict(base, **TESTED))
    print("A:", tested.stats.strip())
    default = norms.kernel_constants("layer_norm", torch.float16, 5000)[1]
    tessera.compile(source, "sm_90a", **norms.compile_options("layer_norm", 5000), **default)
    for name, flags in (("B", ["--register-usage-level", "0"]), ("C", [])):
        dst = os.path.join(out, name)
        shutil.copytree(a, dst)
        for ptx in pathlib.Path(dst).glob("*/*/kernel.ptx"):
            constants = json.loads((ptx.parent / "info.json").read_text())["constants"]
            if {k: int(constants.get(k, 0)) for k in TESTED} != TESTED:
                continue
            text = ptx.read_text()
            text = re.sub(r"^(\.maxntid [^\n]*)$", r"\1\n.maxnreg 64", text, count=1,
                          flags=re.M)
            ptx.write_text(text)
            r = subprocess.run([PTXAS, "-arch=sm_90a", "-v", *flags, str(ptx), "-o",
                                str(ptx.with_suffix(".cubin"))], capture_output=True, text=True)
            used = re.search(r"Used \d+ registers", r.stderr)
            spill = re.search(r"\d+ bytes spill stores", r.stderr)
            print(f"{name}: rc {r.returncode}, {used and used.group(0)}, "
                  f"{spill and spill.group(0)}")


if __name__ == "__main__":
    main(sys.argv[1])
