"""tessera.interpret: the CPU interpreter (lib/Interpreter) on numpy arrays.

The role TRITON_INTERPRET=1 plays for Triton: a kernel runs on the CPU, over
its whole grid, with the GPU's numeric model (f16/bf16 storage, fp32
accumulation; docs/interpreter.md), so kernels are tested where there is no
GPU. Binds by the kernel's parameter names, like a launch:

    out = np.empty_like(q); lse = np.empty(q.shape[:2], np.float32)
    tessera.interpret("kernels/fa2.tile", Q=q, K=k, V=v, sm_scale=0.125,
                      Out=out, Lse=lse, constants={"CAUSAL": 1})

Tensors are numpy arrays or torch tensors (CUDA ones through host copies) of
the parameter's dtype --
float16, float32, int32, int64; bf16 parameters take float32 arrays (numpy
has no bfloat16; values are rounded to bf16 on the way in and out) or
torch.bfloat16 tensors. Any layout is accepted (the interpreter gets a
copy). Outputs and inout tensors are written back in place; an output that
is left out is allocated (its sizes from the other tensors) and returned.
The result is a dict of every output/inout tensor by name.
"""

import collections
import threading

from . import _paths
from .compiler import Source, format_constant
from .runtime import TesseraError

_NUMPY_DTYPES = {"f16": "float16", "bf16": "float32", "f32": "float32", "i32": "int32",
                 "i64": "int64"}
_PROGRAMS = collections.OrderedDict()
_PROGRAMS_LOCK = threading.Lock()
_PROGRAM_CACHE_SIZE = 64
_NATIVE = None


class InterpretError(TesseraError):
    """The interpreter rejected or failed a kernel; the message is its
    diagnostics, located in the source."""


def native():
    """The _interp extension module (loaded once)."""
    global _NATIVE
    if _NATIVE is None:
        import importlib.util
        try:
            path = _paths.interpreter_module_path()
        except _paths.NotFound as error:
            raise TesseraError(str(error)) from None
        spec = importlib.util.spec_from_file_location("tessera._interp", path)
        module = importlib.util.module_from_spec(spec)
        try:
            spec.loader.exec_module(module)
        except ImportError as error:
            raise TesseraError(f"loading {path}: {error}") from None
        _NATIVE = module
    return _NATIVE


def program(path_or_source, constants=None, kernel=None, gpu_check="sm_90a",
            decompose=False):
    """The compiled interpreter Program (cached by source, constants, options)."""
    source = Source.of(path_or_source)
    defines = tuple(sorted((n, format_constant(n, v)) for n, v in (constants or {}).items()))
    key = (source.digest, source.filename, defines, kernel or "", gpu_check, decompose)
    with _PROGRAMS_LOCK:
        if key in _PROGRAMS:
            _PROGRAMS.move_to_end(key)
            return _PROGRAMS[key]
    try:
        compiled = native().Program(source.text, source.filename, list(defines),
                                    kernel or "", gpu_check, decompose)
    except native().Error as error:
        raise InterpretError(str(error)) from None
    with _PROGRAMS_LOCK:
        _PROGRAMS[key] = compiled
        while len(_PROGRAMS) > _PROGRAM_CACHE_SIZE:
            _PROGRAMS.popitem(last=False)
    return compiled


def _as_numpy(name, value, dtype, copy_in=True):
    """(float64/int64 C-contiguous copy, write-back function) for one tensor;
    without copy_in (an output) the copy is poisoned instead: NaN, or
    0xdeadbeef for integers, as tessera-run does."""
    import numpy as np
    torch_tensor = None
    if type(value).__module__.startswith("torch"):
        # A CUDA tensor (TESSERA_INTERPRET=1 on GPU code) goes through the host.
        torch_tensor = value
        want = {"f16": "torch.float16", "bf16": "torch.bfloat16", "f32": "torch.float32",
                "i32": "torch.int32", "i64": "torch.int64"}[dtype]
        if str(value.dtype) != want:
            raise TypeError(f"{name}: expected dtype {want}, got {value.dtype}")
        value = value.detach().cpu()
        value = value.float().numpy() if dtype == "bf16" else value.numpy()
    if not isinstance(value, np.ndarray):
        raise TypeError(f"{name}: expected a numpy array or a CPU tensor, got "
                        f"{type(value).__name__}")
    if value.dtype.name != _NUMPY_DTYPES[dtype] and not (
            dtype == "bf16" and value.dtype.name == "bfloat16"):
        raise TypeError(f"{name}: expected dtype {_NUMPY_DTYPES[dtype]} ({dtype}), got "
                        f"{value.dtype}")
    wide_dtype = np.int64 if dtype in ("i32", "i64") else np.float64
    if copy_in:
        wide = np.array(value, dtype=wide_dtype, order="C", copy=True)
    else:
        wide = np.full(value.shape, 0xdeadbeef if wide_dtype is np.int64 else np.nan,
                       dtype=wide_dtype)

    def write_back(result):
        if torch_tensor is not None:
            import torch
            torch_tensor.copy_(torch.from_numpy(result).to(torch_tensor.device))
        else:
            value[...] = result.astype(value.dtype)
    return wide, write_back


def interpret(path_or_source, *args, constants=None, kernel=None, gpu_check="sm_90a",
              decompose=False, **kwargs):
    """Runs a kernel on the CPU interpreter; returns {name: array} of every
    output and inout tensor (see the module's docstring).

    gpu_check: the chip the kernel must also lower for ("none" skips it);
    decompose: run tile-decompose-online-softmax first."""
    import numpy as np
    compiled = program(path_or_source, constants, kernel, gpu_check, decompose)
    params = compiled.params
    names = [p["name"] for p in params]
    if len(args) > len(names):
        raise TypeError(f"{compiled.name}: takes {len(names)} arguments, got {len(args)}")
    values = dict(zip(names, args))
    twice = [n for n in kwargs if n in values]
    unknown = [n for n in kwargs if n not in names]
    if twice or unknown:
        raise TypeError(f"{compiled.name}: parameters are {', '.join(names)}"
                        + (f"; {', '.join(twice)} given twice" if twice else "")
                        + (f"; unknown {', '.join(unknown)}" if unknown else ""))
    values.update(kwargs)
    missing = [p["name"] for p in params if p["name"] not in values
               and (p["kind"] == "scalar" or p["role"] == "input")]
    if missing:
        raise TypeError(f"{compiled.name}: missing {', '.join(missing)} (parameters are "
                        f"{', '.join(names)})")

    # Sizes from the given tensors, to allocate the outputs left out.
    sizes = {}
    for p in params:
        value = values.get(p["name"])
        if p["kind"] == "tensor" and value is not None and hasattr(value, "shape"):
            for want, got in zip(p["shape"], value.shape):
                if isinstance(want, str):
                    sizes.setdefault(want, int(got))
    native_args, write_backs, results = [], [], {}
    for p in params:
        name = p["name"]
        if p["kind"] == "scalar":
            value = values[name]
            native_args.append(float(value) if p["dtype"] in ("f16", "bf16", "f32")
                               else int(value))
            continue
        if name not in values:
            unknown_sizes = [s for s in p["shape"] if isinstance(s, str) and s not in sizes]
            if unknown_sizes:
                raise TypeError(f"{compiled.name}: cannot allocate {name}: size "
                                f"{unknown_sizes[0]} is not given by another tensor")
            shape = [s if isinstance(s, int) else sizes[s] for s in p["shape"]]
            if p["role"] == "inout":
                if "init" not in p:
                    raise TypeError(f"{compiled.name}: pass {name} (an inout tensor "
                                    "without an init value)")
                fill = p["init"]
            else:  # an output: poisoned, so that an unwritten element shows
                fill = 0 if p["dtype"] in ("i32", "i64") else float("nan")
            values[name] = np.full(shape, fill, dtype=_NUMPY_DTYPES[p["dtype"]])
        wide, write_back = _as_numpy(name, values[name], p["dtype"],
                                     copy_in=p["role"] != "output")
        native_args.append(wide)
        if p["role"] != "input":
            write_backs.append((wide, write_back))
            results[name] = values[name]
    try:
        compiled.run(native_args)
    except native().Error as error:
        raise InterpretError(str(error)) from None
    for wide, write_back in write_backs:
        write_back(wide)
    return results
