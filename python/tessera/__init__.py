"""Tessera from Python: compile .tile kernels, run them on PyTorch tensors,
autotune, benchmark, interpret on numpy, and a FlashAttention-compatible op.

    import tessera, torch
    fa2 = tessera.compile("kernels/fa2.tile", HEAD_DIM=64, CAUSAL=True)  # cached
    fa2(Q=q, K=k, V=v, sm_scale=0.125, Out=out, Lse=lse)                 # current stream
    out = tessera.ops.flash_attn_func(q, k, v, causal=True)              # [B, N, H, D]

docs/python.md is the reference. The parts that touch neither torch nor a
GPU (compiling, manifests, the interpreter) import neither.
"""

__version__ = "0.1.0"

from ._paths import describe  # noqa: F401
from .autotune import Config, autotune  # noqa: F401
from .compiler import CompileError, Source, clear_cache, compile, default_target  # noqa: F401
from .interpreter import InterpretError, interpret  # noqa: F401
from .kernel import JITKernel, Kernel, jit  # noqa: F401
from .runtime import Manifest, Module, TesseraError, load  # noqa: F401
from . import testing  # noqa: F401


def __getattr__(name):
    # tessera.ops imports torch: only when asked for.
    if name == "ops":
        import importlib
        return importlib.import_module(".ops", __name__)
    raise AttributeError(f"module 'tessera' has no attribute {name!r}")
