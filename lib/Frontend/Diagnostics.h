//===- Diagnostics.h - Frontend error reporting -----------------*- C++ -*-===//
//
// Part of Tessera. Every frontend error goes through this class, which prints
// it as file:line:col with the source line and a caret (llvm::SourceMgr).
//
//===----------------------------------------------------------------------===//

#ifndef TESSERA_LIB_FRONTEND_DIAGNOSTICS_H
#define TESSERA_LIB_FRONTEND_DIAGNOSTICS_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/SMLoc.h"

namespace llvm {
class SourceMgr;
} // namespace llvm

namespace tessera::frontend {

/// Reports errors and notes against the main buffer of a SourceMgr.
class Diagnostics {
public:
  explicit Diagnostics(llvm::SourceMgr &sourceMgr) : sourceMgr(sourceMgr) {}

  /// Reports an error at `loc` and returns failure(), so that callers can
  /// write `return diags.error(loc, "...")`.
  mlir::LogicalResult error(llvm::SMLoc loc, const llvm::Twine &message);

  /// Reports an error that has no source location (e.g. a command-line value).
  mlir::LogicalResult error(const llvm::Twine &message);

  /// Attaches a note at `loc` to the last error.
  void note(llvm::SMLoc loc, const llvm::Twine &message);

  bool hadError() const { return numErrors != 0; }

  llvm::SourceMgr &getSourceMgr() const { return sourceMgr; }

private:
  llvm::SourceMgr &sourceMgr;
  unsigned numErrors = 0;
};

} // namespace tessera::frontend

#endif // TESSERA_LIB_FRONTEND_DIAGNOSTICS_H
