//===- SelectMma.cpp - The tensor-core instruction of each tile.dot -------===//
//
// Part of Tessera. Records the choice convert-tile-to-nvvm lowers by:
// tilegpu.wgmma on the dots wgmma.mma_async computes, mma.sync for the rest.
//
//===----------------------------------------------------------------------===//

#include "tessera/Transforms/Passes.h"

#include "tessera/Conversion/SharedLayout/SharedLayout.h"

#include "Tile/IR/TileDialect.h"
#include "TileGPU/IR/TileGPUDialect.h"

namespace tessera {
#define GEN_PASS_DEF_TILEGPUSELECTMMA
#include "tessera/Transforms/Passes.h.inc"
} // namespace tessera

using namespace mlir;
using namespace tessera;
using namespace tessera::tilegpu;

namespace {

/// Why `dot` cannot be wgmma, or an empty string when it can: its types,
/// then the buffers a descriptor reads (B, and A when it is a shared tile
/// in panels), which must start on 1024-byte boundaries.
std::string whyNot(tile::DotOp dot) {
  std::string why = lowering::whyNotWgmma(dot);
  if (!why.empty())
    return why;
  if (!lowering::sharedBufferAligned(dot.getB(), 1024))
    return "B's shared buffer does not start on a 1024-byte boundary";
  auto aType = cast<RankedTensorType>(dot.getA().getType());
  if (isa_and_present<SharedEncodingAttr>(aType.getEncoding()) &&
      lowering::descriptorReadable(aType) &&
      !lowering::sharedBufferAligned(dot.getA(), 1024))
    return "A's shared buffer does not start on a 1024-byte boundary";
  return "";
}

struct TileGPUSelectMmaPass
    : public tessera::impl::TileGPUSelectMmaBase<TileGPUSelectMmaPass> {
  using Base::Base;
  void runOnOperation() override {
    // The target is read only when wgmma may be chosen.
    std::string noWgmma = "wgmma was not asked for";
    if (wgmma || requireWgmma) {
      FailureOr<TargetInfo> target = getTargetInfo(getOperation());
      if (::mlir::failed(target))
        return signalPassFailure();
      noWgmma = target->hasWgmma()
                    ? ""
                    : ("the target has no wgmma (" +
                       target->target.getChip() + ")")
                          .str();
    }
    bool failed = false;
    getOperation().walk([&](tile::DotOp dot) {
      bool async = dot->hasAttr(TileGPUDialect::kAsyncAttrName);
      std::string why = noWgmma.empty() ? whyNot(dot) : noWgmma;
      if (why.empty()) {
        dot->setAttr(TileGPUDialect::kWgmmaAttrName,
                     UnitAttr::get(dot.getContext()));
        return;
      }
      dot->removeAttr(TileGPUDialect::kWgmmaAttrName);
      // An asynchronous dot has no synchronous form; wgmma that was asked
      // for is never replaced by mma.sync silently.
      if (async || requireWgmma) {
        dot.emitOpError() << "cannot be wgmma.mma_async"
                          << (async ? " (it is asynchronous, tilegpu.async)"
                                    : " (--mma=wgmma)")
                          << ": " << why;
        failed = true;
      }
    });
    if (failed)
      signalPassFailure();
  }
};

} // namespace
