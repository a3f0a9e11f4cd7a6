//===- Frontend.h - The tile-language frontend ------------------*- C++ -*-===//
//
// Part of Tessera. Parses `.tile` files, checks them and lowers their kernels
// into the `tile` dialect (with arith, math, scf and func).
//
//===----------------------------------------------------------------------===//

#ifndef TESSERA_FRONTEND_FRONTEND_H
#define TESSERA_FRONTEND_FRONTEND_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace llvm {
class SourceMgr;
} // namespace llvm

namespace mlir {
class DialectRegistry;
class MLIRContext;
} // namespace mlir

namespace tessera::frontend {

/// The PTX parameter space of the target a compilation is for.
struct ParamSpaceLimit {
  /// The target, for messages ("sm_80").
  std::string target;
  /// The most bytes of `.param` space ptxas accepts for one kernel.
  uint64_t bytes = 0;
};

/// Options of one compilation.
struct CompileOptions {
  /// `-D NAME=VALUE` overrides of `const` declarations, in command-line order.
  std::vector<std::pair<std::string, std::string>> defines;
  /// When set, a kernel whose parameters do not fit in the target's
  /// parameter space is an error at the kernel, with the bytes it needs
  /// (under the kernel ABI of docs/manifest.md), instead of a ptxas failure.
  std::optional<ParamSpaceLimit> paramSpace;
};

/// Parses, checks and lowers the main buffer of `sourceMgr` (a .tile file) into
/// a module of tile kernels. Errors are reported as file:line:col with the
/// source line and a caret (through llvm::SourceMgr) and yield nullptr.
mlir::OwningOpRef<mlir::ModuleOp> compileTile(llvm::SourceMgr &sourceMgr,
                                              mlir::MLIRContext &context,
                                              const CompileOptions &options);

/// Registers the dialects the frontend emits.
void registerFrontendDialects(mlir::DialectRegistry &registry);

} // namespace tessera::frontend

#endif // TESSERA_FRONTEND_FRONTEND_H
