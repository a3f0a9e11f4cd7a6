//===- Pipeline.h - The tile-to-NVVM pass pipeline --------------*- C++ -*-===//
//
// Part of Tessera. One definition of the compiler's pipeline, shared by
// `tessera-opt --tessera-to-nvvm` and `tessera-compile`.
//
//===----------------------------------------------------------------------===//

#ifndef TESSERA_CONVERSION_PIPELINE_H
#define TESSERA_CONVERSION_PIPELINE_H

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"

namespace tessera {

struct TesseraPipelineOptions
    : public mlir::PassPipelineOptions<TesseraPipelineOptions> {
  PassOptions::Option<std::string> chip{
      *this, "chip", llvm::cl::desc("Target chip (sm_80 ... sm_90a)"),
      llvm::cl::init("sm_90a")};
  PassOptions::Option<unsigned> numStages{
      *this, "num-stages",
      llvm::cl::desc("cp.async pipeline depth (0: the kernel's tile.num_stages)"),
      llvm::cl::init(0)};
  PassOptions::Option<std::string> mma{
      *this, "mma",
      llvm::cl::desc("Tensor-core instructions: auto (wgmma where the chip "
                     "has it, i.e. sm_90a; mma.sync elsewhere), sync, wgmma"),
      llvm::cl::init("auto")};
  PassOptions::Option<unsigned> maxRegisters{
      *this, "max-registers",
      llvm::cl::desc("Registers per thread (0: from the occupancy)"),
      llvm::cl::init(0)};
};

/// Whether `options` lower tile.dot to wgmma, or an error naming the
/// option when it asks for what the chip does not have.
llvm::Expected<bool> usesWgmma(const TesseraPipelineOptions &options);

/// tile dialect -> GPU level: decompose online_softmax, canonicalize,
/// assign layouts, pipeline loop loads, allocate shared memory.
void buildTileToGPUPipeline(mlir::OpPassManager &pm,
                            const TesseraPipelineOptions &options);

/// GPU level -> LLVM + NVVM in a gpu.module: convert-tile-to-nvvm and the
/// upstream conversions to the LLVM dialect.
void buildGPUToNVVMPipeline(mlir::OpPassManager &pm,
                            const TesseraPipelineOptions &options);

/// Both, in order.
void buildTesseraToNVVMPipeline(mlir::OpPassManager &pm,
                                const TesseraPipelineOptions &options);

/// Registers `tessera-to-gpu`, `tessera-gpu-to-nvvm` and `tessera-to-nvvm`.
void registerTesseraPipelines();

} // namespace tessera

#endif // TESSERA_CONVERSION_PIPELINE_H
