//===- MemoryOps.cpp - Views, loads, stores and async copies --------------===//
//
// Part of Tessera. View queries (dim, narrow); loads and stores of register
// tiles, one element per slot, masked by the view's sizes; loads into shared
// memory with 16-byte cp.async copies into swizzled buffers; the pipelined
// copies of tilegpu-pipeline; scalar loads.
//
//===----------------------------------------------------------------------===//

#include "PatternsCommon.h"
#include "tessera/Conversion/TileToNVVM/TileToNVVM.h"

#include "Tile/IR/TileDialect.h"
#include "TileGPU/IR/TileGPUDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace tessera;
using namespace tessera::lowering;
using namespace tessera::tile;
using namespace tessera::tilegpu;

namespace {

struct DimLowering : public OpConversionPattern<DimOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(DimOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    ViewValue view{adaptor.getView(), op.getView().getType().getRank()};
    Value size = view.size(rewriter, op.getLoc(), op.getIndex());
    rewriter.replaceOpWithNewOp<arith::TruncIOp>(op, rewriter.getI32Type(),
                                                 size);
    return success();
  }
};

/// tile.narrow: the same struct with the pointer advanced to `start` along
/// `dim` and that size clipped (an out-of-range start gives size 0).
struct NarrowLowering : public OpConversionPattern<NarrowOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(NarrowOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    ViewType viewType = op.getView().getType();
    ViewValue view{adaptor.getView(), viewType.getRank()};
    int64_t dim = op.getDim();
    Type i64 = rewriter.getI64Type();
    Value size = view.size(rewriter, loc, dim);
    Value start = arith::ExtSIOp::create(rewriter, loc, i64, adaptor.getStart());
    Value length =
        arith::ExtSIOp::create(rewriter, loc, i64, adaptor.getLength());
    Value zero = i64Const(rewriter, loc, 0);
    Value valid = arith::AndIOp::create(
        rewriter, loc,
        arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::sge, start,
                              zero),
        arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::sle, start,
                              size));
    Value rest = arith::SubIOp::create(rewriter, loc, size, start);
    Value clipped = arith::MaxSIOp::create(
        rewriter, loc, arith::MinSIOp::create(rewriter, loc, length, rest),
        zero);
    Value newSize = arith::SelectOp::create(rewriter, loc, valid, clipped, zero);
    Value offset = arith::SelectOp::create(
        rewriter, loc, valid,
        arith::MulIOp::create(rewriter, loc, start,
                              view.stride(rewriter, loc, dim)),
        zero);
    Value ptr = globalAddress(rewriter, loc, view.ptr(rewriter, loc),
                              viewType.getElementType(), offset);
    Value result = LLVM::InsertValueOp::create(rewriter, loc, adaptor.getView(),
                                               ptr, ArrayRef<int64_t>{0});
    result = LLVM::InsertValueOp::create(rewriter, loc, result, newSize,
                                         ArrayRef<int64_t>{1, dim});
    rewriter.replaceOp(op, result);
    return success();
  }
};

int64_t tileBytes(RankedTensorType type) {
  return type.getNumElements() * type.getElementTypeBitWidth() / 8;
}

/// The CTA's threads copy the tile `access` selects into the swizzled shared
/// buffer at `buffer` with 16-byte cp.async copies (cache at L2 only),
/// zero-filling what lies past the view's sizes; `pred` (optional) turns
/// every copy off. Does not commit or wait.
void emitTileCopy(OpBuilder &b, Location loc, const ViewAccess &access,
                  RankedTensorType type, Value buffer, Value pred,
                  unsigned numThreads) {
  int64_t rows = type.getDimSize(0), cols = type.getDimSize(1);
  int64_t chunksPerRow = cols / 8, chunks = rows * chunksPerRow;
  ThreadIds ids = ThreadIds::get(b, loc);
  Value globalPtr = access.view.ptr(b, loc);
  Value lastSize = access.view.size(b, loc, access.view.rank - 1);
  // Thread t copies chunks t, t + numThreads, ...: when numThreads is a
  // multiple of the chunks per row, its column stays and its row advances
  // by a constant.
  bool fixedColumn = numThreads % chunksPerRow == 0;
  Value cpr = i32Const(b, loc, chunksPerRow);
  for (int64_t first = 0; first < chunks; first += numThreads) {
    Value chunk = addI32(b, loc, ids.tid, first);
    SharedCoord coord;
    coord.chunkVarBound = chunksPerRow;
    if (fixedColumn) {
      coord.rowVar = arith::DivUIOp::create(b, loc, ids.tid, cpr);
      coord.rowConst = first / chunksPerRow;
      coord.chunkVar = arith::RemUIOp::create(b, loc, ids.tid, cpr);
    } else {
      coord.rowVar = arith::DivUIOp::create(b, loc, chunk, cpr);
      coord.chunkVar = arith::RemUIOp::create(b, loc, chunk, cpr);
    }
    Value row = addI32(b, loc, coord.rowVar, coord.rowConst);
    Value col = arith::MulIOp::create(b, loc, coord.chunkVar, i32Const(b, loc, 8));
    auto [offset, inBounds] = access.locate(b, loc, row, col);
    if (pred)
      inBounds = arith::AndIOp::create(b, loc, inBounds, pred);
    // Bytes to read: the part of the chunk inside the last dimension.
    Value colIndex = arith::ExtSIOp::create(
        b, loc, b.getI64Type(),
        arith::AddIOp::create(b, loc, access.indices.back(), col));
    Value left = arith::SubIOp::create(b, loc, lastSize, colIndex);
    left = arith::MinSIOp::create(b, loc, left, i64Const(b, loc, 8));
    Value bytes = arith::MulIOp::create(
        b, loc, arith::TruncIOp::create(b, loc, b.getI32Type(), left),
        i32Const(b, loc, 2));
    bytes = arith::SelectOp::create(b, loc, inBounds, bytes,
                                    i32Const(b, loc, 0));
    Value src = arith::SelectOp::create(
        b, loc, inBounds,
        globalAddress(b, loc, globalPtr, type.getElementType(), offset),
        globalPtr);
    Value dst = sharedAddress(b, loc, buffer, SharedTileLayout(type), coord);
    auto copy = [&](OpBuilder &nested, Location l) {
      NVVM::CpAsyncOp::create(nested, l, dst, src, 16,
                              NVVM::LoadCacheModifierKind::CG, bytes);
    };
    if (first + numThreads <= chunks) {
      copy(b, loc);
      continue;
    }
    Value active = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                                         chunk, i32Const(b, loc, chunks));
    scf::IfOp::create(b, loc, active, [&](OpBuilder &nested, Location l) {
      copy(nested, l);
      scf::YieldOp::create(nested, l);
    });
  }
}

/// A synchronous tile.load into shared memory: barrier (nobody still reads
/// the buffer), copy, commit, wait for everything, barrier.
struct SharedLoadLowering : public OpConversionPattern<LoadOp> {
  SharedLoadLowering(const TypeConverter &converter, MLIRContext *ctx,
                     unsigned numThreads, bool wgmma)
      : OpConversionPattern(converter, ctx), numThreads(numThreads),
        wgmma(wgmma) {}

  LogicalResult
  matchAndRewrite(LoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType type = op.getType();
    if (!isa_and_present<SharedEncodingAttr>(type.getEncoding()))
      return failure();
    FailureOr<int64_t> offset = sharedOffsetOf(op);
    if (failed(offset))
      return failure();
    if (failed(checkSharedTile(op, type)))
      return failure();
    if (op.getPadding().convertToDouble() != 0.0)
      return op.emitOpError("expected zero padding for a shared-memory load");
    Location loc = op.getLoc();
    Value buffer = sharedBase(rewriter, loc, *offset);
    NVVM::Barrier0Op::create(rewriter, loc);
    emitTileCopy(rewriter, loc,
                 makeAccess(adaptor.getView(), op.getView().getType(),
                            adaptor.getIndices(), 2),
                 type, buffer, Value(), numThreads);
    NVVM::CpAsyncCommitGroupOp::create(rewriter, loc);
    NVVM::CpAsyncWaitGroupOp::create(rewriter, loc, 0);
    publishSharedWrites(rewriter, loc, wgmma);
    rewriter.replaceOp(op, buffer);
    return success();
  }

  unsigned numThreads;
  bool wgmma;
};

/// The start of stage `stage` of a pipelined buffer.
Value stageBase(OpBuilder &b, Location loc, int64_t offset, Value stage,
                RankedTensorType type) {
  Value base = sharedBase(b, loc, offset);
  Value bytes = arith::MulIOp::create(b, loc, stage,
                                      i32Const(b, loc, tileBytes(type)));
  return LLVM::GEPOp::create(b, loc, base.getType(), b.getI8Type(), base,
                             ValueRange{bytes});
}

struct AsyncLoadLowering : public OpConversionPattern<AsyncLoadOp> {
  AsyncLoadLowering(const TypeConverter &converter, MLIRContext *ctx,
                    unsigned numThreads)
      : OpConversionPattern(converter, ctx), numThreads(numThreads) {}

  LogicalResult
  matchAndRewrite(AsyncLoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = cast<RankedTensorType>(op.getTileType());
    FailureOr<int64_t> offset = sharedOffsetOf(op);
    if (failed(offset))
      return failure();
    if (failed(checkSharedTile(op, type)))
      return failure();
    Location loc = op.getLoc();
    emitTileCopy(rewriter, loc,
                 makeAccess(adaptor.getView(), op.getView().getType(),
                            adaptor.getIndices(), 2),
                 type, stageBase(rewriter, loc, *offset, adaptor.getStage(), type),
                 adaptor.getPred(), numThreads);
    rewriter.eraseOp(op);
    return success();
  }

  unsigned numThreads;
};

struct AsyncCommitLowering : public OpConversionPattern<AsyncCommitOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(AsyncCommitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<NVVM::CpAsyncCommitGroupOp>(op);
    return success();
  }
};

struct AsyncWaitLowering : public OpConversionPattern<AsyncWaitOp> {
  AsyncWaitLowering(const TypeConverter &converter, MLIRContext *ctx,
                    bool wgmma)
      : OpConversionPattern(converter, ctx), wgmma(wgmma) {}
  LogicalResult
  matchAndRewrite(AsyncWaitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    NVVM::CpAsyncWaitGroupOp::create(rewriter, op.getLoc(), op.getPending());
    publishSharedWrites(rewriter, op.getLoc(), wgmma);
    rewriter.eraseOp(op);
    return success();
  }
  bool wgmma;
};

struct StageViewLowering : public OpConversionPattern<StageViewOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(StageViewOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<int64_t> offset = sharedOffsetOf(op);
    if (failed(offset))
      return failure();
    rewriter.replaceOp(op, stageBase(rewriter, op.getLoc(), *offset,
                                     adaptor.getStage(), op.getType()));
    return success();
  }
};

/// Per-slot global addresses of a distributed tile inside a view.
struct SlotAddresses {
  SmallVector<Value> addresses, inBounds;
};

SlotAddresses locateSlots(OpBuilder &b, Location loc,
                          const Distribution &dist, const ViewAccess &access,
                          Type elementType) {
  ThreadIds ids = ThreadIds::get(b, loc);
  Value rowBase = dist.rowBase(b, loc, ids);
  Value colBase = dist.colBase(b, loc, ids);
  Value base = access.view.ptr(b, loc);
  SlotAddresses result;
  for (int64_t s = 0; s < dist.numSlots(); ++s) {
    SlotCoords c = dist.coords(s);
    Value row = addI32(b, loc, rowBase, c.rowConst);
    Value col = addI32(b, loc, colBase, c.colConst);
    // A column vector's only tile dimension is its columns.
    if (dist.kind == Distribution::Cols && access.tileRank == 1)
      row = col;
    auto [offset, inBounds] = access.locate(b, loc, row, col);
    Value address = globalAddress(b, loc, base, elementType, offset);
    result.addresses.push_back(
        arith::SelectOp::create(b, loc, inBounds, address, base));
    result.inBounds.push_back(inBounds);
  }
  return result;
}

/// tile.load_scalar: every thread reads the same element (one cached load),
/// guarded by its bounds; out of bounds gives the padding.
struct LoadScalarLowering : public OpConversionPattern<LoadScalarOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(LoadScalarOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type type = op.getType();
    ViewAccess access = makeAccess(adaptor.getView(), op.getView().getType(),
                                   adaptor.getIndices(), /*tileRank=*/0);
    auto [offset, inBounds] = access.locate(rewriter, loc, Value(), Value());
    Value address = globalAddress(rewriter, loc, access.view.ptr(rewriter, loc),
                                  type, offset);
    double padding = op.getPadding().convertToDouble();
    TypedAttr paddingAttr =
        isa<FloatType>(type)
            ? TypedAttr(rewriter.getFloatAttr(type, padding))
            : TypedAttr(rewriter.getIntegerAttr(type, int64_t(padding)));
    auto ifOp = scf::IfOp::create(
        rewriter, loc, inBounds,
        [&](OpBuilder &b, Location l) {
          scf::YieldOp::create(
              b, l, ValueRange{LLVM::LoadOp::create(b, l, type, address)});
        },
        [&](OpBuilder &b, Location l) {
          scf::YieldOp::create(
              b, l, ValueRange{arith::ConstantOp::create(b, l, paddingAttr)});
        });
    rewriter.replaceOp(op, ifOp.getResults());
    return success();
  }
};

/// tile.load straight into registers (mma or slice layouts): each slot reads
/// its element, or takes the padding value out of bounds.
struct RegisterLoadLowering : public OpConversionPattern<LoadOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(LoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto dist = Distribution::get(op.getType());
    if (!dist)
      return failure();
    Location loc = op.getLoc();
    Type elementType = op.getType().getElementType();
    ViewAccess access = makeAccess(adaptor.getView(), op.getView().getType(),
                                   adaptor.getIndices(), op.getType().getRank());
    SlotAddresses slots =
        locateSlots(rewriter, loc, *dist, access, elementType);
    TypedAttr padAttr;
    if (isa<FloatType>(elementType))
      padAttr = rewriter.getFloatAttr(elementType,
                                      op.getPadding().convertToDouble());
    else
      padAttr = rewriter.getIntegerAttr(
          elementType, int64_t(op.getPadding().convertToDouble()));
    Value pad = arith::ConstantOp::create(rewriter, loc, padAttr);
    SmallVector<Value> values;
    for (auto [address, inBounds] :
         llvm::zip(slots.addresses, slots.inBounds)) {
      Value v = LLVM::LoadOp::create(rewriter, loc, elementType, address);
      values.push_back(
          arith::SelectOp::create(rewriter, loc, inBounds, v, pad));
    }
    Type type = getTypeConverter()->convertType(op.getType());
    rewriter.replaceOpWithNewOp<vector::FromElementsOp>(op, type, values);
    return success();
  }
};

/// tile.store of a distributed tile: each owning thread writes its slots
/// that fall inside the view.
struct StoreLowering : public OpConversionPattern<StoreOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(StoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = cast<RankedTensorType>(op.getValue().getType());
    auto dist = Distribution::get(type);
    if (!dist)
      return op.emitOpError("expected a tile in registers (mma or slice "
                            "layout), got ")
             << type;
    Location loc = op.getLoc();
    ViewAccess access = makeAccess(adaptor.getView(), op.getView().getType(),
                                   adaptor.getIndices(), type.getRank());
    SlotAddresses slots =
        locateSlots(rewriter, loc, *dist, access, type.getElementType());
    ThreadIds ids = ThreadIds::get(rewriter, loc);
    Value owner = dist->isOwner(rewriter, loc, ids);
    Value value = adaptor.getValue();
    auto storeIf = [&](Value pred, Value element, Value address,
                       unsigned alignment) {
      scf::IfOp::create(rewriter, loc, pred, [&](OpBuilder &b, Location l) {
        LLVM::StoreOp::create(b, l, element, address, alignment);
        scf::YieldOp::create(b, l);
      });
    };
    auto slotValue = [&](int64_t s) {
      return vector::ExtractOp::create(rewriter, loc, value, s);
    };
    // The slots (c0, c1) and (c2, c3) of an mma fragment are adjacent
    // columns: 16-bit tiles store them as one 4-byte word (the contiguous,
    // 16-byte aligned rows of the ABI make it aligned), and fall back to one
    // element at the right edge of the view.
    bool paired = dist->kind == Distribution::Mma &&
                  type.getElementTypeBitWidth() == 16;
    int64_t step = paired ? 2 : 1;
    for (int64_t s = 0; s < dist->numSlots(); s += step) {
      Value first = arith::AndIOp::create(rewriter, loc, owner,
                                          slots.inBounds[s]);
      if (!paired) {
        storeIf(first, slotValue(s), slots.addresses[s], 0);
        continue;
      }
      Value both = arith::AndIOp::create(rewriter, loc, owner,
                                         slots.inBounds[s + 1]);
      Value pair = vector::FromElementsOp::create(
          rewriter, loc, VectorType::get({2}, type.getElementType()),
          ValueRange{slotValue(s), slotValue(s + 1)});
      Value firstOnly = arith::AndIOp::create(
          rewriter, loc, first,
          arith::XOrIOp::create(
              rewriter, loc, both,
              arith::ConstantIntOp::create(rewriter, loc, rewriter.getI1Type(),
                                           1)));
      storeIf(both, pair, slots.addresses[s], 4);
      storeIf(firstOnly, slotValue(s), slots.addresses[s], 0);
    }
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void tessera::populateTileMemoryToNVVMPatterns(
    const TypeConverter &converter, RewritePatternSet &patterns,
    const TileToNVVMPatternOptions &options) {
  MLIRContext *ctx = patterns.getContext();
  patterns.add<DimLowering, NarrowLowering, RegisterLoadLowering,
               LoadScalarLowering, StoreLowering, AsyncCommitLowering,
               StageViewLowering>(converter, ctx);
  patterns.add<AsyncWaitLowering>(converter, ctx, options.wgmma);
  patterns.add<SharedLoadLowering>(converter, ctx, options.numThreads,
                                   options.wgmma);
  patterns.add<AsyncLoadLowering>(converter, ctx, options.numThreads);
}
