//===- PassPipelines.cpp - The registered tile-to-NVVM pipelines ----------===//
//
// Part of Tessera.
//
//===----------------------------------------------------------------------===//

#include "tessera/Conversion/PassPipelines.h"

#include "tessera/Conversion/Passes.h"
#include "tessera/Target/Passes.h"
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

void tessera::buildTileToGPUPipeline(OpPassManager &pm,
                                     const TesseraPipelineOptions &options) {
  // The chip is named once, on the module; the passes below read it there.
  TesseraAttachTargetOptions target;
  target.chip = options.chip;
  pm.addPass(createTesseraAttachTarget(target));
  pm.addPass(createTileDecomposeOnlineSoftmax());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  TileGPUPersistentOptions persistent;
  persistent.force = options.persistent;
  pm.addNestedPass<func::FuncOp>(createTileGPUPersistent(persistent));
  pm.addNestedPass<func::FuncOp>(createTileGPUVersionInBounds());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addNestedPass<func::FuncOp>(createTileGPUAssignLayouts());
  // Each of these does nothing on a target without the Hopper path.
  if (options.mma != MmaKind::Sync) {
    TileGPUScheduleDotsOptions scheduling;
    scheduling.numStages = options.numStages;
    pm.addNestedPass<func::FuncOp>(createTileGPUScheduleDots(scheduling));
  }
  TileGPUSelectCopiesOptions copies;
  copies.tma = options.copies != CopyKind::CpAsync;
  copies.requireTma = options.copies == CopyKind::Tma;
  copies.numStages = options.numStages;
  copies.warpSpecialize = options.warpSpecialize;
  pm.addNestedPass<func::FuncOp>(createTileGPUSelectCopies(copies));
  TileGPUPipelineOptions pipelining;
  pipelining.numStages = options.numStages;
  pipelining.warpSpecialize = options.warpSpecialize;
  pipelining.ctasPerSm = options.ctasPerSm;
  pm.addNestedPass<func::FuncOp>(createTileGPUPipeline(pipelining));
  TileGPUWarpSpecializeOptions specialization;
  specialization.ctasPerSm = options.ctasPerSm;
  pm.addNestedPass<func::FuncOp>(createTileGPUWarpSpecialize(specialization));
  pm.addNestedPass<func::FuncOp>(createTileGPUAllocateShared());
  TileGPUSelectMmaOptions selection;
  selection.wgmma = options.mma != MmaKind::Sync;
  selection.requireWgmma = options.mma == MmaKind::Wgmma;
  pm.addNestedPass<func::FuncOp>(createTileGPUSelectMma(selection));
  pm.addNestedPass<func::FuncOp>(createTileGPUPingPong());
  pm.addNestedPass<func::FuncOp>(createTileGPUPeelRotation());
}

void tessera::buildGPUToNVVMPipeline(OpPassManager &pm,
                                     const TesseraPipelineOptions &options) {
  ConvertTileToNVVMOptions lowering;
  lowering.maxRegisters = options.maxRegisters;
  lowering.maxVectorBytes = options.maxVectorBytes;
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
  // After the last canonicalization, which would fold the pieces back.
  pm.addPass(createTesseraSplitBlockVectors());
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
