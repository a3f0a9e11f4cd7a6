//===- ConvertLayout.cpp - tilegpu.convert_layout via shared memory -------===//
//
// Part of Tessera. Layout conversions between register layouts, and
// transposes of register tiles, go through the op's shared scratch buffer
// (tilegpu-allocate-shared gives its offset); a shared tile is read into the
// mma layout with ldmatrix.
//
//===----------------------------------------------------------------------===//

#include "DotCommon.h"
#include "PatternsCommon.h"
#include "tessera/Conversion/TileToNVVM/TileToNVVM.h"

#include "Tile/IR/TileDialect.h"
#include "TileGPU/IR/TileGPUDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace tessera;
using namespace tessera::lowering;
using namespace tessera::tile;
using namespace tessera::tilegpu;

namespace {

/// Moves the register tile `srcValues` (of `srcType`) through `op`'s
/// scratch buffer: every thread writes its slots (replicated slots write
/// the same value twice), the CTA synchronizes, then every thread reads the
/// slots of `dstType`. The scratch holds the source row-major, `rowStride`
/// elements a row; with `transpose`, the result's element (r, c) is the
/// source's (c, r). Into #tilegpu.shared (never transposed), the writes go
/// to the swizzled positions and the buffer is the result.
FailureOr<Value> throughScratch(ConversionPatternRewriter &rewriter,
                                Operation *op, Value srcValues,
                                RankedTensorType srcType,
                                RankedTensorType dstType, int64_t rowStride,
                                bool transpose, bool asyncProxy,
                                const TypeConverter &converter) {
  // verifyKernelLayouts requires #tilegpu layouts (mma ones 2-D), so both
  // distributions exist.
  auto src = Distribution::get(srcType);
  assert(src && "a register source has a distribution");
  FailureOr<int64_t> offset = sharedOffsetOf(op);
  if (failed(offset))
    return failure();
  bool toShared = isa<SharedEncodingAttr>(dstType.getEncoding());
  assert((!toShared || (!transpose && isStageableSharedTile(dstType))) &&
         "#tilegpu.shared and verifyKernelLayouts guarantee it");
  Location loc = op->getLoc();
  Type elementType = srcType.getElementType();
  // A 1-D tile's index is its row (the column of a column slice is swapped
  // into it below); a shared result's rows are the tile's.
  int64_t cols = srcType.getRank() == 2 ? srcType.getDimSize(1) : 1;
  Value base = sharedBase(rewriter, loc, *offset);
  ThreadIds ids = ThreadIds::get(rewriter, loc);

  // The scratch address of the source's element (row, col): row-major, or
  // swizzled like every shared tile when the result lives there.
  auto address = [&](Value row, Value col) -> Value {
    if (!toShared) {
      Value index = arith::AddIOp::create(
          rewriter, loc,
          arith::MulIOp::create(rewriter, loc, row,
                                i32Const(rewriter, loc, rowStride)),
          col);
      return LLVM::GEPOp::create(rewriter, loc, base.getType(), elementType,
                                 base, ValueRange{index});
    }
    SharedCoord coord;
    coord.rowVar = row;
    coord.chunkVar =
        arith::DivUIOp::create(rewriter, loc, col, i32Const(rewriter, loc, 8));
    coord.chunkVarBound = cols;
    Value chunk =
        sharedAddress(rewriter, loc, base, storedLayout(dstType), coord);
    Value within =
        arith::RemUIOp::create(rewriter, loc, col, i32Const(rewriter, loc, 8));
    return LLVM::GEPOp::create(rewriter, loc, base.getType(), elementType,
                               chunk, ValueRange{within});
  };
  // The scratch address of each slot of a distribution of a tile of `rank`;
  // `swap` reads the slot's (row, col) as the source's (col, row).
  auto slotAddresses = [&](const Distribution &dist, int64_t rank,
                           bool swap) {
    Value rowBase = dist.rowBase(rewriter, loc, ids);
    Value colBase = dist.colBase(rewriter, loc, ids);
    Value zero = i32Const(rewriter, loc, 0);
    SmallVector<Value> result;
    for (int64_t s = 0; s < dist.numSlots(); ++s) {
      SlotCoords c = dist.coords(s);
      Value row = dist.kind == Distribution::Cols
                      ? zero
                      : addI32(rewriter, loc, rowBase, c.rowConst);
      Value col = dist.kind == Distribution::Rows
                      ? zero
                      : addI32(rewriter, loc, colBase, c.colConst);
      // A 1-D column slice's index is its column.
      if (rank == 1 && dist.kind == Distribution::Cols)
        std::swap(row, col);
      if (swap)
        std::swap(row, col);
      result.push_back(address(row, col));
    }
    return result;
  };

  // Earlier readers of the scratch (a previous iteration) are done.
  syncThreads(rewriter, loc);
  for (auto [s, slot] :
       llvm::enumerate(slotAddresses(*src, srcType.getRank(), false)))
    LLVM::StoreOp::create(
        rewriter, loc,
        vector::ExtractOp::create(rewriter, loc, srcValues, int64_t(s)),
        slot);
  publishSharedWrites(rewriter, loc, asyncProxy && toShared);
  if (toShared)
    return base;
  auto dst = Distribution::get(dstType);
  assert(dst && "verifyKernelLayouts requires a #tilegpu layout");
  SmallVector<Value> values;
  for (Value slot : slotAddresses(*dst, dstType.getRank(), transpose))
    values.push_back(LLVM::LoadOp::create(rewriter, loc, elementType, slot));
  return vector::FromElementsOp::create(
             rewriter, loc, converter.convertType(dstType), values)
      .getResult();
}

/// tilegpu.convert_layout between register layouts, or from registers into
/// #tilegpu.shared (a staged dot operand), through its scratch buffer.
struct ConvertLayoutLowering : public OpConversionPattern<ConvertLayoutOp> {
  ConvertLayoutLowering(const TypeConverter &converter, MLIRContext *ctx,
                        bool asyncProxy)
      : OpConversionPattern(converter, ctx), asyncProxy(asyncProxy) {}

  LogicalResult
  matchAndRewrite(ConvertLayoutOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto srcType = cast<RankedTensorType>(op.getSrc().getType());
    if (isa<SharedEncodingAttr>(srcType.getEncoding()))
      return rewriter.notifyMatchFailure(op, "a shared source (ldmatrix)");
    // (The scratch is the tile row-major: a 1-D tile by its only index.)
    int64_t cols = srcType.getRank() == 2 ? srcType.getDimSize(1) : 1;
    FailureOr<Value> result = throughScratch(
        rewriter, op, adaptor.getSrc(), srcType,
        cast<RankedTensorType>(op.getType()), cols,
        /*transpose=*/false, asyncProxy, *getTypeConverter());
    if (failed(result))
      return failure();
    rewriter.replaceOp(op, *result);
    return success();
  }

  bool asyncProxy;
};

/// tile.trans of a register tile (a #tilegpu.shared tile is transposed in
/// place: its layout's 'transposed' flips) through its scratch buffer: the
/// source written row-major, each slot of the result read at its transposed
/// position. The two tiles' layouts are chosen independently (each the
/// layout its own uses want: 16-byte accesses for both sides of a transpose
/// kernel), so the transpose is one round trip through shared memory.
struct RegisterTransLowering : public OpConversionPattern<TransOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(TransOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto srcType = cast<RankedTensorType>(op.getSrc().getType());
    if (isa_and_present<SharedEncodingAttr>(srcType.getEncoding()))
      return rewriter.notifyMatchFailure(op, "a shared tile (forwarded)");
    FailureOr<Value> result = throughScratch(
        rewriter, op, adaptor.getSrc(), srcType,
        cast<RankedTensorType>(op.getType()),
        transposeScratchType(op).getDimSize(1),
        /*transpose=*/true, /*asyncProxy=*/false, *getTypeConverter());
    if (failed(result))
      return failure();
    rewriter.replaceOp(op, *result);
    return success();
  }
};

/// tilegpu.convert_layout of a #tilegpu.shared tile [M][K] into
/// #tilegpu.mma (the A operand of a dot, read once where it does not change:
/// tilegpu-select-mma): per k step and m-fragment one ldmatrix.x4, whose
/// a0..a3 are the accumulator slots of n-fragments 2kt and 2kt + 1 (the
/// layout repackA reads A from).
struct SharedToMmaLowering : public OpConversionPattern<ConvertLayoutOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(ConvertLayoutOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto srcType = cast<RankedTensorType>(op.getSrc().getType());
    auto dstType = cast<RankedTensorType>(op.getType());
    if (!isa<SharedEncodingAttr>(srcType.getEncoding()))
      return rewriter.notifyMatchFailure(op, "a register source (scratch)");
    // The op's verifier: an untransposed 2-D 16-bit shared tile into an mma
    // layout, K a multiple of 16.
    auto dist = Distribution::get(dstType);
    assert(dist && dist->kind == Distribution::Mma &&
           "convert_layout's verifier requires an mma result");
    const MmaGeometry &g = dist->geom;
    Location loc = op.getLoc();
    ThreadIds ids = ThreadIds::get(rewriter, loc);
    Value warpRow = dist->warpRowBase(rewriter, loc, ids);
    SmallVector<Value> slots(dist->numSlots());
    for (int64_t kt = 0; kt < g.cols / 16; ++kt)
      for (int64_t mt = 0; mt < g.mTiles(); ++mt) {
        Value a = loadSharedA(rewriter, loc, adaptor.getSrc(), srcType,
                              warpRow, ids, g.mTileRow(mt), kt);
        for (int64_t c = 0; c < 8; ++c)
          slots[g.slot(mt, 2 * kt + c / 4, c % 4)] =
              vector::ExtractOp::create(rewriter, loc, a,
                                        ArrayRef<int64_t>{c / 2, c % 2});
      }
    rewriter.replaceOpWithNewOp<vector::FromElementsOp>(
        op, getTypeConverter()->convertType(dstType), slots);
    return success();
  }
};

} // namespace

void tessera::populateTileLayoutConversionToNVVMPatterns(
    const TypeConverter &converter, RewritePatternSet &patterns,
    const TileToNVVMPatternOptions &options) {
  patterns.add<ConvertLayoutLowering>(converter, patterns.getContext(),
                                      options.asyncProxy);
  patterns.add<SharedToMmaLowering, RegisterTransLowering>(
      converter, patterns.getContext());
}
