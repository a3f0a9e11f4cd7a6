//===- tessera-opt.cpp - The Tessera optimizer driver ---------------------===//
//
// Part of Tessera. A thin MlirOptMain driver: the tile dialect, the upstream
// dialects Tessera uses, Tessera's passes and the upstream passes lit tests
// need.
//
//===----------------------------------------------------------------------===//

#include "tessera/Conversion/Passes.h"
#include "tessera/Conversion/PassPipelines.h"
#include "tessera/Target/Passes.h"
#include "tessera/Transforms/Passes.h"

#include "Tile/IR/TileDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "mlir/Transforms/Passes.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  registry.insert<tessera::tile::TileDialect, tessera::tilegpu::TileGPUDialect,
                  mlir::arith::ArithDialect,
                  mlir::func::FuncDialect, mlir::math::MathDialect,
                  mlir::scf::SCFDialect, mlir::tensor::TensorDialect,
                  mlir::LLVM::LLVMDialect, mlir::NVVM::NVVMDialect,
                  mlir::nvgpu::NVGPUDialect, mlir::gpu::GPUDialect,
                  mlir::vector::VectorDialect>();
  mlir::registerCanonicalizerPass();
  mlir::registerCSEPass();
  mlir::registerSymbolDCEPass();
  tessera::registerTesseraPasses();
  tessera::registerTesseraConversionPasses();
  tessera::registerTesseraTargetPasses();
  tessera::registerTesseraPipelines();
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "Tessera optimizer driver\n", registry));
}
