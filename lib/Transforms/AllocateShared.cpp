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
    FailureOr<tilegpu::TargetInfo> target = tilegpu::getTargetInfo(kernel);
    if (failed(target))
      return signalPassFailure();
    SharedAllocation allocation(kernel, target->sharedAlignment());
    if (failed(allocation.checkBudget(kernel, target->sharedMemory,
                                      target->target.getChip())))
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
