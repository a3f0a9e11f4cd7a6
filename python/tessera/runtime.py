"""The Tessera runtime from Python: manifests, loading and launching kernels.

ctypes over the C API of libtessera_runtime.so
(include/tessera/Runtime/tessera_runtime.h). A `Module` is one compiled
kernel (a manifest, docs/manifest.md, and the PTX/cubin beside it), loaded on
the device's primary context -- the one PyTorch uses -- so torch device
pointers and streams go straight through.

Tensors may be torch CUDA tensors, any object with __cuda_array_interface__
(CuPy, Numba, ...), or a DLPack capsule provider (through torch.from_dlpack).
Every argument is checked here the way the runtime checks it (dtype, device,
rank, fixed sizes, a contiguous innermost dimension, the manifest's "align"
for the data pointer and outer strides, scalar types and ranges), so that a
mistake is a TypeError/ValueError naming the parameter; the runtime then
checks again (symbolic sizes agree, the grid) and its errors come back as
TesseraError. Manifests need neither torch nor a GPU.
"""

import ctypes
import json
import math
import numbers
import os
from pathlib import Path

from . import _paths

API_VERSION = 1
MAX_RANK = 8
ARG_TENSOR, ARG_SCALAR = 0, 1
DTYPE_CODES = {"f16": 0, "bf16": 1, "f32": 2, "i32": 3, "i64": 4}
DTYPE_SIZES = {"f16": 2, "bf16": 2, "f32": 4, "i32": 4, "i64": 8}
TORCH_DTYPE_NAMES = {"f16": "float16", "bf16": "bfloat16", "f32": "float32",
                     "i32": "int32", "i64": "int64"}
# __cuda_array_interface__ type strings (little-endian; "|" for one byte).
CAI_TYPESTRS = {"<f2": "f16", "<f4": "f32", "<i4": "i32", "<i8": "i64"}
INT_RANGES = {"i32": (-2**31, 2**31 - 1), "i64": (-2**63, 2**63 - 1)}
# Bytes; the alignment of a tensor's data pointer (and outer strides) when its
# manifest entry has no "align" (manifests older than that field).
DEFAULT_ALIGN = 16
# Float constants that JSON numbers cannot express.
NON_FINITE_CONSTANTS = {"inf": math.inf, "-inf": -math.inf, "nan": math.nan}


class TesseraError(RuntimeError):
    """A problem compiling, loading or launching a Tessera kernel."""


class TesseraArg(ctypes.Structure):
    """Mirror of `tessera_arg` (168 bytes, fixed layout)."""

    _fields_ = [
        ("kind", ctypes.c_int32),
        ("dtype", ctypes.c_int32),
        ("rank", ctypes.c_int32),
        ("reserved", ctypes.c_int32),
        ("data", ctypes.c_uint64),
        ("sizes", ctypes.c_int64 * MAX_RANK),
        ("strides", ctypes.c_int64 * MAX_RANK),
        ("float_value", ctypes.c_double),
        ("int_value", ctypes.c_int64),
    ]


assert ctypes.sizeof(TesseraArg) == 168, "tessera_arg layout changed"


# ----------------------------------------------------------------------------
# The shared library
# ----------------------------------------------------------------------------

def find_library():
    """Path of libtessera_runtime.so (see tessera._paths for the search)."""
    try:
        return _paths.runtime_library()
    except _paths.NotFound as error:
        raise TesseraError(str(error)) from None


def _declare(lib):
    """Sets the ctypes signatures of the C API."""
    void_p, c_int, c_char_p = ctypes.c_void_p, ctypes.c_int, ctypes.c_char_p
    args_p = ctypes.POINTER(TesseraArg)
    signatures = {
        "tessera_api_version": (c_int, []),
        "tessera_last_error": (c_char_p, []),
        "tessera_manifest_json": (c_char_p, [c_char_p]),
        "tessera_module_load_ex": (c_int, [c_char_p, c_int, c_int, ctypes.POINTER(void_p),
                                           c_char_p, ctypes.c_size_t]),
        "tessera_module_unload": (None, [void_p]),
        "tessera_module_kernel": (c_char_p, [void_p]),
        "tessera_module_binary_path": (c_char_p, [void_p]),
        "tessera_module_used_cubin": (c_int, [void_p]),
        "tessera_module_num_params": (c_int, [void_p]),
        "tessera_module_param_name": (c_char_p, [void_p, c_int]),
        "tessera_grid": (c_int, [void_p, args_p, c_int, ctypes.c_uint32 * 3]),
        "tessera_launch": (c_int, [void_p, args_p, c_int, void_p]),
        "tessera_time": (c_int, [void_p, args_p, c_int, void_p, c_int, c_int,
                                 ctypes.POINTER(ctypes.c_float)]),
    }
    for name, (restype, argtypes) in signatures.items():
        function = getattr(lib, name, None)
        if function is None:
            raise TesseraError(f"{lib._name} has no {name}: rebuild the runtime "
                               "(cmake --build BUILD --target TesseraRuntimeShared)")
        function.restype = restype
        function.argtypes = argtypes
    # Newer than API version 1's first release: declared where present.
    if hasattr(lib, "tessera_set_wait_timeout"):
        lib.tessera_set_wait_timeout.restype = c_int
        lib.tessera_set_wait_timeout.argtypes = [ctypes.c_double]


_LIBRARY = None


def library():
    """The loaded runtime library (loaded once, API version checked)."""
    global _LIBRARY
    if _LIBRARY is None:
        path = find_library()
        try:
            lib = ctypes.CDLL(str(path))
        except OSError as error:
            raise TesseraError(f"loading {path}: {error}") from None
        _declare(lib)
        version = lib.tessera_api_version()
        if version != API_VERSION:
            raise TesseraError(f"{path} has C API version {version}, this package "
                               f"expects {API_VERSION}")
        _LIBRARY = lib
    return _LIBRARY


def set_wait_timeout(seconds):
    """The deadline, in seconds, of the runtime's own waits for the GPU (in
    tessera_time); 0 waits as long as the GPU takes (tessera/Runtime/Watchdog.h)."""
    lib = library()
    if not hasattr(lib, "tessera_set_wait_timeout"):
        raise TesseraError(f"{find_library()} has no tessera_set_wait_timeout (older runtime)")
    if lib.tessera_set_wait_timeout(float(seconds)):
        raise TesseraError(_last_error())


def _last_error():
    return library().tessera_last_error().decode(errors="replace")


# ----------------------------------------------------------------------------
# Manifests
# ----------------------------------------------------------------------------

def _reject_constant(name):
    raise ValueError(f"{name} is not JSON (write \"inf\", \"-inf\" or \"nan\")")


def read_constants(path, constants):
    """The manifest's "constants" as Python values: integers (booleans as
    0/1) as int, floats (JSON numbers with a fraction or exponent, and the
    strings "inf", "-inf", "nan") as float."""
    if not isinstance(constants, dict):
        raise TesseraError(f"{path}: constants: expected an object")
    values = {}
    for name, value in constants.items():
        if isinstance(value, bool):
            values[name] = int(value)
        elif isinstance(value, (int, float)):
            values[name] = value
        elif isinstance(value, str) and value in NON_FINITE_CONSTANTS:
            values[name] = NON_FINITE_CONSTANTS[value]
        else:
            raise TesseraError(f"{path}: constants.{name}: expected an integer, a "
                               f"number, a boolean or \"inf\", \"-inf\", \"nan\", "
                               f"got {value!r}")
    return values


class Manifest:
    """The parts of a kernel manifest Python needs (docs/manifest.md)."""

    def __init__(self, path, data):
        self.path = Path(path)
        self.data = data
        self.kernel = data["kernel"]
        self.params = data["params"]
        self.target = data.get("target")
        # int for integer (and boolean) constants, float for float ones.
        self.constants = read_constants(path, data.get("constants", {}))
        self.resources = data.get("resources", {})
        self.block = data["block"]

    @classmethod
    def load(cls, path):
        """Reads a manifest through the runtime's schema (tessera_manifest_json:
        the runtime's checks and messages, no GPU needed); TesseraError if the
        runtime rejects it."""
        text = library().tessera_manifest_json(os.fsencode(str(path)))
        if text is None:
            raise TesseraError(_last_error())
        return cls(path, json.loads(text.decode(), parse_constant=_reject_constant))

    def param(self, name):
        """The parameter called `name`, or None."""
        return next((p for p in self.params if p["name"] == name), None)

    @property
    def param_names(self):
        return [p["name"] for p in self.params]

    @property
    def causal(self):
        """The CAUSAL constant (0 when absent) as a bool."""
        return bool(self.constants.get("CAUSAL", 0))

    @property
    def head_dim(self):
        """HEAD_DIM, else Q's fixed last size; None when D is symbolic."""
        if "HEAD_DIM" in self.constants:
            return int(self.constants["HEAD_DIM"])
        q = self.param("Q")
        last = q["shape"][-1] if q and q.get("shape") else None
        return last if isinstance(last, int) else None

    @property
    def num_warps(self):
        return int(self.constants.get("NUM_WARPS", math.prod(self.block) // 32))

    @property
    def config(self):
        """A short label of the tuning constants, e.g. "128x64 w4 s2"."""
        c = self.constants
        label = f"{c.get('BLOCK_M', '?')}x{c.get('BLOCK_N', '?')} w{self.num_warps}"
        if "NUM_STAGES" in c:
            label += f" s{c['NUM_STAGES']}"
        return label


# ----------------------------------------------------------------------------
# Tensors: torch, __cuda_array_interface__, DLPack
# ----------------------------------------------------------------------------

def _torch():
    """The torch module, imported on first use."""
    try:
        import torch
    except ImportError:
        raise TesseraError("PyTorch is not installed; tensors cannot be bound") from None
    return torch


def _torch_if_loaded():
    import sys
    return sys.modules.get("torch")


class TensorView:
    """What the runtime needs of a tensor: address, dtype, sizes and strides
    (in elements), and the CUDA device (None when the object does not say)."""

    __slots__ = ("data", "dtype", "shape", "strides", "device", "owner")

    def __init__(self, data, dtype, shape, strides, device, owner):
        self.data, self.dtype, self.shape = data, dtype, tuple(shape)
        self.strides, self.device, self.owner = tuple(strides), device, owner


def is_tensor(value):
    """Whether `value` can be bound to a tensor parameter."""
    torch = _torch_if_loaded()
    return ((torch is not None and isinstance(value, torch.Tensor))
            or hasattr(value, "__cuda_array_interface__") or hasattr(value, "__dlpack__"))


def tensor_view(name, value):
    """A TensorView of a torch tensor, a __cuda_array_interface__ object or a
    DLPack provider; TypeError for anything else."""
    torch = _torch_if_loaded()
    if torch is not None and isinstance(value, torch.Tensor):
        dtype = _TORCH_TO_DTYPE.get(str(value.dtype).replace("torch.", ""))
        if dtype is None:
            raise TypeError(f"{name}: tensors of {value.dtype} are not supported (f16, "
                            "bf16, f32, i32, i64)")
        device = value.device.index if value.device.type == "cuda" else value.device.type
        return TensorView(value.data_ptr(), dtype, value.shape, value.stride(), device, value)
    interface = getattr(value, "__cuda_array_interface__", None)
    if interface is not None:
        typestr = interface["typestr"]
        dtype = CAI_TYPESTRS.get(typestr)
        if dtype is None:
            raise TypeError(f"{name}: __cuda_array_interface__ typestr {typestr!r} is not "
                            f"supported ({', '.join(CAI_TYPESTRS)})")
        shape = tuple(interface["shape"])
        size = DTYPE_SIZES[dtype]
        if interface.get("strides") is None:
            strides, step = [], 1
            for extent in reversed(shape):
                strides.insert(0, step)
                step *= extent
        else:
            if any(s % size for s in interface["strides"]):
                raise ValueError(f"{name}: strides {interface['strides']} (bytes) are not "
                                 f"multiples of the element size {size}")
            strides = [s // size for s in interface["strides"]]
        return TensorView(interface["data"][0], dtype, shape, strides, None, value)
    if hasattr(value, "__dlpack__"):
        return tensor_view(name, _torch().from_dlpack(value))
    raise TypeError(f"{name}: expected a tensor (torch.Tensor, __cuda_array_interface__ "
                    f"or DLPack), got {type(value).__name__}")


_TORCH_TO_DTYPE = {v: k for k, v in TORCH_DTYPE_NAMES.items()}


def check_tensor(spec, view, device):
    """Raises TypeError/ValueError, naming the parameter, for a tensor the
    runtime would reject (docs/manifest.md "What the runtime requires")."""
    name, dtype = spec["name"], spec["dtype"]
    if view.dtype != dtype:
        raise TypeError(f"{name}: expected dtype {dtype} ({TORCH_DTYPE_NAMES[dtype]}), got "
                        f"{view.dtype} ({TORCH_DTYPE_NAMES[view.dtype]})")
    if view.device is not None and view.device != device:
        where = view.device if isinstance(view.device, str) else f"cuda:{view.device}"
        raise ValueError(f"{name}: expected a tensor on cuda:{device}, got {where}")
    shape = spec["shape"]
    if len(view.shape) != len(shape):
        raise ValueError(f"{name}: expected rank {len(shape)} {shape}, got shape "
                         f"{list(view.shape)}")
    for dim, (want, got) in enumerate(zip(shape, view.shape)):
        if isinstance(want, int) and want != got:
            raise ValueError(f"{name}: dimension {dim} must be {want}, got shape "
                             f"{list(view.shape)}")
    if view.shape and view.shape[-1] > 1 and view.strides[-1] != 1:
        raise ValueError(f"{name}: expected a contiguous innermost dimension (stride 1), "
                         f"got strides {list(view.strides)}")
    align = spec.get("align", DEFAULT_ALIGN)
    origin = (f"{name}'s \"align\" in the manifest" if "align" in spec
              else f"the default \"align\"; the manifest gives none for {name}")
    if view.data % align:
        raise ValueError(f"{name}: data pointer {view.data:#x} is not {align}-byte "
                         f"aligned ({origin})")
    size = DTYPE_SIZES[dtype]
    for dim, (extent, stride) in enumerate(zip(view.shape[:-1], view.strides[:-1])):
        if extent > 1 and (stride * size) % align:
            raise ValueError(f"{name}: expected the stride of dimension {dim} to be a "
                             f"multiple of {align} bytes ({origin}), got {stride * size}")
    if any(s < 0 for s in view.strides):
        raise ValueError(f"{name}: negative strides {list(view.strides)} are not supported")


def _tensor_arg(spec, value, device):
    """A TesseraArg for `value` after checking it against the manifest entry."""
    view = tensor_view(spec["name"], value)
    check_tensor(spec, view, device)
    arg = TesseraArg(kind=ARG_TENSOR, dtype=DTYPE_CODES[spec["dtype"]], rank=len(view.shape))
    arg.data = view.data
    for dim, (extent, stride) in enumerate(zip(view.shape, view.strides)):
        arg.sizes[dim] = extent
        arg.strides[dim] = stride
    return arg


def _scalar_arg(spec, value):
    """A TesseraArg for a Python number after checking its type and range."""
    name, dtype = spec["name"], spec["dtype"]
    arg = TesseraArg(kind=ARG_SCALAR, dtype=DTYPE_CODES[dtype])
    if dtype == "f32":
        if not isinstance(value, numbers.Real) or isinstance(value, bool):
            raise TypeError(f"{name}: expected a number, got {type(value).__name__}")
        if math.isfinite(value) and abs(value) > 3.4028234663852886e38:
            raise ValueError(f"{name}: {value} does not fit f32")
        arg.float_value = float(value)
        return arg
    if not isinstance(value, numbers.Integral) or isinstance(value, bool):
        raise TypeError(f"{name}: expected an integer, got {type(value).__name__}")
    low, high = INT_RANGES[dtype]
    if not low <= int(value) <= high:
        raise ValueError(f"{name}: {value} does not fit {dtype}")
    arg.int_value = int(value)
    return arg


def _stream_handle(stream, device):
    """The CUstream handle (an int) for a torch stream, an object with
    `cuda_stream` or `ptr`, a raw handle, or None (torch's current stream on
    `device` when torch is loaded, else the default stream 0)."""
    if stream is None:
        torch = _torch_if_loaded()
        if torch is None:
            return 0
        stream = torch.cuda.current_stream(device)
    if isinstance(stream, int):
        return stream
    for attribute in ("cuda_stream", "ptr", "handle"):
        if hasattr(stream, attribute):
            return int(getattr(stream, attribute))
    raise TypeError(f"stream: expected a torch.cuda.Stream, a stream object or a "
                    f"CUstream int, got {type(stream).__name__}")


class BoundLaunch:
    """Arguments checked and packed once, launchable many times (for timing).

    Holds references to the tensors so they outlive the launches."""

    def __init__(self, module, args, keep_alive):
        self.module = module
        self._args = args
        self._keep_alive = keep_alive

    def __call__(self, stream=None):
        """Launches asynchronously on `stream` (default: torch's current stream)."""
        handle = _stream_handle(stream, self.module.device)
        if library().tessera_launch(self.module.handle, self._args, len(self._args),
                                    ctypes.c_void_p(handle)):
            raise TesseraError(_last_error())

    def grid(self):
        """The grid the launch would use, checked by the runtime."""
        grid = (ctypes.c_uint32 * 3)()
        if library().tessera_grid(self.module.handle, self._args, len(self._args), grid):
            raise TesseraError(_last_error())
        return tuple(grid)


def bind_values(manifest, args, kwargs):
    """Maps positional (manifest order) and keyword arguments to names;
    TypeError for a missing, unknown or doubly given parameter."""
    names = manifest.param_names
    if len(args) > len(names):
        raise TypeError(f"{manifest.kernel}: takes {len(names)} arguments "
                        f"({', '.join(names)}), got {len(args)} positional")
    values = dict(zip(names, args))
    twice = [n for n in kwargs if n in values]
    if twice:
        raise TypeError(f"{manifest.kernel}: {', '.join(twice)} given twice")
    values.update(kwargs)
    missing = [n for n in names if n not in values]
    unknown = [n for n in values if n not in names]
    if missing or unknown:
        raise TypeError(f"{manifest.kernel}: parameters are {', '.join(names)}"
                        + (f"; missing {', '.join(missing)}" if missing else "")
                        + (f"; unknown {', '.join(unknown)}" if unknown else ""))
    return values


def pack(manifest, values, device):
    """The tessera_arg array of `values` ({name: value}, see bind_values),
    every argument checked against the manifest first (needs no GPU)."""
    packed = (TesseraArg * len(manifest.params))()
    for i, spec in enumerate(manifest.params):
        value = values[spec["name"]]
        if spec["kind"] == "tensor":
            packed[i] = _tensor_arg(spec, value, device)
        else:
            packed[i] = _scalar_arg(spec, value)
    return packed


class Module:
    """A loaded kernel. Call it with every manifest parameter (by name or in
    the manifest's order)."""

    def __init__(self, manifest_path, device=0, prefer_cubin=True):
        self.manifest = Manifest.load(manifest_path)
        self.device = device
        handle = ctypes.c_void_p()
        error = ctypes.create_string_buffer(4096)
        if library().tessera_module_load_ex(str(manifest_path).encode(), device,
                                            int(prefer_cubin), ctypes.byref(handle),
                                            error, len(error)):
            raise TesseraError(error.value.decode(errors="replace"))
        self.handle = handle

    def close(self):
        """Unloads the kernel (also done when the Module is collected)."""
        if self.handle:
            library().tessera_module_unload(self.handle)
            self.handle = None

    def __del__(self):
        if getattr(self, "handle", None) and _LIBRARY is not None:
            self.close()

    @property
    def kernel(self):
        return self.manifest.kernel

    @property
    def binary_path(self):
        return library().tessera_module_binary_path(self.handle).decode()

    @property
    def used_cubin(self):
        return bool(library().tessera_module_used_cubin(self.handle))

    @property
    def param_names(self):
        return self.manifest.param_names

    def bind(self, *args, **kwargs):
        """Checks the tensors and scalars against the manifest and packs them."""
        values = bind_values(self.manifest, args, kwargs)
        return BoundLaunch(self, pack(self.manifest, values, self.device),
                           list(values.values()))

    def __call__(self, *args, stream=None, **kwargs):
        """Launches once on `stream` (default: torch's current stream)."""
        self.bind(*args, **kwargs)(stream)

    def __repr__(self):
        return f"<tessera Module {self.kernel} ({self.manifest.path})>"


def load(manifest_path, device=0, prefer_cubin=True):
    """Loads the kernel of a manifest (its cubin if it suits the GPU, else the PTX)."""
    return Module(manifest_path, device, prefer_cubin)
