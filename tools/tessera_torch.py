"""PyTorch bridge to the Tessera runtime.

Loads a kernel compiled by tessera-compile (its JSON manifest, docs/manifest.md)
through the runtime's C API (include/tessera/Runtime/tessera_runtime.h, in
libtessera_runtime.so) with ctypes, and launches it on PyTorch tensors:

    import tessera_torch as tt
    fa2 = tt.load("gpu-out/fa2.json")
    fa2(Q=q, K=k, V=v, Out=out, Lse=lse, sm_scale=0.125)   # current torch stream
    out = tt.attention(fa2, q, k, v, causal=False)          # allocates Out/Lse

The runtime runs kernels on the device's primary context, the one PyTorch
uses, so torch device pointers and streams are passed as they are. The
library is found through $TESSERA_RUNTIME_LIB (the file or its folder), else
in the default build folder build/gpu (see docs/pytorch.md).

The manifest and library parts need no torch (it is imported on first use)
and no GPU; binding tensors does.
"""

import ctypes
import json
import math
import numbers
import os
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
LIBRARY_NAME = "libtessera_runtime.so"
# Where a runtime-only build (cmake -B build/gpu -DTESSERA_RUNTIME_ONLY=ON) puts it.
DEFAULT_LIBRARY_DIRS = ("build/gpu/lib/Runtime", "build/gpu/lib", "build/gpu")
API_VERSION = 1
MAX_RANK = 8
ARG_TENSOR, ARG_SCALAR = 0, 1
DTYPE_CODES = {"f16": 0, "bf16": 1, "f32": 2, "i32": 3, "i64": 4}
TORCH_DTYPE_NAMES = {"f16": "float16", "bf16": "bfloat16", "f32": "float32",
                     "i32": "int32", "i64": "int64"}
INT_RANGES = {"i32": (-2**31, 2**31 - 1), "i64": (-2**63, 2**63 - 1)}
# Bytes; the alignment of a tensor's data pointer (and outer strides) when its
# manifest entry has no "align" (manifests older than that field).
DEFAULT_ALIGN = 16
# Float constants that JSON numbers cannot express.
NON_FINITE_CONSTANTS = {"inf": math.inf, "-inf": -math.inf, "nan": math.nan}


class TesseraError(RuntimeError):
    """A problem loading or launching a Tessera kernel."""


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
    """Path of libtessera_runtime.so: $TESSERA_RUNTIME_LIB, else the build dir."""
    override = os.environ.get("TESSERA_RUNTIME_LIB")
    if override:
        path = Path(override)
        if path.is_dir():
            path = path / LIBRARY_NAME
        if not path.is_file():
            raise TesseraError(f"TESSERA_RUNTIME_LIB={override}: {path} does not exist")
        return path
    candidates = [REPO_ROOT / folder / LIBRARY_NAME for folder in DEFAULT_LIBRARY_DIRS]
    for path in candidates:
        if path.is_file():
            return path
    raise TesseraError(
        f"{LIBRARY_NAME} not found in {', '.join(str(p.parent) for p in candidates)}; "
        "build it with cmake -DTESSERA_RUNTIME_ONLY=ON (docs/pytorch.md) or set "
        "TESSERA_RUNTIME_LIB")


def _declare(lib):
    """Sets the ctypes signatures of the C API."""
    void_p, c_int, c_char_p = ctypes.c_void_p, ctypes.c_int, ctypes.c_char_p
    args_p = ctypes.POINTER(TesseraArg)
    signatures = {
        "tessera_api_version": (c_int, []),
        "tessera_last_error": (c_char_p, []),
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
        function = getattr(lib, name)
        function.restype = restype
        function.argtypes = argtypes


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
            raise TesseraError(f"{path} has C API version {version}, this bridge "
                               f"expects {API_VERSION}")
        _LIBRARY = lib
    return _LIBRARY


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
    """The parts of a kernel manifest the bridge needs (docs/manifest.md)."""

    def __init__(self, path, data):
        self.path = Path(path)
        self.data = data
        self.kernel = data["kernel"]
        self.params = data["params"]
        # int for integer (and boolean) constants, float for float ones.
        self.constants = read_constants(path, data.get("constants", {}))
        self.resources = data.get("resources", {})
        self.block = data["block"]

    @classmethod
    def load(cls, path):
        """Reads a manifest; TesseraError if it is not one."""
        try:
            with open(path) as file:
                # Strict JSON, like the runtime: no NaN/Infinity literals.
                data = json.load(file, parse_constant=_reject_constant)
        except (OSError, ValueError) as error:
            raise TesseraError(f"reading manifest {path}: {error}") from None
        if not isinstance(data, dict) or data.get("format") != "tessera-manifest":
            raise TesseraError(f"{path} is not a tessera manifest (no \"format\": "
                               "\"tessera-manifest\")")
        for key in ("kernel", "params", "block"):
            if key not in data:
                raise TesseraError(f"{path}: missing \"{key}\"")
        return cls(path, data)

    def param(self, name):
        """The parameter called `name`, or None."""
        return next((p for p in self.params if p["name"] == name), None)

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
# Binding torch tensors and scalars
# ----------------------------------------------------------------------------

def _torch():
    """The torch module, imported on first use."""
    try:
        import torch
    except ImportError:
        raise TesseraError("PyTorch is not installed; tensors cannot be bound") from None
    return torch


def _tensor_arg(spec, tensor, device):
    """A TesseraArg for `tensor` after checking it against the manifest entry."""
    torch = _torch()
    name, dtype = spec["name"], spec["dtype"]
    if not isinstance(tensor, torch.Tensor):
        raise TypeError(f"{name}: expected a torch.Tensor, got {type(tensor).__name__}")
    expected = getattr(torch, TORCH_DTYPE_NAMES[dtype])
    if tensor.dtype != expected:
        raise TypeError(f"{name}: expected dtype {expected} ({dtype}), got {tensor.dtype}")
    if tensor.device.type != "cuda" or tensor.device.index != device:
        raise ValueError(f"{name}: expected a tensor on cuda:{device}, got {tensor.device}")
    shape = spec["shape"]
    if tensor.dim() != len(shape):
        raise ValueError(f"{name}: expected rank {len(shape)} {shape}, got shape "
                         f"{list(tensor.shape)}")
    for dim, (want, got) in enumerate(zip(shape, tensor.shape)):
        if isinstance(want, int) and want != got:
            raise ValueError(f"{name}: dimension {dim} must be {want}, got shape "
                             f"{list(tensor.shape)}")
    # Any strides (a q.transpose(1, 2) view runs without a copy) with a
    # contiguous innermost dimension, each stride as aligned as the code
    # needs: what the runtime checks too (docs/manifest.md).
    if tensor.dim() and tensor.shape[-1] > 1 and tensor.stride(-1) != 1:
        raise ValueError(f"{name}: expected a contiguous innermost dimension (stride 1), "
                         f"got strides {tensor.stride()}")
    align = spec.get("align", DEFAULT_ALIGN)
    origin = ("the manifest's \"align\"" if "align" in spec
              else "the default; the manifest gives no \"align\"")
    if tensor.data_ptr() % align:
        raise ValueError(f"{name}: data pointer {tensor.data_ptr():#x} is not "
                         f"{align}-byte aligned ({origin})")
    for dim in range(tensor.dim() - 1):
        if tensor.shape[dim] > 1 and (tensor.stride(dim) * tensor.element_size()) % align:
            raise ValueError(f"{name}: stride {tensor.stride(dim)} of dimension {dim} is not a "
                             f"multiple of {align} bytes ({origin})")
    arg = TesseraArg(kind=ARG_TENSOR, dtype=DTYPE_CODES[dtype], rank=tensor.dim())
    arg.data = tensor.data_ptr()
    for dim in range(tensor.dim()):
        arg.sizes[dim] = tensor.shape[dim]
        arg.strides[dim] = tensor.stride(dim)
    return arg


def _scalar_arg(spec, value):
    """A TesseraArg for a Python number after checking its type and range."""
    name, dtype = spec["name"], spec["dtype"]
    arg = TesseraArg(kind=ARG_SCALAR, dtype=DTYPE_CODES[dtype])
    if dtype == "f32":
        if not isinstance(value, numbers.Real) or isinstance(value, bool):
            raise TypeError(f"{name}: expected a number, got {type(value).__name__}")
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
    """The CUstream handle (an int) for a torch stream, a raw handle, or None
    (torch's current stream on `device`)."""
    if stream is None:
        stream = _torch().cuda.current_stream(device)
    return stream if isinstance(stream, int) else stream.cuda_stream


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


class Module:
    """A loaded kernel. Call it with every manifest parameter by name."""

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
        return [p["name"] for p in self.manifest.params]

    def bind(self, **values):
        """Checks the tensors and scalars against the manifest and packs them."""
        missing = [n for n in self.param_names if n not in values]
        unknown = [n for n in values if n not in self.param_names]
        if missing or unknown:
            raise TypeError(f"{self.kernel}: parameters are {', '.join(self.param_names)}"
                            + (f"; missing {', '.join(missing)}" if missing else "")
                            + (f"; unknown {', '.join(unknown)}" if unknown else ""))
        args = (TesseraArg * len(self.manifest.params))()
        for i, spec in enumerate(self.manifest.params):
            value = values[spec["name"]]
            if spec["kind"] == "tensor":
                args[i] = _tensor_arg(spec, value, self.device)
            else:
                args[i] = _scalar_arg(spec, value)
        return BoundLaunch(self, args, list(values.values()))

    def __call__(self, stream=None, **values):
        """Launches once on `stream` (default: torch's current stream)."""
        self.bind(**values)(stream)

    def __repr__(self):
        return f"<tessera Module {self.kernel} ({self.manifest.path})>"


def load(manifest_path, device=0, prefer_cubin=True):
    """Loads the kernel of a manifest (its cubin if it suits the GPU, else the PTX)."""
    return Module(manifest_path, device, prefer_cubin)


# ----------------------------------------------------------------------------
# Attention (FA1 / FA2 manifests)
# ----------------------------------------------------------------------------

def _init_value(spec):
    """The float an inout tensor must hold before a launch ("0", "-inf", ...)."""
    if "init" not in spec:
        raise TesseraError(f"inout parameter {spec['name']} has no \"init\" in the manifest")
    try:
        return float(spec["init"])
    except (TypeError, ValueError):
        raise TesseraError(f"{spec['name']}: bad init {spec['init']!r}") from None


def _bind_sizes(spec, tensor, sizes):
    """Records the symbolic sizes of `spec` given by `tensor` in `sizes`."""
    for want, got in zip(spec["shape"], tensor.shape):
        if isinstance(want, str):
            if sizes.setdefault(want, got) != got:
                raise ValueError(f"{spec['name']}: size {want} is {got}, elsewhere "
                                 f"{sizes[want]}")


class AttentionCall:
    """One attention problem bound to a module, with its outputs allocated.

    `tensors` holds every tensor argument by name (q, k, v viewed in the
    manifest's layout, [B*H, N, D] or [B, H, N, D]); `launch` is the packed
    launch. Calling the object resets the inout tensors (FA1's Acc, M, L) to
    their "init" values and launches, both on torch's current stream (use
    `with torch.cuda.stream(s):` for another); timing loops can instead call
    `reinitialise()` outside the timed region and `launch()` inside it."""

    def __init__(self, module, q, k, v, causal, sm_scale=None):
        torch = _torch()
        manifest = module.manifest
        if manifest.causal != bool(causal):
            raise ValueError(f"{manifest.path}: CAUSAL is {int(manifest.causal)} but "
                             f"causal={bool(causal)} was asked for")
        self.module = module
        views = {name: _attention_view(manifest, name, t) for name, t in
                 (("Q", q), ("K", k), ("V", v))}
        self.shape = tuple(q.shape)
        sizes = {}
        for name, view in views.items():
            _bind_sizes(manifest.param(name), view, sizes)
        head_dim = q.shape[-1]
        self.sm_scale = 1.0 / math.sqrt(head_dim) if sm_scale is None else sm_scale
        self.tensors = dict(views)
        self.inits = {}
        values = dict(views)
        for spec in manifest.params:
            name = spec["name"]
            if name in views:
                continue
            if spec["kind"] == "scalar":
                values[name] = self._scalar(spec, sizes)
                continue
            unknown = [s for s in spec["shape"] if isinstance(s, str) and s not in sizes]
            if unknown:
                raise ValueError(f"{manifest.path}: cannot size {name}: {unknown[0]} is "
                                 "not a size of Q, K or V")
            dims = [s if isinstance(s, int) else sizes[s] for s in spec["shape"]]
            dtype = getattr(torch, TORCH_DTYPE_NAMES[spec["dtype"]])
            if spec.get("role") == "inout":
                self.inits[name] = _init_value(spec)
                tensor = torch.full(dims, self.inits[name], dtype=dtype, device=q.device)
            elif spec.get("role") == "output":
                tensor = torch.empty(dims, dtype=dtype, device=q.device)
            else:
                raise ValueError(f"{manifest.path}: attention() cannot provide the input "
                                 f"tensor {name}")
            self.tensors[name] = values[name] = tensor
        self.launch = module.bind(**values)

    def _scalar(self, spec, sizes):
        """sm_scale, or a scalar named like a size of Q/K/V (given that size)."""
        if spec["name"] == "sm_scale":
            return self.sm_scale
        if spec["name"] in sizes:
            return sizes[spec["name"]]
        raise ValueError(f"{self.module.manifest.path}: attention() does not know the "
                         f"scalar {spec['name']}")

    @property
    def out(self):
        """Out, in the shape q was given in."""
        return self.tensors["Out"].view(self.shape)

    @property
    def lse(self):
        """Lse (natural log) as [..., N] matching q's leading dims, or None."""
        lse = self.tensors.get("Lse")
        return None if lse is None else lse.view(self.shape[:-1])

    def reinitialise(self):
        """Sets every inout tensor to its manifest "init" value."""
        for name, value in self.inits.items():
            self.tensors[name].fill_(value)

    def __call__(self):
        """Re-initialises the inout tensors and launches once; returns Out."""
        self.reinitialise()
        self.launch()
        return self.out


def _attention_view(manifest, name, tensor):
    """q/k/v ([B, H, N, D] or [B*H, N, D]) viewed in the manifest's layout."""
    torch = _torch()
    spec = manifest.param(name)
    if spec is None or spec["kind"] != "tensor":
        raise TesseraError(f"{manifest.path}: no tensor parameter {name}")
    if not isinstance(tensor, torch.Tensor):
        raise TypeError(f"{name}: expected a torch.Tensor, got {type(tensor).__name__}")
    if tensor.dim() not in (3, 4):
        raise ValueError(f"{name}: expected [B, H, N, D] or [B*H, N, D], got shape "
                         f"{list(tensor.shape)}")
    if not tensor.is_contiguous():
        raise ValueError(f"{name}: expected a contiguous tensor; call .contiguous()")
    rank = len(spec["shape"])
    if rank == tensor.dim():
        return tensor
    if rank == 3:
        return tensor.view(-1, *tensor.shape[2:])
    raise ValueError(f"{name}: {manifest.path} takes [B, H, N, D]; got shape "
                     f"{list(tensor.shape)}")


def attention(module, q, k, v, causal, sm_scale=None, return_lse=False):
    """softmax(q kᵀ · sm_scale) v with an FA1/FA2 kernel (sm_scale = 1/sqrt(D)).

    q, k, v: contiguous fp16 CUDA tensors, [B, H, N, D] or [B*H, N, D].
    `causal` must match the manifest's CAUSAL constant. Allocates Out (and
    Lse) and FA1's inout tensors, initialised per the manifest's "init".
    Returns Out shaped like q, and Lse too when `return_lse`. Runs on torch's
    current stream."""
    call = AttentionCall(module, q, k, v, causal, sm_scale)
    out = call()
    return (out, call.lse) if return_lse else out
