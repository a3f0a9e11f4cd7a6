//===- SharedLayout.cpp - Swizzled shared-memory tiles --------------------===//
//
// Part of Tessera.
//
//===----------------------------------------------------------------------===//

#include "tessera/Conversion/SharedLayout/SharedLayout.h"

#include "tessera/Conversion/LayoutGeometry/LayoutGeometry.h"

#include "TileGPU/IR/TileGPUDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace tessera::tilegpu;

namespace tessera::lowering {

int64_t SharedTileLayout::byteOffset(int64_t row, int64_t chunk) const {
  int64_t p = period();
  int64_t swizzled = (chunk % p) ^ (row % p);
  // A panelled row has one period of chunks (8): the next group of chunks
  // is in the next panel.
  int64_t groupBytes =
      panelled() ? chunk / p * panelBytes() : chunk / p * p * 16;
  return row * rowBytes() + groupBytes + swizzled * 16;
}

SharedTileLayout storedLayout(RankedTensorType type) {
  auto shared = cast<SharedEncodingAttr>(type.getEncoding());
  unsigned rowDim = shared.getTransposed() ? 1 : 0;
  return {type.getDimSize(rowDim), type.getDimSize(1 - rowDim),
          shared.getSwizzle()};
}

std::string whyNotDescriptorReadable(RankedTensorType type) {
  SharedTileLayout layout = storedLayout(type);
  if (!layout.panelled())
    return "its #tilegpu.shared swizzle is " + std::to_string(layout.swizzle) +
           " bytes, not 128 (64-column panels)";
  if (layout.rows % 8 != 0)
    return "its " + std::to_string(layout.rows) +
           " stored rows are not whole 8-row groups";
  return "";
}

bool descriptorReadable(RankedTensorType type) {
  return whyNotDescriptorReadable(type).empty();
}

std::string whyNotWgmma(tile::DotOp op) {
  auto aType = cast<RankedTensorType>(op.getA().getType());
  auto bType = cast<RankedTensorType>(op.getB().getType());
  auto accType = cast<RankedTensorType>(op.getAcc().getType());
  Type element = aType.getElementType();
  if (!(element.isF16() || element.isBF16()) ||
      bType.getElementType() != element || !accType.getElementType().isF32())
    return "its operands are not both f16 or both bf16 with an f32 "
           "accumulator";
  auto bShared = dyn_cast_if_present<SharedEncodingAttr>(bType.getEncoding());
  auto aShared = dyn_cast_if_present<SharedEncodingAttr>(aType.getEncoding());
  if (!bShared)
    return "B is not in shared memory";
  if (aShared && aShared.getTransposed())
    return "A is a transposed shared tile";
  if (std::string why = whyNotDescriptorReadable(bType); !why.empty())
    return "a descriptor cannot read B: " + why;
  std::optional<Distribution> acc = Distribution::get(accType);
  if (!acc || acc->kind != Distribution::Mma)
    return "its accumulator is not in an mma layout";
  const MmaGeometry &g = acc->geom;
  if (aType.getDimSize(1) % 16 != 0)
    return "K is not a multiple of 16";
  if (g.warpsM % 4 != 0)
    return "its rows are spread over " + std::to_string(g.warpsM) +
           " warps, not whole warpgroups of 4";
  if (g.cols % 16 != 0 || g.cols > 256)
    return "N = " + std::to_string(g.cols) +
           " is not a multiple of 16 up to 256";
  return "";
}

bool wgmmaTypesFit(tile::DotOp op) { return whyNotWgmma(op).empty(); }

bool sharedBufferAligned(Value tile, int64_t alignment) {
  while (auto trans = tile.getDefiningOp<tile::TransOp>())
    tile = trans.getSrc();
  // A tile carried by a loop (the B of a dot deferred to the next
  // iteration) is each of the tiles that enter it.
  auto carried = [&](scf::ForOp loop, unsigned index) {
    return sharedBufferAligned(loop.getInitArgs()[index], alignment) &&
           sharedBufferAligned(loop.getYieldedValues()[index], alignment);
  };
  if (auto arg = dyn_cast<BlockArgument>(tile)) {
    auto loop = dyn_cast<scf::ForOp>(arg.getOwner()->getParentOp());
    return loop && arg.getArgNumber() > 0 &&
           carried(loop, arg.getArgNumber() - 1);
  }
  Operation *def = tile.getDefiningOp();
  if (auto loop = dyn_cast<scf::ForOp>(def))
    return carried(loop, cast<OpResult>(tile).getResultNumber());
  auto offset =
      def->getAttrOfType<IntegerAttr>(TileGPUDialect::kSharedOffsetAttrName);
  return offset && offset.getInt() % alignment == 0;
}

Value sharedAddress(OpBuilder &b, Location loc, Value base,
                    const SharedTileLayout &layout, const SharedCoord &c) {
  int64_t period = layout.period(), rowBytes = layout.rowBytes();
  // The byte offset of the start of the stored row of chunk `hi` (a
  // multiple of the period) relative to its row.
  auto chunkGroupBytes = [&](int64_t hi) {
    return layout.panelled() ? hi / 8 * layout.panelBytes() : hi * 16;
  };
  int64_t immediate = 0;
  Value row = c.rowVar;
  if (c.rowConst % period == 0)
    immediate += c.rowConst * rowBytes;
  else
    row = addI32(b, loc, row, c.rowConst);
  Value phase = arith::RemUIOp::create(b, loc, row, i32Const(b, loc, period));
  int64_t lo = c.chunkConst % period, hi = c.chunkConst - lo;
  Value chunkBytes;
  auto times = [&](Value v, int64_t k) -> Value {
    return arith::MulIOp::create(b, loc, v, i32Const(b, loc, k));
  };
  if (c.chunkVarBound + lo <= period && lo % c.chunkVarBound == 0) {
    Value swizzled = arith::XOrIOp::create(
        b, loc, arith::XOrIOp::create(b, loc, c.chunkVar, phase),
        i32Const(b, loc, lo));
    chunkBytes = times(swizzled, 16);
    immediate += chunkGroupBytes(hi);
  } else {
    Value chunk = addI32(b, loc, c.chunkVar, c.chunkConst);
    Value periodConst = i32Const(b, loc, period);
    Value group = arith::DivUIOp::create(b, loc, chunk, periodConst);
    Value swizzled = arith::XOrIOp::create(
        b, loc, arith::RemUIOp::create(b, loc, chunk, periodConst), phase);
    chunkBytes = arith::AddIOp::create(
        b, loc, times(group, chunkGroupBytes(period)), times(swizzled, 16));
  }
  Value bytes =
      arith::AddIOp::create(b, loc, times(row, rowBytes), chunkBytes);
  Value address = LLVM::GEPOp::create(b, loc, base.getType(), b.getI8Type(),
                                      base, ValueRange{bytes});
  if (immediate == 0)
    return address;
  return LLVM::GEPOp::create(b, loc, base.getType(), b.getI8Type(), address,
                             ArrayRef<LLVM::GEPArg>{immediate});
}

} // namespace tessera::lowering
