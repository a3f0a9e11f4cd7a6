//===- TileOps.cpp - Verifiers, folders and canonicalizations -------------===//
//
// Part of Tessera.
//
//===----------------------------------------------------------------------===//

#include "Tile/IR/TileDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace tessera::tile;

#define GET_OP_CLASSES
#include "Tile/IR/TileOps.cpp.inc"

/// Prints a shape as "128x64" for diagnostics.
static std::string shapeStr(ArrayRef<int64_t> shape) {
  std::string s;
  llvm::raw_string_ostream os(s);
  llvm::interleave(shape, os, "x");
  if (shape.empty())
    os << "scalar";
  return s;
}

static ArrayRef<int64_t> shapeOf(Value v) {
  return cast<RankedTensorType>(v.getType()).getShape();
}

/// Shape ops and reductions keep the element type of their operand.
static LogicalResult verifySameElementType(Operation *op, Value src,
                                           Value result) {
  Type expected = getElementTypeOrSelf(src);
  Type actual = getElementTypeOrSelf(result);
  if (expected != actual)
    return op->emitOpError() << "expected result element type " << expected
                             << ", got " << actual;
  return success();
}

//===----------------------------------------------------------------------===//
// DimOp
//===----------------------------------------------------------------------===//

LogicalResult DimOp::verify() {
  unsigned rank = getView().getType().getRank();
  if (getIndex() < 0 || static_cast<unsigned>(getIndex()) >= rank)
    return emitOpError() << "expected dimension index in [0, " << rank
                         << "), got " << getIndex();
  return success();
}

//===----------------------------------------------------------------------===//
// LoadOp / StoreOp
//===----------------------------------------------------------------------===//

/// Shared checks of a view access: one index per view dimension, a tile of at
/// most the view's rank and the view's element type.
static LogicalResult verifyViewAccess(Operation *op, ViewType view,
                                      size_t numIndices, RankedTensorType tile,
                                      std::optional<ArrayRef<bool>> inBounds) {
  if (inBounds && inBounds->size() != view.getRank())
    return op->emitOpError() << "expected " << view.getRank()
                             << " in_bounds flags (one per view dimension), got "
                             << inBounds->size();
  if (numIndices != view.getRank())
    return op->emitOpError() << "expected " << view.getRank()
                             << " indices (one per view dimension), got "
                             << numIndices;
  if (tile.getRank() > view.getRank())
    return op->emitOpError() << "expected a tile of rank at most "
                             << view.getRank() << ", got rank "
                             << tile.getRank();
  if (tile.getElementType() != view.getElementType())
    return op->emitOpError() << "expected tile element type "
                             << view.getElementType() << " (of the view), got "
                             << tile.getElementType();
  return success();
}

LogicalResult LoadOp::verify() {
  return verifyViewAccess(*this, getView().getType(), getIndices().size(),
                          getResult().getType(), getInBounds());
}

LogicalResult NarrowOp::verify() {
  unsigned rank = getView().getType().getRank();
  if (getDim() >= rank)
    return emitOpError() << "expected a dimension in [0, " << rank
                         << "), got " << getDim();
  return success();
}

/// One element of `view` at `numIndices` indices, read or written as a
/// scalar of type `type` (`what`: "a result", "a value").
static LogicalResult verifyElementAccess(Operation *op, ViewType view,
                                         size_t numIndices, Type type,
                                         StringRef what) {
  if (numIndices != view.getRank())
    return op->emitOpError()
           << "expected " << view.getRank()
           << " indices (one per dimension of the view), got " << numIndices;
  if (type != view.getElementType())
    return op->emitOpError() << "expected " << what
                             << " of the view's element type "
                             << view.getElementType() << ", got " << type;
  return success();
}

LogicalResult LoadScalarOp::verify() {
  return verifyElementAccess(*this, getView().getType(), getIndices().size(),
                             getResult().getType(), "a result");
}

LogicalResult StoreScalarOp::verify() {
  return verifyElementAccess(*this, getView().getType(), getIndices().size(),
                             getValue().getType(), "a value");
}

LogicalResult ToScalarOp::verify() {
  auto type = cast<RankedTensorType>(getSrc().getType());
  if (type.getNumElements() != 1)
    return emitOpError() << "expected a tile of one element, got " << type;
  if (getResult().getType() != type.getElementType())
    return emitOpError() << "expected a result of the tile's element type "
                         << type.getElementType() << ", got "
                         << getResult().getType();
  return success();
}

LogicalResult StoreOp::verify() {
  return verifyViewAccess(*this, getView().getType(), getIndices().size(),
                          cast<RankedTensorType>(getValue().getType()),
                          getInBounds());
}

LogicalResult AtomicAddOp::verify() {
  ViewType view = getView().getType();
  Type element = view.getElementType();
  if (!element.isF32() && !element.isInteger(32))
    return emitOpError() << "expected a view of f32 or i32 (the atomic "
                            "additions of the GPU path), got "
                         << element;
  auto tile = dyn_cast<RankedTensorType>(getValue().getType());
  if (!tile)
    return verifyElementAccess(*this, view, getIndices().size(),
                               getValue().getType(), "a value");
  return verifyViewAccess(*this, view, getIndices().size(), tile,
                          /*inBounds=*/std::nullopt);
}

//===----------------------------------------------------------------------===//
// SplatOp / IotaOp
//===----------------------------------------------------------------------===//

LogicalResult SplatOp::verify() {
  Type elementType = getResult().getType().getElementType();
  if (elementType != getValue().getType())
    return emitOpError() << "expected result element type "
                         << getValue().getType() << ", got " << elementType;
  return success();
}

OpFoldResult SplatOp::fold(FoldAdaptor adaptor) {
  auto value = dyn_cast_if_present<TypedAttr>(adaptor.getValue());
  if (!value || !isa<IntegerAttr, FloatAttr>(value))
    return {};
  return SplatElementsAttr::get(getResult().getType(), value);
}

LogicalResult IotaOp::verify() {
  if (getResult().getType().getNumElements() < 1)
    return emitOpError() << "expected a non-empty tile, got "
                         << getResult().getType();
  return success();
}

//===----------------------------------------------------------------------===//
// ExpandDimsOp
//===----------------------------------------------------------------------===//

LogicalResult ExpandDimsOp::verify() {
  ArrayRef<int64_t> src = shapeOf(getSrc());
  int64_t axis = getAxis();
  if (axis < 0 || axis > static_cast<int64_t>(src.size()))
    return emitOpError() << "expected axis in [0, " << src.size() << "], got "
                         << axis;
  SmallVector<int64_t> expected(src);
  expected.insert(expected.begin() + axis, 1);
  if (shapeOf(getResult()) != ArrayRef<int64_t>(expected))
    return emitOpError() << "expected result shape " << shapeStr(expected)
                         << ", got " << shapeStr(shapeOf(getResult()));
  return verifySameElementType(*this, getSrc(), getResult());
}

namespace {
/// A shape op applied to a splat is a splat of the new shape:
///   tile.expand_dims (tile.splat %x), tile.broadcast (tile.splat %x)
///   -> tile.splat %x
template <typename ShapeOp>
struct ShapeOfSplat : public OpRewritePattern<ShapeOp> {
  using OpRewritePattern<ShapeOp>::OpRewritePattern;
  LogicalResult matchAndRewrite(ShapeOp op,
                                PatternRewriter &rewriter) const override {
    auto splat = op.getSrc().template getDefiningOp<SplatOp>();
    if (!splat)
      return rewriter.notifyMatchFailure(op, "operand is not a tile.splat");
    rewriter.replaceOpWithNewOp<SplatOp>(op, op.getResult().getType(),
                                         splat.getValue());
    return success();
  }
};

/// A shape op applied to a constant splat is a constant splat:
///   tile.broadcast (arith.constant dense<1.0>) -> arith.constant dense<1.0>
template <typename ShapeOp>
struct ShapeOfConstantSplat : public OpRewritePattern<ShapeOp> {
  using OpRewritePattern<ShapeOp>::OpRewritePattern;
  LogicalResult matchAndRewrite(ShapeOp op,
                                PatternRewriter &rewriter) const override {
    SplatElementsAttr splat;
    if (!matchPattern(op.getSrc(), m_Constant(&splat)))
      return rewriter.notifyMatchFailure(op, "operand is not a constant splat");
    auto type = cast<ShapedType>(op.getResult().getType());
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(
        op, SplatElementsAttr::get(type, splat.getSplatValue<Attribute>()));
    return success();
  }
};

/// broadcast(broadcast(x)) -> broadcast(x)
struct ComposeBroadcasts : public OpRewritePattern<BroadcastOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(BroadcastOp op,
                                PatternRewriter &rewriter) const override {
    auto inner = op.getSrc().getDefiningOp<BroadcastOp>();
    if (!inner)
      return rewriter.notifyMatchFailure(op, "operand is not a broadcast");
    rewriter.replaceOpWithNewOp<BroadcastOp>(op, op.getResult().getType(),
                                             inner.getSrc());
    return success();
  }
};
} // namespace

void ExpandDimsOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                               MLIRContext *context) {
  results.add<ShapeOfSplat<ExpandDimsOp>, ShapeOfConstantSplat<ExpandDimsOp>>(
      context);
}

//===----------------------------------------------------------------------===//
// BroadcastOp
//===----------------------------------------------------------------------===//

LogicalResult BroadcastOp::verify() {
  ArrayRef<int64_t> src = shapeOf(getSrc());
  ArrayRef<int64_t> dst = shapeOf(getResult());
  if (src.size() != dst.size())
    return emitOpError() << "expected result rank " << src.size() << ", got "
                         << dst.size();
  for (auto [i, pair] : llvm::enumerate(llvm::zip(src, dst))) {
    auto [s, d] = pair;
    if (s != d && s != 1)
      return emitOpError() << "expected dimension " << i << " of size 1 or "
                           << d << " in the operand, got " << s;
  }
  return verifySameElementType(*this, getSrc(), getResult());
}

OpFoldResult BroadcastOp::fold(FoldAdaptor adaptor) {
  if (getSrc().getType() == getResult().getType())
    return getSrc();
  if (auto splat = dyn_cast_if_present<SplatElementsAttr>(adaptor.getSrc()))
    return SplatElementsAttr::get(getResult().getType(),
                                  splat.getSplatValue<Attribute>());
  return {};
}

void BroadcastOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                              MLIRContext *context) {
  results.add<ShapeOfSplat<BroadcastOp>, ComposeBroadcasts>(context);
}

//===----------------------------------------------------------------------===//
// TransOp
//===----------------------------------------------------------------------===//

LogicalResult TransOp::verify() {
  ArrayRef<int64_t> src = shapeOf(getSrc());
  SmallVector<int64_t> expected{src[1], src[0]};
  if (shapeOf(getResult()) != ArrayRef<int64_t>(expected))
    return emitOpError() << "expected result shape " << shapeStr(expected)
                         << ", got " << shapeStr(shapeOf(getResult()));
  return verifySameElementType(*this, getSrc(), getResult());
}

OpFoldResult TransOp::fold(FoldAdaptor adaptor) {
  // trans(trans(x)) -> x
  if (auto inner = getSrc().getDefiningOp<TransOp>())
    return inner.getSrc();
  if (auto splat = dyn_cast_if_present<SplatElementsAttr>(adaptor.getSrc()))
    return SplatElementsAttr::get(getResult().getType(),
                                  splat.getSplatValue<Attribute>());
  return {};
}

//===----------------------------------------------------------------------===//
// DotOp
//===----------------------------------------------------------------------===//

LogicalResult DotOp::verify() {
  Type aType = getElementTypeOrSelf(getA());
  Type bType = getElementTypeOrSelf(getB());
  if (!aType.isF16() && !aType.isBF16())
    return emitOpError() << "expected f16 or bf16 operands, got " << aType;
  if (aType != bType)
    return emitOpError() << "expected operand b of element type " << aType
                         << " (as a), got " << bType;
  if (!getElementTypeOrSelf(getAcc()).isF32())
    return emitOpError() << "expected an f32 accumulator, got "
                         << getElementTypeOrSelf(getAcc());
  ArrayRef<int64_t> a = shapeOf(getA()), b = shapeOf(getB()),
                    c = shapeOf(getAcc());
  if (a[1] != b[0])
    return emitOpError() << "expected b with " << a[1]
                         << " rows (the columns of a), got " << b[0];
  SmallVector<int64_t> expected{a[0], b[1]};
  if (c != ArrayRef<int64_t>(expected))
    return emitOpError() << "expected accumulator shape " << shapeStr(expected)
                         << ", got " << shapeStr(c);
  return success();
}

//===----------------------------------------------------------------------===//
// ReduceOp
//===----------------------------------------------------------------------===//

/// An axis of a tile of `rank` dimensions (reductions and scans).
static LogicalResult verifyAxis(Operation *op, size_t rank, int64_t axis) {
  if (axis < 0 || axis >= static_cast<int64_t>(rank))
    return op->emitOpError()
           << "expected axis in [0, " << rank << "), got " << axis;
  return success();
}

LogicalResult ReduceOp::verify() {
  ArrayRef<int64_t> src = shapeOf(getSrc());
  int64_t axis = getAxis();
  if (failed(verifyAxis(*this, src.size(), axis)))
    return failure();
  if (src.size() < 2)
    return emitOpError() << "expected a tile of rank at least 2, got rank "
                         << src.size()
                         << " (reduce a 1-D tile after tile.expand_dims)";
  SmallVector<int64_t> expected(src);
  expected.erase(expected.begin() + axis);
  if (shapeOf(getResult()) != ArrayRef<int64_t>(expected))
    return emitOpError() << "expected result shape " << shapeStr(expected)
                         << ", got " << shapeStr(shapeOf(getResult()));
  if (!isArgReduction(getKind()))
    return verifySameElementType(*this, getSrc(), getResult());
  StringRef kind = stringifyReduceKind(getKind());
  if (getElementTypeOrSelf(getSrc().getType()).isInteger(1))
    return emitOpError() << "expected a numeric tile for " << kind
                         << ", got i1";
  Type index = getElementTypeOrSelf(getResult().getType());
  if (!index.isInteger(32))
    return emitOpError() << "expected i32 indices from " << kind << ", got "
                         << index;
  return success();
}

//===----------------------------------------------------------------------===//
// ScanOp
//===----------------------------------------------------------------------===//

LogicalResult ScanOp::verify() {
  if (failed(verifyAxis(*this, shapeOf(getSrc()).size(), getAxis())))
    return failure();
  if (getElementTypeOrSelf(getSrc().getType()).isInteger(1))
    return emitOpError() << "expected a numeric tile, got i1";
  return success();
}

//===----------------------------------------------------------------------===//
// OnlineSoftmaxOp
//===----------------------------------------------------------------------===//

LogicalResult OnlineSoftmaxOp::verify() {
  ArrayRef<int64_t> s = shapeOf(getScores());
  if (s.size() != 2)
    return emitOpError() << "expected 2-D scores, got rank " << s.size();
  int64_t rows = s[0], cols = s[1];
  ArrayRef<int64_t> v = shapeOf(getV());
  Type vType = getElementTypeOrSelf(getV());
  if (!vType.isF16() && !vType.isBF16())
    return emitOpError() << "expected v of element type f16 or bf16, got "
                         << vType;
  if (v[0] != cols)
    return emitOpError() << "expected v with " << cols
                         << " rows (the columns of scores), got " << v[0];
  SmallVector<int64_t> rowShape{rows};
  if (shapeOf(getM()) != ArrayRef<int64_t>(rowShape))
    return emitOpError() << "expected m and l of shape " << shapeStr(rowShape)
                         << ", got " << shapeStr(shapeOf(getM()));
  SmallVector<int64_t> accShape{rows, v[1]};
  if (shapeOf(getAcc()) != ArrayRef<int64_t>(accShape))
    return emitOpError() << "expected acc of shape " << shapeStr(accShape)
                         << ", got " << shapeStr(shapeOf(getAcc()));
  return success();
}
