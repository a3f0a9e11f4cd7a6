//===- Passes.h - Transformations of the tile dialect -----------*- C++ -*-===//
//
// Part of Tessera.
//
//===----------------------------------------------------------------------===//

#ifndef TESSERA_TRANSFORMS_PASSES_H
#define TESSERA_TRANSFORMS_PASSES_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/Pass.h"

#include "TileGPU/IR/TileGPUDialect.h"

namespace mlir {
class RewritePatternSet;
} // namespace mlir

namespace tessera {

#define GEN_PASS_DECL
#include "tessera/Transforms/Passes.h.inc"

/// Adds the pattern that rewrites tile.online_softmax into its steps.
void populateDecomposeOnlineSoftmaxPatterns(mlir::RewritePatternSet &patterns);

/// Assigns #tilegpu layouts to every tensor in `kernel` (see
/// tilegpu-assign-layouts). Emits an error and fails on layout conflicts.
mlir::LogicalResult assignLayouts(mlir::func::FuncOp kernel, unsigned numWarps);

#define GEN_PASS_REGISTRATION
#include "tessera/Transforms/Passes.h.inc"

} // namespace tessera

#endif // TESSERA_TRANSFORMS_PASSES_H
