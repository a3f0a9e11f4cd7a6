//===- ReduceOps.cpp - tile.reduce on warp shuffles -----------------------===//
//
// Part of Tessera. Row reductions of mma tiles: per-thread partials, then
// the lanes of a group exchange them with shfl.bfly.
//
//===----------------------------------------------------------------------===//

#include "PatternsCommon.h"
#include "tessera/Conversion/TileToNVVM/TileToNVVM.h"

#include "Tile/IR/TileDialect.h"
#include "TileGPU/IR/TileGPUDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace tessera;
using namespace tessera::lowering;
using namespace tessera::tile;
using namespace tessera::tilegpu;

namespace {

Value combine(OpBuilder &b, Location loc, ReduceKind kind, Value x, Value y) {
  switch (kind) {
  case ReduceKind::Max:
    return arith::MaximumFOp::create(b, loc, x, y);
  case ReduceKind::Min:
    return arith::MinimumFOp::create(b, loc, x, y);
  case ReduceKind::Sum:
    return arith::AddFOp::create(b, loc, x, y);
  }
  llvm_unreachable("unknown reduce kind");
}

/// Combines `values` pairwise, so the dependency chain is log2(n) long
/// rather than n (ptxas does not reassociate floating-point max or add).
Value combineTree(OpBuilder &b, Location loc, ReduceKind kind,
                  SmallVector<Value> values) {
  while (values.size() > 1) {
    SmallVector<Value> next;
    for (size_t i = 0; i + 1 < values.size(); i += 2)
      next.push_back(combine(b, loc, kind, values[i], values[i + 1]));
    if (values.size() % 2)
      next.push_back(values.back());
    values = std::move(next);
  }
  return values.front();
}

/// Row reduction of an mma tile: each thread combines its own slots of a
/// row, then the four lanes of a group (which hold the row's other columns)
/// exchange partials with shfl.bfly 1 and 2. Nothing crosses warps.
struct ReduceRowsLowering : public OpConversionPattern<ReduceOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ReduceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto src = Distribution::get(op.getSrc().getType());
    if (!src || src->kind != Distribution::Mma || op.getAxis() != 1)
      return op.emitOpError("only row reductions (axis 1) of mma tiles are "
                            "supported on the GPU");
    if (!getElementTypeOrSelf(op.getType()).isF32())
      return op.emitOpError("expected an f32 reduction on the GPU");
    Location loc = op.getLoc();
    Value in = adaptor.getSrc();
    const MmaGeometry &g = src->geom;
    Value mask = i32Const(rewriter, loc, -1);
    Value clamp = i32Const(rewriter, loc, 31);
    SmallVector<Value> rows;
    for (int64_t mt = 0; mt < g.mTiles(); ++mt) {
      for (int64_t h = 0; h < 2; ++h) {
        SmallVector<Value> partials;
        for (int64_t nt = 0; nt < g.nTiles(); ++nt)
          for (int64_t j = 0; j < 2; ++j)
            partials.push_back(vector::ExtractOp::create(
                rewriter, loc, in, g.slot(mt, nt, 2 * h + j)));
        Value acc = combineTree(rewriter, loc, op.getKind(), partials);
        for (int64_t offset : {1, 2}) {
          Value other = NVVM::ShflOp::create(
              rewriter, loc, rewriter.getF32Type(), mask, acc,
              i32Const(rewriter, loc, offset), clamp, NVVM::ShflKind::bfly,
              UnitAttr());
          acc = combine(rewriter, loc, op.getKind(), acc, other);
        }
        rows.push_back(acc);
      }
    }
    Type type = getTypeConverter()->convertType(op.getType());
    rewriter.replaceOpWithNewOp<vector::FromElementsOp>(op, type, rows);
    return success();
  }
};

} // namespace

void tessera::populateTileReduceToNVVMPatterns(const TypeConverter &converter,
                                               RewritePatternSet &patterns) {
  patterns.add<ReduceRowsLowering>(converter, patterns.getContext());
}
