//===- Diagnostics.cpp - Frontend error reporting -------------------------===//
//
// Part of Tessera.
//
//===----------------------------------------------------------------------===//

#include "Diagnostics.h"

#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

using namespace tessera::frontend;

mlir::LogicalResult Diagnostics::error(llvm::SMLoc loc,
                                       const llvm::Twine &message) {
  ++numErrors;
  sourceMgr.PrintMessage(loc, llvm::SourceMgr::DK_Error, message);
  return mlir::failure();
}

mlir::LogicalResult Diagnostics::error(const llvm::Twine &message) {
  ++numErrors;
  llvm::StringRef file = sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID())
                             ->getBufferIdentifier();
  llvm::SMDiagnostic(file, llvm::SourceMgr::DK_Error, message.str())
      .print(/*ProgName=*/nullptr, llvm::errs());
  return mlir::failure();
}

void Diagnostics::note(llvm::SMLoc loc, const llvm::Twine &message) {
  sourceMgr.PrintMessage(loc, llvm::SourceMgr::DK_Note, message);
}
