"""The compiled launch path of tessera.ops.flash_attn_func: a C++ op with a
C++ autograd node (python/tessera/csrc/flash_attn.cpp), built on first use
against the PyTorch in the process (torch.utils.cpp_extension: a C++
compiler, ninja and the CUDA toolkit's headers) and cached under
tessera's cache folder (tessera._paths.cache_dir()/torch_ext/).

Without it flash_attn_func runs the same kernels through the Python launch
path and a Python autograd.Function, which costs more host time a call (at
small shapes the host, not the GPU, then bounds a training step:
test/gpu/RESULTS.md v21). TESSERA_TORCH_EXTENSION selects:
  unset or "auto"  build and use it; if it cannot be built, warn once (with
                   the compiler's message) and use the Python path;
  "1"              require it: a failure to build raises TesseraError;
  "0"              never build it (the Python path).
"""

import os
import threading
import warnings

from .. import _paths
from .. import runtime as _runtime

_LOCK = threading.Lock()
_STATE = {}   # "op": the loaded op, or "error": why it is unavailable
MODES = ("auto", "0", "1")


def mode():
    """TESSERA_TORCH_EXTENSION's value (checked)."""
    value = os.environ.get("TESSERA_TORCH_EXTENSION", "auto") or "auto"
    if value not in MODES:
        raise _runtime.TesseraError(f"TESSERA_TORCH_EXTENSION={value!r}: expected one of "
                                    f"{', '.join(MODES)}")
    return value


def source_path():
    return _paths.PACKAGE_DIR / "csrc" / "flash_attn.cpp"


def _build():
    """Builds (or finds built) and loads the extension; returns the op."""
    import torch
    from torch.utils import cpp_extension
    library = _paths.runtime_library().resolve()
    _runtime.library()   # loaded first: the extension binds to this instance
    include = _paths.runtime_include_dir()
    version = torch.__version__.replace("+", "_").replace(".", "_")
    build_dir = _paths.cache_dir() / "torch_ext" / f"torch_{version}"
    build_dir.mkdir(parents=True, exist_ok=True)
    verbose = os.environ.get("TESSERA_TORCH_EXTENSION_VERBOSE", "") not in ("", "0")
    cpp_extension.load(
        name="tessera_ext", sources=[str(source_path())],
        extra_include_paths=[str(include)],
        extra_cflags=["-O2"],
        extra_ldflags=[str(library), f"-Wl,-rpath,{library.parent}"],
        with_cuda=True, is_python_module=False, build_directory=str(build_dir),
        verbose=verbose)
    return torch.ops.tessera_ext.flash_attn


def flash_attn_op():
    """torch.ops.tessera_ext.flash_attn, built and loaded once per process;
    None when TESSERA_TORCH_EXTENSION=0 or (in "auto") when it cannot be
    built."""
    current = mode()
    if current == "0":
        return None
    op = _STATE.get("op")
    if op is not None:
        return op
    if "error" in _STATE:
        if current == "1":
            raise _runtime.TesseraError(_STATE["error"])
        return None
    with _LOCK:
        if "op" not in _STATE and "error" not in _STATE:
            try:
                _STATE["op"] = _build()
            except Exception as error:  # the compiler's or the loader's message
                _STATE["error"] = (f"tessera.ops: the C++ launch path of flash_attn_func "
                                   f"could not be built ({type(error).__name__}: "
                                   f"{str(error).strip()[-2000:]})")
                if mode() != "1":
                    warnings.warn(_STATE["error"] + "; using the Python launch path "
                                  "(TESSERA_TORCH_EXTENSION=0 silences this)",
                                  RuntimeWarning, stacklevel=3)
    return flash_attn_op()


def status():
    """'loaded', 'off', 'not built yet' or the reason it is unavailable."""
    if "op" in _STATE:
        return "loaded"
    if mode() == "0":
        return "off"
    return _STATE.get("error", "not built yet")
