//===- ReduceOps.cpp - tile.reduce on warp shuffles -----------------------===//
//
// Part of Tessera. Row reductions of mma tiles and reductions of blocked
// tiles: per-thread partials, then the lanes exchange them with shfl.bfly,
// and the warps (blocked tiles) through shared memory.
//
//===----------------------------------------------------------------------===//

#include "PatternsCommon.h"
#include "tessera/Conversion/TileToNVVM/TileToNVVM.h"

#include "Tile/IR/TileDialect.h"
#include "TileGPU/IR/TileGPUDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
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

/// A thread's own values of a blocked tile combined: sums of eight or more
/// in four interleaved chains of contractible adds (ptxas then fuses a
/// product into each add: sum(x * x) is one FMA an element), the chains and
/// other kinds by combineTree.
Value combineOwn(OpBuilder &b, Location loc, ReduceKind kind,
                 SmallVector<Value> values) {
  constexpr size_t kChains = 4;
  if (kind != ReduceKind::Sum || values.size() < 2 * kChains)
    return combineTree(b, loc, kind, std::move(values));
  SmallVector<Value> chains(values.begin(), values.begin() + kChains);
  for (size_t i = kChains; i < values.size(); ++i)
    chains[i % kChains] =
        arith::AddFOp::create(b, loc, chains[i % kChains], values[i],
                              arith::FastMathFlags::contract);
  return combineTree(b, loc, kind, std::move(chains));
}

/// The value that leaves a combination unchanged.
Value identity(OpBuilder &b, Location loc, ReduceKind kind) {
  double value = 0.0;
  if (kind == ReduceKind::Max)
    value = -std::numeric_limits<double>::infinity();
  else if (kind == ReduceKind::Min)
    value = std::numeric_limits<double>::infinity();
  return arith::ConstantOp::create(b, loc, b.getF32FloatAttr(value));
}

/// shfl.bfly of an f32 across the lanes of a warp.
Value butterfly(OpBuilder &b, Location loc, Value v, int64_t offset) {
  return NVVM::ShflOp::create(b, loc, b.getF32Type(), i32Const(b, loc, -1), v,
                              i32Const(b, loc, offset), i32Const(b, loc, 31),
                              NVVM::ShflKind::bfly, UnitAttr());
}

/// Reduction of a blocked tile along `axis`: each thread combines its own
/// slots of each kept position, the lanes along the axis exchange partials
/// with shfl.bfly, and where warps lie along the axis too, each warp's
/// partials go through the op's shared scratch ([warp][position]) and every
/// thread combines them. Threads holding copies along the axis contribute
/// the identity, so nothing is counted twice.
LogicalResult lowerBlockedReduce(ReduceOp op, Value in, const Distribution &src,
                                 ConversionPatternRewriter &rewriter,
                                 const TypeConverter &converter) {
  Location loc = op.getLoc();
  const BlockedGeometry &g = *src.blocked;
  BlockedEncodingAttr layout = g.layout;
  unsigned axis = op.getAxis(), kept = 1 - axis;
  int64_t along = g.elementsAlong(axis), keptSlots = g.elementsAlong(kept);
  int64_t perRow = g.elementsAlong(1);
  ThreadIds ids = ThreadIds::get(rewriter, loc);
  ReduceKind kind = op.getKind();

  // Positions along the axis past the tile's extent hold copies: within a
  // warp when the extent fits in its lanes (each warp then reduces a whole
  // copy), across the CTA otherwise.
  int64_t lanes = layout.getThreadsPerWarp()[axis];
  int64_t distinct = layout.getDistinctPositions(axis, g.shape[axis]);
  // The same count tilegpu-allocate-shared sized the scratch with.
  int64_t warps = layout.getReductionWarps(axis, g.shape[axis]);
  bool crossWarps = warps > 1;
  Value contributes;
  if (distinct < layout.getPositions(axis))
    contributes =
        crossWarps
            ? g.isDistinct(rewriter, loc, ids, axis)
            : Value(arith::CmpIOp::create(
                  rewriter, loc, arith::CmpIPredicate::ult,
                  g.lanePosition(rewriter, loc, ids, axis),
                  i32Const(rewriter, loc, distinct)));
  // The lanes along the axis are `laneStride` apart.
  int64_t laneStride = 1;
  for (unsigned d : layout.getOrder()) {
    if (d == axis)
      break;
    laneStride *= layout.getThreadsPerWarp()[d];
  }

  SmallVector<Value> partials;
  for (int64_t k = 0; k < keptSlots; ++k) {
    SmallVector<Value> own;
    for (int64_t a = 0; a < along; ++a) {
      int64_t slot = axis == 1 ? k * perRow + a : a * perRow + k;
      own.push_back(vector::ExtractOp::create(rewriter, loc, in, slot));
    }
    Value acc = combineOwn(rewriter, loc, kind, own);
    if (contributes)
      acc = arith::SelectOp::create(rewriter, loc, contributes, acc,
                                    identity(rewriter, loc, kind));
    for (int64_t offset = 1; offset < lanes; offset *= 2)
      acc = combine(rewriter, loc, kind, acc,
                    butterfly(rewriter, loc, acc, offset * laneStride));
    partials.push_back(acc);
  }

  if (crossWarps) {
    FailureOr<int64_t> offset = sharedOffsetOf(op);
    if (failed(offset))
      return failure();
    Value base = sharedBase(rewriter, loc, *offset);
    Type f32 = rewriter.getF32Type();
    int64_t extent = g.shape[kept];
    Value keptBase = g.base(rewriter, loc, ids, kept);
    Value warp = g.warpPosition(rewriter, loc, ids, axis);
    auto address = [&](Value w, int64_t k) {
      Value index = arith::AddIOp::create(
          rewriter, loc,
          arith::MulIOp::create(rewriter, loc, w,
                                i32Const(rewriter, loc, extent)),
          addI32(rewriter, loc, keptBase, g.offsetAlong(kept, k)));
      return LLVM::GEPOp::create(rewriter, loc, base.getType(), f32, base,
                                 ValueRange{index});
    };
    // One lane per warp position writes each kept position once.
    Value writer = arith::AndIOp::create(
        rewriter, loc,
        arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq,
                              g.lanePosition(rewriter, loc, ids, axis),
                              i32Const(rewriter, loc, 0)),
        g.isDistinct(rewriter, loc, ids, kept));
    // The scratch is the reduction's own (tilegpu-allocate-shared): only its
    // previous iteration in a loop can still be reading it.
    if (op->getParentOfType<LoopLikeOpInterface>())
      syncThreads(rewriter, loc);
    for (int64_t k = 0; k < keptSlots; ++k) {
      Value slot = address(warp, k);
      scf::IfOp::create(rewriter, loc, writer, [&](OpBuilder &b, Location l) {
        LLVM::StoreOp::create(b, l, partials[k], slot);
        scf::YieldOp::create(b, l);
      });
    }
    syncThreads(rewriter, loc);
    for (int64_t k = 0; k < keptSlots; ++k) {
      SmallVector<Value> perWarp;
      for (int64_t w = 0; w < warps; ++w)
        perWarp.push_back(LLVM::LoadOp::create(
            rewriter, loc, f32, address(i32Const(rewriter, loc, w), k)));
      partials[k] = combineTree(rewriter, loc, kind, perWarp);
    }
  }
  Type type = converter.convertType(op.getType());
  rewriter.replaceOpWithNewOp<vector::FromElementsOp>(op, type, partials);
  return success();
}

/// Reductions on the GPU: the rows of an mma tile (below), either axis of a
/// blocked tile (lowerBlockedReduce).
///
/// Row reduction of an mma tile: each thread combines its own slots of a
/// row, then the four lanes of a group (which hold the row's other columns)
/// exchange partials with shfl.bfly 1 and 2. Nothing crosses warps.
struct ReduceLowering : public OpConversionPattern<ReduceOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ReduceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto src = Distribution::get(op.getSrc().getType());
    bool blocked = src && src->kind == Distribution::Blocked &&
                   src->blocked->rank() == 2 && op.getAxis() <= 1;
    if (!blocked && (!src || src->kind != Distribution::Mma ||
                     op.getAxis() != 1))
      return op.emitOpError("only row reductions (axis 1) of mma tiles and "
                            "reductions of 2-D blocked tiles are supported "
                            "on the GPU");
    if (!getElementTypeOrSelf(op.getType()).isF32())
      return op.emitOpError("expected an f32 reduction on the GPU");
    if (blocked)
      return lowerBlockedReduce(op, adaptor.getSrc(), *src, rewriter,
                                *getTypeConverter());
    Location loc = op.getLoc();
    Value in = adaptor.getSrc();
    const MmaGeometry &g = src->geom;
    SmallVector<Value> rows;
    for (int64_t mt = 0; mt < g.mTiles(); ++mt) {
      for (int64_t h = 0; h < 2; ++h) {
        SmallVector<Value> partials;
        for (int64_t nt = 0; nt < g.nTiles(); ++nt)
          for (int64_t j = 0; j < 2; ++j)
            partials.push_back(vector::ExtractOp::create(
                rewriter, loc, in, g.slot(mt, nt, 2 * h + j)));
        Value acc = combineTree(rewriter, loc, op.getKind(), partials);
        for (int64_t offset : {1, 2})
          acc = combine(rewriter, loc, op.getKind(), acc,
                        butterfly(rewriter, loc, acc, offset));
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
  patterns.add<ReduceLowering>(converter, patterns.getContext());
}
