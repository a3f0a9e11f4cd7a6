//===- Frontend.cpp - The tile-language frontend --------------------------===//
//
// Part of Tessera. Parse -> resolve constants (-D) -> lower kernels -> verify.
//
//===----------------------------------------------------------------------===//

#include "tessera/Frontend/Frontend.h"

#include "AST.h"
#include "Constants.h"
#include "Diagnostics.h"
#include "IRGen.h"
#include "Parser.h"

#include "Tile/IR/TileDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "llvm/Support/SourceMgr.h"

using namespace tessera::frontend;

void tessera::frontend::registerFrontendDialects(
    mlir::DialectRegistry &registry) {
  registry.insert<tessera::tile::TileDialect, mlir::arith::ArithDialect,
                  mlir::func::FuncDialect, mlir::math::MathDialect,
                  mlir::scf::SCFDialect>();
}

mlir::OwningOpRef<mlir::ModuleOp>
tessera::frontend::compileTile(llvm::SourceMgr &sourceMgr,
                               mlir::MLIRContext &context,
                               const CompileOptions &options) {
  mlir::DialectRegistry registry;
  registerFrontendDialects(registry);
  context.appendDialectRegistry(registry);
  context.loadAllAvailableDialects();

  Diagnostics diags(sourceMgr);
  const llvm::MemoryBuffer *buffer =
      sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID());
  SourceFile file;
  if (failed(parseSourceFile(buffer->getBuffer(), diags, file)))
    return nullptr;
  ConstantTable constants;
  if (failed(resolveConstants(file, options.defines, diags, constants)))
    return nullptr;

  mlir::OwningOpRef<mlir::ModuleOp> module = mlir::ModuleOp::create(
      mlir::FileLineColLoc::get(&context, buffer->getBufferIdentifier(), 1, 1));
  if (failed(generateKernels(file, constants, options, diags, *module)))
    return nullptr;

  // The frontend checks everything the verifier does; this is a safety net,
  // reported against the source like every other error.
  mlir::SourceMgrDiagnosticHandler handler(sourceMgr, &context);
  if (failed(mlir::verify(*module)))
    return nullptr;
  return module;
}
