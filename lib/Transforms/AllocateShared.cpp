//===- AllocateShared.cpp - Shared-memory placement passes ----------------===//
//
// Part of Tessera. Thin shells over tessera::SharedAllocation.
//
//===----------------------------------------------------------------------===//

#include "tessera/Transforms/Passes.h"

#include "tessera/Analysis/SharedAllocation.h"

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
    std::optional<int64_t> budget = sharedMemoryBudget(chip);
    if (!budget) {
      kernel.emitError() << "unknown chip '" << chip << "'; expected one of "
                         << supportedChips();
      return signalPassFailure();
    }
    SharedAllocation allocation(kernel);
    if (failed(allocation.checkBudget(kernel, *budget, chip)))
      return signalPassFailure();
    allocation.annotate(kernel);
  }
};

struct TileGPUTestPrintAllocationPass
    : public tessera::impl::TileGPUTestPrintAllocationBase<
          TileGPUTestPrintAllocationPass> {
  void runOnOperation() override {
    llvm::outs() << "allocation of @" << getOperation().getName() << "\n";
    SharedAllocation(getOperation()).print(llvm::outs());
  }
};

} // namespace
