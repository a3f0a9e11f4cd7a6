//===- DotCommon.h - What the two tile.dot lowerings share ------*- C++ -*-===//
//
// Part of Tessera. Private to lib/Conversion/TileToNVVM: the frame of a
// tile.dot lowering (operand checks, the A fragments, their hoisting), the
// mma.sync and wgmma instruction sequences it dispatches to, and the plan
// that says whether a dot can be wgmma.
//
//===----------------------------------------------------------------------===//

#ifndef TESSERA_LIB_CONVERSION_TILETONVVM_DOTCOMMON_H
#define TESSERA_LIB_CONVERSION_TILETONVVM_DOTCOMMON_H

#include "PatternsCommon.h"

#include "mlir/Transforms/DialectConversion.h"

namespace tessera::lowering {

/// Packs 2×2 values into the vector<2x2xT> fragments nvgpu.mma.sync takes.
mlir::Value packFragment(mlir::OpBuilder &b, mlir::Location loc,
                         llvm::ArrayRef<mlir::Value> values, int64_t rows);

/// The A fragment (vector<4x2xT>, mma.m16n8k16's a0..a3) of m-fragment mt at
/// k step kt.
using AFragmentFn = llvm::function_ref<mlir::Value(int64_t mt, int64_t kt)>;

/// A wgmma operand read from shared memory through a matrix descriptor: a
/// panelled tile (SharedTileLayout) on a 1024-byte boundary, which is the
/// hardware's 128-byte swizzle with 8-row groups 1024 bytes apart.
struct DescriptorOperand {
  /// Stored with K contiguous ([M][K] for A, [N][K] for B; imm-trans 0) or
  /// with M/N contiguous ([K][N] for B; imm-trans-b 1).
  bool kMajor;
  SharedTileLayout layout;

  /// The operand of `tile` (a #tilegpu.shared tile, `kMajor` as stored,
  /// its buffer 1024-byte aligned), when a descriptor can describe it.
  static std::optional<DescriptorOperand> get(mlir::Value tile, bool kMajor);

  /// The byte offset of the 16-deep k step `kt` from the tile's start.
  int64_t kStepOffset(int64_t kt) const;

  /// The descriptor bits other than the start address: the 128-byte
  /// swizzle, 1024 bytes between 8-row groups, and for an M/N-major tile
  /// the distance between 64-column panels (unused, "assumed 1", K-major).
  uint64_t descriptorConstant() const;

  /// The descriptor of the tile at `address` (an i64 shared-window
  /// address): the encoded start ((address & 0x3FFFF) >> 4) and the constant
  /// fields; byte offsets are then added to it in units of 16 bytes.
  mlir::Value descriptor(mlir::OpBuilder &b, mlir::Location loc,
                         mlir::Value address) const;
};

/// Where a tile.dot can be one wgmma.mma_async.m64nNk16 per warpgroup,
/// m-fragment and k step: B is read from shared memory through a matrix
/// descriptor; A too when it is a panelled shared tile, else from registers
/// (ldmatrix of another shared tile, or the repacked accumulator of a
/// previous dot).
struct WgmmaPlan {
  int64_t n;
  mlir::Type element;
  DescriptorOperand b;
  std::optional<DescriptorOperand> a;

  /// The plan of `op` (marked tilegpu.wgmma by tilegpu-select-mma, which
  /// checked that the buffers a descriptor reads are 1024-byte aligned),
  /// whose accumulator has geometry `g`, if it has one.
  static std::optional<WgmmaPlan> get(tile::DotOp op, const MmaGeometry &g);
};

/// wgmma.mma_async.m64nNk16 per (m-fragment, k step) for `plan`, one
/// commit group. Returns the accumulator slots: complete unless `async`
/// (then in flight until waitForDots).
llvm::SmallVector<mlir::Value>
lowerWgmma(mlir::OpBuilder &b, mlir::Location loc, tile::DotOp::Adaptor adaptor,
           const MmaGeometry &g, int64_t k, const WgmmaPlan &plan,
           bool zeroAcc, bool async, const ThreadIds &ids,
           AFragmentFn aFragment);

/// wgmma.wait_group `pendings`: returns `values` (accumulator slots), which
/// nothing can read before the wait.
llvm::SmallVector<mlir::Value> waitForDots(mlir::OpBuilder &b,
                                           mlir::Location loc,
                                           llvm::ArrayRef<mlir::Value> values,
                                           int64_t pendings);

/// The A fragment (16×16 at rows warpRow + row0, k step kt) of a shared
/// tile stored [M][K], as vector<4x2xT> (a0..a3): one ldmatrix.x4, lane l
/// addressing row l % 16, column half l / 16.
mlir::Value loadSharedA(mlir::OpBuilder &b, mlir::Location loc,
                        mlir::Value base, mlir::RankedTensorType aType,
                        mlir::Value warpRow, const ThreadIds &ids,
                        int64_t row0, int64_t kt);

/// The frame of both tile.dot patterns: checks the operands, reads the A
/// fragments (from shared memory with ldmatrix, from registers, or through
/// a wgmma descriptor), and lowers to wgmma when given a plan, else to
/// mma.sync.
class DotLoweringBase : public mlir::OpConversionPattern<tile::DotOp> {
public:
  using OpConversionPattern::OpConversionPattern;

protected:
  /// The accumulator's distribution when `op` can be lowered to tensor-core
  /// instructions; otherwise failure, with an error when `report`.
  static mlir::FailureOr<Distribution> matchMmaDot(tile::DotOp op,
                                                   bool report);

  /// Replaces `op` (accepted by matchMmaDot with `accDist`): with wgmma
  /// instructions when `plan` is given, else with mma.sync.
  void lower(tile::DotOp op, OpAdaptor adaptor,
             mlir::ConversionPatternRewriter &rewriter,
             const Distribution &accDist, const WgmmaPlan *plan) const;
};

} // namespace tessera::lowering

#endif // TESSERA_LIB_CONVERSION_TILETONVVM_DOTCOMMON_H
