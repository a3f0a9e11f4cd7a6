//===- Passes.td - Target passes ---------------------------*- tablegen -*-===//
//
// Part of Tessera.
//
//===----------------------------------------------------------------------===//

#ifndef TESSERA_TARGET_PASSES
#define TESSERA_TARGET_PASSES

include "mlir/Pass/PassBase.td"

def TesseraAttachTarget : Pass<"tessera-attach-target", "::mlir::ModuleOp"> {
  let summary = "Name the chip the module's kernels are compiled for";
  let description = [{
    The one place a chip name is looked up in the table of supported chips
    (lib/Target/Chips.cpp): sets the module's `tilegpu.target` to
    `#nvvm.target<O, chip, features>` (features default to the chip's) and
    `tilegpu.shared_memory` to the chip's shared-memory budget, replacing
    any target already there. The passes after it read the target from the
    IR (tilegpu-select-mma, tilegpu-select-copies, tilegpu-schedule-dots,
    tilegpu-allocate-shared); convert-tile-to-nvvm gives it to the
    gpu.module, and the Target stage compiles for it. An unsupported chip is
    an error that lists the supported ones.

    ```mlir
    // -tessera-attach-target=chip=sm_80
    module attributes {tilegpu.shared_memory = 166912 : i64,
                       tilegpu.target = #nvvm.target<O = 3, chip = "sm_80",
                                                     features = "+ptx80">} {
    ```
  }];
  let options = [
    Option<"chip", "chip", "std::string", /*default=*/"\"sm_90a\"",
           "Target chip (sm_80 ... sm_120)">,
    Option<"features", "features", "std::string", /*default=*/"\"\"",
           "NVPTX features (default: the chip's, e.g. +ptx80)">,
    Option<"optLevel", "O", "unsigned", /*default=*/"3",
           "Optimization level of the NVPTX back end and of ptxas (0 to 3)">,
  ];
  let dependentDialects = [
    "::mlir::NVVM::NVVMDialect",
    "::tessera::tilegpu::TileGPUDialect",
  ];
}

#endif // TESSERA_TARGET_PASSES
