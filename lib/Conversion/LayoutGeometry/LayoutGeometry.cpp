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
#include "mlir/Interfaces/FunctionInterfaces.h"

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

std::optional<unsigned> consumerThreads(Operation *op) {
  Operation *func = isa<FunctionOpInterface>(op)
                        ? op
                        : op->getParentOfType<FunctionOpInterface>();
  auto consumers =
      func ? func->getAttrOfType<IntegerAttr>(kConsumerThreadsAttr)
           : IntegerAttr();
  if (!consumers)
    return std::nullopt;
  return consumers.getInt();
}

unsigned layoutThreads(Operation *func) {
  if (std::optional<unsigned> consumers = consumerThreads(func))
    return *consumers;
  if (auto maxntid = func->getAttrOfType<DenseI32ArrayAttr>("nvvm.maxntid"))
    return maxntid.asArrayRef().front();
  return 0;
}

ThreadIds ThreadIds::get(OpBuilder &b, Location loc) {
  ThreadIds ids;
  Operation *parent = b.getInsertionBlock()->getParentOp();
  auto func = dyn_cast<LLVM::LLVMFuncOp>(parent);
  if (!func)
    func = parent->getParentOfType<LLVM::LLVMFuncOp>();
  if (func)
    ids.numWarps = layoutThreads(func) / 32;
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
// BlockedGeometry
//===----------------------------------------------------------------------===//

/// The position along `d` of `id` (a lane or a warp) split over `counts`
/// per dimension, the fastest dimension first in `order`.
static Value positionAlong(OpBuilder &b, Location loc, Value id,
                           ArrayRef<unsigned> counts, ArrayRef<unsigned> order,
                           unsigned d) {
  if (counts[d] == 1)
    return i32Const(b, loc, 0);
  int64_t stride = 1;
  for (unsigned dim : order) {
    if (dim == d)
      break;
    stride *= counts[dim];
  }
  Value shifted =
      stride == 1 ? id
                  : Value(arith::DivUIOp::create(b, loc, id,
                                                 i32Const(b, loc, stride)));
  return arith::RemUIOp::create(b, loc, shifted, i32Const(b, loc, counts[d]));
}

Value BlockedGeometry::lanePosition(OpBuilder &b, Location loc,
                                    const ThreadIds &ids, unsigned d) const {
  return positionAlong(b, loc, ids.lane, layout.getThreadsPerWarp(),
                       layout.getOrder(), d);
}

Value BlockedGeometry::warpPosition(OpBuilder &b, Location loc,
                                    const ThreadIds &ids, unsigned d) const {
  return positionAlong(b, loc, ids.warp, layout.getWarpsPerCTA(),
                       layout.getOrder(), d);
}

/// The thread's position along d: warp position * lanes + lane position.
static Value threadPosition(OpBuilder &b, Location loc,
                            const BlockedGeometry &g, const ThreadIds &ids,
                            unsigned d) {
  Value warp = g.warpPosition(b, loc, ids, d);
  Value lane = g.lanePosition(b, loc, ids, d);
  return arith::AddIOp::create(
      b, loc,
      arith::MulIOp::create(b, loc, warp,
                            i32Const(b, loc, g.layout.getThreadsPerWarp()[d])),
      lane);
}

Value BlockedGeometry::base(OpBuilder &b, Location loc, const ThreadIds &ids,
                            unsigned d) const {
  Value position = threadPosition(b, loc, *this, ids, d);
  int64_t distinct = layout.getDistinctPositions(d, shape[d]);
  if (distinct < layout.getPositions(d))
    position = arith::RemUIOp::create(b, loc, position,
                                      i32Const(b, loc, distinct));
  return arith::MulIOp::create(
      b, loc, position, i32Const(b, loc, layout.getSizePerThread()[d]));
}

Value BlockedGeometry::isDistinct(OpBuilder &b, Location loc,
                                  const ThreadIds &ids, unsigned d) const {
  int64_t distinct = layout.getDistinctPositions(d, shape[d]);
  if (distinct == layout.getPositions(d))
    return arith::ConstantIntOp::create(b, loc, b.getI1Type(), 1);
  return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                               threadPosition(b, loc, *this, ids, d),
                               i32Const(b, loc, distinct));
}

Value BlockedGeometry::isFirst(OpBuilder &b, Location loc,
                               const ThreadIds &ids, unsigned d) const {
  if (layout.getPositions(d) == 1)
    return arith::ConstantIntOp::create(b, loc, b.getI1Type(), 1);
  return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                               threadPosition(b, loc, *this, ids, d),
                               i32Const(b, loc, 0));
}

//===----------------------------------------------------------------------===//
// Distribution
//===----------------------------------------------------------------------===//

std::optional<Distribution> Distribution::get(RankedTensorType type) {
  Distribution d;
  if (auto blocked =
          dyn_cast_if_present<BlockedEncodingAttr>(type.getEncoding())) {
    if (type.getRank() != blocked.getRank())
      return std::nullopt;
    d.kind = Blocked;
    d.blocked = BlockedGeometry{blocked, SmallVector<int64_t, 2>(
                                             type.getShape())};
    return d;
  }
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
  d.kind = slice.getDim() == 1 ? Rows : Cols;
  if (auto blocked = dyn_cast<BlockedEncodingAttr>(slice.getParent())) {
    SmallVector<int64_t, 2> shape{1, 1};
    shape[d.keptDim()] = extent;
    d.blocked = BlockedGeometry{blocked, shape};
    return d;
  }
  d.geom.warpsM = cast<MmaEncodingAttr>(slice.getParent()).getWarpsM();
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
  if (blocked) {
    if (kind != Blocked)
      return blocked->elementsAlong(keptDim());
    int64_t slots = 1;
    for (unsigned d = 0; d < blocked->rank(); ++d)
      slots *= blocked->elementsAlong(d);
    return slots;
  }
  switch (kind) {
  case Mma:
    return geom.mTiles() * geom.nTiles() * 4;
  case Rows:
    return geom.mTiles() * 2;
  case Cols:
    return geom.nTiles() * 2;
  case Blocked:
    break;
  }
  llvm_unreachable("unknown distribution");
}

SlotCoords Distribution::coords(int64_t s) const {
  if (blocked) {
    const BlockedGeometry &g = *blocked;
    if (kind == Rows || (kind == Blocked && g.rank() == 1))
      return {g.offsetAlong(0, s), 0};
    if (kind == Cols)
      return {0, g.offsetAlong(1, s)};
    int64_t perRow = g.elementsAlong(1);
    return {g.offsetAlong(0, s / perRow), g.offsetAlong(1, s % perRow)};
  }
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
  case Blocked:
    break;
  }
  llvm_unreachable("unknown distribution");
}

Value Distribution::rowBase(OpBuilder &b, Location loc,
                            const ThreadIds &ids) const {
  if (blocked)
    return kind == Cols ? i32Const(b, loc, 0) : blocked->base(b, loc, ids, 0);
  return arith::AddIOp::create(b, loc, warpRowBase(b, loc, ids), ids.group);
}

Value Distribution::warpRowBase(OpBuilder &b, Location loc,
                                const ThreadIds &ids) const {
  return arith::MulIOp::create(b, loc, ids.warpIn(b, loc, geom.warpsM),
                               i32Const(b, loc, 16));
}

Value Distribution::colBase(OpBuilder &b, Location loc,
                            const ThreadIds &ids) const {
  if (blocked)
    return kind == Rows || (kind == Blocked && blocked->rank() == 1)
               ? i32Const(b, loc, 0)
               : blocked->base(b, loc, ids, 1);
  return arith::MulIOp::create(b, loc, ids.quad, i32Const(b, loc, 2));
}

Value Distribution::isOwner(OpBuilder &b, Location loc,
                            const ThreadIds &ids) const {
  if (blocked) {
    const BlockedGeometry &g = *blocked;
    if (kind != Blocked)
      return b.createOrFold<arith::AndIOp>(
          loc, g.isDistinct(b, loc, ids, keptDim()),
          g.isFirst(b, loc, ids, 1 - keptDim()));
    // Folded as built: a tile without replicas has a constant owner.
    Value owner = g.isDistinct(b, loc, ids, 0);
    for (unsigned d = 1; d < g.rank(); ++d)
      owner = b.createOrFold<arith::AndIOp>(loc, owner,
                                            g.isDistinct(b, loc, ids, d));
    return owner;
  }
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
  case Blocked:
    break;
  }
  llvm_unreachable("unknown distribution");
}

} // namespace tessera::lowering
