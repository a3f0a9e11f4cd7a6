"""Compiled kernels (tessera.compile) and lazily compiled ones (tessera.jit)."""

import ctypes
import os
import sys
import threading

from . import compiler as _compiler
from .runtime import (DEFAULT_ALIGN, BoundLaunch, Module, TesseraArg, TesseraError,
                      _last_error, _scalar_arg, _stream_handle, bind_values, library, pack)

# Loaded modules, per (manifest, device): loading is a CUDA module load.
_MODULES = {}
_MODULES_LOCK = threading.Lock()
# Argument signatures a Kernel remembers (its fast launch path); past this
# many it starts over.
_MAX_SIGNATURES = 256


def _interpret_forced():
    return os.environ.get("TESSERA_INTERPRET", "") not in ("", "0")


def _is_host_array(value):
    """A numpy array or a CPU torch tensor: runs on the interpreter."""
    if type(value).__module__ == "numpy" and hasattr(value, "dtype"):
        return True
    torch = sys.modules.get("torch")
    return torch is not None and isinstance(value, torch.Tensor) and value.device.type == "cpu"


def _device_of(values):
    """The CUDA device of the first torch tensor among `values`, else torch's
    current device (when torch is loaded), else 0."""
    torch = sys.modules.get("torch")
    if torch is not None:
        for value in values:
            if isinstance(value, torch.Tensor) and value.device.type == "cuda":
                return value.device.index
        if torch.cuda.is_available():
            return torch.cuda.current_device()
    return 0


class Kernel:
    """One compiled kernel: a cache entry (manifest + PTX + cubin).

    Call it with every parameter, positionally in the manifest's order or by
    name; it launches on torch's current stream (stream= overrides) of the
    device the tensors are on. With numpy arrays or CPU tensors (or with
    TESSERA_INTERPRET=1) it runs the same source and constants on the CPU
    interpreter instead (tessera.interpret)."""

    def __init__(self, entry, source, constants, target, options, cache_hit=False,
                 compile_seconds=0.0):
        self.entry = entry
        self.source = source
        self.constants = dict(constants)
        self.target = target
        self.options = dict(options)
        self.cache_hit = cache_hit
        self.compile_seconds = compile_seconds
        self.manifest = _compiler.manifest_of(entry)
        params = self.manifest.params
        self._names = [spec["name"] for spec in params]
        self._tensors = [(i, spec.get("align", DEFAULT_ALIGN)) for i, spec in enumerate(params)
                         if spec["kind"] == "tensor"]
        self._scalars = [(i, spec) for i, spec in enumerate(params) if spec["kind"] != "tensor"]
        # Argument signature -> (packed arguments as bytes, Module).
        self._signatures = {}

    @property
    def name(self):
        return self.manifest.kernel

    @property
    def manifest_path(self):
        return self.manifest.path

    @property
    def stats(self):
        """registers, spills and shared memory, as tessera-compile --stats says."""
        import json
        return json.loads((self.entry / "info.json").read_text()).get("stats", "")

    @property
    def param_names(self):
        return self.manifest.param_names

    def module(self, device=0):
        """The runtime Module on `device` (loaded once)."""
        key = (str(self.manifest.path), device)
        with _MODULES_LOCK:
            if key not in _MODULES:
                _MODULES[key] = Module(self.manifest.path, device)
            return _MODULES[key]

    def bind(self, *args, device=None, **kwargs):
        """Checked and packed arguments, launchable many times (BoundLaunch).
        Every argument is checked before the kernel is loaded on the GPU."""
        values = bind_values(self.manifest, args, kwargs)
        if device is None:
            device = _device_of(list(values.values()))
        packed = pack(self.manifest, values, device)
        return BoundLaunch(self.module(device), packed, list(values.values()))

    def __call__(self, *args, stream=None, **kwargs):
        if self._launch_again(args, kwargs, stream):
            return
        values = list(args) + list(kwargs.values())
        if _interpret_forced() or any(_is_host_array(v) for v in values):
            return self.interpret(*args, **kwargs)
        bound = self.bind(*args, **kwargs)
        self._remember(args, kwargs, bound)
        bound(stream)

    def _signature(self, args, kwargs):
        """(values in manifest order, the key of their checks) for a call with
        CUDA torch tensors: what `bind` checks of each tensor (dtype, shape,
        strides, device) and each scalar's type; None for any other call."""
        torch = sys.modules.get("torch")
        if torch is None or len(args) + len(kwargs) != len(self._names):
            return None
        try:
            values = list(args) + [kwargs[name] for name in self._names[len(args):]]
        except KeyError:
            return None
        key = []
        for value in values:
            if isinstance(value, torch.Tensor):
                if not value.is_cuda:
                    return None
                key.append((value.dtype, value.shape, value.stride(), value.get_device()))
            else:
                key.append(type(value))
        return values, tuple(key)

    def _remember(self, args, kwargs, bound):
        signature = self._signature(args, kwargs)
        if signature is None:
            return
        if len(self._signatures) >= _MAX_SIGNATURES:
            self._signatures.clear()
        self._signatures[signature[1]] = (bytes(bound._args), bound.module)

    def _launch_again(self, args, kwargs, stream):
        """The launch of a call whose argument signature a checked call had:
        its packed arguments with this call's data pointers (each checked
        against the manifest's "align") and scalars (checked). False when
        the call needs the checked path (a new signature, host arrays,
        TESSERA_INTERPRET=1, a misaligned pointer), which also reports errors."""
        if not self._signatures or _interpret_forced():
            return False
        signature = self._signature(args, kwargs)
        remembered = signature and self._signatures.get(signature[1])
        if not remembered:
            return False
        values = signature[0]
        packed_bytes, module = remembered
        packed = (TesseraArg * len(values)).from_buffer_copy(packed_bytes)
        for i, align in self._tensors:
            pointer = values[i].data_ptr()
            if pointer % align:
                return False
            packed[i].data = pointer
        for i, spec in self._scalars:
            packed[i] = _scalar_arg(spec, values[i])
        handle = _stream_handle(stream, module.device)
        if library().tessera_launch(module.handle, packed, len(values), ctypes.c_void_p(handle)):
            raise TesseraError(_last_error())
        return True

    def grid(self, *args, **kwargs):
        """The grid a launch with these arguments would use."""
        return self.bind(*args, **kwargs).grid()

    def interpret(self, *args, **kwargs):
        """Runs this kernel's source and constants on the CPU interpreter."""
        from .interpreter import interpret
        return interpret(self.source, *args, constants=self.constants,
                         kernel=self.options.get("kernel"), **kwargs)

    def __repr__(self):
        hit = "cache hit" if self.cache_hit else f"compiled in {self.compile_seconds:.2f} s"
        return f"<tessera Kernel {self.name} {self.target} {self.constants} ({hit})>"


class JITKernel:
    """A .tile kernel compiled on first call, per target, and cached:
    tessera.jit(path_or_source, **constants). Calls with CUDA tensors
    compile for their device's target (once per process; on disk across
    processes) and launch; calls with numpy arrays or CPU tensors, or any
    call under TESSERA_INTERPRET=1, run the CPU interpreter."""

    def __init__(self, path_or_source, target=None, **constants):
        self.source = _compiler.Source.of(path_or_source)
        self.target = target
        self.constants = constants
        self._compiled = {}
        self._lock = threading.Lock()

    def with_constants(self, **constants):
        """A JITKernel with more (or replaced) constants."""
        return JITKernel(self.source, self.target, **dict(self.constants, **constants))

    def compile(self, target=None, **constants):
        """The Kernel for `target` (default: self.target, else the current GPU)."""
        merged = dict(self.constants, **constants)
        target = target or self.target or _compiler.default_target()
        key = (target, tuple(sorted((n, _compiler.format_constant(n, v))
                                    for n, v in merged.items())))
        with self._lock:
            if key not in self._compiled:
                self._compiled[key] = _compiler.compile(self.source, target, **merged)
            return self._compiled[key]

    def __call__(self, *args, stream=None, **kwargs):
        values = list(args) + list(kwargs.values())
        if _interpret_forced() or any(_is_host_array(v) for v in values):
            return self.interpret(*args, **kwargs)
        device = _device_of(values)
        target = self.target or _compiler.default_target(device)
        kernel = self.compile(target)
        kernel.bind(*args, device=device, **kwargs)(stream)

    def interpret(self, *args, **kwargs):
        from .interpreter import interpret
        return interpret(self.source, *args, constants=self.constants, **kwargs)

    def __repr__(self):
        return f"<tessera JITKernel {self.source.path or self.source.filename} {self.constants}>"


def jit(path_or_source=None, *, target=None, **constants):
    """A JITKernel; also usable as a decorator factory on a function that
    returns the path or text: @tessera.jit(HEAD_DIM=64) def fa2(): return "kernels/fa2.tile"."""
    if path_or_source is None:
        return lambda function: JITKernel(function(), target, **constants)
    return JITKernel(path_or_source, target, **constants)


__all__ = ["Kernel", "JITKernel", "jit", "bind_values", "TesseraError"]
