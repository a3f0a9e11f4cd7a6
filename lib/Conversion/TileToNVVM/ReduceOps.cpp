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
  bool integer = isa<IntegerType>(x.getType());
  switch (kind) {
  case ReduceKind::Max:
    return integer ? Value(arith::MaxSIOp::create(b, loc, x, y))
                   : Value(arith::MaximumFOp::create(b, loc, x, y));
  case ReduceKind::Min:
    return integer ? Value(arith::MinSIOp::create(b, loc, x, y))
                   : Value(arith::MinimumFOp::create(b, loc, x, y));
  case ReduceKind::Sum:
    return integer ? Value(arith::AddIOp::create(b, loc, x, y))
                   : Value(arith::AddFOp::create(b, loc, x, y));
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

/// A thread's own values of a blocked tile combined: float sums of eight or
/// more in four interleaved chains of contractible adds (ptxas then fuses a
/// product into each add: sum(x * x) is one FMA an element), the chains and
/// other kinds by combineTree.
Value combineOwn(OpBuilder &b, Location loc, ReduceKind kind,
                 SmallVector<Value> values) {
  constexpr size_t kChains = 4;
  if (kind != ReduceKind::Sum || values.size() < 2 * kChains ||
      !isa<FloatType>(values.front().getType()))
    return combineTree(b, loc, kind, std::move(values));
  SmallVector<Value> chains(values.begin(), values.begin() + kChains);
  for (size_t i = kChains; i < values.size(); ++i)
    chains[i % kChains] =
        arith::AddFOp::create(b, loc, chains[i % kChains], values[i],
                              arith::FastMathFlags::contract);
  return combineTree(b, loc, kind, std::move(chains));
}

/// The value of `type` (f32 or i32) that leaves a combination unchanged.
Value identity(OpBuilder &b, Location loc, ReduceKind kind, Type type) {
  if (isa<IntegerType>(type)) {
    int64_t value = 0;
    if (kind == ReduceKind::Max)
      value = std::numeric_limits<int32_t>::min();
    else if (kind == ReduceKind::Min)
      value = std::numeric_limits<int32_t>::max();
    return i32Const(b, loc, value);
  }
  double value = 0.0;
  if (kind == ReduceKind::Max)
    value = -std::numeric_limits<double>::infinity();
  else if (kind == ReduceKind::Min)
    value = std::numeric_limits<double>::infinity();
  return arith::ConstantOp::create(b, loc, b.getF32FloatAttr(value));
}

/// Reduction of a blocked tile along `axis`: each thread combines its own
/// slots of each kept position, the lanes along the axis exchange partials
/// with shfl.bfly, and where warps lie along the axis too, each warp's
/// partials go through the op's shared scratch ([warp][position]) and every
/// thread combines them. Threads holding copies along the axis contribute
/// the identity, so nothing is counted twice.
FailureOr<SmallVector<Value>>
lowerBlockedReduce(ReduceOp op, Value in, const Distribution &src,
                   ConversionPatternRewriter &rewriter) {
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
                                    identity(rewriter, loc, kind,
                                             acc.getType()));
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
    Type element = partials.front().getType();
    int64_t extent = g.shape[kept];
    Value keptBase = g.base(rewriter, loc, ids, kept);
    Value warp = g.warpPosition(rewriter, loc, ids, axis);
    auto address = [&](Value w, int64_t k) {
      Value index = arith::AddIOp::create(
          rewriter, loc,
          arith::MulIOp::create(rewriter, loc, w,
                                i32Const(rewriter, loc, extent)),
          addI32(rewriter, loc, keptBase, g.offsetAlong(kept, k)));
      return LLVM::GEPOp::create(rewriter, loc, base.getType(), element,
                                 base, ValueRange{index});
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
            rewriter, loc, element, address(i32Const(rewriter, loc, w), k)));
      partials[k] = combineTree(rewriter, loc, kind, perWarp);
    }
  }
  return partials;
}

/// Row reduction of an mma tile: each thread combines its own slots of a
/// row, then the four lanes of a group (which hold the row's other columns)
/// exchange partials with shfl.bfly 1 and 2. Nothing crosses warps.
SmallVector<Value> lowerMmaRowReduce(ReduceOp op, Value in,
                                     const Distribution &src,
                                     ConversionPatternRewriter &rewriter) {
  Location loc = op.getLoc();
  const MmaGeometry &g = src.geom;
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
  return rows;
}

/// Reductions on the GPU: the rows of an mma tile, either axis of a blocked
/// tile (lowerBlockedReduce), of f32 or i32 elements (integer sums wrap, as
/// in the interpreter), and the max or min of f16 or bf16 ones (in f32,
/// exactly: the conversions are exact and monotonic). A 16-bit sum is an
/// error: the interpreter accumulates it in the element type in index
/// order, which a parallel sum cannot reproduce; `sum(x.to(f32))` is what a
/// kernel means.
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
    Type element = getElementTypeOrSelf(op.getType());
    bool narrow = element.isF16() || element.isBF16();
    if (narrow && op.getKind() == ReduceKind::Sum)
      return op.emitOpError()
             << "expected an f32 or i32 sum on the GPU, got " << element
             << " (sum the tile's .to(f32): a 16-bit sum accumulates in "
                "its element type in index order, which a parallel sum "
                "does not reproduce)";
    if (!element.isF32() && !element.isInteger(32) && !narrow)
      return op.emitOpError()
             << "expected an f32, i32, f16 or bf16 reduction on the GPU, got "
             << element;
    Location loc = op.getLoc();
    Value in = adaptor.getSrc();
    // 16-bit maxima and minima in f32.
    if (narrow)
      in = arith::ExtFOp::create(
          rewriter, loc,
          VectorType::get(cast<VectorType>(in.getType()).getShape(),
                          rewriter.getF32Type()),
          in);
    SmallVector<Value> values;
    if (blocked) {
      FailureOr<SmallVector<Value>> partials =
          lowerBlockedReduce(op, in, *src, rewriter);
      if (failed(partials))
        return failure();
      values = std::move(*partials);
    } else {
      values = lowerMmaRowReduce(op, in, *src, rewriter);
    }
    auto type = cast<VectorType>(getTypeConverter()->convertType(op.getType()));
    Value result = vector::FromElementsOp::create(
        rewriter, loc,
        VectorType::get(type.getShape(), values.front().getType()), values);
    if (narrow)
      result = arith::TruncFOp::create(rewriter, loc, type, result);
    rewriter.replaceOp(op, result);
    return success();
  }
};

} // namespace

void tessera::populateTileReduceToNVVMPatterns(const TypeConverter &converter,
                                               RewritePatternSet &patterns) {
  patterns.add<ReduceLowering>(converter, patterns.getContext());
}
