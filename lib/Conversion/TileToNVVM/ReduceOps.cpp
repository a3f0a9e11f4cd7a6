//===- ReduceOps.cpp - tile.reduce and tile.scan on warp shuffles ---------===//
//
// Part of Tessera. Row reductions of mma tiles and reductions of blocked
// tiles: per-thread partials, then the lanes exchange them with shfl.bfly,
// and the warps (blocked tiles) through shared memory. An argmax / argmin
// carries (value, index) pairs through the same steps. Scans of blocked
// tiles: per-thread prefixes, the lanes' with shfl.up, the warps' totals
// through shared memory.
//
//===----------------------------------------------------------------------===//

#include "PatternsCommon.h"
#include "tessera/Conversion/TileToNVVM/TileToNVVM.h"

#include "Tile/IR/TileDialect.h"
#include "TileGPU/IR/TileGPUDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace tessera;
using namespace tessera::lowering;
using namespace tessera::tile;
using namespace tessera::tilegpu;

namespace {

/// A partial reduction: the value, and for argmax / argmin its index along
/// the axis (null otherwise).
struct Partial {
  Value value, index;
};

Value combineValues(OpBuilder &b, Location loc, ReduceKind kind, Value x,
                    Value y) {
  bool integer = isa<IntegerType>(x.getType());
  switch (kind) {
  case ReduceKind::Max:
    return integer ? Value(arith::MaxSIOp::create(b, loc, x, y))
                   : Value(arith::MaximumFOp::create(b, loc, x, y));
  case ReduceKind::Min:
    return integer ? Value(arith::MinSIOp::create(b, loc, x, y))
                   : Value(arith::MinimumFOp::create(b, loc, x, y));
  case ReduceKind::Sum:
    return integer ? Value(arith::AddIOp::create(b, loc, x, y))
                   : Value(arith::AddFOp::create(b, loc, x, y));
  default:
    llvm_unreachable("arg reductions combine pairs");
  }
}

/// Whether x wins an argmax (argmin) against y: a NaN beats a number, a
/// larger (smaller) value a smaller (larger) one, and of equal values (or
/// two NaNs) the lower index wins. The order is total, so any order of
/// combination finds the interpreter's index (the first extremum). Where x
/// is known to hold the lower index (`xLower`), a tie is x's without a
/// comparison.
Value argWins(OpBuilder &b, Location loc, ReduceKind kind, Partial x,
              Partial y, bool xLower) {
  bool isMax = kind == ReduceKind::ArgMax;
  Value beats, tie;
  if (isa<IntegerType>(x.value.getType())) {
    beats = arith::CmpIOp::create(b, loc,
                                  isMax ? arith::CmpIPredicate::sgt
                                        : arith::CmpIPredicate::slt,
                                  x.value, y.value);
    tie = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, x.value,
                                y.value);
  } else {
    auto cmp = [&](arith::CmpFPredicate p, Value l, Value r) {
      return arith::CmpFOp::create(b, loc, p, l, r);
    };
    Value xNaN = cmp(arith::CmpFPredicate::UNO, x.value, x.value);
    Value yNumber = cmp(arith::CmpFPredicate::ORD, y.value, y.value);
    beats = arith::OrIOp::create(
        b, loc,
        cmp(isMax ? arith::CmpFPredicate::OGT : arith::CmpFPredicate::OLT,
            x.value, y.value),
        arith::AndIOp::create(b, loc, xNaN, yNumber));
    // Equal, or both NaN: UEQ is "equal or either NaN", and of its NaN
    // cases only a number x against a NaN y has neither xNaN nor yNumber
    // (a NaN x against a number y beats it anyway).
    tie = arith::AndIOp::create(
        b, loc, cmp(arith::CmpFPredicate::UEQ, x.value, y.value),
        arith::OrIOp::create(b, loc, xNaN, yNumber));
  }
  if (!xLower)
    tie = arith::AndIOp::create(
        b, loc, tie,
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, x.index,
                              y.index));
  return arith::OrIOp::create(b, loc, beats, tie);
}

Partial combine(OpBuilder &b, Location loc, ReduceKind kind, Partial x,
                Partial y, bool xLower = false) {
  if (!isArgReduction(kind))
    return {combineValues(b, loc, kind, x.value, y.value), Value()};
  Value wins = argWins(b, loc, kind, x, y, xLower);
  return {arith::SelectOp::create(b, loc, wins, x.value, y.value),
          arith::SelectOp::create(b, loc, wins, x.index, y.index)};
}

/// The lane `offset` away's partial (shfl.bfly), each part in turn.
Partial butterfly(OpBuilder &b, Location loc, Partial p, int64_t offset) {
  return {lowering::butterfly(b, loc, p.value, offset),
          p.index ? lowering::butterfly(b, loc, p.index, offset) : Value()};
}

/// Combines `values` pairwise, so the dependency chain is log2(n) long
/// rather than n (ptxas does not reassociate floating-point max or add).
/// `ascending`: the values' indices increase along the list (a thread's own
/// slots), as they then do along each level of the tree.
Partial combineTree(OpBuilder &b, Location loc, ReduceKind kind,
                    SmallVector<Partial> values, bool ascending = false) {
  while (values.size() > 1) {
    SmallVector<Partial> next;
    for (size_t i = 0; i + 1 < values.size(); i += 2)
      next.push_back(
          combine(b, loc, kind, values[i], values[i + 1], ascending));
    if (values.size() % 2)
      next.push_back(values.back());
    values = std::move(next);
  }
  return values.front();
}

/// A thread's own values of a blocked tile (in ascending index order)
/// combined: float sums of eight or more in four interleaved chains of
/// contractible adds (ptxas then fuses a product into each add: sum(x * x)
/// is one FMA an element), the chains and other kinds by combineTree.
Partial combineOwn(OpBuilder &b, Location loc, ReduceKind kind,
                   SmallVector<Partial> values) {
  constexpr size_t kChains = 4;
  if (kind != ReduceKind::Sum || values.size() < 2 * kChains ||
      !isa<FloatType>(values.front().value.getType()))
    return combineTree(b, loc, kind, std::move(values), /*ascending=*/true);
  SmallVector<Partial> chains(values.begin(), values.begin() + kChains);
  for (size_t i = kChains; i < values.size(); ++i)
    chains[i % kChains].value = arith::AddFOp::create(
        b, loc, chains[i % kChains].value, values[i].value,
        arith::FastMathFlags::contract);
  return combineTree(b, loc, kind, std::move(chains));
}

/// The partial (of f32 or i32 values) that leaves a combination unchanged:
/// for argmax / argmin, the max's / min's identity at an index past every
/// element's (a real element of that value has a lower index and wins).
Partial identity(OpBuilder &b, Location loc, ReduceKind kind, Type type) {
  Value index;
  if (isArgReduction(kind)) {
    index = i32Const(b, loc, std::numeric_limits<int32_t>::max());
    kind = kind == ReduceKind::ArgMax ? ReduceKind::Max : ReduceKind::Min;
  }
  if (isa<IntegerType>(type)) {
    int64_t value = 0;
    if (kind == ReduceKind::Max)
      value = std::numeric_limits<int32_t>::min();
    else if (kind == ReduceKind::Min)
      value = std::numeric_limits<int32_t>::max();
    return {i32Const(b, loc, value), index};
  }
  double value = 0.0;
  if (kind == ReduceKind::Max)
    value = -std::numeric_limits<double>::infinity();
  else if (kind == ReduceKind::Min)
    value = std::numeric_limits<double>::infinity();
  return {arith::ConstantOp::create(b, loc, b.getF32FloatAttr(value)), index};
}

/// Reduction of a blocked tile along `axis`: each thread combines its own
/// slots of each kept position, the lanes along the axis exchange partials
/// with shfl.bfly, and where warps lie along the axis too, each warp's
/// partials go through the op's shared scratch ([warp][position], then for
/// argmax / argmin the indices the same way) and every thread combines
/// them. Threads holding copies along the axis contribute the identity, so
/// nothing is counted twice.
FailureOr<SmallVector<Partial>>
lowerBlockedReduce(ReduceOp op, Value in, const Distribution &src,
                   ConversionPatternRewriter &rewriter) {
  Location loc = op.getLoc();
  const BlockedGeometry &g = *src.blocked;
  BlockedEncodingAttr layout = g.layout;
  unsigned axis = op.getAxis(), kept = 1 - axis;
  int64_t along = g.elementsAlong(axis), keptSlots = g.elementsAlong(kept);
  int64_t perRow = g.elementsAlong(1);
  ThreadIds ids = ThreadIds::get(rewriter, loc);
  ReduceKind kind = op.getKind();
  bool arg = isArgReduction(kind);

  // Positions along the axis past the tile's extent hold copies: within a
  // warp when the extent fits in its lanes (each warp then reduces a whole
  // copy), across the CTA otherwise.
  int64_t lanes = layout.getThreadsPerWarp()[axis];
  int64_t distinct = layout.getDistinctPositions(axis, g.shape[axis]);
  // The same count tilegpu-allocate-shared sized the scratch with.
  int64_t warps = layout.getReductionWarps(axis, g.shape[axis]);
  bool crossWarps = warps > 1;
  Value contributes;
  if (distinct < layout.getPositions(axis))
    contributes =
        crossWarps
            ? g.isDistinct(rewriter, loc, ids, axis)
            : Value(arith::CmpIOp::create(
                  rewriter, loc, arith::CmpIPredicate::ult,
                  g.lanePosition(rewriter, loc, ids, axis),
                  i32Const(rewriter, loc, distinct)));
  // The lanes along the axis are `laneStride` apart.
  int64_t laneStride = 1;
  for (unsigned d : layout.getOrder()) {
    if (d == axis)
      break;
    laneStride *= layout.getThreadsPerWarp()[d];
  }
  // An element's index along the axis: the thread's base plus the slot's
  // offset.
  Value axisBase = arg ? g.base(rewriter, loc, ids, axis) : Value();

  SmallVector<Partial> partials;
  for (int64_t k = 0; k < keptSlots; ++k) {
    SmallVector<Partial> own;
    for (int64_t a = 0; a < along; ++a) {
      int64_t slot = axis == 1 ? k * perRow + a : a * perRow + k;
      own.push_back(
          {vector::ExtractOp::create(rewriter, loc, in, slot),
           arg ? addI32(rewriter, loc, axisBase, g.offsetAlong(axis, a))
               : Value()});
    }
    Partial acc = combineOwn(rewriter, loc, kind, own);
    if (contributes) {
      Partial none = identity(rewriter, loc, kind, acc.value.getType());
      acc.value = arith::SelectOp::create(rewriter, loc, contributes,
                                          acc.value, none.value);
      if (arg)
        acc.index = arith::SelectOp::create(rewriter, loc, contributes,
                                            acc.index, none.index);
    }
    for (int64_t offset = 1; offset < lanes; offset *= 2)
      acc = combine(rewriter, loc, kind, acc,
                    butterfly(rewriter, loc, acc, offset * laneStride));
    partials.push_back(acc);
  }

  if (crossWarps) {
    FailureOr<int64_t> offset = sharedOffsetOf(op);
    if (failed(offset))
      return failure();
    Value base = sharedBase(rewriter, loc, *offset);
    Type element = partials.front().value.getType();
    Type i32 = rewriter.getI32Type();
    int64_t extent = g.shape[kept];
    Value keptBase = g.base(rewriter, loc, ids, kept);
    Value warp = g.warpPosition(rewriter, loc, ids, axis);
    // Row w of the scratch, or for an index row warps + w (both 32-bit).
    auto address = [&](Type type, Value w, int64_t k) {
      return scratchElement(
          rewriter, loc, base, type, w, extent,
          addI32(rewriter, loc, keptBase, g.offsetAlong(kept, k)));
    };
    auto indexRow = [&](Value w) { return addI32(rewriter, loc, w, warps); };
    // One lane per warp position writes each kept position once.
    Value writer = arith::AndIOp::create(
        rewriter, loc,
        arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq,
                              g.lanePosition(rewriter, loc, ids, axis),
                              i32Const(rewriter, loc, 0)),
        g.isDistinct(rewriter, loc, ids, kept));
    // The scratch is the reduction's own (tilegpu-allocate-shared): only its
    // previous iteration in a loop can still be reading it.
    if (op->getParentOfType<LoopLikeOpInterface>())
      syncThreads(rewriter, loc);
    for (int64_t k = 0; k < keptSlots; ++k) {
      Value slot = address(element, warp, k);
      Value indexSlot = arg ? address(i32, indexRow(warp), k) : Value();
      scf::IfOp::create(rewriter, loc, writer, [&](OpBuilder &b, Location l) {
        LLVM::StoreOp::create(b, l, partials[k].value, slot);
        if (arg)
          LLVM::StoreOp::create(b, l, partials[k].index, indexSlot);
        scf::YieldOp::create(b, l);
      });
    }
    syncThreads(rewriter, loc);
    for (int64_t k = 0; k < keptSlots; ++k) {
      SmallVector<Partial> perWarp;
      for (int64_t w = 0; w < warps; ++w) {
        Value row = i32Const(rewriter, loc, w);
        perWarp.push_back(
            {LLVM::LoadOp::create(rewriter, loc, element,
                                  address(element, row, k)),
             arg ? Value(LLVM::LoadOp::create(rewriter, loc, i32,
                                              address(i32, indexRow(row), k)))
                 : Value()});
      }
      partials[k] = combineTree(rewriter, loc, kind, perWarp);
    }
  }
  return partials;
}

/// Row reduction of an mma tile: each thread combines its own slots of a
/// row, then the four lanes of a group (which hold the row's other columns)
/// exchange partials with shfl.bfly 1 and 2. Nothing crosses warps.
SmallVector<Partial> lowerMmaRowReduce(ReduceOp op, Value in,
                                       const Distribution &src,
                                       ConversionPatternRewriter &rewriter) {
  Location loc = op.getLoc();
  const MmaGeometry &g = src.geom;
  bool arg = isArgReduction(op.getKind());
  // Slot (nt, j) of a row is column colBase + 8 nt + j.
  Value colBase =
      arg ? src.colBase(rewriter, loc, ThreadIds::get(rewriter, loc))
          : Value();
  SmallVector<Partial> rows;
  for (int64_t mt = 0; mt < g.mTiles(); ++mt) {
    for (int64_t h = 0; h < 2; ++h) {
      SmallVector<Partial> partials;
      for (int64_t nt = 0; nt < g.nTiles(); ++nt)
        for (int64_t j = 0; j < 2; ++j)
          partials.push_back(
              {vector::ExtractOp::create(rewriter, loc, in,
                                         g.slot(mt, nt, 2 * h + j)),
               arg ? addI32(rewriter, loc, colBase, 8 * nt + j) : Value()});
      Partial acc = combineTree(rewriter, loc, op.getKind(), partials,
                                /*ascending=*/true);
      for (int64_t offset : {1, 2})
        acc = combine(rewriter, loc, op.getKind(), acc,
                      butterfly(rewriter, loc, acc, offset));
      rows.push_back(acc);
    }
  }
  return rows;
}

/// Reductions on the GPU: the rows of an mma tile, either axis of a blocked
/// tile (lowerBlockedReduce), of f32 or i32 elements (integer sums wrap, as
/// in the interpreter), the max or min of f16 or bf16 ones (in f32,
/// exactly: the conversions are exact and monotonic), and the argmax or
/// argmin of any of those (i32 indices). A 16-bit sum is an error: the
/// interpreter accumulates it in the element type in index order, which a
/// parallel sum cannot reproduce; `sum(x.to(f32))` is what a kernel means.
struct ReduceLowering : public OpConversionPattern<ReduceOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ReduceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto src = Distribution::get(op.getSrc().getType());
    bool blocked = src && src->kind == Distribution::Blocked &&
                   src->blocked->rank() == 2 && op.getAxis() <= 1;
    if (!blocked && (!src || src->kind != Distribution::Mma ||
                     op.getAxis() != 1))
      return op.emitOpError("only row reductions (axis 1) of mma tiles and "
                            "reductions of 2-D blocked tiles are supported "
                            "on the GPU");
    Type element = getElementTypeOrSelf(op.getSrc().getType());
    bool narrow = element.isF16() || element.isBF16();
    bool arg = isArgReduction(op.getKind());
    if (narrow && op.getKind() == ReduceKind::Sum)
      return op.emitOpError()
             << "expected an f32 or i32 sum on the GPU, got " << element
             << " (sum the tile's .to(f32): a 16-bit sum accumulates in "
                "its element type in index order, which a parallel sum "
                "does not reproduce)";
    if (!element.isF32() && !element.isInteger(32) && !narrow)
      return op.emitOpError()
             << "expected an f32, i32, f16 or bf16 reduction on the GPU, got "
             << element;
    Location loc = op.getLoc();
    Value in = adaptor.getSrc();
    // 16-bit values compared in f32.
    if (narrow)
      in = arith::ExtFOp::create(
          rewriter, loc,
          VectorType::get(cast<VectorType>(in.getType()).getShape(),
                          rewriter.getF32Type()),
          in);
    SmallVector<Partial> partials;
    if (blocked) {
      FailureOr<SmallVector<Partial>> reduced =
          lowerBlockedReduce(op, in, *src, rewriter);
      if (failed(reduced))
        return failure();
      partials = std::move(*reduced);
    } else {
      partials = lowerMmaRowReduce(op, in, *src, rewriter);
    }
    SmallVector<Value> values;
    for (const Partial &p : partials)
      values.push_back(arg ? p.index : p.value);
    auto type = cast<VectorType>(getTypeConverter()->convertType(op.getType()));
    Value result = vector::FromElementsOp::create(
        rewriter, loc,
        VectorType::get(type.getShape(), values.front().getType()), values);
    if (narrow && !arg)
      result = arith::TruncFOp::create(rewriter, loc, type, result);
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// The value of the lane `offset` below (shfl.up; a lane below `offset`
/// gets its own, which the callers do not use).
Value shuffleUp(OpBuilder &b, Location loc, Value v, int64_t offset) {
  return NVVM::ShflOp::create(b, loc, v.getType(), i32Const(b, loc, -1), v,
                              i32Const(b, loc, offset), i32Const(b, loc, 0),
                              NVVM::ShflKind::up, UnitAttr());
}

/// Inclusive prefix sums of a blocked tile (1-D or 2-D) along `axis`, of
/// f32 or i32 elements. Along the axis a thread holds `reps` chunks of
/// sizePerThread adjacent elements, one a repetition of the layout's
/// coverage; position p (warp * lanes + lane) holds element p mod
/// `distinct` of each (the positions past the tile's extent hold copies,
/// which must compute the same values: a conversion's scratch is written
/// by every copy). For each kept slot and repetition:
///   1. the thread's chunk: sequential prefixes, its total t;
///   2. the lanes: an inclusive scan of t with shfl.up (Hillis-Steele),
///      only from lanes of the same run of positions (p - segPos, where
///      segPos = p mod distinct) and of the same warp, then the exclusive
///      prefix as the inclusive one of the lane below;
///   3. where a run spans warps (scanCrossesWarps), each warp's last lane
///      writes its inclusive total to the scan's scratch, and a thread adds
///      the totals of the earlier warps its run covers;
///   4. the repetitions before it: their totals (the warps' in the
///      scratch, or the lanes' by shfl.bfly) carried forward.
/// Floating-point sums run in another order than the interpreter's index
/// order: float results agree within rounding.
struct ScanLowering : public OpConversionPattern<ScanOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ScanOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = cast<RankedTensorType>(op.getSrc().getType());
    auto dist = Distribution::get(type);
    if (!dist || dist->kind != Distribution::Blocked ||
        dist->blocked->rank() != type.getRank() || type.getRank() > 2)
      return op.emitOpError("expected a 1-D or 2-D #tilegpu.blocked tile "
                            "(tilegpu-assign-layouts gives a scan one)");
    Type element = type.getElementType();
    if (element.isF16() || element.isBF16())
      return op.emitOpError()
             << "expected an f32 or i32 cumsum on the GPU, got " << element
             << " (scan the tile's .to(f32): a 16-bit cumsum accumulates in "
                "its element type in index order, which a parallel scan "
                "does not reproduce)";
    if (!element.isF32() && !element.isInteger(32))
      return op.emitOpError()
             << "expected an f32 or i32 cumsum on the GPU, got " << element;

    Location loc = op.getLoc();
    const BlockedGeometry &g = *dist->blocked;
    BlockedEncodingAttr layout = g.layout;
    unsigned axis = op.getAxis(), rank = g.rank();
    int64_t size = g.shape[axis];
    int64_t per = layout.getSizePerThread()[axis];
    int64_t reps = g.elementsAlong(axis) / per;
    int64_t keptSlots = rank == 2 ? g.elementsAlong(1 - axis) : 1;
    int64_t perRow = g.elementsAlong(rank - 1);
    auto slotOf = [&](int64_t k, int64_t a) {
      return rank == 1 ? a : axis == 1 ? k * perRow + a : a * perRow + k;
    };
    int64_t lanes = layout.getThreadsPerWarp()[axis];
    int64_t warps = layout.getWarpsPerCTA()[axis];
    int64_t distinct = layout.getDistinctPositions(axis, size);
    int64_t laneStride = 1;
    for (unsigned d : layout.getOrder()) {
      if (d == axis)
        break;
      laneStride *= layout.getThreadsPerWarp()[d];
    }
    bool crossWarps = scanCrossesWarps(layout, axis, size);

    // Sums where a null value is a known zero (no instruction: 0 + x is not
    // x in IEEE arithmetic for x = -0).
    auto add = [&](Value x, Value y) -> Value {
      if (!x || !y)
        return x ? x : y;
      return combineValues(rewriter, loc, ReduceKind::Sum, x, y);
    };
    auto cmpGe = [&](Value x, int64_t c) -> Value {
      return arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::uge,
                                   x, i32Const(rewriter, loc, c));
    };
    Value zero = identity(rewriter, loc, ReduceKind::Sum, element).value;
    ThreadIds ids = ThreadIds::get(rewriter, loc);
    Value lane = g.lanePosition(rewriter, loc, ids, axis);
    Value warp = g.warpPosition(rewriter, loc, ids, axis);
    Value position = arith::AddIOp::create(
        rewriter, loc,
        arith::MulIOp::create(rewriter, loc, warp,
                              i32Const(rewriter, loc, lanes)),
        lane);
    bool copies = distinct < layout.getPositions(axis);
    Value segPos =
        copies ? Value(arith::RemUIOp::create(
                     rewriter, loc, position, i32Const(rewriter, loc, distinct)))
               : position;
    // A lane `o` below in the same warp and run (without copies the run is
    // the whole tile: position >= lane).
    auto fromBelow = [&](int64_t o) -> Value {
      Value inWarp = cmpGe(lane, o);
      return copies ? Value(arith::AndIOp::create(rewriter, loc,
                                                  cmpGe(segPos, o), inWarp))
                    : inWarp;
    };

    // Steps 1 and 2.
    Value in = adaptor.getSrc();
    struct Chunk {
      SmallVector<Value> prefix;
      Value total, inclusive, exclusive;
    };
    SmallVector<SmallVector<Chunk>> chunks(keptSlots);
    for (int64_t k = 0; k < keptSlots; ++k) {
      for (int64_t r = 0; r < reps; ++r) {
        Chunk c;
        for (int64_t j = 0; j < per; ++j) {
          Value x = vector::ExtractOp::create(rewriter, loc, in,
                                              slotOf(k, r * per + j));
          c.prefix.push_back(j == 0 ? x : add(c.prefix.back(), x));
        }
        c.total = c.inclusive = c.prefix.back();
        int64_t run = std::min(lanes, distinct);
        for (int64_t o = 1; o < run; o *= 2) {
          Value below = shuffleUp(rewriter, loc, c.inclusive, o * laneStride);
          c.inclusive = arith::SelectOp::create(rewriter, loc, fromBelow(o),
                                                add(c.inclusive, below),
                                                c.inclusive);
        }
        if (run > 1) {
          Value below = shuffleUp(rewriter, loc, c.inclusive, laneStride);
          c.exclusive =
              arith::SelectOp::create(rewriter, loc, fromBelow(1), below, zero);
        }
        chunks[k].push_back(std::move(c));
      }
    }

    // Step 3: each warp's last lane writes its inclusive totals.
    // offsets[k][r]: what the earlier warps of the thread's run add;
    // repTotals[k][r]: the whole repetition's sum.
    SmallVector<SmallVector<Value>> offsets(keptSlots,
                                            SmallVector<Value>(reps));
    SmallVector<SmallVector<Value>> repTotals(keptSlots,
                                              SmallVector<Value>(reps));
    if (crossWarps) {
      FailureOr<int64_t> offset = sharedOffsetOf(op);
      if (failed(offset))
        return failure();
      Value base = sharedBase(rewriter, loc, *offset);
      int64_t extent = rank == 2 ? g.shape[1 - axis] : 1;
      Value keptBase = rank == 2 ? g.base(rewriter, loc, ids, 1 - axis)
                                 : i32Const(rewriter, loc, 0);
      auto address = [&](Value row, int64_t k) {
        Value col = rank == 2
                        ? addI32(rewriter, loc, keptBase,
                                 g.offsetAlong(1 - axis, k))
                        : keptBase;
        return scratchElement(rewriter, loc, base, element, row, extent, col);
      };
      if (op->getParentOfType<LoopLikeOpInterface>())
        syncThreads(rewriter, loc);
      Value last = arith::CmpIOp::create(rewriter, loc,
                                         arith::CmpIPredicate::eq, lane,
                                         i32Const(rewriter, loc, lanes - 1));
      scf::IfOp::create(rewriter, loc, last, [&](OpBuilder &b, Location l) {
        for (int64_t k = 0; k < keptSlots; ++k)
          for (int64_t r = 0; r < reps; ++r) {
            Value row = addI32(b, l, warp, r * warps);
            LLVM::StoreOp::create(b, l, chunks[k][r].inclusive,
                                  address(row, k));
          }
        scf::YieldOp::create(b, l);
      });
      syncThreads(rewriter, loc);
      // The thread's run starts at position - segPos (0 without copies):
      // an earlier warp w adds its total where its last position is in the
      // run.
      Value start = copies ? Value(arith::SubIOp::create(rewriter, loc,
                                                         position, segPos))
                           : Value();
      for (int64_t k = 0; k < keptSlots; ++k)
        for (int64_t r = 0; r < reps; ++r) {
          Value sum, all;
          for (int64_t w = 0; w < warps; ++w) {
            Value total = LLVM::LoadOp::create(
                rewriter, loc, element,
                address(i32Const(rewriter, loc, r * warps + w), k));
            if (reps > 1)
              all = add(all, total);
            if (w + 1 == warps) // no warp comes after the last
              continue;
            Value earlier = arith::CmpIOp::create(
                rewriter, loc, arith::CmpIPredicate::ugt, warp,
                i32Const(rewriter, loc, w));
            if (copies)
              earlier = arith::AndIOp::create(
                  rewriter, loc, earlier,
                  arith::CmpIOp::create(
                      rewriter, loc, arith::CmpIPredicate::ult, start,
                      i32Const(rewriter, loc, (w + 1) * lanes)));
            sum = add(sum, arith::SelectOp::create(rewriter, loc, earlier,
                                                   total, zero));
          }
          offsets[k][r] = sum;
          repTotals[k][r] = all;
        }
    } else if (reps > 1) {
      // One warp along the axis and no copies (several repetitions cover the
      // tile): the lanes' totals.
      for (int64_t k = 0; k < keptSlots; ++k)
        for (int64_t r = 0; r < reps; ++r) {
          Value total = chunks[k][r].total;
          for (int64_t o = 1; o < lanes; o *= 2)
            total = add(total, lowering::butterfly(rewriter, loc, total,
                                                   o * laneStride));
          repTotals[k][r] = total;
        }
    }

    // Step 4.
    SmallVector<Value> values(g.elementsAlong(axis) * keptSlots);
    for (int64_t k = 0; k < keptSlots; ++k) {
      Value carry;
      for (int64_t r = 0; r < reps; ++r) {
        const Chunk &c = chunks[k][r];
        Value before = add(add(carry, offsets[k][r]), c.exclusive);
        for (int64_t j = 0; j < per; ++j)
          values[slotOf(k, r * per + j)] = add(before, c.prefix[j]);
        if (r + 1 < reps)
          carry = add(carry, repTotals[k][r]);
      }
    }
    rewriter.replaceOp(op, vector::FromElementsOp::create(
                               rewriter, loc,
                               getTypeConverter()->convertType(op.getType()),
                               values));
    return success();
  }
};

} // namespace

void tessera::populateTileReduceToNVVMPatterns(const TypeConverter &converter,
                                               RewritePatternSet &patterns) {
  patterns.add<ReduceLowering, ScanLowering>(converter, patterns.getContext());
}
