"""tessera.compile: run tessera-compile, cache its output on disk.

A compile is keyed by the source's hash, the constants (-D overrides), the
target, the compiler options and the compiler's own identity (a hash of the
tessera-compile binary): the same call in any later process is a cache hit
that reads the manifest back without running the compiler. Entries live in
tessera._paths.cache_dir() (~/.cache/tessera, or $TESSERA_CACHE_DIR), one
folder per key holding NAME.ptx, NAME.cubin, NAME.json, the source and
info.json; they are written into a temporary folder and renamed into place,
so concurrent compiles of one key (threads or processes) are safe.

A config over the target's shared-memory budget (the compiler's own error)
is cached as such too, so autotuning sweeps prune it without recompiling.
"""

import hashlib
import json
import os
import re
import shutil
import subprocess
import tempfile
import threading
import time
from pathlib import Path

from . import _paths
from .runtime import Manifest, TesseraError

# Targets tessera-compile knows (README "Compile it").
TARGETS = ("sm_80", "sm_86", "sm_89", "sm_90", "sm_90a", "sm_100", "sm_120")
# Bumped when the layout of cache entries changes.
CACHE_FORMAT = 1
# The compiler's message for a config over the shared-memory budget
# (lib/Analysis/SharedAllocation.cpp).
_SHARED_MEMORY_ERROR = re.compile(r"bytes of shared memory, over the")
_PTXAS_MISSING = re.compile(r"ptxas not found")


class CompileError(TesseraError):
    """tessera-compile rejected a kernel; `message` is its stderr, `reason`
    "shared-memory" for a config over the budget, else "error"."""

    def __init__(self, message, reason="error", constants=None):
        super().__init__(message)
        self.message = message
        self.reason = reason
        self.constants = dict(constants or {})


# ----------------------------------------------------------------------------
# Targets
# ----------------------------------------------------------------------------

def target_for_capability(major, minor):
    """The best target for a device of compute capability major.minor: the
    newest of TARGETS with the same major and a minor no newer (sm_90a on
    9.0, for wgmma), else the newest older one (its PTX is JIT-compiled)."""
    best = None
    for target in TARGETS:
        digits = target[3:].rstrip("a")
        t_major, t_minor = int(digits[:-1]), int(digits[-1])
        if target.endswith("a") and (t_major, t_minor) != (major, minor):
            continue
        if (t_major, t_minor) <= (major, minor) and (best is None or t_major == major):
            best = target
    if best is None:
        raise TesseraError(f"compute capability {major}.{minor} is older than every "
                           f"target Tessera has ({', '.join(TARGETS)})")
    return best


def _capability_from_driver(device):
    """(major, minor) of `device` through libcuda, or None without a GPU."""
    import ctypes
    try:
        cuda = ctypes.CDLL("libcuda.so.1")
    except OSError:
        return None
    handle, major, minor = ctypes.c_int(), ctypes.c_int(), ctypes.c_int()
    if (cuda.cuInit(0) or cuda.cuDeviceGet(ctypes.byref(handle), device)
            # CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR / _MINOR
            or cuda.cuDeviceGetAttribute(ctypes.byref(major), 75, handle)
            or cuda.cuDeviceGetAttribute(ctypes.byref(minor), 76, handle)):
        return None
    return major.value, minor.value


def default_target(device=None):
    """$TESSERA_TARGET, else the target of the current GPU (torch's current
    device, or device 0 through the driver); TesseraError without one."""
    if os.environ.get("TESSERA_TARGET"):
        return os.environ["TESSERA_TARGET"]
    import sys
    torch = sys.modules.get("torch")
    capability = None
    if torch is not None and torch.cuda.is_available():
        capability = torch.cuda.get_device_capability(device)
    else:
        capability = _capability_from_driver(device or 0)
    if capability is None:
        raise TesseraError("no GPU to choose a target for: pass target= (e.g. "
                           "target=\"sm_90a\") or set TESSERA_TARGET")
    return target_for_capability(*capability)


# ----------------------------------------------------------------------------
# Sources and keys
# ----------------------------------------------------------------------------

class Source:
    """A .tile (or .mlir) program: its text and the file name diagnostics use."""

    def __init__(self, text, filename, path=None):
        self.text = text
        self.filename = filename
        self.path = path
        self.digest = hashlib.sha256(text.encode()).hexdigest()

    @classmethod
    def of(cls, path_or_source):
        """A Source from a path (str or os.PathLike) or from program text (a
        str with a newline, or not naming an existing file)."""
        if isinstance(path_or_source, Source):
            return path_or_source
        if isinstance(path_or_source, os.PathLike) or (
                isinstance(path_or_source, str) and "\n" not in path_or_source
                and os.path.isfile(path_or_source)):
            path = Path(path_or_source)
            try:
                text = path.read_text()
            except OSError as error:
                raise TesseraError(f"reading {path}: {error}") from None
            return cls(text, path.name, path.resolve())
        if isinstance(path_or_source, str):
            if "\n" not in path_or_source and path_or_source.endswith((".tile", ".mlir")):
                raise TesseraError(f"{path_or_source}: no such file")
            return cls(path_or_source, "kernel.tile")
        raise TypeError(f"expected a path or the text of a .tile program, got "
                        f"{type(path_or_source).__name__}")

    def __repr__(self):
        return f"<tessera Source {self.path or self.filename} {self.digest[:12]}>"


def format_constant(name, value):
    """The -D text of a constant value: bools as 1/0, ints, floats (repr), or
    a string as written (an element type such as "bf16")."""
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, str) and value and "\n" not in value:
        return value
    raise TypeError(f"constant {name}: expected a bool, int, float or str, got "
                    f"{type(value).__name__}")


_COMPILER_IDS = {}
_COMPILER_IDS_LOCK = threading.Lock()


def compiler_id(compiler):
    """A hash of the compiler binary (cached in memory and, by path, size
    and mtime, on disk): a rebuilt compiler gets new cache keys."""
    stat = os.stat(compiler)
    stamp = f"{Path(compiler).resolve()}|{stat.st_size}|{stat.st_mtime_ns}"
    with _COMPILER_IDS_LOCK:
        if stamp in _COMPILER_IDS:
            return _COMPILER_IDS[stamp]
        index_path = _paths.cache_dir() / "compilers.json"
        try:
            index = json.loads(index_path.read_text())
        except (OSError, ValueError):
            index = {}
        if stamp not in index:
            digest = hashlib.sha256()
            with open(compiler, "rb") as file:
                for chunk in iter(lambda: file.read(1 << 20), b""):
                    digest.update(chunk)
            index[stamp] = digest.hexdigest()
            _atomic_write(index_path, json.dumps(index, indent=1, sort_keys=True))
        _COMPILER_IDS[stamp] = index[stamp]
        return index[stamp]


def _atomic_write(path, text):
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=".tmp-")
    with os.fdopen(fd, "w") as file:
        file.write(text)
    os.replace(temporary, path)


def cache_key(source, constants, target, options, identity):
    """The hex key of one compile (`identity`: compiler_id of the compiler)."""
    description = {
        "format": CACHE_FORMAT,
        "source": source.digest,
        "filename": source.filename,
        "constants": sorted((n, format_constant(n, v)) for n, v in constants.items()),
        "target": target,
        "options": sorted(options.items()),
        "compiler": identity,
    }
    return hashlib.sha256(json.dumps(description, sort_keys=True).encode()).hexdigest()


# ----------------------------------------------------------------------------
# Compiling
# ----------------------------------------------------------------------------

def _compile_command(compiler, source_path, prefix, constants, target, options):
    command = [str(compiler), str(source_path), "--target", target, "-o", str(prefix),
               "--stats"]
    for name, value in sorted(constants.items()):
        command += ["-D", f"{name}={format_constant(name, value)}"]
    if options.get("kernel"):
        command += ["--kernel", options["kernel"]]
    if options.get("mma"):
        command += [f"--mma={options['mma']}"]
    if options.get("max_registers"):
        command += [f"--max-registers={options['max_registers']}"]
    if options.get("max_vector_bytes"):
        command += [f"--max-vector-bytes={options['max_vector_bytes']}"]
    if options.get("no_cubin"):
        command += ["--no-cubin"]
    return command


def compile(path_or_source, target=None, *, kernel=None, mma=None, max_registers=None,
            max_vector_bytes=None, cache=True, **constants):
    """Compiles a .tile kernel (a path or its text) and returns a Kernel.

    target: "sm_90a", ...; None picks the current GPU's (default_target()).
    constants: -D overrides (HEAD_DIM=128, CAUSAL=True, ...).
    kernel, mma ("auto", "sync", "wgmma"), max_registers, max_vector_bytes:
    tessera-compile's --kernel, --mma, --max-registers and
    --max-vector-bytes (the widest access of a blocked tile: below 16 for
    tensors whose rows are not 16-byte aligned). cache=False recompiles (and
    replaces the entry). Raises CompileError with the compiler's message."""
    from .kernel import Kernel
    source = Source.of(path_or_source)
    target = target or default_target()
    if target not in TARGETS:
        raise TesseraError(f"unknown target {target!r}; expected one of {', '.join(TARGETS)}")
    options = {k: v for k, v in (("kernel", kernel), ("mma", mma),
                                 ("max_registers", max_registers),
                                 ("max_vector_bytes", max_vector_bytes)) if v}
    entry, hit, seconds = _compile_cached(source, constants, target, options, cache)
    return Kernel(entry, source, constants, target, options, cache_hit=hit,
                  compile_seconds=seconds)


def _compile_cached(source, constants, target, options, use_cache):
    """(entry folder, cache hit, seconds spent) for one compile.

    Without a tessera-compile here (a GPU host without MLIR), a cache filled
    elsewhere still serves hits: the key then uses the id of the compiler
    that last wrote to it (cache_dir()/compiler-id); a miss is an error."""
    root = _paths.cache_dir()
    try:
        compiler = _paths.tool("tessera-compile")
        identity = compiler_id(compiler)
    except _paths.NotFound as error:
        compiler, missing = None, str(error)
        try:
            identity = (root / "compiler-id").read_text().strip()
        except OSError:
            raise TesseraError(missing) from None
    key = cache_key(source, constants, target, options, identity)
    entry = root / key[:2] / key
    start = time.perf_counter()
    if use_cache and (entry / "info.json").is_file():
        info = json.loads((entry / "info.json").read_text())
        if info.get("error"):
            raise CompileError(info["error"], info.get("reason", "error"), constants)
        return entry, True, time.perf_counter() - start
    if compiler is None:
        raise TesseraError(
            f"{missing}; the cache {root} (filled by compiler {identity[:12]}) has no "
            f"entry for {source.path or source.filename} {constants} on {target}: "
            "compile it where tessera-compile is, with the same TESSERA_CACHE_DIR")
    _atomic_write(root / "compiler-id", identity + "\n")
    entry.parent.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(dir=entry.parent, prefix=f".{key[:12]}-"))
    try:
        source_path = work / source.filename
        source_path.write_text(source.text)
        name = options.get("kernel") or "kernel"
        prefix = work / name
        command = _compile_command(compiler, source_path, prefix, constants, target, options)
        result = subprocess.run(command, capture_output=True, text=True)
        if result.returncode and _PTXAS_MISSING.search(result.stderr):
            # No CUDA toolkit here: PTX and manifest only; the driver JITs it.
            options = dict(options, no_cubin=True)
            command = _compile_command(compiler, source_path, prefix, constants, target,
                                       options)
            result = subprocess.run(command, capture_output=True, text=True)
        info = {"format": CACHE_FORMAT, "command": command[1:],
                "constants": {n: format_constant(n, v) for n, v in constants.items()},
                "target": target, "source": source.digest,
                "origin": str(source.path) if source.path else None,
                "seconds": round(time.perf_counter() - start, 3)}
        if result.returncode:
            message = result.stderr.strip() or f"tessera-compile exited {result.returncode}"
            reason = "shared-memory" if _SHARED_MEMORY_ERROR.search(message) else "error"
            if reason == "shared-memory":
                # Deterministic for the key: remember it, so sweeps skip it.
                info.update(error=message, reason=reason)
                _atomic_write(work / "info.json", json.dumps(info, indent=1))
                _publish(work, entry)
                work = None
            raise CompileError(message, reason, constants)
        if not (work / f"{name}.json").is_file():
            # tessera-compile wrote one set of files per kernel of the file.
            raise CompileError(
                f"{source.filename} has several kernels "
                f"({', '.join(sorted(p.stem.split('.')[-1] for p in work.glob('*.json')))}): "
                "a Kernel is one of them, pass kernel=NAME", "error", constants)
        info["stats"] = result.stderr.strip()
        _atomic_write(work / "info.json", json.dumps(info, indent=1))
        _publish(work, entry)
        work = None
        return entry, False, time.perf_counter() - start
    finally:
        if work is not None:
            shutil.rmtree(work, ignore_errors=True)


def _publish(work, entry):
    """Moves a finished compile into place (a concurrent one may win)."""
    if entry.exists():
        old = entry.with_name(entry.name + f".old-{os.getpid()}-{threading.get_ident()}")
        try:
            os.rename(entry, old)
            shutil.rmtree(old, ignore_errors=True)
        except OSError:
            pass
    try:
        os.rename(work, entry)
    except OSError:
        # Another thread or process published the same key first.
        shutil.rmtree(work, ignore_errors=True)


def manifest_of(entry):
    """The Manifest in a cache entry."""
    manifests = sorted(p for p in Path(entry).glob("*.json") if p.name != "info.json")
    if len(manifests) != 1:
        raise TesseraError(f"{entry}: expected one manifest, found {len(manifests)}")
    return Manifest.load(manifests[0])


def clear_cache():
    """Removes every cache entry (the whole cache folder)."""
    shutil.rmtree(_paths.cache_dir(), ignore_errors=True)
