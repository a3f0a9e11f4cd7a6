//===- TileToNVVM.cpp - Lower laid-out tile kernels to LLVM + NVVM --------===//
//
// Part of Tessera. Every tile becomes the vector of elements the running
// thread holds in its #tilegpu layout; tile ops become per-thread vector
// code, tensor-core instructions (ldmatrix, mma.sync, wgmma), cp.async
// copies and warp shuffles. The patterns live in one file per family
// (ElementwiseOps, ReduceOps, DotMmaSync, DotWgmma, MemoryOps,
// ConvertLayout, KernelSignature); this file has the type converter, the
// populate function over all of them and the pass.
//
//===----------------------------------------------------------------------===//

#include "tessera/Conversion/TileToNVVM/TileToNVVM.h"

#include "KernelSignature.h"
#include "PatternsCommon.h"
#include "tessera/Conversion/Passes.h"

#include "Tile/IR/TileDialect.h"
#include "TileGPU/IR/TileGPUDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"

namespace tessera {
#define GEN_PASS_DEF_CONVERTTILETONVVM
#include "tessera/Conversion/Passes.h.inc"
} // namespace tessera

using namespace mlir;
using namespace tessera;
using namespace tessera::lowering;
using namespace tessera::tile;
using namespace tessera::tilegpu;

//===----------------------------------------------------------------------===//
// Type conversion and legality
//===----------------------------------------------------------------------===//

TileToNVVMTypeConverter::TileToNVVMTypeConverter() {
  addConversion([](Type type) { return type; });
  addConversion([](ViewType view) -> Type { return viewStructType(view); });
  addConversion([](RankedTensorType type) -> std::optional<Type> {
    if (isa_and_present<SharedEncodingAttr>(type.getEncoding()))
      return LLVM::LLVMPointerType::get(type.getContext(), 3);
    auto dist = Distribution::get(type);
    if (!dist)
      return std::nullopt;
    return VectorType::get({dist->numSlots()}, type.getElementType());
  });
  auto materialize = [](OpBuilder &b, Type type, ValueRange inputs,
                        Location loc) -> Value {
    return UnrealizedConversionCastOp::create(b, loc, type, inputs)
        .getResult(0);
  };
  addSourceMaterialization(materialize);
  addTargetMaterialization(materialize);
}

void tessera::configureTileToNVVMConversionTarget(
    ConversionTarget &target, const TypeConverter &converter) {
  target.addIllegalDialect<TileDialect, TileGPUDialect>();
  target.addLegalDialect<LLVM::LLVMDialect, NVVM::NVVMDialect,
                         nvgpu::NVGPUDialect, vector::VectorDialect>();
  target.addIllegalOp<func::ReturnOp>();
  auto hasLegalTypes = [&converter](Operation *op) {
    return converter.isLegal(op->getOperandTypes()) &&
           converter.isLegal(op->getResultTypes());
  };
  target.addDynamicallyLegalDialect<arith::ArithDialect>(hasLegalTypes);
  target.addDynamicallyLegalDialect<math::MathDialect>(
      [](Operation *op) { return false; });
  target.addLegalOp<UnrealizedConversionCastOp>();
}

void tessera::populateTileToNVVMConversionPatterns(
    const TypeConverter &converter, RewritePatternSet &patterns,
    const TileToNVVMPatternOptions &options) {
  populateTileElementwiseToNVVMPatterns(converter, patterns);
  populateTileReduceToNVVMPatterns(converter, patterns);
  populateTileMemoryToNVVMPatterns(converter, patterns, options);
  populateTileTmaToNVVMPatterns(converter, patterns);
  populateTileKernelSignatureToNVVMPatterns(converter, patterns);
  populateTileDotToMmaSyncPatterns(converter, patterns);
  populateTileDotToWgmmaPatterns(converter, patterns);
  populateTileLayoutConversionToNVVMPatterns(converter, patterns, options);
}

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

namespace {

struct ConvertTileToNVVMPass
    : public tessera::impl::ConvertTileToNVVMBase<ConvertTileToNVVMPass> {
  using Base::Base;
  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (maxRegisters > 255) {
      module.emitError() << "expected max-registers in [0, 255] (0: let "
                            "ptxas choose), got "
                         << static_cast<unsigned>(maxRegisters);
      return signalPassFailure();
    }
    if (maxVectorBytes == 0 || maxVectorBytes > 16 ||
        !llvm::isPowerOf2_32(maxVectorBytes)) {
      module.emitError() << "expected max-vector-bytes to be 1, 2, 4, 8 or "
                            "16, got "
                         << static_cast<unsigned>(maxVectorBytes);
      return signalPassFailure();
    }
    SmallVector<func::FuncOp> kernels;
    for (auto func : module.getOps<func::FuncOp>())
      if (func->hasAttr(TileDialect::kKernelAttrName))
        kernels.push_back(func);
    if (kernels.empty())
      return;
    if (failed(checkHopperPath(module, kernels)))
      return signalPassFailure();
    gpu::GPUModuleOp gpuModule = getOrCreateGpuModule(module);
    for (func::FuncOp kernel : kernels) {
      unsigned numThreads = 32 * TileDialect::getNumWarps(kernel);
      // A warp-specialized kernel's CTA has the producer warpgroup after the
      // warps its layouts are written for.
      unsigned blockThreads = numThreads;
      auto specialized = kernel.getOps<tilegpu::WarpSpecializeOp>();
      if (!specialized.empty()) {
        if (maxRegisters != 0) {
          kernel.emitError("expected no max-registers for a warp-specialized "
                           "kernel (setmaxnreg divides its registers)");
          return signalPassFailure();
        }
        blockThreads += 32 * (*specialized.begin()).getProducerWarps();
        kernel->setAttr(kConsumerThreadsAttr,
                        IntegerAttr::get(IntegerType::get(&getContext(), 32),
                                         numThreads));
      }
      // What the lowering relies on and no single verifier sees: warpsM
      // divides the warps, operand and result layouts agree, buffers match;
      // views narrowed along their innermost dimension are accessed one
      // element at a time.
      if (failed(tilegpu::verifyKernelLayouts(kernel, numThreads / 32)) ||
          failed(checkNarrowAlignment(kernel)))
        return signalPassFailure();
      // Before the signature: the manifest's "align" follows the widths.
      planVectorAccesses(kernel, maxVectorBytes);
      orderCrossThreadAccesses(kernel, numThreads / 32);
      bool asyncProxy = usesAsyncProxy(kernel);
      FailureOr<LLVM::LLVMFuncOp> func =
          convertSignature(kernel, gpuModule, blockThreads);
      if (failed(func) || failed(lowerBody(*func, numThreads, asyncProxy)))
        return signalPassFailure();
      setRegisterCap(*func);
    }
  }

  /// Where the module names a chip without Hopper's path (tilegpu.target,
  /// chipHasWgmma), the first op of `kernels` that only that path lowers (a
  /// wgmma or asynchronous tile.dot, a TMA copy, a warp-specialized body) is
  /// an error: the selection passes give such ops only to sm_90a, so this is
  /// IR written or compiled for another chip.
  static LogicalResult checkHopperPath(ModuleOp module,
                                       ArrayRef<func::FuncOp> kernels) {
    auto target = module->getAttrOfType<NVVM::NVVMTargetAttr>(
        TileGPUDialect::kTargetAttrName);
    if (!target || tilegpu::chipHasWgmma(target.getChip()))
      return success();
    for (func::FuncOp kernel : kernels) {
      WalkResult walk = kernel.walk([&](Operation *op) {
        StringRef what;
        if (op->hasAttr(TileGPUDialect::kWgmmaAttrName))
          what = "a wgmma tile.dot ('tilegpu.wgmma')";
        else if (op->hasAttr(TileGPUDialect::kAsyncAttrName))
          what = "an asynchronous tile.dot ('tilegpu.async')";
        else if (op->hasAttr(TileGPUDialect::kTmaAttrName))
          what = "a TMA copy ('tilegpu.tma')";
        else if (isa<tilegpu::WarpSpecializeOp>(op))
          what = "a warp-specialized kernel";
        if (what.empty())
          return WalkResult::advance();
        op->emitError() << what << " needs Hopper's path (sm_90a), but the "
                        << "module's target is " << target.getChip();
        return WalkResult::interrupt();
      });
      if (walk.wasInterrupted())
        return failure();
    }
    return success();
  }

  /// A register cap, when asked for: ptxas otherwise uses up to 255
  /// registers a thread (measured faster than a cap that spills).
  void setRegisterCap(LLVM::LLVMFuncOp func) {
    if (maxRegisters != 0)
      func->setAttr(NVVM::NVVMDialect::getMaxnregAttrName(),
                    IntegerAttr::get(IntegerType::get(func.getContext(), 32),
                                     maxRegisters));
  }

  /// Whether `kernel` reaches shared memory through the async proxy: a dot
  /// tilegpu-select-mma gave to wgmma, or a TMA copy.
  static bool usesAsyncProxy(func::FuncOp kernel) {
    return kernel
        .walk([](Operation *op) {
          return op->hasAttr(TileGPUDialect::kWgmmaAttrName) ||
                         op->hasAttr(TileGPUDialect::kTmaAttrName)
                     ? WalkResult::interrupt()
                     : WalkResult::advance();
        })
        .wasInterrupted();
  }

  LogicalResult lowerBody(LLVM::LLVMFuncOp func, unsigned numThreads,
                          bool asyncProxy) {
    MLIRContext *ctx = &getContext();
    TileToNVVMTypeConverter converter;
    ConversionTarget target(*ctx);
    configureTileToNVVMConversionTarget(target, converter);
    RewritePatternSet patterns(ctx);
    populateTileToNVVMConversionPatterns(converter, patterns,
                                         {numThreads, asyncProxy});
    scf::populateSCFStructuralTypeConversionsAndLegality(converter, patterns,
                                                         target);
    return applyPartialConversion(func, target, std::move(patterns));
  }
};

} // namespace
