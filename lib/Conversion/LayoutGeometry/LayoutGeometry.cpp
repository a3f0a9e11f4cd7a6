//===- LayoutGeometry.cpp - Per-thread slots of #tilegpu layouts ----------===//
//
// Part of Tessera.
//
//===----------------------------------------------------------------------===//

#include "tessera/Conversion/LayoutGeometry/LayoutGeometry.h"

#include "TileGPU/IR/TileGPUDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace mlir;
using namespace tessera::tilegpu;

namespace tessera::lowering {

Value i32Const(OpBuilder &b, Location loc, int64_t v) {
  return arith::ConstantIntOp::create(b, loc, b.getI32Type(), v);
}

Value i64Const(OpBuilder &b, Location loc, int64_t v) {
  return arith::ConstantIntOp::create(b, loc, b.getI64Type(), v);
}

Value addI32(OpBuilder &b, Location loc, Value v, int64_t c) {
  if (c == 0)
    return v;
  return arith::AddIOp::create(b, loc, v, i32Const(b, loc, c));
}

//===----------------------------------------------------------------------===//
// ThreadIds
//===----------------------------------------------------------------------===//

ThreadIds ThreadIds::get(OpBuilder &b, Location loc) {
  ThreadIds ids;
  Operation *parent = b.getInsertionBlock()->getParentOp();
  auto func = dyn_cast<LLVM::LLVMFuncOp>(parent);
  if (!func)
    func = parent->getParentOfType<LLVM::LLVMFuncOp>();
  if (func)
    if (auto maxntid = func->getAttrOfType<DenseI32ArrayAttr>("nvvm.maxntid"))
      ids.numWarps = maxntid.asArrayRef().front() / 32;
  ids.tid = NVVM::ThreadIdXOp::create(b, loc, b.getI32Type());
  ids.warp = arith::DivUIOp::create(b, loc, ids.tid, i32Const(b, loc, 32));
  ids.lane = arith::RemUIOp::create(b, loc, ids.tid, i32Const(b, loc, 32));
  ids.group = arith::DivUIOp::create(b, loc, ids.lane, i32Const(b, loc, 4));
  ids.quad = arith::RemUIOp::create(b, loc, ids.lane, i32Const(b, loc, 4));
  return ids;
}

Value ThreadIds::warpIn(OpBuilder &b, Location loc, unsigned warpsM) const {
  if (warpsM >= numWarps)
    return warp;
  return arith::RemUIOp::create(b, loc, warp, i32Const(b, loc, warpsM));
}

Value ThreadIds::isFirstReplica(OpBuilder &b, Location loc,
                                unsigned warpsM) const {
  if (warpsM >= numWarps)
    return arith::ConstantIntOp::create(b, loc, b.getI1Type(), 1);
  return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, warp,
                               i32Const(b, loc, warpsM));
}

//===----------------------------------------------------------------------===//
// Distribution
//===----------------------------------------------------------------------===//

std::optional<Distribution> Distribution::get(RankedTensorType type) {
  Distribution d;
  if (auto mma = dyn_cast_if_present<MmaEncodingAttr>(type.getEncoding())) {
    if (type.getRank() != 2)
      return std::nullopt;
    d.kind = Mma;
    d.geom = {type.getDimSize(0), type.getDimSize(1), mma.getWarpsM()};
    return d;
  }
  auto slice = dyn_cast_if_present<SliceEncodingAttr>(type.getEncoding());
  if (!slice)
    return std::nullopt;
  int64_t extent = type.getRank() == 1
                       ? type.getDimSize(0)
                       : type.getDimSize(slice.getDim() == 1 ? 0 : 1);
  d.geom.warpsM = slice.getParent().getWarpsM();
  if (slice.getDim() == 1) {
    d.kind = Rows;
    d.geom.rows = extent;
  } else {
    d.kind = Cols;
    d.geom.cols = extent;
  }
  return d;
}

int64_t Distribution::numSlots() const {
  switch (kind) {
  case Mma:
    return geom.mTiles() * geom.nTiles() * 4;
  case Rows:
    return geom.mTiles() * 2;
  case Cols:
    return geom.nTiles() * 2;
  }
  llvm_unreachable("unknown distribution");
}

SlotCoords Distribution::coords(int64_t s) const {
  switch (kind) {
  case Mma: {
    int64_t c = s % 4, tile = s / 4;
    int64_t mt = tile / geom.nTiles(), nt = tile % geom.nTiles();
    return {geom.mTileRow(mt) + (c >= 2 ? 8 : 0), nt * 8 + (c & 1)};
  }
  case Rows:
    return {geom.mTileRow(s / 2) + (s % 2) * 8, 0};
  case Cols:
    return {0, (s / 2) * 8 + (s % 2)};
  }
  llvm_unreachable("unknown distribution");
}

Value Distribution::rowBase(OpBuilder &b, Location loc,
                            const ThreadIds &ids) const {
  return arith::AddIOp::create(b, loc, warpRowBase(b, loc, ids), ids.group);
}

Value Distribution::warpRowBase(OpBuilder &b, Location loc,
                                const ThreadIds &ids) const {
  return arith::MulIOp::create(b, loc, ids.warpIn(b, loc, geom.warpsM),
                               i32Const(b, loc, 16));
}

Value Distribution::colBase(OpBuilder &b, Location loc,
                            const ThreadIds &ids) const {
  return arith::MulIOp::create(b, loc, ids.quad, i32Const(b, loc, 2));
}

Value Distribution::isOwner(OpBuilder &b, Location loc,
                            const ThreadIds &ids) const {
  Value zero = i32Const(b, loc, 0);
  switch (kind) {
  case Mma:
    return ids.isFirstReplica(b, loc, geom.warpsM);
  case Rows:
    return arith::AndIOp::create(
        b, loc, ids.isFirstReplica(b, loc, geom.warpsM),
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, ids.quad,
                              zero));
  case Cols:
    return arith::CmpIOp::create(
        b, loc, arith::CmpIPredicate::eq,
        arith::OrIOp::create(b, loc, ids.warp, ids.group), zero);
  }
  llvm_unreachable("unknown distribution");
}

} // namespace tessera::lowering
