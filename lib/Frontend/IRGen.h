//===- IRGen.h - Lowering of tile-language kernels to MLIR ------*- C++ -*-===//
//
// Part of Tessera.
//
//===----------------------------------------------------------------------===//

#ifndef TESSERA_LIB_FRONTEND_IRGEN_H
#define TESSERA_LIB_FRONTEND_IRGEN_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Support/LLVM.h"

namespace tessera::frontend {

class Diagnostics;
struct CompileOptions;
struct ConstantTable;
struct SourceFile;

/// The most parameters a kernel may declare: no target takes more (8191
/// four-byte scalars fill the largest PTX parameter space, 32764 bytes).
constexpr size_t kMaxKernelParams = 8191;

/// Checks every kernel of `file` and appends it to `module` as a tile kernel
/// (a `func.func` with the `tile.*` attributes). Reports the first error.
mlir::LogicalResult generateKernels(const SourceFile &file,
                                    const ConstantTable &constants,
                                    const CompileOptions &options,
                                    Diagnostics &diags, mlir::ModuleOp module);

} // namespace tessera::frontend

#endif // TESSERA_LIB_FRONTEND_IRGEN_H
