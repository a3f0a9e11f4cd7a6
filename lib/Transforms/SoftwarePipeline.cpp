//===- SoftwarePipeline.cpp - Multi-buffering of loop loads ---------------===//
//
// Part of Tessera. Software pipelining in the style of the FlashAttention-2
// CUDA kernels: tiles for iteration k + S - 1 are copied (cp.async, or TMA
// onto mbarriers) while iteration k computes; in a warp-specialized kernel,
// FlashAttention-3's producer loop instead, handing stages to the consumers
// on full and empty mbarriers. Where the kernel asks for it, loads into
// registers are issued one iteration ahead too.
//
//===----------------------------------------------------------------------===//

#include "tessera/Transforms/Passes.h"

#include "LoopIterations.h"
#include "tessera/Analysis/SharedAllocation.h"

#include "Tile/IR/TileDialect.h"
#include "TileGPU/IR/TileGPUDialect.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"

#include <algorithm>
#include <functional>

namespace tessera {
#define GEN_PASS_DEF_TILEGPUPIPELINE
#include "tessera/Transforms/Passes.h.inc"
} // namespace tessera

using namespace mlir;
using namespace tessera;
using namespace tessera::tilegpu;

namespace {

constexpr StringLiteral kStagesAttr = "tilegpu.stages";

/// Whether `load`'s ring is filled by TMA (tilegpu-select-copies).
bool isTma(tile::LoadOp load) {
  return load->hasAttr(TileGPUDialect::kTmaAttrName);
}

/// Issues the async copies of `loads` (on rings of `rings` stages) for the
/// iteration whose induction variable is `iv`, into the stage `stageOf`
/// gives each one's ring, when `iv < ub`; then commits.
void issueCopies(OpBuilder &b, Location loc, scf::ForOp loop,
                 ArrayRef<tile::LoadOp> loads, ArrayRef<int64_t> bufferIds,
                 ArrayRef<unsigned> rings, Value iv,
                 function_ref<Value(unsigned ring)> stageOf) {
  Value pred = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, iv,
                                     loop.getUpperBound());
  IRMapping mapping;
  mapping.map(loop.getInductionVar(), iv);
  for (auto [constLoad, id, ring] : llvm::zip(loads, bufferIds, rings)) {
    tile::LoadOp load = constLoad;
    Value stage = stageOf(ring);
    SmallVector<Value> indices;
    for (Value index : load.getIndices())
      indices.push_back(recompute(b, index, loop, mapping));
    // Diagnostics about the copy (e.g. the shared-memory budget) point at
    // the load the user wrote.
    auto copy = AsyncLoadOp::create(b, load.getLoc(), load.getView(), indices,
                                    stage,
                                    pred, b.getI64IntegerAttr(id),
                                    TypeAttr::get(load.getType()));
    copy->setAttr(kStagesAttr, b.getI64IntegerAttr(ring));
    if (isTma(load))
      copy->setAttr(TileGPUDialect::kTmaAttrName, b.getUnitAttr());
  }
  AsyncCommitOp::create(b, loc);
}

/// The producer loop of a warp-specialized pipeline, before `loop`: the
/// same iterations (on each load's ring counted from its entry of
/// `firsts`, the iterations of earlier loops on that ring, when given), each
/// waiting until the consumers have released the stage its copies fill (the
/// phase before the first pass over the ring counts as released), then copying.
/// It runs as far ahead as the ring allows; tilegpu-warp-specialize gives it to
/// the producer warp.
void buildProducerLoop(OpBuilder &b, scf::ForOp loop,
                       ArrayRef<tile::LoadOp> loads, ArrayRef<int64_t> ids,
                       ArrayRef<unsigned> rings, ArrayRef<Value> firsts) {
  Location loc = loop.getLoc();
  auto producer = scf::ForOp::create(b, loc, loop.getLowerBound(),
                                     loop.getUpperBound(), loop.getStep());
  producer->setAttr(TileGPUDialect::kProducerAttrName, b.getUnitAttr());
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(producer.getBody());
  auto constant = [&](int64_t v) -> Value {
    return arith::ConstantIntOp::create(b, loc, b.getI32Type(), v);
  };
  Value iv = producer.getInductionVar();
  Value k = arith::DivSIOp::create(
      b, loc, arith::SubIOp::create(b, loc, iv, loop.getLowerBound()),
      loop.getStep());
  Value always = arith::ConstantIntOp::create(b, loc, b.getI1Type(), 1);
  IRMapping mapping;
  mapping.map(loop.getInductionVar(), iv);
  // The stage and the acquire phase of the ring's iteration, per (first,
  // ring size).
  DenseMap<std::pair<Value, unsigned>, std::pair<Value, Value>> stagePhases;
  DenseMap<Value, Value> onRing;
  for (auto [constLoad, id, ring, first] :
       llvm::zip(loads, ids, rings, firsts)) {
    tile::LoadOp load = constLoad;
    auto &[stage, phase] = stagePhases[{first, ring}];
    if (!stage) {
      Value &kRing = onRing[first];
      if (!kRing)
        kRing = first ? Value(arith::AddIOp::create(b, loc, first, k)) : k;
      stage = arith::RemSIOp::create(b, loc, kRing, constant(ring));
      Value pass = arith::DivSIOp::create(b, loc, kRing, constant(ring));
      phase = arith::RemSIOp::create(
          b, loc, arith::AddIOp::create(b, loc, pass, constant(1)),
          constant(2));
    }
    StageAcquireOp::create(b, load.getLoc(), stage, phase, id);
    SmallVector<Value> indices;
    for (Value index : load.getIndices())
      indices.push_back(recompute(b, index, loop, mapping));
    auto copy = AsyncLoadOp::create(b, load.getLoc(), load.getView(), indices,
                                    stage, always, b.getI64IntegerAttr(id),
                                    TypeAttr::get(load.getType()));
    copy->setAttr(kStagesAttr, b.getI64IntegerAttr(ring));
    copy->setAttr(TileGPUDialect::kTmaAttrName, b.getUnitAttr());
  }
}

/// Whether the pipelines of `kernel` (its `loops`) can be warp-specialized:
/// every loop with pipelined loads runs once per program (at the kernel's
/// top level, or of a persistent kernel's loop of programs: the producer
/// runs the loops one after the other) and copies only by TMA (a producer
/// thread issues those). Otherwise the kernel keeps the pipeline every
/// thread runs.
bool canWarpSpecialize(func::FuncOp kernel, ArrayRef<scf::ForOp> loops) {
  bool any = false;
  Block *program = &getProgramBlock(kernel);
  for (scf::ForOp loop : loops) {
    SmallVector<tile::LoadOp> loads = pipelinedLoads(loop);
    if (loads.empty())
      continue;
    if (loop->getBlock() != program || !llvm::all_of(loads, isTma))
      return false;
    any = true;
  }
  return any;
}

/// The rings of a warp-specialized kernel, which its loops share: the
/// producer fills the next loop's stages while the consumers finish the
/// previous one, so a ring per loop would keep every loop's staging live at
/// once. A load takes the ring of an earlier loop's load of the same view,
/// tile and ring size, and the loops count iterations on from one another;
/// a lagged ring's stage (a tile still read in the next iteration) is
/// released one iteration late, so the last iteration of a loop is
/// released by the first of the next loop on the ring (or of the next
/// program), after the deferred dot that read it was waited for.
/// In a persistent kernel the rings are made ready once, before its loop of
/// programs, which carries each ring's count from program to program.
struct SharedRings {
  SmallVector<LoadRing> rings;
  /// Per ring id: the iterations of the kernel's earlier pipelined loops
  /// on it (an i32 defined before the next loop), none before its second.
  DenseMap<int64_t, Value> iterationsBefore;
  /// Per ring id: the count, on the ring, of the first iteration of the
  /// rotation its loops are in (tilegpu-schedule-dots' deferred dot, which
  /// chained loops continue), whose first B is that iteration's stage.
  DenseMap<int64_t, Value> rotationStart;
  /// The op right after the kernel's last pipelined loop: the rings are
  /// retired before it (or after the loop of programs that holds it). Not
  /// the loop itself, which prefetchRegisterLoads may yet replace.
  Operation *afterLastLoop = nullptr;
  /// A persistent kernel's loop of programs (replaced as it gains a
  /// carried count per ring), and which of its iteration arguments carries
  /// each ring's count.
  scf::ForOp persistent;
  DenseMap<int64_t, unsigned> carried;

  /// Adds an iteration argument to the loop of programs per ring of
  /// `ids`, from 0, and makes it the ring's count of iterations before; the
  /// loop yields it unchanged until finish() gives the final counts.
  void carry(ArrayRef<int64_t> ids) {
    if (ids.empty())
      return;
    IRRewriter rewriter(persistent.getContext());
    rewriter.setInsertionPoint(persistent);
    Location loc = persistent.getLoc();
    Value zero =
        arith::ConstantIntOp::create(rewriter, loc, rewriter.getI32Type(), 0);
    SmallVector<Value> inits(ids.size(), zero);
    FailureOr<LoopLikeOpInterface> replaced =
        persistent.replaceWithAdditionalYields(
            rewriter, inits, /*replaceInitOperandUsesInLoop=*/false,
            [&](OpBuilder &, Location, ArrayRef<BlockArgument> args) {
              return SmallVector<Value>(args.begin(), args.end());
            });
    persistent = cast<scf::ForOp>(replaced->getOperation());
    unsigned first = persistent.getNumRegionIterArgs() - ids.size();
    for (auto [i, id] : llvm::enumerate(ids)) {
      carried[id] = first + i;
      iterationsBefore[id] = persistent.getRegionIterArgs()[first + i];
    }
  }

  /// Yields each ring's count after the program's last loop to the next.
  void finish() {
    Operation *yield = persistent.getBody()->getTerminator();
    for (auto [id, index] : carried)
      yield->setOperand(index, iterationsBefore.lookup(id));
  }
};

/// max(0, ceil((ub - lb) / step)): the iterations `loop` runs.
Value tripCount(OpBuilder &b, Location loc, scf::ForOp loop) {
  Value span = arith::SubIOp::create(b, loc, loop.getUpperBound(),
                                     loop.getLowerBound());
  Value zero = arith::ConstantIntOp::create(b, loc, b.getI32Type(), 0);
  return arith::CeilDivSIOp::create(
      b, loc, arith::MaxSIOp::create(b, loc, span, zero), loop.getStep());
}

/// A copy of `load` for the iteration `mapping` maps the induction variable
/// to, at the builder's insertion point (its index arithmetic recomputed).
Value loadForIteration(OpBuilder &b, tile::LoadOp load, scf::ForOp loop,
                       IRMapping &mapping) {
  for (Value index : load.getIndices())
    recompute(b, index, loop, mapping);
  return b.clone(*load, mapping)->getResult(0);
}

/// The ops of `loop`'s body that only compute the indices of `loads`
/// (arith, block-table reads), users after their operands.
SmallVector<Operation *> indexComputations(scf::ForOp loop,
                                           ArrayRef<tile::LoadOp> loads) {
  llvm::SetVector<Operation *> ops;
  std::function<void(Value)> collect = [&](Value v) {
    Operation *def = v.getDefiningOp();
    if (!def || def->getBlock() != loop.getBody() ||
        !(isa<tile::LoadScalarOp>(def) || isPure(def)) || !ops.insert(def))
      return;
    for (Value operand : def->getOperands())
      collect(operand);
  };
  for (tile::LoadOp load : loads)
    for (Value index : load.getIndices())
      collect(index);
  SmallVector<Operation *> sorted(ops.begin(), ops.end());
  llvm::sort(sorted, [](Operation *a, Operation *b) {
    return b->isBeforeInBlock(a);
  });
  return sorted;
}

/// Erases the ops of `ops` (users first) that nothing uses any more.
void eraseUnused(ArrayRef<Operation *> ops) {
  for (Operation *op : ops)
    if (op->use_empty())
      op->erase();
}

/// The iteration argument of `loop` that its body yields the tile of `load`
/// into (through transposes): the B of a dot deferred into the next
/// iteration.
std::optional<unsigned> carriedTileOf(scf::ForOp loop, tile::LoadOp load) {
  for (auto [index, yielded] : llvm::enumerate(loop.getYieldedValues()))
    if (loadThroughTransposes(yielded) == load)
      return index;
  return std::nullopt;
}

/// A rotation of `loop` whose first B now is a stage of its ring: the dot
/// after the loop reads the loop's carried-out B, which is that stage,
/// never filled, when the rotation ran no iteration.
struct RotationEnd {
  unsigned carried; // the iteration argument of the B
  Value start;      // the ring count of the rotation's first iteration
  Value end;        // and of the iteration after the loop's last
};

/// The dot after a rotated loop (tilegpu-schedule-dots' last iteration's
/// dot, P·V) and its wait, in a branch taken when the rotation ran an
/// iteration: otherwise its B is a stage that was never filled, which may
/// hold NaN (and 0 · NaN is NaN), and the accumulator is the result. (A
/// select after the dot would keep the accumulator live across the wgmma
/// that overwrites it, which ptxas serializes; a predicated wgmma gets a
/// warpgroup.arrive before each instruction.) The condition is the
/// program's, taken alike by every consumer warpgroup.
void issueLastDotIfRan(scf::ForOp loop, const RotationEnd &end) {
  SmallVector<Value> bs = {loop.getResult(end.carried)};
  for (size_t i = 0; i < bs.size(); ++i)
    for (Operation *user : llvm::make_early_inc_range(bs[i].getUsers())) {
      if (auto trans = dyn_cast<tile::TransOp>(user)) {
        bs.push_back(trans.getResult());
        continue;
      }
      auto dot = dyn_cast<tile::DotOp>(user);
      if (!dot || dot.getB() != bs[i] || !dot.getResult().hasOneUse())
        continue;
      auto wait = dyn_cast<DotWaitOp>(*dot.getResult().getUsers().begin());
      Value result = wait ? wait.getResult(0) : dot.getResult();
      OpBuilder b(dot);
      Location loc = dot.getLoc();
      Value ran = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne,
                                        end.end, end.start);
      auto branch = scf::IfOp::create(b, loc, TypeRange{result.getType()},
                                      ran, /*withElseRegion=*/true);
      result.replaceAllUsesWith(branch.getResult(0));
      b.setInsertionPointToStart(branch.thenBlock());
      auto yield = scf::YieldOp::create(b, loc, result);
      dot->moveBefore(yield);
      if (wait) {
        // Right after the dot now: nothing is issued in between.
        wait->moveBefore(yield);
        wait.setPendings(0);
      }
      b.setInsertionPointToStart(branch.elseBlock());
      scf::YieldOp::create(b, loc, dot.getAcc());
    }
}

LogicalResult pipelineLoop(scf::ForOp loop, unsigned stages,
                           int64_t &nextBufferId, SharedRings *shared) {
  bool specialized = shared != nullptr;
  SmallVector<tile::LoadOp> loads = pipelinedLoads(loop);
  if (loads.empty())
    return success();
  for (tile::LoadOp load : loads)
    if (!specialized &&
        load->hasAttr(TileGPUDialect::kLateReleaseAttrName))
      return load.emitError()
             << "expected a warp-specialized pipeline for a tile released "
                "late ('"
             << TileGPUDialect::kLateReleaseAttrName
             << "': tilegpu-schedule-dots fitted its ring to shared memory "
                "for a producer that waits for the release); this loop's "
                "copies are issued by every thread (not all TMA)";
  for (tile::LoadOp load : loads)
    if (ringStages(load, stages, specialized) > kMaxStages)
      return load.emitError()
             << "expected at most " << kMaxStages
             << " stages per ring, got "
             << ringStages(load, stages, specialized) << " (num_stages "
             << stages << " and one for a tile read in the next iteration)";

  // Each load's ring: a new one, or in a warp-specialized kernel the ring
  // of an earlier loop's load of the same view and tile.
  SmallVector<int64_t> ids;
  // (Ring sizes and lags are read before the loads are replaced.)
  SmallVector<unsigned> ringSizes, lags;
  SmallVector<std::pair<int64_t, unsigned>> tmaRings, newRings;
  SmallVector<int64_t> carriedRings;
  for (tile::LoadOp load : loads) {
    unsigned ring = ringStages(load, stages, specialized);
    ringSizes.push_back(ring);
    lags.push_back(readLag(load));
    std::optional<int64_t> id;
    if (shared)
      if (const LoadRing *candidate =
              findSharedRing(shared->rings, load, ring, ids))
        id = candidate->id;
    if (!id) {
      id = nextBufferId++;
      if (isTma(load))
        newRings.push_back({*id, ring});
      if (shared)
        shared->rings.push_back({load.getView(), load.getType(), ring, *id});
      if (shared && shared->persistent)
        carriedRings.push_back(*id);
    }
    ids.push_back(*id);
    if (isTma(load))
      tmaRings.push_back({*id, ring});
  }
  // (Before any builder holds the block of the loop of programs, which
  // this replaces.)
  if (shared && shared->persistent)
    shared->carry(carriedRings);
  Location loc = loop.getLoc();
  OpBuilder b(loop);
  auto constant = [&](int64_t v) -> Value {
    return arith::ConstantIntOp::create(b, loc, b.getI32Type(), v);
  };
  Value lb = loop.getLowerBound(), step = loop.getStep();

  // The mbarriers of the TMA rings, ready before their first copy (before
  // a persistent kernel's loop of programs, for all of them); a
  // warp-specialized ring also has a barrier per stage on which each
  // consumer warp releases the stage.
  IntegerAttr arrivals;
  if (specialized)
    arrivals = b.getI64IntegerAttr(tile::TileDialect::getNumWarps(
        loop->getParentOfType<func::FuncOp>()));
  {
    OpBuilder::InsertionGuard guard(b);
    if (shared && shared->persistent)
      b.setInsertionPoint(shared->persistent);
    for (auto [id, ring] : newRings)
      RingInitOp::create(b, loc, id, ring, arrivals);
  }
  // A shared ring counts on from the iterations of the loops before this
  // one that used it.
  SmallVector<Value> firsts(loads.size());
  Value trips = specialized ? tripCount(b, loc, loop) : Value();
  if (specialized) {
    for (auto [i, id] : llvm::enumerate(ids))
      firsts[i] = shared->iterationsBefore.lookup(id);
    for (auto [id, first] : llvm::zip(ids, firsts))
      shared->iterationsBefore[id] =
          first ? Value(arith::AddIOp::create(b, loc, first, trips)) : trips;
    buildProducerLoop(b, loop, loads, ids, ringSizes, firsts);
  }

  // Prologue: iterations 0 .. S-2 into stages 0 .. S-2.
  for (unsigned s = 0; !specialized && s + 1 < stages; ++s) {
    Value iv = arith::AddIOp::create(
        b, loc, lb,
        arith::MulIOp::create(b, loc, step, constant(s)));
    Value stage = constant(s);
    issueCopies(b, loc, loop, loads, ids, ringSizes, iv,
                [&](unsigned) { return stage; });
  }

  // A rotated loop's first B (tilegpu.first_iteration, the tile of its
  // first iteration, loaded before it) is that iteration's stage of the
  // ring, where the tile lands anyway: no copy of its own, no buffer of its
  // own. A TMA stage is waited for before the loop (after the prologue's
  // copies), when the loop runs (on a ring shared with the loops before,
  // when the rotation has not begun in them); a cp.async stage is complete
  // at the start of the iteration. The rotation continues in a loop that
  // starts from a loop's carried-out B on the same ring (chainLoops).
  SmallVector<RotationEnd> rotationEnds;
  for (size_t i = 0; i < loads.size(); ++i) {
    tile::LoadOp load = loads[i];
    unsigned ring = ringSizes[i];
    int64_t id = ids[i];
    std::optional<unsigned> carried = carriedTileOf(loop, load);
    if (lags[i] == 0 || !carried)
      continue;
    Value init = loop.getInitArgs()[*carried];
    tile::LoadOp first = loadThroughTransposes(init);
    Value kFirst = firsts[i]; // (null: 0)
    Value start;
    // (In place of the load, which transposes may follow: the ring's count
    // of the loop's first iteration must be known there.)
    auto knownAt = [](Value v, Operation *op) {
      Operation *def = v.getDefiningOp();
      return !def || def->getBlock() != op->getBlock() ||
             def->isBeforeInBlock(op);
    };
    if (first && first->hasAttr(TileGPUDialect::kFirstIterationAttrName) &&
        first.getView() == load.getView() &&
        first.getType() == load.getType() &&
        (!kFirst || knownAt(kFirst, first))) {
      OpBuilder at(first);
      if (!kFirst)
        kFirst = arith::ConstantIntOp::create(at, loc, at.getI32Type(), 0);
      Value stage = arith::RemSIOp::create(
          at, loc, kFirst,
          arith::ConstantIntOp::create(at, loc, at.getI32Type(), ring));
      auto view = StageViewOp::create(at, first.getLoc(), first.getType(),
                                      stage, at.getI64IntegerAttr(id));
      view->setAttr(kStagesAttr, at.getI64IntegerAttr(ring));
      first.getResult().replaceAllUsesWith(view.getResult());
      first.erase();
      start = kFirst;
    } else if (Value begun = shared ? shared->rotationStart.lookup(id)
                                    : Value();
               begun && kFirst && init.getDefiningOp<scf::ForOp>()) {
      start = begun;
    } else {
      continue;
    }
    if (shared)
      shared->rotationStart[id] = start;
    if (!trips)
      trips = tripCount(b, loc, loop);
    // The loop runs, and its first iteration is the rotation's.
    if (isTma(load)) {
      Value runs = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sgt,
                                         trips, constant(0));
      if (kFirst != start)
        runs = arith::AndIOp::create(
            b, loc, runs,
            arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, kFirst,
                                  start));
      scf::IfOp::create(b, loc, runs, [&](OpBuilder &nested, Location l) {
        auto ringConstant = [&](int64_t v) -> Value {
          return arith::ConstantIntOp::create(nested, l, nested.getI32Type(),
                                              v);
        };
        Value pass =
            arith::DivSIOp::create(nested, l, start, ringConstant(ring));
        StageWaitOp::create(
            nested, load.getLoc(),
            arith::RemSIOp::create(nested, l, start, ringConstant(ring)),
            arith::RemSIOp::create(nested, l, pass, ringConstant(2)), id);
        scf::YieldOp::create(nested, l);
      });
    }
    rotationEnds.push_back(
        {*carried, start, arith::AddIOp::create(b, loc, kFirst, trips)});
  }

  // Body: wait for this iteration's group, then prefetch S-1 ahead.
  b.setInsertionPointToStart(loop.getBody());
  Value iv = loop.getInductionVar();
  Value k = arith::DivSIOp::create(
      b, loc, arith::SubIOp::create(b, loc, iv, lb), step);
  // Each load's iteration on its ring: k, or on a shared ring k after the
  // earlier loops' iterations.
  DenseMap<Value, Value> onRing;
  SmallVector<Value> ks;
  for (Value first : firsts) {
    Value &kRing = onRing[first];
    if (!kRing)
      kRing = first ? Value(arith::AddIOp::create(b, loc, first, k)) : k;
    ks.push_back(kRing);
  }
  // The stage of iteration `index` in a ring of `ring` stages, one value per
  // (iteration, ring size): rings with a read lag are one longer.
  DenseMap<std::pair<Value, unsigned>, Value> stageValues;
  auto stageIn = [&](Value index, unsigned ring) {
    Value &stage = stageValues[{index, ring}];
    if (!stage)
      stage = arith::RemSIOp::create(b, loc, index, constant(ring));
    return stage;
  };
  for (auto [ring, kRing] : llvm::zip(ringSizes, ks))
    stageIn(kRing, ring);
  if (!specialized) {
    AsyncWaitOp::create(b, loc, stages - 2);
    Value ahead = constant(stages - 1);
    Value nextIv = arith::AddIOp::create(
        b, loc, iv, arith::MulIOp::create(b, loc, step, ahead));
    Value kAhead = arith::AddIOp::create(b, loc, k, ahead);
    issueCopies(b, loc, loop, loads, ids, ringSizes, nextIv,
                [&](unsigned ring) { return stageIn(kAhead, ring); });
  }

  // The index computations of the replaced loads (a block-table read, its
  // arithmetic) become dead once the loads are gone; collect them first
  // (loads may share them: K and V at one page).
  SmallVector<Operation *> indexOps = indexComputations(loop, loads);

  for (auto [load, id, kRing, ring] : llvm::zip(loads, ids, ks, ringSizes)) {
    Value stage = stageValues.lookup({kRing, ring});
    // A TMA stage is waited for where its tile is first read (the copy of
    // V still lands while QK^T computes), in the phase of this iteration's
    // pass over the ring: (k / ring) % 2.
    if (isTma(load)) {
      Operation *firstUse = load;
      for (Operation *user : load->getUsers())
        if (Operation *inBody = loop.getBody()->findAncestorOpInBlock(*user))
          if (firstUse == load || inBody->isBeforeInBlock(firstUse))
            firstUse = inBody;
      b.setInsertionPoint(firstUse);
      Value pass = arith::DivSIOp::create(b, loc, kRing, constant(ring));
      Value phase = arith::RemSIOp::create(b, loc, pass, constant(2));
      StageWaitOp::create(b, load.getLoc(), stage, phase, id);
    }
    b.setInsertionPoint(load);
    auto view = StageViewOp::create(b, load.getLoc(), load.getType(), stage,
                                    b.getI64IntegerAttr(id));
    view->setAttr(kStagesAttr, b.getI64IntegerAttr(ring));
    load.getResult().replaceAllUsesWith(view.getResult());
    load.erase();
  }
  // Warp-specialized: at the end of iteration k each warp releases the
  // stage read in iteration k - lag (a tile still read by the next
  // iteration, tilegpu.read_lag, is released one iteration later).
  if (specialized) {
    b.setInsertionPoint(loop.getBody()->getTerminator());
    for (size_t i = 0; i < ids.size(); ++i) {
      int64_t id = ids[i];
      unsigned ring = ringSizes[i];
      Value kRing = ks[i];
      int64_t lag = lags[i];
      if (lag == 0) {
        StageReleaseOp::create(b, loc, stageValues.lookup({kRing, ring}), id);
        continue;
      }
      // On a ring shared with earlier loops (or carried from the previous
      // program), the first iteration releases the stage of the last
      // iteration before it, whose tile the dot deferred past that loop's
      // end read: its wait came before this loop.
      Value read = arith::SubIOp::create(b, loc, kRing, constant(lag));
      Value released = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge,
                                             read, constant(0));
      scf::IfOp::create(b, loc, released, [&](OpBuilder &nested, Location l) {
        Value stage = arith::RemSIOp::create(nested, l, read,
                                             arith::ConstantIntOp::create(
                                                 nested, l, b.getI32Type(),
                                                 ring));
        StageReleaseOp::create(nested, l, stage, id);
        scf::YieldOp::create(nested, l);
      });
    }
  }

  eraseUnused(indexOps);

  for (const RotationEnd &end : rotationEnds)
    issueLastDotIfRan(loop, end);
  b.setInsertionPointAfter(loop);
  // A warp-specialized loop needs no drain: its copies are the producer's
  // TMA copies, each waited for on its stage's barrier before it is read,
  // and its rings' memory is no other buffer's while they live (the whole
  // tilegpu.warp_specialize). A CTA barrier here would hold each consumer
  // warpgroup until the others end the loop, and so end a ping-pong's
  // turns at every loop (twice a program of FA2). The rings are retired
  // after the last loop, behind one drain (runOnOperation).
  if (shared) {
    shared->afterLastLoop = loop->getNextNode();
    return success();
  }
  // Drain: no copy may still land in a buffer reused after the loop, and
  // every thread has left the loop before the rings are retired.
  AsyncWaitOp::create(b, loc, 0);
  for (auto [id, ring] : tmaRings)
    RingInvalOp::create(b, loc, id, ring);
  return success();
}

/// The stages of the ring of a persistent kernel's program tile: two, so
/// the producer copies the next program's tile while the consumers still
/// read this one's. (With one, the producer would wait for this program's
/// last read before copying the next program's tile, and the next
/// program's first K/V copies, which follow it, with it.)
constexpr unsigned kProgramTileStages = 2;

/// The last op of `block` (an ancestor there of the reader) that reads the
/// shared tile `tile` or may still be reading it: its users, the users of
/// its views (tile.trans), and for an asynchronous dot, which reads its
/// operands until it completes, the tilegpu.dot_wait that returns its
/// result (followed through the loops and branches that carry it, and the
/// asynchronous dots that accumulate into it).
Operation *lastReader(Value tile, Block *block) {
  Operation *last = nullptr;
  auto note = [&](Operation *op) {
    if (Operation *top = block->findAncestorOpInBlock(*op))
      if (!last || last->isBeforeInBlock(top))
        last = top;
  };
  auto isAsyncDot = [](Operation *op) {
    return isa<tile::DotOp>(op) && op->hasAttr(TileGPUDialect::kAsyncAttrName);
  };
  SmallVector<Value> views = {tile}, inFlight;
  while (!views.empty()) {
    Value view = views.pop_back_val();
    for (Operation *user : view.getUsers()) {
      note(user);
      if (isa<tile::TransOp>(user))
        views.push_back(user->getResult(0));
      if (isAsyncDot(user))
        inFlight.push_back(user->getResult(0));
    }
  }
  llvm::SmallPtrSet<Value, 8> seen;
  while (!inFlight.empty()) {
    Value v = inFlight.pop_back_val();
    if (!seen.insert(v).second)
      continue;
    for (OpOperand &use : v.getUses()) {
      Operation *owner = use.getOwner();
      note(owner);
      unsigned number = use.getOperandNumber();
      if (isAsyncDot(owner)) {
        inFlight.push_back(owner->getResult(0));
      } else if (isa<scf::YieldOp>(owner)) {
        Operation *parent = owner->getParentOp();
        if (auto loop = dyn_cast<scf::ForOp>(parent)) {
          inFlight.push_back(loop.getResult(number));
          inFlight.push_back(loop.getRegionIterArgs()[number]);
        } else if (isa<scf::IfOp>(parent)) {
          inFlight.push_back(parent->getResult(number));
        }
      } else if (auto loop = dyn_cast<scf::ForOp>(owner)) {
        if (number >= loop.getNumControlOperands())
          inFlight.push_back(loop.getTiedLoopRegionIterArg(&use));
      }
    }
  }
  return last;
}

/// Whether the producer can compute `v`: from block arguments (the
/// kernel's, the loop of programs' induction variable) by what
/// tilegpu-warp-specialize clones into its region (scalar arithmetic, grid
/// queries and scalar loads).
bool producerCanCompute(Value v) {
  Operation *def = v.getDefiningOp();
  if (!def)
    return true;
  if (def->getNumRegions() != 0 ||
      !(isMemoryEffectFree(def) || isa<tile::LoadScalarOp>(def)))
    return false;
  return llvm::all_of(def->getOperands(), producerCanCompute);
}

/// The program tiles of a warp-specialized persistent kernel: the
/// tile.loads {tilegpu.tma} at the top level of its loop of programs
/// (tilegpu-select-copies; FA2's Q) at indices the producer can compute.
SmallVector<tile::LoadOp> programTiles(scf::ForOp programs) {
  SmallVector<tile::LoadOp> loads;
  for (auto load : programs.getBody()->getOps<tile::LoadOp>())
    if (isTma(load) && llvm::all_of(load.getIndices(), producerCanCompute))
      loads.push_back(load);
  return loads;
}

/// Puts each program tile of `kernel` (programTiles) on a ring of
/// kProgramTileStages stages, filled by a producer loop of one iteration in
/// place of the load (acquire the stage, then copy) for the CTA's n-th
/// program; the consumers wait for it before its first reader and release
/// it after its last (lastReader). The rings are made ready before the loop
/// of programs and retired after it.
void pipelineProgramTiles(func::FuncOp kernel, int64_t &nextBufferId) {
  scf::ForOp programs = getPersistentLoop(kernel);
  SmallVector<tile::LoadOp> loads = programTiles(programs);
  Block &program = *programs.getBody();
  Location loc = programs.getLoc();
  OpBuilder b(&program, program.begin());
  auto constant = [&](int64_t v) -> Value {
    return arith::ConstantIntOp::create(b, loc, b.getI32Type(), v);
  };
  // n: the programs this CTA ran before this one.
  Value count = arith::DivSIOp::create(
      b, loc,
      arith::SubIOp::create(b, loc, programs.getInductionVar(),
                            programs.getLowerBound()),
      programs.getStep());
  Value ring = constant(kProgramTileStages);
  Value pass = arith::DivSIOp::create(b, loc, count, ring);
  Value stage = arith::RemSIOp::create(b, loc, count, ring);
  Value two = constant(2);
  Value filled = arith::RemSIOp::create(b, loc, pass, two);
  Value released = arith::RemSIOp::create(
      b, loc, arith::AddIOp::create(b, loc, pass, constant(1)), two);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value always = arith::ConstantIntOp::create(b, loc, b.getI1Type(), 1);
  IntegerAttr arrivals =
      b.getI64IntegerAttr(tile::TileDialect::getNumWarps(kernel));
  // Retired with the loops' rings, after the drain that follows the loop of
  // programs (every consumer thread has passed its last wait on them).
  Operation *retire = programs;
  if (auto drain = dyn_cast_or_null<AsyncWaitOp>(programs->getNextNode()))
    retire = drain;
  for (tile::LoadOp load : loads) {
    int64_t id = nextBufferId++;
    {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPoint(programs);
      RingInitOp::create(b, loc, id, kProgramTileStages, arrivals);
      b.setInsertionPointAfter(retire);
      RingInvalOp::create(b, loc, id, kProgramTileStages, /*empty=*/true);
    }
    b.setInsertionPoint(load);
    auto producer = scf::ForOp::create(b, loc, zero, one, one);
    producer->setAttr(TileGPUDialect::kProducerAttrName, b.getUnitAttr());
    {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(producer.getBody());
      StageAcquireOp::create(b, load.getLoc(), stage, released, id);
      auto copy = AsyncLoadOp::create(
          b, load.getLoc(), load.getView(), load.getIndices(), stage, always,
          b.getI64IntegerAttr(id), TypeAttr::get(load.getType()));
      copy->setAttr(kStagesAttr, b.getI64IntegerAttr(kProgramTileStages));
      copy->setAttr(TileGPUDialect::kTmaAttrName, b.getUnitAttr());
    }
    Operation *first = nullptr;
    for (Operation *user : load->getUsers())
      if (Operation *top = program.findAncestorOpInBlock(*user))
        if (!first || top->isBeforeInBlock(first))
          first = top;
    Operation *last = lastReader(load.getResult(), &program);
    auto view = StageViewOp::create(b, load.getLoc(), load.getType(), stage,
                                    b.getI64IntegerAttr(id));
    view->setAttr(kStagesAttr, b.getI64IntegerAttr(kProgramTileStages));
    load.getResult().replaceAllUsesWith(view.getResult());
    load.erase();
    // (A tile nothing reads is waited for and released at once, so that
    // every stage's phases stay in step with the producer's.)
    if (first)
      b.setInsertionPoint(first);
    else
      b.setInsertionPointAfter(view);
    StageWaitOp::create(b, view.getLoc(), stage, filled, id);
    if (last)
      b.setInsertionPointAfter(last);
    StageReleaseOp::create(b, view.getLoc(), stage, id);
  }
}

/// The shared memory the driver reserves per CTA (CUDA's
/// reservedSharedMemPerBlock): an SM's shared memory is a CTA's most plus
/// this, so (most + reserve) / (bytes + reserve) CTAs of `bytes` fit one.
constexpr int64_t kReservedSharedPerCta = 1024;

/// Gives a warp-specialized persistent kernel's program tiles to its
/// producer (pipelineProgramTiles) where, tried on a copy of the kernel
/// first, the kernel still fits the chip's shared memory with their rings
/// and an SM still holds by shared memory the CTAs it held before, up to
/// `ctasPerSm` (those the registers are sized for: the persistent grid is
/// as many CTAs as the GPU holds at once); any program tile left is copied
/// by every consumer thread (its tilegpu.tma is dropped).
LogicalResult pipelineProgramTilesIfFit(func::FuncOp kernel,
                                        int64_t &nextBufferId,
                                        int64_t ctasPerSm) {
  scf::ForOp programs = getPersistentLoop(kernel);
  if (programTiles(programs).empty())
    return success();
  FailureOr<TargetInfo> target = getTargetInfo(kernel);
  if (failed(target))
    return failure();
  int64_t alignment = target->sharedAlignment();
  auto ctasFitting = [&](int64_t bytes) {
    return (target->sharedMemory + kReservedSharedPerCta) /
           (bytes + kReservedSharedPerCta);
  };
  int64_t before = SharedAllocation(kernel, alignment).getTotalSize();
  auto trial = cast<func::FuncOp>(kernel->clone());
  int64_t trialId = nextBufferId;
  pipelineProgramTiles(trial, trialId);
  int64_t after = SharedAllocation(trial, alignment).getTotalSize();
  trial.erase();
  if (after <= target->sharedMemory &&
      ctasFitting(after) >= std::min(ctasFitting(before), ctasPerSm))
    pipelineProgramTiles(kernel, nextBufferId);
  return success();
}

/// The last op of `loop`'s body that reads the tile of `load` or a value
/// computed from it alone (with loop invariants and constants: `Lse * log2e`,
/// its broadcast): a copy for the next iteration issued after it lands in
/// registers that nothing of this iteration still needs.
Operation *lastUseOfTile(scf::ForOp loop, tile::LoadOp load) {
  Block *body = loop.getBody();
  auto fixed = [&](Value v) {
    Operation *def = v.getDefiningOp();
    return loop.isDefinedOutsideOfLoop(v) ||
           (def && def->hasTrait<OpTrait::ConstantLike>());
  };
  llvm::SmallPtrSet<Operation *, 8> derived = {load};
  SmallVector<Operation *> worklist = {load};
  Operation *last = load;
  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val();
    for (Operation *user : op->getUsers()) {
      Operation *top = body->findAncestorOpInBlock(*user);
      if (!top)
        continue;
      if (last->isBeforeInBlock(top))
        last = top;
      bool fromTileAlone =
          top == user && isPure(user) && user->getNumRegions() == 0 &&
          llvm::all_of(user->getOperands(), [&](Value operand) {
            return fixed(operand) || derived.contains(operand.getDefiningOp());
          });
      if (fromTileAlone && derived.insert(user).second)
        worklist.push_back(user);
    }
  }
  return last;
}

/// Issues each register load of `loop` (registerPrefetchLoads) one iteration
/// ahead: iteration 0's before the loop, iteration k + 1's in iteration k
/// right after the last use of iteration k's tile, carried into the next
/// iteration by the loop. Its latency then overlaps the rest of the
/// iteration instead of stalling the first use, and the tile's registers
/// are not live twice (the copy ahead is issued after the last read of the
/// current tile and of what is computed from it alone: lastUseOfTile). The
/// tensor is one the kernel only reads, so an early read, or one for the
/// iteration after the last, reads what the program would (or nothing it
/// uses).
void prefetchRegisterLoads(scf::ForOp loop) {
  SmallVector<tile::LoadOp> loads = registerPrefetchLoads(loop);
  if (loads.empty())
    return;
  SmallVector<Operation *> indexOps = indexComputations(loop, loads);
  IRRewriter rewriter(loop.getContext());
  rewriter.setInsertionPoint(loop);
  SmallVector<Value> firsts;
  for (tile::LoadOp load : loads) {
    IRMapping mapping;
    mapping.map(loop.getInductionVar(), loop.getLowerBound());
    firsts.push_back(loadForIteration(rewriter, load, loop, mapping));
  }
  // (Called at the yield, while the body is still `loop`'s; it then moves
  // to the new loop, whose induction variable replaces this one.)
  auto ahead = [&](OpBuilder &b, Location loc,
                   ArrayRef<BlockArgument> carried) {
    Block *body = loop.getBody();
    SmallVector<Value> yielded;
    for (auto [load, current] : llvm::zip(loads, carried)) {
      Operation *lastUse = lastUseOfTile(loop, load);
      load.getResult().replaceAllUsesWith(current);
      OpBuilder::InsertionGuard guard(b);
      if (lastUse != body->getTerminator())
        b.setInsertionPointAfter(lastUse);
      IRMapping mapping;
      mapping.map(loop.getInductionVar(),
                  arith::AddIOp::create(b, loc, loop.getInductionVar(),
                                        loop.getStep()));
      yielded.push_back(loadForIteration(b, load, loop, mapping));
    }
    return yielded;
  };
  FailureOr<LoopLikeOpInterface> replaced = loop.replaceWithAdditionalYields(
      rewriter, firsts, /*replaceInitOperandUsesInLoop=*/false, ahead);
  (void)replaced; // (scf.for always supports it.)
  for (tile::LoadOp load : loads)
    load.erase();
  eraseUnused(indexOps);
}

/// Two loops in a row whose rings a warp-specialized kernel shares, each
/// rotated by tilegpu-schedule-dots (the dot of its last iteration issued
/// after it, P·V in attention: FlashAttention's unmasked key blocks, then the
/// masked ones): that dot (and its wait) feeds only the second loop's
/// accumulator, and the second loop starts from P = 0 (its dot on its first
/// iteration's B, loaded before it, adds nothing).
struct Chain {
  tile::DotOp last;   // the first loop's last iteration's dot, after it
  DotWaitOp wait;     // its wait, if any
  unsigned a1, b1;    // the first loop's carried A and B
  unsigned a2, b2;    // the second loop's
  unsigned acc2;      // the second loop's carried accumulator
};

/// Whether `v` is a constant zero tile.
bool isZeroTile(Value v) {
  DenseElementsAttr attr;
  return matchPattern(v, m_Constant(&attr)) && attr.isSplat() &&
         isa<FloatType>(attr.getElementType()) &&
         attr.getSplatValue<APFloat>().isZero();
}

/// The load (through tile.trans) that `loop` yields as its carried value
/// `index`, if it is one of its body.
tile::LoadOp yieldedLoad(scf::ForOp loop, unsigned index) {
  tile::LoadOp load = loadThroughTransposes(loop.getYieldedValues()[index]);
  return load && load->getBlock() == loop.getBody() ? load : tile::LoadOp();
}

std::optional<Chain> findChain(scf::ForOp first, scf::ForOp second) {
  if (first->getBlock() != second->getBlock() ||
      !first->isBeforeInBlock(second))
    return std::nullopt;
  for (Operation *user : first->getUsers()) {
    auto last = dyn_cast<tile::DotOp>(user);
    if (!last || !last.getResult().hasOneUse())
      continue;
    auto a = dyn_cast<OpResult>(last.getA());
    auto b = dyn_cast<OpResult>(last.getB());
    auto acc = dyn_cast<OpResult>(last.getAcc());
    if (!a || !b || !acc || a.getOwner() != first || b.getOwner() != first ||
        acc.getOwner() != first || !a.hasOneUse() || !b.hasOneUse())
      continue;
    Value result = last.getResult();
    auto wait = dyn_cast<DotWaitOp>(*result.getUsers().begin());
    if (wait) {
      result = wait.getResult(0);
      if (wait->getNumResults() != 1 || !result.hasOneUse())
        continue;
    }
    OpOperand &use = *result.getUses().begin();
    unsigned control = second.getNumControlOperands();
    if (use.getOwner() != second || use.getOperandNumber() < control)
      continue;
    unsigned acc2 = use.getOperandNumber() - control;
    // The second loop's rotated dot: dot(P, B, acc) on its carried values.
    BlockArgument carried = second.getRegionIterArgs()[acc2];
    for (Operation *inner : carried.getUsers()) {
      auto dot = dyn_cast<tile::DotOp>(inner);
      if (!dot || dot.getAcc() != carried)
        continue;
      auto a2 = dyn_cast<BlockArgument>(dot.getA());
      auto b2 = dyn_cast<BlockArgument>(dot.getB());
      if (!a2 || !b2 || a2.getOwner() != second.getBody() ||
          b2.getOwner() != second.getBody() || a2.getArgNumber() == 0 ||
          b2.getArgNumber() == 0)
        continue;
      Chain chain{last, wait, a.getResultNumber(), b.getResultNumber(),
                  a2.getArgNumber() - 1, b2.getArgNumber() - 1, acc2};
      Value initA = second.getInitArgs()[chain.a2];
      Value initB = second.getInitArgs()[chain.b2];
      // Both loops' B come from loads of one tensor into one ring.
      tile::LoadOp load1 = yieldedLoad(first, chain.b1);
      tile::LoadOp load2 = yieldedLoad(second, chain.b2);
      if (isZeroTile(initA) && a.getType() == initA.getType() &&
          b.getType() == initB.getType() && load1 && load2 &&
          load1.getView() == load2.getView() &&
          load1.getType() == load2.getType() &&
          load1->getAttr(TileGPUDialect::kReadLagAttrName) ==
              load2->getAttr(TileGPUDialect::kReadLagAttrName))
        return chain;
    }
  }
  return std::nullopt;
}

/// The second loop of `chain` continues the first's rotation: its first
/// iteration issues the first loop's last dot, on the P and B the first loop
/// carries out, so that no dot runs (and none is waited for) between the
/// loops and no B is loaded for the second loop's first iteration:
///   loop 1 -> (P1, V1, acc1)             loop 1 -> (P1, V1, acc1)
///   acc = dot(P1, V1, acc1); wait
///   loop 2 (acc, P = 0, V = load)        loop 2 (acc1, P1, V1)
/// The B is the first loop's last stage on the ring both loops share, which
/// the second loop's first iteration releases after that dot's wait.
void chainLoops(scf::ForOp first, scf::ForOp second, Chain chain) {
  unsigned control = second.getNumControlOperands();
  Value initB = second.getInitArgs()[chain.b2];
  second->setOperand(control + chain.a2, first.getResult(chain.a1));
  second->setOperand(control + chain.b2, first.getResult(chain.b1));
  second->setOperand(control + chain.acc2, chain.last.getAcc());
  if (chain.wait)
    chain.wait.erase();
  chain.last.erase();
  // The B loaded for the second loop's first iteration (through its
  // transposes), now unused; the index arithmetic only it used is left to
  // the canonicalizer.
  for (Operation *op = initB.getDefiningOp();
       op && op->use_empty() && isa<tile::TransOp, tile::LoadOp>(op);) {
    Operation *source = op->getOperand(0).getDefiningOp();
    op->erase();
    op = source;
  }
}

struct TileGPUPipelinePass
    : public tessera::impl::TileGPUPipelineBase<TileGPUPipelinePass> {
  using Base::Base;
  void runOnOperation() override {
    func::FuncOp kernel = getOperation();
    if (kernel.isExternal())
      return;
    if (numStages > kMaxStages) {
      kernel.emitError() << "expected num-stages in [0, " << kMaxStages
                         << "] (0: the kernel's tile.num_stages; every stage "
                            "is a shared-memory copy of each pipelined "
                            "tile), got "
                         << static_cast<unsigned>(numStages);
      return signalPassFailure();
    }
    unsigned stages =
        numStages ? numStages : tile::TileDialect::getNumStages(kernel);
    if (stages < 2)
      return;
    // (Not the loop of programs of a persistent kernel: its loads are
    // each program's own, and pipelining a loop replaces it.)
    SmallVector<scf::ForOp> loops;
    kernel.walk([&](scf::ForOp loop) {
      if (!isProgramLoop(loop))
        loops.push_back(loop);
    });
    bool specialized =
        (warpSpecialize || tile::TileDialect::getWarpSpecialize(kernel)) &&
        canWarpSpecialize(kernel, loops);
    bool prefetch = prefetchRegisters ||
                    tile::TileDialect::getPrefetchRegisters(kernel);
    int64_t nextBufferId = 0;
    SharedRings shared;
    if (specialized) {
      shared.persistent = getPersistentLoop(kernel);
      // Rotated loops in a row share one rotation (their rings are shared).
      for (size_t i = 0; i + 1 < loops.size(); ++i)
        for (size_t j = i + 1; j < loops.size(); ++j)
          if (std::optional<Chain> chain = findChain(loops[i], loops[j])) {
            chainLoops(loops[i], loops[j], *chain);
            break;
          }
    }
    for (scf::ForOp loop : loops) {
      if (failed(pipelineLoop(loop, stages, nextBufferId,
                              specialized ? &shared : nullptr)))
        return signalPassFailure();
      if (prefetch)
        prefetchRegisterLoads(loop);
    }
    if (shared.afterLastLoop) {
      // A persistent kernel's rings serve every program: retired after
      // its loop of programs. Every consumer thread has passed its last
      // wait on them (the drain's barrier) before one invalidates them.
      OpBuilder b(shared.afterLastLoop);
      if (shared.persistent) {
        b.setInsertionPointAfter(shared.persistent);
        shared.finish();
      }
      Location loc = shared.afterLastLoop->getLoc();
      AsyncWaitOp::create(b, loc, 0);
      for (const LoadRing &ring : shared.rings)
        RingInvalOp::create(b, loc, ring.id, ring.stages, /*empty=*/true);
    }
    // The program's own tiles (tilegpu-select-copies marks them in
    // warp-specialized persistent kernels) are the producer's where they
    // fit; the rest stay copies by every thread.
    if (shared.afterLastLoop && shared.persistent &&
        failed(pipelineProgramTilesIfFit(kernel, nextBufferId, ctasPerSm)))
      return signalPassFailure();
    if (scf::ForOp programs = getPersistentLoop(kernel))
      for (auto load : programs.getBody()->getOps<tile::LoadOp>())
        load->removeAttr(TileGPUDialect::kTmaAttrName);
  }
};

} // namespace
