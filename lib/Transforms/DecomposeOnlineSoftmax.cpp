//===- DecomposeOnlineSoftmax.cpp - Expand tile.online_softmax ------------===//
//
// Part of Tessera. Rewrites the FlashAttention state update into the
// explicit steps of Dao et al., "FlashAttention-2" (Algorithm 1, lines 8-10),
// in the base-2 domain.
//
//===----------------------------------------------------------------------===//

#include "tessera/Transforms/Passes.h"

#include "Tile/IR/TileDialect.h"

#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"

namespace tessera {
#define GEN_PASS_DEF_TILEDECOMPOSEONLINESOFTMAX
#include "tessera/Transforms/Passes.h.inc"
} // namespace tessera

using namespace mlir;
using namespace tessera;
using namespace tessera::tile;

namespace {

/// Broadcasts a row vector (M) to M×N: expand_dims axis 1, then broadcast.
static Value broadcastRows(OpBuilder &b, Location loc, Value rows,
                           RankedTensorType to) {
  auto rowType = cast<RankedTensorType>(rows.getType());
  auto column = RankedTensorType::get({rowType.getDimSize(0), 1},
                                      rowType.getElementType());
  Value expanded = ExpandDimsOp::create(b, loc, column, rows, 1);
  return BroadcastOp::create(b, loc, to.clone(rowType.getElementType()),
                             expanded);
}

/// Reduces an M×N tile along its rows to an M vector.
static Value reduceRows(OpBuilder &b, Location loc, ReduceKind kind,
                        Value tile) {
  auto type = cast<RankedTensorType>(tile.getType());
  auto rowType =
      RankedTensorType::get({type.getDimSize(0)}, type.getElementType());
  return ReduceOp::create(b, loc, rowType, kind, tile, 1);
}

/// where(m == -inf, 0, m) for a row vector of f32 maxima.
static Value safeRowMax(OpBuilder &b, Location loc, Value rowMax) {
  auto type = cast<RankedTensorType>(rowMax.getType());
  auto floatType = cast<FloatType>(type.getElementType());
  auto splat = [&](const APFloat &value) -> Value {
    return arith::ConstantOp::create(b, loc, type,
                                     DenseElementsAttr::get(type, value));
  };
  Value negInf = splat(APFloat::getInf(floatType.getFloatSemantics(),
                                       /*Negative=*/true));
  Value allMasked = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OEQ,
                                          rowMax, negInf);
  Value zero = splat(APFloat::getZero(floatType.getFloatSemantics()));
  return arith::SelectOp::create(b, loc, allMasked, zero, rowMax);
}

/// rowmax(scores * scale), taken from the scores themselves: the rounded
/// product c·x is monotonic in x (non-decreasing for c >= 0, non-increasing
/// for c < 0), so the row max of the scaled scores is exactly c·max(s) when
/// c >= 0 and c·min(s) otherwise (a NaN scale takes the second branch and
/// gives NaN, as the product would). The branch is on one scalar, uniform
/// across the program; it spares the multiply per score that only the max
/// would read (the exponent's c·s - m is one FMA on the GPU).
static Value scaledRowMax(OpBuilder &b, Location loc, Value scores,
                          Value scale) {
  auto type = cast<RankedTensorType>(scores.getType());
  auto rowType =
      RankedTensorType::get({type.getDimSize(0)}, type.getElementType());
  Value zero = arith::ConstantOp::create(
      b, loc, b.getFloatAttr(scale.getType(), 0.0));
  Value nonNegative =
      arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGE, scale, zero);
  // (The branches' yields give the if its result type.)
  auto branch = scf::IfOp::create(
      b, loc, nonNegative,
      [&](OpBuilder &then, Location l) {
        scf::YieldOp::create(then, l,
                             reduceRows(then, l, ReduceKind::Max, scores));
      },
      [&](OpBuilder &otherwise, Location l) {
        scf::YieldOp::create(otherwise, l,
                             reduceRows(otherwise, l, ReduceKind::Min, scores));
      });
  return arith::MulFOp::create(b, loc, branch.getResult(0),
                               SplatOp::create(b, loc, rowType, scale));
}

struct DecomposeOnlineSoftmax : public OpRewritePattern<OnlineSoftmaxOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(OnlineSoftmaxOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto scoresType = cast<RankedTensorType>(op.getScores().getType());
    auto accType = cast<RankedTensorType>(op.getAcc().getType());
    auto vType = cast<RankedTensorType>(op.getV().getType());

    // t = scores * scale, and its row max (from the scores, before t: the
    // multiply then sits in one block with t - m', which makes the pair one
    // FMA, and t is not live across the branch).
    Value t = op.getScores();
    Value rowMax;
    if (Value scale = op.getScale()) {
      rowMax = scaledRowMax(rewriter, loc, op.getScores(), scale);
      Value scaleTile = SplatOp::create(rewriter, loc, scoresType, scale);
      t = arith::MulFOp::create(rewriter, loc, t, scaleTile);
    } else {
      rowMax = reduceRows(rewriter, loc, ReduceKind::Max, t);
    }
    // m' = max(m, rowmax(t))
    Value newM = arith::MaximumFOp::create(rewriter, loc, op.getM(), rowMax);
    // FA2's guard: while a row has seen only masked scores its max is -inf,
    // and exp2(-inf - -inf) would be NaN. Such rows subtract 0 instead: p
    // and alpha are then exp2(-inf) = 0, so m stays -inf, l 0 and acc 0.
    Value shift = safeRowMax(rewriter, loc, newM);
    // p = exp2(t - shift), alpha = exp2(m - shift)
    Value shifted = arith::SubFOp::create(
        rewriter, loc, t, broadcastRows(rewriter, loc, shift, scoresType));
    Value p = math::Exp2Op::create(rewriter, loc, shifted);
    Value alpha = math::Exp2Op::create(
        rewriter, loc, arith::SubFOp::create(rewriter, loc, op.getM(), shift));
    // l' = alpha * l + rowsum(p)
    Value rowSum = reduceRows(rewriter, loc, ReduceKind::Sum, p);
    Value newL = arith::AddFOp::create(
        rewriter, loc, arith::MulFOp::create(rewriter, loc, alpha, op.getL()),
        rowSum);
    // acc' = dot(cast(p), v, acc * alpha)
    Value scaledAcc = arith::MulFOp::create(
        rewriter, loc, op.getAcc(),
        broadcastRows(rewriter, loc, alpha, accType));
    Value pLow = arith::TruncFOp::create(
        rewriter, loc, scoresType.clone(vType.getElementType()), p);
    Value newAcc =
        DotOp::create(rewriter, loc, accType, pLow, op.getV(), scaledAcc);
    rewriter.replaceOp(op, {newM, newL, newAcc});
    return success();
  }
};

struct TileDecomposeOnlineSoftmaxPass
    : public tessera::impl::TileDecomposeOnlineSoftmaxBase<
          TileDecomposeOnlineSoftmaxPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateDecomposeOnlineSoftmaxPatterns(patterns);
    walkAndApplyPatterns(getOperation(), std::move(patterns));
  }
};

} // namespace

void tessera::populateDecomposeOnlineSoftmaxPatterns(
    RewritePatternSet &patterns) {
  patterns.add<DecomposeOnlineSoftmax>(patterns.getContext());
}
