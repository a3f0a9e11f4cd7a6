"""A PEP 517 build backend for the tessera package that needs nothing but
the standard library (no setuptools from a registry): build_wheel,
build_editable and build_sdist.

The wheel holds python/tessera/ and, when a Tessera build folder is found
($TESSERA_BUILD_DIR, else build/ of the repository), the native parts
beside the package: bin/tessera-compile, bin/tessera-run,
lib/libtessera_runtime.so, the _interp module, and kernels/*.tile (always,
from ../kernels). With native parts the tag is the interpreter's platform
(cp311-cp311-linux_x86_64); without, py3-none-any. TESSERA_WHEEL_NATIVE=0
builds the pure wheel even beside a build folder.
"""

import base64
import hashlib
import importlib.machinery
import io
import os
import re
import sys
import sysconfig
import tarfile
import time
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent          # python/
ROOT = HERE.parent                                      # the repository
NAME = "tessera"


def _version():
    text = (HERE / "pyproject.toml").read_text()
    return re.search(r'^version\s*=\s*"([^"]+)"', text, re.M).group(1)


def _build_dir():
    if os.environ.get("TESSERA_BUILD_DIR"):
        return Path(os.environ["TESSERA_BUILD_DIR"])
    return ROOT / "build"


def _native_files():
    """{path in the wheel: file} of the build's native parts (may be empty)."""
    if os.environ.get("TESSERA_WHEEL_NATIVE", "1") == "0":
        return {}
    build = _build_dir()
    files = {}
    for tool in ("tessera-compile", "tessera-run"):
        if (build / "bin" / tool).is_file():
            files[f"{NAME}/bin/{tool}"] = build / "bin" / tool
    for folder in (build / "lib" / "Runtime", build / "lib"):
        library = folder / "libtessera_runtime.so"
        if library.is_file():
            # The real file behind the SONAME links; loaded by path.
            files[f"{NAME}/lib/libtessera_runtime.so"] = library.resolve()
            break
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        module = build / "python" / NAME / f"_interp{suffix}"
        if module.is_file():
            files[f"{NAME}/_interp{suffix}"] = module
            break
    return files


def _package_files():
    files = {}
    for path in sorted((HERE / NAME).rglob("*.py")) + sorted((HERE / NAME).rglob("*.cpp")):
        files[path.relative_to(HERE).as_posix()] = path
    # The runtime's C API header, for tessera.ops's C++ extension (an sdist
    # carries it beside the package).
    for header in (ROOT / "include" / "tessera" / "Runtime" / "tessera_runtime.h",
                   HERE / NAME / "include" / "tessera" / "Runtime" / "tessera_runtime.h"):
        if header.is_file():
            files[f"{NAME}/include/tessera/Runtime/tessera_runtime.h"] = header
            break
    for path in sorted((HERE / NAME / "kernels").glob("*.tile")):   # from an sdist
        files[path.relative_to(HERE).as_posix()] = path
    kernels = ROOT / "kernels"
    if kernels.is_dir():
        for path in sorted(kernels.glob("*.tile")):
            files[f"{NAME}/kernels/{path.name}"] = path
    return files


def _tag(native):
    if not native:
        return "py3-none-any"
    impl = f"cp{sys.version_info.major}{sys.version_info.minor}"
    platform = sysconfig.get_platform().replace("-", "_").replace(".", "_")
    return f"{impl}-{impl}-{platform}"


def _metadata():
    return (f"Metadata-Version: 2.1\nName: {NAME}\nVersion: {_version()}\n"
            "Summary: Tessera: a tile-language compiler for NVIDIA GPUs, from Python\n"
            "Requires-Python: >=3.9\nProvides-Extra: torch\nProvides-Extra: interpret\n"
            "Requires-Dist: torch; extra == \"torch\"\n"
            "Requires-Dist: numpy; extra == \"interpret\"\n")


def _record_line(name, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def _write_wheel(directory, files, extra, native):
    """Writes the wheel of `files` ({name: Path}) and `extra` ({name: bytes})."""
    tag = _tag(native)
    dist_info = f"{NAME}-{_version()}.dist-info"
    wheel_name = f"{NAME}-{_version()}-{tag}.whl"
    records = []
    with zipfile.ZipFile(Path(directory) / wheel_name, "w", zipfile.ZIP_DEFLATED) as wheel:
        def add(name, data, executable=False):
            info = zipfile.ZipInfo(name, date_time=time.gmtime(1700000000)[:6])
            info.external_attr = (0o100755 if executable else 0o100644) << 16  # regular file
            info.compress_type = zipfile.ZIP_DEFLATED
            wheel.writestr(info, data)
            records.append(_record_line(name, data))
        for name, path in sorted(files.items()):
            add(name, path.read_bytes(), os.access(path, os.X_OK) and "/bin/" in name
                or name.endswith(".so"))
        for name, data in sorted(extra.items()):
            add(name, data)
        add(f"{dist_info}/METADATA", _metadata().encode())
        add(f"{dist_info}/WHEEL", (f"Wheel-Version: 1.0\nGenerator: tessera_build\n"
                                    f"Root-Is-Purelib: {'false' if native else 'true'}\n"
                                    f"Tag: {tag}\n").encode())
        add(f"{dist_info}/top_level.txt", f"{NAME}\n".encode())
        records.append(f"{dist_info}/RECORD,,")
        wheel.writestr(f"{dist_info}/RECORD", "\n".join(records) + "\n")
    return wheel_name


# -- PEP 517 hooks -------------------------------------------------------------

def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_editable(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    native = _native_files()
    return _write_wheel(wheel_directory, dict(_package_files(), **native), {}, bool(native))


def build_editable(wheel_directory, config_settings=None, metadata_directory=None):
    # A .pth file puts python/ on sys.path: the package runs from the checkout
    # and finds the build folder and kernels/ there.
    return _write_wheel(wheel_directory, {}, {f"__editable__.{NAME}.pth":
                                              (str(HERE) + "\n").encode()}, False)


def build_sdist(sdist_directory, config_settings=None):
    base = f"{NAME}-{_version()}"
    name = f"{base}.tar.gz"
    with tarfile.open(Path(sdist_directory) / name, "w:gz") as archive:
        for path in [HERE / "pyproject.toml"] + sorted((HERE / "build_backend").glob("*.py")):
            archive.add(path, f"{base}/{path.relative_to(HERE).as_posix()}")
        for relative, path in _package_files().items():
            archive.add(path, f"{base}/{relative}")
        metadata = _metadata().encode()
        info = tarfile.TarInfo(f"{base}/PKG-INFO")
        info.size = len(metadata)
        archive.addfile(info, io.BytesIO(metadata))
    return name
