//===- TileGPUDialect.cpp - GPU layouts of tiles --------------------------===//
//
// Part of Tessera.
//
//===----------------------------------------------------------------------===//

#include "TileGPU/IR/TileGPUDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace tessera::tilegpu;

#include "TileGPU/IR/TileGPUDialect.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "TileGPU/IR/TileGPUAttrs.cpp.inc"

#define GET_OP_CLASSES
#include "TileGPU/IR/TileGPUOps.cpp.inc"

namespace {
/// Prints layouts as short aliases (#mma, #slice, #shared) at the top of a
/// module: tensor types in lowered kernels stay readable.
struct TileGPUOpAsmInterface : public OpAsmDialectInterface {
  using OpAsmDialectInterface::OpAsmDialectInterface;
  AliasResult getAlias(Attribute attr, raw_ostream &os) const override {
    if (isa<MmaEncodingAttr>(attr))
      os << "mma";
    else if (auto slice = dyn_cast<SliceEncodingAttr>(attr))
      os << (slice.getDim() == 1 ? "rows" : "cols");
    else if (auto shared = dyn_cast<SharedEncodingAttr>(attr))
      os << (shared.getTransposed() ? "shared_t" : "shared");
    else
      return AliasResult::NoAlias;
    return AliasResult::FinalAlias;
  }
};
} // namespace

void TileGPUDialect::initialize() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "TileGPU/IR/TileGPUAttrs.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "TileGPU/IR/TileGPUOps.cpp.inc"
      >();
  addInterfaces<TileGPUOpAsmInterface>();
}

//===----------------------------------------------------------------------===//
// Ops
//===----------------------------------------------------------------------===//

/// A shared tile: 2-D, 16-bit elements, #tilegpu.shared.
static LogicalResult verifySharedTile(Operation *op, Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor || !isa_and_present<SharedEncodingAttr>(tensor.getEncoding()))
    return op->emitOpError() << "expected a tile in #tilegpu.shared, got "
                             << type;
  return success();
}

LogicalResult AsyncLoadOp::verify() {
  if (failed(verifySharedTile(*this, getTileType())))
    return failure();
  auto view = getView().getType();
  if (getIndices().size() != view.getRank())
    return emitOpError() << "expected " << view.getRank()
                         << " indices (one per view dimension), got "
                         << getIndices().size();
  auto tile = cast<RankedTensorType>(getTileType());
  if (tile.getElementType() != view.getElementType())
    return emitOpError() << "expected tile element type "
                         << view.getElementType() << " (of the view), got "
                         << tile.getElementType();
  return success();
}

LogicalResult ConvertLayoutOp::verify() {
  auto src = cast<RankedTensorType>(getSrc().getType());
  auto dst = cast<RankedTensorType>(getResult().getType());
  if (src.getShape() != dst.getShape() ||
      src.getElementType() != dst.getElementType())
    return emitOpError() << "expected the same shape and element type, got "
                         << src << " and " << dst;
  if (!src.getEncoding() || !dst.getEncoding())
    return emitOpError() << "expected both tiles to have a layout";
  if (isa<SharedEncodingAttr>(src.getEncoding()))
    return emitOpError() << "expected a tile in registers as the source, got "
                         << src;
  return success();
}

LogicalResult StageViewOp::verify() {
  return verifySharedTile(*this, getResult().getType());
}
