//===- WarpSpecialize.cpp - A producer warp for the TMA rings -------------===//
//
// Part of Tessera. FlashAttention-3's split of a kernel: a producer
// warpgroup whose one thread issues every TMA copy, running ahead of
// consumer warpgroups that only compute, the two handing stages over on the
// rings' full and empty mbarriers.
//
//===----------------------------------------------------------------------===//

#include "tessera/Transforms/Passes.h"

#include "LoopIterations.h"

#include "Tile/IR/TileDialect.h"
#include "TileGPU/IR/TileGPUDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"

namespace tessera {
#define GEN_PASS_DEF_TILEGPUWARPSPECIALIZE
#include "tessera/Transforms/Passes.h.inc"
} // namespace tessera

using namespace mlir;
using namespace tessera;
using namespace tessera::tilegpu;

namespace {

/// The register file of an SM, which setmaxnreg divides between the
/// warpgroups of a warp-specialized CTA (its share, with several CTAs an
/// SM).
constexpr int64_t kRegistersPerSm = 65536;
/// What a consumer thread may ask for: FlashAttention-3's 240 at two
/// consumer warpgroups (O, S and P of a 64-row slice at D = 128).
constexpr int64_t kMaxConsumerRegisters = 240;
/// The producer: one warpgroup (setmaxnreg applies to whole warpgroups), of
/// which one thread issues the copies.
constexpr unsigned kProducerWarps = kWarpsPerWarpgroup;

bool isProducerLoop(Operation *op) {
  return isa<scf::ForOp>(op) && op->hasAttr(TileGPUDialect::kProducerAttrName);
}

/// Clones into the producer region, at `b`, the computation of `v` in the
/// consumer region (not inside `within`, whose ops move): scalar computation
/// the producer can repeat. Anything else is an error at the op.
LogicalResult cloneValue(OpBuilder &b, Value v, Region &consumer,
                         IRMapping &mapping, Operation *within = nullptr) {
  if (mapping.contains(v) || !consumer.isAncestor(v.getParentRegion()))
    return success();
  Operation *def = v.getDefiningOp();
  if (!def || (within && within->isAncestor(def)))
    return success();
  // (Free of memory effects, not necessarily speculatable: a division by
  // a grid size runs where the consumers run it.)
  bool repeatable = def->getNumRegions() == 0 &&
                    (isMemoryEffectFree(def) || isa<tile::LoadScalarOp>(def));
  if (!repeatable)
    return def->emitError()
           << "cannot warp-specialize: the producer warp needs this value "
              "for the copies of a pipelined loop, and can only recompute "
              "scalar arithmetic, grid queries and scalar loads";
  for (Value operand : def->getOperands())
    if (failed(cloneValue(b, operand, consumer, mapping, within)))
      return failure();
  b.clone(*def, mapping);
  return success();
}

/// Clones into the producer region, at `b`, what `loop` reads from the
/// consumer region (loop bounds, the indices of its copies).
LogicalResult cloneInputs(OpBuilder &b, Operation *loop, Region &consumer,
                          IRMapping &mapping) {
  WalkResult result = loop->walk([&](Operation *op) {
    for (Value operand : op->getOperands())
      if (failed(cloneValue(b, operand, consumer, mapping, loop)))
        return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

/// Moves the producer loops, in program order, to `b` with what they need.
LogicalResult moveProducers(OpBuilder &b, ArrayRef<Operation *> producers,
                            Region &consumer, IRMapping &mapping) {
  for (Operation *loop : producers) {
    if (failed(cloneInputs(b, loop, consumer, mapping)))
      return failure();
    loop->moveBefore(b.getInsertionBlock(), b.getInsertionPoint());
    loop->walk([&](Operation *nested) {
      for (OpOperand &use : nested->getOpOperands())
        if (Value mapped = mapping.lookupOrNull(use.get()))
          use.set(mapped);
    });
  }
  return success();
}

/// The producer's loop of programs of a persistent kernel, at `b`: the
/// consumers' `programs` (bounds, and the rings' counts it carries, cloned),
/// holding the producer loops with what they need.
LogicalResult buildProducerPrograms(OpBuilder &b, scf::ForOp programs,
                                    ArrayRef<Operation *> producers,
                                    Region &consumer) {
  IRMapping mapping;
  for (Value operand : programs->getOperands())
    if (failed(cloneValue(b, operand, consumer, mapping)))
      return failure();
  SmallVector<Value> inits;
  for (Value init : programs.getInitArgs())
    inits.push_back(mapping.lookupOrDefault(init));
  auto loop = scf::ForOp::create(
      b, programs.getLoc(), mapping.lookupOrDefault(programs.getLowerBound()),
      mapping.lookupOrDefault(programs.getUpperBound()),
      mapping.lookupOrDefault(programs.getStep()), inits);
  loop->setAttrs(programs->getAttrs());
  mapping.map(programs.getInductionVar(), loop.getInductionVar());
  mapping.map(programs.getRegionIterArgs(), loop.getRegionIterArgs());
  // (The builder gives a loop without carried values its yield.)
  if (loop.getBody()->mightHaveTerminator())
    loop.getBody()->getTerminator()->erase();
  OpBuilder body = OpBuilder::atBlockEnd(loop.getBody());
  if (failed(moveProducers(body, producers, consumer, mapping)))
    return failure();
  SmallVector<Value> yielded;
  for (Value v : programs.getBody()->getTerminator()->getOperands()) {
    if (failed(cloneValue(body, v, consumer, mapping)))
      return failure();
    yielded.push_back(mapping.lookupOrDefault(v));
  }
  scf::YieldOp::create(body, programs.getLoc(), yielded);
  return success();
}

struct TileGPUWarpSpecializePass
    : public tessera::impl::TileGPUWarpSpecializeBase<
          TileGPUWarpSpecializePass> {
  using Base::Base;

  void runOnOperation() override {
    func::FuncOp kernel = getOperation();
    if (kernel.isExternal())
      return;
    // (Once per program: at the top level, or in a persistent kernel's loop
    // of programs.)
    scf::ForOp programs = getPersistentLoop(kernel);
    SmallVector<Operation *> producers;
    for (Operation &op : getProgramBlock(kernel).getOperations())
      if (isProducerLoop(&op))
        producers.push_back(&op);
    if (producers.empty())
      return;
    // Every TMA copy must be the producer's: it is the only thread that
    // issues them in a specialized kernel.
    WalkResult stray = kernel.walk([&](AsyncLoadOp copy) {
      if (copy->hasAttr(TileGPUDialect::kTmaAttrName) &&
          !copy->getParentOfType<scf::ForOp>()->hasAttr(
              TileGPUDialect::kProducerAttrName)) {
        copy.emitError("cannot warp-specialize: this TMA copy is not in a "
                       "producer loop (each pipelined loop of the kernel "
                       "must be at its top level and copy only by TMA)");
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
    });
    if (stray.wasInterrupted())
      return signalPassFailure();

    unsigned consumerWarps = tile::TileDialect::getNumWarps(kernel);
    if (consumerWarps % kWarpsPerWarpgroup != 0) {
      kernel.emitError() << "cannot warp-specialize a kernel of "
                         << consumerWarps
                         << " warps: its consumers must be whole warpgroups "
                            "(num_warps a multiple of 4)";
      return signalPassFailure();
    }
    if (ctasPerSm < 1 || ctasPerSm > 4) {
      kernel.emitError() << "expected ctas-per-sm in [1, 4], got "
                         << static_cast<unsigned>(ctasPerSm);
      return signalPassFailure();
    }
    int64_t producerThreads = 32 * kProducerWarps;
    int64_t consumerThreads = 32 * consumerWarps;
    int64_t share = kRegistersPerSm / ctasPerSm;
    int64_t consumerRegisters = std::min<int64_t>(
        kMaxConsumerRegisters,
        (share - producerThreads * producerRegisters) / consumerThreads / 8 *
            8);
    if (consumerRegisters < 24) {
      kernel.emitError() << "cannot warp-specialize a kernel of "
                         << consumerWarps
                         << " warps: with the producer's "
                         << producerRegisters
                         << " registers a thread, its consumers would get "
                         << consumerRegisters << " (setmaxnreg needs 24)";
      return signalPassFailure();
    }

    // The rings' barriers are made ready by every thread, before the split.
    Block &body = kernel.getBody().front();
    SmallVector<RingInitOp> inits(body.getOps<RingInitOp>());
    Operation *anchor = &body.front();
    while (isa<RingInitOp>(anchor))
      anchor = anchor->getNextNode();
    for (RingInitOp init : inits)
      init->moveBefore(anchor);
    OpBuilder b(anchor);
    auto split = WarpSpecializeOp::create(
        b, kernel.getLoc(), kProducerWarps, producerRegisters,
        consumerRegisters);
    Block *producer = &split.getProducer().emplaceBlock();
    Block *consumer = &split.getConsumer().emplaceBlock();
    // Everything after the split but the return is the consumers'.
    Operation *terminator = body.getTerminator();
    consumer->getOperations().splice(consumer->end(), body.getOperations(),
                                     std::next(split->getIterator()),
                                     terminator->getIterator());
    // The producer loops, in program order, with what they need (in a
    // persistent kernel, in a loop over the same programs).
    OpBuilder pb = OpBuilder::atBlockEnd(producer);
    IRMapping mapping;
    if (failed(programs ? buildProducerPrograms(pb, programs, producers,
                                                split.getConsumer())
                        : moveProducers(pb, producers, split.getConsumer(),
                                        mapping)))
      return signalPassFailure();
  }
};

} // namespace
