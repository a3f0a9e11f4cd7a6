//===- TileToNVVM.cpp - Lower laid-out tile kernels to LLVM + NVVM --------===//
//
// Part of Tessera. Every tile becomes the vector of elements the running
// thread holds in its #tilegpu layout; tile ops become per-thread vector
// code, tensor-core instructions (ldmatrix, mma.sync), cp.async copies and
// warp shuffles. The fragment layouts follow the PTX ISA, "Matrix Fragments
// for mma.m16n8k16 with floating point type" (section 9.7.14.5.8).
//
//===----------------------------------------------------------------------===//

#include "tessera/Conversion/Passes.h"

#include "Tile/IR/TileDialect.h"
#include "TileGPU/IR/TileGPUDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/TypeSwitch.h"
#include "mlir/Transforms/DialectConversion.h"

namespace tessera {
#define GEN_PASS_DEF_CONVERTTILETONVVM
#include "tessera/Conversion/Passes.h.inc"
} // namespace tessera

using namespace mlir;
using namespace tessera;
using namespace tessera::tile;
using namespace tessera::tilegpu;

namespace {

constexpr StringLiteral kSharedOffsetAttr = "tilegpu.shared_offset";
constexpr StringLiteral kSharedBytesAttr = "tessera.shared_bytes";
constexpr StringLiteral kSharedGlobal = "__tessera_smem";

//===----------------------------------------------------------------------===//
// Small IR-building helpers
//===----------------------------------------------------------------------===//

Value i32Const(OpBuilder &b, Location loc, int64_t v) {
  return arith::ConstantIntOp::create(b, loc, b.getI32Type(), v);
}

Value i64Const(OpBuilder &b, Location loc, int64_t v) {
  return arith::ConstantIntOp::create(b, loc, b.getI64Type(), v);
}

Value addI32(OpBuilder &b, Location loc, Value v, int64_t c) {
  if (c == 0)
    return v;
  return arith::AddIOp::create(b, loc, v, i32Const(b, loc, c));
}

/// The coordinates of the running thread that every layout is written in:
/// lane = 4 * group + quad within warp `warp`.
struct ThreadIds {
  Value tid, warp, lane, group, quad;
  /// The warps of the CTA (from the kernel's nvvm.maxntid).
  unsigned numWarps = 0;

  static ThreadIds get(OpBuilder &b, Location loc) {
    ThreadIds ids;
    Operation *parent = b.getInsertionBlock()->getParentOp();
    auto func = dyn_cast<LLVM::LLVMFuncOp>(parent);
    if (!func)
      func = parent->getParentOfType<LLVM::LLVMFuncOp>();
    if (func)
      if (auto maxntid =
              func->getAttrOfType<DenseI32ArrayAttr>("nvvm.maxntid"))
        ids.numWarps = maxntid.asArrayRef().front() / 32;
    ids.tid = NVVM::ThreadIdXOp::create(b, loc, b.getI32Type());
    ids.warp = arith::DivUIOp::create(b, loc, ids.tid, i32Const(b, loc, 32));
    ids.lane = arith::RemUIOp::create(b, loc, ids.tid, i32Const(b, loc, 32));
    ids.group = arith::DivUIOp::create(b, loc, ids.lane, i32Const(b, loc, 4));
    ids.quad = arith::RemUIOp::create(b, loc, ids.lane, i32Const(b, loc, 4));
    return ids;
  }

  /// The warp's place in a layout of `warpsM` warps. A tile with fewer row
  /// fragments than the CTA has warps is replicated: warp w holds what warp
  /// w % warpsM would.
  Value warpIn(OpBuilder &b, Location loc, unsigned warpsM) const {
    if (warpsM >= numWarps)
      return warp;
    return arith::RemUIOp::create(b, loc, warp, i32Const(b, loc, warpsM));
  }

  /// Whether the warp holds the first copy of a layout of `warpsM` warps.
  Value isFirstReplica(OpBuilder &b, Location loc, unsigned warpsM) const {
    if (warpsM >= numWarps)
      return arith::ConstantIntOp::create(b, loc, b.getI1Type(), 1);
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, warp,
                                 i32Const(b, loc, warpsM));
  }
};

//===----------------------------------------------------------------------===//
// Layout geometry: which element of a tile each per-thread slot holds
//===----------------------------------------------------------------------===//

/// The per-thread view of an mma tile (or of one of its slices). The warps
/// take 16-row fragments in turn: fragment mt of warp w holds rows
/// (mt * warpsM + w) * 16 ... + 15, so that the 4 warps of a warpgroup hold
/// 64 consecutive rows, as wgmma.m64nNk16 wants.
struct MmaGeometry {
  int64_t rows = 1, cols = 1;
  unsigned warpsM = 1;
  int64_t rowsPerWarp() const { return rows / warpsM; }
  int64_t mTiles() const { return rowsPerWarp() / 16; }
  /// The first row of m-fragment mt, relative to the warp's first row.
  int64_t mTileRow(int64_t mt) const { return mt * 16 * warpsM; }
  int64_t nTiles() const { return cols / 8; }
  int64_t slot(int64_t mt, int64_t nt, int64_t c) const {
    return (mt * nTiles() + nt) * 4 + c;
  }
};

/// A slot's element: row = rowBase + rowConst, col = colBase + colConst, where
/// the bases depend on the thread and the constants on the slot.
struct SlotCoords {
  int64_t rowConst = 0, colConst = 0;
};

/// Describes how a laid-out tile maps onto per-thread slots.
struct Distribution {
  enum Kind { Mma, Rows, Cols } kind;
  MmaGeometry geom;

  static std::optional<Distribution> get(RankedTensorType type) {
    Distribution d;
    if (auto mma = dyn_cast_if_present<MmaEncodingAttr>(type.getEncoding())) {
      if (type.getRank() != 2)
        return std::nullopt;
      d.kind = Mma;
      d.geom = {type.getDimSize(0), type.getDimSize(1), mma.getWarpsM()};
      return d;
    }
    auto slice = dyn_cast_if_present<SliceEncodingAttr>(type.getEncoding());
    if (!slice)
      return std::nullopt;
    int64_t extent = type.getRank() == 1
                         ? type.getDimSize(0)
                         : type.getDimSize(slice.getDim() == 1 ? 0 : 1);
    d.geom.warpsM = slice.getParent().getWarpsM();
    if (slice.getDim() == 1) {
      d.kind = Rows;
      d.geom.rows = extent;
    } else {
      d.kind = Cols;
      d.geom.cols = extent;
    }
    return d;
  }

  int64_t numSlots() const {
    switch (kind) {
    case Mma:
      return geom.mTiles() * geom.nTiles() * 4;
    case Rows:
      return geom.mTiles() * 2;
    case Cols:
      return geom.nTiles() * 2;
    }
    llvm_unreachable("unknown distribution");
  }

  /// The (row, col) of slot `s`, relative to the thread's bases.
  SlotCoords coords(int64_t s) const {
    switch (kind) {
    case Mma: {
      int64_t c = s % 4, tile = s / 4;
      int64_t mt = tile / geom.nTiles(), nt = tile % geom.nTiles();
      return {geom.mTileRow(mt) + (c >= 2 ? 8 : 0), nt * 8 + (c & 1)};
    }
    case Rows:
      return {geom.mTileRow(s / 2) + (s % 2) * 8, 0};
    case Cols:
      return {0, (s / 2) * 8 + (s % 2)};
    }
    llvm_unreachable("unknown distribution");
  }

  /// The thread's row base: warp * 16 + group.
  Value rowBase(OpBuilder &b, Location loc, const ThreadIds &ids) const {
    return arith::AddIOp::create(b, loc, warpRowBase(b, loc, ids), ids.group);
  }

  /// The first row of the warp's first m-fragment: warp * 16.
  Value warpRowBase(OpBuilder &b, Location loc, const ThreadIds &ids) const {
    return arith::MulIOp::create(b, loc, ids.warpIn(b, loc, geom.warpsM),
                                 i32Const(b, loc, 16));
  }

  /// The thread's column base: 2 * quad.
  Value colBase(OpBuilder &b, Location loc, const ThreadIds &ids) const {
    return arith::MulIOp::create(b, loc, ids.quad, i32Const(b, loc, 2));
  }

  /// Only one copy of a replicated slot writes to memory: the first replica
  /// of a tile with fewer warps than the CTA; for row vectors, the lane with
  /// quad 0 of each group; for column vectors, group 0 of warp 0.
  Value isOwner(OpBuilder &b, Location loc, const ThreadIds &ids) const {
    Value zero = i32Const(b, loc, 0);
    switch (kind) {
    case Mma:
      return ids.isFirstReplica(b, loc, geom.warpsM);
    case Rows:
      return arith::AndIOp::create(
          b, loc, ids.isFirstReplica(b, loc, geom.warpsM),
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, ids.quad,
                                zero));
    case Cols:
      return arith::CmpIOp::create(
          b, loc, arith::CmpIPredicate::eq,
          arith::OrIOp::create(b, loc, ids.warp, ids.group), zero);
    }
    llvm_unreachable("unknown distribution");
  }
};

//===----------------------------------------------------------------------===//
// Type conversion
//===----------------------------------------------------------------------===//

/// A view is passed as a global pointer, its sizes and its strides.
LLVM::LLVMStructType viewStructType(ViewType view) {
  MLIRContext *ctx = view.getContext();
  auto i64 = IntegerType::get(ctx, 64);
  auto array = LLVM::LLVMArrayType::get(i64, view.getRank());
  return LLVM::LLVMStructType::getLiteral(
      ctx, {LLVM::LLVMPointerType::get(ctx, 1), array, array});
}

class TileTypeConverter : public TypeConverter {
public:
  TileTypeConverter() {
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
};

//===----------------------------------------------------------------------===//
// Views
//===----------------------------------------------------------------------===//

/// Accessors of a converted view struct.
struct ViewValue {
  Value value;
  unsigned rank;

  Value ptr(OpBuilder &b, Location loc) const {
    return LLVM::ExtractValueOp::create(b, loc, value, ArrayRef<int64_t>{0});
  }
  Value size(OpBuilder &b, Location loc, unsigned d) const {
    return LLVM::ExtractValueOp::create(b, loc, value,
                                        ArrayRef<int64_t>{1, int64_t(d)});
  }
  Value stride(OpBuilder &b, Location loc, unsigned d) const {
    return LLVM::ExtractValueOp::create(b, loc, value,
                                        ArrayRef<int64_t>{2, int64_t(d)});
  }
};

/// Addressing of tile elements inside a view: the leading indices select one
/// element, the trailing `tileRank` dimensions start at the trailing indices.
struct ViewAccess {
  ViewValue view;
  SmallVector<Value> indices; // i32, one per view dimension
  unsigned tileRank;

  /// Element offset and in-bounds predicate of the tile element at
  /// (indices[R-2] + row, indices[R-1] + col) (2-D tiles) or
  /// indices[R-1] + row (1-D tiles).
  std::pair<Value, Value> locate(OpBuilder &b, Location loc, Value row,
                                 Value col) const {
    unsigned rank = view.rank;
    Value offset = i64Const(b, loc, 0);
    Value inBounds = arith::ConstantIntOp::create(b, loc, b.getI1Type(), 1);
    for (unsigned d = 0; d < rank; ++d) {
      Value index = indices[d];
      unsigned tileDim = d + tileRank;
      if (tileDim >= rank) {
        Value delta = (tileRank == 2 && d == rank - 1) ? col : row;
        index = arith::AddIOp::create(b, loc, index, delta);
      }
      Value index64 =
          arith::ExtSIOp::create(b, loc, b.getI64Type(), index);
      Value size = view.size(b, loc, d);
      Value ok = arith::AndIOp::create(
          b, loc,
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, index64,
                                i64Const(b, loc, 0)),
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, index64,
                                size));
      inBounds = arith::AndIOp::create(b, loc, inBounds, ok);
      // The innermost dimension is contiguous (the runtime checks it): its
      // offsets stay constants the back end folds into addresses.
      Value scaled = d + 1 == rank ? index64
                                   : Value(arith::MulIOp::create(
                                         b, loc, index64, view.stride(b, loc, d)));
      offset = arith::AddIOp::create(b, loc, offset, scaled);
    }
    return {offset, inBounds};
  }
};

Value globalAddress(OpBuilder &b, Location loc, Value base, Type elementType,
                    Value offset) {
  return LLVM::GEPOp::create(b, loc, base.getType(), elementType, base,
                             ValueRange{offset});
}

//===----------------------------------------------------------------------===//
// Shared memory
//===----------------------------------------------------------------------===//

/// The start of dynamic shared memory plus `offset` bytes.
Value sharedBase(OpBuilder &b, Location loc, int64_t offset) {
  auto ptrType = LLVM::LLVMPointerType::get(b.getContext(), 3);
  Value base = LLVM::AddressOfOp::create(b, loc, ptrType, kSharedGlobal);
  return LLVM::GEPOp::create(b, loc, ptrType, b.getI8Type(), base,
                             ArrayRef<LLVM::GEPArg>{offset});
}

/// How a 16-bit tile of rows × cols is laid out in shared memory. Rows are
/// cut into 16-byte chunks; chunk c of row r is stored at chunk
/// c ^ (r % period) of its group of `period` chunks, so the 8 rows an
/// ldmatrix reads hit distinct banks. Tiles whose rows are a multiple of
/// 64 columns are stored as panels of 64 columns (128 bytes) one after the
/// other, each panel rows × 128 bytes: on a 1024-byte aligned buffer that
/// is exactly the 128-byte swizzle wgmma's shared-memory descriptors read
/// (8-row atoms of 1024 bytes, chunk XOR row % 8).
struct SharedTileLayout {
  int64_t rows, cols;

  SharedTileLayout(int64_t rows, int64_t cols) : rows(rows), cols(cols) {}
  explicit SharedTileLayout(RankedTensorType storedType)
      : rows(storedType.getDimSize(0)), cols(storedType.getDimSize(1)) {}

  int64_t chunksPerRow() const { return cols / 8; }
  bool panelled() const { return cols % 64 == 0; }
  /// Chunks per stored row: 8 in a panel, all of them otherwise.
  int64_t rowChunks() const { return panelled() ? 8 : chunksPerRow(); }
  int64_t rowBytes() const { return rowChunks() * 16; }
  int64_t panelBytes() const { return rows * 128; }
  /// The largest power of two up to 8 that divides the stored row.
  int64_t period() const {
    int64_t period = 8;
    while (rowChunks() % period != 0)
      period /= 2;
    return period;
  }
};

/// The layout of a #tilegpu.shared tile: a transposed one is stored as its
/// transpose, [N][K].
SharedTileLayout storedLayout(RankedTensorType type) {
  auto shared = cast<SharedEncodingAttr>(type.getEncoding());
  if (shared.getTransposed())
    return {type.getDimSize(1), type.getDimSize(0)};
  return SharedTileLayout(type);
}

/// A coordinate in a shared tile, split into a thread-dependent part and a
/// compile-time constant: row = rowVar + rowConst, 16-byte chunk =
/// chunkVar + chunkConst with 0 <= chunkVar < chunkVarBound.
struct SharedCoord {
  Value rowVar;
  int64_t rowConst = 0;
  Value chunkVar;
  int64_t chunkVarBound = 1;
  int64_t chunkConst = 0;
};

/// The byte address of a chunk of a shared tile (SharedTileLayout).
///
/// The address is built as base + (thread part) + (constant): when the
/// constants do not change the phase and do not carry into the thread's
/// chunk bits, (chunkVar + chunkConst) ^ phase ==
/// ((chunkVar ^ phase) ^ lo) + hi (lo = chunkConst % period), so all the
/// fragments of a dot share a few registers and use immediate offsets.
Value sharedAddress(OpBuilder &b, Location loc, Value base,
                    const SharedTileLayout &layout, const SharedCoord &c) {
  int64_t period = layout.period(), rowBytes = layout.rowBytes();
  // The byte offset of the start of the stored row of chunk `hi` (a
  // multiple of the period) relative to its row.
  auto chunkGroupBytes = [&](int64_t hi) {
    return layout.panelled() ? hi / 8 * layout.panelBytes() : hi * 16;
  };
  int64_t immediate = 0;
  Value row = c.rowVar;
  if (c.rowConst % period == 0)
    immediate += c.rowConst * rowBytes;
  else
    row = addI32(b, loc, row, c.rowConst);
  Value phase = arith::RemUIOp::create(b, loc, row, i32Const(b, loc, period));
  int64_t lo = c.chunkConst % period, hi = c.chunkConst - lo;
  Value chunkBytes;
  auto times = [&](Value v, int64_t k) -> Value {
    return arith::MulIOp::create(b, loc, v, i32Const(b, loc, k));
  };
  if (c.chunkVarBound + lo <= period && lo % c.chunkVarBound == 0) {
    Value swizzled = arith::XOrIOp::create(
        b, loc, arith::XOrIOp::create(b, loc, c.chunkVar, phase),
        i32Const(b, loc, lo));
    chunkBytes = times(swizzled, 16);
    immediate += chunkGroupBytes(hi);
  } else {
    Value chunk = addI32(b, loc, c.chunkVar, c.chunkConst);
    Value periodConst = i32Const(b, loc, period);
    Value group = arith::DivUIOp::create(b, loc, chunk, periodConst);
    Value swizzled = arith::XOrIOp::create(
        b, loc, arith::RemUIOp::create(b, loc, chunk, periodConst), phase);
    chunkBytes = arith::AddIOp::create(
        b, loc, times(group, chunkGroupBytes(period)), times(swizzled, 16));
  }
  Value bytes =
      arith::AddIOp::create(b, loc, times(row, rowBytes), chunkBytes);
  Value address = LLVM::GEPOp::create(b, loc, base.getType(), b.getI8Type(),
                                      base, ValueRange{bytes});
  if (immediate == 0)
    return address;
  return LLVM::GEPOp::create(b, loc, base.getType(), b.getI8Type(), address,
                             ArrayRef<LLVM::GEPArg>{immediate});
}

//===----------------------------------------------------------------------===//
// Patterns: grid and view queries
//===----------------------------------------------------------------------===//

template <typename SourceOp, typename X, typename Y, typename Z>
struct GridQueryLowering : public OpConversionPattern<SourceOp> {
  using OpConversionPattern<SourceOp>::OpConversionPattern;
  LogicalResult
  matchAndRewrite(SourceOp op, typename SourceOp::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type i32 = rewriter.getI32Type();
    Location loc = op.getLoc();
    Value v;
    switch (op.getAxis()) {
    case 0:
      v = X::create(rewriter, loc, i32);
      break;
    case 1:
      v = Y::create(rewriter, loc, i32);
      break;
    default:
      v = Z::create(rewriter, loc, i32);
      break;
    }
    rewriter.replaceOp(op, v);
    return success();
  }
};

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

//===----------------------------------------------------------------------===//
// Patterns: tile construction and shape ops
//===----------------------------------------------------------------------===//

struct SplatLowering : public OpConversionPattern<SplatOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(SplatOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = getTypeConverter()->convertType(op.getType());
    if (!type)
      return rewriter.notifyMatchFailure(op, "tile without a layout");
    rewriter.replaceOpWithNewOp<vector::BroadcastOp>(op, type,
                                                     adaptor.getValue());
    return success();
  }
};

struct ConstantLowering : public OpConversionPattern<arith::ConstantOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(arith::ConstantOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto tensorType = dyn_cast<RankedTensorType>(op.getType());
    if (!tensorType)
      return failure();
    auto type = dyn_cast_if_present<VectorType>(
        getTypeConverter()->convertType(tensorType));
    auto splat = dyn_cast<SplatElementsAttr>(op.getValue());
    if (!type || !splat)
      return op.emitOpError("expected a splat constant tile with a layout");
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(
        op, type, SplatElementsAttr::get(type, splat.getSplatValue<Attribute>()));
    return success();
  }
};

struct IotaLowering : public OpConversionPattern<IotaOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(IotaOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto dist = Distribution::get(op.getType());
    if (!dist || dist->kind == Distribution::Mma)
      return op.emitOpError("expected a row or column slice layout");
    Location loc = op.getLoc();
    ThreadIds ids = ThreadIds::get(rewriter, loc);
    bool rows = dist->kind == Distribution::Rows;
    Value base = rows ? dist->rowBase(rewriter, loc, ids)
                      : dist->colBase(rewriter, loc, ids);
    SmallVector<int32_t> offsets;
    for (int64_t s = 0; s < dist->numSlots(); ++s) {
      SlotCoords c = dist->coords(s);
      offsets.push_back(rows ? c.rowConst : c.colConst);
    }
    auto vecType = VectorType::get({dist->numSlots()}, rewriter.getI32Type());
    Value consts = arith::ConstantOp::create(
        rewriter, loc, vecType,
        DenseElementsAttr::get(vecType, ArrayRef<int32_t>(offsets)));
    Value bases = vector::BroadcastOp::create(rewriter, loc, vecType, base);
    rewriter.replaceOpWithNewOp<arith::AddIOp>(op, consts, bases);
    return success();
  }
};

/// Ops that only reinterpret the per-thread slots: expand_dims of a slice,
/// trans of a shared tile, a broadcast that changes nothing.
template <typename SourceOp>
struct ForwardLowering : public OpConversionPattern<SourceOp> {
  using OpConversionPattern<SourceOp>::OpConversionPattern;
  LogicalResult
  matchAndRewrite(SourceOp op, typename SourceOp::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type from = this->getTypeConverter()->convertType(op.getSrc().getType());
    Type to = this->getTypeConverter()->convertType(op.getType());
    if (!from || from != to)
      return rewriter.notifyMatchFailure(op, "slots change");
    rewriter.replaceOp(op, adaptor.getSrc());
    return success();
  }
};

/// broadcast of a row (M×1) or column (1×N) slice to the parent mma tile:
/// each mma slot takes the slice slot of its row or column.
struct BroadcastLowering : public OpConversionPattern<BroadcastOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(BroadcastOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto src = Distribution::get(op.getSrc().getType());
    auto dst = Distribution::get(op.getType());
    if (!src || !dst || dst->kind != Distribution::Mma ||
        src->kind == Distribution::Mma)
      return rewriter.notifyMatchFailure(op, "not a slice-to-mma broadcast");
    SmallVector<int64_t> mask;
    const MmaGeometry &g = dst->geom;
    for (int64_t mt = 0; mt < g.mTiles(); ++mt)
      for (int64_t nt = 0; nt < g.nTiles(); ++nt)
        for (int64_t c = 0; c < 4; ++c)
          mask.push_back(src->kind == Distribution::Rows ? mt * 2 + c / 2
                                                         : nt * 2 + c % 2);
    rewriter.replaceOpWithNewOp<vector::ShuffleOp>(op, adaptor.getSrc(),
                                                   adaptor.getSrc(), mask);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Patterns: elementwise math
//===----------------------------------------------------------------------===//

/// How a math op computes one f32 (or i32) element on the GPU. The error
/// bounds of the approximate ones are in docs/tile-language.md (Builtins).
using ElementMath = std::function<Value(OpBuilder &, Location, Value)>;

/// An LLVM intrinsic of one f32 operand.
ElementMath intrinsic(StringRef name, double argScale = 1.0,
                      double resultScale = 1.0) {
  return [name, argScale, resultScale](OpBuilder &b, Location loc,
                                       Value x) -> Value {
    Type f32 = b.getF32Type();
    auto scaled = [&](Value v, double scale) -> Value {
      if (scale == 1.0)
        return v;
      return LLVM::FMulOp::create(
          b, loc, v,
          LLVM::ConstantOp::create(b, loc, f32, b.getF32FloatAttr(scale)));
    };
    Value r = LLVM::CallIntrinsicOp::create(b, loc, f32,
                                            b.getStringAttr(name),
                                            ValueRange{scaled(x, argScale)})
                  .getResult(0);
    return scaled(r, resultScale);
  };
}

/// One f32 PTX instruction `opcode $0, $1;` (for what has no intrinsic).
ElementMath ptxUnary(StringRef opcode) {
  return [opcode](OpBuilder &b, Location loc, Value x) -> Value {
    return LLVM::InlineAsmOp::create(
               b, loc, b.getF32Type(), ValueRange{x},
               (opcode + " $0, $1;").str(), "=f,f",
               /*has_side_effects=*/false, /*is_align_stack=*/false,
               LLVM::tailcallkind::TailCallKind::None,
               LLVM::AsmDialectAttr::get(b.getContext(),
                                         LLVM::AsmDialect::AD_ATT),
               /*operand_attrs=*/ArrayAttr())
        .getResult(0);
  };
}

std::optional<ElementMath> elementMathFor(Operation *op) {
  constexpr double kLog2E = 1.4426950408889634, kLn2 = 0.6931471805599453;
  return llvm::TypeSwitch<Operation *, std::optional<ElementMath>>(op)
      .Case([](math::Exp2Op) { return intrinsic("llvm.nvvm.ex2.approx.ftz.f"); })
      .Case([](math::ExpOp) {
        return intrinsic("llvm.nvvm.ex2.approx.ftz.f", kLog2E);
      })
      .Case([](math::Log2Op) { return intrinsic("llvm.nvvm.lg2.approx.ftz.f"); })
      .Case([](math::LogOp) {
        return intrinsic("llvm.nvvm.lg2.approx.ftz.f", 1.0, kLn2);
      })
      // Correctly rounded, like the interpreter's sqrtf and 1/sqrtf.
      .Case([](math::SqrtOp) { return intrinsic("llvm.sqrt.f32"); })
      .Case([](math::RsqrtOp) -> ElementMath {
        return [](OpBuilder &b, Location loc, Value x) -> Value {
          Value one = LLVM::ConstantOp::create(b, loc, b.getF32Type(),
                                               b.getF32FloatAttr(1.0));
          return LLVM::FDivOp::create(b, loc, one,
                                      intrinsic("llvm.sqrt.f32")(b, loc, x));
        };
      })
      .Case([](math::AbsFOp) { return intrinsic("llvm.fabs.f32"); })
      .Case([](math::FloorOp) { return intrinsic("llvm.floor.f32"); })
      .Case([](math::CeilOp) { return intrinsic("llvm.ceil.f32"); })
      .Case([](math::TanhOp) { return ptxUnary("tanh.approx.f32"); })
      .Case([](math::AbsIOp) -> ElementMath {
        return [](OpBuilder &b, Location loc, Value x) -> Value {
          return LLVM::AbsOp::create(b, loc, x.getType(), x,
                                     /*is_int_min_poison=*/false);
        };
      })
      .Default([](Operation *) { return std::nullopt; });
}

/// math ops on scalars or per-thread vectors, one element at a time: f32
/// (and i32 for absi) directly, f16 and bf16 widened to f32 and rounded back
/// (what the interpreter's numeric model does for 16-bit math).
struct MathLowering : public ConversionPattern {
  MathLowering(const TypeConverter &converter, MLIRContext *ctx)
      : ConversionPattern(converter, MatchAnyOpTypeTag(), /*benefit=*/2, ctx) {}

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isa_and_present<math::MathDialect>(op->getDialect()))
      return failure();
    std::optional<ElementMath> math = elementMathFor(op);
    if (!math)
      return op->emitOpError("is not supported on the GPU");
    Location loc = op->getLoc();
    Value input = operands[0];
    Type element = getElementTypeOrSelf(input);
    Type f32 = rewriter.getF32Type();
    bool isInt = isa<math::AbsIOp>(op);
    if (isInt ? !element.isInteger(32)
              : !(element.isF32() || element.isF16() || element.isBF16()))
      return op->emitOpError("expected ")
             << (isInt ? "i32" : "f32, f16 or bf16") << " operands, got "
             << element;
    auto apply = [&](Value x) -> Value {
      if (isInt || element.isF32())
        return (*math)(rewriter, loc, x);
      Value wide = LLVM::FPExtOp::create(rewriter, loc, f32, x);
      return LLVM::FPTruncOp::create(rewriter, loc, element,
                                     (*math)(rewriter, loc, wide));
    };
    auto vecType = dyn_cast<VectorType>(input.getType());
    if (!vecType) {
      rewriter.replaceOp(op, apply(input));
      return success();
    }
    SmallVector<Value> elements;
    for (int64_t i = 0; i < vecType.getNumElements(); ++i)
      elements.push_back(
          apply(vector::ExtractOp::create(rewriter, loc, input, i)));
    rewriter.replaceOpWithNewOp<vector::FromElementsOp>(op, vecType, elements);
    return success();
  }
};

/// Any other arith op on tiles: the same op on the per-thread vectors
/// (all operands share one layout, so slot i of each is the same element).
struct ElementwiseLowering : public ConversionPattern {
  ElementwiseLowering(const TypeConverter &converter, MLIRContext *ctx)
      : ConversionPattern(converter, MatchAnyOpTypeTag(), /*benefit=*/1, ctx) {}

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isa_and_present<arith::ArithDialect>(op->getDialect()) ||
        op->getNumRegions() != 0)
      return failure();
    SmallVector<Type> resultTypes;
    if (failed(getTypeConverter()->convertTypes(op->getResultTypes(),
                                                resultTypes)))
      return failure();
    OperationState state(op->getLoc(), op->getName(), operands, resultTypes,
                         op->getAttrs());
    Operation *lowered = rewriter.create(state);
    // Allow a*b+c to become one FMA, as CUDA does by default (-fmad=true):
    // exp2(s * scale - m) is one FMA and an ex2 per score.
    if (auto fastMath = dyn_cast<arith::ArithFastMathInterface>(lowered)) {
      arith::FastMathFlagsAttr flags = fastMath.getFastMathFlagsAttr();
      lowered->setAttr(
          fastMath.getFastMathAttrName(),
          arith::FastMathFlagsAttr::get(
              rewriter.getContext(),
              (flags ? flags.getValue() : arith::FastMathFlags::none) |
                  arith::FastMathFlags::contract));
    }
    rewriter.replaceOp(op, lowered->getResults());
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Patterns: reductions
//===----------------------------------------------------------------------===//

Value combine(OpBuilder &b, Location loc, ReduceKind kind, Value x, Value y) {
  switch (kind) {
  case ReduceKind::Max:
    return arith::MaximumFOp::create(b, loc, x, y);
  case ReduceKind::Min:
    return arith::MinimumFOp::create(b, loc, x, y);
  case ReduceKind::Sum:
    return arith::AddFOp::create(b, loc, x, y);
  }
  llvm_unreachable("unknown reduce kind");
}

/// Combines `values` pairwise, so the dependency chain is log2(n) long
/// rather than n (ptxas does not reassociate floating-point max or add).
Value combineTree(OpBuilder &b, Location loc, ReduceKind kind,
                  SmallVector<Value> values) {
  while (values.size() > 1) {
    SmallVector<Value> next;
    for (size_t i = 0; i + 1 < values.size(); i += 2)
      next.push_back(combine(b, loc, kind, values[i], values[i + 1]));
    if (values.size() % 2)
      next.push_back(values.back());
    values = std::move(next);
  }
  return values.front();
}

/// Row reduction of an mma tile: each thread combines its own slots of a
/// row, then the four lanes of a group (which hold the row's other columns)
/// exchange partials with shfl.bfly 1 and 2. Nothing crosses warps.
struct ReduceRowsLowering : public OpConversionPattern<ReduceOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ReduceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto src = Distribution::get(op.getSrc().getType());
    if (!src || src->kind != Distribution::Mma || op.getAxis() != 1)
      return op.emitOpError("only row reductions (axis 1) of mma tiles are "
                            "supported on the GPU");
    if (!getElementTypeOrSelf(op.getType()).isF32())
      return op.emitOpError("expected an f32 reduction on the GPU");
    Location loc = op.getLoc();
    Value in = adaptor.getSrc();
    const MmaGeometry &g = src->geom;
    Value mask = i32Const(rewriter, loc, -1);
    Value clamp = i32Const(rewriter, loc, 31);
    SmallVector<Value> rows;
    for (int64_t mt = 0; mt < g.mTiles(); ++mt) {
      for (int64_t h = 0; h < 2; ++h) {
        SmallVector<Value> partials;
        for (int64_t nt = 0; nt < g.nTiles(); ++nt)
          for (int64_t j = 0; j < 2; ++j)
            partials.push_back(vector::ExtractOp::create(
                rewriter, loc, in, g.slot(mt, nt, 2 * h + j)));
        Value acc = combineTree(rewriter, loc, op.getKind(), partials);
        for (int64_t offset : {1, 2}) {
          Value other = NVVM::ShflOp::create(
              rewriter, loc, rewriter.getF32Type(), mask, acc,
              i32Const(rewriter, loc, offset), clamp, NVVM::ShflKind::bfly,
              UnitAttr());
          acc = combine(rewriter, loc, op.getKind(), acc, other);
        }
        rows.push_back(acc);
      }
    }
    Type type = getTypeConverter()->convertType(op.getType());
    rewriter.replaceOpWithNewOp<vector::FromElementsOp>(op, type, rows);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Patterns: tile.dot on tensor cores
//===----------------------------------------------------------------------===//

/// Packs 2×2 values into the vector<2x2xT> fragments nvgpu.mma.sync takes.
Value packFragment(OpBuilder &b, Location loc, ArrayRef<Value> values,
                   int64_t rows) {
  auto type = VectorType::get({rows, 2}, values.front().getType());
  return vector::FromElementsOp::create(b, loc, type, values);
}

/// One mma.sync.m16n8k16 with f32 accumulators: `a` is vector<4x2xT>, `b`
/// vector<2x2xT>, `c` and the result vector<2x2xf32>. f16 goes through
/// nvgpu.mma.sync; bf16, which its lowering cannot type, goes to nvvm.mma.sync
/// directly with the pairs packed into the b32 registers PTX takes
/// (PTX ISA, "Matrix Fragments for mma.m16n8k16").
Value mmaSync(OpBuilder &b, Location loc, Value a, Value bFrag, Value c) {
  auto elementType = cast<VectorType>(a.getType()).getElementType();
  if (!elementType.isBF16())
    return nvgpu::MmaSyncOp::create(b, loc, a, bFrag, c,
                                    ArrayRef<int64_t>{16, 8, 16});
  auto registers = [&](Value fragment) {
    SmallVector<Value> words;
    for (int64_t i = 0, e = cast<VectorType>(fragment.getType()).getDimSize(0);
         i < e; ++i)
      words.push_back(LLVM::BitcastOp::create(
          b, loc, b.getI32Type(), vector::ExtractOp::create(b, loc, fragment, i)));
    return words;
  };
  SmallVector<Value> accumulators;
  for (int64_t i = 0; i < 2; ++i)
    for (int64_t j = 0; j < 2; ++j)
      accumulators.push_back(
          vector::ExtractOp::create(b, loc, c, ArrayRef<int64_t>{i, j}));
  Type f32 = b.getF32Type();
  auto resultType =
      LLVM::LLVMStructType::getLiteral(b.getContext(), {f32, f32, f32, f32});
  Value d = NVVM::MmaOp::create(
      b, loc, resultType, registers(a), registers(bFrag), accumulators,
      ArrayRef<int64_t>{16, 8, 16}, std::nullopt, std::nullopt,
      std::array<NVVM::MMATypes, 2>{NVVM::MMATypes::bf16,
                                    NVVM::MMATypes::bf16},
      std::array<NVVM::MMALayout, 2>{NVVM::MMALayout::row,
                                     NVVM::MMALayout::col});
  SmallVector<Value> results;
  for (int64_t i = 0; i < 4; ++i)
    results.push_back(LLVM::ExtractValueOp::create(b, loc, d, i));
  return vector::FromElementsOp::create(b, loc, c.getType(), results);
}

/// Splits the i32 registers an ldmatrix returns into f16/bf16 pairs.
SmallVector<Value> unpackLdMatrix(OpBuilder &b, Location loc, Value result,
                                  int64_t count, Type elementType) {
  SmallVector<Value> halves;
  auto pairType = VectorType::get({2}, elementType);
  for (int64_t i = 0; i < count; ++i) {
    Value reg = LLVM::ExtractValueOp::create(b, loc, result, i);
    Value pair = LLVM::BitcastOp::create(b, loc, pairType, reg);
    for (int64_t j = 0; j < 2; ++j)
      halves.push_back(vector::ExtractOp::create(b, loc, pair, j));
  }
  return halves;
}

/// ldmatrix.x4 of four 8×8 matrices; lane l gives the address of row l % 8 of
/// matrix l / 8. Returns the 8 halves the thread receives.
SmallVector<Value> ldmatrixX4(OpBuilder &b, Location loc, Value address,
                              bool transpose, Type elementType) {
  MLIRContext *ctx = b.getContext();
  auto i32 = b.getI32Type();
  auto resultType = LLVM::LLVMStructType::getLiteral(ctx, {i32, i32, i32, i32});
  Value result = NVVM::LdMatrixOp::create(
      b, loc, resultType, address, /*num=*/4,
      transpose ? NVVM::MMALayout::col : NVVM::MMALayout::row,
      NVVM::LdStMatrixShapeAttr::get(ctx, 8, 8), NVVM::LdStMatrixEltType::B16);
  return unpackLdMatrix(b, loc, result, 4, elementType);
}

/// A wgmma operand read from shared memory through a matrix descriptor: a
/// panelled tile (SharedTileLayout) on a 1024-byte boundary, which is the
/// hardware's 128-byte swizzle with 8-row groups 1024 bytes apart.
struct DescriptorOperand {
  /// Stored with K contiguous ([M][K] for A, [N][K] for B; imm-trans 0) or
  /// with M/N contiguous ([K][N] for B; imm-trans-b 1).
  bool kMajor;
  SharedTileLayout layout;

  /// The operand of `tile` (a #tilegpu.shared tile, `kMajor` as stored),
  /// when a descriptor can describe it.
  static std::optional<DescriptorOperand> get(Value tile, bool kMajor) {
    auto type = cast<RankedTensorType>(tile.getType());
    SharedTileLayout layout = storedLayout(type);
    // Every panel (and every stage of a ring) must start on a 1024-byte
    // boundary too: whole groups of 8 rows.
    if (!layout.panelled() || layout.rows % 8 != 0 ||
        !bufferAligned(tile, 1024))
      return std::nullopt;
    return DescriptorOperand{kMajor, layout};
  }

  /// Whether the shared buffer `tile` lives in starts on an `alignment`
  /// boundary (stages of a ring are whole panelled tiles, multiples of 1 KB).
  static bool bufferAligned(Value tile, int64_t alignment) {
    while (auto trans = tile.getDefiningOp<TransOp>())
      tile = trans.getSrc();
    Operation *def = tile.getDefiningOp();
    auto offset =
        def ? def->getAttrOfType<IntegerAttr>(kSharedOffsetAttr) : nullptr;
    return offset && offset.getInt() % alignment == 0;
  }

  /// The byte offset of the 16-deep k step `kt` from the tile's start.
  int64_t kStepOffset(int64_t kt) const {
    if (kMajor) // 16 columns (32 bytes) of a 64-column panel per step
      return kt / 4 * layout.panelBytes() + kt % 4 * 32;
    return kt * 16 * 128; // 16 rows of 128 bytes
  }

  /// The descriptor bits other than the start address: the 128-byte
  /// swizzle, 1024 bytes between 8-row groups, and for an M/N-major tile
  /// the distance between 64-column panels (unused, "assumed 1", K-major).
  uint64_t descriptorConstant() const {
    uint64_t leading = kMajor ? 1 : uint64_t(layout.panelBytes()) >> 4;
    uint64_t stride = 1024 >> 4;
    return (leading << 16) | (stride << 32) | (uint64_t(1) << 62);
  }

  /// The descriptor of the tile at `address` (an i64 shared-window
  /// address): the encoded start ((address & 0x3FFFF) >> 4) and the constant
  /// fields; byte offsets are then added to it in units of 16 bytes.
  Value descriptor(OpBuilder &b, Location loc, Value address) const {
    Value encoded = arith::ShRUIOp::create(
        b, loc,
        arith::AndIOp::create(b, loc, address, i64Const(b, loc, 0x3FFFF)),
        i64Const(b, loc, 4));
    return arith::OrIOp::create(b, loc, encoded,
                                i64Const(b, loc, int64_t(descriptorConstant())));
  }
};

/// Where a tile.dot can be one wgmma.mma_async.m64nNk16 per warpgroup,
/// m-fragment and k step: B is read from shared memory through a matrix
/// descriptor; A too when it is a panelled shared tile, else from registers
/// (ldmatrix of another shared tile, or the repacked accumulator of a
/// previous dot).
struct WgmmaPlan {
  int64_t n;
  Type element;
  DescriptorOperand b;
  std::optional<DescriptorOperand> a;

  static std::optional<WgmmaPlan> get(DotOp op, const MmaGeometry &g) {
    auto aType = cast<RankedTensorType>(op.getA().getType());
    auto bType = cast<RankedTensorType>(op.getB().getType());
    Type element = aType.getElementType();
    if (!(element.isF16() || element.isBF16()) ||
        bType.getElementType() != element ||
        !getElementTypeOrSelf(op.getAcc().getType()).isF32())
      return std::nullopt;
    // Each group of 4 warps covers 64 rows of every m-fragment.
    if (g.warpsM % 4 != 0 || g.cols % 8 != 0 || g.cols > 256)
      return std::nullopt;
    auto bShared = cast<SharedEncodingAttr>(bType.getEncoding());
    std::optional<DescriptorOperand> b =
        DescriptorOperand::get(op.getB(), bShared.getTransposed());
    if (!b)
      return std::nullopt;
    std::optional<DescriptorOperand> a;
    // A shared A operand is read through a descriptor too, even when its
    // fragments could stay in registers across the loop: measured faster
    // with 8 warps and at HEAD_DIM 128 (test/gpu/RESULTS.md, v5).
    if (isa_and_present<SharedEncodingAttr>(aType.getEncoding()))
      a = DescriptorOperand::get(op.getA(), /*kMajor=*/true);
    return WgmmaPlan{g.cols, element, *b, a};
  }
};

/// The "{$first, ..., $first + count - 1}" operand list of an asm string.
std::string asmOperandList(int64_t first, int64_t count) {
  std::string list = "{";
  for (int64_t i = 0; i < count; ++i)
    list += (i ? ", $" : "$") + std::to_string(first + i);
  return list + "}";
}

/// Inline PTX whose `values.size()` f32 outputs are tied to `values` (the
/// accumulator registers the instruction updates), after `inputs` with
/// `inputConstraints`.
SmallVector<Value> tiedAsm(OpBuilder &b, Location loc, StringRef ptx,
                           ArrayRef<Value> values, ValueRange inputs,
                           StringRef inputConstraints) {
  MLIRContext *ctx = b.getContext();
  int64_t n = values.size();
  std::string constraints;
  for (int64_t i = 0; i < n; ++i)
    constraints += "=f,";
  constraints += inputConstraints.str();
  for (int64_t i = 0; i < n; ++i)
    constraints += (inputConstraints.empty() && i == 0 ? "" : ",") +
                   std::to_string(i);
  SmallVector<Value> operands(inputs);
  operands.append(values.begin(), values.end());
  auto resultType = LLVM::LLVMStructType::getLiteral(
      ctx, SmallVector<Type>(n, b.getF32Type()));
  auto asmOp = LLVM::InlineAsmOp::create(
      b, loc, resultType, operands, ptx, constraints,
      /*has_side_effects=*/true, /*is_align_stack=*/false,
      LLVM::tailcallkind::TailCallKind::None,
      LLVM::AsmDialectAttr::get(ctx, LLVM::AsmDialect::AD_ATT),
      /*operand_attrs=*/ArrayAttr());
  SmallVector<Value> results;
  for (int64_t i = 0; i < n; ++i)
    results.push_back(
        LLVM::ExtractValueOp::create(b, loc, asmOp.getResult(0), i));
  return results;
}

struct DotLowering : public OpConversionPattern<DotOp> {
  DotLowering(const TypeConverter &converter, MLIRContext *ctx, bool wgmma)
      : OpConversionPattern(converter, ctx), wgmma(wgmma) {}

  LogicalResult
  matchAndRewrite(DotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto accDist = Distribution::get(op.getAcc().getType());
    if (!accDist || accDist->kind != Distribution::Mma)
      return op.emitOpError("expected an mma accumulator");
    auto aType = cast<RankedTensorType>(op.getA().getType());
    auto bType = cast<RankedTensorType>(op.getB().getType());
    int64_t k = aType.getDimSize(1);
    const MmaGeometry &g = accDist->geom;
    if (k % 16 != 0 || g.nTiles() % 2 != 0)
      return op.emitOpError("expected K and N to be multiples of 16 for "
                            "mma.sync.m16n8k16, got K = ")
             << k << ", N = " << g.cols;
    auto bShared = dyn_cast_if_present<SharedEncodingAttr>(bType.getEncoding());
    if (!bShared)
      return op.emitOpError("expected operand b in shared memory");
    auto aShared = dyn_cast_if_present<SharedEncodingAttr>(aType.getEncoding());
    if (aShared && aShared.getTransposed())
      return op.emitOpError("a transposed A operand is not supported yet");

    Location loc = op.getLoc();
    ThreadIds ids = ThreadIds::get(rewriter, loc);
    Value warpRow = accDist->warpRowBase(rewriter, loc, ids);

    std::optional<WgmmaPlan> plan =
        wgmma ? WgmmaPlan::get(op, g) : std::nullopt;
    // A loop-invariant shared A operand (Q in attention) is read into
    // registers once, before the outermost loop it does not change in
    // (unless wgmma reads it from shared memory).
    SmallVector<SmallVector<Value>> hoistedA;
    Operation *loop = plan && plan->a
                          ? nullptr
                          : hoistPointForA(op, k / 16 * g.mTiles());
    if (loop) {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPoint(loop);
      ThreadIds outerIds = ThreadIds::get(rewriter, loc);
      Value outerWarpRow = accDist->warpRowBase(rewriter, loc, outerIds);
      for (int64_t kt = 0; kt < k / 16; ++kt) {
        hoistedA.emplace_back();
        for (int64_t mt = 0; mt < g.mTiles(); ++mt)
          hoistedA.back().push_back(loadSharedA(rewriter, loc, adaptor.getA(),
                                                aType, outerWarpRow, outerIds,
                                                g.mTileRow(mt), kt));
      }
    }
    // The A fragment (vector<4x2xT>, mma.m16n8k16's a0..a3) of m-fragment
    // mt at k step kt.
    auto aFragment = [&](int64_t mt, int64_t kt) -> Value {
      if (!hoistedA.empty())
        return hoistedA[kt][mt];
      if (aShared)
        return loadSharedA(rewriter, loc, adaptor.getA(), aType, warpRow, ids,
                           g.mTileRow(mt), kt);
      return repackA(rewriter, loc, adaptor.getA(), aType, mt, kt);
    };

    SmallVector<Value> slots;
    if (plan)
      slots = lowerWgmma(rewriter, loc, adaptor, g, k, *plan,
                         matchPattern(op.getAcc(), m_AnyZeroFloat()), ids,
                         aFragment);
    else
      slots = lowerMmaSync(rewriter, loc, adaptor, g, k, bType, ids, aFragment);
    rewriter.replaceOpWithNewOp<vector::FromElementsOp>(
        op, adaptor.getAcc().getType(), slots);
    return success();
  }

  /// mma.sync.m16n8k16 per (m-fragment, n-fragment, k step); B fragments
  /// from ldmatrix.x4. Returns the accumulator slots.
  static SmallVector<Value>
  lowerMmaSync(OpBuilder &rewriter, Location loc, OpAdaptor adaptor,
               const MmaGeometry &g, int64_t k, RankedTensorType bType,
               const ThreadIds &ids,
               function_ref<Value(int64_t, int64_t)> aFragment) {
    auto bShared = cast<SharedEncodingAttr>(bType.getEncoding());
    Type elementType = bType.getElementType();
    // lane % 16 and lane / 16 address rows and 8-column halves of ldmatrix.
    Value laneLo8 = arith::RemUIOp::create(rewriter, loc, ids.lane,
                                           i32Const(rewriter, loc, 8));
    Value laneMat = arith::DivUIOp::create(rewriter, loc, ids.lane,
                                           i32Const(rewriter, loc, 8));
    Value laneBit0 = arith::RemUIOp::create(rewriter, loc, laneMat,
                                            i32Const(rewriter, loc, 2));
    Value laneBit1 = arith::DivUIOp::create(rewriter, loc, laneMat,
                                            i32Const(rewriter, loc, 2));

    // The accumulator fragments, updated in place over the k steps.
    Value acc = adaptor.getAcc();
    SmallVector<Value> cFrags;
    for (int64_t mt = 0; mt < g.mTiles(); ++mt)
      for (int64_t nt = 0; nt < g.nTiles(); ++nt) {
        SmallVector<Value> c;
        for (int64_t i = 0; i < 4; ++i)
          c.push_back(vector::ExtractOp::create(rewriter, loc, acc,
                                                g.slot(mt, nt, i)));
        cFrags.push_back(packFragment(rewriter, loc, c, 2));
      }

    SharedTileLayout bLayout = storedLayout(bType);
    for (int64_t kt = 0; kt < k / 16; ++kt) {
      SmallVector<Value> aFrags;
      for (int64_t mt = 0; mt < g.mTiles(); ++mt)
        aFrags.push_back(aFragment(mt, kt));
      for (int64_t nt = 0; nt < g.nTiles(); nt += 2) {
        // One ldmatrix.x4 gives b0, b1 of n-fragments nt and nt + 1: lanes
        // 8-15 and 24-31 address k + 8, lanes 16-31 address n + 8.
        SharedCoord coord;
        coord.chunkVarBound = 2;
        Value laneRow8 = arith::MulIOp::create(
            rewriter, loc, bShared.getTransposed() ? laneBit1 : laneBit0,
            i32Const(rewriter, loc, 8));
        coord.rowVar = arith::AddIOp::create(rewriter, loc, laneRow8, laneLo8);
        if (bShared.getTransposed()) {
          // Stored [N][K]: rows are n, read as they are.
          coord.rowConst = nt * 8;
          coord.chunkVar = laneBit0;
          coord.chunkConst = kt * 2;
        } else {
          // Stored [K][N]: rows are k, read with .trans.
          coord.rowConst = kt * 16;
          coord.chunkVar = laneBit1;
          coord.chunkConst = nt;
        }
        Value address =
            sharedAddress(rewriter, loc, adaptor.getB(), bLayout, coord);
        SmallVector<Value> h = ldmatrixX4(rewriter, loc, address,
                                          !bShared.getTransposed(),
                                          elementType);
        Value b0 = packFragment(rewriter, loc, ArrayRef(h).slice(0, 4), 2);
        Value b1 = packFragment(rewriter, loc, ArrayRef(h).slice(4, 4), 2);
        for (int64_t mt = 0; mt < g.mTiles(); ++mt) {
          for (auto [n, bFrag] : {std::pair{nt, b0}, std::pair{nt + 1, b1}}) {
            Value &c = cFrags[mt * g.nTiles() + n];
            c = mmaSync(rewriter, loc, aFrags[mt], bFrag, c);
          }
        }
      }
    }

    SmallVector<Value> out;
    for (Value c : cFrags)
      for (int64_t i = 0; i < 2; ++i)
        for (int64_t j = 0; j < 2; ++j)
          out.push_back(vector::ExtractOp::create(rewriter, loc, c,
                                                  ArrayRef<int64_t>{i, j}));
    return out;
  }

  /// wgmma.mma_async.m64nNk16 per (m-fragment, k step), all N columns at
  /// once: the slots of m-fragment mt, [n-fragment][c0..c3], are exactly
  /// the instruction's accumulator registers, and its A registers are
  /// mma.m16n8k16's A fragment of the warp's 16 rows. The dot is
  /// synchronous: fence, the instructions, commit, wait for all of them
  /// (the wait takes the accumulators, so nothing reads them earlier).
  static SmallVector<Value>
  lowerWgmma(OpBuilder &b, Location loc, OpAdaptor adaptor,
             const MmaGeometry &g, int64_t k, const WgmmaPlan &plan,
             bool zeroAcc, const ThreadIds &ids,
             function_ref<Value(int64_t, int64_t)> aFragment) {
    Type i32 = b.getI32Type(), i64 = b.getI64Type();
    Value acc = adaptor.getAcc();
    int64_t n = g.nTiles() * 4; // f32 accumulator registers per thread
    // A zero accumulator is not read: the first k step runs with scale-d 0
    // on undefined registers, so nothing materializes the zeros.
    Value undef =
        zeroAcc ? LLVM::UndefOp::create(b, loc, b.getF32Type()) : Value();
    SmallVector<SmallVector<Value>> accs(g.mTiles());
    for (int64_t mt = 0; mt < g.mTiles(); ++mt)
      for (int64_t i = 0; i < n; ++i)
        accs[mt].push_back(
            zeroAcc ? undef
                    : Value(vector::ExtractOp::create(b, loc, acc, mt * n + i)));

    // Descriptors: the base's, then immediates per k step (and m-fragment).
    Value bDesc = plan.b.descriptor(
        b, loc, LLVM::PtrToIntOp::create(b, loc, i64, adaptor.getB()));
    Value aDesc;
    if (plan.a) {
      // Warpgroup w reads rows 64w.. of each m-fragment.
      Value warpgroupRows = arith::MulIOp::create(
          b, loc,
          arith::ExtUIOp::create(
              b, loc, i64,
              arith::DivUIOp::create(b, loc, ids.warpIn(b, loc, g.warpsM),
                                     i32Const(b, loc, 4))),
          i64Const(b, loc, 64 * 128));
      aDesc = plan.a->descriptor(
          b, loc,
          arith::AddIOp::create(
              b, loc, LLVM::PtrToIntOp::create(b, loc, i64, adaptor.getA()),
              warpgroupRows));
    }
    auto plus = [&](Value desc, int64_t bytes) -> Value {
      if (bytes == 0)
        return desc;
      return arith::AddIOp::create(b, loc, desc, i64Const(b, loc, bytes >> 4));
    };

    std::string type = plan.element.isBF16() ? "bf16" : "f16";
    int64_t aOperands = plan.a ? 1 : 4;
    std::string aList = plan.a ? "$" + std::to_string(n)
                               : asmOperandList(n, 4);
    int64_t bIndex = n + aOperands, scaleIndex = bIndex + 1;
    std::string ptx =
        "{\n.reg .pred p;\nsetp.ne.b32 p, $" + std::to_string(scaleIndex) +
        ", 0;\nwgmma.mma_async.sync.aligned.m64n" + std::to_string(plan.n) +
        "k16.f32." + type + "." + type + " " + asmOperandList(0, n) + ", " +
        aList + ", $" + std::to_string(bIndex) + ", p, 1, 1, " +
        (plan.a ? "0, " : "") + (plan.b.kMajor ? "0" : "1") + ";\n}";
    std::string constraints = plan.a ? "l,l,r" : "r,r,r,r,l,r";
    Value one = i32Const(b, loc, 1), zero = i32Const(b, loc, 0);
    NVVM::WgmmaFenceAlignedOp::create(b, loc);
    for (int64_t kt = 0; kt < k / 16; ++kt) {
      Value bStep = plus(bDesc, plan.b.kStepOffset(kt));
      for (int64_t mt = 0; mt < g.mTiles(); ++mt) {
        SmallVector<Value> inputs;
        if (plan.a) {
          inputs.push_back(plus(aDesc, g.mTileRow(mt) * 128 +
                                           plan.a->kStepOffset(kt)));
        } else {
          Value frag = aFragment(mt, kt);
          for (int64_t r = 0; r < 4; ++r)
            inputs.push_back(LLVM::BitcastOp::create(
                b, loc, i32, vector::ExtractOp::create(b, loc, frag, r)));
        }
        inputs.push_back(bStep);
        inputs.push_back(zeroAcc && kt == 0 ? zero : one);
        accs[mt] = tiedAsm(b, loc, ptx, accs[mt], inputs, constraints);
      }
    }
    NVVM::WgmmaGroupSyncAlignedOp::create(b, loc);
    SmallVector<Value> all;
    for (auto &tile : accs)
      all.append(tile.begin(), tile.end());
    return tiedAsm(b, loc, "wgmma.wait_group.sync.aligned 0;", all, {}, "");
  }

  bool wgmma;

  /// The loop before which a shared A operand's fragments can be read once:
  /// the outermost scf.for around `op` that does not contain the load of A,
  /// when the fragments take at most 32 registers (more would crowd out the
  /// accumulators); null otherwise.
  static Operation *hoistPointForA(DotOp op, int64_t fragments) {
    constexpr int64_t kMaxHoistedRegisters = 32;
    Operation *def = op.getA().getDefiningOp();
    if (!def || !isa<LoadOp>(def) || fragments * 4 > kMaxHoistedRegisters)
      return nullptr;
    Operation *hoist = nullptr;
    for (Operation *p = op->getParentOp(); p && !isa<LLVM::LLVMFuncOp>(p);
         p = p->getParentOp())
      if (isa<scf::ForOp>(p) && !p->isAncestor(def))
        hoist = p;
    return hoist;
  }

  /// The A fragment (16×16 at rows warpRow + row0, k-step kt) of a shared
  /// tile stored [M][K]: ldmatrix.x4, lane l addressing row l % 16, column
  /// half l / 16.
  static Value loadSharedA(OpBuilder &b, Location loc, Value base,
                           RankedTensorType aType, Value warpRow,
                           const ThreadIds &ids, int64_t row0, int64_t kt) {
    SharedCoord coord;
    coord.rowVar = arith::AddIOp::create(
        b, loc, warpRow,
        arith::RemUIOp::create(b, loc, ids.lane, i32Const(b, loc, 16)));
    coord.rowConst = row0;
    coord.chunkVar =
        arith::DivUIOp::create(b, loc, ids.lane, i32Const(b, loc, 16));
    coord.chunkVarBound = 2;
    coord.chunkConst = kt * 2;
    Value address =
        sharedAddress(b, loc, base, SharedTileLayout(aType), coord);
    SmallVector<Value> h = ldmatrixX4(b, loc, address, /*transpose=*/false,
                                      aType.getElementType());
    // ldmatrix matrices 0..3 are rows 0-15 × cols 0-7, then cols 8-15:
    // exactly a0, a1, a2, a3.
    return packFragment(b, loc, h, 4);
  }

  /// The A fragment from an f16 tile in the mma layout: the accumulator slots
  /// of n-fragments 2kt and 2kt+1 are a0 = (c0, c1) and a1 = (c2, c3) of the
  /// first, a2, a3 of the second (FlashAttention-2's P in registers).
  static Value repackA(OpBuilder &b, Location loc, Value a,
                       RankedTensorType aType, int64_t mt, int64_t kt) {
    auto dist = Distribution::get(aType);
    SmallVector<Value> values;
    for (int64_t nt : {2 * kt, 2 * kt + 1})
      for (int64_t c = 0; c < 4; ++c)
        values.push_back(
            vector::ExtractOp::create(b, loc, a, dist->geom.slot(mt, nt, c)));
    return packFragment(b, loc, values, 4);
  }
};

//===----------------------------------------------------------------------===//
// Patterns: loads and stores
//===----------------------------------------------------------------------===//

ViewAccess makeAccess(Value view, ViewType viewType, ValueRange indices,
                      unsigned tileRank) {
  return ViewAccess{ViewValue{view, viewType.getRank()},
                    SmallVector<Value>(indices), tileRank};
}

/// Checks that `type` can be staged in shared memory by 16-byte copies.
LogicalResult checkSharedTile(Operation *op, RankedTensorType type) {
  if (type.getRank() != 2 || type.getDimSize(1) % 8 != 0 ||
      type.getElementTypeBitWidth() != 16)
    return op->emitOpError("expected a 2-D 16-bit tile with a multiple of 8 "
                           "columns in shared memory, got ")
           << type;
  return success();
}

/// The byte offset tilegpu-allocate-shared gave the buffer of `op`, or an
/// error when the allocation has not run.
FailureOr<int64_t> sharedOffsetOf(Operation *op) {
  auto attr = op->getAttrOfType<IntegerAttr>(kSharedOffsetAttr);
  if (!attr)
    return op->emitOpError("expected a shared-memory offset; run "
                           "tilegpu-allocate-shared first");
  return attr.getInt();
}

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

/// Makes this thread's shared-memory writes (cp.async copies, stores)
/// visible to the whole CTA: a barrier, preceded where wgmma may read the
/// data by fence.proxy.async (wgmma reads shared memory through the async
/// proxy, the writes went through the generic one).
void publishSharedWrites(OpBuilder &b, Location loc, bool wgmma) {
  if (wgmma)
    NVVM::FenceProxyOp::create(
        b, loc,
        NVVM::ProxyKindAttr::get(b.getContext(), NVVM::ProxyKind::async_shared),
        NVVM::SharedSpaceAttr::get(b.getContext(),
                                   NVVM::SharedSpace::shared_cta));
  NVVM::Barrier0Op::create(b, loc);
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

/// tilegpu.convert_layout through a scratch buffer: every thread writes its
/// slots (replicated slots write the same value twice), the CTA
/// synchronizes, then every thread reads the slots of the new layout. Into
/// #tilegpu.shared, the writes go to the swizzled positions and the buffer
/// is the result.
struct ConvertLayoutLowering : public OpConversionPattern<ConvertLayoutOp> {
  ConvertLayoutLowering(const TypeConverter &converter, MLIRContext *ctx,
                        bool wgmma)
      : OpConversionPattern(converter, ctx), wgmma(wgmma) {}

  LogicalResult
  matchAndRewrite(ConvertLayoutOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto srcType = cast<RankedTensorType>(op.getSrc().getType());
    auto dstType = cast<RankedTensorType>(op.getType());
    auto src = Distribution::get(srcType);
    if (!src)
      return op.emitOpError("expected a register source, got ") << srcType;
    FailureOr<int64_t> offset = sharedOffsetOf(op);
    if (failed(offset))
      return failure();
    bool toShared = isa<SharedEncodingAttr>(dstType.getEncoding());
    if (toShared && failed(checkSharedTile(op, dstType)))
      return failure();
    Location loc = op.getLoc();
    Type elementType = srcType.getElementType();
    int64_t cols = srcType.getRank() == 2 ? srcType.getDimSize(1) : 1;
    if (srcType.getRank() == 1 && src->kind == Distribution::Cols)
      cols = srcType.getDimSize(0);
    Value base = sharedBase(rewriter, loc, *offset);
    ThreadIds ids = ThreadIds::get(rewriter, loc);

    // The scratch address of element (row, col): row-major, or swizzled
    // like every shared tile when the result lives there.
    auto address = [&](Value row, Value col) -> Value {
      if (!toShared) {
        Value index = arith::AddIOp::create(
            rewriter, loc,
            arith::MulIOp::create(rewriter, loc, row,
                                  i32Const(rewriter, loc, cols)),
            col);
        return LLVM::GEPOp::create(rewriter, loc, base.getType(), elementType,
                                   base, ValueRange{index});
      }
      SharedCoord coord;
      coord.rowVar = row;
      coord.chunkVar =
          arith::DivUIOp::create(rewriter, loc, col, i32Const(rewriter, loc, 8));
      coord.chunkVarBound = cols;
      Value chunk = sharedAddress(rewriter, loc, base,
                                  SharedTileLayout(dstType), coord);
      Value within =
          arith::RemUIOp::create(rewriter, loc, col, i32Const(rewriter, loc, 8));
      return LLVM::GEPOp::create(rewriter, loc, base.getType(), elementType,
                                 chunk, ValueRange{within});
    };
    // (row, col) of each slot of a distribution.
    auto slotAddresses = [&](const Distribution &dist) {
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
        result.push_back(address(row, col));
      }
      return result;
    };

    // Earlier readers of the scratch (a previous iteration) are done.
    NVVM::Barrier0Op::create(rewriter, loc);
    for (auto [s, slot] : llvm::enumerate(slotAddresses(*src)))
      LLVM::StoreOp::create(
          rewriter, loc,
          vector::ExtractOp::create(rewriter, loc, adaptor.getSrc(),
                                    int64_t(s)),
          slot);
    publishSharedWrites(rewriter, loc, wgmma && toShared);
    if (toShared) {
      rewriter.replaceOp(op, base);
      return success();
    }
    auto dst = Distribution::get(dstType);
    if (!dst)
      return op.emitOpError("expected a register or shared destination");
    SmallVector<Value> values;
    for (Value slot : slotAddresses(*dst))
      values.push_back(LLVM::LoadOp::create(rewriter, loc, elementType, slot));
    rewriter.replaceOpWithNewOp<vector::FromElementsOp>(
        op, getTypeConverter()->convertType(dstType), values);
    return success();
  }

  bool wgmma;
};

struct ReturnLowering : public OpConversionPattern<func::ReturnOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(func::ReturnOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!op->getParentOfType<LLVM::LLVMFuncOp>())
      return failure();
    rewriter.replaceOpWithNewOp<LLVM::ReturnOp>(op, ValueRange{});
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Kernel signature
//===----------------------------------------------------------------------===//

std::string dtypeName(Type type) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << type;
  return s;
}

/// One manifest entry per source-level parameter (docs/manifest.md).
/// The alignment in bytes that `user`, an access of a view of
/// `elementBytes`-byte elements, assumes of the view's base pointer and of
/// every stride but the innermost (times the element size): 16 where shared
/// tiles are filled with 16-byte cp.async copies, 4 where 16-bit mma tiles
/// are stored as column pairs, else the element size (one scalar access per
/// element).
int64_t accessAlignment(Operation *user, int64_t elementBytes) {
  if (isa<AsyncLoadOp>(user))
    return 16;
  if (auto load = dyn_cast<LoadOp>(user))
    return isa_and_present<SharedEncodingAttr>(load.getType().getEncoding())
               ? 16
               : elementBytes;
  if (auto store = dyn_cast<StoreOp>(user)) {
    auto dist = Distribution::get(store.getValue().getType());
    if (dist && dist->kind == Distribution::Mma && elementBytes == 2)
      return 4;
  }
  return elementBytes;
}

int64_t elementBytesOf(ViewType view) {
  return std::max<int64_t>(1, view.getElementType().getIntOrFloatBitWidth() / 8);
}

/// Calls `fn` on every access of `view` and of the views narrowed from it.
template <typename Fn> void forEachAccess(Value view, Fn fn) {
  SmallVector<Value> views{view};
  while (!views.empty()) {
    Value v = views.pop_back_val();
    for (Operation *user : v.getUsers()) {
      if (auto narrow = dyn_cast<NarrowOp>(user))
        views.push_back(narrow.getResult());
      else
        fn(user);
    }
  }
}

/// The alignment the lowering assumes of view argument `i` (the most any
/// access of it or of a view narrowed from it needs; narrowing moves the
/// pointer by whole rows, so it keeps the alignment, except along the
/// innermost dimension, which checkNarrowAlignment restricts). It becomes the
/// manifest's "align", which the runtime checks before a launch.
int64_t viewAlignment(func::FuncOp kernel, unsigned i) {
  BlockArgument view = kernel.getArgument(i);
  int64_t elementBytes = elementBytesOf(cast<ViewType>(view.getType()));
  int64_t alignment = elementBytes;
  forEachAccess(view, [&](Operation *user) {
    alignment = std::max(alignment, accessAlignment(user, elementBytes));
  });
  return alignment;
}

/// A view narrowed along its innermost dimension starts at any element, so
/// it is only element-aligned: reject accesses through it that need more.
LogicalResult checkNarrowAlignment(func::FuncOp kernel) {
  WalkResult result = kernel.walk([&](NarrowOp narrow) {
    ViewType type = narrow.getView().getType();
    if (narrow.getDim() + 1 != type.getRank())
      return WalkResult::advance();
    int64_t elementBytes = elementBytesOf(type);
    Operation *bad = nullptr;
    forEachAccess(narrow.getResult(), [&](Operation *user) {
      if (!bad && accessAlignment(user, elementBytes) > elementBytes)
        bad = user;
    });
    if (!bad)
      return WalkResult::advance();
    InFlightDiagnostic diag =
        narrow.emitOpError()
        << "narrows the innermost dimension, so the view is only "
        << elementBytes << "-byte aligned, but an access through it needs "
        << accessAlignment(bad, elementBytes) << " bytes";
    diag.attachNote(bad->getLoc()) << "this access";
    return WalkResult::interrupt();
  });
  return failure(result.wasInterrupted());
}

DictionaryAttr paramAttr(func::FuncOp kernel, unsigned i) {
  MLIRContext *ctx = kernel.getContext();
  Builder b(ctx);
  Type type = kernel.getArgumentTypes()[i];
  SmallVector<NamedAttribute> entries;
  auto name = kernel.getArgAttrOfType<StringAttr>(i, "tile.name");
  entries.emplace_back(b.getStringAttr("name"),
                       name ? name : b.getStringAttr("arg" + Twine(i)));
  auto view = dyn_cast<ViewType>(type);
  entries.emplace_back(b.getStringAttr("kind"),
                       b.getStringAttr(view ? "tensor" : "scalar"));
  entries.emplace_back(
      b.getStringAttr("dtype"),
      b.getStringAttr(dtypeName(view ? view.getElementType() : type)));
  if (view) {
    Attribute shape = kernel.getArgAttr(i, TileDialect::kShapeAttrName);
    if (!shape) {
      SmallVector<Attribute> dims;
      for (unsigned d = 0; d < view.getRank(); ++d)
        dims.push_back(b.getStringAttr("arg" + Twine(i) + "_dim" + Twine(d)));
      shape = b.getArrayAttr(dims);
    }
    entries.emplace_back(b.getStringAttr("shape"), shape);
    entries.emplace_back(b.getStringAttr("align"),
                         b.getI64IntegerAttr(viewAlignment(kernel, i)));
  }
  auto role = kernel.getArgAttrOfType<StringAttr>(i, TileDialect::kRoleAttrName);
  entries.emplace_back(b.getStringAttr("role"),
                       role ? role : b.getStringAttr("input"));
  if (Attribute init = kernel.getArgAttr(i, TileDialect::kInitAttrName))
    entries.emplace_back(b.getStringAttr("init"), init);
  return b.getDictionaryAttr(entries);
}

/// Replaces `kernel` by an llvm.func in `module` with the manifest ABI, and
/// rebuilds each view as a struct at entry.
FailureOr<LLVM::LLVMFuncOp> convertSignature(func::FuncOp kernel,
                                             gpu::GPUModuleOp module,
                                             unsigned numThreads) {
  MLIRContext *ctx = kernel.getContext();
  OpBuilder b(ctx);
  auto i64 = b.getI64Type();
  auto globalPtr = LLVM::LLVMPointerType::get(ctx, 1);
  SmallVector<Type> abiTypes;
  for (Type type : kernel.getArgumentTypes()) {
    if (auto view = dyn_cast<ViewType>(type)) {
      abiTypes.push_back(globalPtr);
      abiTypes.append(2 * view.getRank(), i64);
    } else if (type.isIntOrFloat()) {
      abiTypes.push_back(type);
    } else {
      return kernel.emitError("expected kernel parameters to be views or "
                              "scalars, got ")
             << type;
    }
  }
  if (kernel.getNumResults() != 0)
    return kernel.emitError("expected a kernel without results");

  b.setInsertionPointToEnd(module.getBody());
  auto func = LLVM::LLVMFuncOp::create(
      b, kernel.getLoc(), kernel.getName(),
      LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(ctx), abiTypes));
  func->setAttr("nvvm.kernel", b.getUnitAttr());
  func->setAttr("gpu.kernel", b.getUnitAttr());
  func->setAttr("nvvm.maxntid",
                b.getDenseI32ArrayAttr({int32_t(numThreads), 1, 1}));
  const StringRef kept[] = {TileDialect::kGridAttrName,
                            TileDialect::kSizesAttrName,
                            TileDialect::kConstantsAttrName, kSharedBytesAttr};
  for (StringRef name : kept)
    if (Attribute attr = kernel->getAttr(name))
      func->setAttr(name, attr);
  func->setAttr("tessera.kernel_name", b.getStringAttr(kernel.getName()));
  SmallVector<Attribute> params;
  for (unsigned i = 0; i < kernel.getNumArguments(); ++i)
    params.push_back(paramAttr(kernel, i));
  func->setAttr("tessera.params", b.getArrayAttr(params));

  // The runtime checks each tensor's pointer against its "align"
  // (docs/manifest.md); pointers are the first ABI value of each view.
  unsigned abiIndex = 0;
  for (unsigned i = 0; i < kernel.getNumArguments(); ++i) {
    auto view = dyn_cast<ViewType>(kernel.getArgumentTypes()[i]);
    if (view)
      func.setArgAttr(abiIndex, LLVM::LLVMDialect::getAlignAttrName(),
                      b.getI64IntegerAttr(viewAlignment(kernel, i)));
    abiIndex += view ? 1 + 2 * view.getRank() : 1;
  }
  Block *entry = func.addEntryBlock(b);
  b.setInsertionPointToStart(entry);
  SmallVector<Value> replacements;
  unsigned next = 0;
  for (Type type : kernel.getArgumentTypes()) {
    auto view = dyn_cast<ViewType>(type);
    if (!view) {
      replacements.push_back(entry->getArgument(next++));
      continue;
    }
    Location loc = kernel.getLoc();
    Value s = LLVM::UndefOp::create(b, loc, viewStructType(view));
    s = LLVM::InsertValueOp::create(b, loc, s, entry->getArgument(next++),
                                    ArrayRef<int64_t>{0});
    for (int64_t field : {1, 2})
      for (unsigned d = 0; d < view.getRank(); ++d)
        s = LLVM::InsertValueOp::create(b, loc, s, entry->getArgument(next++),
                                        ArrayRef<int64_t>{field, int64_t(d)});
    replacements.push_back(
        UnrealizedConversionCastOp::create(b, loc, type, s).getResult(0));
  }
  Block &body = kernel.getBody().front();
  entry->getOperations().splice(entry->end(), body.getOperations());
  for (auto [arg, replacement] :
       llvm::zip(body.getArguments(), replacements))
    arg.replaceAllUsesWith(replacement);
  // Move the remaining blocks (if any) after the entry block.
  Region &region = func.getBody();
  region.getBlocks().splice(region.end(), kernel.getBody().getBlocks(),
                            std::next(kernel.getBody().begin()),
                            kernel.getBody().end());
  kernel.erase();
  return func;
}

gpu::GPUModuleOp getOrCreateGpuModule(ModuleOp module) {
  for (auto gpuModule : module.getOps<gpu::GPUModuleOp>())
    return gpuModule;
  OpBuilder b(module.getBodyRegion());
  b.setInsertionPointToEnd(module.getBody());
  module->setAttr(gpu::GPUDialect::getContainerModuleAttrName(),
                  b.getUnitAttr());
  auto gpuModule = gpu::GPUModuleOp::create(b, module.getLoc(), "tessera");
  b.setInsertionPointToStart(gpuModule.getBody());
  LLVM::GlobalOp::create(b, module.getLoc(),
                         LLVM::LLVMArrayType::get(b.getI8Type(), 0),
                         /*isConstant=*/false, LLVM::Linkage::External,
                         kSharedGlobal, Attribute(), /*alignment=*/1024,
                         /*addrSpace=*/3);
  return gpuModule;
}

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

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
    SmallVector<func::FuncOp> kernels;
    for (auto func : module.getOps<func::FuncOp>())
      if (func->hasAttr(TileDialect::kKernelAttrName))
        kernels.push_back(func);
    if (kernels.empty())
      return;
    gpu::GPUModuleOp gpuModule = getOrCreateGpuModule(module);
    for (func::FuncOp kernel : kernels) {
      auto warps =
          kernel->getAttrOfType<IntegerAttr>(TileDialect::kNumWarpsAttrName);
      unsigned numThreads = 32 * (warps ? warps.getInt() : 4);
      // What the lowering relies on and no single verifier sees: warpsM
      // divides the warps, operand and result layouts agree, buffers match;
      // views narrowed along their innermost dimension are accessed one
      // element at a time.
      if (failed(tilegpu::verifyKernelLayouts(kernel, numThreads / 32)) ||
          failed(checkNarrowAlignment(kernel)))
        return signalPassFailure();
      FailureOr<LLVM::LLVMFuncOp> func =
          convertSignature(kernel, gpuModule, numThreads);
      if (failed(func) || failed(lowerBody(*func, numThreads)))
        return signalPassFailure();
      setRegisterCap(*func);
    }
  }

  /// A register cap, when asked for: ptxas otherwise uses up to 255
  /// registers a thread (measured faster than a cap that spills).
  void setRegisterCap(LLVM::LLVMFuncOp func) {
    if (maxRegisters != 0)
      func->setAttr(NVVM::NVVMDialect::getMaxnregAttrName(),
                    IntegerAttr::get(IntegerType::get(func.getContext(), 32),
                                     maxRegisters));
  }

  LogicalResult lowerBody(LLVM::LLVMFuncOp func, unsigned numThreads) {
    MLIRContext *ctx = &getContext();
    TileTypeConverter converter;
    ConversionTarget target(*ctx);
    target.addIllegalDialect<TileDialect, TileGPUDialect>();
    target.addLegalDialect<LLVM::LLVMDialect, NVVM::NVVMDialect,
                           nvgpu::NVGPUDialect, vector::VectorDialect>();
    target.addIllegalOp<func::ReturnOp>();
    auto hasLegalTypes = [&](Operation *op) {
      return converter.isLegal(op->getOperandTypes()) &&
             converter.isLegal(op->getResultTypes());
    };
    target.addDynamicallyLegalDialect<arith::ArithDialect>(hasLegalTypes);
    target.addDynamicallyLegalDialect<math::MathDialect>(
        [&](Operation *op) { return false; });
    target.addLegalOp<UnrealizedConversionCastOp>();

    RewritePatternSet patterns(ctx);
    patterns.add<
        GridQueryLowering<ProgramIdOp, NVVM::BlockIdXOp, NVVM::BlockIdYOp,
                          NVVM::BlockIdZOp>,
        GridQueryLowering<NumProgramsOp, NVVM::GridDimXOp, NVVM::GridDimYOp,
                          NVVM::GridDimZOp>,
        DimLowering, NarrowLowering, SplatLowering, ConstantLowering, IotaLowering,
        ForwardLowering<ExpandDimsOp>, ForwardLowering<TransOp>,
        ForwardLowering<BroadcastOp>, BroadcastLowering, ReduceRowsLowering,
        RegisterLoadLowering, LoadScalarLowering, StoreLowering, ReturnLowering,
        MathLowering, ElementwiseLowering, AsyncCommitLowering,
        StageViewLowering>(converter, ctx);
    patterns.add<DotLowering, AsyncWaitLowering, ConvertLayoutLowering>(
        converter, ctx, wgmma);
    patterns.add<SharedLoadLowering>(converter, ctx, numThreads, wgmma);
    patterns.add<AsyncLoadLowering>(converter, ctx, numThreads);
    scf::populateSCFStructuralTypeConversionsAndLegality(converter, patterns,
                                                         target);
    return applyPartialConversion(func, target, std::move(patterns));
  }
};

} // namespace
