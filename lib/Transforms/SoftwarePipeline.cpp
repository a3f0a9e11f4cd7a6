//===- SoftwarePipeline.cpp - cp.async multi-buffering of loop loads ------===//
//
// Part of Tessera. Software pipelining in the style of the FlashAttention-2
// CUDA kernels: tiles for iteration k + S - 1 are copied while iteration k
// computes.
//
//===----------------------------------------------------------------------===//

#include "tessera/Transforms/Passes.h"

#include "Tile/IR/TileDialect.h"
#include "TileGPU/IR/TileGPUDialect.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/SetVector.h"

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

/// Whether `view` reads a tensor the kernel never writes: an `input`
/// parameter, or a `tile.narrow` of one. Reading such a tensor early, or for
/// an iteration that does not run, reads what the iteration would have read
/// (an index outside the tensor reads 0).
bool isReadOnlyView(Value view) {
  while (auto narrow = view.getDefiningOp<tile::NarrowOp>())
    view = narrow.getView();
  auto arg = dyn_cast<BlockArgument>(view);
  auto func = arg ? dyn_cast<func::FuncOp>(arg.getOwner()->getParentOp()) : nullptr;
  if (!func || arg.getOwner() != &func.getBody().front())
    return false;
  auto role = func.getArgAttrOfType<StringAttr>(arg.getArgNumber(),
                                                tile::TileDialect::kRoleAttrName);
  return role && role.getValue() == "input";
}

/// Whether `v` can be recomputed for another iteration: loop invariants, the
/// induction variable, pure arith ops of those inside the body, and scalar
/// loads at such indices from tensors the kernel only reads (a block table:
/// `page = BlockTable[b, j]`, then `K[page, ...]`).
bool isIterationComputable(Value v, scf::ForOp loop) {
  if (v == loop.getInductionVar())
    return true;
  if (loop.isDefinedOutsideOfLoop(v))
    return true;
  Operation *def = v.getDefiningOp();
  if (!def || def->getBlock() != loop.getBody() || def->getNumRegions())
    return false;
  if (auto scalar = dyn_cast<tile::LoadScalarOp>(def)) {
    if (!loop.isDefinedOutsideOfLoop(scalar.getView()) ||
        !isReadOnlyView(scalar.getView()))
      return false;
    return llvm::all_of(scalar.getIndices(), [&](Value index) {
      return isIterationComputable(index, loop);
    });
  }
  if (def->getDialect()->getNamespace() != "arith" || !isPure(def))
    return false;
  return llvm::all_of(def->getOperands(), [&](Value operand) {
    return isIterationComputable(operand, loop);
  });
}

/// Recomputes `v` with the induction variable replaced as `mapping` says,
/// cloning the arith ops and scalar loads it depends on at the builder's
/// insertion point.
Value recompute(OpBuilder &b, Value v, scf::ForOp loop, IRMapping &mapping) {
  if (Value mapped = mapping.lookupOrNull(v))
    return mapped;
  if (loop.isDefinedOutsideOfLoop(v))
    return v;
  Operation *def = v.getDefiningOp();
  for (Value operand : def->getOperands())
    recompute(b, operand, loop, mapping);
  Operation *clone = b.clone(*def, mapping);
  return clone->getResult(cast<OpResult>(v).getResultNumber());
}

/// Issues the async copies of `loads` for the iteration whose induction
/// variable is `iv`, into stage `stage`, when `iv < ub`; then commits.
void issueCopies(OpBuilder &b, Location loc, scf::ForOp loop,
                 ArrayRef<tile::LoadOp> loads, ArrayRef<int64_t> bufferIds,
                 Value iv, Value stage, unsigned stages) {
  Value pred = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, iv,
                                     loop.getUpperBound());
  IRMapping mapping;
  mapping.map(loop.getInductionVar(), iv);
  for (auto [constLoad, id] : llvm::zip(loads, bufferIds)) {
    tile::LoadOp load = constLoad;
    SmallVector<Value> indices;
    for (Value index : load.getIndices())
      indices.push_back(recompute(b, index, loop, mapping));
    // Diagnostics about the copy (e.g. the shared-memory budget) point at
    // the load the user wrote.
    auto copy = AsyncLoadOp::create(b, load.getLoc(), load.getView(), indices,
                                    stage,
                                    pred, b.getI64IntegerAttr(id),
                                    TypeAttr::get(load.getType()));
    copy->setAttr(kStagesAttr, b.getI64IntegerAttr(stages));
  }
  AsyncCommitOp::create(b, loc);
}

LogicalResult pipelineLoop(scf::ForOp loop, unsigned stages,
                           int64_t &nextBufferId) {
  SmallVector<tile::LoadOp> loads;
  for (auto load : loop.getBody()->getOps<tile::LoadOp>())
    if (isa_and_present<SharedEncodingAttr>(load.getType().getEncoding()) &&
        llvm::all_of(load.getIndices(), [&](Value index) {
          return isIterationComputable(index, loop);
        }))
      loads.push_back(load);
  if (loads.empty() || !loop.getInductionVar().getType().isInteger(32))
    return success();

  SmallVector<int64_t> ids;
  for (size_t i = 0; i < loads.size(); ++i)
    ids.push_back(nextBufferId++);
  Location loc = loop.getLoc();
  OpBuilder b(loop);
  auto constant = [&](int64_t v) -> Value {
    return arith::ConstantIntOp::create(b, loc, b.getI32Type(), v);
  };
  Value lb = loop.getLowerBound(), step = loop.getStep();

  // Prologue: iterations 0 .. S-2 into stages 0 .. S-2.
  for (unsigned s = 0; s + 1 < stages; ++s) {
    Value iv = arith::AddIOp::create(
        b, loc, lb,
        arith::MulIOp::create(b, loc, step, constant(s)));
    issueCopies(b, loc, loop, loads, ids, iv, constant(s), stages);
  }

  // Body: wait for this iteration's group, then prefetch S-1 ahead.
  b.setInsertionPointToStart(loop.getBody());
  Value iv = loop.getInductionVar();
  Value k = arith::DivSIOp::create(
      b, loc, arith::SubIOp::create(b, loc, iv, lb), step);
  Value stageCount = constant(stages);
  Value stage = arith::RemSIOp::create(b, loc, k, stageCount);
  AsyncWaitOp::create(b, loc, stages - 2);
  Value ahead = constant(stages - 1);
  Value nextIv = arith::AddIOp::create(
      b, loc, iv, arith::MulIOp::create(b, loc, step, ahead));
  Value nextStage = arith::RemSIOp::create(
      b, loc, arith::AddIOp::create(b, loc, k, ahead), stageCount);
  issueCopies(b, loc, loop, loads, ids, nextIv, nextStage, stages);

  // The index computations of the replaced loads (a block-table read, its
  // arithmetic) become dead once the loads are gone; collect them first
  // (loads may share them: K and V at one page).
  llvm::SetVector<Operation *> indexOps;
  std::function<void(Value)> collect = [&](Value v) {
    Operation *def = v.getDefiningOp();
    if (!def || def->getBlock() != loop.getBody() ||
        !(isa<tile::LoadScalarOp>(def) || isPure(def)) ||
        !indexOps.insert(def))
      return;
    for (Value operand : def->getOperands())
      collect(operand);
  };
  for (tile::LoadOp load : loads)
    for (Value index : load.getIndices())
      collect(index);

  for (auto [load, id] : llvm::zip(loads, ids)) {
    b.setInsertionPoint(load);
    auto view = StageViewOp::create(b, load.getLoc(), load.getType(), stage,
                                    b.getI64IntegerAttr(id));
    view->setAttr(kStagesAttr, b.getI64IntegerAttr(stages));
    load.getResult().replaceAllUsesWith(view.getResult());
    load.erase();
  }
  // Users before their operands: erasing one can leave its operand unused.
  SmallVector<Operation *> dead(indexOps.begin(), indexOps.end());
  llvm::sort(dead, [](Operation *a, Operation *b) { return b->isBeforeInBlock(a); });
  for (Operation *op : dead)
    if (op->use_empty())
      op->erase();

  // Drain: no copy may still land in a buffer reused after the loop.
  b.setInsertionPointAfter(loop);
  AsyncWaitOp::create(b, loc, 0);
  return success();
}

struct TileGPUPipelinePass
    : public tessera::impl::TileGPUPipelineBase<TileGPUPipelinePass> {
  using Base::Base;
  void runOnOperation() override {
    func::FuncOp kernel = getOperation();
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
    SmallVector<scf::ForOp> loops;
    kernel.walk([&](scf::ForOp loop) { loops.push_back(loop); });
    int64_t nextBufferId = 0;
    for (scf::ForOp loop : loops)
      if (failed(pipelineLoop(loop, stages, nextBufferId)))
        return signalPassFailure();
  }
};

} // namespace
