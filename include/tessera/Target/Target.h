//===- Target.h - PTX, cubin and resources for NVIDIA GPUs ------*- C++ -*-===//
//
// Part of Tessera.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The Target stage turns the output of the tile-to-NVVM conversion (a
/// `builtin.module` holding one `gpu.module @tessera` with one `llvm.func`
/// kernel) into PTX, assembles the PTX with ptxas into a cubin, and reads
/// the kernel's resources (registers, spills, stack, static shared memory)
/// from `ptxas -v`. The JSON manifest beside them is written by
/// tessera/Target/Manifest.h. See docs/target.md.
///
//===----------------------------------------------------------------------===//

#ifndef TESSERA_TARGET_TARGET_H
#define TESSERA_TARGET_TARGET_H

#include "tessera/Target/Chips.h"
#include "tessera/Target/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace tessera {

//===----------------------------------------------------------------------===//
// Options and input
//===----------------------------------------------------------------------===//

/// Where the tools of this stage are. The chip, features and optimization
/// level are the gpu.module's `#nvvm.target` (findTarget).
struct TargetOptions {
  /// The CUDA toolkit; ptxas is looked up in `cudaRoot`/bin, then on PATH.
  std::string cudaRoot = "/usr/local/cuda";
};

/// Registers the dialects, LLVM IR translations and the `#nvvm.target`
/// interface that translateToPTX needs (gpu, llvm, nvvm, builtin), and
/// tilegpu, whose attributes hold the kernel metadata. Call it on
/// the registry of any context that holds modules passed to this stage.
void registerTargetDialects(mlir::DialectRegistry &registry);

/// The kernel of a module in the input form of this stage.
struct KernelOps {
  mlir::gpu::GPUModuleOp gpuModule;
  mlir::LLVM::LLVMFuncOp kernel;
};

/// Finds the single `gpu.module` of `module` and its single `llvm.func`
/// marked `nvvm.kernel`; errors name what is missing or duplicated.
llvm::Expected<KernelOps> findKernel(mlir::ModuleOp module);

/// The target a kernel is compiled for: its gpu.module's `#nvvm.target`
/// (convert-tile-to-nvvm copies the module's `tilegpu.target`) and that
/// chip's entry of supportedChips().
struct KernelTarget {
  mlir::NVVM::NVVMTargetAttr attr;
  const ChipInfo *chip = nullptr;
};

/// The target of `ops`' gpu.module, or an error when it has no
/// `#nvvm.target` or names a chip that is not supported.
llvm::Expected<KernelTarget> findTarget(const KernelOps &ops);

/// Sets the targets of the kernel's `gpu.module` to one
/// `#nvvm.target<chip, features, O>` built from `spec`, replacing any target
/// there but keeping its flags, link files and (when `spec.chip` is empty)
/// its chip (tessera-translate --chip, also for input written without a
/// target).
llvm::Error attachNVVMTarget(mlir::ModuleOp module, const TargetSpec &spec);

//===----------------------------------------------------------------------===//
// PTX and cubin
//===----------------------------------------------------------------------===//

/// CUDA's libdevice bitcode: `options.cudaRoot`/nvvm/libdevice/libdevice.10.bc,
/// else that of the toolkit whose ptxas is on PATH, else Debian's
/// nvidia-cuda-toolkit's; nullopt when none exists.
std::optional<std::string> findLibdevice(const TargetOptions &options);

/// Translates the kernel's `gpu.module` to LLVM IR, links libdevice where it
/// calls libdevice functions (math builtins; an error when findLibdevice
/// finds none) and runs the NVPTX back end for its target (findTarget).
/// Returns the PTX text; MLIR diagnostics become the error message.
llvm::Expected<std::string> translateToPTX(mlir::ModuleOp module,
                                           const TargetOptions &options);

/// Resources of one kernel as `ptxas -v` reports them.
struct KernelResources {
  int64_t registers = 0;
  int64_t spillStores = 0;        ///< bytes
  int64_t spillLoads = 0;         ///< bytes
  int64_t stack = 0;              ///< stack frame, bytes
  int64_t staticSharedMemory = 0; ///< bytes, excluding dynamic shared memory
  /// ptxas's performance advisories about the kernel ("(C7512) Potential
  /// Performance Loss: wgmma.mma_async instructions are serialized ..."),
  /// without the "ptxas info :" prefix.
  std::vector<std::string> advisories;
};

/// The output of ptxas.
struct PtxasResult {
  std::string cubin;         ///< the ELF bytes
  std::string log;           ///< everything ptxas printed
  KernelResources resources; ///< of the kernel the log names
};

/// Parses the `ptxas -v` log `log` for the entry `symbol`. Fails when the log
/// does not mention `symbol`.
llvm::Expected<KernelResources> parsePtxasLog(llvm::StringRef log,
                                              llvm::StringRef symbol);

/// The path of ptxas: `options.cudaRoot`/bin/ptxas, else the one on PATH.
llvm::Expected<std::string> findPtxas(const TargetOptions &options);

/// Runs `ptxas -arch=<chip> -O<n> -v` on `ptx`, whose entry is `symbol`,
/// for `target`. Returns the cubin and the entry's resources; a ptxas
/// failure returns its log as the error. Where `ptx` caps the registers
/// (`.maxnreg`) and ptxas spills under the cap, it assembles again with
/// `--register-usage-level 0` and keeps the result that spills less.
llvm::Expected<PtxasResult> assembleWithPtxas(llvm::StringRef ptx,
                                              llvm::StringRef symbol,
                                              const KernelTarget &target,
                                              const TargetOptions &options);

} // namespace tessera

#endif // TESSERA_TARGET_TARGET_H
