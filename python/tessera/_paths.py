"""Where the package finds its tools, kernels and native libraries.

Every lookup goes, in order, through
  1. an environment variable naming the file (or its folder);
  2. the files bundled beside the package (a wheel built next to a build
     folder carries tessera-compile, tessera-run, libtessera_runtime.so, the
     interpreter module and kernels/*.tile);
  3. a Tessera build folder: $TESSERA_BUILD_DIR, else build/ (and build/gpu/,
     searched first for the runtime library) of the source checkout the
     package sits in (python/tessera/ of a clone);
  4. an installed tree (cmake --install): PREFIX/bin, PREFIX/lib,
     PREFIX/share/tessera/kernels, for the PREFIX the package was installed
     in (PREFIX/lib/tessera/python) and above a tessera-compile on PATH;
  5. PATH itself for the tools.
The first hit wins; `describe()` lists what was found, for bug reports.
"""

import functools
import os
import shutil
from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent
# python/tessera/ in a source checkout: the repository is two levels up.
_SOURCE_ROOT = PACKAGE_DIR.parent.parent
RUNTIME_LIBRARY = "libtessera_runtime.so"


class NotFound(RuntimeError):
    """A tool, kernel folder or library the package needs is missing."""


def source_root():
    """The repository this package sits in, or None when installed elsewhere."""
    if (_SOURCE_ROOT / "kernels").is_dir() and (_SOURCE_ROOT / "CMakeLists.txt").is_file():
        return _SOURCE_ROOT
    return None


def build_dirs(runtime_first=False):
    """Tessera build folders to look in: $TESSERA_BUILD_DIR, then the
    checkout's build/ and build/gpu/ (the runtime-only build of a GPU host;
    first with runtime_first, for the runtime library)."""
    dirs = []
    if os.environ.get("TESSERA_BUILD_DIR"):
        dirs.append(Path(os.environ["TESSERA_BUILD_DIR"]))
    root = source_root()
    if root is not None:
        local = [root / "build", root / "build" / "gpu"]
        dirs += local[::-1] if runtime_first else local
    return [d for d in dirs if d.is_dir()]


def _installed_prefix():
    """PREFIX when this package is PREFIX/LIBDIR/tessera/python/tessera
    (cmake --install), else None."""
    for prefix in PACKAGE_DIR.parents[3:5]:
        if (prefix / "share" / "tessera" / "kernels").is_dir():
            return prefix
    return None


def _install_prefixes():
    """The install prefix this package sits in, and PREFIX of a
    tessera-compile on PATH at PREFIX/bin (cmake --install)."""
    prefixes = [_installed_prefix()]
    found = shutil.which("tessera-compile")
    if found:
        prefixes.append(Path(found).resolve().parent.parent)
    return [p for p in prefixes if p is not None]


def _from_env(variable, name):
    value = os.environ.get(variable)
    if not value:
        return None
    path = Path(value)
    if path.is_dir():
        path = path / name
    if not path.is_file():
        raise NotFound(f"{variable}={value}: {path} does not exist")
    return path


def _first(candidates):
    return next((p for p in candidates if p.is_file()), None)


def tool(name):
    """The path of a Tessera tool (tessera-compile, tessera-run).

    $TESSERA_COMPILE / $TESSERA_RUN name the binary (or its folder);
    $TESSERA_BIN_DIR names a folder holding both."""
    variable = name.upper().replace("-", "_")
    path = _from_env(variable, name) or _from_env("TESSERA_BIN_DIR", name)
    if path:
        return path
    candidates = [PACKAGE_DIR / "bin" / name]
    candidates += [d / "bin" / name for d in build_dirs()]
    candidates += [p / "bin" / name for p in _install_prefixes()]
    path = _first(candidates)
    if path:
        return path
    on_path = shutil.which(name)
    if on_path:
        return Path(on_path)
    raise NotFound(
        f"{name} not found: set ${variable} (the binary) or $TESSERA_BIN_DIR, build "
        f"Tessera (./tools/run.sh build) next to this package, or put {name} on PATH "
        f"(looked in {', '.join(str(c.parent) for c in candidates) or 'nothing'})")


def runtime_library():
    """libtessera_runtime.so: $TESSERA_RUNTIME_LIB (file or folder), bundled, a
    build folder (lib/Runtime, lib), an install prefix's lib/ (or lib/Runtime,
    where the tessera-compile on PATH is a build tree's)."""
    path = _from_env("TESSERA_RUNTIME_LIB", RUNTIME_LIBRARY)
    if path:
        return path
    candidates = [PACKAGE_DIR / "lib" / RUNTIME_LIBRARY]
    for d in build_dirs(runtime_first=True):
        candidates += [d / "lib" / "Runtime" / RUNTIME_LIBRARY, d / "lib" / RUNTIME_LIBRARY,
                       d / RUNTIME_LIBRARY]
    for prefix in _install_prefixes():
        candidates += [prefix / "lib" / RUNTIME_LIBRARY,
                       prefix / "lib" / "Runtime" / RUNTIME_LIBRARY]
    path = _first(candidates)
    if path:
        return path
    raise NotFound(
        f"{RUNTIME_LIBRARY} not found in {', '.join(str(c.parent) for c in candidates)}; "
        "build it (cmake -DTESSERA_RUNTIME_ONLY=ON, docs/pytorch.md) or set "
        "TESSERA_RUNTIME_LIB")


RUNTIME_HEADER = "tessera/Runtime/tessera_runtime.h"


def runtime_include_dir():
    """The folder holding tessera/Runtime/tessera_runtime.h (the runtime's C
    API, for the C++ extension of tessera.ops): $TESSERA_INCLUDE_DIR, bundled
    (include/ beside the package), the source checkout's include/, an
    install prefix's include/."""
    header = _from_env("TESSERA_INCLUDE_DIR", RUNTIME_HEADER)
    if header:
        return header.parents[2]
    folders = [PACKAGE_DIR / "include"]
    if source_root() is not None:
        folders.append(source_root() / "include")
    folders += [p / "include" for p in _install_prefixes()]
    header = _first(f / RUNTIME_HEADER for f in folders)
    if header:
        return header.parents[2]
    raise NotFound(f"{RUNTIME_HEADER} is not in {', '.join(map(str, folders))}; set "
                   "TESSERA_INCLUDE_DIR")


def kernels_dir():
    """The folder of the bundled kernels (kernels/*.tile)."""
    if os.environ.get("TESSERA_KERNELS"):
        path = Path(os.environ["TESSERA_KERNELS"])
        if not path.is_dir():
            raise NotFound(f"TESSERA_KERNELS={path} is not a folder")
        return path
    candidates = [PACKAGE_DIR / "kernels"]
    if source_root() is not None:
        candidates.append(source_root() / "kernels")
    candidates += [p / "share" / "tessera" / "kernels" for p in _install_prefixes()]
    for c in candidates:
        if (c / "fa2.tile").is_file():
            return c
    raise NotFound(f"the Tessera kernels (fa2.tile) are not in "
                   f"{', '.join(map(str, candidates))}; set TESSERA_KERNELS")


@functools.lru_cache(maxsize=None)
def interpreter_module_path():
    """The interpreter extension module (_interp*.so): $TESSERA_INTERP_MODULE,
    bundled, or a build folder's python/tessera/."""
    import importlib.machinery
    suffixes = importlib.machinery.EXTENSION_SUFFIXES
    if os.environ.get("TESSERA_INTERP_MODULE"):
        path = Path(os.environ["TESSERA_INTERP_MODULE"])
        if not path.is_file():
            raise NotFound(f"TESSERA_INTERP_MODULE={path} does not exist")
        return path
    folders = [PACKAGE_DIR] + [d / "python" / "tessera" for d in build_dirs()]
    folders += [p / "lib" / "tessera" / "python" / "tessera" for p in _install_prefixes()]
    for folder in folders:
        for suffix in suffixes:
            if (folder / ("_interp" + suffix)).is_file():
                return folder / ("_interp" + suffix)
    raise NotFound(
        "the interpreter module (_interp" + suffixes[0] + ") was not built: install "
        "pybind11-dev and python3-dev (./tools/run.sh setup) and rebuild, or set "
        f"TESSERA_INTERP_MODULE (looked in {', '.join(map(str, folders))})")


def cache_dir():
    """$TESSERA_CACHE_DIR, else $XDG_CACHE_HOME/tessera, else ~/.cache/tessera."""
    if os.environ.get("TESSERA_CACHE_DIR"):
        return Path(os.environ["TESSERA_CACHE_DIR"])
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "tessera"


def describe():
    """What each lookup finds (or why not), one line each."""
    lines = []
    for label, find in (("tessera-compile", lambda: tool("tessera-compile")),
                        ("tessera-run", lambda: tool("tessera-run")),
                        ("runtime", runtime_library), ("kernels", kernels_dir),
                        ("interpreter", interpreter_module_path),
                        ("runtime header", runtime_include_dir),
                        ("cache", cache_dir)):
        try:
            lines.append(f"{label}: {find()}")
        except NotFound as error:
            lines.append(f"{label}: not found ({error})")
    return "\n".join(lines)
