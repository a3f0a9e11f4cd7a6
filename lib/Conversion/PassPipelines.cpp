//===- PassPipelines.cpp - The registered tile-to-NVVM pipelines ----------===//
//
// Part of Tessera.
//
//===----------------------------------------------------------------------===//

#include "tessera/Conversion/PassPipelines.h"

#include "tessera/Conversion/Passes.h"
#include "tessera/Target/Chips.h"
#include "tessera/Transforms/Passes.h"

#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/NVGPUToNVVM/NVGPUToNVVM.h"
#include "mlir/Conversion/NVVMToLLVM/NVVMToLLVM.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Conversion/VectorToLLVM/ConvertVectorToLLVMPass.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

/// Whether the chip of `options` has the Hopper path (false for an unknown
/// chip: tilegpu-allocate-shared reports it).
static bool chipHasWgmma(const tessera::TesseraPipelineOptions &options) {
  llvm::Expected<const tessera::ChipInfo &> chip =
      tessera::lookupChip(options.chip);
  if (!chip) {
    llvm::consumeError(chip.takeError());
    return false;
  }
  return chip->hasWgmma;
}

bool tessera::usesWgmma(const TesseraPipelineOptions &options) {
  switch (options.mma) {
  case MmaKind::Sync:
    return false;
  case MmaKind::Wgmma:
    return true;
  case MmaKind::Auto:
    return chipHasWgmma(options);
  }
  llvm_unreachable("unknown MmaKind");
}

bool tessera::usesTma(const TesseraPipelineOptions &options) {
  switch (options.copies) {
  case CopyKind::CpAsync:
    return false;
  case CopyKind::Tma:
    return true;
  case CopyKind::Auto:
    return chipHasWgmma(options);
  }
  llvm_unreachable("unknown CopyKind");
}

void tessera::buildTileToGPUPipeline(OpPassManager &pm,
                                     const TesseraPipelineOptions &options) {
  pm.addPass(createTileDecomposeOnlineSoftmax());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addNestedPass<func::FuncOp>(createTileGPUAssignLayouts());
  if (usesWgmma(options)) {
    TileGPUScheduleDotsOptions scheduling;
    scheduling.chip = options.chip;
    pm.addNestedPass<func::FuncOp>(createTileGPUScheduleDots(scheduling));
  }
  TileGPUSelectCopiesOptions copies;
  copies.tma = usesTma(options);
  copies.requireTma = options.copies == CopyKind::Tma;
  copies.numStages = options.numStages;
  pm.addNestedPass<func::FuncOp>(createTileGPUSelectCopies(copies));
  TileGPUPipelineOptions pipelining;
  pipelining.numStages = options.numStages;
  pipelining.warpSpecialize = options.warpSpecialize;
  pm.addNestedPass<func::FuncOp>(createTileGPUPipeline(pipelining));
  pm.addNestedPass<func::FuncOp>(createTileGPUWarpSpecialize());
  TileGPUAllocateSharedOptions allocation;
  allocation.chip = options.chip;
  pm.addNestedPass<func::FuncOp>(createTileGPUAllocateShared(allocation));
  TileGPUSelectMmaOptions selection;
  selection.wgmma = usesWgmma(options);
  selection.requireWgmma = options.mma == MmaKind::Wgmma;
  pm.addNestedPass<func::FuncOp>(createTileGPUSelectMma(selection));
}

void tessera::buildGPUToNVVMPipeline(OpPassManager &pm,
                                     const TesseraPipelineOptions &options) {
  ConvertTileToNVVMOptions lowering;
  lowering.maxRegisters = options.maxRegisters;
  lowering.maxVectorBytes = options.maxVectorBytes;
  lowering.wgmma = usesWgmma(options);
  pm.addPass(createConvertTileToNVVM(lowering));
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addPass(createConvertNVGPUToNVVMPass());
  // NVVM ops without an LLVM intrinsic (mbarrier.try_wait.parity's retry
  // loop) become inline PTX.
  pm.addPass(createConvertNVVMToLLVMPass());
  pm.addPass(createConvertVectorToLLVMPass());
  pm.addPass(createSCFToControlFlowPass());
  pm.addPass(createArithToLLVMConversionPass());
  pm.addPass(createConvertControlFlowToLLVMPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
}

void tessera::buildTesseraToNVVMPipeline(
    OpPassManager &pm, const TesseraPipelineOptions &options) {
  buildTileToGPUPipeline(pm, options);
  buildGPUToNVVMPipeline(pm, options);
}

void tessera::registerTesseraPipelines() {
  PassPipelineRegistration<TesseraPipelineOptions>(
      "tessera-to-gpu",
      "Tile dialect to the GPU level (layouts, shared-memory offsets)",
      buildTileToGPUPipeline);
  PassPipelineRegistration<TesseraPipelineOptions>(
      "tessera-gpu-to-nvvm", "GPU level to LLVM + NVVM in a gpu.module",
      buildGPUToNVVMPipeline);
  PassPipelineRegistration<TesseraPipelineOptions>(
      "tessera-to-nvvm", "Tile dialect to LLVM + NVVM in a gpu.module",
      buildTesseraToNVVMPipeline);
}
