//===- AssignLayouts.cpp - Give every tile a GPU layout -------------------===//
//
// Part of Tessera. Anchors layouts at tile.dot (mma accumulators, shared
// operands) and tile.reduce (slices), then propagates them through
// elementwise ops, shape ops and loops until nothing changes.
//
//===----------------------------------------------------------------------===//

#include "tessera/Transforms/Passes.h"

#include "Tile/IR/TileDialect.h"
#include "TileGPU/IR/TileGPUDialect.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "llvm/ADT/SetVector.h"
#include <numeric>

namespace tessera {
#define GEN_PASS_DEF_TILEGPUASSIGNLAYOUTS
#include "tessera/Transforms/Passes.h.inc"
} // namespace tessera

using namespace mlir;
using namespace tessera;
using namespace tessera::tile;
using namespace tessera::tilegpu;

namespace {

bool isTile(Value v) { return isa<RankedTensorType>(v.getType()); }

/// Ops that are cheap to duplicate: each use gets its own copy, so that a
/// constant used by tiles of two layouts never conflicts.
bool isRematerializable(Operation *op) {
  return isa<arith::ConstantOp, SplatOp, IotaOp>(op) && op->getNumResults() == 1 &&
         isTile(op->getResult(0));
}

/// Ops whose tensor operands and results all share one layout.
bool isElementwise(Operation *op) {
  Dialect *dialect = op->getDialect();
  if (!dialect || isa<arith::ConstantOp>(op))
    return false;
  StringRef ns = dialect->getNamespace();
  return ns == "arith" || ns == "math";
}

/// The layout solver: a map from tiles to layouts, grown by local rules until
/// a fixed point.
class LayoutSolver {
public:
  LayoutSolver(func::FuncOp kernel, unsigned numWarps)
      : kernel(kernel), numWarps(numWarps) {}

  LogicalResult run() {
    cloneRematerializableOps();
    if (failed(seedAnchors()))
      return failure();
    if (failed(propagate()))
      return failure();
    if (failed(assignDefaults()))
      return failure();
    insertConversions();
    return applyToTypes();
  }

private:
  /// Records `layout` for `v`. Returns failure (with a diagnostic) when `v`
  /// already has another layout.
  LogicalResult set(Value v, Attribute layout, Operation *where) {
    if (!isTile(v) || !layout)
      return success();
    auto [it, inserted] = layouts.try_emplace(v, layout);
    if (inserted) {
      changed = true;
      return success();
    }
    if (it->second == layout)
      return success();
    // The tile already has another layout: convert it where it is used
    // (not across loop boundaries: carried values keep one layout).
    if (where && !isa<scf::ForOp, scf::IfOp, scf::YieldOp>(where) &&
        llvm::is_contained(where->getOperands(), v)) {
      conversions.insert({where, v, layout});
      return success();
    }
    return (where ? where->emitOpError() : emitError(v.getLoc()))
           << "needs a tile in layout " << layout << " that is already in "
           << it->second;
  }

  /// Inserts a tilegpu.convert_layout before each use that needs its
  /// operand in another layout.
  void insertConversions() {
    for (auto [user, value, layout] : conversions) {
      OpBuilder b(user);
      auto convert = ConvertLayoutOp::create(b, value.getLoc(),
                                             value.getType(), value);
      layouts[convert.getResult()] = layout;
      user->replaceUsesOfWith(value, convert.getResult());
    }
  }

  Attribute get(Value v) const { return layouts.lookup(v); }

  /// The mma layout of a tile of `rows` rows: its 16-row fragments spread
  /// over as many of the CTA's warps as divide them (all of them when the
  /// tile is tall enough). The other warps hold copies (replicas) of those
  /// rows, as Triton's layouts do for tiles smaller than the CTA.
  MmaEncodingAttr mmaFor(int64_t rows) const {
    unsigned warpsM = numWarps;
    while (warpsM > 1 && (rows % (16 * warpsM) != 0 || numWarps % warpsM != 0))
      --warpsM;
    return MmaEncodingAttr::get(kernel->getContext(), warpsM, 1);
  }
  MmaEncodingAttr mmaFor(Value tile) const {
    return mmaFor(cast<RankedTensorType>(tile.getType()).getDimSize(0));
  }

  /// The shared layout of `tile`: the largest swizzle its stored rows allow
  /// (64-column panels when they are a multiple of 64 columns).
  static SharedEncodingAttr sharedFor(Value tile, bool transposed) {
    return SharedEncodingAttr::getCanonical(
        tile.getContext(), cast<RankedTensorType>(tile.getType()).getShape(),
        transposed);
  }

  /// The blocked layout of a tile that no dot reaches (Triton's default
  /// blocked layout): each thread holds up to 16 bytes of `elementBytes`
  /// elements adjacent along the innermost dimension, the lanes go along the
  /// columns as far as the tile is wide and along the rows for the rest, and
  /// so do the warps — or, with `warpsAlongRows` (a kernel that reduces its
  /// blocked tiles along the rows only), the warps go along the rows first,
  /// so that each row's reduction stays inside a warp (shuffles, no
  /// shared-memory round or barrier). Sizes per thread and lanes are powers
  /// of two; the warps need not be (a kernel of 10 or 12 warps): the first
  /// dimension takes the largest divisor of the kernel's warps that divides
  /// what the lanes leave of it and leaves the other dimension warps it
  /// holds (a multiple of them, or fewer positions: copies).
  ///
  /// A tile of fewer elements than the CTA's threads hold at 16 bytes each
  /// takes narrower accesses, as Triton's coalescing does (elements a thread
  /// at most the tile's elements over the threads): every thread then holds
  /// elements of its own where 16-byte runs would leave warps holding copies
  /// (a 2048-column chunk over 16 warps: 4 elements a thread, not 8 with
  /// half the warps loading what the others load).
  ///
  /// A tile whose sizes are not powers of two (24 rows of 24 columns) may
  /// not fit that layout (the rows not a multiple of the lanes along them):
  /// fewer elements a thread then leave more lanes along the columns, and
  /// the first size per thread whose layout fits the tile is taken.
  BlockedEncodingAttr blockedFor(ArrayRef<int64_t> shape, int64_t elementBytes,
                                 bool warpsAlongRows = false) const {
    int64_t widest =
        std::max<int64_t>(1, 16 / std::max<int64_t>(1, elementBytes));
    int64_t elements = ShapedType::getNumElements(shape);
    while (widest > 1 && elements < widest * 32 * int64_t(numWarps))
      widest /= 2;
    BlockedEncodingAttr first;
    for (int64_t limit = widest; limit >= 1; limit /= 2) {
      BlockedEncodingAttr layout = blockedWith(shape, limit, warpsAlongRows);
      if (!first)
        first = layout;
      bool fits = true;
      for (unsigned d = 0; d < shape.size(); ++d) {
        int64_t coverage = layout.getCoverage(d);
        fits &= shape[d] % layout.getSizePerThread()[d] == 0 &&
                (shape[d] % coverage == 0 || shape[d] < coverage);
      }
      if (fits)
        return layout;
    }
    // (The verifier says why the widest does not fit.)
    return first;
  }
  /// blockedFor's layout with at most `limit` elements a thread.
  BlockedEncodingAttr blockedWith(ArrayRef<int64_t> shape, int64_t limit,
                                  bool warpsAlongRows) const {
    auto pow2Divisor = [](int64_t n, int64_t limit) {
      int64_t p = n > 0 ? (n & -n) : 1;
      return unsigned(std::max<int64_t>(1, std::min(p, limit)));
    };
    int64_t cols = shape.back();
    unsigned perThread = pow2Divisor(cols, limit);
    unsigned lanes = pow2Divisor(cols / perThread, 32);
    MLIRContext *ctx = kernel->getContext();
    if (shape.size() == 1)
      return BlockedEncodingAttr::get(ctx, {perThread}, {32}, {numWarps}, {0});
    // What is left of each dimension for the warps: positions (rows) or
    // runs of perThread x lanes (columns).
    int64_t units[2] = {std::max<int64_t>(1, shape[0] / (32 / lanes)),
                        std::max<int64_t>(1, cols / (perThread * lanes))};
    // `warps` along dimension `d` hold `units` of it: whole repetitions or
    // fewer units than warps (the rest copies).
    auto holds = [](int64_t units, unsigned warps) {
      return units % warps == 0 || units < warps;
    };
    unsigned first = warpsAlongRows ? 0 : 1, second = 1 - first;
    unsigned along = unsigned(std::gcd(units[first], int64_t(numWarps)));
    for (unsigned d = along; d >= 1; --d)
      if (along % d == 0 && holds(units[second], numWarps / d)) {
        along = d;
        break;
      }
    SmallVector<unsigned, 2> warps(2);
    warps[first] = along;
    warps[second] = numWarps / along;
    return BlockedEncodingAttr::get(ctx, {1, perThread}, {32 / lanes, lanes},
                                    warps, {1, 0});
  }
  BlockedEncodingAttr blockedFor(Value tile, int64_t elementBytes,
                                 bool warpsAlongRows = false) const {
    return blockedFor(cast<RankedTensorType>(tile.getType()).getShape(),
                      elementBytes, warpsAlongRows);
  }

  /// Whether the warps of blocked tiles go along the rows (blockedFor): the
  /// 2-D tiles that take blocked layouts (those without one yet) are reduced
  /// along their rows (axis 1) and never along their columns, and the kernel
  /// loads no 1-D tile (a weight vector over the columns, which every warp
  /// along the rows would hold and load again: on the H200 LayerNorm and
  /// RMSNorm at 1024 columns lost 2-15 % that way, softmax gained 3-17 %,
  /// test/gpu/RESULTS.md v22).
  bool warpsAlongRows() {
    bool rows = false, cols = false, vectors = false;
    kernel.walk([&](Operation *op) {
      if (auto load = dyn_cast<LoadOp>(op))
        vectors |= load.getType().getRank() == 1;
      auto reduce = dyn_cast<ReduceOp>(op);
      if (!reduce || get(reduce.getSrc()) ||
          cast<RankedTensorType>(reduce.getSrc().getType()).getRank() != 2)
        return;
      (reduce.getAxis() == 1 ? rows : cols) = true;
    });
    return rows && !cols && !vectors;
  }
  static int64_t elementBytesOf(Value tile) {
    unsigned bits = getElementTypeOrSelf(tile.getType()).getIntOrFloatBitWidth();
    return std::max<unsigned>(1, bits / 8);
  }

  void cloneRematerializableOps() {
    SmallVector<Operation *> toClone;
    kernel.walk([&](Operation *op) {
      Value result = op->getNumResults() == 1 ? op->getResult(0) : Value();
      if (isRematerializable(op) && !result.use_empty() && !result.hasOneUse())
        toClone.push_back(op);
    });
    for (Operation *op : toClone) {
      SmallVector<OpOperand *> uses;
      for (OpOperand &use : op->getResult(0).getUses())
        uses.push_back(&use);
      for (OpOperand *use : llvm::drop_begin(uses)) {
        OpBuilder b(op);
        use->set(b.clone(*op)->getResult(0));
      }
    }
  }

  LogicalResult seedOperand(DotOp dot, Value operand, bool isB) {
    // Walk down the transposes to the load; each one flips the layout.
    SmallVector<TransOp> transposes;
    Value v = operand;
    while (auto trans = v.getDefiningOp<TransOp>()) {
      transposes.push_back(trans);
      v = trans.getSrc();
    }
    auto load = v.getDefiningOp<LoadOp>();
    if (!load) {
      // A computed operand (or the transpose of one, which moves the
      // register tile through shared memory into the operand's layout).
      if (!isB)
        return set(operand, mmaFor(dot.getResult()), dot);
      // A computed B operand stays in registers and is staged into shared
      // memory at the dot.
      conversions.insert({dot, operand, sharedFor(operand, false)});
      return success();
    }
    bool transposed = false;
    if (failed(set(load.getResult(), sharedFor(load.getResult(), false), dot)))
      return failure();
    for (TransOp trans : llvm::reverse(transposes)) {
      transposed = !transposed;
      if (failed(set(trans.getResult(),
                     sharedFor(trans.getResult(), transposed), dot)))
        return failure();
    }
    return success();
  }

  LogicalResult seedAnchors() {
    WalkResult result = kernel.walk([&](DotOp dot) {
      MmaEncodingAttr mma = mmaFor(dot.getResult());
      if (failed(set(dot.getResult(), mma, dot)) ||
          failed(set(dot.getAcc(), mma, dot)) ||
          failed(seedOperand(dot, dot.getA(), /*isB=*/false)) ||
          failed(seedOperand(dot, dot.getB(), /*isB=*/true)))
        return WalkResult::interrupt();
      return WalkResult::advance();
    });
    return failure(result.wasInterrupted());
  }

  /// Makes all tensor values in `values` share the layout of any one of them.
  /// With `registers` (the operands and results of an op that computes on
  /// registers), a shared tile among them (a dot operand loaded into shared
  /// memory that the kernel also computes with) gives no layout: it is
  /// converted into the others' register layout at `where`.
  LogicalResult unify(ArrayRef<Value> values, Operation *where,
                      bool registers = false) {
    Attribute layout;
    for (Value v : values)
      if (Attribute l = get(v);
          l && !(registers && isa<SharedEncodingAttr>(l))) {
        layout = l;
        break;
      }
    if (!layout)
      return success();
    for (Value v : values)
      if (failed(set(v, layout, where)))
        return failure();
    return success();
  }

  LogicalResult propagateThrough(Operation *op) {
    if (isElementwise(op)) {
      SmallVector<Value> values;
      llvm::append_range(values, op->getOperands());
      llvm::append_range(values, op->getResults());
      llvm::erase_if(values, [](Value v) { return !isTile(v); });
      return unify(values, op, /*registers=*/true);
    }
    if (auto expand = dyn_cast<ExpandDimsOp>(op))
      return propagateExpandDims(expand);
    if (auto reduce = dyn_cast<ReduceOp>(op))
      return propagateReduce(reduce);
    if (auto scan = dyn_cast<ScanOp>(op))
      return propagateScan(scan);
    if (auto bcast = dyn_cast<BroadcastOp>(op))
      return propagateBroadcast(bcast);
    if (auto forOp = dyn_cast<scf::ForOp>(op)) {
      auto yield = cast<scf::YieldOp>(forOp.getBody()->getTerminator());
      for (auto [i, init] : llvm::enumerate(forOp.getInitArgs()))
        if (failed(unify({init, forOp.getRegionIterArgs()[i],
                          yield.getOperand(i), forOp.getResult(i)},
                         op)))
          return failure();
      return success();
    }
    if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
      for (auto [i, result] : llvm::enumerate(ifOp.getResults())) {
        SmallVector<Value> values{result};
        for (Region &region : ifOp->getRegions())
          if (!region.empty())
            values.push_back(
                region.front().getTerminator()->getOperand(i));
        if (failed(unify(values, op)))
          return failure();
      }
    }
    return success();
  }

  /// A reduction's result is the slice of its operand's layout along the
  /// axis (and the other way round). Only the rows of an mma tile reduce in
  /// place: a column reduction of one goes through a blocked copy.
  LogicalResult propagateReduce(ReduceOp reduce) {
    // A slice drops dimension 0 or 1 (applyToTypes rejects the layouts of
    // tiles of higher rank).
    if (reduce.getAxis() > 1)
      return success();
    Attribute parent = get(reduce.getSrc());
    // A column reduction of an mma tile, any reduction of a shared one (a
    // dot operand the kernel also reduces), or of a 2-D tile in a slice
    // layout (a reduction's result expanded into a column, as a reduction of
    // every element makes it) reduces a blocked copy.
    bool sliceOf2D =
        isa_and_present<SliceEncodingAttr>(parent) &&
        cast<RankedTensorType>(reduce.getSrc().getType()).getRank() == 2;
    if ((isa_and_present<MmaEncodingAttr>(parent) && reduce.getAxis() == 0) ||
        isa_and_present<SharedEncodingAttr>(parent) || sliceOf2D) {
      BlockedEncodingAttr blocked =
          blockedFor(reduce.getSrc(), elementBytesOf(reduce.getSrc()));
      conversions.insert({reduce, reduce.getSrc(), blocked});
      parent = blocked;
    }
    if (isa_and_present<MmaEncodingAttr, BlockedEncodingAttr>(parent))
      return set(reduce.getResult(),
                 SliceEncodingAttr::get(reduce.getContext(), reduce.getAxis(),
                                        parent),
                 reduce);
    if (auto slice =
            dyn_cast_if_present<SliceEncodingAttr>(get(reduce.getResult())))
      return set(reduce.getSrc(), slice.getParent(), reduce);
    return success();
  }

  /// A scan keeps its operand's layout, which must be blocked (the lowering
  /// scans blocked tiles only): an operand in another layout (a dot's
  /// result, a reduction's vector) is scanned in a blocked copy, and where
  /// other ops need the result in another layout, it is converted at each of
  /// them.
  LogicalResult propagateScan(ScanOp scan) {
    Value src = scan.getSrc(), result = scan.getResult();
    Attribute in = get(src), out = get(result);
    auto layout = dyn_cast_if_present<BlockedEncodingAttr>(in);
    if (in && !layout) {
      layout = blockedFor(src, elementBytesOf(src));
      conversions.insert({scan, src, layout});
    }
    if (!layout) {
      if (isa_and_present<BlockedEncodingAttr>(out))
        return set(src, out, scan);
      return success();
    }
    if (!out)
      return set(result, layout, scan);
    if (out == layout)
      return success();
    for (Operation *user : result.getUsers())
      if (isa<scf::ForOp, scf::IfOp, scf::YieldOp>(user))
        return scan.emitOpError()
               << "needs its result in layout " << layout
               << " (a scan runs on blocked tiles), which a loop or branch "
                  "carries in "
               << out;
    for (Operation *user : result.getUsers())
      conversions.insert({user, result, out});
    layouts[result] = layout;
    changed = true;
    return success();
  }

  /// expand_dims of a 1-D slice inserts dimension `axis`: operand and result
  /// are both slice<axis, P>. A row vector expanded into a row (axis 0) needs
  /// the column slice, so its operand is converted.
  LogicalResult propagateExpandDims(ExpandDimsOp expand) {
    // A 1-D blocked vector (a row loaded as X[row, 0 : N]) expands into the
    // 2-D blocked layout that is its own with a unit dimension inserted: the
    // same threads hold the same elements in the same slots.
    if (auto vector =
            dyn_cast_if_present<BlockedEncodingAttr>(get(expand.getSrc()));
        vector && vector.getRank() == 1 && expand.getAxis() <= 1) {
      auto withUnit = [&](ArrayRef<unsigned> values) {
        SmallVector<unsigned, 2> result(values);
        result.insert(result.begin() + expand.getAxis(), 1u);
        return result;
      };
      return set(expand.getResult(),
                 BlockedEncodingAttr::get(
                     expand.getContext(), withUnit(vector.getSizePerThread()),
                     withUnit(vector.getThreadsPerWarp()),
                     withUnit(vector.getWarpsPerCTA()), {1, 0}),
                 expand);
    }
    // A 2-D blocked tile of size 1 along `axis` with one element per thread
    // there (a [1, N] row of a softmax) is distributed like the slice of its
    // layout along `axis`: the vector expands into it in place.
    if (auto blocked =
            dyn_cast_if_present<BlockedEncodingAttr>(get(expand.getResult())))
      if (expand.getAxis() <= 1 && blocked.getRank() == 2 &&
          blocked.getSizePerThread()[expand.getAxis()] == 1)
        return set(expand.getSrc(),
                   SliceEncodingAttr::get(expand.getContext(),
                                          expand.getAxis(), blocked),
                   expand);
    auto parentOf = [&](Value v) -> Attribute {
      auto slice = dyn_cast_if_present<SliceEncodingAttr>(get(v));
      return slice ? slice.getParent() : Attribute();
    };
    Attribute parent = parentOf(expand.getResult());
    if (!parent)
      parent = parentOf(expand.getSrc());
    // A slice has dimension 0 or 1 (applyToTypes rejects the layout of a
    // tile of higher rank).
    if (!parent || expand.getAxis() > 1)
      return unify({expand.getSrc(), expand.getResult()}, expand,
                   /*registers=*/true);
    auto layout =
        SliceEncodingAttr::get(expand.getContext(), expand.getAxis(), parent);
    if (failed(set(expand.getResult(), layout, expand)))
      return failure();
    return set(expand.getSrc(), layout, expand);
  }

  /// broadcast: a tile with a size-1 dimension `d` in layout slice<d, P>
  /// becomes a full tile in layout P, and the other way round.
  /// A 1-D tile of one element (a reduction's [1] result broadcast onto a
  /// row loaded as a 1-D tile) broadcasts from any layout: every thread
  /// holds the element.
  LogicalResult propagateBroadcast(BroadcastOp bcast) {
    auto srcType = cast<RankedTensorType>(bcast.getSrc().getType());
    if (srcType.getRank() == 1 && srcType.getNumElements() == 1)
      return success();
    std::optional<unsigned> unitDim;
    for (unsigned d = 0; d < srcType.getRank(); ++d)
      if (srcType.getDimSize(d) == 1 &&
          cast<RankedTensorType>(bcast.getType()).getDimSize(d) != 1)
        unitDim = d;
    if (auto slice = dyn_cast_if_present<SliceEncodingAttr>(get(bcast.getSrc())))
      return set(bcast.getResult(), slice.getParent(), bcast);
    Attribute parent = get(bcast.getResult());
    auto blocked = dyn_cast_if_present<BlockedEncodingAttr>(parent);
    if (isa_and_present<MmaEncodingAttr>(parent) ||
        (blocked && blocked.getRank() == 2)) {
      if (!unitDim)
        return set(bcast.getSrc(), parent, bcast);
      return set(bcast.getSrc(),
                 SliceEncodingAttr::get(bcast.getContext(), *unitDim, parent),
                 bcast);
    }
    return success();
  }

  LogicalResult propagate() {
    changed = true;
    while (changed) {
      changed = false;
      WalkResult result = kernel.walk([&](Operation *op) {
        return failed(propagateThrough(op)) ? WalkResult::interrupt()
                                            : WalkResult::advance();
      });
      if (result.wasInterrupted())
        return failure();
    }
    return success();
  }

  /// Tiles no dot reached (a softmax, a norm, a copy kernel) take blocked
  /// layouts: first the tiles loaded from or stored to global memory, whose
  /// accesses the layout makes 16 bytes wide (narrow elements first, so that
  /// a component with f16 and f32 accesses gets the f16 width; larger tiles
  /// first), then the other 2-D and 1-D tiles, largest first. Each choice is
  /// propagated before the next, so the tiles a choice reaches follow it.
  LogicalResult assignDefaults() {
    struct Candidate {
      Value tile;
      int64_t elementBytes;
      bool memory;
    };
    SmallVector<Candidate> candidates;
    bool alongRows = warpsAlongRows();
    kernel.walk([&](Operation *op) {
      if (auto store = dyn_cast<StoreOp>(op))
        candidates.push_back({store.getValue(),
                              elementBytesOf(store.getValue()), true});
      if (auto atomic = dyn_cast<AtomicAddOp>(op); atomic && isTile(atomic.getValue()))
        candidates.push_back({atomic.getValue(),
                              elementBytesOf(atomic.getValue()), true});
      for (Value v : op->getResults())
        if (isTile(v))
          candidates.push_back({v, elementBytesOf(v), isa<LoadOp>(op)});
    });
    llvm::stable_sort(candidates, [](const Candidate &a, const Candidate &b) {
      auto type = [](Value v) { return cast<RankedTensorType>(v.getType()); };
      if (a.memory != b.memory)
        return a.memory;
      if (a.memory && a.elementBytes != b.elementBytes)
        return a.elementBytes < b.elementBytes;
      if (type(a.tile).getRank() != type(b.tile).getRank())
        return type(a.tile).getRank() > type(b.tile).getRank();
      return type(a.tile).getNumElements() > type(b.tile).getNumElements();
    });
    for (const Candidate &candidate : candidates) {
      auto type = cast<RankedTensorType>(candidate.tile.getType());
      if (get(candidate.tile))
        continue;
      if (type.getRank() > 2)
        return emitError(candidate.tile.getLoc())
               << "expected a 1-D or 2-D tile on the GPU (no layout "
                  "distributes tiles of higher rank), got "
               << type;
      if (failed(set(candidate.tile,
                     blockedFor(candidate.tile, candidate.elementBytes,
                                alongRows),
                     candidate.tile.getDefiningOp())) ||
          failed(propagate()))
        return failure();
    }
    // A shared tile stored to memory (a dot operand also copied out) is
    // stored from a blocked copy.
    kernel.walk([&](StoreOp store) {
      Value value = store.getValue();
      if (isa_and_present<SharedEncodingAttr>(get(value)))
        conversions.insert(
            {store, value,
             blockedFor(value, elementBytesOf(value), alongRows)});
    });
    return success();
  }

  /// Checks that an mma tile divides into 16x8 fragments over the warps,
  /// and that a blocked one fits its layout.
  LogicalResult checkFits(Value v, Attribute layout, Location loc) {
    auto type = cast<RankedTensorType>(v.getType());
    auto mmaLayout = dyn_cast<MmaEncodingAttr>(layout);
    unsigned dim = 2;
    if (auto slice = dyn_cast<SliceEncodingAttr>(layout)) {
      mmaLayout = dyn_cast<MmaEncodingAttr>(slice.getParent());
      dim = slice.getDim();
    }
    if (!mmaLayout) {
      if (isa<SharedEncodingAttr>(layout))
        return success();
      if (type.getRank() > 2)
        return emitError(loc) << "expected a 1-D or 2-D tile on the GPU, got "
                              << type;
      return cast<VerifiableTensorEncoding>(layout).verifyEncoding(
          type.getShape(), type.getElementType(),
          [&] { return emitError(loc); });
    }
    SmallVector<int64_t> shape(type.getShape());
    if (shape.size() == 1)
      shape.insert(shape.begin() + dim, 1);
    if (shape.size() != 2)
      return emitError(loc) << "expected a 1-D or 2-D tile for layout "
                            << layout << ", got " << type;
    int64_t rowQuantum = 16 * mmaLayout.getWarpsM();
    int64_t colQuantum = 8 * mmaLayout.getWarpsN();
    if (dim != 0 && shape[0] % rowQuantum != 0)
      return emitError(loc) << "expected the rows of " << type
                            << " to be a multiple of " << rowQuantum
                            << (rowQuantum == 16
                                    ? " (the height of an mma fragment)"
                                    : " (16 rows per warp)")
                            << ", got " << shape[0];
    if (dim != 1 && shape[1] % colQuantum != 0)
      return emitError(loc) << "expected the columns of " << type
                            << " to be a multiple of " << colQuantum
                            << ", got " << shape[1];
    return success();
  }

  LogicalResult applyToTypes() {
    for (auto &[value, layout] : layouts) {
      auto type = cast<RankedTensorType>(value.getType());
      Location loc = value.getLoc();
      if (auto arg = dyn_cast<BlockArgument>(value))
        if (arg.getOwner()->isEntryBlock() &&
            isa<func::FuncOp>(arg.getOwner()->getParentOp()))
          return emitError(loc) << "expected kernel arguments to be views or "
                                   "scalars, got "
                                << type;
      if (failed(checkFits(value, layout, loc)))
        return failure();
      auto newType = RankedTensorType::get(type.getShape(),
                                           type.getElementType(), layout);
      value.setType(newType);
      // A constant's value carries its type too.
      if (auto constant = value.getDefiningOp<arith::ConstantOp>())
        constant.setValueAttr(
            cast<DenseElementsAttr>(constant.getValue()).reshape(newType));
    }
    return success();
  }

  func::FuncOp kernel;
  unsigned numWarps;
  llvm::MapVector<Value, Attribute> layouts;
  /// (user, operand, layout the user needs) for tilegpu.convert_layout.
  llvm::SetVector<std::tuple<Operation *, Value, Attribute>> conversions;
  bool changed = false;
};

/// The pass gives every tile its layout: its input is at the tile level (no
/// layouts, no tilegpu ops) and no tile crosses the function's boundary,
/// whose types it does not change.
LogicalResult checkTileLevel(func::FuncOp kernel) {
  auto isTile = [](Type type) { return isa<RankedTensorType>(type); };
  for (Type type : kernel.getResultTypes())
    if (isTile(type))
      return kernel.emitError() << "expected scalar function results, got "
                                << type;
  WalkResult result = kernel.walk([&](Operation *op) {
    if (isa<tilegpu::TileGPUDialect>(op->getDialect())) {
      op->emitOpError() << "expected the tile level (layouts are assigned "
                           "once), got a tilegpu op";
      return WalkResult::interrupt();
    }
    for (Type type : op->getResultTypes())
      if (auto tensor = dyn_cast<RankedTensorType>(type);
          tensor && tensor.getEncoding()) {
        op->emitOpError() << "expected tiles without layouts (layouts are "
                             "assigned once), got "
                          << type;
        return WalkResult::interrupt();
      }
    if (isa<CallOpInterface>(op) &&
        (llvm::any_of(op->getOperandTypes(), isTile) ||
         llvm::any_of(op->getResultTypes(), isTile))) {
      op->emitOpError() << "expected no tiles passed to or returned from a "
                           "call";
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

struct TileGPUAssignLayoutsPass
    : public tessera::impl::TileGPUAssignLayoutsBase<TileGPUAssignLayoutsPass> {
  using Base::Base;
  void runOnOperation() override {
    func::FuncOp kernel = getOperation();
    if (numWarps > tilegpu::kMaxWarps) {
      kernel.emitError() << "expected num-warps in [0, " << tilegpu::kMaxWarps
                         << "] (0: the kernel's tile.num_warps), got "
                         << static_cast<unsigned>(numWarps);
      return signalPassFailure();
    }
    if (failed(checkTileLevel(kernel)))
      return signalPassFailure();
    unsigned warps = numWarps ? numWarps : TileDialect::getNumWarps(kernel);
    if (failed(assignLayouts(kernel, warps)))
      signalPassFailure();
  }
};

} // namespace

LogicalResult tessera::assignLayouts(func::FuncOp kernel, unsigned numWarps) {
  return LayoutSolver(kernel, numWarps).run();
}
