# -*- Python -*-
# lit configuration of the Tessera test suite.

import os

import lit.formats
from lit.llvm import llvm_config
from lit.llvm.subst import ToolSubst

config.name = "TESSERA"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".tile", ".test"]
config.excludes = ["CMakeLists.txt", "README.md", "lit.cfg.py", "lit.site.cfg.py", "Inputs", "gpu", "Unit"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.tessera_obj_root, "test")

config.substitutions.append(("%PATH%", config.environment["PATH"]))
config.substitutions.append(("%kernels", os.path.join(config.tessera_src_root, "kernels")))

llvm_config.with_system_environment(["HOME", "INCLUDE", "LIB", "TMP", "TEMP"])
llvm_config.use_default_substitutions()
# `not` and `count` at the start of a RUN line are looked up on PATH.
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)

tool_dirs = [config.tessera_tools_dir, config.llvm_tools_dir]
tools = ["tessera-opt", "tessera-translate"]
for optional in ["tessera-compile", "tessera-run"]:
    if os.path.exists(os.path.join(config.tessera_tools_dir, optional)):
        tools.append(optional)
# The frontend fuzzer is built with -DTESSERA_ENABLE_FUZZER=ON and clang.
if os.path.exists(os.path.join(config.tessera_tools_dir, "tessera-frontend-fuzzer")):
    tools.append("tessera-frontend-fuzzer")
    config.available_features.add("fuzzer")
llvm_config.add_tool_substitutions(tools, tool_dirs)

if config.cuda_bin_dir and os.path.exists(os.path.join(config.cuda_bin_dir, "ptxas")):
    config.available_features.add("ptxas")
    config.substitutions.append(("%ptxas", os.path.join(config.cuda_bin_dir, "ptxas")))
    config.substitutions.append(("%cuda_bin_dir", config.cuda_bin_dir))
    libdevice = os.path.join(config.cuda_bin_dir, "..", "nvvm", "libdevice", "libdevice.10.bc")
    if os.path.exists(libdevice):
        config.available_features.add("libdevice")
        config.substitutions.append(("%libdevice", os.path.normpath(libdevice)))
# Debian's nvidia-cuda-toolkit puts libdevice where tessera-compile always
# finds it: a test of a missing libdevice cannot run there.
if os.path.exists("/usr/lib/nvidia-cuda-toolkit/libdevice/libdevice.10.bc"):
    config.available_features.add("system-libdevice")

# The sanitizer build (./tools/run.sh sanitize): tests that bound address
# space (ulimit -v, which ASan's shadow memory cannot live with) or time for
# an uninstrumented build say UNSUPPORTED: sanitizer.
if getattr(config, "tessera_sanitizer", ""):
    config.available_features.add("sanitizer")
