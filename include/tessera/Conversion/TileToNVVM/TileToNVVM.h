//===- TileToNVVM.h - Patterns lowering tile kernels to NVVM ----*- C++ -*-===//
//
// Part of Tessera. The conversion of laid-out tile kernels to LLVM + NVVM as
// pattern families, like MLIR's NVGPUToNVVM: the convert-tile-to-nvvm pass
// is a thin shell over populateTileToNVVMConversionPatterns.
//
//===----------------------------------------------------------------------===//

#ifndef TESSERA_CONVERSION_TILETONVVM_TILETONVVM_H
#define TESSERA_CONVERSION_TILETONVVM_TILETONVVM_H

#include "mlir/Transforms/DialectConversion.h"

namespace tessera {

/// Every tile becomes the vector of elements the running thread holds in
/// its #tilegpu layout (a shared tile: a pointer into shared memory); a view
/// becomes a struct of its global pointer, sizes and strides.
class TileToNVVMTypeConverter : public mlir::TypeConverter {
public:
  TileToNVVMTypeConverter();
};

/// What the patterns of one kernel need to know.
struct TileToNVVMPatternOptions {
  /// The threads of the CTA (the kernel's nvvm.maxntid).
  unsigned numThreads = 128;
  /// Whether the kernel also reaches shared memory through the async proxy:
  /// dots tilegpu-select-mma gave to wgmma.mma_async (tilegpu.wgmma) or TMA
  /// copies (tilegpu.tma). Its generic shared-memory writes are then
  /// followed by fence.proxy.async before their barrier.
  bool asyncProxy = false;
};

/// Grid queries, tile construction and shape ops, elementwise arith and math.
void populateTileElementwiseToNVVMPatterns(
    const mlir::TypeConverter &converter, mlir::RewritePatternSet &patterns);

/// tile.reduce of mma rows and blocked tiles, tile.scan of blocked tiles
/// (warp shuffles, shared memory across warps).
void populateTileReduceToNVVMPatterns(const mlir::TypeConverter &converter,
                                      mlir::RewritePatternSet &patterns);

/// tile.dot on mma.sync.m16n8k16 (ldmatrix operands).
void populateTileDotToMmaSyncPatterns(const mlir::TypeConverter &converter,
                                      mlir::RewritePatternSet &patterns);

/// tile.dot on wgmma.mma_async.m64nNk16 where the operands allow (sm_90a),
/// at a higher benefit than mma.sync.
void populateTileDotToWgmmaPatterns(const mlir::TypeConverter &converter,
                                    mlir::RewritePatternSet &patterns);

/// View queries, loads and stores: global memory, shared memory (cp.async),
/// the pipelined async copies and scalar loads.
void populateTileMemoryToNVVMPatterns(const mlir::TypeConverter &converter,
                                      mlir::RewritePatternSet &patterns,
                                      const TileToNVVMPatternOptions &options);

/// The pipelined copies tilegpu-select-copies gave to TMA (sm_90a): the
/// copy (cp.async.bulk.tensor onto an mbarrier), the wait for a stage, and
/// the rings' mbarriers.
void populateTileTmaToNVVMPatterns(const mlir::TypeConverter &converter,
                                   mlir::RewritePatternSet &patterns);

/// tilegpu.convert_layout through shared memory.
void populateTileLayoutConversionToNVVMPatterns(
    const mlir::TypeConverter &converter, mlir::RewritePatternSet &patterns,
    const TileToNVVMPatternOptions &options);

/// The kernel's return.
void populateTileKernelSignatureToNVVMPatterns(
    const mlir::TypeConverter &converter, mlir::RewritePatternSet &patterns);

/// All of the above (wgmma dots only with `options.wgmma`).
void populateTileToNVVMConversionPatterns(
    const mlir::TypeConverter &converter, mlir::RewritePatternSet &patterns,
    const TileToNVVMPatternOptions &options);

/// The legality the patterns lower to: tile and tilegpu illegal, LLVM, NVVM,
/// NVGPU and vector legal, arith legal on converted types, math illegal.
void configureTileToNVVMConversionTarget(mlir::ConversionTarget &target,
                                         const mlir::TypeConverter &converter);

} // namespace tessera

#endif // TESSERA_CONVERSION_TILETONVVM_TILETONVVM_H
