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

A kernel that never finishes (a deadlocked barrier, an mbarrier waited on
with the wrong parity) cannot be cancelled inside its CUDA context. The
watchdog below runs benchmark and check jobs in a worker process with a
deadline per job (`Supervisor`, or `runner` to pick it or in-process by the
timeout), and `wait` is torch.cuda.synchronize() with a deadline:

    with tt.runner(check_one, timeout=60) as run:      # check_one(job) -> value
        for job in jobs:
            outcome = run.run(job, label=str(job))     # .status "done", "timeout",
            ...                                        # "crashed" or "error"
"""

import ctypes
import dataclasses
import json
import math
import numbers
import os
import signal
import sys
import time
import traceback
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


# ----------------------------------------------------------------------------
# Watchdog: kernels that never finish
# ----------------------------------------------------------------------------

class KernelTimeout(TesseraError):
    """GPU work did not finish before its deadline (a hung kernel?)."""


# The message of the first wait that ran out of time in this process; after
# one, the GPU cannot be used again here (the kernel still runs).
_HUNG = None
# pollUntil's schedule (include/tessera/Runtime/Watchdog.h): a few polls
# without sleeping, then 10 us doubling up to 1 ms.
_SPIN_POLLS, _FIRST_SLEEP, _LONGEST_SLEEP = 16, 10e-6, 1e-3


def poll_until(done, timeout, clock=time.monotonic, sleep=time.sleep):
    """Calls done() until it returns true or `timeout` seconds pass (<= 0 or
    None: no limit); False when the time ran out. done() is called once more
    at the deadline."""
    limited = bool(timeout) and timeout > 0
    deadline = clock() + timeout if limited else 0.0
    pause, polls = _FIRST_SLEEP, 0
    while True:
        if done():
            return True
        now = clock()
        if limited and now >= deadline:
            return bool(done())
        pause_now = 0.0 if polls < _SPIN_POLLS else pause
        if polls >= _SPIN_POLLS:
            pause = min(pause * 2, _LONGEST_SLEEP)
        polls += 1
        sleep(min(pause_now, deadline - now) if limited else pause_now)


def gpu_hung():
    """The message of the wait that ran out of time in this process, or None."""
    return _HUNG


def _mark_hung(message):
    global _HUNG
    if _HUNG is None:
        _HUNG = message


def wait(timeout, stream=None, what="GPU work"):
    """torch.cuda.synchronize() with a deadline: polls an event recorded on
    `stream` (default: torch's current stream) for `timeout` seconds (<= 0 or
    None: blocks as synchronize() does), then synchronizes the device. Raises
    KernelTimeout when the time runs out; the process cannot use the GPU
    afterwards (later calls raise at once), so the caller reports and exits."""
    torch = _torch()
    if _HUNG is not None:
        raise KernelTimeout(f"{what}: the GPU cannot be used again in this process "
                            f"({_HUNG})")
    if timeout and timeout > 0:
        event = torch.cuda.Event()
        event.record(stream)
        if not poll_until(event.query, timeout):
            message = (f"{what} did not finish in {timeout:g} s (a hung kernel? it "
                       "cannot be stopped inside its CUDA context)")
            _mark_hung(message)
            raise KernelTimeout(message)
    torch.cuda.synchronize()


@dataclasses.dataclass
class Outcome:
    """What became of one job: status "done" (value is the handler's result),
    "error" (it raised; message is the exception), "timeout" (not finished
    in time; the worker was replaced) or "crashed" (the worker died)."""
    status: str
    value: object = None
    message: str = ""
    seconds: float = 0.0


def _die_with_parent():
    """A worker must not outlive its supervisor and keep a hung kernel."""
    if sys.platform.startswith("linux"):
        try:
            ctypes.CDLL(None).prctl(1, int(signal.SIGKILL))  # PR_SET_PDEATHSIG
        except (OSError, AttributeError):
            pass


def _worker_main(conn, handler, init):
    """The worker process: init() once, then handler(job) per job received."""
    _die_with_parent()
    try:
        info = init() if init else None
    except BaseException:  # noqa: B902 -- reported to the supervisor
        conn.send(("error", traceback.format_exc()))
        return
    conn.send(("ready", info))
    while True:
        try:
            job = conn.recv()
        except (EOFError, OSError):
            return
        try:
            kind, value = "done", handler(job)
        except KernelTimeout as error:
            kind, value = "timeout", str(error)
        except BaseException:  # noqa: B902 -- reported to the supervisor
            kind, value = "error", traceback.format_exc()
        sys.stdout.flush()
        hung = _HUNG is not None
        conn.send((kind, value, hung))
        if hung:
            sys.stderr.flush()
            os._exit(3)  # The GPU is lost here; the supervisor starts another.


def _exit_text(exitcode):
    if exitcode is None:
        return "did not exit"
    if exitcode < 0:
        try:
            name = signal.Signals(-exitcode).name
        except ValueError:
            name = "?"
        return f"was killed by signal {-exitcode} ({name})"
    return f"exited with status {exitcode}"


def _last_line(text):
    lines = [line for line in str(text).strip().splitlines() if line.strip()]
    return lines[-1][:300] if lines else ""


class Supervisor:
    """Runs jobs one at a time in a worker process (multiprocessing, spawn),
    each with a deadline. handler(job) runs in the worker and returns a
    picklable value (plain data: a dict, not a class of a script); init(),
    if given, runs once per worker first (import torch, open the GPU) and its
    result is `info`. A job that does not finish in time gets a "timeout"
    outcome and the worker is killed; the next job gets a fresh worker, as
    does the one after a crash. Normally one worker runs every job.
    handler and init must be module-level functions."""

    def __init__(self, handler, timeout, init=None, startup_timeout=None):
        if not timeout or timeout <= 0:
            raise ValueError("Supervisor needs a positive timeout (use InProcess)")
        self.handler, self.init, self.timeout = handler, init, timeout
        self.startup_timeout = startup_timeout or max(timeout, 300)
        self.info = None
        self.workers_started = 0
        self._process = self._conn = None

    def start(self):
        """Starts the worker now (run() does when there is none); None when it
        is ready, else the failed Outcome."""
        return self._start() if self._process is None else None

    def _start(self):
        """Starts a worker; None when it is ready, else the failed Outcome."""
        import multiprocessing
        context = multiprocessing.get_context("spawn")
        conn, child_conn = context.Pipe()
        process = context.Process(target=_worker_main, args=(child_conn, self.handler,
                                                             self.init), daemon=True)
        started = time.monotonic()
        process.start()
        child_conn.close()
        self.workers_started += 1
        self._process, self._conn = process, conn
        if not conn.poll(self.startup_timeout):
            self._kill()
            return Outcome("timeout", message=f"the worker did not start in "
                           f"{self.startup_timeout:g} s", seconds=time.monotonic() - started)
        try:
            kind, payload = conn.recv()
        except (EOFError, OSError):
            return self._crashed(started, "while starting")
        if kind != "ready":
            self._kill()
            return Outcome("error", message="the worker failed to start: "
                           + _last_line(payload), seconds=time.monotonic() - started)
        self.info = payload
        return None

    def _kill(self):
        if self._process is not None:
            self._process.kill()
            self._process.join(30)
            self._conn.close()
        self._process = self._conn = None

    def _crashed(self, started, when):
        self._process.join(30)
        text = _exit_text(self._process.exitcode)
        self._kill()
        return Outcome("crashed", message=f"the worker process {text} {when}",
                       seconds=time.monotonic() - started)

    def run(self, job, timeout=None, label=None):
        """Runs one job; `timeout` (default: the supervisor's) in seconds,
        `label` names the job in messages ("TIMEOUT: <label> did not finish
        in N s")."""
        timeout = self.timeout if timeout is None else timeout
        label = label if label is not None else str(job)
        if self._process is None:
            failed = self._start()
            if failed is not None:
                failed.message = f"{label}: {failed.message}"
                return failed
        started = time.monotonic()
        try:
            self._conn.send(job)
        except (BrokenPipeError, OSError):
            return self._crashed(started, f"before running {label}")
        if not self._conn.poll(timeout):
            self._kill()
            return Outcome("timeout", message=f"TIMEOUT: {label} did not finish in "
                           f"{timeout:g} s (the worker was killed)",
                           seconds=time.monotonic() - started)
        try:
            kind, value, hung = self._conn.recv()
        except (EOFError, OSError):
            return self._crashed(started, f"while running {label}")
        seconds = time.monotonic() - started
        if hung:  # The worker exits by itself; the next job gets a new one.
            self._process.join(30)
            self._kill()
        if kind == "timeout":
            return Outcome("timeout", message=f"TIMEOUT: {label} did not finish in "
                           f"{timeout:g} s ({value})", seconds=seconds)
        if kind == "error":
            return Outcome("error", message=_last_line(value), value=value,
                           seconds=seconds)
        return Outcome("done", value=value, seconds=seconds)

    def close(self):
        """Stops the worker."""
        if self._process is not None:
            try:
                self._conn.close()
            except OSError:
                pass
            self._process.join(5)
        self._kill()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class InProcess:
    """Supervisor's interface without a worker: jobs run in this process (no
    deadline beyond what `wait` enforces). For --timeout 0 and for running
    under compute-sanitizer."""

    def __init__(self, handler, init=None):
        self.handler = handler
        self.info = init() if init else None
        self.workers_started = 0

    def start(self):
        return None

    def run(self, job, timeout=None, label=None):
        label = label if label is not None else str(job)
        started = time.monotonic()
        try:
            value = self.handler(job)
        except KernelTimeout as error:
            return Outcome("timeout", message=f"TIMEOUT: {label}: {error}",
                           seconds=time.monotonic() - started)
        except Exception as error:  # Reported like a worker's error.
            return Outcome("error", message=_last_line(f"{type(error).__name__}: {error}"),
                           value=traceback.format_exc(), seconds=time.monotonic() - started)
        return Outcome("done", value=value, seconds=time.monotonic() - started)

    def close(self):
        pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def runner(handler, timeout, init=None):
    """A Supervisor with `timeout` seconds per job, or InProcess when the
    timeout is 0 (or None)."""
    if timeout and timeout > 0:
        return Supervisor(handler, timeout, init)
    return InProcess(handler, init)


def exit_now(status):
    """Exits at once (os._exit after flushing) when the GPU is hung here: the
    normal exit would wait for the hung kernel. Else sys.exit(status)."""
    if _HUNG is not None:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(status)
    sys.exit(status)
