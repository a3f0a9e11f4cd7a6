//===- LoopIterations.cpp - Values of another iteration of a loop ---------===//
//
// Part of Tessera.
//
//===----------------------------------------------------------------------===//

#include "LoopIterations.h"

#include "TileGPU/IR/TileGPUDialect.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

using namespace mlir;
using namespace tessera;

bool tessera::isReadOnlyView(Value view) {
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

bool tessera::isIterationComputable(Value v, scf::ForOp loop) {
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

Value tessera::recompute(OpBuilder &b, Value v, scf::ForOp loop,
                         IRMapping &mapping) {
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

/// The tile.loads of `loop`'s body that `keep` accepts and whose indices are
/// computable for another iteration (none unless the induction variable is
/// i32; none in the loop of a persistent kernel, whose iterations are its
/// programs: their loads are each program's own, its pipelines the loops
/// inside).
static SmallVector<tile::LoadOp>
loadsOfAnyIteration(scf::ForOp loop, function_ref<bool(tile::LoadOp)> keep) {
  SmallVector<tile::LoadOp> loads;
  if (!loop.getInductionVar().getType().isInteger(32) || isProgramLoop(loop))
    return loads;
  for (auto load : loop.getBody()->getOps<tile::LoadOp>())
    if (keep(load) && llvm::all_of(load.getIndices(), [&](Value index) {
          return isIterationComputable(index, loop);
        }))
      loads.push_back(load);
  return loads;
}

tile::LoadOp tessera::loadThroughTransposes(Value v) {
  while (auto trans = v.getDefiningOp<tile::TransOp>())
    v = trans.getSrc();
  return v.getDefiningOp<tile::LoadOp>();
}

SmallVector<tile::LoadOp> tessera::pipelinedLoads(scf::ForOp loop) {
  return loadsOfAnyIteration(loop, [](tile::LoadOp load) {
    return isa_and_present<tilegpu::SharedEncodingAttr>(
        load.getType().getEncoding());
  });
}

SmallVector<tile::LoadOp> tessera::registerPrefetchLoads(scf::ForOp loop) {
  return loadsOfAnyIteration(loop, [&](tile::LoadOp load) {
    Attribute encoding = load.getType().getEncoding();
    return encoding && !isa<tilegpu::SharedEncodingAttr>(encoding) &&
           !load->use_empty() && loop.isDefinedOutsideOfLoop(load.getView()) &&
           isReadOnlyView(load.getView());
  });
}

unsigned tessera::readLag(tile::LoadOp load) {
  auto lag = load->getAttrOfType<IntegerAttr>(
      tilegpu::TileGPUDialect::kReadLagAttrName);
  return lag ? lag.getInt() : 0;
}

unsigned tessera::ringStages(tile::LoadOp load, unsigned stages,
                             bool specialized) {
  if (specialized && stages >= 2 &&
      load->hasAttr(tilegpu::TileGPUDialect::kLateReleaseAttrName))
    return stages;
  return stages + readLag(load);
}

const tessera::LoadRing *
tessera::findSharedRing(ArrayRef<LoadRing> rings, tile::LoadOp load,
                        unsigned stages, ArrayRef<int64_t> taken) {
  const LoadRing *ring = llvm::find_if(rings, [&](const LoadRing &r) {
    return r.view == load.getView() && r.tileType == load.getType() &&
           r.stages == stages && !llvm::is_contained(taken, r.id);
  });
  return ring != rings.end() ? ring : nullptr;
}

bool tessera::isProgramLoop(scf::ForOp loop) {
  return loop->hasAttr(tilegpu::TileGPUDialect::kPersistentAttrName);
}

scf::ForOp tessera::getPersistentLoop(func::FuncOp kernel) {
  for (auto loop : kernel.getBody().getOps<scf::ForOp>())
    if (isProgramLoop(loop))
      return loop;
  return nullptr;
}

Block &tessera::getProgramBlock(func::FuncOp kernel) {
  if (scf::ForOp loop = getPersistentLoop(kernel))
    return *loop.getBody();
  return kernel.getBody().front();
}
