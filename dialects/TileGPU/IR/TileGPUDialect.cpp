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
  addInterfaces<TileGPUOpAsmInterface>();
}
