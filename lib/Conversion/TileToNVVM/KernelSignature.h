//===- KernelSignature.h - Kernel ABI and manifest metadata -----*- C++ -*-===//
//
// Part of Tessera. Private to lib/Conversion/TileToNVVM.
//
//===----------------------------------------------------------------------===//

#ifndef TESSERA_LIB_CONVERSION_TILETONVVM_KERNELSIGNATURE_H
#define TESSERA_LIB_CONVERSION_TILETONVVM_KERNELSIGNATURE_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

namespace tessera::lowering {

/// A view narrowed along its innermost dimension starts at any element, so
/// it is only element-aligned: reject accesses through it that need more.
mlir::LogicalResult checkNarrowAlignment(mlir::func::FuncOp kernel);

/// Replaces `kernel` by an llvm.func in `module` with the manifest ABI, and
/// rebuilds each view as a struct at entry.
mlir::FailureOr<mlir::LLVM::LLVMFuncOp>
convertSignature(mlir::func::FuncOp kernel, mlir::gpu::GPUModuleOp module,
                 unsigned numThreads);

/// The module's gpu.module (created, with the shared-memory global, when
/// there is none).
mlir::gpu::GPUModuleOp getOrCreateGpuModule(mlir::ModuleOp module);

} // namespace tessera::lowering

#endif // TESSERA_LIB_CONVERSION_TILETONVVM_KERNELSIGNATURE_H
