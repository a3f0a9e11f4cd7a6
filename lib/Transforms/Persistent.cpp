//===- Persistent.cpp - A kernel's programs in a loop ----------------------===//
//
// Part of Tessera. The persistent grid of FlashAttention-3 and of CUTLASS's
// persistent GEMMs: as many CTAs as the GPU holds at once, each running
// program after program, so that a CTA's next program starts while the SM
// still holds its pipeline (docs/target.md, "Persistent grid").
//
//===----------------------------------------------------------------------===//

#include "tessera/Transforms/Passes.h"

#include "LoopIterations.h"

#include "Tile/IR/TileDialect.h"
#include "TileGPU/IR/TileGPUDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/AffineExprVisitor.h"

namespace tessera {
#define GEN_PASS_DEF_TILEGPUPERSISTENT
#include "tessera/Transforms/Passes.h.inc"
} // namespace tessera

using namespace mlir;
using namespace tessera;

namespace {

/// `tile.dim` of the first kernel argument whose `tile.shape` names `size`,
/// at the start of the kernel; null when no argument does.
Value materializeSize(OpBuilder &b, func::FuncOp kernel, StringRef size) {
  for (BlockArgument arg : kernel.getArguments()) {
    auto shape = kernel.getArgAttrOfType<ArrayAttr>(
        arg.getArgNumber(), tile::TileDialect::kShapeAttrName);
    if (!shape)
      continue;
    for (auto [index, dim] : llvm::enumerate(shape)) {
      auto name = dyn_cast<StringAttr>(dim);
      if (name && name.getValue() == size)
        return tile::DimOp::create(b, kernel.getLoc(), arg, index);
    }
  }
  return Value();
}

Value materializeGridExpr(OpBuilder &b, Location loc, AffineExpr expr,
                          ArrayRef<Value> sizes);

/// `lhs OpTy rhs` of a binary grid expression.
template <typename OpTy>
Value materializeBinary(OpBuilder &b, Location loc, AffineExpr expr,
                        ArrayRef<Value> sizes) {
  auto binary = cast<AffineBinaryOpExpr>(expr);
  return OpTy::create(b, loc,
                      materializeGridExpr(b, loc, binary.getLHS(), sizes),
                      materializeGridExpr(b, loc, binary.getRHS(), sizes));
}

/// One grid dimension, an affine expression over the sizes, in i32
/// arithmetic (the sizes are non-negative, so remsi is the affine mod).
Value materializeGridExpr(OpBuilder &b, Location loc, AffineExpr expr,
                          ArrayRef<Value> sizes) {
  switch (expr.getKind()) {
  case AffineExprKind::Constant:
    return arith::ConstantIntOp::create(
        b, loc, b.getI32Type(), cast<AffineConstantExpr>(expr).getValue());
  case AffineExprKind::SymbolId:
    return sizes[cast<AffineSymbolExpr>(expr).getPosition()];
  case AffineExprKind::Add:
    return materializeBinary<arith::AddIOp>(b, loc, expr, sizes);
  case AffineExprKind::Mul:
    return materializeBinary<arith::MulIOp>(b, loc, expr, sizes);
  case AffineExprKind::Mod:
    return materializeBinary<arith::RemSIOp>(b, loc, expr, sizes);
  case AffineExprKind::FloorDiv:
    return materializeBinary<arith::FloorDivSIOp>(b, loc, expr, sizes);
  case AffineExprKind::CeilDiv:
    return materializeBinary<arith::CeilDivSIOp>(b, loc, expr, sizes);
  case AffineExprKind::DimId:
    break;
  }
  return Value(); // (tile.grid's verifier allows no dimensions.)
}

struct TileGPUPersistentPass
    : public tessera::impl::TileGPUPersistentBase<TileGPUPersistentPass> {
  using Base::Base;

  void runOnOperation() override {
    func::FuncOp kernel = getOperation();
    if (kernel.isExternal() ||
        !kernel->hasAttr(tile::TileDialect::kKernelAttrName) ||
        !(force || tile::TileDialect::getPersistent(kernel)))
      return;
    auto grid = kernel->getAttrOfType<AffineMapAttr>(
        tile::TileDialect::kGridAttrName);
    if (!grid) {
      kernel.emitError("cannot make a kernel without 'tile.grid' persistent: "
                       "its loop runs the programs of that grid");
      return signalPassFailure();
    }
    if (getPersistentLoop(kernel))
      return; // (Already persistent.)
    auto sizeNames = kernel->getAttrOfType<ArrayAttr>(
        tile::TileDialect::kSizesAttrName);

    Block &body = kernel.getBody().front();
    Location loc = kernel.getLoc();
    OpBuilder b = OpBuilder::atBlockBegin(&body);
    SmallVector<Value> sizes;
    for (unsigned i = 0; i < grid.getValue().getNumSymbols(); ++i) {
      auto name = sizeNames && i < sizeNames.size()
                      ? dyn_cast<StringAttr>(sizeNames[i])
                      : StringAttr();
      Value size = name ? materializeSize(b, kernel, name.getValue()) : Value();
      if (!size) {
        kernel.emitError() << "cannot make the kernel persistent: grid size "
                           << i << " ("
                           << (name ? name.getValue() : StringRef("unnamed"))
                           << ") is no argument's dimension (tile.shape)";
        return signalPassFailure();
      }
      sizes.push_back(size);
    }
    SmallVector<Value> dims;
    for (AffineExpr expr : grid.getValue().getResults())
      dims.push_back(materializeGridExpr(b, loc, expr, sizes));
    Value programs = dims.front();
    for (Value dim : ArrayRef(dims).drop_front())
      programs = arith::MulIOp::create(b, loc, programs, dim);
    // The hardware grid: one dimension of as many CTAs as fit (the
    // runtime). The programs are taken in mirrored pairs along axis 0:
    // position s of the sequence is program j / 2 of axis 0 when j = s % G0
    // is even and G0 - 1 - j / 2 when it is odd (0, G0 - 1, 1, G0 - 2, ...),
    // of the slab s / G0 of the other axes; each CTA runs two consecutive
    // positions in two consecutive rounds (round r of CTA c: position
    // (r / 2) * 2 * ctas + 2 * c + r % 2). Where a program's work grows
    // linearly along axis 0 (causal attention, in either order), a pair
    // costs the same everywhere, so every CTA is dealt the same work, and
    // CTAs that run at the same speed work on the same few slabs (heads) at
    // once. (A static order cannot keep CTAs of unequal speed together:
    // docs/target.md.) Where the work is the same for every program, the
    // order changes nothing but the places. CTA c runs
    // 2 * (programs / (2 * ctas)) rounds and then
    // min(max(programs % (2 * ctas) - 2 * c, 0), 2) more.
    auto i32 = [&](int64_t v) -> Value {
      return arith::ConstantIntOp::create(b, loc, b.getI32Type(), v);
    };
    Value cta = tile::ProgramIdOp::create(b, loc, 0);
    Value ctas = tile::NumProgramsOp::create(b, loc, 0);
    Value two = i32(2);
    Value span = arith::MulIOp::create(b, loc, ctas, two);
    Value spans = arith::DivSIOp::create(b, loc, programs, span);
    Value left = arith::RemSIOp::create(b, loc, programs, span);
    Value first = arith::MulIOp::create(b, loc, cta, two);
    Value extra = arith::MinSIOp::create(
        b, loc,
        arith::MaxSIOp::create(b, loc,
                               arith::SubIOp::create(b, loc, left, first),
                               i32(0)),
        two);
    Value rounds = arith::AddIOp::create(
        b, loc, arith::MulIOp::create(b, loc, spans, two), extra);
    auto loop = scf::ForOp::create(b, loc, i32(0), rounds, i32(1));
    loop->setAttr(tilegpu::TileGPUDialect::kPersistentAttrName,
                  b.getUnitAttr());
    kernel->setAttr(tilegpu::TileGPUDialect::kPersistentAttrName,
                    b.getUnitAttr());
    Block *loopBody = loop.getBody();
    loopBody->getOperations().splice(
        loopBody->getTerminator()->getIterator(), body.getOperations(),
        std::next(loop->getIterator()), body.getTerminator()->getIterator());

    // The position of round r, and its program's index along each axis.
    b.setInsertionPointToStart(loopBody);
    Value round = loop.getInductionVar();
    Value position = arith::AddIOp::create(
        b, loc,
        arith::AddIOp::create(
            b, loc,
            arith::MulIOp::create(
                b, loc, arith::DivSIOp::create(b, loc, round, two), span),
            first),
        arith::RemSIOp::create(b, loc, round, two));
    Value g0 = dims.front();
    Value j = dims.size() == 1 ? position
                               : arith::RemSIOp::create(b, loc, position, g0);
    Value half = arith::DivSIOp::create(b, loc, j, two);
    Value odd = arith::CmpIOp::create(
        b, loc, arith::CmpIPredicate::ne,
        arith::RemSIOp::create(b, loc, j, two), i32(0));
    Value mirrored = arith::SubIOp::create(
        b, loc, arith::SubIOp::create(b, loc, g0, i32(1)), half);
    SmallVector<Value> ids{
        arith::SelectOp::create(b, loc, odd, mirrored, half)};
    if (dims.size() > 1) {
      Value rest = arith::DivSIOp::create(b, loc, position, g0);
      for (auto [axis, dim] : llvm::enumerate(ArrayRef(dims).drop_front())) {
        if (axis + 2 == dims.size()) {
          ids.push_back(rest);
          break;
        }
        ids.push_back(arith::RemSIOp::create(b, loc, rest, dim));
        rest = arith::DivSIOp::create(b, loc, rest, dim);
      }
    }
    // (An axis past the grid's rank: program 0 of 1.)
    Value zero = arith::ConstantIntOp::create(b, loc, b.getI32Type(), 0);
    Value one = arith::ConstantIntOp::create(b, loc, b.getI32Type(), 1);
    loop.getBody()->walk([&](Operation *op) {
      if (auto id = dyn_cast<tile::ProgramIdOp>(op)) {
        unsigned axis = id.getAxis();
        id.replaceAllUsesWith(axis < ids.size() ? ids[axis] : zero);
        id.erase();
      } else if (auto count = dyn_cast<tile::NumProgramsOp>(op)) {
        unsigned axis = count.getAxis();
        count.replaceAllUsesWith(axis < dims.size() ? dims[axis] : one);
        count.erase();
      }
    });
    for (Value unused : {zero, one})
      if (unused.use_empty())
        unused.getDefiningOp()->erase();
  }
};

} // namespace
