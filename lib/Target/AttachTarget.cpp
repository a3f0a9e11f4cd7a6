//===- AttachTarget.cpp - tessera-attach-target ---------------------------===//
//
// Part of Tessera.
//
//===----------------------------------------------------------------------===//

#include "tessera/Target/Passes.h"

#include "tessera/Target/Chips.h"

#include "mlir/IR/BuiltinAttributes.h"

namespace tessera {
#define GEN_PASS_DEF_TESSERAATTACHTARGET
#include "tessera/Target/Passes.h.inc"
} // namespace tessera

using namespace mlir;
using namespace tessera;

llvm::Expected<NVVM::NVVMTargetAttr>
tessera::makeNVVMTarget(MLIRContext *context, const TargetSpec &spec) {
  if (spec.optLevel > 3)
    return llvm::createStringError("expected an optimization level in [0, 3], "
                                   "got " +
                                   llvm::Twine(spec.optLevel));
  llvm::Expected<const ChipInfo &> chip = lookupChip(spec.chip);
  if (!chip)
    return chip.takeError();
  llvm::StringRef features = spec.features.empty()
                                 ? llvm::StringRef(chip->defaultFeatures)
                                 : llvm::StringRef(spec.features);
  return NVVM::NVVMTargetAttr::get(context, spec.optLevel,
                                   "nvptx64-nvidia-cuda", chip->name, features);
}

namespace {

struct TesseraAttachTargetPass
    : public tessera::impl::TesseraAttachTargetBase<TesseraAttachTargetPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *context = &getContext();
    llvm::Expected<NVVM::NVVMTargetAttr> target =
        makeNVVMTarget(context, {chip, features, optLevel});
    if (!target) {
      module.emitError() << llvm::toString(target.takeError());
      return signalPassFailure();
    }
    // The chip is in the table: makeNVVMTarget looked it up.
    const ChipInfo &info = llvm::cantFail(lookupChip(chip));
    module->setAttr(tilegpu::TileGPUDialect::kTargetAttrName, *target);
    module->setAttr(tilegpu::TileGPUDialect::kSharedMemoryAttrName,
                    IntegerAttr::get(IntegerType::get(context, 64),
                                     info.sharedMemoryBudget));
  }
};

} // namespace
