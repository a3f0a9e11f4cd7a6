//===- PeelRotation.cpp - The rotated dot's first iteration, without it ---===//
//
// Part of Tessera. tilegpu-schedule-dots rotates a loop so that the dot
// ending iteration j (P(j)·V(j)) is issued in iteration j + 1, under the
// next QKᵀ. The rotated loop's first iteration then issues that dot on the
// zero P it starts from: a whole dot of tensor-core time that adds nothing
// (one of 2n + 1 dots of a program with n key blocks). This pass peels the
// first iteration out of such a loop, as straight-line code under a branch
// on whether the loop runs at all, and drops the zero dot from it, with its
// wait; the waits issued after it in that iteration wait for one dot fewer.
//
//===----------------------------------------------------------------------===//

#include "tessera/Transforms/Passes.h"

#include "Tile/IR/TileDialect.h"
#include "TileGPU/IR/TileGPUDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"

namespace tessera {
#define GEN_PASS_DEF_TILEGPUPEELROTATION
#include "tessera/Transforms/Passes.h.inc"
} // namespace tessera

using namespace mlir;
using namespace tessera;
using namespace tessera::tilegpu;

namespace {

/// The dots of `loop`'s body that tilegpu-schedule-dots deferred into it
/// and that read, in the loop's first iteration, the zero A the loop starts
/// from (a rotation chained from an earlier loop starts from that loop's P
/// instead: its first dot is real work).
SmallVector<tile::DotOp> zeroFirstDots(scf::ForOp loop) {
  SmallVector<tile::DotOp> dots;
  for (auto dot : loop.getBody()->getOps<tile::DotOp>()) {
    if (!dot->hasAttr(TileGPUDialect::kRotatedAttrName))
      continue;
    auto carried = dyn_cast<BlockArgument>(dot.getA());
    if (!carried || carried.getOwner() != loop.getBody() ||
        carried.getArgNumber() == 0)
      continue;
    Value init = loop.getInitArgs()[carried.getArgNumber() - 1];
    if (matchPattern(init, m_AnyZeroFloat()))
      dots.push_back(dot);
  }
  return dots;
}

/// Removes `dot` from its straight-line block: its result is its
/// accumulator; a wait for nothing but it goes too, and each wait after it
/// for dots issued before it (or before the block) keeps one dot fewer in
/// flight.
void dropDot(tile::DotOp dot) {
  Value acc = dot.getAcc();
  Block *block = dot->getBlock();
  DenseMap<Operation *, unsigned> awaited;
  for (OpOperand &use : llvm::make_early_inc_range(dot.getResult().getUses())) {
    auto wait = dyn_cast<DotWaitOp>(use.getOwner());
    if (wait) {
      wait.getResult(use.getOperandNumber()).replaceAllUsesWith(acc);
      ++awaited[wait];
    }
    use.set(acc); // (a synchronous dot's users read the accumulator)
  }
  for (auto [op, count] : awaited)
    if (count == op->getNumOperands())
      op->erase();
  // A wait whose operands include a dot issued after `dot` did not count
  // `dot` among the dots it lets run.
  auto issuedAfter = [&](DotWaitOp wait) {
    return llvm::any_of(wait.getOperands(), [&](Value v) {
      Operation *def = v.getDefiningOp();
      return def && isa<tile::DotOp>(def) && def->getBlock() == block &&
             dot->isBeforeInBlock(def);
    });
  };
  for (Operation *op = dot->getNextNode(); op; op = op->getNextNode())
    op->walk([&](DotWaitOp wait) {
      if (!issuedAfter(wait) && wait.getPendings() > 0)
        wait.setPendings(wait.getPendings() - 1);
    });
  dot.erase();
}

/// loop (lb, ub, step; inits):  body(iv, args)
/// becomes
///   first = if lb < ub { body(lb, inits) without `zeroDots` } else inits
///   loop (lb + step, ub, step; first): body(iv, args)
/// (scf::peelForLoopFirstIteration makes the first iteration a loop of its
/// own up to lb + step, which runs once even where the loop runs none.)
void peelFirstIteration(scf::ForOp loop, ArrayRef<tile::DotOp> zeroDots) {
  OpBuilder b(loop);
  Location loc = loop.getLoc();
  Value lb = loop.getLowerBound(), ub = loop.getUpperBound();
  auto predicate = loop.getUnsignedCmp() ? arith::CmpIPredicate::ult
                                         : arith::CmpIPredicate::slt;
  Value runs = arith::CmpIOp::create(b, loc, predicate, lb, ub);
  SmallVector<tile::DotOp> clonedDots;
  auto first = scf::IfOp::create(
      b, loc, runs,
      [&](OpBuilder &b, Location loc) {
        // The first iteration: its arguments are the loop's inits.
        IRMapping mapping;
        mapping.map(loop.getInductionVar(), lb);
        for (auto [arg, init] :
             llvm::zip_equal(loop.getRegionIterArgs(), loop.getInitArgs()))
          mapping.map(arg, init);
        for (Operation &op : loop.getBody()->without_terminator()) {
          Operation *clone = b.clone(op, mapping);
          if (llvm::is_contained(zeroDots, dyn_cast<tile::DotOp>(&op)))
            clonedDots.push_back(cast<tile::DotOp>(clone));
        }
        SmallVector<Value> yielded;
        for (Value v : loop.getYieldedValues())
          yielded.push_back(mapping.lookupOrDefault(v));
        scf::YieldOp::create(b, loc, yielded);
      },
      [&](OpBuilder &b, Location loc) {
        scf::YieldOp::create(b, loc, loop.getInitArgs());
      });
  for (tile::DotOp dot : clonedDots)
    dropDot(dot);

  // The loop runs the other iterations.
  b.setInsertionPoint(loop);
  Value next = arith::AddIOp::create(b, loc, lb, loop.getStep());
  loop.getLowerBoundMutable().assign(next);
  loop.getInitArgsMutable().assign(first.getResults());
}

struct TileGPUPeelRotationPass
    : public tessera::impl::TileGPUPeelRotationBase<TileGPUPeelRotationPass> {
  void runOnOperation() override {
    SmallVector<std::pair<scf::ForOp, SmallVector<tile::DotOp>>> loops;
    getOperation().walk([&](scf::ForOp loop) {
      if (SmallVector<tile::DotOp> dots = zeroFirstDots(loop); !dots.empty())
        loops.emplace_back(loop, std::move(dots));
    });
    for (auto &[loop, dots] : loops)
      peelFirstIteration(loop, dots);
  }
};

} // namespace
