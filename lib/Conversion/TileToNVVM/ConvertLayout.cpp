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

/// The (row, col) of each slot of a distribution of a tile of `rank` (a
/// 1-D tile's index is its row: the column of a column slice is swapped
/// into it).
SmallVector<std::pair<Value, Value>>
slotCoordinates(OpBuilder &b, Location loc, const Distribution &dist,
                int64_t rank, const ThreadIds &ids) {
  Value rowBase = dist.rowBase(b, loc, ids);
  Value colBase = dist.colBase(b, loc, ids);
  Value zero = i32Const(b, loc, 0);
  SmallVector<std::pair<Value, Value>> result;
  for (int64_t s = 0; s < dist.numSlots(); ++s) {
    SlotCoords c = dist.coords(s);
    Value row = dist.kind == Distribution::Cols
                    ? zero
                    : addI32(b, loc, rowBase, c.rowConst);
    Value col = dist.kind == Distribution::Rows
                    ? zero
                    : addI32(b, loc, colBase, c.colConst);
    if (rank == 1 && dist.kind == Distribution::Cols)
      std::swap(row, col);
    result.push_back({row, col});
  }
  return result;
}

/// Whether a conversion from the shared tile `src` into `dst` reads with
/// ldmatrix.x4 (SharedToRegistersLowering): an untransposed 2-D 16-bit
/// tile, K a multiple of 16, into #tilegpu.mma (the A operand of a dot).
bool readsWithLdmatrix(RankedTensorType src, RankedTensorType dst) {
  auto shared = cast<SharedEncodingAttr>(src.getEncoding());
  return isa<MmaEncodingAttr>(dst.getEncoding()) && !shared.getTransposed() &&
         src.getRank() == 2 && src.getElementTypeBitWidth() == 16 &&
         src.getDimSize(1) % 16 == 0;
}

/// The address of element (row, col) of the #tilegpu.shared tile `type`
/// at `base`: a transposed tile's element is (col, row) of the stored one,
/// in the 16-byte chunk its swizzle places.
Value sharedElementAddress(OpBuilder &b, Location loc, Value base,
                           RankedTensorType type, Value row, Value col) {
  if (cast<SharedEncodingAttr>(type.getEncoding()).getTransposed())
    std::swap(row, col);
  SharedTileLayout layout = storedLayout(type);
  SharedCoord coord;
  coord.rowVar = row;
  coord.chunkVar = arith::DivUIOp::create(b, loc, col, i32Const(b, loc, 8));
  coord.chunkVarBound = layout.cols;
  Value chunk = sharedAddress(b, loc, base, layout, coord);
  Value within = arith::RemUIOp::create(b, loc, col, i32Const(b, loc, 8));
  return LLVM::GEPOp::create(b, loc, base.getType(), type.getElementType(),
                             chunk, ValueRange{within});
}

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
  Value base = sharedBase(rewriter, loc, *offset);
  ThreadIds ids = ThreadIds::get(rewriter, loc);

  // The scratch address of the source's element (row, col): row-major, or
  // swizzled like every shared tile when the result lives there.
  auto address = [&](Value row, Value col) -> Value {
    if (toShared)
      return sharedElementAddress(rewriter, loc, base, dstType, row, col);
    return scratchElement(rewriter, loc, base, elementType, row, rowStride,
                          col);
  };

  // Earlier readers of the scratch (a previous iteration) are done.
  syncThreads(rewriter, loc);
  for (auto [s, coord] : llvm::enumerate(
           slotCoordinates(rewriter, loc, *src, srcType.getRank(), ids)))
    LLVM::StoreOp::create(
        rewriter, loc,
        vector::ExtractOp::create(rewriter, loc, srcValues, int64_t(s)),
        address(coord.first, coord.second));
  publishSharedWrites(rewriter, loc, asyncProxy && toShared);
  if (toShared)
    return base;
  auto dst = Distribution::get(dstType);
  assert(dst && "verifyKernelLayouts requires a #tilegpu layout");
  SmallVector<Value> values;
  for (auto [row, col] :
       slotCoordinates(rewriter, loc, *dst, dstType.getRank(), ids)) {
    if (transpose)
      std::swap(row, col);
    values.push_back(
        LLVM::LoadOp::create(rewriter, loc, elementType, address(row, col)));
  }
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

/// tile.trans. Of a #tilegpu.shared tile it only reinterprets the stored
/// tile (its layout's 'transposed' flips): the buffer is forwarded. Of a
/// register tile it goes through its scratch buffer: the source written
/// row-major, each slot of the result read at its transposed position. The
/// two tiles' layouts are chosen independently (each the layout its own uses
/// want: 16-byte accesses for both sides of a transpose kernel), so the
/// transpose is one round trip through shared memory.
struct TransLowering : public OpConversionPattern<TransOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(TransOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto srcType = cast<RankedTensorType>(op.getSrc().getType());
    if (isa_and_present<SharedEncodingAttr>(srcType.getEncoding())) {
      rewriter.replaceOp(op, adaptor.getSrc());
      return success();
    }
    RankedTensorType scratch = transposeScratchType(op);
    if (!scratch)
      return rewriter.notifyMatchFailure(op, "a tile without a layout");
    FailureOr<Value> result = throughScratch(
        rewriter, op, adaptor.getSrc(), srcType,
        cast<RankedTensorType>(op.getType()), scratch.getDimSize(1),
        /*transpose=*/true, /*asyncProxy=*/false, *getTypeConverter());
    if (failed(result))
      return failure();
    rewriter.replaceOp(op, *result);
    return success();
  }
};

/// tilegpu.convert_layout of a #tilegpu.shared tile into registers. An
/// untransposed 16-bit [M][K] tile into #tilegpu.mma (the A operand of a
/// dot, read once where it does not change: tilegpu-select-mma) takes per k
/// step and m-fragment one ldmatrix.x4, whose a0..a3 are the accumulator
/// slots of n-fragments 2kt and 2kt + 1 (the layout repackA reads A from).
/// Into any other register layout (a dot operand loaded into shared memory
/// that the kernel also computes with, reduces or stores) every thread
/// reads each of its slots where the tile's swizzle (and transpose) puts
/// it. Either way the copy that filled the tile was waited for before its
/// first use, as for a dot.
struct SharedToRegistersLowering
    : public OpConversionPattern<ConvertLayoutOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(ConvertLayoutOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto srcType = cast<RankedTensorType>(op.getSrc().getType());
    auto dstType = cast<RankedTensorType>(op.getType());
    if (!isa<SharedEncodingAttr>(srcType.getEncoding()))
      return rewriter.notifyMatchFailure(op, "a register source (scratch)");
    auto dist = Distribution::get(dstType);
    assert(dist && "convert_layout's verifier requires a register result");
    Location loc = op.getLoc();
    ThreadIds ids = ThreadIds::get(rewriter, loc);
    SmallVector<Value> slots(dist->numSlots());
    if (readsWithLdmatrix(srcType, dstType)) {
      const MmaGeometry &g = dist->geom;
      Value warpRow = dist->warpRowBase(rewriter, loc, ids);
      for (int64_t kt = 0; kt < g.cols / 16; ++kt)
        for (int64_t mt = 0; mt < g.mTiles(); ++mt) {
          Value a = loadSharedA(rewriter, loc, adaptor.getSrc(), srcType,
                                warpRow, ids, g.mTileRow(mt), kt);
          for (int64_t c = 0; c < 8; ++c)
            slots[g.slot(mt, 2 * kt + c / 4, c % 4)] =
                vector::ExtractOp::create(rewriter, loc, a,
                                          ArrayRef<int64_t>{c / 2, c % 2});
        }
    } else {
      for (auto [s, coord] : llvm::enumerate(slotCoordinates(
               rewriter, loc, *dist, dstType.getRank(), ids)))
        slots[s] = LLVM::LoadOp::create(
            rewriter, loc, srcType.getElementType(),
            sharedElementAddress(rewriter, loc, adaptor.getSrc(), srcType,
                                 coord.first, coord.second));
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
  patterns.add<SharedToRegistersLowering, TransLowering>(
      converter, patterns.getContext());
}
