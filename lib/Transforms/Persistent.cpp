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
    // runtime). The programs are dealt in rounds of one a CTA, zigzag: in
    // round r, CTA c runs program r * ctas + c when r is even and
    // r * ctas + ctas - 1 - c when it is odd, so that where programs come
    // heaviest first (FA2's causal order) a CTA's early and late places
    // alternate, where a plain stride can deal one CTA only heavy programs
    // (at ctas % G0 small). It does not keep the CTAs in step: programs of
    // unequal work still let them drift apart (docs/target.md). CTA c runs
    // the programs / ctas full rounds and the partial last one where its
    // program exists.
    auto i32 = [&](int64_t v) -> Value {
      return arith::ConstantIntOp::create(b, loc, b.getI32Type(), v);
    };
    Value cta = tile::ProgramIdOp::create(b, loc, 0);
    Value ctas = tile::NumProgramsOp::create(b, loc, 0);
    Value mirrored = arith::SubIOp::create(
        b, loc, arith::SubIOp::create(b, loc, ctas, i32(1)), cta);
    Value full = arith::DivSIOp::create(b, loc, programs, ctas);
    Value partial = arith::RemSIOp::create(b, loc, programs, ctas);
    auto slotIn = [&](Value round) -> Value {
      Value odd = arith::CmpIOp::create(
          b, loc, arith::CmpIPredicate::ne,
          arith::RemSIOp::create(b, loc, round, i32(2)), i32(0));
      return arith::SelectOp::create(b, loc, odd, mirrored, cta);
    };
    Value inPartial = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt,
                                            slotIn(full), partial);
    Value rounds = arith::AddIOp::create(
        b, loc, full, arith::ExtUIOp::create(b, loc, b.getI32Type(), inPartial));
    auto loop = scf::ForOp::create(b, loc, i32(0), rounds, i32(1));
    loop->setAttr(tilegpu::TileGPUDialect::kPersistentAttrName,
                  b.getUnitAttr());
    kernel->setAttr(tilegpu::TileGPUDialect::kPersistentAttrName,
                    b.getUnitAttr());
    Block *loopBody = loop.getBody();
    loopBody->getOperations().splice(
        loopBody->getTerminator()->getIterator(), body.getOperations(),
        std::next(loop->getIterator()), body.getTerminator()->getIterator());

    // The program of round r, and its index along each axis, axis 0
    // fastest.
    b.setInsertionPointToStart(loopBody);
    Value round = loop.getInductionVar();
    Value program = arith::AddIOp::create(
        b, loc, arith::MulIOp::create(b, loc, round, ctas), slotIn(round));
    SmallVector<Value> ids;
    Value rest = program;
    for (auto [axis, dim] : llvm::enumerate(dims)) {
      if (axis + 1 == dims.size()) {
        ids.push_back(rest);
        break;
      }
      ids.push_back(arith::RemSIOp::create(b, loc, rest, dim));
      rest = arith::DivSIOp::create(b, loc, rest, dim);
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
