//===- ScheduleDots.cpp - Asynchronous wgmma dots and their waits ---------===//
//
// Part of Tessera. The tensor cores and the other units overlap only when
// a dot is issued and waited for at different places. This pass makes every
// dot that wgmma can compute asynchronous (tile.dot {tilegpu.async}), places
// its tilegpu.dot_wait as late as the code allows, and, in kernels that ask
// for it (@kernel(overlap_dots=True)), reorders loops so that there is
// something to overlap:
//
// - a dot at the end of a loop body whose A operand is computed in the body
//   (P·V in attention) is deferred into the next iteration, after the dots
//   that do not depend on it (QKᵀ of the next block): the softmax of block
//   j then runs while P(j-1)·V(j-1) does (FlashAttention-3's intra-warpgroup
//   overlap);
// - a dot that only accumulates into a loop-carried value (a GEMM's k loop)
//   stays in flight across the back edge: each iteration waits for the
//   previous iteration's dot, not its own.
//
//===----------------------------------------------------------------------===//

#include "tessera/Transforms/Passes.h"

#include "LoopIterations.h"
#include "tessera/Analysis/SharedAllocation.h"
#include "tessera/Conversion/SharedLayout/SharedLayout.h"

#include "Tile/IR/TileDialect.h"
#include "TileGPU/IR/TileGPUDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace tessera {
#define GEN_PASS_DEF_TILEGPUSCHEDULEDOTS
#include "tessera/Transforms/Passes.h.inc"
} // namespace tessera

using namespace mlir;
using namespace tessera;
using namespace tessera::tilegpu;
using tessera::lowering::wgmmaTypesFit;

namespace {

bool isShared(Value v) {
  auto type = dyn_cast<RankedTensorType>(v.getType());
  return type && isa_and_present<SharedEncodingAttr>(type.getEncoding());
}

/// The tile.load into shared memory a dot operand comes from (through
/// tile.trans), if it is one.
tile::LoadOp sharedLoadOf(Value operand) {
  tile::LoadOp load = loadThroughTransposes(operand);
  return load && isShared(load.getResult()) ? load : tile::LoadOp();
}

/// Whether tilegpu-pipeline gives `load` (of `loop`'s body) a ring, where a
/// read lag keeps its tile in place during the next iteration: a load it
/// pipelines, with at least two stages. Otherwise the load has one buffer,
/// which the next iteration's load overwrites while a dot still reads it.
bool lagIsKept(tile::LoadOp load, scf::ForOp loop, unsigned stages) {
  return stages >= 2 && llvm::is_contained(pipelinedLoads(loop), load);
}

/// Marks `load`'s tile as read during the next iteration too.
void setReadLag(tile::LoadOp load) {
  load->setAttr(
      TileGPUDialect::kReadLagAttrName,
      IntegerAttr::get(IntegerType::get(load.getContext(), 64), 1));
}

/// Marks the loads in `loop`'s body that `dot`'s shared operands come from
/// as read during the next iteration too.
void markReadLag(tile::DotOp dot, scf::ForOp loop) {
  for (Value operand : {dot.getA(), dot.getB()})
    if (tile::LoadOp load = sharedLoadOf(operand))
      if (load->getBlock() == loop.getBody())
        setReadLag(load);
}

//===----------------------------------------------------------------------===//
// Deferring the last dot of a loop body into the next iteration
//===----------------------------------------------------------------------===//

/// The dot of `loop`'s body that can be deferred into the next iteration:
/// its result is only yielded; its A operand is a register tile computed in
/// the body (the first deferred dot runs on a zero A, so it adds nothing);
/// its B operand is loop-invariant or a load (through tile.trans) of a tensor
/// the kernel only reads at indices computable for another iteration (the
/// first deferred dot reads the first iteration's tile, loaded before the
/// loop). Another dot of the body must not depend on the deferred result,
/// so there is work to overlap with it.
struct Deferral {
  tile::DotOp dot;
  unsigned index;       // of the yielded result
  tile::LoadOp bLoad;   // null when B is loop-invariant
  Operation *insertion; // the deferred dot goes right after this op, or at
                        // the start of the body when null
};

std::optional<Deferral> findDeferral(scf::ForOp loop, unsigned stages) {
  Block *body = loop.getBody();
  auto yield = cast<scf::YieldOp>(body->getTerminator());
  for (auto dot : body->getOps<tile::DotOp>()) {
    if (!wgmmaTypesFit(dot) || !dot.getResult().hasOneUse())
      continue;
    OpOperand &use = *dot.getResult().getUses().begin();
    if (use.getOwner() != yield)
      continue;
    unsigned index = use.getOperandNumber();
    Value a = dot.getA();
    if (isShared(a) || loop.isDefinedOutsideOfLoop(a))
      continue;
    tile::LoadOp bLoad;
    if (!loop.isDefinedOutsideOfLoop(dot.getB())) {
      bLoad = sharedLoadOf(dot.getB());
      // (A load lagIsKept accepts is in the body, at indices computable
      // for another iteration.)
      if (!bLoad || !loop.isDefinedOutsideOfLoop(bLoad.getView()) ||
          !isReadOnlyView(bLoad.getView()) || !lagIsKept(bLoad, loop, stages))
        continue;
    }
    // The deferred dot must come before every use of the carried value; it
    // goes after the last dot of the body before those uses that does not
    // depend on it.
    BlockArgument carried = loop.getRegionIterArgs()[index];
    Operation *firstUse = nullptr;
    for (Operation *user : carried.getUsers())
      if (Operation *op = body->findAncestorOpInBlock(*user))
        if (!firstUse || op->isBeforeInBlock(firstUse))
          firstUse = op;
    Operation *insertion = nullptr;
    for (Operation &op : *body) {
      if (&op == firstUse || &op == dot.getOperation())
        break;
      if (auto other = dyn_cast<tile::DotOp>(op); other && wgmmaTypesFit(other))
        insertion = other;
    }
    if (!insertion)
      continue;
    return Deferral{dot, index, bLoad, insertion};
  }
  return std::nullopt;
}

/// Loop (iteration j):  ...; acc' = f(acc); acc = dot(P(j), V(j), acc')
/// becomes
///   loop (iteration j): S = ...; acc = dot(P(j-1), V(j-1), acc'); ...;
///                       acc' = f(acc); carry P(j), V(j), acc'
///   after the loop:     acc = dot(P(last), V(last), acc')
/// with P(-1) = 0 and V(-1) = V(first iteration).
void deferDot(scf::ForOp loop, const Deferral &d) {
  tile::DotOp dot = d.dot;
  Location loc = dot.getLoc();
  OpBuilder b(loop);
  auto aType = cast<RankedTensorType>(dot.getA().getType());
  SmallVector<Value> inits{arith::ConstantOp::create(
      b, loc, aType,
      DenseElementsAttr::get(aType, b.getZeroAttr(aType.getElementType())))};
  bool carryB = static_cast<bool>(d.bLoad);
  if (carryB) {
    // The first iteration's B, loaded before the loop.
    IRMapping mapping;
    mapping.map(loop.getInductionVar(), loop.getLowerBound());
    Operation *first = b.clone(*d.bLoad, mapping);
    for (OpOperand &operand : first->getOpOperands())
      if (operand.getOperandNumber() > 0)
        operand.set(recompute(
            b, d.bLoad->getOperand(operand.getOperandNumber()), loop, mapping));
    first->setAttr(TileGPUDialect::kFirstIterationAttrName, b.getUnitAttr());
    Value firstB = first->getResult(0);
    // B may be a transpose of the loaded tile.
    SmallVector<tile::TransOp> transposes;
    for (Value v = dot.getB(); auto trans = v.getDefiningOp<tile::TransOp>();
         v = trans.getSrc())
      transposes.push_back(trans);
    for (tile::TransOp trans : llvm::reverse(transposes))
      firstB = tile::TransOp::create(b, loc, trans.getType(), firstB);
    inits.push_back(firstB);
    setReadLag(d.bLoad);
  }

  IRRewriter rewriter(loop.getContext());
  rewriter.setInsertionPoint(loop);
  Value a = dot.getA(), bOperand = dot.getB();
  auto newLoop = cast<scf::ForOp>(*loop.replaceWithAdditionalYields(
      rewriter, inits, /*replaceInitOperandUsesInLoop=*/false,
      [&](OpBuilder &, Location, ArrayRef<BlockArgument>) {
        SmallVector<Value> yielded{a};
        if (carryB)
          yielded.push_back(bOperand);
        return yielded;
      }));
  Block *body = newLoop.getBody();
  unsigned numOld = newLoop.getNumRegionIterArgs() - inits.size();
  BlockArgument prevA = newLoop.getRegionIterArgs()[numOld];
  Value prevB = carryB ? Value(newLoop.getRegionIterArgs()[numOld + 1])
                       : bOperand;
  BlockArgument carried = newLoop.getRegionIterArgs()[d.index];

  // The deferred dot, and its uses of the carried accumulator.
  b.setInsertionPointAfter(d.insertion);
  auto deferred = tile::DotOp::create(b, loc, dot.getType(), prevA, prevB,
                                      carried);
  deferred->setAttr(TileGPUDialect::kRotatedAttrName, b.getUnitAttr());
  carried.replaceAllUsesExcept(deferred.getResult(), deferred);
  // The body carries the accumulator the dot would have started from.
  auto yield = cast<scf::YieldOp>(body->getTerminator());
  yield->setOperand(d.index, dot.getAcc());
  dot.erase();

  // The last iteration's dot, after the loop.
  b.setInsertionPointAfter(newLoop);
  auto last = tile::DotOp::create(
      b, loc, deferred.getType(), newLoop.getResult(numOld),
      carryB ? Value(newLoop.getResult(numOld + 1)) : prevB,
      newLoop.getResult(d.index));
  newLoop.getResult(d.index).replaceAllUsesExcept(last.getResult(), last);
}

//===----------------------------------------------------------------------===//
// Asynchronous dots and their waits
//===----------------------------------------------------------------------===//

/// A dot whose accumulator is a loop-carried value used by nothing else
/// and whose result is only carried on: acc = dot(a, b, acc) in a k loop.
/// Its A operand comes from shared memory or from before the loop: ptxas
/// serializes wgmma when other instructions define a wgmma's input
/// registers while a group is in flight, which an A computed in the body
/// would do.
bool isAccumulationChain(tile::DotOp dot, scf::ForOp &loop, unsigned stages) {
  loop = dyn_cast<scf::ForOp>(dot->getParentOp());
  if (!loop ||
      !(isShared(dot.getA()) || loop.isDefinedOutsideOfLoop(dot.getA())))
    return false;
  // Its shared operands loaded in the body are read during the next
  // iteration: each must get a ring that keeps it there.
  for (Value operand : {dot.getA(), dot.getB()})
    if (tile::LoadOp load = sharedLoadOf(operand);
        load && load->getBlock() == loop.getBody() &&
        !lagIsKept(load, loop, stages))
      return false;
  auto carried = dyn_cast<BlockArgument>(dot.getAcc());
  if (!carried || carried.getOwner() != loop.getBody() ||
      carried.getArgNumber() == 0 || !carried.hasOneUse() ||
      !dot.getResult().hasOneUse())
    return false;
  OpOperand &use = *dot.getResult().getUses().begin();
  return isa<scf::YieldOp>(use.getOwner()) &&
         use.getOperandNumber() == carried.getArgNumber() - 1;
}

/// Whether a wait may move past `op`: nothing that reads or writes memory
/// (a dot still in flight reads its shared operands, whose buffers may be
/// reused after their last use), except other dots and waits. An op with
/// regions (a branch such as tile-decompose-online-softmax's row max on the
/// scale's sign) is passed when nothing in it touches memory or issues a
/// dot.
bool waitMayPass(Operation &op) {
  if (isa<tile::DotOp, DotWaitOp>(op))
    return true;
  if (op.hasTrait<OpTrait::IsTerminator>() || !isMemoryEffectFree(&op))
    return false;
  // Pure, but writes a scratch buffer that may reuse a dot operand's space.
  auto stops = [](Operation *nested) {
    return isa<ConvertLayoutOp, tile::DotOp, DotWaitOp>(nested) ||
           isRegisterTranspose(nested);
  };
  if (op.getNumRegions() == 0)
    return !stops(&op);
  return !op.walk([&](Operation *nested) {
              return stops(nested) ? WalkResult::interrupt()
                                   : WalkResult::advance();
            }).wasInterrupted();
}

/// Whether `op` or an op nested in it uses `value`.
bool usesValue(Operation *op, Value value) {
  return llvm::any_of(value.getUsers(),
                      [&](Operation *user) { return op->isAncestor(user); });
}

DotWaitOp createWait(OpBuilder &b, Location loc, Value tile,
                     int64_t pendings) {
  auto wait = DotWaitOp::create(b, loc, TypeRange{tile.getType()},
                                ValueRange{tile},
                                b.getI32IntegerAttr(pendings));
  tile.replaceAllUsesExcept(wait.getResult(0), wait);
  return wait;
}

/// The register values asynchronous dots read as A or accumulator, and the
/// values yielded into loop arguments that are such operands (the next
/// iteration's). ptxas serializes every wgmma of a kernel where another
/// instruction defines such a register while a dot is in flight (its
/// allocator may give the next P the registers of the P a running dot
/// reads), so no wait moves past their definitions.
DenseSet<Value> registerInputs(ArrayRef<tile::DotOp> dots) {
  DenseSet<Value> inputs;
  SmallVector<Value> worklist;
  for (tile::DotOp dot : dots)
    for (Value operand : {dot.getA(), dot.getAcc()})
      if (!isShared(operand))
        worklist.push_back(operand);
  while (!worklist.empty()) {
    Value v = worklist.pop_back_val();
    if (!inputs.insert(v).second)
      continue;
    auto arg = dyn_cast<BlockArgument>(v);
    if (!arg || arg.getArgNumber() == 0)
      continue;
    if (auto loop = dyn_cast<scf::ForOp>(arg.getOwner()->getParentOp()))
      worklist.push_back(loop.getYieldedValues()[arg.getArgNumber() - 1]);
  }
  return inputs;
}

void makeAsync(tile::DotOp dot, const DenseSet<Value> &registerInputs,
               bool overlap, unsigned stages) {
  OpBuilder b(dot.getContext());
  dot->setAttr(TileGPUDialect::kAsyncAttrName, b.getUnitAttr());
  scf::ForOp loop;
  if (overlap && isAccumulationChain(dot, loop, stages)) {
    // Each iteration waits for the previous one's dot; the loop's last dot
    // is waited for after it. The operands stay read one iteration longer.
    b.setInsertionPointAfter(dot);
    createWait(b, dot.getLoc(), dot.getResult(), 1);
    unsigned index = cast<BlockArgument>(dot.getAcc()).getArgNumber() - 1;
    b.setInsertionPointAfter(loop);
    createWait(b, dot.getLoc(), loop.getResult(index), 0);
    markReadLag(dot, loop);
    return;
  }
  b.setInsertionPointAfter(dot);
  DotWaitOp wait = createWait(b, dot.getLoc(), dot.getResult(), 0);
  // As late as the first use, past code that does not touch memory.
  Operation *next = wait->getNextNode();
  auto definesInput = [&](Operation *op) {
    return llvm::any_of(op->getResults(),
                        [&](Value v) { return registerInputs.contains(v); });
  };
  while (next && waitMayPass(*next) && !definesInput(next) &&
         !usesValue(next, wait.getResult(0)))
    next = next->getNextNode();
  if (next)
    wait->moveBefore(next);
}

/// The pendings of each wait placed in a block: the asynchronous dots
/// issued after the awaited one and before the wait may stay in flight.
/// (A wait after a loop for the loop's last dot waits for everything.)
void countPendings(DotWaitOp wait) {
  auto dot = wait.getOperand(0).getDefiningOp<tile::DotOp>();
  if (!dot || dot->getBlock() != wait->getBlock() ||
      wait.getPendings() != 0)
    return;
  int64_t issued = 0;
  for (Operation *op = dot->getNextNode(); op != wait; op = op->getNextNode())
    if (op->hasAttr(TileGPUDialect::kAsyncAttrName))
      ++issued;
  wait.setPendings(issued);
}

/// The shared memory `trial` (a copy of the kernel, changed here) will need
/// once tilegpu-pipeline has made `stages`-deep rings of the loads it
/// pipelines (ringStages; `specialized`: warp-specialized, whose loops share
/// their rings), a rotated loop's first B (tilegpu.first_iteration) being
/// the first stage of its ring, as the pipeline makes it.
int64_t pipelinedSharedBytes(func::FuncOp trial, unsigned stages,
                             int64_t alignment, bool specialized) {
  if (stages >= 2) {
    // Each pipelined load becomes the view of a ring, which SharedAllocation
    // sizes and keeps live over all of its views: a ring of its own, or in
    // a warp-specialized kernel the ring of an earlier loop's load that
    // tilegpu-pipeline shares (findSharedRing, the rule it lays rings out
    // by).
    SmallVector<LoadRing> rings;
    Type i32 = IntegerType::get(trial.getContext(), 32);
    auto toView = [&](tile::LoadOp load, int64_t buffer, unsigned ring) {
      OpBuilder b(load);
      Value stage = arith::ConstantOp::create(b, load.getLoc(),
                                              b.getIntegerAttr(i32, 0));
      auto view = StageViewOp::create(b, load.getLoc(), load.getType(), stage,
                                      b.getI64IntegerAttr(buffer));
      view->setAttr(TileGPUDialect::kStagesAttrName,
                    b.getI64IntegerAttr(ring));
      load.getResult().replaceAllUsesWith(view.getResult());
      load.erase();
    };
    SmallVector<scf::ForOp> loops;
    trial.walk([&](scf::ForOp loop) { loops.push_back(loop); });
    for (scf::ForOp loop : loops) {
      SmallVector<int64_t> taken;
      for (tile::LoadOp load : pipelinedLoads(loop)) {
        unsigned ring = ringStages(load, stages, specialized);
        const LoadRing *shared =
            specialized ? findSharedRing(rings, load, ring, taken) : nullptr;
        int64_t buffer = shared ? shared->id : rings.size();
        if (!shared)
          rings.push_back({load.getView(), load.getType(), ring, buffer});
        taken.push_back(buffer);
        // The loop's first B: what an initial value of it loads.
        for (Value init : loop.getInitArgs())
          if (tile::LoadOp first = loadThroughTransposes(init);
              first &&
              first->hasAttr(TileGPUDialect::kFirstIterationAttrName) &&
              first.getView() == load.getView() &&
              first.getType() == load.getType())
            toView(first, buffer, ring);
        toView(load, buffer, ring);
      }
    }
  }
  return SharedAllocation(trial, alignment).getTotalSize();
}

/// The loops of `kernel`, inner ones first.
SmallVector<scf::ForOp> loopsOf(func::FuncOp kernel) {
  SmallVector<scf::ForOp> loops;
  kernel.walk([&](scf::ForOp loop) { loops.push_back(loop); });
  return loops;
}

struct TileGPUScheduleDotsPass
    : public tessera::impl::TileGPUScheduleDotsBase<TileGPUScheduleDotsPass> {
  using Base::Base;
  void runOnOperation() override {
    func::FuncOp kernel = getOperation();
    FailureOr<TargetInfo> target = getTargetInfo(kernel);
    if (failed(target))
      return signalPassFailure();
    // Asynchronous dots are wgmma's: elsewhere there is nothing to schedule.
    if (!target->hasWgmma())
      return;
    bool overlap = deferDots || tile::TileDialect::getOverlapDots(kernel);
    unsigned stages =
        numStages ? numStages : tile::TileDialect::getNumStages(kernel);
    if (overlap) {
      // Each deferral costs a stage more of its B's ring (and, where the
      // loop is not pipelined, a buffer for the first iteration's B): tried
      // on a copy of the kernel first, and kept only where the kernel still
      // fits the chip's shared memory. In a warp-specialized kernel, where
      // the longer ring does not fit, the ring may keep its stages instead
      // (tilegpu.late_release: the producer waits for the consumers to
      // release the lagged stage after the deferred dot's wait, so B's copy
      // is issued an iteration later). A kernel that asked for the overlap
      // and does not get it is told so, at the dot that stays where it is.
      bool specialized = tile::TileDialect::getWarpSpecialize(kernel);
      size_t numLoops = loopsOf(kernel).size();
      for (size_t i = 0; i < numLoops; ++i) {
        if (!findDeferral(loopsOf(kernel)[i], stages))
          continue;
        // The shared memory with the deferral made, B's ring released late
        // or not.
        auto trialBytes = [&](bool lateRelease) {
          auto trial = cast<func::FuncOp>(kernel->clone());
          scf::ForOp trialLoop = loopsOf(trial)[i];
          Deferral d = *findDeferral(trialLoop, stages);
          deferDot(trialLoop, d);
          if (lateRelease && d.bLoad)
            d.bLoad->setAttr(TileGPUDialect::kLateReleaseAttrName,
                             UnitAttr::get(kernel.getContext()));
          int64_t bytes = pipelinedSharedBytes(
              trial, stages, target->sharedAlignment(), specialized);
          trial.erase();
          return bytes;
        };
        scf::ForOp loop = loopsOf(kernel)[i];
        Deferral deferral = *findDeferral(loop, stages);
        int64_t bytes = trialBytes(/*lateRelease=*/false);
        bool lateRelease = false;
        if (bytes > target->sharedMemory && specialized && deferral.bLoad &&
            stages >= 2) {
          bytes = trialBytes(/*lateRelease=*/true);
          lateRelease = true;
        }
        if (bytes <= target->sharedMemory) {
          deferDot(loop, deferral);
          if (lateRelease)
            deferral.bLoad->setAttr(TileGPUDialect::kLateReleaseAttrName,
                                    UnitAttr::get(kernel.getContext()));
          continue;
        }
        deferral.dot.emitWarning()
            << "overlap_dots: this dot is not deferred under the next "
               "iteration's dots: deferring it takes the kernel to "
            << bytes << " bytes of shared memory, over "
            << target->target.getChip() << "'s " << target->sharedMemory
            << " (fewer stages or smaller tiles may fit)";
      }
    }
    SmallVector<tile::DotOp> dots;
    kernel.walk([&](tile::DotOp dot) {
      if (wgmmaTypesFit(dot))
        dots.push_back(dot);
    });
    DenseSet<Value> inputs = registerInputs(dots);
    for (tile::DotOp dot : dots)
      makeAsync(dot, inputs, overlap, stages);
    kernel.walk([&](DotWaitOp wait) { countPendings(wait); });
  }
};

} // namespace
