//===- MemoryOps.cpp - Views, loads, stores and async copies --------------===//
//
// Part of Tessera. View queries (dim, narrow); loads and stores of register
// tiles, one element per slot or (blocked tiles) up to 16 bytes per access,
// masked by the view's sizes; loads into shared
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
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/LoopLikeInterface.h"

using namespace mlir;
using namespace tessera;
using namespace tessera::lowering;
using namespace tessera::tile;
using namespace tessera::tilegpu;

//===----------------------------------------------------------------------===//
// Vector accesses
//===----------------------------------------------------------------------===//

/// The largest power of two (up to 2^20) known to divide the i32 `v`: from
/// constants, sums, products, shifts, selects and loop induction variables.
static int64_t knownDivisor(Value v, unsigned depth = 0) {
  constexpr int64_t kMax = int64_t(1) << 20;
  if (depth > 8)
    return 1;
  auto lowBit = [&](int64_t c) {
    return c == 0 ? kMax : std::min<int64_t>(kMax, c & -c);
  };
  if (auto arg = dyn_cast<BlockArgument>(v)) {
    auto forOp = dyn_cast<scf::ForOp>(arg.getOwner()->getParentOp());
    if (forOp && arg == forOp.getInductionVar())
      return std::min(knownDivisor(forOp.getLowerBound(), depth + 1),
                      knownDivisor(forOp.getStep(), depth + 1));
    return 1;
  }
  Operation *op = v.getDefiningOp();
  if (auto constant = dyn_cast<arith::ConstantIntOp>(op))
    return lowBit(std::abs(constant.value()));
  if (isa<arith::AddIOp, arith::SubIOp, arith::SelectOp>(op)) {
    unsigned first = isa<arith::SelectOp>(op) ? 1 : 0;
    return std::min(knownDivisor(op->getOperand(first), depth + 1),
                    knownDivisor(op->getOperand(first + 1), depth + 1));
  }
  if (isa<arith::MulIOp>(op))
    return std::min(kMax, knownDivisor(op->getOperand(0), depth + 1) *
                              knownDivisor(op->getOperand(1), depth + 1));
  if (isa<arith::ShLIOp>(op))
    if (auto shift = op->getOperand(1).getDefiningOp<arith::ConstantIntOp>())
      if (shift.value() >= 0 && shift.value() < 20)
        return std::min(kMax, knownDivisor(op->getOperand(0), depth + 1)
                                  << shift.value());
  return 1;
}

/// Whether `view` is (a narrowing of) a view narrowed along its innermost
/// dimension, whose start moves the pointer by any number of elements.
static bool narrowedInnermost(Value view) {
  while (auto narrow = view.getDefiningOp<NarrowOp>()) {
    if (narrow.getDim() + 1 == narrow.getView().getType().getRank())
      return true;
    view = narrow.getView();
  }
  return false;
}

/// How many adjacent elements along the tile's innermost dimension a thread
/// holds in consecutive slots: a blocked tile's innermost sizePerThread, or
/// for a slice of one (a vector, or a [1, N] row) the sizePerThread of the
/// dimension it keeps when that is the innermost one.
static int64_t adjacentElements(RankedTensorType tile) {
  auto dist = Distribution::get(tile);
  if (!dist || !dist->blocked)
    return 1;
  ArrayRef<unsigned> perThread = dist->blocked->layout.getSizePerThread();
  switch (dist->kind) {
  case Distribution::Blocked:
    return perThread.back();
  case Distribution::Cols:
    return perThread[1];
  case Distribution::Rows:
    // A row slice's innermost dimension is its rows only as a vector.
    return tile.getRank() == 1 ? perThread[0] : 1;
  case Distribution::Mma:
    break;
  }
  return 1;
}

/// The elements one access of `tile` at `indices` of `view` may move.
static int64_t vectorElements(RankedTensorType tile, Value view,
                              ValueRange indices, unsigned maxBytes) {
  if (indices.empty() || narrowedInnermost(view))
    return 1;
  unsigned bits = tile.getElementTypeBitWidth();
  if (bits < 8 || bits % 8 != 0)
    return 1;
  int64_t elements = std::min<int64_t>(adjacentElements(tile),
                                       std::max<int64_t>(1, maxBytes / (bits / 8)));
  elements = std::min(elements, knownDivisor(indices.back()));
  // An access moves whole 32-bit registers (4, 8 or 16 bytes) or one element.
  return elements * (bits / 8) >= 4 ? elements : 1;
}

/// The elements one access of a store of a 16-bit mma tile may move: 8 (a
/// whole n8 fragment row, 16 bytes, gathered across the fragment's quad of
/// lanes: StoreLowering) where its columns are known inside the view
/// (in_bounds), whole groups of four n8 fragments, and start at a multiple
/// of 8 elements; else 1 (the fragments' column pairs).
static int64_t mmaStoreElements(StoreOp store, unsigned maxBytes) {
  auto type = cast<RankedTensorType>(store.getValue().getType());
  auto dist = Distribution::get(type);
  std::optional<ArrayRef<bool>> inBounds = store.getInBounds();
  if (!dist || dist->kind != Distribution::Mma ||
      type.getElementTypeBitWidth() != 16 || maxBytes < 16 ||
      dist->geom.nTiles() % 4 != 0 || !inBounds || !inBounds->back() ||
      store.getIndices().empty() || narrowedInnermost(store.getView()))
    return 1;
  return knownDivisor(store.getIndices().back()) % 8 == 0 ? 8 : 1;
}

void tessera::lowering::planVectorAccesses(func::FuncOp kernel,
                                           unsigned maxBytes) {
  Builder b(kernel.getContext());
  kernel.walk([&](Operation *op) {
    int64_t elements = 1;
    if (auto load = dyn_cast<LoadOp>(op))
      elements = vectorElements(load.getType(), load.getView(),
                                load.getIndices(), maxBytes);
    else if (auto store = dyn_cast<StoreOp>(op))
      elements = std::max(
          vectorElements(cast<RankedTensorType>(store.getValue().getType()),
                         store.getView(), store.getIndices(), maxBytes),
          mmaStoreElements(store, maxBytes));
    if (elements > 1)
      op->setAttr(TileGPUDialect::kVectorAttrName,
                  b.getI64IntegerAttr(elements));
  });
}

int64_t tessera::lowering::vectorElementsOf(Operation *op) {
  auto attr = op->getAttrOfType<IntegerAttr>(TileGPUDialect::kVectorAttrName);
  return attr ? attr.getInt() : 1;
}

/// The kernel argument a view is (a narrowing of).
static Value rootView(Value view) {
  while (auto narrow = view.getDefiningOp<NarrowOp>())
    view = narrow.getView();
  return view;
}

/// Whether each element of tiles of `type` is held by one thread only.
static bool singleOwner(RankedTensorType type, unsigned numWarps) {
  if (!type)
    return false;
  auto dist = Distribution::get(type);
  if (!dist)
    return false;
  if (dist->kind == Distribution::Mma)
    return dist->geom.warpsM == numWarps;
  if (dist->kind != Distribution::Blocked)
    return false; // a slice has a copy in each thread along its dropped dim
  const BlockedGeometry &g = *dist->blocked;
  for (unsigned d = 0; d < g.rank(); ++d)
    if (g.layout.getDistinctPositions(d, g.shape[d]) != g.layout.getPositions(d))
      return false;
  return true;
}

/// Whether the copies of each element of tiles of `type` are lanes of one
/// warp (a row vector of an mma tile spread over all the warps: the 4 lanes
/// of a quad), so that ordering them needs only bar.warp.sync.
static bool warpLocalCopies(RankedTensorType type, unsigned numWarps) {
  auto dist = type ? Distribution::get(type) : std::nullopt;
  return dist && dist->kind == Distribution::Rows && !dist->blocked &&
         dist->geom.warpsM == numWarps;
}

void tessera::lowering::orderCrossThreadAccesses(func::FuncOp kernel,
                                                 unsigned numWarps) {
  struct Access {
    Operation *op;
    Value view;
    RankedTensorType tile;
    bool store;
    unsigned order;
    bool byThreadZero = false; // tile.store_scalar, a scalar tile.atomic_add
    bool atomic = false;       // tile.atomic_add
  };
  SmallVector<Access> accesses;
  unsigned counter = 0;
  kernel.walk<WalkOrder::PreOrder>([&](Operation *op) {
    ++counter;
    if (auto load = dyn_cast<LoadOp>(op)) {
      if (!isa_and_present<SharedEncodingAttr>(load.getType().getEncoding()))
        accesses.push_back({op, rootView(load.getView()), load.getType(),
                            false, counter});
    } else if (auto store = dyn_cast<StoreOp>(op)) {
      accesses.push_back(
          {op, rootView(store.getView()),
           cast<RankedTensorType>(store.getValue().getType()), true, counter});
    } else if (auto scalar = dyn_cast<LoadScalarOp>(op)) {
      // Every thread reads the element (no tile: never a single owner).
      accesses.push_back({op, rootView(scalar.getView()), RankedTensorType(),
                          false, counter});
    } else if (auto scalar = dyn_cast<StoreScalarOp>(op)) {
      // Thread 0 writes what every thread may read.
      accesses.push_back({op, rootView(scalar.getView()), RankedTensorType(),
                          true, counter, /*byThreadZero=*/true});
    } else if (auto atomic = dyn_cast<AtomicAddOp>(op)) {
      auto tile = dyn_cast<RankedTensorType>(atomic.getValue().getType());
      accesses.push_back({op, rootView(atomic.getView()), tile, true, counter,
                          /*byThreadZero=*/!tile, /*atomic=*/true});
    }
  });
  // Whether `a` may run before `b`: earlier in program order, or in a loop
  // that holds both (an earlier iteration).
  auto mayPrecede = [](const Access &a, const Access &b) {
    if (a.order < b.order)
      return true;
    for (Operation *loop = a.op->getParentOp(); loop;
         loop = loop->getParentOp())
      if (isa<LoopLikeOpInterface>(loop) && loop->isAncestor(b.op))
        return true;
    return false;
  };
  DenseMap<Operation *, bool> barriers; // point -> CTA-wide
  for (const Access &later : accesses) {
    SmallVector<Operation *> earlier;
    bool ctaWide = false;
    for (const Access &first : accesses) {
      if (&first == &later || first.view != later.view ||
          !(first.store || later.store) || !mayPrecede(first, later))
        continue;
      bool sameLayout = first.tile == later.tile;
      // Atomic additions commute: two need no order between them.
      if ((sameLayout && singleOwner(first.tile, numWarps)) ||
          (first.byThreadZero && later.byThreadZero) ||
          (first.atomic && later.atomic))
        continue;
      earlier.push_back(first.op);
      ctaWide |= !(sameLayout && warpLocalCopies(first.tile, numWarps));
    }
    if (earlier.empty())
      continue;
    // Hoist out of the regions that hold none of the earlier accesses.
    Operation *point = later.op;
    while (Operation *parent = point->getParentOp()) {
      if (isa<func::FuncOp>(parent) ||
          llvm::any_of(earlier, [&](Operation *e) {
            return parent->isAncestor(e);
          }))
        break;
      point = parent;
    }
    barriers[point] |= ctaWide;
  }
  for (auto [point, ctaWide] : barriers) {
    OpBuilder b(point);
    if (ctaWide)
      syncThreads(b, point->getLoc());
    else
      NVVM::SyncWarpOp::create(
          b, point->getLoc(),
          arith::ConstantIntOp::create(b, point->getLoc(), b.getI32Type(), -1));
  }
}

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
    Value dst = sharedAddress(b, loc, buffer, storedLayout(type), coord);
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
                     unsigned numThreads, bool asyncProxy)
      : OpConversionPattern(converter, ctx), numThreads(numThreads),
        asyncProxy(asyncProxy) {}

  LogicalResult
  matchAndRewrite(LoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType type = op.getType();
    if (!isa_and_present<SharedEncodingAttr>(type.getEncoding()))
      return failure();
    FailureOr<int64_t> offset = sharedOffsetOf(op);
    if (failed(offset))
      return failure();
    assert(isStageableSharedTile(type) &&
           "#tilegpu.shared and verifyKernelLayouts guarantee it");
    if (op.getPadding().convertToDouble() != 0.0)
      return op.emitOpError("expected zero padding for a shared-memory load");
    Location loc = op.getLoc();
    Value buffer = sharedBase(rewriter, loc, *offset);
    syncThreads(rewriter, loc);
    emitTileCopy(rewriter, loc,
                 makeAccess(adaptor.getView(), op.getView().getType(),
                            adaptor.getIndices(), 2, op.getInBounds()),
                 type, buffer, Value(), numThreads);
    NVVM::CpAsyncCommitGroupOp::create(rewriter, loc);
    NVVM::CpAsyncWaitGroupOp::create(rewriter, loc, 0);
    publishSharedWrites(rewriter, loc, asyncProxy);
    rewriter.replaceOp(op, buffer);
    return success();
  }

  unsigned numThreads;
  bool asyncProxy;
};

struct AsyncLoadLowering : public OpConversionPattern<AsyncLoadOp> {
  AsyncLoadLowering(const TypeConverter &converter, MLIRContext *ctx,
                    unsigned numThreads)
      : OpConversionPattern(converter, ctx), numThreads(numThreads) {}

  LogicalResult
  matchAndRewrite(AsyncLoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (op->hasAttr(TileGPUDialect::kTmaAttrName))
      return failure(); // TmaCopies.cpp
    auto type = cast<RankedTensorType>(op.getTileType());
    FailureOr<int64_t> offset = sharedOffsetOf(op);
    if (failed(offset))
      return failure();
    assert(isStageableSharedTile(type) &&
           "#tilegpu.shared and verifyKernelLayouts guarantee it");
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
                    bool asyncProxy)
      : OpConversionPattern(converter, ctx), asyncProxy(asyncProxy) {}
  LogicalResult
  matchAndRewrite(AsyncWaitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    NVVM::CpAsyncWaitGroupOp::create(rewriter, op.getLoc(), op.getPending());
    publishSharedWrites(rewriter, op.getLoc(), asyncProxy);
    rewriter.eraseOp(op);
    return success();
  }
  bool asyncProxy;
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

/// Emits `body` where `pred` holds, folded as built: nothing where it is
/// known false, no branch where it is known true (an in_bounds slot).
void emitWhere(OpBuilder &b, Location loc, Value pred,
               function_ref<void(OpBuilder &, Location)> body) {
  if (matchPattern(pred, m_Zero()))
    return;
  if (matchPattern(pred, m_One())) {
    body(b, loc);
    return;
  }
  scf::IfOp::create(b, loc, pred, [&](OpBuilder &then, Location l) {
    body(then, l);
    scf::YieldOp::create(then, l);
  });
}

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
        b.createOrFold<arith::SelectOp>(loc, inBounds, address, base));
    result.inBounds.push_back(inBounds);
  }
  return result;
}

/// Emits `access(address, element)` for each slot of `value` (a tile of
/// `dist` at `slots`) that this thread owns (`owner`: the copies of a
/// replicated layout skip it) and that lies inside the view: a tile's
/// element-by-element store or atomic addition.
void forEachOwnedSlot(
    OpBuilder &b, Location loc, const Distribution &dist,
    const SlotAddresses &slots, Value owner, Value value,
    function_ref<void(OpBuilder &, Location, Value, Value)> access) {
  for (int64_t s = 0; s < dist.numSlots(); ++s) {
    Value pred = b.createOrFold<arith::AndIOp>(loc, owner, slots.inBounds[s]);
    Value element = vector::ExtractOp::create(b, loc, value, s);
    emitWhere(b, loc, pred, [&](OpBuilder &inner, Location l) {
      access(inner, l, slots.addresses[s], element);
    });
  }
}

/// A load's padding (what it reads out of bounds) as a constant of `type`.
Value paddingOf(OpBuilder &b, Location loc, Type type, APFloat padding) {
  double value = padding.convertToDouble();
  TypedAttr attr = isa<FloatType>(type)
                       ? TypedAttr(b.getFloatAttr(type, value))
                       : TypedAttr(b.getIntegerAttr(type, int64_t(value)));
  return arith::ConstantOp::create(b, loc, attr);
}

/// The global address of one element of a view, and whether the element is
/// inside the view.
struct ElementAddress {
  Value address, inBounds;
};

/// Element `indices` of a view (`view`, the lowered struct of a `viewType`)
/// as a pointer to `type`: tile.load_scalar's, tile.store_scalar's and a
/// scalar tile.atomic_add's access.
ElementAddress elementAddress(OpBuilder &b, Location loc, Value view,
                              ViewType viewType, ValueRange indices,
                              Type type) {
  ViewAccess access = makeAccess(view, viewType, indices, /*tileRank=*/0);
  auto [offset, inBounds] = access.locate(b, loc, Value(), Value());
  return {globalAddress(b, loc, access.view.ptr(b, loc), type, offset),
          inBounds};
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
    ElementAddress element =
        elementAddress(rewriter, loc, adaptor.getView(), op.getView().getType(),
                       adaptor.getIndices(), type);
    auto ifOp = scf::IfOp::create(
        rewriter, loc, element.inBounds,
        [&](OpBuilder &b, Location l) {
          scf::YieldOp::create(
              b, l,
              ValueRange{LLVM::LoadOp::create(b, l, type, element.address)});
        },
        [&](OpBuilder &b, Location l) {
          scf::YieldOp::create(
              b, l, ValueRange{paddingOf(b, l, type, op.getPadding())});
        });
    rewriter.replaceOp(op, ifOp.getResults());
    return success();
  }
};

/// tile.store_scalar: the program's value, written once, by thread 0, where
/// the element is inside the view.
struct StoreScalarLowering : public OpConversionPattern<StoreScalarOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(StoreScalarOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    ElementAddress element = elementAddress(
        rewriter, op.getLoc(), adaptor.getView(), op.getView().getType(),
        adaptor.getIndices(), op.getValue().getType());
    Value value = adaptor.getValue();
    inFirstThread(rewriter, op.getLoc(), element.inBounds,
                  [&](OpBuilder &b, Location l) {
                    LLVM::StoreOp::create(b, l, value, element.address);
                  });
    rewriter.eraseOp(op);
    return success();
  }
};

/// tile.atomic_add: each element is added by the one thread that owns it
/// (the copies of a replicated layout skip it; a scalar: thread 0), where it
/// is inside the view, with a relaxed atomic add (atom.global.add, which
/// ptxas makes red.global.add since the old value is unused).
struct AtomicAddLowering : public OpConversionPattern<AtomicAddOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(AtomicAddOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type elementType = op.getView().getType().getElementType();
    auto add = [&](OpBuilder &b, Location l, Value address, Value element) {
      LLVM::AtomicRMWOp::create(
          b, l,
          isa<FloatType>(elementType) ? LLVM::AtomicBinOp::fadd
                                      : LLVM::AtomicBinOp::add,
          address, element, LLVM::AtomicOrdering::monotonic);
    };
    auto type = dyn_cast<RankedTensorType>(op.getValue().getType());
    if (!type) {
      ElementAddress element =
          elementAddress(rewriter, loc, adaptor.getView(),
                         op.getView().getType(), adaptor.getIndices(),
                         elementType);
      Value value = adaptor.getValue();
      inFirstThread(rewriter, loc, element.inBounds,
                    [&](OpBuilder &b, Location l) {
                      add(b, l, element.address, value);
                    });
      rewriter.eraseOp(op);
      return success();
    }
    auto dist = Distribution::get(type);
    if (!dist)
      return op.emitOpError("expected a tile in registers (mma, blocked or "
                            "slice layout), got ")
             << type;
    ViewAccess access = makeAccess(adaptor.getView(), op.getView().getType(),
                                   adaptor.getIndices(), type.getRank());
    SlotAddresses slots = locateSlots(rewriter, loc, *dist, access, elementType);
    Value owner = dist->isOwner(rewriter, loc, ThreadIds::get(rewriter, loc));
    forEachOwnedSlot(rewriter, loc, *dist, slots, owner, adaptor.getValue(),
                     add);
    rewriter.eraseOp(op);
    return success();
  }
};

/// tile.to_scalar: a one-element tile of a blocked layout, or of a slice of
/// one, is held by every thread in its slot 0 (the threads past the tile's
/// extent hold copies).
struct ToScalarLowering : public OpConversionPattern<ToScalarOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ToScalarOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto src = Distribution::get(op.getSrc().getType());
    if (!src || !src->blocked)
      return op.emitOpError("expected a tile in a #tilegpu.blocked layout or "
                            "a slice of one");
    rewriter.replaceOpWithNewOp<vector::ExtractOp>(op, adaptor.getSrc(), 0);
    return success();
  }
};

/// The accesses of a vectorized tile: runs of `width` slots adjacent along
/// the innermost dimension (blocked slots are row-major, the innermost
/// dimension's `sizePerThread` adjacent), each with the address of its first
/// element, whether all of its elements are inside the view (its first and
/// last are: they lie on one row), and whether only some are (a run across a
/// ragged row's end).
struct VectorAccesses {
  int64_t width;
  SmallVector<int64_t> firstSlots;
  SmallVector<Value> addresses, allIn, partlyIn;
  /// Whether any run of this thread is partly inside the view.
  Value anyPartlyIn;
};

VectorAccesses planAccesses(OpBuilder &b, Location loc,
                            const SlotAddresses &slots, int64_t width) {
  VectorAccesses result{width, {}, {}, {}, {}, Value()};
  for (int64_t s = 0; s < int64_t(slots.addresses.size()); s += width) {
    // Folded as built: an access known to be inside the view (in_bounds)
    // leaves constants, so its runs are plain accesses and no tail is built.
    Value first = slots.inBounds[s], last = slots.inBounds[s + width - 1];
    Value all = b.createOrFold<arith::AndIOp>(loc, first, last);
    Value partly = b.createOrFold<arith::XOrIOp>(loc, first, last);
    result.firstSlots.push_back(s);
    result.addresses.push_back(slots.addresses[s]);
    result.allIn.push_back(all);
    result.partlyIn.push_back(partly);
    result.anyPartlyIn =
        result.anyPartlyIn
            ? b.createOrFold<arith::OrIOp>(loc, result.anyPartlyIn, partly)
            : partly;
  }
  return result;
}

/// The 32-bit words of a vector access (vectorElements makes every access
/// 4, 8 or 16 bytes) and the PTX type that moves them.
static VectorType wordsOf(VectorType vectorType, StringRef &ptxType) {
  int64_t words = vectorType.getNumElements() *
                  vectorType.getElementTypeBitWidth() / 32;
  assert(words * 32 == vectorType.getNumElements() *
                           vectorType.getElementTypeBitWidth() &&
         (words == 1 || words == 2 || words == 4) &&
         "a vector access moves 4, 8 or 16 bytes");
  ptxType = words == 4 ? "v4.b32" : words == 2 ? "v2.b32" : "b32";
  return VectorType::get({words}, IntegerType::get(vectorType.getContext(), 32));
}

/// The elements of `vector` as its 32-bit words.
static SmallVector<Value> splitWords(OpBuilder &b, Location loc, Value vector,
                                     VectorType wordsType) {
  Value words = LLVM::BitcastOp::create(b, loc, wordsType, vector);
  SmallVector<Value> result;
  for (int64_t i = 0; i < wordsType.getNumElements(); ++i)
    result.push_back(vector::ExtractOp::create(b, loc, words, i));
  return result;
}

/// `ld.global` of a whole run under a predicate (`@p ld.global.v4.b32`): no
/// branch around it, so ptxas issues a tile's loads back to back; where the
/// predicate is false the registers keep `otherwise` (tied operands).
/// Ordered with the kernel's other memory accesses (an asm with side
/// effects).
Value predicatedVectorLoad(OpBuilder &b, Location loc, VectorType vectorType,
                           Value address, Value predicate, Value otherwise) {
  StringRef ptxType;
  VectorType wordsType = wordsOf(vectorType, ptxType);
  int64_t n = wordsType.getNumElements();
  std::string load = ("ld.global." + ptxType + " " + asmOperandList(0, n) +
                      ", [$" + std::to_string(n) + "];")
                         .str();
  SmallVector<Value> words;
  if (matchPattern(predicate, m_One())) {
    // A run known to be inside the view (in_bounds): no predicate, and
    // nothing to keep where it is false. Still an asm with side effects,
    // ordered with the kernel's other accesses as the predicated runs are
    // (a plain llvm.load measured the same here: SASS and registers).
    std::string constraints;
    for (int64_t i = 0; i < n; ++i)
      constraints += "=r,";
    words = asmOutputs(b, loc, b.getI32Type(), n, ValueRange{address}, load,
                       constraints + "l");
  } else {
    words = tiedAsm(b, loc, "@$" + std::to_string(n + 1) + " " + load,
                    splitWords(b, loc, otherwise, wordsType),
                    ValueRange{address, predicate}, "l,b");
  }
  Value packed = vector::FromElementsOp::create(b, loc, wordsType, words);
  return LLVM::BitcastOp::create(b, loc, vectorType, packed);
}

/// `st.global` of a whole run under a predicate (`@p st.global.v4.b32`), as
/// predicatedVectorLoad.
void predicatedVectorStore(OpBuilder &b, Location loc, Value vector,
                           Value address, Value predicate) {
  StringRef ptxType;
  VectorType wordsType = wordsOf(cast<VectorType>(vector.getType()), ptxType);
  int64_t n = wordsType.getNumElements();
  // A run known to be inside the view (in_bounds): no predicate.
  bool always = matchPattern(predicate, m_One());
  SmallVector<Value> operands = {address};
  std::string constraints = "l";
  if (!always) {
    operands.push_back(predicate);
    constraints += ",b";
  }
  int64_t first = operands.size();
  llvm::append_range(operands, splitWords(b, loc, vector, wordsType));
  for (int64_t i = 0; i < n; ++i)
    constraints += ",r";
  std::string ptx = ((always ? "" : "@$1 ") + Twine("st.global.") + ptxType +
                     " [$0], " + asmOperandList(first, n) + ";")
                        .str();
  inlinePtx(b, loc, Type(), operands, ptx, constraints, /*sideEffects=*/true);
}

/// tile.load straight into registers (mma, blocked or slice layouts): each
/// slot reads its element, or takes the padding value out of bounds. A
/// vectorized blocked tile reads each run of adjacent slots that is all
/// inside the view with one predicated load, every run's load issued before
/// any branch; the runs partly inside (across a ragged row's end) are then
/// read element by element in one branch that most threads skip.
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
    ViewAccess access =
        makeAccess(adaptor.getView(), op.getView().getType(),
                   adaptor.getIndices(), op.getType().getRank(), op.getInBounds());
    SlotAddresses slots =
        locateSlots(rewriter, loc, *dist, access, elementType);
    Value pad = paddingOf(rewriter, loc, elementType, op.getPadding());
    auto loadElements = [&](OpBuilder &b, Location l, int64_t first,
                            int64_t count) {
      SmallVector<Value> values;
      for (int64_t s = first; s < first + count; ++s) {
        Value v = LLVM::LoadOp::create(b, l, elementType, slots.addresses[s]);
        values.push_back(
            arith::SelectOp::create(b, l, slots.inBounds[s], v, pad));
      }
      return values;
    };
    int64_t width = vectorElementsOf(op);
    SmallVector<Value> values;
    if (width == 1) {
      values = loadElements(rewriter, loc, 0, dist->numSlots());
    } else {
      auto vectorType = VectorType::get({width}, elementType);
      Value pads = vector::BroadcastOp::create(rewriter, loc, vectorType, pad);
      VectorAccesses vectors = planAccesses(rewriter, loc, slots, width);
      SmallVector<Value> runs;
      for (auto [address, allIn] :
           llvm::zip(vectors.addresses, vectors.allIn))
        runs.push_back(predicatedVectorLoad(rewriter, loc, vectorType,
                                            address, allIn, pads));
      // No run can be partly inside (in_bounds): no tail.
      bool noTail = matchPattern(vectors.anyPartlyIn, m_Zero());
      auto tail = noTail ? scf::IfOp() : scf::IfOp::create(
          rewriter, loc, vectors.anyPartlyIn,
          [&](OpBuilder &b, Location l) {
            auto elementwise = [&](OpBuilder &b, Location l, int64_t first) {
              return vector::FromElementsOp::create(
                  b, l, vectorType, loadElements(b, l, first, width));
            };
            SmallVector<Value> fixed;
            for (auto [first, partlyIn, run] :
                 llvm::zip(vectors.firstSlots, vectors.partlyIn, runs)) {
              int64_t s0 = first;
              Value whole = run;
              auto partial = scf::IfOp::create(
                  b, l, partlyIn,
                  [&](OpBuilder &b, Location l) {
                    scf::YieldOp::create(b, l,
                                         ValueRange{elementwise(b, l, s0)});
                  },
                  [&](OpBuilder &b, Location l) {
                    scf::YieldOp::create(b, l, whole);
                  });
              fixed.push_back(partial.getResult(0));
            }
            scf::YieldOp::create(b, l, fixed);
          },
          [&](OpBuilder &b, Location l) { scf::YieldOp::create(b, l, runs); });
      for (Value run : noTail ? ValueRange(runs) : tail.getResults())
        for (int64_t i = 0; i < width; ++i)
          values.push_back(vector::ExtractOp::create(rewriter, loc, run, i));
    }
    Type type = getTypeConverter()->convertType(op.getType());
    rewriter.replaceOpWithNewOp<vector::FromElementsOp>(op, type, values);
    return success();
  }
};

/// A 16-bit mma tile whose columns lie inside the view, stored 16 bytes at a
/// time (mmaStoreElements). The quad of lanes that holds a row of an n8
/// fragment holds its 8 elements 2 apiece (one 32-bit word a lane): over
/// four fragments in a row, lane q of the quad gathers fragment q's four
/// words with two butterfly exchanges (a 4x4 transpose across the quad:
/// across lanes q ^ 1, then q ^ 2) and writes them with one
/// st.global.v4.b32 — 16 bytes where the column pairs wrote 4, and a
/// quarter of the store instructions.
void storeMmaRows(OpBuilder &b, Location loc, const Distribution &dist,
                  const SlotAddresses &slots, Value owner, const ThreadIds &ids,
                  Value value) {
  Type i32 = b.getI32Type();
  Type elementType = cast<VectorType>(value.getType()).getElementType();
  auto pairType = VectorType::get({2}, elementType);
  Value one = i32Const(b, loc, 1), two = i32Const(b, loc, 2);
  Value zero = i32Const(b, loc, 0);
  auto bitOf = [&](Value bit) {
    return arith::CmpIOp::create(
        b, loc, arith::CmpIPredicate::ne,
        arith::AndIOp::create(b, loc, ids.quad, bit), zero);
  };
  Value bit0 = bitOf(one), bit1 = bitOf(two);
  auto word = [&](int64_t s) {
    Value pair = vector::FromElementsOp::create(
        b, loc, pairType,
        ValueRange{vector::ExtractOp::create(b, loc, value, s),
                   vector::ExtractOp::create(b, loc, value, s + 1)});
    return LLVM::BitcastOp::create(b, loc, i32, pair).getResult();
  };
  // Words w[i] (i = 2 * hi + lo) across the quad: lane q keeps those whose
  // bit of `mask` is its own and sends the others to lane q ^ mask, which
  // puts what it receives where the sender's bit was.
  auto exchange = [&](SmallVector<Value, 4> &w, int64_t mask, Value laneBit) {
    for (int64_t k = 0; k < 2; ++k) {
      int64_t i0 = mask == 1 ? 2 * k : k, i1 = i0 + mask;
      Value send = arith::SelectOp::create(b, loc, laneBit, w[i0], w[i1]);
      Value got = butterfly(b, loc, send, mask);
      Value low = arith::SelectOp::create(b, loc, laneBit, got, w[i0]);
      Value high = arith::SelectOp::create(b, loc, laneBit, w[i1], got);
      w[i0] = low;
      w[i1] = high;
    }
  };
  const MmaGeometry &geom = dist.geom;
  // Lane q writes fragment 4g + q: 6q elements right of its own first
  // column (2q) in fragment 4g.
  Value shift = arith::MulIOp::create(b, loc, ids.quad, i32Const(b, loc, 6));
  auto vectorType = VectorType::get({8}, elementType);
  for (int64_t mt = 0; mt < geom.mTiles(); ++mt)
    for (int64_t g = 0; g < geom.nTiles() / 4; ++g)
      for (int64_t half = 0; half < 2; ++half) {
        SmallVector<Value, 4> w;
        for (int64_t i = 0; i < 4; ++i)
          w.push_back(word(geom.slot(mt, 4 * g + i, 2 * half)));
        exchange(w, 1, bit0);
        exchange(w, 2, bit1);
        int64_t first = geom.slot(mt, 4 * g, 2 * half);
        Value address = LLVM::GEPOp::create(
            b, loc, slots.addresses[first].getType(), elementType,
            slots.addresses[first], ValueRange{shift});
        Value words = vector::FromElementsOp::create(
            b, loc, VectorType::get({4}, i32), w);
        // The row is inside where this lane's first slot of it is (the
        // columns are: in_bounds).
        predicatedVectorStore(
            b, loc, LLVM::BitcastOp::create(b, loc, vectorType, words),
            address, b.createOrFold<arith::AndIOp>(loc, owner,
                                                    slots.inBounds[first]));
      }
}

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
      return op.emitOpError("expected a tile in registers (mma, blocked or "
                            "slice layout), got ")
             << type;
    Location loc = op.getLoc();
    ViewAccess access =
        makeAccess(adaptor.getView(), op.getView().getType(),
                   adaptor.getIndices(), type.getRank(), op.getInBounds());
    SlotAddresses slots =
        locateSlots(rewriter, loc, *dist, access, type.getElementType());
    ThreadIds ids = ThreadIds::get(rewriter, loc);
    Value owner = dist->isOwner(rewriter, loc, ids);
    Value value = adaptor.getValue();
    // Folded as built: a slot known inside (in_bounds) is a plain store, one
    // known outside none.
    auto storeIf = [&](Value pred, Value element, Value address,
                       unsigned alignment) {
      emitWhere(rewriter, loc, pred, [&](OpBuilder &b, Location l) {
        LLVM::StoreOp::create(b, l, element, address, alignment);
      });
    };
    auto slotValue = [&](int64_t s) {
      return vector::ExtractOp::create(rewriter, loc, value, s);
    };
    if (dist->kind == Distribution::Mma && vectorElementsOf(op) == 8) {
      storeMmaRows(rewriter, loc, *dist, slots, owner, ids, value);
      rewriter.eraseOp(op);
      return success();
    }
    // A vectorized blocked tile stores each run of adjacent slots that is
    // all inside the view with one predicated access (no branch between a
    // tile's stores), then the runs partly inside (across a ragged row's
    // end) element by element in one branch that most threads skip.
    if (int64_t width = vectorElementsOf(op); width > 1) {
      auto vectorType = VectorType::get({width}, type.getElementType());
      VectorAccesses vectors = planAccesses(rewriter, loc, slots, width);
      SmallVector<SmallVector<Value>> runs;
      for (auto [first, address, allIn] : llvm::zip(
               vectors.firstSlots, vectors.addresses, vectors.allIn)) {
        SmallVector<Value> &elements = runs.emplace_back();
        for (int64_t s = first; s < first + width; ++s)
          elements.push_back(slotValue(s));
        predicatedVectorStore(
            rewriter, loc,
            vector::FromElementsOp::create(rewriter, loc, vectorType, elements),
            address, rewriter.createOrFold<arith::AndIOp>(loc, owner, allIn));
      }
      if (matchPattern(vectors.anyPartlyIn, m_Zero())) {
        rewriter.eraseOp(op); // in_bounds: no run is partly inside
        return success();
      }
      auto tail = scf::IfOp::create(
          rewriter, loc,
          arith::AndIOp::create(rewriter, loc, owner, vectors.anyPartlyIn));
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPoint(tail.thenBlock()->getTerminator());
      for (auto [first, partlyIn, elements] :
           llvm::zip(vectors.firstSlots, vectors.partlyIn, runs)) {
        OpBuilder::InsertionGuard inner(rewriter);
        auto partial = scf::IfOp::create(rewriter, loc, partlyIn);
        rewriter.setInsertionPoint(partial.thenBlock()->getTerminator());
        for (int64_t s = first; s < first + width; ++s)
          storeIf(slots.inBounds[s], elements[s - first], slots.addresses[s],
                  0);
      }
      rewriter.eraseOp(op);
      return success();
    }
    // The slots (c0, c1) and (c2, c3) of an mma fragment are adjacent
    // columns: 16-bit tiles store them as one 4-byte word (the contiguous,
    // 16-byte aligned rows of the ABI make it aligned), and fall back to one
    // element at the right edge of the view.
    bool paired = dist->kind == Distribution::Mma &&
                  type.getElementTypeBitWidth() == 16;
    if (!paired) {
      forEachOwnedSlot(rewriter, loc, *dist, slots, owner, value,
                       [](OpBuilder &b, Location l, Value address,
                          Value element) {
                         LLVM::StoreOp::create(b, l, element, address);
                       });
      rewriter.eraseOp(op);
      return success();
    }
    for (int64_t s = 0; s < dist->numSlots(); s += 2) {
      Value first = rewriter.createOrFold<arith::AndIOp>(loc, owner,
                                                         slots.inBounds[s]);
      Value both = rewriter.createOrFold<arith::AndIOp>(loc, owner,
                                                        slots.inBounds[s + 1]);
      Value pair = vector::FromElementsOp::create(
          rewriter, loc, VectorType::get({2}, type.getElementType()),
          ValueRange{slotValue(s), slotValue(s + 1)});
      Value firstOnly = rewriter.createOrFold<arith::AndIOp>(
          loc, first,
          rewriter.createOrFold<arith::XOrIOp>(
              loc, both,
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
               LoadScalarLowering, StoreScalarLowering, ToScalarLowering,
               StoreLowering, AtomicAddLowering, AsyncCommitLowering,
               StageViewLowering>(converter, ctx);
  patterns.add<AsyncWaitLowering>(converter, ctx, options.asyncProxy);
  patterns.add<SharedLoadLowering>(converter, ctx, options.numThreads,
                                   options.asyncProxy);
  patterns.add<AsyncLoadLowering>(converter, ctx, options.numThreads);
}
