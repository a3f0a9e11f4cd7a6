//===- SelectMma.cpp - The tensor-core instruction of each tile.dot -------===//
//
// Part of Tessera. Records the choice convert-tile-to-nvvm lowers by:
// tilegpu.wgmma on the dots wgmma.mma_async computes, mma.sync for the rest;
// and where a dot reads A from shared memory with ldmatrix, reads a
// loop-invariant A once, before its loops, in the accumulator's layout.
//
//===----------------------------------------------------------------------===//

#include "tessera/Transforms/Passes.h"

#include "tessera/Conversion/SharedLayout/SharedLayout.h"

#include "Tile/IR/TileDialect.h"
#include "TileGPU/IR/TileGPUDialect.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Transforms/LoopInvariantCodeMotionUtils.h"

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

/// The most registers a thread spends on a loop-invariant A operand kept
/// in registers across its loops: more would crowd out the accumulators.
constexpr int64_t kMaxInvariantARegisters = 32;

/// Whether `dot` is in a loop that does not define its A operand, and A is
/// a tile.load into shared memory (or a program tile's stage, which a
/// warp-specialized kernel's producer copies) that the lowering would read with
/// ldmatrix at every k step (mma.sync, or wgmma without a descriptor for
/// A) and whose fragments fit kMaxInvariantARegisters.
bool readsInvariantA(tile::DotOp dot) {
  auto aType = cast<RankedTensorType>(dot.getA().getType());
  auto accType = cast<RankedTensorType>(dot.getAcc().getType());
  auto mma = dyn_cast_if_present<MmaEncodingAttr>(accType.getEncoding());
  auto shared = dyn_cast_if_present<SharedEncodingAttr>(aType.getEncoding());
  if (!mma || !shared || shared.getTransposed() ||
      !isa_and_present<tile::LoadOp, StageViewOp>(dot.getA().getDefiningOp()) ||
      aType.getDimSize(1) % 16 != 0 ||
      aType.getDimSize(0) % (16 * mma.getWarpsM()) != 0)
    return false;
  if (dot->hasAttr(TileGPUDialect::kWgmmaAttrName) &&
      lowering::descriptorReadable(aType))
    return false;
  // Per thread: 4 registers per 16x16 fragment of its rows.
  int64_t fragments = aType.getDimSize(1) / 16 * aType.getDimSize(0) /
                      (16 * mma.getWarpsM());
  if (fragments * 4 > kMaxInvariantARegisters)
    return false;
  Operation *def = dot.getA().getDefiningOp();
  for (Operation *p = dot->getParentOp(); p; p = p->getParentOp())
    if (isa<scf::ForOp>(p) && !p->isAncestor(def))
      return true;
  return false;
}

/// Reads each loop-invariant A operand (readsInvariantA; Q in attention)
/// into the accumulator's register layout with a tilegpu.convert_layout
/// before its dot, then moves those conversions out of every loop their
/// source does not change in (loop-invariant code motion, innermost loops
/// first), so the fragments are read once.
void readInvariantAOnce(func::FuncOp kernel) {
  SmallPtrSet<Operation *, 4> reads;
  kernel.walk([&](tile::DotOp dot) {
    if (!readsInvariantA(dot))
      return;
    auto aType = cast<RankedTensorType>(dot.getA().getType());
    auto accType = cast<RankedTensorType>(dot.getAcc().getType());
    OpBuilder b(dot);
    auto read = ConvertLayoutOp::create(
        b, dot.getLoc(),
        RankedTensorType::get(aType.getShape(), aType.getElementType(),
                              accType.getEncoding()),
        dot.getA());
    dot.getAMutable().assign(read);
    reads.insert(read);
  });
  if (reads.empty())
    return;
  // Post-order: a loop before the loops around it.
  kernel.walk([&](LoopLikeOpInterface loop) {
    moveLoopInvariantCode(
        loop.getLoopRegions(),
        [&](Value value, Region *) {
          return loop.isDefinedOutsideOfLoop(value);
        },
        [&](Operation *op, Region *) { return reads.contains(op); },
        [&](Operation *op, Region *) { loop.moveOutOfLoop(op); });
  });
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
      return signalPassFailure();
    readInvariantAOnce(getOperation());
  }
};

} // namespace
