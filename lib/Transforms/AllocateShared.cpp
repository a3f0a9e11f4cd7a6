//===- AllocateShared.cpp - Shared-memory placement passes ----------------===//
//
// Part of Tessera. Thin shells over tessera::SharedAllocation.
//
//===----------------------------------------------------------------------===//

#include "tessera/Transforms/Passes.h"

#include "tessera/Analysis/SharedAllocation.h"
#include "tessera/Target/Chips.h"

namespace tessera {
#define GEN_PASS_DEF_TILEGPUALLOCATESHARED
#define GEN_PASS_DEF_TILEGPUTESTPRINTALLOCATION
#include "tessera/Transforms/Passes.h.inc"
} // namespace tessera

using namespace mlir;
using namespace tessera;

namespace {

struct TileGPUAllocateSharedPass
    : public tessera::impl::TileGPUAllocateSharedBase<
          TileGPUAllocateSharedPass> {
  using Base::Base;
  void runOnOperation() override {
    func::FuncOp kernel = getOperation();
    llvm::Expected<const ChipInfo &> info = lookupChip(chip);
    if (!info) {
      kernel.emitError() << llvm::toString(info.takeError());
      return signalPassFailure();
    }
    SharedAllocation allocation(kernel, info->sharedAlignment());
    if (failed(allocation.checkBudget(kernel, info->sharedMemoryBudget, chip)))
      return signalPassFailure();
    allocation.annotate(kernel);
  }
};

struct TileGPUTestPrintAllocationPass
    : public tessera::impl::TileGPUTestPrintAllocationBase<
          TileGPUTestPrintAllocationPass> {
  void runOnOperation() override {
    for (auto func : getOperation().getOps<func::FuncOp>()) {
      llvm::outs() << "allocation of @" << func.getName() << "\n";
      SharedAllocation(func).print(llvm::outs());
    }
  }
};

} // namespace
