//===- PingPong.cpp - Consumer warpgroups take turns issuing dots ---------===//
//
// Part of Tessera. FlashAttention-3's ping-pong: in a warp-specialized
// kernel, the consumer warpgroups issue their asynchronous dots in turns, so
// that the tensor cores run one warpgroup's dots while another computes its
// softmax, instead of both warpgroups queueing dots at the same moment and
// then all waiting on the special-function units together.
//
//===----------------------------------------------------------------------===//

#include "tessera/Transforms/Passes.h"

#include "Tile/IR/TileDialect.h"
#include "TileGPU/IR/TileGPUDialect.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"

namespace tessera {
#define GEN_PASS_DEF_TILEGPUPINGPONG
#include "tessera/Transforms/Passes.h.inc"
} // namespace tessera

using namespace mlir;
using namespace tessera;
using namespace tessera::tilegpu;

namespace {

bool isAsyncDot(Operation *op) {
  return isa<tile::DotOp>(op) &&
         op->hasAttr(TileGPUDialect::kAsyncAttrName);
}

/// What a turn may hold between two of its dots: work that never waits for
/// another consumer warpgroup. A layout conversion, a register transpose, a
/// reduction or a scan may synchronize the consumers through shared memory; a
/// warpgroup that did so while holding the turn would wait for one that
/// waits for the turn.
bool fitsInTurn(Operation *op) {
  if (isa<StageWaitOp, StageViewOp>(op))
    return true;
  return op->getNumRegions() == 0 && isPure(op) &&
         !isa<ConvertLayoutOp, tile::ReduceOp, tile::ScanOp>(op) &&
         !isRegisterTranspose(op);
}

struct TileGPUPingPongPass
    : public tessera::impl::TileGPUPingPongBase<TileGPUPingPongPass> {
  using Base::Base;

  void runOnOperation() override {
    func::FuncOp kernel = getOperation();
    if (!all && !tile::TileDialect::getPingPong(kernel))
      return;
    auto splits = kernel.getBody().getOps<WarpSpecializeOp>();
    if (splits.empty()) {
      // A kernel that asks for turns but not for the split they are taken
      // in is a mistake worth naming; one that asks for both but is not
      // split (no TMA pipeline on this target) runs as written.
      if (!all && !tile::TileDialect::getWarpSpecialize(kernel)) {
        kernel.emitError("ping_pong=True needs warp_specialize=True: the "
                         "turns are taken by the consumer warpgroups of a "
                         "warp-specialized kernel");
        return signalPassFailure();
      }
      return;
    }
    WarpSpecializeOp split = *splits.begin();
    unsigned warps = tile::TileDialect::getNumWarps(kernel);
    int64_t warpgroups = warps / kWarpsPerWarpgroup;
    if (warpgroups < 2) {
      kernel.emitError() << "cannot ping-pong a kernel of " << warps
                         << " warps: it needs at least two consumer "
                            "warpgroups (num_warps >= 8)";
      return signalPassFailure();
    }

    // Every warpgroup must take as many turns, in the same order: a dot
    // may sit in loops and branches, whose trip counts and conditions are
    // scalars of the program, which every consumer warpgroup runs (the
    // tile language has no per-thread scalar), but in no other region.
    Region &consumer = split.getConsumer();
    SetVector<Block *> blocks;
    WalkResult walk = consumer.walk([&](Operation *op) {
      if (!isAsyncDot(op))
        return WalkResult::advance();
      for (Operation *parent = op->getParentOp(); parent != split;
           parent = parent->getParentOp())
        if (!isa<scf::ForOp, scf::IfOp>(parent)) {
          op->emitError("cannot ping-pong: this dot is inside '")
              << parent->getName()
              << "'; the consumer warpgroups take turns issuing their dots, "
                 "so every dot must be issued by all of them (in loops and "
                 "branches of the program)";
          return WalkResult::interrupt();
        }
      blocks.insert(op->getBlock());
      return WalkResult::advance();
    });
    if (walk.wasInterrupted())
      return signalPassFailure();
    if (blocks.empty())
      return;

    // A turn: a run of dots and what fits between them, from the first
    // dot to the last before anything else (a wait for their results).
    OpBuilder b(kernel.getContext());
    auto closeTurn = [&](Operation *first, Operation *last) {
      b.setInsertionPoint(first);
      TurnWaitOp::create(b, first->getLoc(), IntegerAttr());
      b.setInsertionPointAfter(last);
      TurnPassOp::create(b, last->getLoc(), IntegerAttr());
    };
    for (Block *block : blocks) {
      Operation *first = nullptr, *last = nullptr;
      for (Operation &op : llvm::make_early_inc_range(*block)) {
        if (isAsyncDot(&op)) {
          first = first ? first : &op;
          last = &op;
        } else if (first && !fitsInTurn(&op)) {
          closeTurn(first, last);
          first = last = nullptr;
        }
      }
      if (first)
        closeTurn(first, last);
    }

    // The ring: the last warpgroup hands the first turn to the first, which
    // takes the last hand-off at the end, so that every turn barrier
    // completes as often as it is waited on.
    Block &body = consumer.front();
    b.setInsertionPointToStart(&body);
    TurnPassOp::create(b, split.getLoc(),
                       b.getI64IntegerAttr(warpgroups - 1));
    b.setInsertionPointToEnd(&body);
    TurnWaitOp::create(b, split.getLoc(), b.getI64IntegerAttr(0));
  }
};

} // namespace
