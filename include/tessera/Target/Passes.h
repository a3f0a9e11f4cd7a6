//===- Passes.h - Target passes ---------------------------------*- C++ -*-===//
//
// Part of Tessera.
//
//===----------------------------------------------------------------------===//

#ifndef TESSERA_TARGET_PASSES_H
#define TESSERA_TARGET_PASSES_H

#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "llvm/Support/Error.h"

#include "TileGPU/IR/TileGPUDialect.h"

#include <string>

namespace tessera {

/// The chip, PTX features and optimization level a module is compiled for.
struct TargetSpec {
  std::string chip = "sm_90a";
  /// NVPTX features; empty means the chip's default (e.g. "+ptx80").
  std::string features;
  /// Optimization level of the NVPTX back end and of ptxas (0 to 3).
  unsigned optLevel = 3;
};

/// The `#nvvm.target` of `spec`, or an error naming an unsupported chip (with
/// the supported ones) or an optimization level outside [0, 3].
llvm::Expected<mlir::NVVM::NVVMTargetAttr>
makeNVVMTarget(mlir::MLIRContext *context, const TargetSpec &spec);

#define GEN_PASS_DECL
#include "tessera/Target/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "tessera/Target/Passes.h.inc"

} // namespace tessera

#endif // TESSERA_TARGET_PASSES_H
