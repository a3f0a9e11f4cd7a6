//===- SelectCopies.cpp - How each pipelined tile reaches shared memory ---===//
//
// Part of Tessera. Records the choice tilegpu-pipeline and convert-tile-to-
// nvvm follow: tilegpu.tma on the pipelined loads one thread copies with
// TMA onto an mbarrier (and, in a warp-specialized persistent kernel, on
// the program's own tiles, which its producer copies), cp.async by every
// thread for the rest.
//
//===----------------------------------------------------------------------===//

#include "tessera/Transforms/Passes.h"

#include "LoopIterations.h"

#include "tessera/Conversion/SharedLayout/SharedLayout.h"

#include "Tile/IR/TileDialect.h"
#include "TileGPU/IR/TileGPUDialect.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace tessera {
#define GEN_PASS_DEF_TILEGPUSELECTCOPIES
#include "tessera/Transforms/Passes.h.inc"
} // namespace tessera

using namespace mlir;
using namespace tessera;
using namespace tessera::tilegpu;

namespace {

/// The most dimensions a tensor map has, and the most rows of a TMA box.
constexpr int64_t kMaxTensorMapRank = 5;
constexpr int64_t kMaxBoxRows = 256;

/// Why the pipelined `load` cannot be a TMA copy, or an empty string when it
/// can: a box of 64 16-bit columns (128 bytes, the 128-byte swizzle) per
/// panel of the stored tile (its #tilegpu.shared swizzle is 128), described by
/// a tensor map of the kernel parameter itself (the runtime encodes it from the
/// tensor's sizes and strides), zero-filled outside the tensor as tile.load
/// reads.
std::string whyNotTma(tile::LoadOp load) {
  RankedTensorType type = load.getType();
  if (type.getRank() != 2 || type.getElementTypeBitWidth() != 16)
    return "the tile is not 2-D of 16-bit elements";
  if (std::string why = lowering::whyNotDescriptorReadable(type); !why.empty())
    return "a TMA box cannot write the tile: " + why;
  if (type.getDimSize(0) > kMaxBoxRows)
    return "the tile has more than 256 rows (a TMA box's limit)";
  if (load.getPadding().convertToDouble() != 0.0)
    return "the load pads with a value other than 0";
  auto arg = dyn_cast<BlockArgument>(load.getView());
  if (!arg || !isa<func::FuncOp>(arg.getOwner()->getParentOp()))
    return "the view is not a kernel parameter (a tensor map describes a "
           "parameter's sizes and strides)";
  if (load.getView().getType().getRank() > kMaxTensorMapRank)
    return "the view has more than 5 dimensions";
  return "";
}

struct TileGPUSelectCopiesPass
    : public tessera::impl::TileGPUSelectCopiesBase<TileGPUSelectCopiesPass> {
  using Base::Base;
  void runOnOperation() override {
    func::FuncOp kernel = getOperation();
    unsigned stages =
        numStages ? numStages : tile::TileDialect::getNumStages(kernel);
    // The target is read only when TMA may be chosen.
    std::string noTma = "TMA was not asked for";
    if (tma || requireTma) {
      FailureOr<TargetInfo> target = getTargetInfo(kernel);
      if (::mlir::failed(target))
        return signalPassFailure();
      noTma = target->hasWgmma() ? ""
                                 : ("the target has no TMA (" +
                                    target->target.getChip() + ")")
                                       .str();
    }
    bool failed = false;
    kernel.walk([&](tile::LoadOp load) {
      load->removeAttr(TileGPUDialect::kTmaAttrName);
    });
    if (stages < 2 && requireTma) {
      kernel.emitError() << "cannot copy tiles with TMA (--copies=tma): "
                            "only pipelined loads are, and the kernel has "
                         << stages << " stage (num_stages >= 2 pipelines)";
      return signalPassFailure();
    }
    if (stages < 2)
      return;
    kernel.walk([&](scf::ForOp loop) {
      for (tile::LoadOp load : pipelinedLoads(loop)) {
        std::string why = noTma.empty() ? whyNotTma(load) : noTma;
        if (why.empty()) {
          load->setAttr(TileGPUDialect::kTmaAttrName,
                        UnitAttr::get(load.getContext()));
          continue;
        }
        // TMA that was asked for is never replaced by cp.async silently.
        if (requireTma) {
          load.emitOpError() << "cannot be a TMA copy (--copies=tma): " << why;
          failed = true;
        }
      }
    });
    if (failed)
      return signalPassFailure();
    // A warp-specialized persistent kernel's producer also copies the
    // program's own tiles (tilegpu-pipeline), the next program's under this
    // one: shared tiles loaded at the top level of the loop of programs
    // from a tensor the kernel only reads (FA2's Q). Where TMA cannot copy
    // one, every consumer thread copies it, as without a producer.
    scf::ForOp programs = getPersistentLoop(kernel);
    if (!noTma.empty() || !programs ||
        !(warpSpecialize || tile::TileDialect::getWarpSpecialize(kernel)))
      return;
    for (auto load : programs.getBody()->getOps<tile::LoadOp>())
      if (isa_and_present<SharedEncodingAttr>(load.getType().getEncoding()) &&
          isReadOnlyView(load.getView()) && whyNotTma(load).empty())
        load->setAttr(TileGPUDialect::kTmaAttrName,
                      UnitAttr::get(load.getContext()));
  }
};

} // namespace
