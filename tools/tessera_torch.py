"""Compatibility shim: the PyTorch bridge is now the `tessera` package
(python/tessera; docs/python.md, docs/pytorch.md).

    import tessera_torch as tt          # as before, from tools/
    fa2 = tt.load("gpu-out/fa2.json")   # = tessera.load
    out = tt.attention(fa2, q, k, v, causal=False)
    with tt.runner(check_one, timeout=60) as run: ...    # = tessera.watchdog

Everything here is re-exported from tessera.runtime, tessera.attention and
tessera.watchdog; new code should `import tessera` (pip install ./python)
and use tessera.compile / tessera.ops.flash_attn_func instead.
"""

import os
import sys

try:
    import tessera  # noqa: F401  (installed, or already on sys.path)
except ImportError:
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..",
                                    "python"))

from tessera.attention import AttentionCall, attention  # noqa: E402,F401
from tessera.runtime import (  # noqa: E402,F401
    API_VERSION, ARG_SCALAR, ARG_TENSOR, DEFAULT_ALIGN, DTYPE_CODES, INT_RANGES, MAX_RANK,
    NON_FINITE_CONSTANTS, TORCH_DTYPE_NAMES, BoundLaunch, Manifest, Module, TesseraArg,
    TesseraError, find_library, library, load, read_constants, set_wait_timeout)
from tessera.watchdog import (  # noqa: E402,F401
    InProcess, KernelTimeout, Outcome, Supervisor, _mark_hung, exit_now, gpu_hung,
    poll_until, runner, wait)
